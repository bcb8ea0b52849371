//! A device per seat: with two people and gamepads, the Join panel binds a pad to each seat;
//! then a pad cannot act or confirm for another seat (any may pause), an unplugged pad brings
//! the panel back for its seat and another pad takes it; Esc shares every device; with one
//! person every device drives the seat.

use crate::common::*;
use bevy::input::gamepad::{GamepadConnection, GamepadConnectionEvent};
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::nav::Device;
use come_buy::screens::Overlay;
use come_buy::table::devices::SeatDevices;
use come_buy::table::kit::ListChoice;
use come_buy::table::{Match, SeatKind};
use come_buy_engine::goblin_market::{Action, GoblinMarket};

fn overlay(app: &App) -> Overlay {
    *app.world().resource::<State<Overlay>>().get()
}

fn moves(app: &App) -> usize {
    app.world().resource::<Match<GoblinMarket>>().actions.len()
}

/// Two people (seats 0 and 1) and a bot, two pads connected before the match.
fn two_people(app: &mut App) -> (Pad, Pad) {
    let a = Pad::connect(app);
    let b = Pad::connect(app);
    let kinds = people_then_bots(2, 1);
    start_game::<GoblinMarket>(app, &kinds, 4, Speed::Instant);
    assert_eq!(
        overlay(app),
        Overlay::Join,
        "the Join panel asks who plays with what"
    );
    a.push(app, GamepadButton::South);
    assert_eq!(overlay(app), Overlay::Join, "one seat to go");
    b.push(app, GamepadButton::South);
    assert_eq!(overlay(app), Overlay::None);
    let d = app.world().resource::<SeatDevices>();
    assert_eq!(d.bound[0], Some(Device::Pad(a.0)));
    assert_eq!(d.bound[1], Some(Device::Pad(b.0)));
    (a, b)
}

/// Runs until a person's choice is open; its seat.
fn until_choice(app: &mut App) -> usize {
    assert!(run_until(app, 3000, |app| app
        .world()
        .get_resource::<ListChoice<Action>>()
        .is_some()));
    app.world().resource::<ListChoice<Action>>().seat
}

#[test]
fn a_pad_acts_only_for_its_own_seat_and_any_may_pause() {
    let mut app = headless();
    let (a, b) = two_people(&mut app);
    for _ in 0..3 {
        let seat = until_choice(&mut app);
        let (mine, other) = if seat == 0 { (&a, &b) } else { (&b, &a) };
        let at = moves(&app);
        other.push(&mut app, GamepadButton::South);
        press(&mut app, KeyCode::Enter);
        for _ in 0..3 {
            app.update();
        }
        assert_eq!(
            moves(&app),
            at,
            "another seat's pad and the keyboard do nothing"
        );
        mine.push(&mut app, GamepadButton::South);
        app.update();
        assert_eq!(moves(&app), at + 1, "the seat's own pad acts");
    }
    let seat = until_choice(&mut app);
    let other = if seat == 0 { &b } else { &a };
    other.push(&mut app, GamepadButton::Start);
    assert_eq!(
        overlay(&app),
        Overlay::Pause,
        "any pad opens the pause menu"
    );
}

#[test]
fn an_unplugged_pad_brings_the_join_panel_back_and_another_takes_the_seat() {
    let mut app = headless();
    let (a, _b) = two_people(&mut app);
    until_choice(&mut app);
    app.world_mut().write_message(GamepadConnectionEvent::new(
        a.0,
        GamepadConnection::Disconnected,
    ));
    for _ in 0..2 {
        app.update();
    }
    assert_eq!(overlay(&app), Overlay::Join);
    assert_eq!(app.world().resource::<SeatDevices>().orphans, vec![0]);
    // Nothing stalls meanwhile: the app keeps running frames.
    for _ in 0..20 {
        app.update();
    }
    let c = Pad::connect(&mut app);
    c.push(&mut app, GamepadButton::South);
    assert_eq!(overlay(&app), Overlay::None);
    let d = app.world().resource::<SeatDevices>();
    assert_eq!(d.bound[0], Some(Device::Pad(c.0)));
    assert!(d.orphans.is_empty());
}

#[test]
fn escape_on_the_join_panel_shares_every_device() {
    let mut app = headless();
    let a = Pad::connect(&mut app);
    let _b = Pad::connect(&mut app);
    let kinds = [SeatKind::Person, SeatKind::Person, SeatKind::Person];
    start_game::<GoblinMarket>(&mut app, &kinds, 4, Speed::Instant);
    assert_eq!(overlay(&app), Overlay::Join);
    press(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::None);
    assert!(app.world().resource::<SeatDevices>().shared);
    until_choice(&mut app);
    let at = moves(&app);
    a.push(&mut app, GamepadButton::South);
    app.update();
    assert_eq!(moves(&app), at + 1, "any pad acts for any seat");
}

#[test]
fn with_one_person_every_device_drives_the_seat() {
    let mut app = headless();
    let a = Pad::connect(&mut app);
    let kinds = people_then_bots(1, 2);
    start_game::<GoblinMarket>(&mut app, &kinds, 4, Speed::Instant);
    assert_eq!(overlay(&app), Overlay::None, "no Join panel for one person");
    until_choice(&mut app);
    let at = moves(&app);
    a.push(&mut app, GamepadButton::South);
    app.update();
    assert_eq!(moves(&app), at + 1);
    until_choice(&mut app);
    let at = moves(&app);
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(moves(&app), at + 1, "and the keyboard too");
}

#[test]
fn only_the_seats_pad_lifts_its_hand_over_cover() {
    use come_buy::table::handover::Privacy;
    use come_buy_engine::mykonos::Mykonos;
    let mut app = headless();
    let a = Pad::connect(&mut app);
    let b = Pad::connect(&mut app);
    start_game::<Mykonos>(
        &mut app,
        &[SeatKind::Person, SeatKind::Person],
        2,
        Speed::Instant,
    );
    assert_eq!(overlay(&app), Overlay::Join);
    a.push(&mut app, GamepadButton::South);
    b.push(&mut app, GamepadButton::South);
    assert_eq!(overlay(&app), Overlay::None);
    assert!(run_until(&mut app, 3000, |app| app
        .world()
        .resource::<Privacy>()
        .waiting_for
        .is_some()));
    let seat = app.world().resource::<Privacy>().waiting_for.unwrap();
    let (mine, other) = if seat == 0 { (&a, &b) } else { (&b, &a) };
    other.push(&mut app, GamepadButton::South);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        app.world().resource::<Privacy>().waiting_for,
        Some(seat),
        "the other pad and the keyboard leave the cover up"
    );
    mine.push(&mut app, GamepadButton::South);
    app.update();
    assert_eq!(app.world().resource::<Privacy>().waiting_for, None);
    assert_eq!(app.world().resource::<Privacy>().revealed, Some(seat));
}

#[test]
fn the_same_seats_keep_their_controllers_in_the_next_match() {
    let mut app = headless();
    let (a, b) = two_people(&mut app);
    // A rematch: the same seats, a new deal. No Join panel; the pads stay bound.
    let kinds = people_then_bots(2, 1);
    start_game::<GoblinMarket>(&mut app, &kinds, 9, Speed::Instant);
    assert_eq!(overlay(&app), Overlay::None);
    let d = app.world().resource::<SeatDevices>();
    assert_eq!(d.bound[0], Some(Device::Pad(a.0)));
    assert_eq!(d.bound[1], Some(Device::Pad(b.0)));
    // Other seats ask again.
    let kinds = [SeatKind::Person, SeatKind::Person, SeatKind::Person];
    start_game::<GoblinMarket>(&mut app, &kinds, 9, Speed::Instant);
    assert_eq!(overlay(&app), Overlay::Join);
}

#[test]
fn the_pause_menu_asks_who_plays_with_what_again() {
    let mut app = headless();
    let (a, b) = two_people(&mut app);
    press(&mut app, KeyCode::Escape);
    assert_eq!(overlay(&app), Overlay::Pause);
    let items = come_buy::screens::overlay::pause_items_with(false, true);
    let at = items
        .iter()
        .position(|k| *k == "pause-controllers")
        .unwrap();
    for _ in 0..at {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    assert_eq!(overlay(&app), Overlay::Join);
    assert!(
        app.world()
            .resource::<SeatDevices>()
            .bound
            .iter()
            .all(Option::is_none)
    );
    // The two swap controllers.
    b.push(&mut app, GamepadButton::South);
    a.push(&mut app, GamepadButton::South);
    assert_eq!(overlay(&app), Overlay::None);
    let d = app.world().resource::<SeatDevices>();
    assert_eq!(d.bound[0], Some(Device::Pad(b.0)));
    assert_eq!(d.bound[1], Some(Device::Pad(a.0)));
}
