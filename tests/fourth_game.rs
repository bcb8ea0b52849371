//! Goofspiel, the game built only for the tests (cargo feature `test-game`, never shipped), on
//! the table: bots play it to the results at every seat count, and a friend plays it online
//! through a real meeting server and WebRTC. It lives in its folders (engine/src/goofspiel/,
//! src/table/goofspiel/, its words and level file) and the catalog's one line: nothing else in
//! the app names it (tools/games_named.py), and these tests reach it through the app's
//! generic table alone.

mod common;

use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::screens::Screen;
use come_buy::table::goofspiel::TableView;
use come_buy::table::{Match, SeatKind};
use come_buy_engine::game::Game;
use come_buy_engine::goofspiel::Goofspiel;
use come_buy_online::signal::Signal;
use common::online::{friend_app, friend_moves, host_app, run_both, seat_and_start};
use common::{bots, headless, run_until, start_game, temp_dir};

/// The table at rest shows what the rules hold: the prizes left in the pile, each seat's
/// prizes, points and spent cards.
fn table_agrees(app: &App) {
    let m = app.world().resource::<Match<Goofspiel>>();
    let view = app.world().resource::<TableView>();
    let v = m.game.view(None);
    assert_eq!(view.pile.len(), v.pile_left, "the pile");
    assert_eq!(view.prize, v.prize, "the prize up");
    assert_eq!(view.won, v.won, "the prizes taken");
    assert_eq!(view.aside, v.set_aside.len(), "the prizes set aside");
    for s in 0..m.seats.len() {
        assert_eq!(view.points[s], v.points(s), "seat {s}'s points");
        assert_eq!(
            view.spent[s].len() + v.unshown[s].len(),
            13,
            "seat {s}'s spent cards"
        );
    }
}

#[test]
fn bots_play_goofspiel_at_the_table_to_the_results() {
    for (players, speed) in [
        (2, Speed::Instant),
        (3, Speed::Times(1.0)),
        (4, Speed::Times(4.0)),
    ] {
        let mut app = headless();
        start_game::<Goofspiel>(&mut app, &bots(players), 40 + players as u64, speed);
        let mut checked = 0;
        let done = run_until(&mut app, 20_000, |app| {
            let m = app.world().resource::<Match<Goofspiel>>();
            if m.pending.is_empty() && app.world().get_resource::<TableView>().is_some() {
                table_agrees(app);
                checked += 1;
            }
            *app.world().resource::<State<Screen>>().get() == Screen::Results
        });
        assert!(done, "{players} bots reach the results at {speed:?}");
        let m = app.world().resource::<Match<Goofspiel>>();
        assert_eq!(m.actions.len(), 13 * players, "13 rounds of bids");
        assert!(m.game.scores().is_some());
        let won = m.game.view(None).won;
        assert!(
            won.iter().any(|w| !w.is_empty()),
            "prizes were taken: {won:?}"
        );
        assert!(
            checked > 13,
            "the table was checked at rest {checked} times"
        );
    }
}

#[test]
fn a_friend_plays_goofspiel_online_to_the_results() {
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let url = signal.url();
    let kinds = [
        SeatKind::Bot("normal".into()),
        SeatKind::Online,
        SeatKind::Bot("hard".into()),
    ];
    let (mut host, code) = host_app::<Goofspiel>(&url, &kinds, 9);
    let dir = temp_dir("goofspiel-friend");
    let mut guest = friend_app(&dir, &url, &code);
    seat_and_start::<Goofspiel>(&mut host, &mut guest);
    run_both(&mut host, &mut guest, |host, guest| {
        friend_moves::<Goofspiel>(guest);
        let over = |app: &App| {
            app.world()
                .get_resource::<Match<Goofspiel>>()
                .is_some_and(|m| m.game.is_over() && m.pending.is_empty())
        };
        over(host) && over(guest)
    });
    let hm = host.world().resource::<Match<Goofspiel>>();
    let gm = guest.world().resource::<Match<Goofspiel>>();
    assert_eq!(gm.game.scores(), hm.game.scores(), "the same results");
    assert_eq!(
        gm.actions, hm.actions,
        "the whole match on the friend's table"
    );
    let friend_moved = hm.acted_by.iter().filter(|&&s| s == 1).count();
    assert_eq!(
        friend_moved, 13,
        "the friend bid every round from their table"
    );
    table_agrees(&guest);
    table_agrees(&host);
}

#[test]
fn goofspiels_words_are_in_every_language() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_come-buy"))
        .arg("--check-locales")
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    // Its help, prompt and log lines are among the keys the code writes.
    let help = come_buy_text::tr("help-goofspiel");
    assert!(help.contains("13"), "{help}");
}
