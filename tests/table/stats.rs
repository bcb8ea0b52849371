//! Statistics: a finished match counts once for each person (games, wins, against each bot
//! level, best score; the Duchess solo's rank), is kept on disk and read back; a broken file
//! is set aside with a message; the title opens the Statistics screen and Esc closes it.

use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::save::SaveDir;
use come_buy::screens::new_game::GameSetup;
use come_buy::screens::{Overlay, Screen};
use come_buy::stats::Stats;
use come_buy::table::kit::ListChoice;
use come_buy::table::{Match, SeatKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;

/// Plays to the results screen with Enter on every decision of the people.
fn play_out<G: TableGame>(app: &mut App) {
    let done = run_until(app, 40_000, |app| {
        if *app.world().resource::<State<Screen>>().get() == Screen::Results {
            return true;
        }
        if app
            .world()
            .get_resource::<ListChoice<G::Action>>()
            .is_some()
        {
            press(app, KeyCode::Enter);
        }
        false
    });
    assert!(done, "the match reaches its results");
    past_results_grace(app);
}

#[test]
fn a_finished_match_counts_once_for_each_person_and_is_kept() {
    let dir = temp_dir("stats");
    let mut app = headless_with(Some(dir.clone()));
    let kinds = [
        SeatKind::Person,
        SeatKind::Bot("normal".into()),
        SeatKind::Bot("easy".into()),
    ];
    start_game::<GoblinMarket>(&mut app, &kinds, 12, Speed::Instant);
    // One hint asked for (H) at the first decision.
    assert!(run_until(&mut app, 3000, |app| app
        .world()
        .get_resource::<ListChoice<come_buy_engine::goblin_market::Action>>()
        .is_some()));
    press(&mut app, KeyCode::KeyH);
    press(&mut app, KeyCode::KeyH);
    play_out::<GoblinMarket>(&mut app);
    let scores = {
        use come_buy_engine::game::Game;
        app.world()
            .resource::<Match<GoblinMarket>>()
            .game
            .scores()
            .unwrap()
    };
    let won = scores.winners.contains(&0);
    let stats = app.world().resource::<Stats>().clone();
    let gm = &stats.games["goblin-market"];
    assert_eq!(gm.players.len(), 1, "bots are not counted");
    let p0 = &gm.players["P0"];
    assert_eq!(p0.games.played, 1);
    assert_eq!(p0.games.won, u32::from(won));
    assert_eq!(p0.against["normal"].played, 1);
    assert_eq!(p0.against["easy"].played, 1);
    assert!(!p0.against.contains_key("hard"));
    assert_eq!(p0.best, Some(scores.points[0]));
    assert_eq!(
        p0.hints, 1,
        "one hint asked (a second press while it is worked out is not one)"
    );
    assert_eq!(come_buy::screens::stats::rows(gm)[0][4], "1");
    // More frames on the results screen count nothing more; the file reads back the same.
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(*app.world().resource::<Stats>(), stats);
    assert_eq!(Stats::load(&SaveDir(Some(dir.clone()))), stats);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_duchess_solo_keeps_its_ranks() {
    let mut app = headless();
    start_game::<Duchess>(&mut app, &[SeatKind::Person], 5, Speed::Instant);
    play_out::<Duchess>(&mut app);
    let stats = app.world().resource::<Stats>().clone();
    let du = &stats.games["duchess"];
    assert_eq!(du.solo.len(), 1);
    assert!(!du.solo[0].rank.is_empty());
    // A solo game is no game won: it is counted on its own line, never as "Won 1 (100%)".
    assert!(!du.players.contains_key("P0"), "{:?}", du.players);
    let (line, last) = come_buy::screens::stats::solo_summary(du, "P0").unwrap();
    assert!(
        line.contains(&come_buy_text::names::solo_rank(&du.solo[0].rank)),
        "{line}"
    );
    assert_eq!(last, vec![du.solo[0].florins]);
    assert!(come_buy::screens::stats::rows(du).is_empty());
}

#[test]
fn a_broken_file_is_kept_aside_and_said() {
    let dir = temp_dir("stats-broken");
    std::fs::write(dir.join("stats.ron"), "(format: 1, games: {\"goblin").unwrap();
    let stats = Stats::load(&SaveDir(Some(dir.clone())));
    assert!(stats.games.is_empty());
    let problem = come_buy_text::say(stats.problem.as_ref().expect("a message"));
    assert!(problem.contains("stats.broken-"), "{problem}");
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with("stats.broken-"))
        .collect();
    assert_eq!(kept.len(), 1, "the old file is kept: {kept:?}");
    assert!(problem.contains(&kept[0]), "{problem}");
    assert!(!dir.join("stats.ron").exists());
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_title_opens_the_statistics_and_esc_closes_them() {
    let mut app = headless();
    app.update();
    let saves = app.world().resource::<come_buy::save::Saves>().clone();
    let entries = come_buy::screens::title::entries(&saves);
    let at = entries
        .iter()
        .position(|(e, _)| *e == come_buy::screens::title::Entry::Stats)
        .expect("a Statistics entry");
    for _ in 0..at {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Stats
    );
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
    // The title's focus is back on Statistics, not on its first entry.
    let focus = app.world().resource::<come_buy::screens::MenuFocus>();
    assert_eq!(focus.of(come_buy::nav::Owner::Title), at);
    // Opened again, the panel itself starts at its own first entry.
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Stats
    );
}

/// To the title, down to Watch a match, and open the list.
fn open_watch_list(app: &mut App) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    for _ in 0..3 {
        app.update();
    }
    let saves = app.world().resource::<come_buy::save::Saves>().clone();
    let entries = come_buy::screens::title::entries_with(&saves, true);
    let at = entries
        .iter()
        .position(|(e, _)| *e == come_buy::screens::title::Entry::Watch)
        .unwrap();
    // The title keeps its focus where it was when a panel opened over it.
    let from = app
        .world()
        .resource::<come_buy::screens::MenuFocus>()
        .of(come_buy::nav::Owner::Title);
    let key = if from <= at {
        KeyCode::ArrowDown
    } else {
        KeyCode::ArrowUp
    };
    for _ in 0..from.abs_diff(at) {
        press(app, key);
    }
    press(app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Watch
    );
}

#[test]
fn a_finished_match_can_be_watched_from_the_title() {
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &bots(3), 11, Speed::Instant);
    assert!(run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    app.update();
    let total = app.world().resource::<Match<GoblinMarket>>().actions.len();
    let stats = app.world().resource::<Stats>().clone();
    assert!(stats.games.is_empty(), "bots only: nobody's statistics");
    assert_eq!(stats.finished.len(), 1, "but the match is kept to watch");
    let label = come_buy::screens::watch::past_label(&stats.finished[0]);
    assert!(
        label.starts_with("Goblin Market: P0, P1 and P2."),
        "{label}"
    );
    // At most the last 20 are kept.
    let mut many = stats.clone();
    for _ in 0..30 {
        many.keep(app.world().resource::<Match<GoblinMarket>>());
    }
    assert_eq!(many.finished.len(), come_buy::stats::PAST_KEPT);
    // To the title: Watch a match, the match, Enter: its replay at move 0.
    open_watch_list(&mut app);
    press(&mut app, KeyCode::Enter);
    for _ in 0..6 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    let replay = app.world().resource::<come_buy::table::replay::Replay>();
    assert_eq!(replay.total, total);
    assert_eq!(
        app.world().resource::<Match<GoblinMarket>>().actions.len(),
        0
    );
    // Back to the title: Watch a match, Right: the same deal, played anew (not a replay).
    open_watch_list(&mut app);
    press(&mut app, KeyCode::ArrowRight);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    assert!(
        app.world()
            .get_resource::<come_buy::table::replay::Replay>()
            .is_none()
    );
    let m = app.world().resource::<Match<GoblinMarket>>();
    assert_eq!(m.setup.seed, 11, "the same deal");
    assert_eq!(m.seats.len(), 3);
    assert!(
        m.seats
            .iter()
            .all(|s| s.kind == SeatKind::Bot("normal".into()))
    );
    assert_eq!(app.world().resource::<GameSetup>().seed, None);
}

#[test]
fn a_solo_match_on_the_watch_list_says_its_rank_not_a_winner() {
    let past = come_buy::stats::PastMatch {
        game: "duchess".into(),
        players: vec!["Marta".into()],
        winners: vec!["Marta".into()],
        code: String::new(),
        solo: Some(("magister".into(), 38)),
    };
    let label = come_buy::screens::watch::past_label(&past);
    assert!(!label.contains("wins"), "{label}");
    assert!(
        label.contains("Marta alone") && label.contains("Magister") && label.contains("38"),
        "{label}"
    );
    // Kept before the rank was kept: no rank, still no winner.
    let old = come_buy::stats::PastMatch { solo: None, ..past };
    let label = come_buy::screens::watch::past_label(&old);
    assert!(
        !label.contains("wins") && label.contains("alone"),
        "{label}"
    );
}
