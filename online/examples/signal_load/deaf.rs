//! 4. **deaf**: connections in one room that read their id and nothing more (their sockets'
//!    receive buffers small), and a sender that sends each of them letters of 30 KB, round after
//!    round: what the server holds for them (its RSS, the bytes it says it queued).

use super::{Server, mb};
use come_buy_online::room::room_name;
use serde_json::{Value, json};
use socket2::{Domain, Socket, Type};
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

type Blocking = WebSocket<MaybeTlsStream<TcpStream>>;

/// Rounds of letters, one to each deaf connection a round.
const ROUNDS: usize = 200;
/// A letter's data (with its envelope, under the 32 KiB a message may be).
const LETTER: usize = 30_000;

/// A WebSocket into `room` with a small receive buffer; its id.
fn open(server: &Server, room: &str) -> (Blocking, String) {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.connect(&server.addr.into()).unwrap();
    let stream = TcpStream::from(socket);
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let url = format!("ws://{}/{room}", server.addr);
    let (mut ws, _) = tungstenite::client(url.as_str(), MaybeTlsStream::Plain(stream)).unwrap();
    let id = loop {
        if let Message::Text(t) = ws.read().unwrap() {
            let v: Value = serde_json::from_str(&t).unwrap();
            break v["IdAssigned"].as_str().unwrap().to_string();
        }
    };
    (ws, id)
}

/// Reads `ws` until a `Signal` comes (the server has taken every letter sent before it).
fn until_signal(ws: &mut Blocking) {
    loop {
        match ws.read() {
            Ok(Message::Text(t)) if t.contains("\"Signal\"") => return,
            Ok(_) => {}
            Err(e) => panic!("the echo peer lost: {e}"),
        }
    }
}

pub fn phase(server: &Server, deaf: usize, failed: &mut Vec<String>) {
    std::thread::sleep(Duration::from_millis(500));
    let before = server.rss();
    let room = room_name("DEAFPEERS000");
    let (mut sender, _) = open(server, &room);
    let (mut echo, echo_id) = open(server, &room);
    let mut ears: Vec<(Blocking, String)> = (0..deaf).map(|_| open(server, &room)).collect();
    let data = "z".repeat(LETTER);
    let (mut most, mut letters, mut sent_ok) = (before, 0usize, true);
    'rounds: for _ in 0..ROUNDS {
        for (_, id) in &ears {
            let m = json!({ "Signal": { "receiver": id, "data": data } });
            if sender.send(Message::text(m.to_string())).is_err() {
                sent_ok = false;
                break 'rounds;
            }
            letters += 1;
        }
        // Once the echo peer has its letter, the server has taken this round.
        let m = json!({ "Signal": { "receiver": echo_id, "data": "round" } });
        if sender.send(Message::text(m.to_string())).is_err() {
            sent_ok = false;
            break;
        }
        until_signal(&mut echo);
        most = most.max(server.rss());
    }
    std::thread::sleep(Duration::from_millis(500));
    let after = server.rss();
    let h = server.health();
    let left = h["peers"].as_u64().unwrap_or(0).saturating_sub(2);
    println!(
        "signal_load: {deaf} connections that do not read in one room and a sender: {letters} \
         letters of {} KB offered ({:.0} MB); server {:.1} MB before, {:.1} MB at most, {:.1} MB \
         after (+{:.1} MB at most); {} of the {deaf} put out; queued now {} bytes, at most {} \
         (/health)",
        LETTER / 1000,
        (letters * LETTER) as f64 / 1e6,
        mb(before),
        mb(most),
        mb(after),
        mb(most.saturating_sub(before)),
        deaf as u64 - left.min(deaf as u64),
        h["queued_bytes"],
        h["most_queued_bytes"],
    );
    if !sent_ok {
        failed.push("deaf: the sender was closed".into());
    }
    if most.saturating_sub(before) > 16 * 1024 * 1024 {
        failed.push(format!(
            "deaf: the server grew {:.1} MB (over 16 MB)",
            mb(most - before)
        ));
    }
    ears.clear();
    drop((sender, echo));
    server.until_empty();
}
