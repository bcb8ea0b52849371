//! A phone's side of the phones' WebSocket, for the tests that drive the real server on
//! loopback. The phones speak the online room's protocol (`come_buy_online::msg`): what a
//! phone hears is read here as the page reads it, the TV's view (`view`, or a seat's `state`)
//! unwrapped, and the room's own messages named `room-welcome`, `room-seated`,
//! `room-refused`...
#![allow(dead_code)]

use bevy::prelude::*;
use come_buy::phones::{Phones, RemoteRoom};
use serde_json::{Value, json};
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::{Message, WebSocket};

/// A phone's socket, and what it read but the test has not looked at yet.
pub struct Phone {
    ws: WebSocket<TcpStream>,
    unread: std::collections::VecDeque<Value>,
}

/// The phones' part of the TV's room of remote seats.
pub fn tv_phones(app: &App) -> &Phones {
    &app.world().resource::<RemoteRoom>().phones
}

/// Starts the server on loopback, on a free port; its port and room code.
pub fn serve(app: &mut App) -> (u16, String) {
    let mut room = app.world_mut().resource_mut::<RemoteRoom>();
    let phones = &mut room.phones;
    let room = phones
        .start_on(std::net::Ipv4Addr::LOCALHOST.into(), Some(0))
        .expect("the server starts")
        .clone();
    (room.port, room.code)
}

/// A WebSocket to the room as our own page opens it (its Origin), or with the `origin` and
/// `host` headers given.
pub fn connect_as(
    port: u16,
    code: &str,
    origin: Option<String>,
    host: Option<String>,
) -> Result<Phone, String> {
    connect_from(None, port, code, origin, host)
}

/// [`connect_as`] from the loopback address `from` (`127.0.0.2`: another phone on the Wi-Fi).
pub fn connect_from(
    from: Option<std::net::Ipv4Addr>,
    port: u16,
    code: &str,
    origin: Option<String>,
    host: Option<String>,
) -> Result<Phone, String> {
    use tungstenite::client::IntoClientRequest;
    let to = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let stream = match from {
        None => TcpStream::connect(to).map_err(|e| e.to_string())?,
        Some(ip) => {
            use socket2::{Domain, Socket, Type};
            let s = Socket::new(Domain::IPV4, Type::STREAM, None).map_err(|e| e.to_string())?;
            s.bind(&std::net::SocketAddr::from((ip, 0)).into())
                .map_err(|e| e.to_string())?;
            s.connect(&to.into()).map_err(|e| e.to_string())?;
            s.into()
        }
    };
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut req = format!("ws://127.0.0.1:{port}/ws?room={code}")
        .into_client_request()
        .unwrap();
    if let Some(o) = origin {
        req.headers_mut().insert("Origin", o.parse().unwrap());
    }
    if let Some(h) = host {
        req.headers_mut().insert("Host", h.parse().unwrap());
    }
    let (ws, _) = tungstenite::client(req, stream).map_err(|e| e.to_string())?;
    ws.get_ref().set_nonblocking(true).unwrap();
    Ok(Phone {
        ws,
        unread: Default::default(),
    })
}

/// A phone of our own page on the room, which has said hello.
pub fn connect(port: u16, code: &str) -> Result<Phone, String> {
    let mut phone = connect_raw(port, code)?;
    hello(&mut phone, code, None);
    Ok(phone)
}

/// A WebSocket to the room as our own page opens it, which has said nothing yet.
pub fn connect_raw(port: u16, code: &str) -> Result<Phone, String> {
    own_page_from(None, port, code)
}

/// [`connect_raw`] from the loopback address `from` (`127.0.0.2`: another phone on the Wi-Fi).
pub fn own_page_from(
    from: Option<std::net::Ipv4Addr>,
    port: u16,
    code: &str,
) -> Result<Phone, String> {
    connect_from(
        from,
        port,
        code,
        Some(format!("http://127.0.0.1:{port}")),
        None,
    )
}

/// Our own page opening the room with `code`, refused by the door after the handshake (a
/// page cannot read a refused handshake's status): the close code and the wait it names in
/// whole seconds. An error if the socket did not open, or closed without a code.
pub fn refusal(port: u16, code: &str) -> Result<(u16, u64), String> {
    let mut phone = connect_raw(port, code)?;
    let socket = phone.ws.get_ref();
    socket.set_nonblocking(false).unwrap();
    socket
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    loop {
        match phone.ws.read() {
            Ok(Message::Close(Some(f))) => {
                let wait = f.reason.parse().map_err(|_| format!("a reason: {f:?}"))?;
                return Ok((f.code.into(), wait));
            }
            Ok(Message::Close(None)) => return Err("closed without a code".into()),
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
    }
}

/// The room's first word: a fresh nonce (returned), and the seat the phone wants `back`.
pub fn hello(phone: &mut Phone, code: &str, back: Option<usize>) -> String {
    let nonce = format!("{:032x}", rand::random::<u128>());
    say(
        phone,
        json!({"t": "hello", "v": come_buy_online::msg::VERSION, "room": code, "nonce": nonce, "back": back}),
    );
    nonce
}

/// A phone from `from` (None: 127.0.0.1) as our own page opens the socket, which said hello.
pub fn phone_from(from: Option<std::net::Ipv4Addr>, port: u16, code: &str) -> Phone {
    let mut phone = own_page_from(from, port, code).expect("the phone connects");
    hello(&mut phone, code, None);
    phone
}

/// `phone` asks for `seat` (a first claim), and is told the TV decides.
pub fn claim_seat(app: &mut App, phone: &mut Phone, seat: usize) {
    ask(phone, seat);
    until(app, phone, |m| m["t"] == "asking");
}

/// Asks the TV for `seat`.
pub fn ask(phone: &mut Phone, seat: usize) {
    say(phone, json!({"t": "ask", "seat": seat, "name": "phone"}));
}

/// Option `action` of the decision at engine step `step`.
pub fn act(phone: &mut Phone, action: usize, step: u64) {
    say(phone, json!({"t": "act", "step": step, "action": action}));
}

/// Waits for the TV's yes: the seat's token.
pub fn seated_token(app: &mut App, phone: &mut Phone) -> String {
    let seated = until(app, phone, |m| m["t"] == "room-seated");
    seated["token"]
        .as_str()
        .expect("a token with the yes")
        .to_string()
}

/// A phone coming back for `seat` with `token` from loopback address `from`: hello, the
/// welcome's challenge, and the proof for it. Returns the phone and the welcome.
pub fn come_back(
    app: &mut App,
    (from, port, code): (Option<std::net::Ipv4Addr>, u16, &str),
    seat: usize,
    token: &str,
) -> (Phone, Value) {
    let mut phone = own_page_from(from, port, code).expect("the room opens");
    hello(&mut phone, code, Some(seat));
    let welcome = until(app, &mut phone, |m| m["t"] == "room-welcome");
    let challenge = welcome["challenge"].as_str().unwrap();
    let proof = come_buy::phones::phone_proof(token, challenge, seat);
    say(
        &mut phone,
        json!({"t": "back", "seat": seat, "proof": proof}),
    );
    (phone, welcome)
}

/// A message as the page reads it: the TV's view unwrapped, the room's own renamed.
fn page_reads(m: Value) -> Value {
    match m["t"].as_str() {
        Some("view") => m["view"].clone(),
        Some("state") => m["world"].clone(),
        Some(t) => {
            let mut m = m.clone();
            m["t"] = json!(format!("room-{t}"));
            m
        }
        None => m,
    }
}

/// What the phone has been sent since the last look (without waiting), and whether its
/// connection has closed.
pub fn heard_or_closed(phone: &mut Phone) -> (Vec<Value>, bool) {
    let mut out: Vec<Value> = phone.unread.drain(..).collect();
    loop {
        match phone.ws.read() {
            Ok(Message::Text(t)) => out.push(page_reads(serde_json::from_str(&t).expect("JSON"))),
            Ok(Message::Close(_)) => return (out, true),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return (out, false);
            }
            Err(_) => return (out, true),
        }
    }
}

/// What the phone has been sent since the last look; its connection must still be open.
pub fn heard(phone: &mut Phone) -> Vec<Value> {
    let (out, closed) = heard_or_closed(phone);
    assert!(!closed, "the phone's connection closed: {out:?}");
    out
}

/// Sends a raw WebSocket message (an attack's); a failure (the server closed) is ignored.
pub fn send_raw(phone: &mut Phone, m: Message) {
    let _ = phone.ws.send(m);
}

pub fn say(phone: &mut Phone, v: Value) {
    phone.ws.send(Message::Text(v.to_string().into())).unwrap();
}

/// Frames (and the phone's messages) until `done` says a message is the one waited for.
pub fn until(app: &mut App, phone: &mut Phone, mut done: impl FnMut(&Value) -> bool) -> Value {
    let mut other = Vec::new();
    for _ in 0..20_000 {
        app.update();
        let mut msgs = heard(phone).into_iter();
        while let Some(msg) = msgs.next() {
            if done(&msg) {
                // What came after it is read by the next look.
                phone.unread.extend(msgs);
                return msg;
            }
            other.push(msg["t"].clone());
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the phone never heard what it waited for; it heard {other:?}");
}

/// Frames until the phone's connection closes; what it heard before.
pub fn until_closed(app: &mut App, phone: &mut Phone) -> Vec<Value> {
    let mut all = Vec::new();
    for _ in 0..20_000 {
        app.update();
        let (msgs, closed) = heard_or_closed(phone);
        all.extend(msgs);
        if closed {
            return all;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the phone's connection never closed: {all:?}");
}

/// Frames for `frames` frames, with every message the phone hears.
pub fn frames(app: &mut App, phone: &mut Phone, frames: usize) -> Vec<Value> {
    let mut all = Vec::new();
    for _ in 0..frames {
        app.update();
        all.extend(heard(phone));
        std::thread::sleep(Duration::from_millis(2));
    }
    all
}

/// Waits for the welcome; the connection's challenge (a phone coming back proves its token
/// for it).
pub fn seats_challenge(app: &mut App, phone: &mut Phone) -> String {
    let welcome = until(app, phone, |m| m["t"] == "room-welcome");
    welcome["challenge"]
        .as_str()
        .expect("a challenge with the welcome")
        .to_string()
}

/// Waits for the room's refusal of what this phone asked, and checks that the page words it
/// with `words` (the refusals' words come with every view: `why-<reason>`).
pub fn note_saying(app: &mut App, phone: &mut Phone, words: &str) {
    let said = come_buy::phones::door_words();
    let refused = until(app, phone, |m| m["t"] == "room-refused");
    let why = refused["why"].as_str().unwrap_or_default();
    let note = match why {
        "taken" | "bad_token" => said["phone-seat-taken"].as_str(),
        _ => said[format!("why-{why}")].as_str(),
    }
    .unwrap_or(why)
    .to_string();
    assert!(
        note.contains(words),
        "the refusal {why:?} ({note:?}) does not say {words:?}"
    );
}

/// Runs frames until the TV asks the room about a phone's claim, then lets the question's
/// grace (a press on an entry that just changed is dropped) pass.
pub fn question_up(app: &mut App) {
    assert!(
        super::run_until(app, 200, |app| *app
            .world()
            .resource::<State<come_buy::screens::Overlay>>()
            .get()
            == come_buy::screens::Overlay::PhoneClaim),
        "the TV asks the room"
    );
    for _ in 0..12 {
        app.update();
    }
}

/// The TV's answer to the claim it shows: Enter allows it, Esc refuses it.
pub fn tv_answers(app: &mut App, yes: bool) {
    question_up(app);
    super::press(app, if yes { KeyCode::Enter } else { KeyCode::Escape });
}

/// A phone held open as the page holds it (a ping every 2 s, what the room sends read and
/// let go) while the test does something else with the app; let go when dropped.
pub struct KeepAlive {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl KeepAlive {
    pub fn hold(mut phone: Phone) -> KeepAlive {
        use std::sync::atomic::Ordering;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut since_ping = Duration::ZERO;
            while !flag.load(Ordering::SeqCst) {
                if since_ping.is_zero() {
                    say(&mut phone, json!({"ping": 1}));
                }
                heard(&mut phone);
                std::thread::sleep(Duration::from_millis(50));
                since_ping += Duration::from_millis(50);
                if since_ping >= Duration::from_secs(2) {
                    since_ping = Duration::ZERO;
                }
            }
        });
        KeepAlive {
            stop,
            thread: Some(thread),
        }
    }
}

impl Drop for KeepAlive {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
