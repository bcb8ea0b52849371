//! The closer look (a phone's way to read its own cards): every game frames the corner of the
//! person to act, V turns the look on and off without touching the game, it follows the turn
//! from person to person, and a table of bots has nothing to look closer at.

use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::table::dock::Closeup;
use come_buy::table::kit::{ListChoice, Pick};
use come_buy::table::{Match, SeatKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::{Action, GoblinMarket};
use come_buy_engine::mykonos::Mykonos;

fn closeup(app: &App) -> Closeup {
    *app.world().resource::<Closeup>()
}

/// Starts `G` with a person in seat 0 and bots after, waits for the person's choice, and
/// checks the look frames `area(app, 0)` and V turns it on and off without a move.
fn frames_the_person<G: TableGame>(players: usize, area: impl Fn(&App, usize) -> Option<Rect>) {
    let mut app = headless();
    start_game::<G>(
        &mut app,
        &people_then_bots(1, players - 1),
        7,
        Speed::Instant,
    );
    assert!(run_until(&mut app, 3000, |app| app
        .world()
        .get_resource::<ListChoice<G::Action>>()
        .is_some()));
    app.update();
    let want = area(&app, 0);
    assert!(want.is_some(), "the table is laid out");
    assert_eq!(
        closeup(&app).area,
        want,
        "the look frames the person's corner"
    );
    assert!(!closeup(&app).on, "the whole table first");
    let moves = app.world().resource::<Match<G>>().actions.len();
    press(&mut app, KeyCode::KeyV);
    assert!(closeup(&app).on, "V looks closer");
    press(&mut app, KeyCode::KeyV);
    assert!(!closeup(&app).on, "V again: the whole table");
    app.update();
    assert_eq!(
        app.world().resource::<Match<G>>().actions.len(),
        moves,
        "looking is not playing"
    );
    assert!(
        app.world()
            .get_resource::<ListChoice<G::Action>>()
            .is_some(),
        "the choice is still asked"
    );
}

#[test]
fn every_game_frames_the_person_and_v_turns_the_look_on_and_off() {
    frames_the_person::<Duchess>(2, |app, s| {
        let v = app
            .world()
            .resource::<come_buy::table::duchess::TableView>();
        Some(v.layout.as_ref()?.own_area(s))
    });
    frames_the_person::<GoblinMarket>(4, |app, s| {
        let v = app
            .world()
            .resource::<come_buy::table::goblin_market::TableView>();
        Some(v.layout.as_ref()?.own_area(s))
    });
    frames_the_person::<Mykonos>(3, |app, s| {
        let v = app
            .world()
            .resource::<come_buy::table::mykonos::TableView>();
        Some(v.layout.as_ref()?.own_area(s))
    });
}

#[test]
fn the_look_follows_the_turn_from_person_to_person() {
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &vec![SeatKind::Person; 3], 4, Speed::Instant);
    let area = |app: &App, s: usize| {
        let v = app
            .world()
            .resource::<come_buy::table::goblin_market::TableView>();
        v.layout.as_ref().map(|l| l.own_area(s))
    };
    let mut seen = Vec::new();
    for _ in 0..3 {
        assert!(run_until(&mut app, 3000, |app| app
            .world()
            .get_resource::<ListChoice<Action>>()
            .is_some()));
        app.update();
        let seat = app.world().resource::<ListChoice<Action>>().seat;
        assert_eq!(closeup(&app).area, area(&app, seat), "seat {seat} to act");
        seen.push(seat);
        app.world_mut().write_message(Pick(Action::Pass));
        for _ in 0..4 {
            app.update();
        }
    }
    seen.dedup();
    assert!(seen.len() >= 2, "the turn moved: {seen:?}");
}

#[test]
fn a_table_of_bots_has_no_corner_to_look_at() {
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &bots(3), 5, Speed::Instant);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(closeup(&app).area, None);
    press(&mut app, KeyCode::KeyV);
    assert!(!closeup(&app).on, "V has nothing to look at");
}
