//! The seat tests (`seats.rs`) through real WebRTC data channels (matchbox) and a signaling
//! server started here: a friend holding the code cannot take another friend's seat, and
//! sixteen silent peers do not keep a friend out, nor a friend back under a new id.
#![cfg(feature = "signal")]

mod common;

use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::guest::Guest;
use come_buy_online::host::MAX_PEERS;
use come_buy_online::link::{Link, LinkEvent, PeerId};
use come_buy_online::msg::{self, ToGuest, ToHost, Why};
use come_buy_online::signal::Signal;
use common::thief::{Loot, Thief};
use common::wire::{link, serve};
use common::{Ev, GuestTable, HostTable, Playable};
use serde_json::Value;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// A generous bound on a whole match over the loopback (a busy machine is slow, not stuck).
const PATIENCE: Duration = Duration::from_secs(300);
/// How long a silent peer's connection to the host may take to come up before it is opened
/// again.
const REOPEN_AFTER: Duration = Duration::from_secs(40);

/// These tests run one at a time: each is a full mesh of WebRTC peers (up to 18), and two at
/// once on a small machine would only slow both.
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

fn ev(e: LinkEvent) -> Ev<PeerId> {
    match e {
        LinkEvent::Up(p) => Ev::Up(p),
        LinkEvent::Down(p) => Ev::Down(p),
        LinkEvent::Data(p, b) => Ev::Data(p, b),
    }
}

/// A guest's table on its own link.
struct Table<G: Playable> {
    t: GuestTable<G, PeerId>,
    link: Link,
    /// Everything its link delivered.
    heard: Vec<Vec<u8>>,
    /// The peers that came up and went down (for a failure's words).
    seen: Vec<String>,
}

impl<G: Playable> Table<G> {
    fn open(signal: &Signal, code: &str, t: GuestTable<G, PeerId>) -> Self {
        Table {
            t,
            link: link(signal, code),
            heard: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// Polls the link, the thief (if any) hearing everything first; sends what was said.
    /// Returns the peers other than `host` that the thief wrote to.
    fn step(&mut self, mut thief: Option<&mut Thief<PeerId>>, host: Option<PeerId>) -> usize {
        if let Some(me) = self.link.me() {
            self.t.guest.set_me(me);
        }
        let mut sent = Vec::new();
        for e in self.link.poll() {
            match &e {
                LinkEvent::Up(p) => self.seen.push(format!("up {p}")),
                LinkEvent::Down(p) => self.seen.push(format!("down {p}")),
                LinkEvent::Data(..) => {}
            }
            if let LinkEvent::Data(from, bytes) = &e {
                self.heard.push(bytes.clone());
                if let Some(th) = thief.as_deref_mut()
                    && !th.heard(*from, bytes, &mut sent)
                {
                    continue;
                }
            }
            self.t.event(ev(e));
        }
        self.t.tick();
        let to_others = sent.iter().filter(|(p, _)| Some(*p) != host).count();
        sent.extend(self.t.guest.take_out());
        for (p, b) in sent {
            self.link.send(p, b);
        }
        to_others
    }
}

/// The host's table on its link; its messages to `hold` wait in `held` while `holding`.
fn host_step<G: Playable>(
    host: &mut HostTable<G, PeerId>,
    link: &mut Link,
    now: f64,
    (hold, holding): (Option<PeerId>, bool),
    held: &mut Vec<(PeerId, Vec<u8>)>,
) {
    if let Some(me) = link.me() {
        host.host.set_me(me);
    }
    for e in link.poll() {
        host.event(ev(e), now);
    }
    host.host.tick(now);
    host.tick();
    held.extend(host.host.take_out());
    for (p, b) in std::mem::take(held) {
        if holding && Some(p) == hold {
            held.push((p, b));
        } else {
            link.send(p, b);
        }
    }
}

/// Ana (seat 1) plays Mykonos with the host (seat 0, a bot) and Mal (seat 2); Mal's second
/// connection is a thief. Ana drops and comes back under a new id; the host's answers to her
/// are held back until the thief has answered her first (`forge`: with a welcome of its
/// making; else with the host's answer to the hello it relayed).
fn thief_over_webrtc(forge: bool) {
    let _one = one_at_a_time();
    let signal = serve();
    let mut host = HostTable::<Mykonos, PeerId>::new(&[Some("normal"), None, None], 17);
    let code = host.host.code.clone();
    let mut host_link = link(&signal, &code);
    let mut mal = Table::<Mykonos>::open(&signal, &code, GuestTable::new(&code, "Mal", 2));
    let mut tab = GuestTable::new(&code, "Mal", 2);
    tab.silent = true;
    let mut thief_table = Table::<Mykonos>::open(&signal, &code, tab);
    let loot = Rc::new(RefCell::new(Loot::default()));
    let mut thief: Option<Thief<PeerId>> = None;
    let (mut ana, mut ana2): (Option<Table<Mykonos>>, Option<Table<Mykonos>>) = (None, None);
    let mut token = None;
    let mut held = Vec::new();
    let (mut back_at, mut release) = (None::<Instant>, None::<Instant>);
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        let host_id = host_link.me();
        if thief.is_none()
            && let Some(h) = host_id
        {
            thief = Some(Thief::new(h, 1, forge, loot.clone()));
        }
        let hold = ana2.as_mut().and_then(|t| t.link.me());
        let holding = back_at.is_some_and(|t| t.elapsed() < Duration::from_secs(120))
            && release.is_none_or(|t| Instant::now() < t);
        let now = start.elapsed().as_secs_f64();
        host_step(&mut host, &mut host_link, now, (hold, holding), &mut held);
        mal.step(None, host_id);
        if thief_table.step(thief.as_mut(), host_id) > 0 && back_at.is_some() && release.is_none() {
            // The thief has answered Ana: the host's answers follow a moment later.
            release = Some(Instant::now() + Duration::from_secs(2));
        }
        for t in [&mut ana, &mut ana2].into_iter().flatten() {
            t.step(None, host_id);
        }
        if ana.is_none()
            && token.is_none()
            && mal.t.guest.seat.is_some()
            && thief_table.t.guest.met()
        {
            ana = Some(Table::open(
                &signal,
                &code,
                GuestTable::new(&code, "Ana", 1),
            ));
        }
        if token.is_none() && host.started && host.steps.len() > 3 {
            // Ana's lid closes.
            let gone = ana.take().expect("Ana played");
            token = gone.t.guest.token.clone();
            drop(gone);
        }
        if ana2.is_none() && host.events.iter().any(|e| e == "dropped 1") {
            // Once the host saw her go (the signaling room too), she comes back under a new
            // id, and the thief attacks.
            loot.borrow_mut().attack = true;
            let mut t = GuestTable::new(&code, "Ana", 1);
            t.guest = Guest::back(&code, "Ana", 1, token.clone().expect("Ana's token"));
            ana2 = Some(Table::open(&signal, &code, t));
            back_at = Some(Instant::now());
        }
        if host.code.is_some()
            && ana2.as_ref().is_some_and(|t| t.t.code.is_some())
            && mal.t.code.is_some()
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let token = token.expect("Ana was seated");
    let mut a = ana2.expect("Ana came back");
    let loot = loot.borrow();
    // No secret of Ana's seat ever reached the thief's connection.
    assert!(
        loot.heard
            .iter()
            .all(|b| !String::from_utf8_lossy(b).contains(&token)),
        "the thief heard Ana's token"
    );
    assert!(
        release.is_some(),
        "the thief answered Ana before the host: Ana {:?} saw {:?}; the thief {:?} saw {:?}",
        a.link.me(),
        a.seen,
        thief_table.link.me(),
        thief_table.seen
    );
    // Every try the host heard was refused: for its proof, or, where it came before the host
    // had heard the thief's own hello (a busy machine orders them so), as a stranger's. At
    // least one proof was weighed and refused.
    assert!(loot.tries >= 1);
    assert!(
        loot.refusals.contains(&Why::BadToken)
            && loot
                .refusals
                .iter()
                .all(|w| matches!(w, Why::BadToken | Why::WrongRoom)),
        "every try refused: {:?}",
        loot.refusals
    );
    assert!(loot.stolen.is_empty(), "{:?}", loot.stolen);
    assert!(
        loot.from_friends
            .iter()
            .all(|m| matches!(m, ToHost::Hello { .. })),
        "nothing but hellos to the thief: {:?}",
        loot.from_friends
    );
    assert!(
        host.events.contains(&"back 1".to_string()),
        "{:?}",
        host.events
    );
    assert_eq!(a.t.guest.seat, Some(1));
    assert!(a.t.world.as_ref().expect("a world").is_over());
    assert_eq!(a.t.code, host.code);
    assert!(a.t.refused.is_empty(), "{:?}", a.t.refused);
    assert_eq!(mal.t.guest.seat, Some(2));
    assert_eq!(mal.t.code, host.code);
    for b in loot.heard.iter().chain(&mal.heard) {
        assert!(
            !String::from_utf8_lossy(b).contains(&token),
            "Mal heard the token"
        );
        if let Ok(ToGuest::State { seat, .. }) = msg::decode::<ToGuest<Value, Value>>(b) {
            assert_eq!(seat, 2, "Mal saw another seat's world");
        }
    }
}

#[test]
fn a_friend_holding_the_code_cannot_take_a_seat_over_webrtc_by_answering_for_the_host() {
    thief_over_webrtc(true);
}

#[test]
fn a_friend_holding_the_code_cannot_take_a_seat_over_webrtc_by_relaying_the_host() {
    thief_over_webrtc(false);
}

#[test]
fn silent_peers_do_not_keep_a_friend_out_over_webrtc_and_a_friend_comes_back_on_a_new_id() {
    let _one = one_at_a_time();
    let signal = serve();
    let mut host = HostTable::<Duchess, PeerId>::new(&[Some("normal"), None], 29);
    let code = host.host.code.clone();
    let mut host_link = link(&signal, &code);
    let open_quiet = |i: usize| {
        let mut t = GuestTable::new(&code, &format!("Quiet {i}"), 1);
        t.silent = true;
        (Table::open(&signal, &code, t), Instant::now())
    };
    let mut quiet: Vec<(Table<Duchess>, Instant)> = (0..MAX_PEERS).map(open_quiet).collect();
    // A full mesh of 18 peers on a busy machine: a connection to the host that has not come
    // up in a while is opened again (under a new id), so that the room does fill.
    let mut reopened = 0;
    let (mut ana, mut ana2): (Option<Table<Duchess>>, Option<Table<Duchess>>) = (None, None);
    let mut held = Vec::new();
    let start = Instant::now();
    while start.elapsed() < PATIENCE {
        let now = start.elapsed().as_secs_f64();
        host_step(&mut host, &mut host_link, now, (None, false), &mut held);
        let host_id = host_link.me();
        for (i, (t, since)) in quiet.iter_mut().enumerate() {
            t.step(None, host_id);
            if ana.is_none() && !t.t.guest.met() && since.elapsed() > REOPEN_AFTER {
                eprintln!("quiet peer {i} never met the host: opened again");
                (*t, *since) = open_quiet(i);
                reopened += 1;
            }
        }
        // Ana's first connection is no longer polled once she is back: it lingers, unseen
        // to drop, while her new one takes the seat.
        match (&mut ana, &mut ana2) {
            (Some(t), None) | (_, Some(t)) => {
                t.step(None, host_id);
            }
            _ => {}
        }
        if ana.is_none() && quiet.iter().all(|(t, _)| t.t.guest.met()) {
            ana = Some(Table::open(
                &signal,
                &code,
                GuestTable::new(&code, "Ana", 1),
            ));
        }
        if ana2.is_none() && host.started && host.steps.len() > 3 {
            let token = ana.as_ref().unwrap().t.guest.token.clone().expect("seated");
            let mut t = GuestTable::new(&code, "Ana", 1);
            t.guest = Guest::back(&code, "Ana", 1, token);
            ana2 = Some(Table::open(&signal, &code, t));
        }
        if host.code.is_some() && ana2.as_ref().is_some_and(|t| t.t.code.is_some()) {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(
        ana.is_some(),
        "all the silent peers met the host ({reopened} opened again)"
    );
    assert!(
        host.events.contains(&"back 1".to_string()),
        "{:?}",
        host.events
    );
    assert!(
        !host.events.iter().any(|e| e.starts_with("dropped")),
        "{:?}",
        host.events
    );
    assert!(
        host.host.notes.iter().all(|n| !n.contains("too many")),
        "{:?}",
        host.host.notes
    );
    assert!(quiet.iter().any(|(t, _)| t.t.refused == vec![Why::Idle]));
    let a = ana2.expect("Ana came back");
    assert_eq!(a.t.guest.seat, Some(1));
    assert!(a.t.world.as_ref().expect("a world").is_over());
    assert_eq!(a.t.code, host.code);
    assert_eq!(a.t.world.as_ref().unwrap().scores(), host.game.scores());
}
