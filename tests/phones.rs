//! Phones as private hands, end to end through the real server on loopback: a wrong room code
//! is refused; a phone takes a Mýkonos seat and plays that seat's decisions to the end of the
//! game; it is never sent a card another seat keeps hidden from it; the TV never shows that
//! hand nor asks to pass the screen for it; a dropped phone takes its seat back, another
//! phone cannot; the TV can give the seat back.

mod common;

use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::phones::Phones;
use come_buy::table::handover::Privacy;
use come_buy::table::kit::ListChoice;
use come_buy::table::{Match, SeatKind};
use come_buy_engine::game::Game;
use come_buy_engine::mykonos::{Action, Mykonos};
use common::*;
use serde_json::{Value, json};
use std::net::TcpStream;
use std::time::Duration;
use tungstenite::{Message, WebSocket};

type Phone = WebSocket<TcpStream>;

/// Starts the server on a free port; its port and room code.
fn serve(app: &mut App) -> (u16, String) {
    let mut phones = app.world_mut().resource_mut::<Phones>();
    let room = phones.start(Some(0)).expect("the server starts").clone();
    (room.port, room.code)
}

/// The name on seat `seat`'s plaque.
fn plaque_name(app: &mut App, seat: usize) -> String {
    let mut q = app
        .world_mut()
        .query::<(&come_buy::table::kit::SeatName, &Text2d)>();
    q.iter(app.world())
        .find(|(s, _)| s.0 == seat)
        .map(|(_, t)| t.0.clone())
        .expect("the seat has a plaque")
}

fn connect(port: u16, code: &str) -> Result<Phone, String> {
    let stream = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let (ws, _) = tungstenite::client(format!("ws://127.0.0.1:{port}/ws?room={code}"), stream)
        .map_err(|e| e.to_string())?;
    ws.get_ref().set_nonblocking(true).unwrap();
    Ok(ws)
}

/// What the phone has been sent since the last look (without waiting).
fn heard(phone: &mut Phone) -> Vec<Value> {
    let mut out = Vec::new();
    loop {
        match phone.read() {
            Ok(Message::Text(t)) => out.push(serde_json::from_str(&t).expect("JSON")),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return out;
            }
            Err(e) => panic!("the phone's connection failed: {e}"),
        }
    }
}

fn say(phone: &mut Phone, v: Value) {
    phone.send(Message::Text(v.to_string().into())).unwrap();
}

/// Frames (and the phone's messages) until `done` says a message is the one waited for.
fn until(app: &mut App, phone: &mut Phone, mut done: impl FnMut(&Value) -> bool) -> Value {
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

/// The cards another seat holds that `seat` may not know, as names a message could carry.
fn secrets_from(m: &Match<Mykonos>, seat: usize) -> Vec<String> {
    let mine = m.game.view(Some(seat));
    let mut out = Vec::new();
    for other in (0..m.seats.len()).filter(|&s| s != seat) {
        let theirs = m.game.view(Some(other));
        for c in theirs.hand.iter().flatten() {
            if !mine.known[other].contains(c) {
                out.push(c.to_string());
                out.push(come_buy_text::names::poker_card(*c));
            }
        }
    }
    out
}

#[test]
fn a_phone_plays_its_mykonos_seat_to_the_end_and_sees_only_its_own_cards() {
    let mut app = headless();
    let kinds = people_then_bots(1, 2);
    start_game::<Mykonos>(&mut app, &kinds, 11, Speed::Instant);
    let (port, code) = serve(&mut app);

    // A wrong room code is refused at the door.
    let wrong = if code == "AAAA" { "CCCC" } else { "AAAA" };
    assert!(
        connect(port, wrong).is_err(),
        "a wrong room code is refused"
    );
    assert!(run_until(&mut app, 20_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        app.world().resource::<Phones>().refused == 1
    }));

    // The right one is offered the person's seat, and takes it.
    let mut phone = connect(port, &code).expect("the room code opens the room");
    let seats = until(&mut app, &mut phone, |m| m["t"] == "seats");
    assert_eq!(seats["seats"].as_array().unwrap().len(), 1, "{seats}");
    assert_eq!(seats["seats"][0]["seat"], 0);
    say(&mut phone, json!({"join": 0, "token": "phone-one-token"}));
    let first = until(&mut app, &mut phone, |m| m["t"] == "state");
    assert!(app.world().resource::<Phones>().holds(0));
    let mut waiting = vec![first];

    let mut decisions = 0;
    let mut states = 0;
    let mut last_step = None;
    let mut undo_tried = false;
    for frame in 0..200_000 {
        app.update();
        // The TV never shows the phone's hand, never covers the table for it and never opens
        // its own choice for it.
        let m = app.world().resource::<Match<Mykonos>>();
        let over = m.game.is_over();
        let privacy = app.world().resource::<Privacy>();
        if !over {
            assert!(
                !privacy.shows(0),
                "frame {frame}: the TV showed the phone's hand"
            );
        }
        assert_ne!(
            privacy.waiting_for,
            Some(0),
            "no hand-over for a phone seat"
        );
        assert!(
            app.world().get_resource::<ListChoice<Action>>().is_none(),
            "the TV opened a choice for the phone's seat"
        );
        let secrets = secrets_from(m, 0);
        let mut finished = false;
        waiting.extend(heard(&mut phone));
        for msg in std::mem::take(&mut waiting) {
            let text = msg.to_string();
            for s in &secrets {
                assert!(!text.contains(s.as_str()), "the phone was sent {s}: {text}");
            }
            assert_eq!(msg["t"], "state", "{text}");
            assert_eq!(msg["seat"], 0);
            states += 1;
            let choices = msg["choices"].as_array().unwrap();
            let step = msg["step"].as_u64().unwrap();
            assert!(
                msg["note"].is_null(),
                "the phone's move was refused: {text}"
            );
            if !choices.is_empty() && last_step != Some(step) {
                last_step = Some(step);
                // Vary the picks (seeded by the step): the first and the last options.
                let i = if step % 3 == 0 { choices.len() - 1 } else { 0 };
                say(&mut phone, json!({"act": i, "step": step}));
                decisions += 1;
            }
            finished |= msg["over"] == true;
        }
        if finished {
            break;
        }
        // The TV cannot take back a decision made on the phone.
        if decisions == 3 && !undo_tried {
            undo_tried = true;
            let before = app.world().resource::<Match<Mykonos>>().actions.len();
            press(&mut app, KeyCode::KeyU);
            for _ in 0..5 {
                app.update();
            }
            let after = app.world().resource::<Match<Mykonos>>().actions.len();
            assert!(
                after >= before,
                "the TV took back the phone's move: {before} -> {after}"
            );
        }
        std::thread::sleep(Duration::from_micros(300));
    }
    let m = app.world().resource::<Match<Mykonos>>();
    assert!(
        m.game.is_over(),
        "the game reached its end: {} moves, {} pending, now {:?}, last step {last_step:?}, {decisions} decisions, {states} states, screen {:?}, overlay {:?}",
        m.actions.len(),
        m.pending.len(),
        m.game.current_player(),
        app.world()
            .resource::<State<come_buy::screens::Screen>>()
            .get(),
        app.world().resource::<come_buy::screens::Overlay>()
    );
    let from_phone = m.acted_by.iter().filter(|&&s| s == 0).count();
    assert!(from_phone >= 10, "seat 0 made {from_phone} moves");
    assert_eq!(
        app.world().resource::<Phones>().moves,
        from_phone,
        "every move of seat 0 came from the phone"
    );
    assert!(
        decisions >= from_phone && states > decisions,
        "{decisions} {states}"
    );
}

#[test]
fn a_dropped_phone_takes_its_seat_back_another_cannot_and_the_tv_can() {
    let mut app = headless();
    let kinds = people_then_bots(2, 1);
    start_game::<Mykonos>(&mut app, &kinds, 5, Speed::Instant);
    let (port, code) = serve(&mut app);
    let mut a = connect(port, &code).unwrap();
    until(&mut app, &mut a, |m| m["t"] == "seats");
    say(&mut a, json!({"join": 1, "token": "token-of-phone-a"}));
    let state = until(&mut app, &mut a, |m| m["t"] == "state");
    assert_eq!(state["seat"], 1);
    assert!(state["name"].is_string());
    app.update();
    assert!(
        plaque_name(&mut app, 1).ends_with("(phone)"),
        "the table names a phone's seat so: {}",
        plaque_name(&mut app, 1)
    );
    assert!(!plaque_name(&mut app, 0).contains("(phone)"));

    // The phone drops: the seat stays on it, away.
    drop(a);
    assert!(run_until(&mut app, 20_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        let p = app.world().resource::<Phones>();
        p.seats.len() == 1 && p.seats[0].conn.is_none()
    }));
    assert!(app.world().resource::<Phones>().holds(1));

    // Another phone cannot take it.
    let mut b = connect(port, &code).unwrap();
    let seats = until(&mut app, &mut b, |m| m["t"] == "seats");
    assert_eq!(seats["seats"][1]["away"], true, "{seats}");
    say(&mut b, json!({"join": 1, "token": "token-of-phone-b"}));
    let refused = until(&mut app, &mut b, |m| {
        m["t"] == "seats" && m["note"].is_string()
    });
    assert!(
        refused["note"].as_str().unwrap().contains(
            app.world().resource::<Match<Mykonos>>().seats[1]
                .name
                .as_str()
        )
    );
    // The same phone comes back (its token) and has its seat again.
    let mut a2 = connect(port, &code).unwrap();
    until(&mut app, &mut a2, |m| m["t"] == "seats");
    say(&mut a2, json!({"join": 1, "token": "token-of-phone-a"}));
    let back = until(&mut app, &mut a2, |m| m["t"] == "state");
    assert_eq!(back["seat"], 1);

    // The TV's Phones panel gives the seat back to the TV: the phone is offered seats again.
    app.world_mut().resource_mut::<Phones>().give_back(1);
    until(&mut app, &mut a2, |m| m["t"] == "seats");
    assert!(!app.world().resource::<Phones>().holds(1));
    assert!(!plaque_name(&mut app, 1).contains("(phone)"));

    // The page is served too.
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    use std::io::{Read, Write};
    s.write_all(b"GET /?room=ABCD HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let mut page = String::new();
    s.read_to_string(&mut page).unwrap();
    assert!(
        page.starts_with("HTTP/1.1 200"),
        "{}",
        &page[..40.min(page.len())]
    );
    assert!(page.contains("new WebSocket"));
}

#[test]
fn the_pause_menu_opens_the_phones_panel_where_a_hand_is_hidden() {
    use come_buy::nav::Owner;
    use come_buy::screens::{MenuFocus, Overlay};
    let mut app = headless();
    start_game::<Mykonos>(
        &mut app,
        &[SeatKind::Person, SeatKind::Bot("normal".into())],
        3,
        Speed::Instant,
    );
    press(&mut app, KeyCode::Escape);
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::Pause);
    let items = come_buy::screens::overlay::pause_items_all(false, false, true);
    let at = items.iter().position(|&k| k == "pause-phones").unwrap();
    assert_eq!(items.last(), Some(&"pause-quit-to-title"));
    {
        let mut f = app.world_mut().resource_mut::<MenuFocus>();
        f.owner = Owner::Pause;
        f.index = at;
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::Phones);
    let room = app
        .world()
        .resource::<Phones>()
        .room
        .clone()
        .expect("the page is served");
    assert_eq!(room.code.len(), 4);
    assert!(
        room.url
            .ends_with(&format!(":{}/?room={}", room.port, room.code))
    );
    // Its only entry with nobody on a phone is Done.
    press(&mut app, KeyCode::Enter);
    assert_eq!(*app.world().resource::<Overlay>(), Overlay::None);

    // Goblin Market has no hidden hand: no such entry.
    let mut gm = headless();
    start_game::<come_buy_engine::goblin_market::GoblinMarket>(
        &mut gm,
        &people_then_bots(1, 2),
        3,
        Speed::Instant,
    );
    assert!(
        gm.world()
            .resource::<come_buy::phones::panel::PhoneOffer>()
            .0
            .is_empty()
    );
}
