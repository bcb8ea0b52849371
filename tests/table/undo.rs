//! Undo at the table: a person takes back their last decision with U, Ctrl+Z, Backspace or
//! the gamepad's X; the table comes back to the exact state before it (and the autosave
//! follows); it is refused once a card was shown to them, and for another person's move at a
//! shared screen, and off when the setting says so; the person who holds the screen and takes
//! back their own move keeps it (no hand-over cover asks for them again).

use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::settings::Settings;
use come_buy::table::handover::Privacy;
use come_buy::table::kit::{ListChoice, Pick};
use come_buy::table::undo::{UndoNow, Undos};
use come_buy::table::{Match, SeatKind, TableGame};
use come_buy_engine::duchess::{self, Duchess};
use come_buy_engine::goblin_market::{Action, GoblinMarket};
use come_buy_engine::mykonos::Mykonos;

/// Plays until `seat` (or anyone, `None`) has a choice open with an idle queue.
fn until_choice<G: TableGame>(app: &mut App, seat: Option<usize>) -> usize {
    assert!(
        run_until(app, 3000, |app| app
            .world()
            .get_resource::<ListChoice<G::Action>>()
            .is_some_and(|c| seat.is_none_or(|s| c.seat == s))),
        "a person's choice appears"
    );
    app.world().resource::<ListChoice<G::Action>>().seat
}

fn moves<G: TableGame>(app: &App) -> usize {
    app.world().resource::<Match<G>>().actions.len()
}

fn state<G: TableGame>(app: &App) -> String {
    format!("{:?}", app.world().resource::<Match<G>>().game)
}

/// Runs frames until the table is back (the rebuilt match installed and caught up).
fn settle(app: &mut App) {
    for _ in 0..6 {
        app.update();
    }
}

/// Ctrl held down (a frame), Z tapped, Ctrl let go.
fn ctrl_z(app: &mut App) {
    app.world_mut()
        .write_message(key_event(KeyCode::ControlLeft, true, None));
    app.update();
    app.world_mut()
        .write_message(key_event(KeyCode::KeyZ, true, Some("z")));
    app.world_mut()
        .write_message(key_event(KeyCode::KeyZ, false, None));
    app.update();
    app.world_mut()
        .write_message(key_event(KeyCode::ControlLeft, false, None));
    app.update();
}

#[test]
fn a_bid_is_taken_back_exactly_and_the_autosave_follows() {
    let dir = temp_dir("undo-bid");
    let mut app = headless_with(Some(dir.clone()));
    start_game::<GoblinMarket>(&mut app, &people_then_bots(1, 2), 4, Speed::Instant);
    let seat = until_choice::<GoblinMarket>(&mut app, Some(0));
    let before = state::<GoblinMarket>(&app);
    let n0 = moves::<GoblinMarket>(&app);
    app.world_mut().write_message(Pick(Action::Bid(3)));
    app.update();
    assert!(moves::<GoblinMarket>(&app) > n0);
    until_choice::<GoblinMarket>(&mut app, Some(0));
    // U takes it back (and the bots' bids after it): the very same state, that seat to
    // decide again, one undo counted.
    press(&mut app, KeyCode::KeyU);
    settle(&mut app);
    assert_eq!(moves::<GoblinMarket>(&app), n0);
    assert_eq!(state::<GoblinMarket>(&app), before);
    assert_eq!(until_choice::<GoblinMarket>(&mut app, None), seat);
    assert_eq!(app.world().resource::<Undos>().0, 1);
    let saved = std::fs::read_to_string(dir.join("autosave-goblin-market.ron")).unwrap();
    let r = come_buy_engine::record::Record::<Action>::parse::<GoblinMarket>(&saved).unwrap();
    assert_eq!(r.steps.len(), n0, "the autosave forgets the undone bid");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn with_several_people_each_takes_back_only_their_own_moves() {
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &vec![SeatKind::Person; 3], 9, Speed::Instant);
    let first = until_choice::<GoblinMarket>(&mut app, None);
    app.world_mut().write_message(Pick(Action::Bid(2)));
    app.update();
    let second = until_choice::<GoblinMarket>(&mut app, None);
    assert_ne!(second, first);
    let after_first = state::<GoblinMarket>(&app);
    // The second person's Ctrl+Z never takes back the first person's bid.
    ctrl_z(&mut app);
    settle(&mut app);
    assert_eq!(moves::<GoblinMarket>(&app), 1);
    assert_eq!(state::<GoblinMarket>(&app), after_first);
    assert_eq!(
        app.world().resource::<UndoNow>().refused.as_deref(),
        Some("Only your own moves since the hand-over")
    );
    assert_eq!(until_choice::<GoblinMarket>(&mut app, None), second);
    assert_eq!(app.world().resource::<Undos>().0, 0);
}

#[test]
fn at_one_screen_undo_never_hands_the_screen_back_to_the_other_person() {
    // A Duchess duel at one screen: Ana takes the screen after Bram's discard; U on her first
    // decision must not take back Bram's discard (and show him the table again).
    let mut app = headless();
    start_game::<Duchess>(&mut app, &vec![SeatKind::Person; 2], 7, Speed::Instant);
    let mut tested = false;
    for _ in 0..40 {
        assert!(run_until(&mut app, 3000, |app| {
            let p = app.world().resource::<Privacy>();
            p.waiting_for.is_some()
                || app
                    .world()
                    .get_resource::<ListChoice<duchess::Action>>()
                    .is_some()
        }));
        if app.world().resource::<Privacy>().waiting_for.is_some() {
            press(&mut app, KeyCode::Enter);
            continue;
        }
        let m = app.world().resource::<Match<Duchess>>();
        let seat = app.world().resource::<ListChoice<duchess::Action>>().seat;
        let last_by_other = m.acted_by.last().is_some_and(|&s| s != seat);
        if last_by_other && m.acted_by.len() > 2 {
            let n = moves::<Duchess>(&app);
            let before = state::<Duchess>(&app);
            press(&mut app, KeyCode::KeyU);
            settle(&mut app);
            assert_eq!(moves::<Duchess>(&app), n, "the other person's move stays");
            assert_eq!(state::<Duchess>(&app), before);
            assert_eq!(
                app.world().resource::<UndoNow>().refused.as_deref(),
                Some("Only your own moves since the hand-over")
            );
            let p = app.world().resource::<Privacy>();
            assert_eq!(p.revealed, Some(seat), "the screen stays with its person");
            tested = true;
            break;
        }
        let option = app
            .world()
            .resource::<ListChoice<duchess::Action>>()
            .options[0]
            .clone();
        app.world_mut().write_message(Pick(option));
        app.update();
    }
    assert!(
        tested,
        "a decision after the other person's move was reached"
    );
}

#[test]
fn undoing_your_own_move_keeps_the_screen_without_a_cover() {
    // A Duchess duel at one screen: a person's discard ends their turn and the cover asks for
    // the other; U under it takes the discard back, and the same person, who still holds the
    // screen, decides again at once (no cover, no Enter), from the near side.
    let mut app = headless();
    start_game::<Duchess>(&mut app, &vec![SeatKind::Person; 2], 7, Speed::Instant);
    let mut tested = false;
    for _ in 0..40 {
        assert!(run_until(&mut app, 3000, |app| {
            let p = app.world().resource::<Privacy>();
            p.waiting_for.is_some()
                || app
                    .world()
                    .get_resource::<ListChoice<duchess::Action>>()
                    .is_some()
        }));
        if let Some(next) = app.world().resource::<Privacy>().waiting_for {
            let mover = app
                .world()
                .resource::<Match<Duchess>>()
                .acted_by
                .last()
                .copied();
            let undoable = app.world().resource::<UndoNow>().point.is_ok();
            if let Some(mover) = mover.filter(|&s| s != next && undoable) {
                let n = moves::<Duchess>(&app);
                press(&mut app, KeyCode::KeyU);
                settle(&mut app);
                assert!(moves::<Duchess>(&app) < n, "the discard was taken back");
                assert!(run_until(&mut app, 3000, |app| {
                    let p = app.world().resource::<Privacy>();
                    assert_eq!(p.waiting_for, None, "the cover came back after an undo");
                    app.world()
                        .get_resource::<ListChoice<duchess::Action>>()
                        .is_some_and(|c| c.seat == mover)
                }));
                let p = app.world().resource::<Privacy>();
                assert_eq!(p.revealed, Some(mover), "the hand stays face up");
                let near = app.world().resource::<come_buy::table::NearSeat>();
                assert_eq!(near.0, Some(mover), "laid out around the person to decide");
                tested = true;
                break;
            }
            press(&mut app, KeyCode::Enter);
            continue;
        }
        let option = app
            .world()
            .resource::<ListChoice<duchess::Action>>()
            .options[0]
            .clone();
        app.world_mut().write_message(Pick(option));
        app.update();
    }
    assert!(
        tested,
        "a move was taken back under the next person's cover"
    );
}

#[test]
fn the_setting_turns_undo_off() {
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &people_then_bots(1, 2), 4, Speed::Instant);
    app.world_mut().resource_mut::<Settings>().undo = false;
    until_choice::<GoblinMarket>(&mut app, Some(0));
    app.world_mut().write_message(Pick(Action::Bid(3)));
    app.update();
    until_choice::<GoblinMarket>(&mut app, Some(0));
    let n = moves::<GoblinMarket>(&app);
    press(&mut app, KeyCode::KeyU);
    press(&mut app, KeyCode::Backspace);
    settle(&mut app);
    assert_eq!(
        moves::<GoblinMarket>(&app),
        n,
        "strict play keeps every move"
    );
    assert_eq!(app.world().resource::<Undos>().0, 0);
}

#[test]
fn the_duchess_refuses_to_take_back_a_draw_and_says_why() {
    let mut app = headless();
    let kinds = people_then_bots(1, 1);
    start_game::<Duchess>(&mut app, &kinds, 6, Speed::Instant);
    until_choice::<Duchess>(&mut app, Some(0));
    app.world_mut().write_message(Pick(duchess::Action::Draw));
    app.update();
    until_choice::<Duchess>(&mut app, Some(0));
    let n = moves::<Duchess>(&app);
    let before = state::<Duchess>(&app);
    let last = app.world().resource::<Match<Duchess>>().actions[n - 1].clone();
    assert_eq!(last, duchess::Action::Draw);
    press(&mut app, KeyCode::KeyU);
    settle(&mut app);
    assert_eq!(moves::<Duchess>(&app), n, "a drawn card is never undrawn");
    assert_eq!(state::<Duchess>(&app), before);
    let now = app.world().resource::<UndoNow>();
    assert_eq!(now.refused.as_deref(), Some("Not after a card is shown"));
    assert_eq!(app.world().resource::<Undos>().0, 0);
}

#[test]
fn a_gamepad_takes_back_a_placement_in_mykonos() {
    let mut app = headless();
    let kinds = people_then_bots(1, 2);
    start_game::<Mykonos>(&mut app, &kinds, 3, Speed::Instant);
    let pad = Pad::connect(&mut app);
    until_choice::<Mykonos>(&mut app, Some(0));
    let n0 = moves::<Mykonos>(&app);
    let before = state::<Mykonos>(&app);
    pad.push(&mut app, GamepadButton::South);
    assert_eq!(moves::<Mykonos>(&app), n0 + 1, "A placed a worker");
    // X takes it back (with whatever the bots placed after it: nothing was shown).
    pad.push(&mut app, GamepadButton::West);
    settle(&mut app);
    assert_eq!(moves::<Mykonos>(&app), n0);
    assert_eq!(state::<Mykonos>(&app), before);
    until_choice::<Mykonos>(&mut app, Some(0));
}
