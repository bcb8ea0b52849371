//! What a phone shows of the table, through the real server on loopback: a Duchess duel's seat
//! played from a phone sees, while the other seat chooses, the table as both players see it
//! (the common card, the top of the discards, the cards left to draw) and nothing of the other
//! hand; and the page's icon, which every browser asks for, is served.

use crate::common::phone::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::table::Match;
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use serde_json::Value;
use std::time::Duration;

/// The cards of the other seat's hand that seat 0 may not know, by name.
fn secrets(m: &Match<Duchess>) -> Vec<String> {
    let cfg = m.game.config();
    let mine = m.game.view(Some(0));
    let theirs = m.game.view(Some(1));
    theirs
        .hand
        .iter()
        .flatten()
        .filter(|c| !mine.known[1].contains(c))
        .map(|&c| come_buy_text::names::duchess_card(cfg, c))
        .collect()
}

#[test]
fn a_duchess_phone_sees_the_open_table_while_the_other_seat_chooses() {
    let mut app = headless();
    start_game::<Duchess>(&mut app, &people_then_bots(1, 1), 5, Speed::Instant);
    let (port, code) = serve(&mut app);
    let mut phone = connect(port, &code).expect("the room opens");
    until(&mut app, &mut phone, |m| m["t"] == "seats");
    ask(&mut phone, 0);
    until(&mut app, &mut phone, |m| m["t"] == "asking");
    tv_answers(&mut app, true);

    let mut waits = 0;
    let mut with_discard = 0;
    let mut pile = usize::MAX;
    let mut last_step = None;
    let mut over = false;
    for _ in 0..200_000 {
        app.update();
        let hidden = secrets(app.world().resource::<Match<Duchess>>());
        for msg in heard(&mut phone) {
            if msg["t"] != "state" {
                continue;
            }
            let text = msg.to_string();
            for s in &hidden {
                assert!(!text.contains(s.as_str()), "the phone was sent {s}: {text}");
            }
            let choices = msg["choices"].as_array().unwrap();
            over |= msg["over"] == true;
            if choices.is_empty() && !over {
                waits += 1;
                check_table(&msg, &mut pile, &mut with_discard);
            }
            let step = msg["step"].as_u64().unwrap();
            if !choices.is_empty() && last_step != Some(step) {
                last_step = Some(step);
                let i = if step % 3 == 0 { choices.len() - 1 } else { 0 };
                act(&mut phone, i, step);
            }
        }
        if over {
            break;
        }
        std::thread::sleep(Duration::from_micros(300));
    }
    assert!(over, "the duel reached its end");
    assert!(
        waits > 0 && with_discard > 0,
        "waiting states {waits}, with the discards' top {with_discard}"
    );

    // The page's icon: a small PNG of our own, at the address every browser asks.
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(format!("GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n").as_bytes())
        .unwrap();
    let mut got = Vec::new();
    s.read_to_end(&mut got).unwrap();
    let end = got.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&got[..end]).to_string();
    let body = &got[end + 4..];
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(head.contains("Content-Type: image/png"), "{head}");
    assert!(
        head.contains(&format!("Content-Length: {}", body.len())),
        "{head}"
    );
    assert!(body.starts_with(b"\x89PNG"));
    assert!(body.len() <= come_buy::phones::art::FAVICON_MOST_BYTES);
}

/// A waiting state's table: the common card first (the one its info line names), the top of
/// the discards when there is one, and the draw pile, which only shrinks.
fn check_table(msg: &Value, pile: &mut usize, with_discard: &mut usize) {
    let table = &msg["table"];
    let spots = table["spots"].as_array().unwrap();
    assert!((1..=2).contains(&spots.len()), "{table}");
    let common = spots[0]["card"]["label"].as_str().unwrap();
    assert!(
        msg["info"][0].as_str().unwrap().contains(common),
        "{table} {}",
        msg["info"]
    );
    if spots.len() == 2 {
        assert_eq!(spots[1]["caption"], "Discards");
        assert_eq!(spots[1]["card"]["k"], "jewel");
        *with_discard += 1;
    }
    let line = table["lines"][0].as_str().unwrap();
    let left = match line.strip_prefix("Draw pile: ") {
        Some(n) => n.split(' ').next().unwrap().parse().unwrap(),
        None => {
            assert_eq!(line, "The draw pile is empty");
            0
        }
    };
    assert!(left <= *pile, "{line} after {pile}");
    *pile = left;
}
