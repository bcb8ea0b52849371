//! Phones as private hands, end to end through the real server on loopback: a wrong room code
//! is refused; a phone takes a Mýkonos seat and plays that seat's decisions to the end of the
//! game; it is never sent a card another seat keeps hidden from it; the TV never shows that
//! hand nor asks to pass the screen for it; a dropped phone takes its seat back, another
//! phone cannot; the TV can give the seat back.

use crate::common::phone::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::phones::RemoteRoom;
use come_buy::phones::net::CLOSE_WRONG_CODE;
use come_buy::screens::Overlay;
use come_buy::table::handover::Privacy;
use come_buy::table::kit::ListChoice;
use come_buy::table::{Match, SeatKind};
use come_buy_engine::game::Game;
use come_buy_engine::mykonos::{Action, Mykonos};
use serde_json::{Value, json};
use std::net::TcpStream;
use std::time::Duration;

/// Asks for `seat` and has the TV allow it; the phone's first view, and the seat's token the
/// yes gave it.
fn join_allowed(app: &mut App, phone: &mut Phone, seat: usize) -> (Value, String) {
    until(app, phone, |m| m["t"] == "seats");
    ask(phone, seat);
    let asking = until(app, phone, |m| m["t"] == "asking");
    assert_eq!(asking["seat"], seat);
    tv_answers(app, true);
    let token = seated_token(app, phone);
    (until(app, phone, |m| m["t"] == "state"), token)
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

/// Every card in a seat's hand, as a message could name it.
fn hand_of(m: &Match<Mykonos>, seat: usize) -> Vec<String> {
    let view = m.game.view(Some(seat));
    view.hand
        .iter()
        .flatten()
        .flat_map(|c| [c.to_string(), come_buy_text::names::poker_card(*c)])
        .collect()
}

/// The placement options of a state and the row its table shows agree on which lines the seat
/// stands in: an option names the seat's place ("3♥: you, 1st in line") exactly where the
/// table's line for that card has the seat in it. How many options named it.
fn options_name_own_lines(msg: &Value) -> usize {
    let spots = msg["table"]["spots"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut named = 0;
    for (i, choice) in msg["choices"].as_array().unwrap().iter().enumerate() {
        let label = choice.as_str().unwrap();
        let Some(card) = msg["choice_cards"][i]["cards"][0]["label"].as_str() else {
            continue;
        };
        if !label.starts_with(&format!("{card}: ")) {
            continue;
        }
        let spot = spots
            .iter()
            .find(|s| s["card"]["label"] == card)
            .unwrap_or_else(|| panic!("{card} is not on the phone's table: {msg}"));
        let mine = spot["line"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w["you"] == true);
        assert_eq!(label.contains("you"), mine, "{label}: {spot}");
        named += usize::from(mine);
    }
    named
}

/// The door and the claim of the Mýkonos phone test: a wrong code is refused and counted; the
/// right one is offered the person's seat and asks for it, is sent nothing of it until the TV
/// says yes (a press the moment the question appears answers nothing), then gets its first
/// view. Returns the phone and what it was sent from that view on.
fn door_then_claim(app: &mut App, port: u16, code: &str) -> (Phone, Vec<Value>) {
    // A wrong room code is refused at the door, and the TV counts it.
    let wrong = if code == "AAAAAAAA" {
        "CCCCCCCC"
    } else {
        "AAAAAAAA"
    };
    assert_eq!(
        refusal(port, wrong),
        Ok((CLOSE_WRONG_CODE, 0)),
        "a wrong room code is refused, saying so"
    );
    assert!(run_until(app, 20_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        tv_phones(app).door.wrong_codes == 1
    }));

    // The right one is offered the person's seat and asks for it: until the TV says yes it
    // is sent nothing of that seat.
    let mut phone = connect(port, code).expect("the room code opens the room");
    let seats = until(app, &mut phone, |m| m["t"] == "seats");
    assert_eq!(seats["seats"].as_array().unwrap().len(), 1, "{seats}");
    assert_eq!(seats["seats"][0]["seat"], 0);
    ask(&mut phone, 0);
    // A press the moment the question appears (meant for the table) answers nothing.
    assert!(run_until(app, 20_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        *app.world().resource::<State<Overlay>>().get() == Overlay::PhoneClaim
    }));
    press(app, KeyCode::Enter);
    assert_eq!(tv_phones(app).claims().len(), 1);
    let asking = until(app, &mut phone, |m| m["t"] == "asking");
    let mark = asking["mark"].as_str().unwrap().to_string();
    assert_eq!(mark.len(), 3);
    let hand = hand_of(app.world().resource::<Match<Mykonos>>(), 0);
    for msg in frames(app, &mut phone, 30) {
        assert_ne!(msg["t"], "state", "a view before the TV's yes: {msg}");
        for c in &hand {
            assert!(
                !msg.to_string().contains(c.as_str()),
                "{c} before the yes: {msg}"
            );
        }
    }
    assert!(!tv_phones(app).holds(0));
    let claim = tv_phones(app).claims()[0].clone();
    assert_eq!((claim.seat, claim.mark.as_str()), (0, mark.as_str()));
    tv_answers(app, true);
    // Every message from the first view on is checked below.
    let mut waiting = Vec::new();
    assert!(run_until(app, 20_000, |_| {
        std::thread::sleep(Duration::from_millis(1));
        waiting.extend(heard(&mut phone));
        waiting.iter().any(|m| m["t"] == "state")
    }));
    let first = waiting.iter().position(|m| m["t"] == "state").unwrap();
    waiting.drain(..first);
    assert!(tv_phones(app).holds(0));
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
    (phone, waiting)
}

#[test]
fn a_phone_plays_its_mykonos_seat_to_the_end_and_sees_only_its_own_cards() {
    let mut app = headless();
    let kinds = people_then_bots(1, 2);
    start_game::<Mykonos>(&mut app, &kinds, 11, Speed::Instant);
    let (port, code) = serve(&mut app);

    let (mut phone, mut waiting) = door_then_claim(&mut app, port, &code);

    let mut decisions = 0;
    let mut states = 0;
    // Options naming the seat's place in a line; waiting states showing lines, and the seat in one.
    let (mut named, mut lines, mut own_line) = (0, 0, 0);
    let mut last_step = None;
    let mut undo_tried = false;
    let (mut first_move, mut copy_sent) = (None, false);
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
            named += options_name_own_lines(&msg);
            // While others choose, the phone has the row and who stands where (seats by name).
            let line: Vec<&Value> = msg["table"]["spots"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|s| s["line"].as_array().unwrap())
                .collect();
            if choices.is_empty() && !line.is_empty() {
                lines += 1;
                own_line += usize::from(line.iter().any(|w| w["you"] == true));
                for w in line {
                    assert_eq!(w["you"] == true, w["name"] == msg["name"], "{w}");
                }
            }
            assert!(
                msg["note"].is_null(),
                "the phone's move was refused: {text}"
            );
            // A double tap: the phone's first move again, once the table has taken it. It
            // is a copy of a move made: no refusal (the note checked above), the view again.
            if let Some((i, at)) = first_move.filter(|&(_, at)| step > at && !copy_sent) {
                act(&mut phone, i, at);
                copy_sent = true;
            }
            if !choices.is_empty() && last_step != Some(step) {
                last_step = Some(step);
                // Vary the picks (seeded by the step): the first and the last options.
                let i = if step % 3 == 0 { choices.len() - 1 } else { 0 };
                act(&mut phone, i, step);
                first_move.get_or_insert((i, step));
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
        app.world()
            .resource::<State<come_buy::screens::Overlay>>()
            .get()
    );
    let from_phone = m.acted_by.iter().filter(|&&s| s == 0).count();
    assert!(from_phone >= 10, "seat 0 made {from_phone} moves");
    assert!(copy_sent, "the phone tapped its first move twice");
    assert_eq!(
        tv_phones(&app).moves,
        from_phone,
        "every move of seat 0 came from the phone"
    );
    assert!(
        decisions >= from_phone && states > decisions,
        "{decisions} {states}"
    );
    assert!(
        named > 0 && lines > 0 && own_line > 0,
        "options naming the seat's line {named}, waiting with lines {lines}, with the seat in one {own_line}"
    );
}

/// The plaques follow their seats: a bot that takes a friend's seat is named so (the plaque
/// said "(online)" to the end), and a bot named as its level (a friend's table names the
/// host's bots so) reads "Normal bot", not "Normal bot  (Normal bot)".
#[test]
fn plaques_name_who_plays_each_seat_now() {
    let mut app = headless();
    let kinds = [
        SeatKind::Person,
        SeatKind::Online,
        SeatKind::Bot("normal".into()),
    ];
    start_game::<Mykonos>(&mut app, &kinds, 5, Speed::Instant);
    app.update();
    assert!(plaque_name(&mut app, 1).ends_with("(online)"));
    {
        let mut m = app.world_mut().resource_mut::<Match<Mykonos>>();
        m.seats[1].kind = SeatKind::Bot("hard".into());
        m.seats[2].name = come_buy::table::bot_label("normal");
    }
    app.update();
    let (one, two) = (plaque_name(&mut app, 1), plaque_name(&mut app, 2));
    assert!(one.ends_with("(Hard bot)"), "{one}");
    assert_eq!(two, "Normal bot");
}

#[test]
fn a_dropped_phone_takes_its_seat_back_another_cannot_and_the_tv_can() {
    let mut app = headless();
    let kinds = people_then_bots(2, 1);
    start_game::<Mykonos>(&mut app, &kinds, 5, Speed::Instant);
    let (port, code) = serve(&mut app);
    let mut a = connect(port, &code).unwrap();
    let (state, token) = join_allowed(&mut app, &mut a, 1);
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
        tv_phones(app).phone_here(1) == Some(false)
    }));
    assert!(tv_phones(&app).holds(1));

    // Another phone cannot take it.
    let mut b = connect(port, &code).unwrap();
    let seats = until(&mut app, &mut b, |m| m["t"] == "seats");
    assert_eq!(seats["seats"][1]["away"], true, "{seats}");
    ask(&mut b, 1);
    note_saying(&mut app, &mut b, "already playing on another phone");
    assert!(tv_phones(&app).claims().is_empty());
    // The token never crosses the wire again: a connection's challenge, overheard, ...
    let mut clear = connect(port, &code).unwrap();
    let overheard = seats_challenge(&mut app, &mut clear);
    drop(clear);
    // The same phone comes back: the TV proves it holds the seat's token (for the page's
    // nonce), and the phone proves it for its connection's challenge: its seat again, without
    // asking. A proof made for another connection's challenge (overheard, relayed) is refused.
    let mut a2 = connect_raw(port, &code).unwrap();
    let nonce = hello(&mut a2, &code, Some(1));
    let welcome = until(&mut app, &mut a2, |m| m["t"] == "room-welcome");
    assert_eq!(
        welcome["host_proof"].as_str(),
        Some(come_buy_online::code::host_proof(&token, &nonce, "phones", "", 1).as_str()),
        "the TV proves it holds the seat's token"
    );
    let challenge = welcome["challenge"].as_str().unwrap().to_string();
    assert_ne!(
        challenge, overheard,
        "each connection has its own challenge"
    );
    let replayed = come_buy::phones::phone_proof(&token, &overheard, 1);
    say(&mut a2, json!({"t": "back", "seat": 1, "proof": replayed}));
    note_saying(&mut app, &mut a2, "another phone");
    assert!(tv_phones(&app).claims().is_empty());
    let proof = come_buy::phones::phone_proof(&token, &challenge, 1);
    say(&mut a2, json!({"t": "back", "seat": 1, "proof": proof}));
    let back = until(&mut app, &mut a2, |m| m["t"] == "state");
    assert_eq!(back["seat"], 1);

    // The TV's Phones panel takes the hand back for real: the phone is told and closed, and
    // its token no longer takes the seat (the TV proves nothing for it; asking again waits for
    // the TV).
    app.world_mut()
        .resource_mut::<RemoteRoom>()
        .phones
        .give_back(1);
    let last = until_closed(&mut app, &mut a2);
    assert!(
        last.iter()
            .any(|m| m["t"] == "room-refused" && m["why"] == "taken_back"),
        "{last:?}"
    );
    assert!(!tv_phones(&app).holds(1));
    assert!(!plaque_name(&mut app, 1).contains("(phone)"));
    let (mut a3, welcome) = come_back(&mut app, (None, port, &code), 1, &token);
    assert!(welcome["host_proof"].is_null(), "{welcome}");
    until(&mut app, &mut a3, |m| m["t"] == "room-refused");
    ask(&mut a3, 1);
    until(&mut app, &mut a3, |m| m["t"] == "asking");
    assert!(!tv_phones(&app).holds(1));

    // The page is served to its own address, not to a name pointed at this machine.
    use std::io::{Read, Write};
    let get = |host: &str| {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.write_all(format!("GET /?room=ABCD HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes())
            .unwrap();
        let mut page = String::new();
        s.read_to_string(&mut page).unwrap();
        page
    };
    let page = get(&format!("127.0.0.1:{port}"));
    assert!(
        page.starts_with("HTTP/1.1 200"),
        "{}",
        &page[..40.min(page.len())]
    );
    assert!(page.contains("new WebSocket"));
    assert!(get(&format!("evil.example:{port}")).starts_with("HTTP/1.1 421"));
}

#[test]
fn a_claim_the_tv_refuses_gets_nothing_and_may_not_ask_again_for_a_while() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(2, 1), 8, Speed::Instant);
    let (port, code) = serve(&mut app);
    let mut nosy = connect(port, &code).unwrap();
    until(&mut app, &mut nosy, |m| m["t"] == "seats");
    ask(&mut nosy, 1);
    until(&mut app, &mut nosy, |m| m["t"] == "asking");
    tv_answers(&mut app, false);
    note_saying(&mut app, &mut nosy, "wait a minute");
    for msg in frames(&mut app, &mut nosy, 20) {
        assert_ne!(msg["t"], "state", "a refused phone saw a view: {msg}");
    }
    assert!(!tv_phones(&app).holds(1));
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
    // Asking again at once, from the same address: refused without asking the TV.
    let mut again = connect(port, &code).unwrap();
    until(&mut app, &mut again, |m| m["t"] == "seats");
    ask(&mut again, 1);
    note_saying(&mut app, &mut again, "wait");
    assert!(tv_phones(&app).claims().is_empty());
    for _ in 0..20 {
        app.update();
        assert_ne!(
            *app.world().resource::<State<Overlay>>().get(),
            Overlay::PhoneClaim
        );
    }
    // From yet another connection there, for another seat: the no sticks to the address.
    let mut third = connect(port, &code).unwrap();
    until(&mut app, &mut third, |m| m["t"] == "seats");
    ask(&mut third, 0);
    note_saying(&mut app, &mut third, "wait a minute");
    assert!(tv_phones(&app).claims().is_empty());
    // What is no question (not the room's words, a seat that does not exist, an act without a
    // seat) asks for nothing.
    say(
        &mut again,
        json!({"join": 0, "token": "an-old-pages-token-0123"}),
    );
    say(&mut again, json!({"t": "ask", "seat": 99, "name": "x"}));
    act(&mut again, 0, 0);
    frames(&mut app, &mut again, 10);
    assert!(tv_phones(&app).claims().is_empty());
    // Another address asks at once, and the TV's yes seats it.
    let mut ana = own_page_from(Some(std::net::Ipv4Addr::new(127, 0, 0, 2)), port, &code).unwrap();
    hello(&mut ana, &code, None);
    until(&mut app, &mut ana, |m| m["t"] == "seats");
    ask(&mut ana, 0);
    until(&mut app, &mut ana, |m| m["t"] == "asking");
    tv_answers(&mut app, true);
    until(&mut app, &mut ana, |m| m["t"] == "state");
    // A minute of the table's clock later (frames of a quarter second, the most one frame
    // counts), the refused address may ask again (saying hello again, as the page does: a
    // phone that asked for nothing for a minute was let go).
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(250),
    ));
    for _ in 0..(come_buy::phones::SAID_NO_WAIT * 4.0) as usize + 4 {
        app.update();
    }
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(50),
    ));
    hello(&mut again, &code, None);
    until(&mut app, &mut again, |m| m["t"] == "room-welcome");
    ask(&mut again, 1);
    until(&mut app, &mut again, |m| m["t"] == "asking");
}

#[test]
fn the_same_phone_proving_its_seat_on_a_second_connection_moves_it_there() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(1, 2), 4, Speed::Instant);
    let (port, code) = serve(&mut app);
    let mut ana = connect(port, &code).unwrap();
    let (_, token) = join_allowed(&mut app, &mut ana, 0);
    // A second page of Ana's phone (a reload before the first socket closed) proves the seat's
    // token from the same address: the seat moves to it, and the first connection is closed.
    let (mut again, _) = come_back(&mut app, (None, port, &code), 0, &token);
    let view = until(&mut app, &mut again, |m| m["t"] == "state");
    assert_eq!(view["seat"], 0);
    until_closed(&mut app, &mut ana);
    let phones = tv_phones(&app);
    assert!(phones.holds(0));
    assert_eq!(phones.phone_here(0), Some(true));
    assert!(phones.claims().is_empty());
}

#[test]
fn stop_phones_closes_the_listener_and_every_phone() {
    use come_buy::nav::Owner;
    use come_buy::screens::MenuFocus;
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(1, 2), 6, Speed::Instant);
    let (port, code) = serve(&mut app);
    let mut phone = connect(port, &code).unwrap();
    join_allowed(&mut app, &mut phone, 0);
    // Pause menu -> Phones as hands -> Stop phones.
    press(&mut app, KeyCode::Escape);
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Phones);
    app.update();
    let items = come_buy::phones::panel::panel_items(
        tv_phones(&app),
        app.world()
            .resource::<come_buy::phones::panel::PhoneOffer>(),
    );
    let stop = items
        .iter()
        .position(|i| *i == come_buy::phones::panel::PanelItem::Stop)
        .expect("Stop phones is offered");
    {
        let mut f = app.world_mut().resource_mut::<MenuFocus>();
        f.owner = Owner::Phones;
        f.index = stop;
    }
    // The first press only asks ("Stop the phones? Press again"); the second stops them.
    press(&mut app, KeyCode::Enter);
    assert!(tv_phones(&app).room.is_some());
    press(&mut app, KeyCode::Enter);
    assert!(tv_phones(&app).room.is_none());
    assert!(!tv_phones(&app).holds(0));
    until_closed(&mut app, &mut phone);
    assert!(
        TcpStream::connect(("127.0.0.1", port)).is_err(),
        "the listener is closed"
    );
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
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Pause
    );
    let items = come_buy::screens::overlay::pause_items_all(false, false, true);
    let at = items.iter().position(|&k| k == "pause-phones").unwrap();
    assert_eq!(items.last(), Some(&"pause-quit-to-title"));
    {
        let mut f = app.world_mut().resource_mut::<MenuFocus>();
        f.owner = Owner::Pause;
        f.index = at;
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Phones
    );
    let room = tv_phones(&app).room.clone().expect("the page is served");
    assert_eq!(room.code.len(), 8);
    assert!(
        room.url
            .ends_with(&format!(":{}/?room={}", room.port, room.code))
    );
    // With nobody on a phone its entries are Done (where it opens) and Stop phones.
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );

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
