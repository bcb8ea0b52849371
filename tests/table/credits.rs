//! Credits: from the title's How to play, with the keyboard and with a click, scrolled by keys,
//! and back to How to play, then to the title; the words are there in every language.

use crate::common::screens::*;
use crate::common::*;
use bevy::prelude::*;
use come_buy::nav::{Nav, Owner, UiPress};
use come_buy::screens::title::Entry;
use come_buy::screens::{MenuFocus, Overlay, Screen};
use come_buy::ui::ReadingScroll;

#[test]
fn credits_open_from_how_to_play_and_return() {
    let mut app = headless();
    app.update();
    choose_on_title(&mut app, Entry::Rules);
    assert_eq!(place(&app), (Screen::Title, Overlay::Rules));
    // Back, Guided games, Credits: Right twice, then Enter.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Rules), 2);
    one_transition(&mut app, KeyCode::Enter, (Screen::Title, Overlay::Credits));
    // Down scrolls and keeps it open; Esc returns to How to play, and Esc again to the title.
    // (The drawing measures the text; headless, give it a size.)
    {
        let mut s = app.world_mut().resource_mut::<ReadingScroll>();
        s.max = 500.0;
        s.page = 300.0;
    }
    press(&mut app, KeyCode::ArrowDown);
    assert_eq!(place(&app), (Screen::Title, Overlay::Credits));
    assert!(app.world().resource::<ReadingScroll>().offset > 0.0);
    one_transition(&mut app, KeyCode::Escape, (Screen::Title, Overlay::Rules));
    assert_eq!(
        app.world().resource::<ReadingScroll>().offset,
        0.0,
        "opens at the top next time"
    );
    one_transition(&mut app, KeyCode::Escape, (Screen::Title, Overlay::None));
    // The mouse: How to play's Credits button, then the credits' Back button.
    choose_on_title(&mut app, Entry::Rules);
    for (owner, pick, to) in [
        (Owner::Rules, 2, Overlay::Credits),
        (Owner::Credits, 0, Overlay::Rules),
    ] {
        app.world_mut().write_message(UiPress {
            owner,
            nav: Nav::Pick(pick),
        });
        app.update();
        app.update();
        assert_eq!(place(&app), (Screen::Title, to), "{owner:?} button {pick}");
    }
    // Left from Back wraps round to Credits.
    focus_on(&mut app, Owner::Rules, 0);
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(app.world().resource::<MenuFocus>().of(Owner::Rules), 2);
}

#[test]
fn the_credits_name_the_designers_and_the_decktet_licence_in_every_language() {
    for (i, lang) in come_buy_text::LANGUAGES.iter().enumerate() {
        let text = come_buy_text::catalog_of(i)
            .try_say(&come_buy_engine::text::Text::new("credits-text"))
            .unwrap_or_else(|e| panic!("{}: {e}", lang.tag));
        let lang = lang.tag;
        for name in [
            "P.D. Magnus",
            "José Carlos de Diego Guerrero",
            "El Collar de la Duquesa",
            "Creative Commons",
            "3.0",
            "MIT",
            "CREDITS.md",
        ] {
            assert!(text.contains(name), "{lang}: {name} in {text}");
        }
    }
}
