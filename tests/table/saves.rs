//! A player's saved game survives everything that is not that game, through the real screens
//! with the keyboard: Learn to play (quit, skip, finish), Watch again and Watch a match (quit
//! mid-way and at the end), for every game; and Play this deal asks before replacing it.

use crate::common::screens::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::games::GameKind;
use come_buy::nav::Owner;
use come_buy::save::Saves;
use come_buy::screens::{Overlay, Screen};
use come_buy::stats::Stats;
use come_buy::table::{Match, MatchKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use std::path::PathBuf;

/// The player's game in progress and what it must stay.
struct Kept {
    path: PathBuf,
    bytes: Vec<u8>,
    moves: usize,
    kind: GameKind,
}

impl Kept {
    /// After `what`, back on the title: the file is byte for byte the same, and the title
    /// offers the same game at the same move.
    fn check(&self, app: &mut App, what: &str) {
        for _ in 0..10 {
            app.update();
        }
        assert_eq!(
            std::fs::read(&self.path).ok().as_ref(),
            Some(&self.bytes),
            "{what} touched the saved game"
        );
        if place(app).0 == Screen::Title {
            assert_eq!(
                app.world()
                    .resource::<Saves>()
                    .of(self.kind)
                    .map(|e| e.moves),
                Some(self.moves),
                "{what}: the title's Continue"
            );
        }
    }
}

fn the_save_survives<G: TableGame>(guided: &str, players: usize) {
    let kind = GameKind::of::<G>();
    let dir = temp_dir(&format!("survives-{}", kind.id()));
    let mut app = headless_with(Some(dir.clone()));
    instant(&mut app);
    app.update();
    // A finished match kept to watch (as the statistics keep every played one).
    // A whole seeded game among bots (no person seat), random legal moves.
    let r = crate::replay::record_of_game::<G>(players, 77, 0);
    let finished = come_buy::save::restore::<G>(&r).unwrap();
    app.world_mut().resource_mut::<Stats>().keep(&finished);

    // The player's game in progress.
    start_from_title(&mut app, kind, 5);
    play_to(&mut app, 6);
    quit_to_title(&mut app);
    let path = dir.join(format!("autosave-{}.ron", kind.id()));
    let kept = Kept {
        bytes: std::fs::read(&path).expect("the game is saved"),
        moves: app.world().resource::<Saves>().of(kind).unwrap().moves,
        path,
        kind,
    };
    // What New game offers next stays the player's own setup throughout.
    let setup = app
        .world()
        .resource::<come_buy::screens::new_game::GameSetup>()
        .clone();

    guided_runs::<G>(&mut app, guided, &kept);
    watch_runs(&mut app, &kept, r.steps.len());
    play_this_deal::<G>(&mut app, kept);
    assert_eq!(
        *app.world()
            .resource::<come_buy::screens::new_game::GameSetup>(),
        setup,
        "guided games, replays and Play this deal leave New game's setup alone"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Learn to play (one caption, then quit; the guide skipped, played on, quit; the whole
/// guided game, then Watch again quit mid-way and at the end): the saved game stays `kept`.
fn guided_runs<G: TableGame>(app: &mut App, guided: &str, kept: &Kept) {
    // Learn to play, one caption, then quit.
    open_guided(app, guided);
    assert_eq!(app.world().resource::<Match<G>>().kind, MatchKind::Guided);
    press(app, KeyCode::Enter);
    quit_to_title(app);
    kept.check(app, "Learn to play, then Quit");

    // Skip the guide, play on, quit.
    open_guided(app, guided);
    pause_entry(
        app,
        &come_buy::screens::overlay::pause_items(true),
        "pause-skip-tutorial",
    );
    assert_eq!(place(app), (Screen::Table, Overlay::None));
    for _ in 0..8 {
        press(app, KeyCode::Enter);
    }
    assert_eq!(
        app.world().resource::<Match<G>>().kind,
        MatchKind::Guided,
        "a skipped guide leaves a guided match"
    );
    quit_to_title(app);
    kept.check(app, "Skip the guide, then Quit");

    // The whole guided game, Watch again, quit mid-way; again, quit at the end.
    for at_end in [false, true] {
        open_guided(app, guided);
        play_to_results(app);
        kept.check(app, "a finished guided game");
        focus_on(app, Owner::Results, 1);
        press(app, KeyCode::Enter);
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(place(app), (Screen::Table, Overlay::None));
        assert_eq!(app.world().resource::<Match<G>>().kind, MatchKind::Replay);
        press(
            app,
            if at_end {
                KeyCode::Equal
            } else {
                KeyCode::ArrowRight
            },
        );
        for _ in 0..20 {
            app.update();
        }
        quit_to_title(app);
        kept.check(app, &format!("Watch again, quit at the end: {at_end}"));
    }
}

/// A match on the Watch list watched, quit mid-way and at its end (`steps` moves): the saved
/// game stays `kept`.
fn watch_runs(app: &mut App, kept: &Kept, steps: usize) {
    // Watch a match, quit mid-way and at the end.
    for at_end in [false, true] {
        open_watch_list(app);
        press(app, KeyCode::Enter);
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(place(app), (Screen::Table, Overlay::None));
        for _ in 0..3 {
            press(app, KeyCode::ArrowRight);
        }
        if at_end {
            press(app, KeyCode::Equal);
            assert!(run_until(app, 2_000, |app| { actions(app) == steps }));
        }
        for _ in 0..20 {
            app.update();
        }
        quit_to_title(app);
        kept.check(app, &format!("Watch a match, quit at the end: {at_end}"));
    }
}

/// Play this deal asks first, and Keep playing brings back the saved game (`kept`); the
/// Watch list's Back after that question starts nothing.
fn play_this_deal<G: TableGame>(app: &mut App, kept: Kept) {
    // Play this deal asks first; Keep playing brings back the saved game.
    open_watch_list(app);
    press(app, KeyCode::ArrowRight);
    app.update();
    assert_eq!(place(app), (Screen::Title, Overlay::Replace));
    kept.check(app, "Play this deal, asked");
    press(app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(place(app), (Screen::Table, Overlay::None));
    let m = app.world().resource::<Match<G>>();
    // The saved game (its bots may have moved on at once).
    assert_eq!(m.setup.seed, 5);
    assert!(m.actions.len() >= kept.moves);
    assert_eq!(m.kind, MatchKind::Played);
    quit_to_title(app);
    let kept = Kept {
        bytes: std::fs::read(&kept.path).expect("still saved"),
        moves: app.world().resource::<Saves>().of(kept.kind).unwrap().moves,
        ..kept
    };
    // The Watch list's Back: no start, no change.
    open_watch_list(app);
    press(app, KeyCode::ArrowRight);
    app.update();
    assert_eq!(place(app), (Screen::Title, Overlay::Replace));
    press(app, KeyCode::Escape);
    app.update();
    assert_eq!(place(app), (Screen::Title, Overlay::Watch));
    kept.check(app, "Play this deal, then Back");
}

#[test]
fn a_goblin_market_save_survives_guided_games_and_replays() {
    the_save_survives::<GoblinMarket>("goblin_market", 4);
}

#[test]
fn a_mykonos_save_survives_guided_games_and_replays() {
    the_save_survives::<Mykonos>("mykonos", 3);
}

#[test]
fn a_duchess_save_survives_guided_games_and_replays() {
    the_save_survives::<Duchess>("duchess_duel", 2);
}
