//! The phones' door among people who know the room code, through the real server on loopback:
//! a seat's token overheard on the Wi-Fi and proved from another address asks the TV again
//! (its own phone, back from its own address with its proof, takes the seat at once); a yes
//! pressed as a claim disappears does not land on the claim behind it; one question per seat;
//! the TV's Phones panel closes after a yes, opens on Done, and asks before it takes a hand.

use crate::common::phone::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::nav::Owner;
use come_buy::phones::panel::{PanelAsked, PanelItem, PhoneOffer, panel_items};
use come_buy::screens::{MenuFocus, Overlay};
use come_buy_engine::mykonos::Mykonos;
use come_buy_online::code::PeerKey;
use std::net::Ipv4Addr;
use std::time::Duration;

const NEIGHBOUR: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);

#[test]
fn a_token_from_another_address_waits_for_the_tvs_yes() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(2, 1), 6, Speed::Instant);
    let (port, code) = serve(&mut app);
    let mut bram = phone_from(None, port, &code);
    until(&mut app, &mut bram, |m| m["t"] == "seats");
    claim_seat(&mut app, &mut bram, 1);
    tv_answers(&mut app, true);
    let token = seated_token(&mut app, &mut bram);
    until(&mut app, &mut bram, |m| m["t"] == "state");
    // Bram's phone drops (a locked screen): the seat waits for it.
    drop(bram);
    assert!(run_until(&mut app, 20_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        tv_phones(app).phone_here(1) == Some(false)
    }));
    // A neighbour who took the token from Bram's phone proves it from another address: a
    // question for the TV, and nothing of the seat meanwhile.
    let (mut nosy, _) = come_back(&mut app, (Some(NEIGHBOUR), port, &code), 1, &token);
    until(&mut app, &mut nosy, |m| m["t"] == "asking");
    for msg in frames(&mut app, &mut nosy, 30) {
        assert_ne!(
            msg["t"], "state",
            "a token from elsewhere opened a hand: {msg}"
        );
    }
    assert_eq!(tv_phones(&app).phone_here(1), Some(false));
    // The TV says no: the neighbour is told, the seat still waits for Bram's phone.
    tv_answers(&mut app, false);
    note_saying(&mut app, &mut nosy, "wait a minute");
    for msg in frames(&mut app, &mut nosy, 10) {
        assert_ne!(msg["t"], "state", "{msg}");
    }
    // Bram's own phone, back from its own address with its proof, takes the seat at once.
    let (mut again, _) = come_back(&mut app, (None, port, &code), 1, &token);
    let back = until(&mut app, &mut again, |m| m["t"] == "state");
    assert_eq!(back["seat"], 1);
}

#[test]
fn a_yes_pressed_as_a_claim_disappears_does_not_land_on_the_next_claim() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(2, 1), 9, Speed::Instant);
    let (port, code) = serve(&mut app);
    // Two phones ask: Ana's first, then a second phone for Bram's seat.
    let mut ana = phone_from(None, port, &code);
    until(&mut app, &mut ana, |m| m["t"] == "seats");
    claim_seat(&mut app, &mut ana, 0);
    let mut other = phone_from(Some(NEIGHBOUR), port, &code);
    until(&mut app, &mut other, |m| m["t"] == "seats");
    claim_seat(&mut app, &mut other, 1);
    assert_eq!(tv_phones(&app).claims().len(), 2);
    // The room has looked at Ana's question long enough; her phone closes just as someone
    // presses A to allow it.
    question_up(&mut app);
    drop(ana);
    assert!(run_until(&mut app, 20_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        tv_phones(app).claims().len() == 1
    }));
    press(&mut app, KeyCode::Enter);
    app.update();
    let phones = tv_phones(&app);
    assert!(
        !phones.holds(1),
        "a yes meant for Ana's phone gave Bram's seat to another phone"
    );
    assert_eq!(phones.claims().len(), 1, "the second question still waits");
    for msg in frames(&mut app, &mut other, 5) {
        assert_ne!(msg["t"], "state", "{msg}");
    }
    // Once the second question has had its own moment, a yes answers it.
    tv_answers(&mut app, true);
    let state = until(&mut app, &mut other, |m| m["t"] == "state");
    assert_eq!(state["seat"], 1);
    assert!(tv_phones(&app).holds(1));
}

#[test]
fn a_second_phone_asking_for_a_seat_already_asked_for_waits_for_the_tvs_answer() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(2, 1), 11, Speed::Instant);
    let (port, code) = serve(&mut app);
    // A neighbour's phone asks for Bram's seat first; then Bram's own phone asks for it.
    let mut nosy = phone_from(Some(NEIGHBOUR), port, &code);
    until(&mut app, &mut nosy, |m| m["t"] == "seats");
    claim_seat(&mut app, &mut nosy, 1);
    let mut bram = phone_from(None, port, &code);
    until(&mut app, &mut bram, |m| m["t"] == "seats");
    ask(&mut bram, 1);
    // One question at a time per seat: Bram's phone waits in line behind the neighbour's
    // (it was told the TV was busy, and had to ask again later, before 836a143).
    assert!(run_until(&mut app, 2000, |app| tv_phones(app)
        .claims()
        .len()
        == 2));
    let phones = tv_phones(&app);
    assert_eq!(
        phones.claims()[0].peer.place(),
        Some(std::net::IpAddr::V4(NEIGHBOUR))
    );
    // The TV sees the neighbour's mark is not the one on Bram's phone and says no; the next
    // question is Bram's, and the TV's yes is his.
    tv_answers(&mut app, false);
    note_saying(&mut app, &mut nosy, "wait a minute");
    tv_answers(&mut app, true);
    let state = until(&mut app, &mut bram, |m| m["t"] == "state");
    assert_eq!(state["seat"], 1);
}

/// The entry of the TV's Phones panel the focus is on.
fn panel_focus(app: &App) -> PanelItem {
    let items = panel_items(tv_phones(app), app.world().resource::<PhoneOffer>());
    items[app.world().resource::<MenuFocus>().of(Owner::Phones)]
}

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<State<Overlay>>().get()
}

fn open_panel(app: &mut App) {
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Phones);
    app.update();
    app.update();
    assert_eq!(overlay(app), Overlay::Phones);
}

#[test]
fn the_phones_panel_opens_on_done_closes_after_a_yes_and_asks_before_taking_a_hand_back() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &people_then_bots(2, 1), 6, Speed::Instant);
    let (port, code) = serve(&mut app);
    // The panel opens on Done, never on Stop phones.
    open_panel(&mut app);
    assert_eq!(panel_focus(&app), PanelItem::Done);
    // Ana's phone asks while the panel is open; the TV's yes closes the question and the
    // panel with it: the table goes on (nothing makes the phone wait).
    let mut ana = phone_from(None, port, &code);
    until(&mut app, &mut ana, |m| m["t"] == "seats");
    claim_seat(&mut app, &mut ana, 0);
    tv_answers(&mut app, true);
    until(&mut app, &mut ana, |m| m["t"] == "state");
    assert!(tv_phones(&app).holds(0));
    assert_eq!(
        overlay(&app),
        Overlay::None,
        "the panel stayed open after the yes"
    );
    // Opened again, with Ana's hand on her phone: on Done, not on "Take P0's hand back".
    open_panel(&mut app);
    assert_eq!(panel_focus(&app), PanelItem::Done);
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(panel_focus(&app), PanelItem::TakeBack(0));
    // Taking the hand back asks once; moving away takes the question back.
    press(&mut app, KeyCode::Enter);
    assert!(tv_phones(&app).holds(0), "one press took the hand");
    assert_eq!(
        app.world().resource::<PanelAsked>().0,
        Some(PanelItem::TakeBack(0))
    );
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<PanelAsked>().0, None);
    press(&mut app, KeyCode::Enter);
    assert!(tv_phones(&app).holds(0));
    press(&mut app, KeyCode::Enter);
    assert!(!tv_phones(&app).holds(0), "asked, then taken back");
}
