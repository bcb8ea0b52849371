//! The tables: each game at a person's decisions, under the hand-over cover, with the closer
//! looks open, the pause menu and what it opens, and the results.

use super::places::go;
use super::{Audit, WINDOWS, one_at_a_time, report};
use crate::common::{people_then_bots, run_until, seats, tap};
use bevy::prelude::*;
use come_buy::screens::{Overlay, Screen};
use come_buy::table::kit::ListChoice;
use come_buy::table::{Match, SeatKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;

/// Deals `G` for `kinds` (with `variants`) and runs to the first person's decision.
fn deal<G: TableGame>(a: &mut Audit, kinds: &[SeatKind], variants: &[&str], seed: u64) {
    let m = Match::<G>::new(
        seats(kinds),
        seed,
        variants.iter().map(|v| v.to_string()).collect(),
    )
    .unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
    to_decision::<G>(a);
}

fn deciding<G: TableGame>(app: &App) -> bool {
    app.world()
        .get_resource::<ListChoice<G::Action>>()
        .is_some()
}

fn to_decision<G: TableGame>(a: &mut Audit) -> bool {
    run_until(&mut a.app, 4000, |app| {
        deciding::<G>(app) || *app.world().resource::<State<Screen>>().get() != Screen::Table
    }) && deciding::<G>(&a.app)
}

/// A person's first `n` decisions, each looked at (the first at every setting, the rest at
/// the corners of the settings), each taken with Enter (the first option).
fn decisions<G: TableGame>(a: &mut Audit, label: &str, n: usize) {
    for i in 0..n {
        if !deciding::<G>(&a.app) {
            break;
        }
        let here = format!("{label}, decision {}", i + 1);
        if i == 0 {
            a.every_setting(&here);
        } else {
            a.corners(&here);
        }
        tap(&mut a.app, KeyCode::Enter);
        a.app.update();
        if !to_decision::<G>(a) {
            break;
        }
    }
}

/// The closer looks (C: the lot or the cards in play; V: the person's corner), the pause
/// menu and the log over the table as it is.
fn looks(a: &mut Audit, label: &str) {
    for (key, what) in [(KeyCode::KeyC, "C's look"), (KeyCode::KeyV, "V's look")] {
        tap(&mut a.app, key);
        a.corners(&format!("{label}, {what}"));
        tap(&mut a.app, key);
        a.app.update();
    }
    tap(&mut a.app, KeyCode::KeyL);
    a.corners(&format!("{label}, the log"));
    tap(&mut a.app, KeyCode::KeyL);
    a.app.update();
    assert!(
        !a.app
            .world()
            .resource::<come_buy::table::log::GameLog>()
            .open,
        "L closes the log"
    );
    for menu in [Overlay::Pause, Overlay::Rules, Overlay::Phones] {
        go(&mut a.app, Screen::Table, menu);
        a.corners(&format!("{label}, {menu:?}"));
    }
    go(&mut a.app, Screen::Table, Overlay::None);
}

fn table<G: TableGame>(label: &str, kinds: &[SeatKind], variants: &[&str], n: usize) {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    deal::<G>(&mut a, kinds, variants, 7);
    looks(&mut a, label);
    decisions::<G>(&mut a, label, n);
    report(label, &[a]);
}

#[test]
fn goblin_market_of_six() {
    table::<GoblinMarket>("Goblin Market of six", &people_then_bots(1, 5), &[], 4);
}

#[test]
fn mykonos_of_four() {
    table::<Mykonos>("Mýkonos of four", &people_then_bots(1, 3), &[], 6);
}

#[test]
fn mykonos_of_two_with_the_neutral_crew() {
    table::<Mykonos>("Mýkonos of two", &people_then_bots(1, 1), &[], 3);
}

#[test]
fn the_duchess_duel_with_both_expansions() {
    let variants = ["rainbow", "gold"];
    table::<Duchess>("the Duchess duel", &people_then_bots(1, 1), &variants, 4);
}

#[test]
fn the_duchess_alone() {
    table::<Duchess>("the Duchess alone", &people_then_bots(1, 0), &[], 4);
}

/// Goofspiel, the game built only for the tests (cargo feature `test-game`): its table is
/// looked at as the others' are.
#[cfg(feature = "test-game")]
#[test]
fn goofspiel_of_four() {
    use come_buy_engine::goofspiel::Goofspiel;
    table::<Goofspiel>("Goofspiel of four", &people_then_bots(1, 3), &[], 4);
}

/// Today's deal at the table (its tag beside the draw pile, no undo offered): the deals of
/// Mýkonos and Goblin Market, opened from the title's Today's deal as a player does.
#[test]
fn todays_deal_at_the_table() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    for (id, label) in [
        ("mykonos", "Today's Mýkonos"),
        ("goblin-market", "Today's Goblin Market"),
    ] {
        go(&mut a.app, Screen::Title, Overlay::Daily);
        let at = come_buy_engine::daily::deals()
            .iter()
            .position(|d| d.id == id)
            .expect("the deal is on today's list");
        {
            let mut f = a
                .app
                .world_mut()
                .resource_mut::<come_buy::screens::MenuFocus>();
            f.owner = come_buy::nav::Owner::Daily;
            f.index = at;
        }
        tap(&mut a.app, KeyCode::Enter);
        a.app.update();
        let dealt = if id == "mykonos" {
            to_decision::<Mykonos>(&mut a)
        } else {
            to_decision::<GoblinMarket>(&mut a)
        };
        assert!(dealt, "{label} reaches the person's decision");
        assert!(
            a.app
                .world()
                .resource::<come_buy::daily::DailyNow>()
                .0
                .is_some(),
            "{label} is played as today's deal"
        );
        // Every move stands: the controls line names no undo key (it once offered "U or X").
        a.set(1.25, 0, "en");
        let laid = a.app.world().resource::<come_buy::audit::LaidOut>().clone();
        let keys = super::look::sight(&laid)
            .texts
            .into_iter()
            .map(|t| t.text)
            .find(|t| t.contains("Enter\u{a0}or\u{a0}A"))
            .expect("a controls line under the choice");
        assert!(!keys.contains("undo"), "{label}: {keys:?}");
        a.every_setting(label);
    }
    report("today's deal", &[a]);
}

/// Two people at one screen: the cover that passes the table from one to the other.
#[test]
fn the_hand_over_cover() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let m = Match::<Mykonos>::new(seats(&people_then_bots(2, 0)), 3, vec![]).unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
    for _ in 0..20 {
        a.app.update();
    }
    a.corners("the hand-over cover (Mýkonos, two people)");
    report("the hand-over cover", &[a]);
}

/// The results of each game, a table of bots played to its end.
#[test]
fn the_results_of_every_game() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    results::<GoblinMarket>(&mut a, "Goblin Market", 4);
    results::<Mykonos>(&mut a, "Mýkonos", 3);
    results::<Duchess>(&mut a, "the Duchess", 2);
    report("the results", &[a]);
}

fn results<G: TableGame>(a: &mut Audit, label: &str, n: usize) {
    played_out::<G>(a, label, n, 11);
    crate::common::past_results_grace(&mut a.app);
    a.every_setting(&format!("the results of {label}"));
}

/// The controls line under a choice names undo's key only where undo is offered: with undo
/// turned off in the settings it does not ("U or X to undo" was offered at today's deal).
#[test]
fn the_keys_line_names_undo_only_where_it_is_offered() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[1]);
    deal::<Mykonos>(&mut a, &people_then_bots(1, 2), &[], 4);
    let keys_line = |a: &mut Audit| {
        a.set(1.25, 0, "en");
        let laid = a.app.world().resource::<come_buy::audit::LaidOut>().clone();
        super::look::sight(&laid)
            .texts
            .into_iter()
            .map(|t| t.text)
            .find(|t| t.contains("Enter\u{a0}or\u{a0}A"))
            .expect("a controls line under the choice")
    };
    let with = keys_line(&mut a);
    assert!(with.contains("undo"), "{with:?}");
    a.app
        .world_mut()
        .resource_mut::<come_buy::settings::Settings>()
        .undo = false;
    let without = keys_line(&mut a);
    assert!(!without.contains("undo"), "{without:?}");
}

/// Easy bots play `G` of `n` seats with `seed` to its results, dealt from the title as a
/// player deals (a match on the table before it, of any game, goes).
pub fn played_out<G: TableGame>(a: &mut Audit, label: &str, n: usize, seed: u64) {
    go(&mut a.app, Screen::Title, Overlay::None);
    let world = a.app.world_mut();
    world.remove_resource::<Match<GoblinMarket>>();
    world.remove_resource::<Match<Mykonos>>();
    world.remove_resource::<Match<Duchess>>();
    let kinds = vec![SeatKind::Bot("easy".into()); n];
    let m = Match::<G>::new(seats(&kinds), seed, vec![]).unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
    let over = run_until(&mut a.app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    });
    assert!(over, "{label}'s bots reach the results");
}
