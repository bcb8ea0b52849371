//! Changing the language mid-game says every word again at once: the menus, and the table,
//! which is rebuilt from its match record under the open menu without losing a move. (Its own
//! test binary: the language is one for the whole process.)

mod common;

use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::screens::{Overlay, Screen};
use come_buy::table::{Progress, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use common::*;

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
        *app.world().resource::<Overlay>(),
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
    switch_mid_game::<GoblinMarket>(3);
    switch_mid_game::<Mykonos>(2);
    switch_mid_game::<Duchess>(2);
}
