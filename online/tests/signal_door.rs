//! The signaling server's door, through real sockets: raw TCP (requests reset before or after
//! their answer), raw WebSockets speaking matchbox's protocol, and matchbox's own socket. The
//! door does not wear down: whatever the connections do, the server gives back what they held.

use come_buy_online::link::{Link, ROOM_PREFIX, Reach, is_room_name, room_name};
use come_buy_online::signal::{Limits, Signal};
use serde_json::{Value, json};
use socket2::{Domain, Socket, Type};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// A generous bound on anything the server should do soon (a busy machine is slow, not stuck).
const PATIENCE: Duration = Duration::from_secs(60);

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

fn local() -> SocketAddr {
    "127.0.0.1:0".parse().unwrap()
}

fn until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < PATIENCE, "never: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A raw WebSocket into `room`, from `from` (an address of this machine) if given.
fn open(signal: &Signal, room: &str, from: Option<&str>) -> Result<Ws, String> {
    let url = format!("{}/{room}", signal.url());
    let result = match from {
        None => tungstenite::connect(url.as_str()).map_err(|e| e.to_string()),
        Some(ip) => {
            let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
            let bind: SocketAddr = format!("{ip}:0").parse().unwrap();
            socket.bind(&bind.into()).unwrap();
            socket.connect(&signal.addr.into()).unwrap();
            let stream = MaybeTlsStream::Plain(TcpStream::from(socket));
            tungstenite::client(url.as_str(), stream).map_err(|e| e.to_string())
        }
    };
    let (ws, _) = result?;
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(PATIENCE)).unwrap();
    }
    Ok(ws)
}

/// The next message the server sends, as JSON (`None`: it closed the connection).
fn next(ws: &mut Ws) -> Option<Value> {
    loop {
        match ws.read() {
            Ok(Message::Text(t)) => return Some(serde_json::from_str(&t).unwrap()),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// A peer in `room`: its connection and the id the server gave it.
fn join(signal: &Signal, room: &str) -> (Ws, String) {
    let mut ws = open(signal, room, None).unwrap();
    let first = next(&mut ws).expect("an id first");
    let id = first["IdAssigned"]
        .as_str()
        .expect("an id first")
        .to_string();
    (ws, id)
}

fn send(ws: &mut Ws, request: Value) -> bool {
    ws.send(Message::text(request.to_string())).is_ok()
}

/// An HTTP request for a WebSocket in `path`, raw: the start of the answer.
fn ask(addr: SocketAddr, path: &str, origin: Option<&str>) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(PATIENCE)).unwrap();
    s.write_all(upgrade_request(addr, path, origin).as_bytes())
        .unwrap();
    let mut head = [0u8; 512];
    let n = s.read(&mut head).unwrap_or(0);
    String::from_utf8_lossy(&head[..n]).into_owned()
}

fn upgrade_request(addr: SocketAddr, path: &str, origin: Option<&str>) -> String {
    let origin = origin
        .map(|o| format!("Origin: {o}\r\n"))
        .unwrap_or_default();
    format!(
        "GET /{path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{origin}\r\n"
    )
}

#[test]
fn resets_around_the_upgrade_give_every_place_back() {
    let signal = Signal::serve(local(), vec![]).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let start = Instant::now();
    let mut upgraded = 0;
    for i in 0..200 {
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
        socket.connect(&signal.addr.into()).unwrap();
        // Closing with a zero linger sends a reset, not a goodbye.
        socket.set_linger(Some(Duration::ZERO)).unwrap();
        let mut s = TcpStream::from(socket);
        s.write_all(upgrade_request(signal.addr, &room, None).as_bytes())
            .unwrap();
        if i % 2 == 1 {
            // Half of them wait for their 101 first: a WebSocket reset in its room.
            s.set_read_timeout(Some(PATIENCE)).unwrap();
            let mut head = [0u8; 512];
            let n = s.read(&mut head).unwrap_or(0);
            upgraded += usize::from(String::from_utf8_lossy(&head[..n]).contains(" 101 "));
        }
        drop(s);
        // Within the address's bound: a reset waiting to be seen holds a place a moment.
        until("the reset seen", || signal.stats().connections < 4);
    }
    until("every place back", || signal.stats().connections == 0);
    assert!(upgraded > 90, "{upgraded} of 100 upgrades answered");
    let s = signal.stats();
    assert_eq!((s.connections, s.addresses, s.rooms, s.peers), (0, 0, 0, 0));
    // The door is open: a real table still comes in and gets its id.
    let reach = Reach {
        signal: signal.url(),
        ice: vec![],
        turn_user: None,
        turn_password: None,
    };
    let mut link = Link::open(&reach, "ACDEFHJKMNPR");
    until("the real table's id", || link.me().is_some());
    assert_eq!(signal.stats().peers, 1);
    println!(
        "200 resets (100 after their upgrade) in {:.2} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn ten_thousand_rooms_joined_and_left_leave_the_server_as_it_was() {
    let limits = Limits {
        connections: 400,
        per_address: 400,
        rooms: 400,
        ..Limits::default()
    };
    let signal = Signal::serve_with(local(), vec![], limits).unwrap();
    // A table waiting all along.
    let (_standing, _) = join(&signal, &room_name("STANDING"));
    until("the standing room", || signal.stats().rooms == 1);
    let before = signal.stats();
    let start = Instant::now();
    let (mut most, mut peak) = (0, 0);
    for batch in 0..200 {
        let peers: Vec<Ws> = (0..50)
            // Names of the rooms' shape, not derived from codes (a room name is slow on
            // purpose, and this is the server's churn, not the tables').
            .map(|i| join(&signal, &format!("{ROOM_PREFIX}{:032x}", batch * 50 + i)).0)
            .collect();
        let s = signal.stats();
        most = most.max(s.rooms);
        peak = peak.max(s.held_bytes);
        drop(peers);
    }
    until("every churned room forgotten", || {
        let s = signal.stats();
        (s.rooms, s.connections) == (1, 1)
    });
    let after = signal.stats();
    println!(
        "10000 rooms joined and left in {:.2} s; at most {most} open; held {} bytes before, \
         {peak} at most, {} after",
        start.elapsed().as_secs_f64(),
        before.held_bytes,
        after.held_bytes
    );
    assert!(most > 50, "the rooms were open at once: {most}");
    assert!(
        peak > 10 * before.held_bytes,
        "the churn held more a while: {peak}"
    );
    assert_eq!((after.peers, after.addresses), (1, 1));
    assert!(
        after.held_bytes * 10 <= before.held_bytes * 11,
        "{before:?} -> {after:?}"
    );
}

#[test]
fn the_server_sees_the_rooms_hash_never_the_code() {
    let signal = Signal::serve(local(), vec![]).unwrap();
    let reach = Reach {
        signal: signal.url(),
        ice: vec![],
        turn_user: None,
        turn_password: None,
    };
    let code = "KMNPRACDEFHJ";
    let mut host = Link::open(&reach, code);
    let mut guest = Link::open(&reach, code);
    until("both tables in", || {
        host.me().is_some() && guest.me().is_some() && signal.stats().peers == 2
    });
    let rooms = signal.rooms();
    assert_eq!(rooms, vec![room_name(code)], "one room for the code");
    assert!(is_room_name(&rooms[0]) && !rooms[0].contains(code));
    assert!(!rooms[0].to_uppercase().contains(code));
    assert_ne!(room_name(code), room_name("KMNPRACDEFHK"));
}

#[test]
fn the_door_refuses_other_pages_and_rooms_named_by_their_code() {
    let signal = Signal::serve(local(), vec!["http://127.0.0.1:8000".into()]).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    assert!(ask(signal.addr, &room, None).contains(" 101 "));
    assert!(ask(signal.addr, &room, Some("http://127.0.0.1:8000")).contains(" 101 "));
    // A foreign page's WebSocket opens to be told no (signal_binary.rs reads what it says).
    assert!(ask(signal.addr, &room, Some("https://evil.example")).contains(" 101 "));
    assert!(ask(signal.addr, "come-buy-ACDEFHJKMNPR", None).contains(" 403 "));
    assert!(ask(signal.addr, &room.to_uppercase(), None).contains(" 403 "));
    assert!(ask(signal.addr, &format!("{room}/more"), None).contains(" 403 "));
    until("the asks gone", || signal.stats().connections == 0);
    let health = ask(signal.addr, "health", None);
    assert!(health.contains(" 200 "), "{health}");
    assert!(
        health.contains("{\"connections\":1,\"rooms\":0,\"peers\":0,\"queued_bytes\":0,"),
        "{health}"
    );
}

#[test]
fn peers_meet_and_relay_in_matchbox_words() {
    let signal = Signal::serve(local(), vec![]).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let (mut a, a_id) = join(&signal, &room);
    let (mut b, b_id) = join(&signal, &room);
    assert_eq!(next(&mut a), Some(json!({ "NewPeer": b_id })));
    let offer = json!({ "Offer": "v=0 an offer" });
    assert!(send(
        &mut a,
        json!({ "Signal": { "receiver": b_id, "data": offer } })
    ));
    assert!(send(&mut a, json!("KeepAlive")));
    assert_eq!(
        next(&mut b),
        Some(json!({ "Signal": { "sender": a_id, "data": offer } }))
    );
    // Another room hears nothing of them, and a signal to a peer not in the room goes nowhere.
    let (mut c, _) = join(&signal, &room_name("ELSEWHEREXYZ"));
    assert!(send(
        &mut c,
        json!({ "Signal": { "receiver": a_id, "data": offer } })
    ));
    drop(b);
    assert_eq!(next(&mut a), Some(json!({ "PeerLeft": b_id })));
    assert!(send(&mut c, json!("KeepAlive")));
    until("b gone", || signal.stats().peers == 2);
}

#[test]
fn one_address_holds_only_its_share() {
    let limits = Limits {
        per_address: 3,
        ..Limits::default()
    };
    let signal = Signal::serve_with(local(), vec![], limits).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let mut mine: Vec<Ws> = (0..3).map(|_| join(&signal, &room).0).collect();
    let refused = open(&signal, &room, None).expect_err("a fourth is refused");
    assert!(refused.contains("503"), "{refused}");
    // A neighbour on another address comes in.
    let mut other = open(&signal, &room, Some("127.0.0.2")).expect("another address");
    assert!(next(&mut other).is_some_and(|m| m.get("IdAssigned").is_some()));
    assert_eq!(signal.stats().addresses, 2);
    // One of the three goes: its place comes back.
    drop(mine.pop());
    until("a place back", || open(&signal, &room, None).is_ok());
}

#[test]
fn a_silent_connection_is_closed_and_one_keeping_alive_stays() {
    let limits = Limits {
        idle: Duration::from_secs(2),
        ..Limits::default()
    };
    let signal = Signal::serve_with(local(), vec![], limits).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let (mut silent, _) = join(&signal, &room);
    let (mut alive, _) = join(&signal, &room);
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(4500) {
        assert!(
            send(&mut alive, json!("KeepAlive")),
            "the live one was closed"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // The silent one heard of the other, then the door closed on it.
    assert!(next(&mut silent).is_some_and(|m| m.get("NewPeer").is_some()));
    assert_eq!(next(&mut silent), None, "the silent one was closed");
    until("the silent one gone", || signal.stats().peers == 1);
    assert!(send(&mut alive, json!("KeepAlive")));
    assert_eq!(signal.stats().connections, 1);
}

#[test]
fn big_messages_floods_and_junk_close_their_connection() {
    let limits = Limits {
        message_bytes: 1024,
        message_burst: 10,
        messages_per_second: 1,
        ..Limits::default()
    };
    let signal = Signal::serve_with(local(), vec![], limits).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let (mut big, _) = join(&signal, &room);
    let _ = send(
        &mut big,
        json!({ "Signal": { "receiver": "x", "data": "y".repeat(2000) } }),
    );
    assert_eq!(next(&mut big), None, "a message over the limit closes");
    let (mut flood, _) = join(&signal, &room);
    for _ in 0..30 {
        if !send(&mut flood, json!("KeepAlive")) {
            break;
        }
    }
    assert_eq!(next(&mut flood), None, "a flood closes");
    let (mut junk, _) = join(&signal, &room);
    let _ = send(&mut junk, json!({ "Hello": "server" }));
    assert_eq!(next(&mut junk), None, "junk closes");
    until("all gone", || signal.stats().connections == 0);
}

/// A raw WebSocket into `room` that reads its id, then nothing more: its socket's receive
/// buffer kept small, so what the server sends it waits on the server's side.
fn join_without_reading(signal: &Signal, room: &str) -> (Ws, String) {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.connect(&signal.addr.into()).unwrap();
    let stream = MaybeTlsStream::Plain(TcpStream::from(socket));
    let url = format!("{}/{room}", signal.url());
    let (mut ws, _) = tungstenite::client(url.as_str(), stream).unwrap();
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(PATIENCE)).unwrap();
    }
    let id = next(&mut ws).expect("an id")["IdAssigned"]
        .as_str()
        .unwrap()
        .to_string();
    (ws, id)
}

/// A signal of `bytes` bytes of data from `ws` to `to`.
fn big_signal(ws: &mut Ws, to: &str, bytes: usize) -> bool {
    send(
        ws,
        json!({ "Signal": { "receiver": to, "data": "z".repeat(bytes) } }),
    )
}

/// Limits where only the queues' bounds can stop a sender.
fn roomy(queue_bytes: usize, room_queue_bytes: usize) -> Limits {
    Limits {
        message_burst: 100_000,
        messages_per_second: 100_000,
        queue_bytes,
        room_queue_bytes,
        ..Limits::default()
    }
}

#[test]
fn a_peer_that_does_not_read_is_put_out_with_little_queued() {
    let bound = 64 * 1024;
    let signal = Signal::serve_with(local(), vec![], roomy(bound, 1 << 30)).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let (mut sender, _) = join(&signal, &room);
    // A peer that reads: once it has a letter, the server has taken every one before it.
    let (mut echo, echo_id) = join(&signal, &room);
    assert_eq!(next(&mut sender), Some(json!({ "NewPeer": echo_id })));
    let (_deaf, deaf_id) = join_without_reading(&signal, &room);
    assert_eq!(next(&mut sender), Some(json!({ "NewPeer": deaf_id })));
    // Letters of 16 KiB until it is put out: the kernel's buffers take some (at most 512 KiB
    // here), then the queue takes 64 KiB at most (the server held 128 letters, up to 4 MiB
    // for each such connection, before it let go).
    let mut letters = 0;
    while signal.stats().peers == 3 {
        assert!(letters < 256, "never put out: {:?}", signal.stats());
        assert!(big_signal(&mut sender, &deaf_id, 16 * 1024));
        letters += 1;
        assert!(big_signal(&mut sender, &echo_id, 8));
        while next(&mut echo).is_some_and(|m| m.get("Signal").is_none()) {}
    }
    assert_eq!(
        next(&mut sender),
        Some(json!({ "PeerLeft": deaf_id })),
        "the deaf peer was put out"
    );
    until("its connection closed", || signal.stats().connections == 2);
    let s = signal.stats();
    println!(
        "a peer that does not read: put out after {letters} letters of 16 KiB, at most {} bytes \
         queued (bound {bound}); {} queued now",
        s.most_queued_bytes, s.queued_bytes
    );
    // Its bound, and a few bytes of news for the sender.
    assert!(s.most_queued_bytes <= bound + 1024, "{s:?}");
    assert!(s.queued_bytes < 1024, "{s:?}");
    assert!(send(&mut sender, json!("KeepAlive")), "the sender stays");
}

#[test]
fn a_room_of_peers_that_do_not_read_holds_its_own_bound() {
    // Each may hold 64 KiB, the room 96 KiB: four deaf peers would hold 256 KiB past the
    // kernel's buffers.
    let (bound, room_bound, letter) = (64 * 1024, 96 * 1024, 16 * 1024);
    let signal = Signal::serve_with(local(), vec![], roomy(bound, room_bound)).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let (mut sender, _) = join(&signal, &room);
    // A peer that reads: once it has a letter, the server has taken every one before it.
    let (mut echo, echo_id) = join(&signal, &room);
    assert_eq!(next(&mut sender), Some(json!({ "NewPeer": echo_id })));
    let mut deaf = Vec::new();
    for _ in 0..4 {
        let (ws, id) = join_without_reading(&signal, &room);
        assert_eq!(next(&mut sender), Some(json!({ "NewPeer": id })));
        deaf.push((ws, id));
    }
    // Letters to each in turn, until one is put out (at most 64 each: 4 MiB).
    let mut rounds = 0;
    while signal.stats().peers == 6 {
        assert!(rounds < 64, "no deaf peer put out: {:?}", signal.stats());
        for (_, id) in &deaf {
            assert!(big_signal(&mut sender, id, letter));
        }
        rounds += 1;
        assert!(big_signal(&mut sender, &echo_id, 8));
        while next(&mut echo).is_some_and(|m| m.get("Signal").is_none()) {}
    }
    let left = next(&mut sender).expect("news of the one put out");
    assert!(left.get("PeerLeft").is_some(), "{left}");
    let s = signal.stats();
    println!(
        "four peers that do not read: one put out after {rounds} rounds of 16 KiB letters, at \
         most {} bytes queued in the room (its bound {room_bound})",
        s.most_queued_bytes
    );
    // The room's bound, and a letter past it for each peer holding nothing queued yet.
    drop(echo);
    assert!(
        s.most_queued_bytes <= room_bound + 4 * (letter + 256),
        "{s:?}"
    );
}

#[test]
fn a_trusted_proxys_clients_each_hold_their_share() {
    use come_buy_online::signal::TrustProxy;
    let proxy = "127.0.0.1".parse().unwrap();
    let behind = Limits {
        per_address: 2,
        trust_proxy: TrustProxy::of(&[proxy]).unwrap(),
        ..Limits::default()
    };
    let signal = Signal::serve_with(local(), vec![], behind).unwrap();
    let room = room_name("ACDEFHJKMNPR");
    let from = |ip: &str| format!("X-Forwarded-For: 6.6.6.6, {ip}\r\n");
    // Two for one client, a third refused; another client comes in.
    let a1 = ask_keep(signal.addr, &room, &from("198.51.100.1"));
    let a2 = ask_keep(signal.addr, &room, &from("198.51.100.1"));
    assert!(
        a1.0.contains(" 101 ") && a2.0.contains(" 101 "),
        "{a1:?} {a2:?}"
    );
    let a3 = ask_keep(signal.addr, &room, &from("198.51.100.1"));
    assert!(a3.0.contains(" 503 "), "{a3:?}");
    let b1 = ask_keep(
        signal.addr,
        &room,
        "Forwarded: for=\"[2001:db8::1]:4711\"\r\n",
    );
    assert!(b1.0.contains(" 101 "), "{b1:?}");
    until("three peers", || signal.stats().peers == 3);
    assert_eq!(signal.stats().addresses, 2);
    // From an address not trusted, the header is the client's own words: not believed.
    let untrusted = Signal::serve_with(
        local(),
        vec![],
        Limits {
            per_address: 2,
            ..Limits::default()
        },
    )
    .unwrap();
    let c1 = ask_keep(untrusted.addr, &room, &from("198.51.100.1"));
    let c2 = ask_keep(untrusted.addr, &room, &from("198.51.100.2"));
    assert!(c1.0.contains(" 101 ") && c2.0.contains(" 101 "));
    let c3 = TcpStream::connect(untrusted.addr).map(|mut s| {
        s.set_read_timeout(Some(PATIENCE)).unwrap();
        let _ = s.write_all(upgrade_request(untrusted.addr, &room, None).as_bytes());
        let mut head = [0u8; 512];
        let n = s.read(&mut head).unwrap_or(0);
        String::from_utf8_lossy(&head[..n]).into_owned()
    });
    assert!(c3.unwrap().contains(" 503 "), "the third from one address");
    drop((a1, a2, a3, b1, c1, c2));
}

/// An upgrade request with `extra` header lines, its connection kept: the start of the answer.
fn ask_keep(addr: SocketAddr, path: &str, extra: &str) -> (String, TcpStream) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(PATIENCE)).unwrap();
    let request = upgrade_request(addr, path, None);
    let request = request.replacen("\r\n", &format!("\r\n{extra}"), 1);
    s.write_all(request.as_bytes()).unwrap();
    let mut head = [0u8; 512];
    let n = s.read(&mut head).unwrap_or(0);
    (String::from_utf8_lossy(&head[..n]).into_owned(), s)
}
