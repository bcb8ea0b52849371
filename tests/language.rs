//! Changing the language mid-game says every word again at once: the menus, and the table,
//! which is rebuilt from its match record under the open menu without losing a move; at an
//! online match, on the host's table and on a friend's. (Its own test binary: the language is
//! one for the whole process, and its tests take turns.)

mod common;

use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::screens::{Overlay, Screen};
use come_buy::settings::Settings;
use come_buy::table::{Match, Progress, Remote, SeatKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use common::online::{Met, friend_moves, met, run_both};
use common::*;

/// The language is the process's: one test at a time changes it.
fn one_language_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Every non-empty text on the table.
fn texts(app: &mut App) -> Vec<String> {
    let mut q = app.world_mut().query::<&Text2d>();
    let mut v: Vec<String> = q
        .iter(app.world())
        .map(|t| t.0.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    v.sort();
    v
}

/// The texts that are words (a word of four letters or more that is not a seat's or a game's
/// name: those stay the same in every language).
fn wordy(texts: &[String]) -> Vec<String> {
    let names = ["Goblin", "Market", "Mýkonos"];
    texts
        .iter()
        .filter(|t| {
            t.split(|c: char| !c.is_alphabetic())
                .any(|w| w.chars().count() >= 4 && !names.contains(&w))
        })
        .cloned()
        .collect()
}

/// Every message of the current language said without arguments, and card names without
/// their article: a text left over from the last language that is one of these is also right
/// in this one ("Bardo" is the Bard in Spanish and in Italian).
fn said_now() -> std::collections::HashSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/locales")
        .join(come_buy_text::language().tag);
    let mut out = std::collections::HashSet::new();
    for file in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        for line in text.lines() {
            let Some((key, _)) = line.split_once(" =") else {
                continue;
            };
            if key.is_empty()
                || !key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                continue;
            }
            let said = come_buy_text::tr(key);
            out.insert(come_buy_text::names::without_article(&said));
            out.insert(said);
        }
    }
    out
}

/// The words of `before` still on the table `now` that the current language does not say.
fn left_over(before: &[String], now: &[String]) -> Vec<String> {
    let native = said_now();
    wordy(before)
        .into_iter()
        .filter(|t| now.contains(t) && !native.contains(t))
        .collect()
}

fn place(app: &App) -> (Screen, Overlay) {
    (
        *app.world().resource::<State<Screen>>().get(),
        *app.world().resource::<State<Overlay>>().get(),
    )
}

fn step_language(app: &mut App, key: KeyCode) {
    press(app, key);
    for _ in 0..6 {
        app.update();
    }
}

fn switch_mid_game<G: TableGame>(players: usize) {
    let mut app = headless();
    let kinds = people_then_bots(1, players - 1);
    start_game::<G>(&mut app, &kinds, 5, Speed::Instant);
    for _ in 0..40 {
        app.update();
    }
    let moves = app.world().resource::<Progress>().actions;
    let english = texts(&mut app);
    assert!(wordy(&english).len() >= 3, "{english:?}");
    // Pause, Settings, down to Language.
    press(&mut app, KeyCode::Escape);
    app.update();
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(place(&app), (Screen::Table, Overlay::Settings));
    for _ in 0..come_buy::screens::overlay::LANGUAGE_ROW {
        press(&mut app, KeyCode::ArrowDown);
    }
    app.update();
    step_language(&mut app, KeyCode::ArrowRight);
    assert_eq!(come_buy_text::language().tag, "es");
    assert_eq!(
        place(&app),
        (Screen::Table, Overlay::Settings),
        "the settings stay open"
    );
    // Open all along (not closed with the old table and opened again over the new one): the
    // focus is still on the language.
    assert_eq!(
        app.world()
            .resource::<come_buy::screens::MenuFocus>()
            .of(come_buy::nav::Owner::Settings),
        come_buy::screens::overlay::LANGUAGE_ROW,
        "the focus stays on the language"
    );
    assert_eq!(
        app.world().resource::<Progress>().actions,
        moves,
        "not a move lost or made"
    );
    let spanish = texts(&mut app);
    let unchanged = left_over(&english, &spanish);
    assert!(unchanged.is_empty(), "still in English: {unchanged:?}");
    assert!(
        spanish.len() + 3 >= english.len(),
        "{}: the table is all there: {} texts, {} before\n{english:?}\n{spanish:?}",
        G::ID,
        spanish.len(),
        english.len()
    );
    // The menus speak Spanish too.
    let saves = app.world().resource::<come_buy::save::Saves>().clone();
    let entries = come_buy::screens::title::entries(&saves);
    assert!(
        entries
            .iter()
            .any(|(_, label)| *label == come_buy_text::tr("menu-new-game")),
        "{entries:?}"
    );
    // On to Italian, then back to English: the same table as before.
    step_language(&mut app, KeyCode::ArrowRight);
    assert_eq!(come_buy_text::language().tag, "it");
    let italian = texts(&mut app);
    let left = left_over(&spanish, &italian);
    assert!(left.is_empty(), "still in Spanish: {left:?}");
    step_language(&mut app, KeyCode::ArrowRight);
    assert_eq!(come_buy_text::language().tag, "en");
    let again = texts(&mut app);
    let back: Vec<String> = wordy(&english)
        .into_iter()
        .filter(|t| !t.contains('\n') && again.contains(t))
        .collect();
    assert!(
        back.len() * 2 >= wordy(&english).len(),
        "English again: {again:?}"
    );
    // Done and Resume: the match goes on from where it was.
    press(&mut app, KeyCode::Escape);
    app.update();
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(place(&app), (Screen::Table, Overlay::None));
    assert_eq!(app.world().resource::<Progress>().actions, moves);
}

#[test]
fn switching_language_mid_game_says_every_word_again() {
    let _one = one_language_at_a_time();
    switch_mid_game::<GoblinMarket>(3);
    switch_mid_game::<Mykonos>(2);
    switch_mid_game::<Duchess>(2);
}

/// An online match of Mýkonos (a bot, a friend, a bot) goes on when the host's table changes
/// its language, and again when the friend's does: each table is rebuilt (the host's from its
/// record, keeping the friend's seat; the friend's from what it was shown, keeping its way to
/// the host), and both finish with the same results and the whole match.
#[test]
fn an_online_match_goes_on_when_the_host_or_the_friend_changes_language() {
    let _one = one_language_at_a_time();
    let bot = || SeatKind::Bot("normal".into());
    let kinds = [bot(), SeatKind::Online, bot()];
    let Met {
        mut host,
        mut guest,
        signal: _signal,
        dir,
        ..
    } = met::<Mykonos>(&kinds, 11, "language-online");
    let set = |app: &mut App, tag: &str| {
        app.world_mut().resource_mut::<Settings>().language = Some(tag.to_string());
    };
    // A rebuilt table: the host's match is installed again (a new serial); the friend's is
    // put back caught up (restored).
    let serial = |app: &App| app.world().resource::<Match<Mykonos>>().serial;
    let restored = |app: &App| app.world().resource::<Match<Mykonos>>().restored;
    let (mut host_at, mut guest_at, mut host_serial) = (None, None, 0);
    run_both(&mut host, &mut guest, |host, guest| {
        let steps = host.world().resource::<Match<Mykonos>>().actions.len();
        if host_at.is_none() && steps >= 6 {
            assert!(!restored(guest));
            host_serial = serial(host);
            set(host, "es");
            host_at = Some(steps);
        } else if host_at.is_some() && guest_at.is_none() && steps >= 16 {
            set(guest, "it");
            guest_at = Some(steps);
        }
        friend_moves::<Mykonos>(guest);
        let over = |app: &App| {
            app.world()
                .get_resource::<Match<Mykonos>>()
                .is_some_and(|m| m.game.is_over() && !m.actions.is_empty())
        };
        guest_at.is_some()
            && serial(host) != host_serial
            && restored(guest)
            && over(host)
            && over(guest)
    });
    assert_eq!(come_buy_text::language().tag, "it");
    come_buy_text::set_language("en");
    let hm = host.world().resource::<Match<Mykonos>>();
    let gm = guest.world().resource::<Match<Mykonos>>();
    assert_eq!(gm.game.scores(), hm.game.scores(), "the same results");
    assert_eq!(gm.actions, hm.actions, "the friend has the whole match");
    assert_eq!(
        hm.seats[1].kind,
        SeatKind::Online,
        "the host kept the friend's seat"
    );
    let friend_moved = hm.acted_by.iter().filter(|s| **s == 1).count();
    let after = hm.acted_by[guest_at.unwrap()..].iter().filter(|s| **s == 1);
    assert!(
        friend_moved > 2 && after.count() > 0,
        "the friend played, also after both rebuilds"
    );
    // The friend's way to the host came through its rebuild: it was shown the whole match.
    let shown = guest.world().resource::<Remote<Mykonos>>().history.len();
    let all = come_buy::save::restore::<Mykonos>(&come_buy::save::record_of(hm))
        .unwrap()
        .pending
        .len();
    assert_eq!(shown, all);
    let _ = std::fs::remove_dir_all(&dir);
}
