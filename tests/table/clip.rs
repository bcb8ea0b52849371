//! Match codes through the clipboard: the results copy the code (or say why not), and the
//! Watch list's Paste a match code opens a pasted code's replay or plays its deal, and refuses
//! anything else with the reason, staying on the list.

use crate::common::*;
use bevy::clipboard::ClipboardRead;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::clip::{ClipNote, PasteFor, Pasting};
use come_buy::nav::Owner;
use come_buy::screens::results::MatchCode;
use come_buy::screens::{MenuFocus, Overlay, Screen};
use come_buy::table::Match;
use come_buy_engine::goblin_market::GoblinMarket;

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// A whole bots-only Goblin Market, to its results; its code.
fn finished(app: &mut App) -> String {
    start_game::<GoblinMarket>(app, &bots(3), 5, Speed::Instant);
    assert!(run_until(app, 20_000, |app| screen(app) == Screen::Results));
    past_results_grace(app);
    app.world()
        .resource::<MatchCode>()
        .0
        .clone()
        .expect("a code")
}

#[test]
fn the_results_copy_the_code_or_say_why_not() {
    let mut app = headless();
    finished(&mut app);
    {
        let mut f = app.world_mut().resource_mut::<MenuFocus>();
        f.owner = Owner::Results;
        f.index = 2;
    }
    press(&mut app, KeyCode::Enter);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        screen(&app),
        Screen::Results,
        "copying stays on the results"
    );
    let note = app.world().resource::<ClipNote>().0.clone().unwrap();
    // Headless there may be no clipboard: then the note says so.
    assert!(
        note.contains("copied") || note.contains("could not be copied"),
        "{note}"
    );
}

/// The title's Watch list, open.
fn watch_list(app: &mut App) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Title);
    for _ in 0..3 {
        app.update();
    }
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(Overlay::Watch);
    app.update();
}

/// A paste arriving with `text`, for `purpose`.
fn pasted(app: &mut App, text: &str, purpose: PasteFor) {
    app.world_mut().insert_resource(Pasting {
        read: ClipboardRead::Ready(Ok(format!("  {text}\n"))),
        purpose,
    });
    for _ in 0..4 {
        app.update();
    }
}

#[test]
fn a_pasted_code_opens_its_replay_or_its_deal_and_anything_else_is_refused() {
    let mut app = headless();
    let code = finished(&mut app);
    let total = app.world().resource::<Match<GoblinMarket>>().actions.len();
    // Not a code: refused on the list, with the reason.
    watch_list(&mut app);
    pasted(&mut app, "hello there", PasteFor::Watch);
    assert_eq!(screen(&app), Screen::Title);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Watch
    );
    let note = app.world().resource::<ClipNote>().0.clone().unwrap();
    assert!(note.starts_with("That is not a match code"), "{note}");
    // A cut code too.
    pasted(&mut app, &code[..code.len() / 2], PasteFor::Watch);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Watch
    );
    // The code: its replay, at move 0 of the whole match.
    pasted(&mut app, &code, PasteFor::Watch);
    assert_eq!(screen(&app), Screen::Table);
    let replay = app.world().resource::<come_buy::table::replay::Replay>();
    assert_eq!(replay.total, total);
    // Its deal, played anew.
    watch_list(&mut app);
    pasted(&mut app, &code, PasteFor::PlayDeal);
    assert_eq!(screen(&app), Screen::Table);
    assert!(
        app.world()
            .get_resource::<come_buy::table::replay::Replay>()
            .is_none()
    );
    assert_eq!(app.world().resource::<Match<GoblinMarket>>().setup.seed, 5);
}

#[test]
fn paste_a_code_is_on_the_watch_list_even_with_no_match_kept() {
    let mut app = headless();
    watch_list(&mut app);
    // The list is empty: Paste a match code is first, Back second. Enter asks the clipboard.
    press(&mut app, KeyCode::Enter);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Watch
    );
    // Headless the clipboard is empty or absent: the list says there is nothing to open.
    let note = app.world().resource::<ClipNote>().0.clone().unwrap();
    assert!(
        note.starts_with("Nothing to paste") || note.starts_with("That is not a match code"),
        "{note}"
    );
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None,
        "Back"
    );
}
