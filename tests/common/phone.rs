//! A phone's side of the phones' WebSocket, for the tests that drive the real server on
//! loopback.
#![allow(dead_code)]

use bevy::prelude::*;
use come_buy::phones::Phones;
use serde_json::Value;
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::{Message, WebSocket};

pub type Phone = WebSocket<TcpStream>;

/// Starts the server on loopback, on a free port; its port and room code.
pub fn serve(app: &mut App) -> (u16, String) {
    let mut phones = app.world_mut().resource_mut::<Phones>();
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
    Ok(ws)
}

pub fn connect(port: u16, code: &str) -> Result<Phone, String> {
    connect_as(port, code, Some(format!("http://127.0.0.1:{port}")), None)
}

/// What the phone has been sent since the last look (without waiting), and whether its
/// connection has closed.
pub fn heard_or_closed(phone: &mut Phone) -> (Vec<Value>, bool) {
    let mut out = Vec::new();
    loop {
        match phone.read() {
            Ok(Message::Text(t)) => out.push(serde_json::from_str(&t).expect("JSON")),
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

pub fn say(phone: &mut Phone, v: Value) {
    phone.send(Message::Text(v.to_string().into())).unwrap();
}

/// Frames (and the phone's messages) until `done` says a message is the one waited for.
pub fn until(app: &mut App, phone: &mut Phone, mut done: impl FnMut(&Value) -> bool) -> Value {
    for _ in 0..20_000 {
        app.update();
        for msg in heard(phone) {
            if done(&msg) {
                return msg;
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("the phone never heard what it waited for");
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

/// Waits for the seats a phone may ask for; the connection's challenge (a phone coming back
/// proves its token for it).
pub fn seats_challenge(app: &mut App, phone: &mut Phone) -> String {
    let seats = until(app, phone, |m| m["t"] == "seats");
    seats["challenge"]
        .as_str()
        .expect("a challenge with the seats")
        .to_string()
}

/// Waits for the seats again with a note for this phone (its claim refused or held), and
/// checks that the note says `words`.
pub fn note_saying(app: &mut App, phone: &mut Phone, words: &str) {
    let seats = until(app, phone, |m| m["t"] == "seats" && m["note"].is_string());
    let note = seats["note"].as_str().unwrap_or_default();
    assert!(
        note.contains(words),
        "the note {note:?} does not say {words:?}"
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
