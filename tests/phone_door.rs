//! The phones' door under a flood and oversized messages, through the real server on
//! loopback. One test alone in its own process, so the threads and memory it reads from
//! /proc are the server's and this test's only.

mod common;

use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy_engine::mykonos::Mykonos;
use common::phone::*;
use common::*;
use serde_json::json;
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::Message;

/// The process's threads and resident memory (KiB), from /proc.
fn threads_and_rss() -> (usize, usize) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let field = |name: &str| -> usize {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap()
    };
    (field("Threads:"), field("VmRSS:"))
}

#[test]
fn the_door_holds_against_a_flood_and_oversized_messages() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(1, 1), 2, Speed::Instant);
    let (port, code) = serve(&mut app);
    let limits = come_buy::phones::net::LIMITS;
    for _ in 0..5 {
        app.update();
    }

    // 1,000 idle connections at once (no request sent): the server keeps within its cap.
    let (threads_before, rss_before) = threads_and_rss();
    let mut flood = Vec::new();
    let mut most_threads = 0;
    for i in 0..1000 {
        if let Ok(s) = TcpStream::connect(("127.0.0.1", port)) {
            flood.push(s);
        }
        if i % 20 == 0 {
            most_threads = most_threads.max(threads_and_rss().0);
        }
    }
    // Every connection beyond an address's share is turned away at once (the kernel lets
    // the last ones in as the first time out).
    let all_seen = run_until(&mut app, 40_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        most_threads = most_threads.max(threads_and_rss().0);
        let d = tv_phones(app).door;
        (d.turned_away + d.admitted) as usize >= flood.len()
    });
    let door = tv_phones(&app).door;
    assert!(all_seen, "{door:?} of {}", flood.len());
    assert!(
        door.turned_away as usize >= flood.len() * 9 / 10,
        "{door:?}"
    );
    let (_, rss) = threads_and_rss();
    println!(
        "flood of {} idle connections: threads {threads_before} -> at most {most_threads}, memory {rss_before} -> {rss} KiB",
        flood.len()
    );
    assert!(
        most_threads <= threads_before + limits.connections,
        "threads {threads_before} -> {most_threads}"
    );
    assert!(
        rss < rss_before + 16 * 1024,
        "memory {rss_before} -> {rss} KiB"
    );
    // The idle ones are dropped at the handshake's deadline (the flood's sockets stay open
    // on this side), and a real phone joins.
    assert!(run_until(&mut app, 20_000, |app| {
        std::thread::sleep(Duration::from_millis(2));
        tv_phones(app).door.open == 0
    }));
    let mut phone = connect(port, &code).expect("a phone joins after the flood");
    until(&mut app, &mut phone, |m| m["t"] == "seats");

    // The largest message taken: an ask padded to the limit (a hand's question goes by its
    // seat's name, whatever the phone calls itself).
    let pad = "x".repeat(limits.message - 40);
    say(&mut phone, json!({"t": "ask", "seat": 0, "name": pad}));
    until(&mut app, &mut phone, |m| m["t"] == "asking");

    // Messages over the limit close their connection; memory stays flat.
    let (_, rss_before) = threads_and_rss();
    let big = Message::Text("y".repeat(1 << 20).into());
    for _ in 0..30 {
        let mut p = connect(port, &code).unwrap();
        send_raw(&mut p, big.clone());
        until_closed(&mut app, &mut p);
    }
    let mut over = connect(port, &code).unwrap();
    send_raw(
        &mut over,
        Message::Text("z".repeat(limits.message + 1).into()),
    );
    until_closed(&mut app, &mut over);
    let (_, rss) = threads_and_rss();
    println!("31 messages over the limit refused: memory {rss_before} -> {rss} KiB");
    assert!(
        rss < rss_before + 16 * 1024,
        "memory {rss_before} -> {rss} KiB"
    );
    // The phone that kept to the limit is still there, still asking.
    assert!(!heard_or_closed(&mut phone).1);
    assert_eq!(tv_phones(&app).claims().len(), 1);
    drop(flood);
}
