//! Whole matches through real WebRTC data channels (matchbox) and a signaling server started
//! here on a local address: no internet, no STUN. Prints the figures of the closing note:
//! the time from a host's move to the guest hearing it, and messages and bytes per game.

mod common;

use come_buy_engine::duchess::Duchess;
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::link::{Link, LinkEvent, PeerId, Reach};
use come_buy_online::msg::{self, ToGuest, Why};
use come_buy_online::signal::Signal;
use common::{Ev, GuestTable, HostTable, Playable};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// A generous bound on a whole match over the loopback (a busy machine is slow, not stuck).
const PATIENCE: Duration = Duration::from_secs(240);

fn reach(signal: &Signal) -> Reach {
    Reach {
        signal: signal.url(),
        ice: vec![],
        turn_user: None,
        turn_password: None,
    }
}

fn ev(e: LinkEvent) -> Ev<PeerId> {
    match e {
        LinkEvent::Up(p) => Ev::Up(p),
        LinkEvent::Down(p) => Ev::Down(p),
        LinkEvent::Data(p, b) => Ev::Data(p, b),
    }
}

/// The links' wake-ups, counted: what a resting app's event loop would get.
#[derive(Default)]
struct Bell {
    rung: Mutex<u64>,
    ring: Condvar,
}

impl Bell {
    fn wake(self: &Arc<Self>) -> come_buy_online::link::Wake {
        let b = self.clone();
        Arc::new(move || {
            *b.rung.lock().unwrap() += 1;
            b.ring.notify_all();
        })
    }

    fn rung(&self) -> u64 {
        *self.rung.lock().unwrap()
    }

    /// Sleeps until the bell rings after `seen` (true), or `most` passed (false).
    fn sleep(&self, seen: u64, most: Duration) -> bool {
        let (_guard, r) = self
            .ring
            .wait_timeout_while(self.rung.lock().unwrap(), most, |n| *n == seen)
            .unwrap();
        !r.timed_out()
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The link's own log, printed with a failing test's output: matchbox's handshakes, and every
/// warning of the WebRTC stack beneath it (a message it dropped says so there).
struct Say(Instant);

impl log::Log for Say {
    fn enabled(&self, m: &log::Metadata) -> bool {
        m.level() <= log::Level::Warn
            || m.level() <= log::Level::Debug
                && (m.target().starts_with("matchbox")
                    || m.target() == "rtc::peer_connection::handler::datachannel")
    }

    fn log(&self, r: &log::Record) {
        if self.enabled(r.metadata()) {
            eprintln!(
                "[{:.3} s, {:?}] {} {}: {}",
                self.0.elapsed().as_secs_f64(),
                std::thread::current().id(),
                r.level(),
                r.target(),
                r.args()
            );
        }
    }

    fn flush(&self) {}
}

/// A peer coming or going on `side`'s link, noted for the report of a match that stalls.
fn note_peer(links_seen: &mut Vec<String>, side: &str, e: &LinkEvent, start: Instant) {
    if !matches!(e, LinkEvent::Data(..)) {
        links_seen.push(format!(
            "{side} {e:?} at {:.1}s",
            start.elapsed().as_secs_f64()
        ));
    }
}

/// What each side knew when a match did not end in time.
fn stalled<G: Playable>(
    host: &HostTable<G, PeerId>,
    guest: &GuestTable<G, PeerId>,
    links: [&Link; 2],
    links_seen: &[String],
) -> String {
    format!(
        "the match did not end on the host within {PATIENCE:?}: host started {}, {} moves, \
         events {:?}, refused {:?}, asking {}; guest met the host {}, seat {:?}, world {}, \
         step {}, refused {:?}, closed {}, lost {}; links closed: host {}, guest {}; \
         host heard {} sent {}, guest heard {} sent {}; the links saw {links_seen:?}",
        host.started,
        host.steps.len(),
        host.events,
        host.refused,
        host.host.asking().len(),
        guest.guest.met(),
        guest.guest.seat,
        guest.world.is_some(),
        guest.guest.step,
        guest.refused,
        guest.closed,
        guest.lost,
        links[0].closed(),
        links[1].closed(),
        host.host.counts.heard,
        host.host.counts.sent,
        guest.guest.counts.heard,
        guest.guest.counts.sent,
    )
}

/// Plays a match with one guest on `guest_seat` over WebRTC, the two tables asleep between
/// the links' wake-ups (as a resting app is): every message must ring the bell, none may wait
/// for the half-second nap's end.
fn play<G: Playable>(seats: &[Option<&str>], seed: u64, guest_seat: usize) {
    if log::set_logger(Box::leak(Box::new(Say(Instant::now())))).is_ok() {
        log::set_max_level(log::LevelFilter::Debug);
    }
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let bell = Arc::new(Bell::default());
    let mut host = HostTable::<G, PeerId>::new(seats, seed);
    let code = host.host.code.clone();
    let mut host_link = Link::open_waking(&reach(&signal), &code, Some(bell.wake()));
    let mut guest = GuestTable::<G, PeerId>::new(&code, "Ana", guest_seat);
    let mut guest_link = Link::open_waking(&reach(&signal), &code, Some(bell.wake()));
    let start = Instant::now();
    // Naps that ended without a ring, and those after which something had arrived anyway.
    let (mut naps, mut missed, mut woken) = (0, 0, 0);
    let mut napped = false;
    // When each state left the host, by its step; the guest's arrival times against them.
    let mut sent_at: Vec<(u32, Instant)> = Vec::new();
    let mut lags = Vec::new();
    let mut largest = 0;
    // Peers coming and going on each link, for the message of a match that stalls.
    let mut links_seen: Vec<String> = Vec::new();
    while start.elapsed() < PATIENCE {
        let seen = bell.rung();
        if let Some(me) = host_link.me() {
            host.host.set_me(me);
        }
        if let Some(me) = guest_link.me() {
            guest.guest.set_me(me);
        }
        let heard = host_link.poll();
        let guest_heard = guest_link.poll();
        if napped && !(heard.is_empty() && guest_heard.is_empty()) {
            missed += 1;
        }
        for e in heard {
            note_peer(&mut links_seen, "host", &e, start);
            host.event(ev(e), start.elapsed().as_secs_f64());
        }
        host.tick();
        for (peer, bytes) in host.host.take_out() {
            largest = largest.max(bytes.len());
            if let Ok(ToGuest::State { step, .. }) = msg::decode::<ToGuest<G, G::Effect>>(&bytes) {
                sent_at.push((step, Instant::now()));
            }
            host_link.send(peer, bytes);
        }
        for e in guest_heard {
            let arrived = Instant::now();
            note_peer(&mut links_seen, "guest", &e, start);
            let e = ev(e);
            if let Ev::Data(_, bytes) = &e
                && let Ok(ToGuest::State { step, .. }) = msg::decode::<ToGuest<G, G::Effect>>(bytes)
                && let Some((_, at)) = sent_at.iter().find(|(s, _)| *s == step)
            {
                lags.push((arrived - *at).as_secs_f64() * 1000.0);
            }
            guest.event(e);
        }
        guest.tick();
        for (peer, bytes) in guest.guest.take_out() {
            guest_link.send(peer, bytes);
        }
        if host.code.is_some() && guest.code.is_some() {
            break;
        }
        // (A table's own move answers at once, as the app does on a busy frame.)
        let busy = host.bot_to_move();
        napped = !busy && !bell.sleep(seen, Duration::from_millis(500));
        naps += usize::from(napped);
        woken += usize::from(!busy && !napped);
    }
    let Some(code) = host.code.clone() else {
        panic!(
            "{}",
            stalled(&host, &guest, [&host_link, &guest_link], &links_seen)
        );
    };
    println!(
        "{} over WebRTC, asleep between wake-ups: woken {woken} times, {naps} naps ran out, \
         {missed} of them with something waiting",
        G::ID
    );
    assert_eq!(missed, 0, "messages arrived without waking the table");
    assert_eq!(guest.code.as_deref(), Some(code.as_str()));
    let world = guest.world.as_ref().unwrap();
    assert!(world.is_over());
    assert_eq!(world.scores(), host.game.scores());
    assert!(host.refused.is_empty() && guest.refused.is_empty());
    assert!(
        largest < msg::MAX_BYTES / 4,
        "the largest message was {largest} bytes"
    );
    lags.sort_by(f64::total_cmp);
    let c = host.host.counts;
    let g = guest.guest.counts;
    println!(
        "{} over WebRTC: {} moves; host -> guest {} messages, {} bytes; guest -> host {} \
         messages, {} bytes; largest {} bytes; move to guest p50 {:.1} ms, p95 {:.1} ms ({} states)",
        G::ID,
        host.steps.len(),
        c.sent,
        c.sent_bytes,
        g.sent,
        g.sent_bytes,
        largest,
        percentile(&lags, 0.5),
        percentile(&lags, 0.95),
        lags.len()
    );
}

#[test]
fn a_duchess_duel_over_webrtc() {
    play::<Duchess>(&[Some("normal"), None], 11, 1);
}

#[test]
fn a_mykonos_game_over_webrtc_with_host_guest_and_bot() {
    play::<Mykonos>(&[Some("normal"), None, Some("normal")], 5, 1);
}

#[test]
fn junk_through_the_real_socket_is_refused_and_a_wrong_code_meets_nobody() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let mut host = HostTable::<Duchess, PeerId>::new(&[Some("normal"), None], 3);
    let code = host.host.code.clone();
    let mut host_link = Link::open(&reach(&signal), &code);
    let mut pest = Link::open(&reach(&signal), &code);
    let mut wrong = Link::open(&reach(&signal), "ACDEFHJKMNPR");
    let start = Instant::now();
    let mut host_peer = None;
    let mut refusals = Vec::new();
    let mut sent = false;
    let mut wrong_met = 0;
    while start.elapsed() < PATIENCE && refusals.len() < 3 {
        for e in host_link.poll() {
            host.event(ev(e), 0.0);
        }
        for (peer, bytes) in host.host.take_out() {
            host_link.send(peer, bytes);
        }
        for e in pest.poll() {
            match e {
                LinkEvent::Up(p) => host_peer = Some(p),
                LinkEvent::Data(_, b) => {
                    if let Ok(ToGuest::Refused { why }) = msg::decode::<ToGuest<(), ()>>(&b) {
                        refusals.push(why);
                    }
                }
                LinkEvent::Down(_) => {}
            }
        }
        if let (Some(p), false) = (host_peer, sent) {
            pest.send(p, b"{\"t\":\"hello\"".to_vec());
            pest.send(p, vec![b'{'; msg::MAX_BYTES + 10]);
            pest.send(
                p,
                b"{\"t\":\"act\",\"step\":0,\"action\":\"Draw\"}".to_vec(),
            );
            sent = true;
        }
        wrong_met += wrong.poll().len();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(refusals, vec![Why::Malformed, Why::TooBig, Why::WrongRoom]);
    assert_eq!(wrong_met, 0, "a wrong code is a room with nobody in it");
    assert_eq!(host.host.counts.refused, 3);
    assert!(!host.started);
}

/// A WebSocket handshake to the signaling server, as a browser or a stranger sends it: the
/// answer's first bytes (and the first frame after a 101), and the open connection.
fn handshake(
    addr: std::net::SocketAddr,
    path: &str,
    origin: Option<&str>,
) -> (String, std::net::TcpStream) {
    use std::io::{Read, Write};
    let mut req = format!(
        "GET /{path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
    );
    if let Some(o) = origin {
        req.push_str(&format!("Origin: {o}\r\n"));
    }
    req.push_str("\r\n");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(req.as_bytes()).unwrap();
    let mut head = [0u8; 512];
    let n = s.read(&mut head).unwrap_or(0);
    (String::from_utf8_lossy(&head[..n]).into_owned(), s)
}

#[test]
fn the_signaling_server_refuses_other_pages_and_rooms_not_ours() {
    let signal = Signal::serve(
        "127.0.0.1:0".parse().unwrap(),
        vec!["http://127.0.0.1:8000".into()],
    )
    .unwrap();
    let ask = |path: &str, origin: Option<&str>| handshake(signal.addr, path, origin).0;
    let room = &come_buy_online::link::room_name("ACDEFHJKMNPR");
    assert!(
        ask(room, None).contains(" 101 "),
        "a desktop table is let in"
    );
    assert!(ask(room, Some("http://127.0.0.1:8000")).contains(" 101 "));
    // A page the server does not allow is told so (a refused handshake looks, in a browser,
    // like a server that is down): the nil id, then the connection closes.
    let (head, mut s) = handshake(signal.addr, room, Some("https://evil.example"));
    let mut seen = head.into_bytes();
    use std::io::Read;
    let mut buf = [0u8; 4096];
    while seen.len() < 65536 {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
        }
    }
    assert!(
        String::from_utf8_lossy(&seen).contains("00000000-0000-0000-0000-000000000000"),
        "the refused page gets the nil id"
    );
    assert!(!ask("someone-elses-room", None).contains(" 101 "));
    assert!(
        !ask("come-buy-ACDEFHJKMNPR", None).contains(" 101 "),
        "a room named by its code is not ours"
    );
}

#[test]
fn a_flood_of_idle_connections_is_capped() {
    use come_buy_online::signal::{Limits, MAX_CONNECTIONS};
    // All from this one address: its own bound lifted, and each in a room of its own.
    let limits = Limits {
        per_address: MAX_CONNECTIONS,
        ..Limits::default()
    };
    let signal = Signal::serve_with("127.0.0.1:0".parse().unwrap(), vec![], limits).unwrap();
    let room = &come_buy_online::link::room_name("ACDEFHJKMNPR");
    let mut held = Vec::new();
    for i in 0..MAX_CONNECTIONS {
        let room = &come_buy_online::link::room_name(&format!("ROOM{i}"));
        let (head, stream) = handshake(signal.addr, room, None);
        assert!(head.contains(" 101 "), "{head}");
        held.push(stream);
    }
    // Every held connection has been counted since it was accepted: the next are refused
    // while the flood holds on, and a place frees when one of them goes.
    for _ in 0..6 {
        let (head, _) = handshake(signal.addr, room, None);
        assert!(
            !head.contains(" 101 "),
            "a connection over the cap was let in"
        );
    }
    drop(held.pop());
    let start = Instant::now();
    loop {
        let (head, _) = handshake(signal.addr, room, None);
        if head.contains(" 101 ") {
            break;
        }
        assert!(start.elapsed() < PATIENCE, "a freed place never came back");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_seat_asked_for_through_the_socket_shows_nothing_without_the_hosts_yes() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let mut host = HostTable::<Duchess, PeerId>::new(&[Some("normal"), None], 9);
    host.approve = false;
    let code = host.host.code.clone();
    let mut host_link = Link::open(&reach(&signal), &code);
    // A neighbour who has the code (or guessed it) asks for the open seat.
    let mut asker = GuestTable::<Duchess, PeerId>::new(&code, "Eve", 1);
    let mut asker_link = Link::open(&reach(&signal), &code);
    let start = Instant::now();
    let mut heard = Vec::new();
    while start.elapsed() < PATIENCE && !asker.refused.contains(&Why::Declined) {
        if let Some(me) = host_link.me() {
            host.host.set_me(me);
        }
        if let Some(me) = asker_link.me() {
            asker.guest.set_me(me);
        }
        for e in host_link.poll() {
            host.event(ev(e), 0.0);
        }
        host.tick();
        for (peer, bytes) in host.host.take_out() {
            host_link.send(peer, bytes);
        }
        for e in asker_link.poll() {
            if let LinkEvent::Data(_, b) = &e {
                heard.push(b.clone());
            }
            asker.event(ev(e));
        }
        for (peer, bytes) in asker.guest.take_out() {
            asker_link.send(peer, bytes);
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(asker.refused, vec![Why::Declined], "the host said no");
    assert!(host.events.contains(&"asked 1 Eve".to_string()));
    // The asker's table shows the mark the host's lobby shows by her name.
    assert_eq!(asker.mark.as_ref(), host.marks.first());
    assert!(asker.world.is_none() && asker.guest.token.is_none());
    for b in &heard {
        let m = msg::decode::<ToGuest<serde_json::Value, serde_json::Value>>(b).unwrap();
        assert!(
            matches!(
                m,
                ToGuest::Welcome { .. }
                    | ToGuest::Asking { .. }
                    | ToGuest::Refused { .. }
                    | ToGuest::Seats { .. }
            ),
            "nothing of a seat before a yes: {m:?}"
        );
    }
    assert!(
        !host.started,
        "an open seat without a friend does not start the match"
    );
}
