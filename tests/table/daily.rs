//! Today's deal through the real screens: the title's Today's deal deals each game's deal of
//! the day (the person against Hard bots, the day's seed); one try counts: undo is refused,
//! quitting and continuing go on with the same try, and its first finish stays the day's
//! result whatever comes after (Watch again, dealing it again and finishing better or worse).
//! `--daily` opens a deal at launch, and an unknown one says so on the title.

use crate::common::screens::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::daily::{DailyNow, DayState, Today};
use come_buy::nav::Owner;
use come_buy::screens::title::Entry;
use come_buy::screens::{Overlay, Screen};
use come_buy::stats::Stats;
use come_buy::table::kit::ListChoice;
use come_buy::table::undo::UndoNow;
use come_buy::table::{Match, SeatKind, TableGame};
use come_buy_engine::daily::{Deal, bot, deals};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use come_buy_engine::undo::Refusal;

/// From the title: Today's deal, then deal `id` (Down presses, Enter).
fn open_deal(app: &mut App, id: &str) {
    choose_on_title(app, Entry::Daily);
    assert_eq!(place(app), (Screen::Title, Overlay::Daily));
    let at = deals().iter().position(|d| d.id == id).unwrap();
    focus_on(app, Owner::Daily, 0);
    for _ in 0..at {
        press(app, KeyCode::ArrowDown);
    }
    press(app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
}

fn today(app: &App) -> i64 {
    app.world().resource::<Today>().0
}

/// The match on the table is deal `id` of today: the seed, the person first, Hard bots.
fn check_deal<G: TableGame>(app: &App, id: &str) {
    let deal = Deal::by_id(id).unwrap();
    let m = app.world().resource::<Match<G>>();
    assert_eq!(m.setup.seed, deal.seed(today(app)), "{id}: today's seed");
    assert_eq!(m.seats.len(), deal.players, "{id}");
    assert!(m.seats[0].is_person(), "{id}: the person sits first");
    for s in &m.seats[1..] {
        assert_eq!(s.kind, SeatKind::Bot(bot().into()), "{id}: Hard bots");
    }
    assert!(m.setup.variants.is_empty());
}

/// The table's daily tag (head, how it counts).
fn tag(app: &App) -> Option<(String, String)> {
    come_buy::screens::daily::table_tag(app.world().resource::<DailyNow>())
}

fn counted(app: &App) -> bool {
    let serial = app.world().resource::<Match<Duchess>>().serial;
    app.world().resource::<DailyNow>().counted(serial)
}

#[test]
fn each_deal_seats_the_person_against_hard_bots_with_the_days_seed() {
    for deal in deals() {
        let mut app = headless();
        app.update();
        open_deal(&mut app, &deal.id);
        assert_eq!(place(&app), (Screen::Table, Overlay::None), "{}", deal.id);
        match deal.game.as_str() {
            "duchess" => check_deal::<Duchess>(&app, &deal.id),
            "mykonos" => check_deal::<Mykonos>(&app, &deal.id),
            _ => check_deal::<GoblinMarket>(&app, &deal.id),
        }
        let tag = app.world().resource::<DailyNow>().0.clone().unwrap();
        assert_eq!((tag.deal, tag.day, tag.counted), (deal, today(&app), true));
    }
}

/// The state of today's solo deal in the statistics.
fn solo_state(app: &App) -> DayState {
    let day = today(app);
    app.world().resource::<Stats>().daily.state("duchess", day)
}

/// Plays the Duchess to its results taking, at every decision, the choice right of the first
/// (`play_to_results` takes the first).
fn finish_choosing_right(app: &mut App) {
    let ok = run_until(app, 40_000, |app| {
        if place(app).0 == Screen::Results {
            return true;
        }
        if app
            .world()
            .get_resource::<ListChoice<<Duchess as Game>::Action>>()
            .is_some()
        {
            press(app, KeyCode::ArrowRight);
        }
        press(app, KeyCode::Enter);
        false
    });
    assert!(ok, "the deal reached its results");
    past_results_grace(app);
}

/// "Replace the saved game?" answered with Replace: the new deal goes on the table.
fn replace_saved(app: &mut App) {
    press(app, KeyCode::ArrowDown);
    press(app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(place(app).0, Screen::Table);
}

#[test]
fn one_try_counts_through_undo_quitting_continuing_watching_and_dealing_again() {
    let dir = temp_dir("daily");
    let mut app = headless_with(Some(dir.clone()));
    instant(&mut app);
    app.update();
    open_deal(&mut app, "duchess");
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    check_deal::<Duchess>(&app, "duchess");
    assert!(counted(&app));
    assert_eq!(solo_state(&app), DayState::Begun);
    // The table's tag says which day's deal it is, and that this try counts.
    let number = come_buy_engine::daily::number(today(&app));
    assert_eq!(
        tag(&app),
        Some((
            // (The day's number keeps its word: a no-break space between them.)
            format!("Today's deal · day\u{a0}{number}"),
            "Your first try counts · no undo".to_string()
        ))
    );
    // A few moves; undo is refused in the day's try, and changes nothing.
    play_to(&mut app, 3);
    let before = app.world().resource::<Match<Duchess>>().actions.len();
    for _ in 0..3 {
        app.update();
    }
    press(&mut app, KeyCode::KeyU);
    for _ in 0..4 {
        app.update();
    }
    let undo = app.world().resource::<UndoNow>().point;
    assert_eq!(undo, Err(Refusal::Daily));
    assert_eq!(
        app.world().resource::<Match<Duchess>>().actions.len(),
        before
    );
    // Quit: the try waits in its save; Today's deal continues it (not a new deal).
    quit_to_title(&mut app);
    assert_eq!(solo_state(&app), DayState::Begun);
    open_deal(&mut app, "duchess");
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    let m = app.world().resource::<Match<Duchess>>();
    assert!(m.restored, "the try continued from its save");
    assert_eq!(m.actions.len(), before);
    assert!(counted(&app));
    play_to_results(&mut app);
    let DayState::Done(first) = solo_state(&app) else {
        panic!("the first finish is the day's result");
    };
    let first_code = first.code.clone();
    assert!(first.rank.is_some(), "a solo deal keeps its rank");
    // The results say it, and the copy puts the shared line and the code on the clipboard.
    let (daily, stats) = (
        app.world().resource::<DailyNow>().clone(),
        app.world().resource::<Stats>().clone(),
    );
    let line = come_buy::screens::daily::result_line(&daily, &stats).unwrap();
    assert!(line.contains('◆'), "{line}");
    let (copied, note) = come_buy::screens::daily::copy_what(&first_code, &daily, &stats);
    assert_eq!(note, "clip-result-copied");
    assert!(
        copied.ends_with(&first_code) && copied.contains("Come Buy"),
        "{copied}"
    );
    assert!(!copied.contains("Necklace of"), "no card named: {copied}");
    // Watch again: a replay counts nothing.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::Enter);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(place(&app).0, Screen::Table);
    quit_to_title(&mut app);
    // Dealt again from Today's deal and finished with other choices: plays on, not counted.
    open_deal(&mut app, "duchess");
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    assert!(!app.world().resource::<Match<Duchess>>().restored);
    assert!(!counted(&app), "a deal dealt again does not count");
    assert_eq!(
        tag(&app).map(|t| t.1).as_deref(),
        Some("Played again: this try does not count")
    );
    finish_choosing_right(&mut app);
    let again = come_buy::screens::results::MatchCode::clone(
        app.world()
            .resource::<come_buy::screens::results::MatchCode>(),
    );
    assert_ne!(
        again.0.as_deref(),
        Some(first_code.as_str()),
        "another game"
    );
    assert_eq!(solo_state(&app), DayState::Done(first.clone()));
    // Kept on disk: a new run reads the same day.
    let kept = Stats::load(&come_buy::save::SaveDir(Some(dir.clone())));
    assert_eq!(
        kept.daily.state("duchess", today(&app)),
        DayState::Done(first)
    );
    assert_eq!(kept.daily.days_played(), 1);
    assert_eq!(kept.daily.streaks(today(&app)), (1, 1));
}

#[test]
fn a_try_dealt_again_before_it_finished_is_given_up() {
    let dir = temp_dir("daily-given-up");
    let mut app = headless_with(Some(dir));
    instant(&mut app);
    app.update();
    open_deal(&mut app, "duchess");
    play_to(&mut app, 2);
    quit_to_title(&mut app);
    // New game of the same game, replacing the try's save (asked, and said yes)...
    start_from_title(&mut app, come_buy::games::GameKind::of::<Duchess>(), 5);
    assert_eq!(place(&app), (Screen::NewGame, Overlay::Replace));
    replace_saved(&mut app);
    quit_to_title(&mut app);
    // ...then Today's deal again: a new deal, and the day is given up.
    open_deal(&mut app, "duchess");
    assert_eq!(place(&app), (Screen::Title, Overlay::Replace));
    replace_saved(&mut app);
    assert!(!counted(&app));
    assert_eq!(solo_state(&app), DayState::GivenUp);
    play_to_results(&mut app);
    assert_eq!(solo_state(&app), DayState::GivenUp);
}

#[test]
fn daily_at_launch_opens_the_deal_and_an_unknown_one_says_so() {
    let o = come_buy::cli::Options::parse(&["--daily".into(), "mykonos".into()]).unwrap();
    assert_eq!(o.daily.as_deref(), Some("mykonos"));
    let e = come_buy::cli::Options::parse(&["--daily".into(), "chess".into()]).unwrap_err();
    assert!(e.contains("duchess-duel"), "{e}");
    let mut app = headless();
    come_buy::launch::daily(&mut app, "goblin-market".into());
    for _ in 0..6 {
        app.update();
    }
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    check_deal::<GoblinMarket>(&app, "goblin-market");
    // A link naming no deal: the title stays and says why.
    let mut app = headless();
    come_buy::launch::daily(&mut app, "chess<script>".into());
    for _ in 0..6 {
        app.update();
    }
    assert_eq!(place(&app), (Screen::Title, Overlay::None));
    let notices = app.world().resource::<come_buy::notice::Notices>();
    assert!(format!("{notices:?}").contains("chess"), "{notices:?}");
}
