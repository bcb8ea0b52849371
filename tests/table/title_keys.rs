//! The title's menu as a player presses it: in two columns the arrows move as the buttons
//! stand (Left and Right between the columns on a row, Down stopping at a column's bottom),
//! the focus starts on the first entry, never on Quit, and Quit asks once before it closes
//! the app.

use crate::common::screens::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::nav::Owner;
use come_buy::save::Saves;
use come_buy::screens::title::{Entry, QuitAsked, TitleColumns, entries, entries_asked};
use come_buy::screens::{MenuFocus, Overlay, Screen};

fn focus(app: &App) -> usize {
    app.world().resource::<MenuFocus>().of(Owner::Title)
}

fn at(app: &App, entry: Entry) -> usize {
    entries(app.world().resource::<Saves>())
        .iter()
        .position(|(e, _)| *e == entry)
        .unwrap_or_else(|| panic!("the title offers {entry:?}"))
}

fn quits(app: &App) -> usize {
    app.world()
        .resource::<Messages<AppExit>>()
        .iter_current_update_messages()
        .count()
}

#[test]
fn in_two_columns_the_arrows_move_as_the_buttons_stand() {
    let mut app = headless();
    app.update();
    // No game to continue: New game, Today's deal, Join a table, Settings, How to play on the
    // left; Learn to play, Statistics, Watch a match, Quit on the right (a row shorter).
    app.insert_resource(TitleColumns(true));
    let n = entries(app.world().resource::<Saves>()).len();
    assert_eq!(n, 9);
    let (settings, rules, quit) = (
        at(&app, Entry::Settings),
        at(&app, Entry::Rules),
        at(&app, Entry::Quit),
    );
    assert_eq!((settings, rules, quit), (3, 4, 8));
    assert_eq!(focus(&app), 0, "the title opens on New game");
    // Down four times: the left column's bottom, How to play; a fifth Down stays there (it
    // never jumps to the right column's top).
    for _ in 0..5 {
        press(&mut app, KeyCode::ArrowDown);
    }
    assert_eq!(focus(&app), rules);
    // Right from a row the right column does not reach: its last entry, Quit; Left from Quit
    // is Settings, beside it.
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(focus(&app), quit);
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(focus(&app), settings);
    // Right then Up: the right column's entry above Quit; Up at its top stays there.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(focus(&app), quit - 1);
    for _ in 0..5 {
        press(&mut app, KeyCode::ArrowUp);
    }
    assert_eq!(focus(&app), 5, "the right column's top");
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(focus(&app), 0);
    // The gamepad's D-pad moves the same way.
    let pad = Pad::connect(&mut app);
    pad.push(&mut app, GamepadButton::DPadRight);
    assert_eq!(focus(&app), 5);
    // In one column, Down goes through every entry in order, and stops at the last.
    app.insert_resource(TitleColumns(false));
    focus_on(&mut app, Owner::Title, 0);
    for _ in 0..n + 2 {
        press(&mut app, KeyCode::ArrowDown);
    }
    assert_eq!(focus(&app), n - 1);
}

#[test]
fn quit_asks_once_before_it_closes_the_app() {
    let mut app = headless();
    app.update();
    let quit = at(&app, Entry::Quit);
    assert_ne!(quit, 0, "Quit is never where the focus starts");
    focus_on(&mut app, Owner::Title, quit);
    // The first Enter only asks: the button says so, and nothing closes.
    tap(&mut app, KeyCode::Enter);
    assert_eq!(quits(&app), 0, "one Enter on Quit closed the app");
    assert!(app.world().resource::<QuitAsked>().0);
    let shown = entries_asked(app.world().resource::<Saves>(), true);
    assert_eq!(shown[quit].1, "Quit? Press again");
    // Moving away takes the question back; coming back, one Enter asks again.
    press(&mut app, KeyCode::ArrowUp);
    assert!(!app.world().resource::<QuitAsked>().0);
    press(&mut app, KeyCode::ArrowDown);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(quits(&app), 0);
    // Esc takes it back too, and leaves the title where it is.
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<QuitAsked>().0);
    assert_eq!(place(&app), (Screen::Title, Overlay::None));
    // Asked, then pressed again: the app closes, once.
    tap(&mut app, KeyCode::Enter);
    assert_eq!(quits(&app), 0);
    tap(&mut app, KeyCode::Enter);
    assert_eq!(quits(&app), 1, "the second press on Quit closes the app");
}
