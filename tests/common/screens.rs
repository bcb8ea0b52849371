//! Driving the real screens with key presses, as a player does: where the app is, New game,
//! playing on, quitting to the title, the Watch list and the guided games.
#![allow(dead_code)]

use super::{press, run_until};
use bevy::prelude::*;
use come_buy::games::GameKind;
use come_buy::nav::Owner;
use come_buy::save::Saves;
use come_buy::screens::new_game::{GameSetup, Row, row_list};
use come_buy::screens::title::{Entry, entries, entries_with};
use come_buy::screens::{MenuFocus, Overlay, Screen};
use come_buy::settings::{ANIM_SPEEDS, Settings};
use come_buy::table::Progress;

pub type Place = (Screen, Overlay);

pub fn place(app: &App) -> Place {
    (
        *app.world().resource::<State<Screen>>().get(),
        *app.world().resource::<State<Overlay>>().get(),
    )
}

/// Presses `key` once, then runs `frames` more frames; returns every place the app was in,
/// starting with where it was before the press (consecutive repeats collapsed).
pub fn places_after(app: &mut App, key: KeyCode, frames: usize) -> Vec<Place> {
    let mut seen = vec![place(app)];
    press(app, key);
    for _ in 0..=frames {
        let p = place(app);
        if *seen.last().unwrap() != p {
            seen.push(p);
        }
        app.update();
    }
    let p = place(app);
    if *seen.last().unwrap() != p {
        seen.push(p);
    }
    seen
}

/// One press moves from `from` to `to` and nowhere else, for the next 10 frames.
pub fn one_transition(app: &mut App, key: KeyCode, to: Place) {
    let from = place(app);
    let seen = places_after(app, key, 10);
    assert_eq!(seen, vec![from, to], "{key:?} from {from:?}");
}

pub fn focus_on(app: &mut App, owner: Owner, index: usize) {
    let mut f = app.world_mut().resource_mut::<MenuFocus>();
    f.owner = owner;
    f.index = index;
}

/// Animations at instant speed.
pub fn instant(app: &mut App) {
    app.insert_resource(Settings {
        anim_speed: ANIM_SPEEDS.len() - 1,
        ..Settings::default()
    });
}

/// The title's entry `entry` (with Watch a match offered), focused by presses of Down from
/// the first entry, then Enter.
pub fn choose_on_title(app: &mut App, entry: Entry) {
    let saves = app.world().resource::<Saves>().clone();
    let at = entries_with(&saves, true)
        .iter()
        .position(|(e, _)| *e == entry)
        .unwrap_or_else(|| panic!("the title offers {entry:?}"));
    focus_on(app, Owner::Title, 0);
    for _ in 0..at {
        press(app, KeyCode::ArrowDown);
    }
    press(app, KeyCode::Enter);
    app.update();
}

/// From the title: New game, then Start with the setup as it is (for `game`, dealt with
/// `seed`).
pub fn start_from_title(app: &mut App, game: GameKind, seed: u64) {
    let entries = entries(app.world().resource::<Saves>());
    let i = entries.iter().position(|(e, _)| *e == Entry::Play).unwrap();
    focus_on(app, Owner::Title, i);
    press(app, KeyCode::Enter);
    app.update();
    assert_eq!(place(app), (Screen::NewGame, Overlay::None));
    {
        let mut s = app.world_mut().resource_mut::<GameSetup>();
        s.set_game(game);
        s.seed = Some(seed);
    }
    let start = row_list(app.world().resource::<GameSetup>())
        .iter()
        .position(|r| *r == Row::Start)
        .unwrap();
    focus_on(app, Owner::NewGame, start);
    press(app, KeyCode::Enter);
    app.update();
}

/// Moves made in the match on the table.
pub fn actions(app: &App) -> usize {
    app.world().resource::<Progress>().actions
}

/// Plays (Enter at each person's choice) until at least `n` moves have been made.
pub fn play_to(app: &mut App, n: usize) {
    let ok = run_until(app, 20_000, |app| {
        if actions(app) >= n {
            return true;
        }
        press(app, KeyCode::Enter);
        false
    });
    assert!(ok, "the match reached {n} moves");
}

/// Enter at every person's choice and caption until the results open.
pub fn play_to_results(app: &mut App) {
    let ok = run_until(app, 40_000, |app| {
        if place(app).0 == Screen::Results {
            return true;
        }
        press(app, KeyCode::Enter);
        false
    });
    assert!(ok, "the match reached its results");
    super::past_results_grace(app);
}

/// Esc, then the pause menu's last entry (Quit to title), then Enter.
pub fn quit_to_title(app: &mut App) {
    one_transition(app, KeyCode::Escape, (Screen::Table, Overlay::Pause));
    // Quit is the last entry (games with hidden hands add Phones as hands before it on the
    // desktop): Down until the focus stops there (Up from the first entry does not wrap).
    press(app, KeyCode::ArrowUp);
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Pause), 0);
    for _ in 0..8 {
        press(app, KeyCode::ArrowDown);
    }
    assert!(app.world().resource::<MenuFocus>().of(Owner::Pause) >= 3);
    one_transition(app, KeyCode::Enter, (Screen::Title, Overlay::None));
}

/// The pause menu's entry `key`, chosen with Down presses and Enter.
pub fn pause_entry(app: &mut App, items: &[&str], key: &str) {
    one_transition(app, KeyCode::Escape, (Screen::Table, Overlay::Pause));
    let at = items.iter().position(|k| *k == key).unwrap();
    for _ in 0..at {
        press(app, KeyCode::ArrowDown);
    }
    press(app, KeyCode::Enter);
    app.update();
}

/// From the title: Learn to play, then guided game `id`, with the keyboard. Ends at the
/// table.
pub fn open_guided(app: &mut App, id: &str) {
    choose_on_title(app, Entry::Learn);
    assert_eq!(place(app), (Screen::Title, Overlay::Learn));
    let index = come_buy::table::tutorial::ids()
        .iter()
        .position(|i| *i == id)
        .unwrap();
    for _ in 0..index {
        press(app, KeyCode::ArrowDown);
    }
    press(app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(place(app), (Screen::Table, Overlay::None));
}

/// From the title: Watch a match (the list opens).
pub fn open_watch_list(app: &mut App) {
    choose_on_title(app, Entry::Watch);
    assert_eq!(place(app), (Screen::Title, Overlay::Watch));
}
