//! A friend's table that sends what it should not (out of turn, or a move the rules refuse:
//! a tampered table, or one that missed a change) over the real link, through the app's
//! host room and the table's one way in: the friend is told why, the host's match does not
//! change, and the friend's table chooses again (its next move goes in).

use crate::common::online::{Met, at_rest, friend_moves, met, run_both};
use bevy::prelude::*;
use come_buy::online::guest::OnlineGuest;
use come_buy::table::gate::{Control, Turn};
use come_buy::table::moves::{Move, Source};
use come_buy::table::{Match, Remote, SeatKind};
use come_buy_engine::duchess::{Action, Duchess};
use come_buy_engine::game::Game;
use come_buy_online::msg::Why;

/// Both tables have shown everything, the friend waits for no answer, and seat `seat` is to
/// act on both.
fn settled_at(host: &App, guest: &App, seat: usize) -> bool {
    let on = |app: &App| {
        app.world()
            .get_resource::<Match<Duchess>>()
            .is_some_and(|m| m.game.current_player() == Some(seat))
    };
    let idle = guest
        .world()
        .get_resource::<Remote<Duchess>>()
        .is_some_and(|r| !r.waiting && r.outbox.is_empty());
    at_rest::<Duchess>(host) && at_rest::<Duchess>(guest) && on(host) && on(guest) && idle
}

/// The friend's table sends `action` for its seat as a tampered one would: straight into
/// its outbox, its own checks skipped; both tables run until the host's answer is back.
/// Returns what the friend was told.
fn tampered_send(host: &mut App, guest: &mut App, action: Action) -> Option<String> {
    guest.world_mut().resource_mut::<OnlineGuest>().refused = None;
    {
        let mut r = guest.world_mut().resource_mut::<Remote<Duchess>>();
        r.outbox.push(action);
        r.waiting = true;
    }
    run_both(host, guest, |_, guest| {
        let told = guest.world().resource::<OnlineGuest>().refused.is_some();
        told && !guest.world().resource::<Remote<Duchess>>().waiting
    });
    guest.world().resource::<OnlineGuest>().refused.clone()
}

/// What the host's table holds: its moves, and the turn its gate reads.
fn host_now(host: &App) -> (usize, Option<usize>, Turn) {
    let m = host.world().resource::<Match<Duchess>>();
    let turn = *host.world().resource::<Turn>();
    (m.actions.len(), m.game.current_player(), turn)
}

#[test]
fn a_friends_move_out_of_turn_or_against_the_rules_is_refused_over_the_link_and_changes_nothing() {
    let kinds = [SeatKind::Person, SeatKind::Online];
    let Met {
        mut host,
        mut guest,
        signal: _signal,
        dir,
        ..
    } = met::<Duchess>(&kinds, 21, "online-refusals");

    // The host's person is to act (the friend's moves go in from the friend's screen until
    // then).
    run_both(&mut host, &mut guest, |host, guest| {
        friend_moves::<Duchess>(guest);
        settled_at(host, guest, 0)
    });
    let mut host_turns = 0;
    let before = host_now(&host);
    let told = tampered_send(&mut host, &mut guest, Action::Draw);
    assert_eq!(
        told.as_deref(),
        Some(come_buy_text::tr(Why::NotYourTurn.key()).as_str()),
        "a move out of turn is refused as such"
    );
    assert_eq!(host_now(&host), before, "the host's match did not change");

    // The host's person plays until the friend is to act.
    run_both(&mut host, &mut guest, |host, guest| {
        settled_at(host, guest, 1) || {
            host_turns += host_plays(host, guest);
            false
        }
    });
    assert!(host_turns > 0, "the host's person played");
    let before = host_now(&host);
    assert_eq!(before.2.control, Some(Control::Away), "{:?}", before.2);
    assert_eq!(
        before.2.wait, None,
        "the table waits for nothing but the friend"
    );
    // A solo game's move in a duel: the rules refuse it at the host's table.
    let told = tampered_send(&mut host, &mut guest, Action::Look(0));
    assert_eq!(
        told.as_deref(),
        Some(come_buy_text::tr(Why::Illegal.key()).as_str()),
        "a move the rules refuse is refused as such"
    );
    assert_eq!(host_now(&host), before, "the host's match did not change");

    // The friend's table chooses again: its next move goes in.
    let first = guest
        .world()
        .resource::<Match<Duchess>>()
        .game
        .legal_actions()[0]
        .clone();
    let at = guest.world().resource::<Match<Duchess>>().actions.len();
    let mv = Move::now(
        guest.world().resource::<Match<Duchess>>(),
        1,
        first.clone(),
        Source::Screen,
    );
    guest.world_mut().write_message(mv);
    run_both(&mut host, &mut guest, |host, _| {
        host.world().resource::<Match<Duchess>>().actions.len() > at
    });
    let m = host.world().resource::<Match<Duchess>>();
    assert_eq!(m.actions[at], first, "the friend's next move went in");
    assert_eq!(m.acted_by[at], 1);
    let _ = std::fs::remove_dir_all(&dir);
}

/// When the host's person is to act and both tables are at rest, the host's screen makes
/// the first move the rules allow (through the table's one way in). Returns 1 if it did.
fn host_plays(host: &mut App, guest: &App) -> usize {
    if !settled_at(host, guest, 0) {
        return 0;
    }
    let m = host.world().resource::<Match<Duchess>>();
    let mv = Move::now(m, 0, m.game.legal_actions()[0].clone(), Source::Screen);
    host.world_mut().write_message(mv);
    1
}
