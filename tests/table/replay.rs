//! Replays: a finished match watched again steps forward and back to exactly the engine's
//! states, jumps to the end and the start, plays by itself, never lets a bot act, never saves
//! or opens the results; "Watch again" on the results starts one with every hand open.

use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::screens::Screen;
use come_buy::table::handover::Privacy;
use come_buy::table::replay::{Replay, watch};
use come_buy::table::{Match, SeatKind};
use come_buy_engine::game::{Game, Setup};
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use come_buy_engine::record::{Record, SeatRecord, Step};
use come_buy_engine::rng::Rng;

/// A whole seeded game of `G` with random legal moves, as a record.
pub(crate) fn record_of_game<G: Game>(
    players: usize,
    seed: u64,
    people: usize,
) -> Record<G::Action> {
    let setup = Setup::new(players, seed);
    let seats = (0..players)
        .map(|i| SeatRecord {
            name: format!("P{i}"),
            color: i,
            bot: (i >= people).then(|| "normal".to_string()),
        })
        .collect();
    let mut r = Record::new(G::ID, &setup, seats);
    let (mut g, _) = G::start(&setup).unwrap();
    let mut rng = Rng::new(seed);
    while let Some(seat) = g.current_player() {
        let legal = g.legal_actions();
        let action = legal[rng.below(legal.len())].clone();
        g.apply(seat, &action).unwrap();
        r.steps.push(Step { seat, action });
    }
    r
}

/// The engine's state after the first `n` steps of `r`.
fn engine_after<G: Game>(r: &Record<G::Action>, n: usize) -> String {
    let (mut g, _) = G::start(&r.setup()).unwrap();
    for s in &r.steps[..n] {
        g.apply(s.seat, &s.action).unwrap();
    }
    format!("{g:?}")
}

fn table<G: come_buy::table::TableGame>(app: &App) -> (usize, String) {
    let m = app.world().resource::<Match<G>>();
    (m.actions.len(), format!("{:?}", m.game))
}

fn settle(app: &mut App) {
    for _ in 0..6 {
        app.update();
    }
}

fn start_watching<G: come_buy::table::TableGame>(app: &mut App, r: &Record<G::Action>) {
    {
        let world = app.world_mut();
        let mut queue = bevy::ecs::world::CommandQueue::default();
        let mut commands = Commands::new(&mut queue, world);
        watch::<G>(&mut commands, r).unwrap();
        queue.apply(world);
    }
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    settle(app);
}

#[test]
fn the_viewer_steps_to_the_engines_states_and_nothing_acts_by_itself() {
    let dir = temp_dir("replay");
    let mut app = headless_with(Some(dir.clone()));
    let r = record_of_game::<Mykonos>(3, 8, 1);
    start_watching::<Mykonos>(&mut app, &r);
    assert_eq!(table::<Mykonos>(&app), (0, engine_after::<Mykonos>(&r, 0)));
    assert!(
        app.world().resource::<Privacy>().all_open,
        "every hand is open"
    );
    // Nobody acts while it is paused: not the bots, not the person.
    for _ in 0..100 {
        app.update();
    }
    assert_eq!(table::<Mykonos>(&app).0, 0);
    for _ in 0..5 {
        press(&mut app, KeyCode::ArrowRight);
    }
    assert_eq!(table::<Mykonos>(&app), (5, engine_after::<Mykonos>(&r, 5)));
    press(&mut app, KeyCode::ArrowLeft);
    settle(&mut app);
    assert_eq!(table::<Mykonos>(&app), (4, engine_after::<Mykonos>(&r, 4)));
    // The end at once (End, as PageDown), and it stays on the table (no results, nothing
    // counted or saved).
    press(&mut app, KeyCode::End);
    for _ in 0..60 {
        app.update();
    }
    let n = r.steps.len();
    assert_eq!(table::<Mykonos>(&app), (n, engine_after::<Mykonos>(&r, n)));
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    assert!(
        !dir.join("autosave-mykonos.ron").exists(),
        "a replay is never saved"
    );
    assert!(
        app.world()
            .resource::<come_buy::stats::Stats>()
            .games
            .is_empty(),
        "nor counted"
    );
    // Back to the start (Home, as PageUp), then play: it moves on by itself.
    press(&mut app, KeyCode::Home);
    settle(&mut app);
    assert_eq!(table::<Mykonos>(&app).0, 0);
    press(&mut app, KeyCode::Enter);
    assert!(app.world().resource::<Replay>().playing);
    assert!(run_until(&mut app, 400, |app| table::<Mykonos>(app).0 >= 3));
    let (at, state) = table::<Mykonos>(&app);
    assert_eq!(state, engine_after::<Mykonos>(&r, at));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_match_code_opens_its_replay_and_a_bad_code_is_refused() {
    let r = record_of_game::<GoblinMarket>(4, 21, 0);
    let code = come_buy_engine::code::encode::<GoblinMarket>(&r).unwrap();
    assert_eq!(come_buy::table::replay::check_code(&code), Ok(()));
    let opts = come_buy::cli::Options::parse(&["--watch".into(), code.clone()]).unwrap();
    assert_eq!(opts.watch.as_deref(), Some(code.as_str()));
    let bad = format!("{}!", &code[..code.len() / 2]);
    let err = come_buy::cli::Options::parse(&["--watch".into(), bad]).unwrap_err();
    assert!(err.starts_with("--watch:"), "{err}");
    let mut app = headless();
    app.update();
    {
        let world = app.world_mut();
        let mut queue = bevy::ecs::world::CommandQueue::default();
        let mut commands = Commands::new(&mut queue, world);
        come_buy::table::replay::watch_code(&mut commands, &code).unwrap();
        queue.apply(world);
    }
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    settle(&mut app);
    assert_eq!(app.world().resource::<Replay>().total, r.steps.len());
    press(&mut app, KeyCode::PageDown);
    for _ in 0..40 {
        app.update();
    }
    let n = r.steps.len();
    assert_eq!(
        table::<GoblinMarket>(&app),
        (n, engine_after::<GoblinMarket>(&r, n))
    );
}

/// A match as `come-buy-sim serve --record` writes it: setup and steps, no seat named.
fn nameless<G: Game>(players: usize, seed: u64) -> Record<G::Action> {
    let mut r = record_of_game::<G>(players, seed, 0);
    r.seats.clear();
    r
}

/// Watches `code` from its start and jumps to its end: the engine's final state, with plain
/// seat names ("Seat 1"...) in their own colours.
fn watch_to_the_end<G: come_buy::table::TableGame>(r: &Record<G::Action>) {
    let code = come_buy_engine::code::encode::<G>(r).unwrap();
    assert_eq!(come_buy::table::replay::check_code(&code), Ok(()));
    assert!(come_buy::cli::Options::parse(&["--watch".into(), code.clone()]).is_ok());
    let mut app = headless();
    app.update();
    {
        let world = app.world_mut();
        let mut queue = bevy::ecs::world::CommandQueue::default();
        let mut commands = Commands::new(&mut queue, world);
        come_buy::table::replay::watch_code(&mut commands, &code).unwrap();
        queue.apply(world);
    }
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    settle(&mut app);
    let seats = &app.world().resource::<Match<G>>().seats;
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    // (A seat's number keeps its word: a no-break space between them.)
    let want: Vec<String> = (1..=r.players).map(|i| format!("Seat\u{a0}{i}")).collect();
    assert_eq!(names, want);
    let colors: Vec<usize> = seats.iter().map(|s| s.color).collect();
    assert_eq!(colors, (0..r.players).collect::<Vec<_>>());
    press(&mut app, KeyCode::End);
    for _ in 0..60 {
        app.update();
    }
    let n = r.steps.len();
    assert_eq!(table::<G>(&app), (n, engine_after::<G>(r, n)));
}

#[test]
fn a_record_without_seat_names_opens_with_plain_names_in_every_game() {
    watch_to_the_end::<GoblinMarket>(&nameless::<GoblinMarket>(3, 9));
    watch_to_the_end::<Mykonos>(&nameless::<Mykonos>(3, 9));
    watch_to_the_end::<come_buy_engine::duchess::Duchess>(&nameless::<
        come_buy_engine::duchess::Duchess,
    >(2, 9));
    // Play this deal deals it with a person in the first seat and Normal bots.
    let code = come_buy_engine::code::encode::<Mykonos>(&nameless::<Mykonos>(3, 9)).unwrap();
    let deal = come_buy::screens::watch::deal_of(&code).unwrap();
    assert_eq!(deal.seats.len(), 3);
    assert!(deal.seats[0].is_person());
    assert!(deal.seats[1..].iter().all(|s| !s.is_person()));
    // A record naming some seats but not all is refused, saying why.
    let mut some = record_of_game::<Mykonos>(3, 9, 0);
    some.seats.truncate(2);
    let code = come_buy_engine::code::encode::<Mykonos>(&some).unwrap();
    let why = come_buy::table::replay::check_code(&code).unwrap_err();
    assert!(why.contains("2 seats for\u{a0}3 players"), "{why}");
    let err = come_buy::cli::Options::parse(&["--watch".into(), code]).unwrap_err();
    assert!(
        err.starts_with("--watch:") && err.contains("3 players"),
        "{err}"
    );
}

#[test]
fn the_results_show_the_code_of_the_match() {
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &bots(3), 11, Speed::Instant);
    assert!(run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    app.update();
    let code = app
        .world()
        .resource::<come_buy::screens::results::MatchCode>()
        .0
        .clone()
        .expect("a code");
    let m = app.world().resource::<Match<GoblinMarket>>();
    let decoded = come_buy_engine::code::decode::<GoblinMarket>(&code).unwrap();
    assert_eq!(decoded.steps.len(), m.actions.len());
    assert_eq!(decoded.seed, m.setup.seed);
}

#[test]
fn watch_again_on_the_results_replays_the_match_from_its_start() {
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &bots(3), 11, Speed::Instant);
    assert!(run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    let total = app.world().resource::<Match<GoblinMarket>>().actions.len();
    past_results_grace(&mut app);
    // Watch again is the second button, right of Play again.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    assert_eq!(app.world().resource::<Replay>().total, total);
    assert_eq!(table::<GoblinMarket>(&app).0, 0);
    let seats = &app.world().resource::<Match<GoblinMarket>>().seats;
    assert!(
        seats
            .iter()
            .all(|s| s.kind == SeatKind::Bot("normal".into()))
    );
    // Quitting to the title ends the replay.
    press(&mut app, KeyCode::Escape);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    settle(&mut app);
    assert!(app.world().get_resource::<Replay>().is_none());
}

#[test]
fn a_match_watched_again_goes_back_to_its_results_and_offers_no_phones() {
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &bots(3), 11, Speed::Instant);
    assert!(run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    let played = app.world().resource::<come_buy::stats::Stats>().clone();
    past_results_grace(&mut app);
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert!(app.world().get_resource::<Replay>().is_some());
    // The replay's pause menu: no phones, no controllers; Back to the results before Quit.
    press(&mut app, KeyCode::Escape);
    // The table reads its replay from the match (its mode), once a frame with the turn.
    let turn = *app.world().resource::<come_buy::table::gate::Turn>();
    assert_eq!(turn.mode, come_buy::table::Mode::Replay);
    assert!(turn.held());
    let items = come_buy::screens::overlay::pause_items_for(false, false, false, true);
    assert!(!items.contains(&"pause-phones"));
    let at = items.iter().position(|&i| i == "pause-to-results").unwrap();
    assert_eq!(items[at + 1], "pause-quit-to-title");
    for _ in 0..at {
        press(&mut app, KeyCode::ArrowDown);
    }
    press(&mut app, KeyCode::Enter);
    assert!(run_until(&mut app, 200, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    settle(&mut app);
    assert!(app.world().get_resource::<Replay>().is_none());
    let m = app.world().resource::<Match<GoblinMarket>>();
    assert!(m.game.is_over(), "the results of the whole match");
    assert_eq!(
        app.world().resource::<come_buy::stats::Stats>().games,
        played.games,
        "a match watched again is not counted again"
    );
}

#[test]
fn a_link_to_a_match_opens_it_and_a_broken_one_says_so_on_the_title() {
    use come_buy::notice::Notices;
    // A broken code (a link cut short): the title stays and says why.
    let mut app = headless_with(None);
    come_buy::launch::watch(&mut app, "AQIBAwAB-not-a-code".into());
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Title
    );
    let said = app.world().resource::<Notices>();
    assert!(
        said.lines.iter().any(|n| n.key == "launch"),
        "the title says the link could not be opened"
    );
    // A match's code: the replay opens.
    let r = record_of_game::<Mykonos>(2, 5, 1);
    let code = come_buy_engine::code::encode::<Mykonos>(&r).unwrap();
    let mut app = headless_with(None);
    come_buy::launch::watch(&mut app, code);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    assert!(app.world().get_resource::<Replay>().is_some());
}
