//! Clicks as a player's pointer makes them, through egui's own input (a press and a release
//! at a point of the laid-out screen), on the places where a click once did what it should
//! not.

use super::look::sight;
use super::places::go;
use super::{Audit, WINDOWS, one_at_a_time};
use crate::common::online::online_settings;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::{EguiInput, PrimaryEguiContext};
use come_buy::audit::LaidOut;
use come_buy::nav::Owner;
use come_buy::online::guest::{JoinForm, OnlineGuest};
use come_buy::screens::{MenuFocus, Overlay, Screen};
use come_buy_online::signal::Signal;

/// Where the text `words` stands on the screen now (its middle, in egui's points).
fn middle_of(app: &App, words: &str) -> egui::Pos2 {
    let seen = sight(app.world().resource::<LaidOut>());
    let found: Vec<_> = seen.texts.iter().filter(|t| t.text == words).collect();
    assert_eq!(found.len(), 1, "{words:?} on screen once: {found:?}");
    found[0].rect.center()
}

/// The pointer moves to `at`, presses and lets go there, one frame each (as egui sees a
/// mouse), then the app runs two frames more.
fn click_at(app: &mut App, at: egui::Pos2) {
    click_with(app, at, true);
}

/// [`click_at`]; `moves`: whether the pointer's move comes first (else only the press and
/// the release say where it is, as a first click on a page opened under a still mouse).
fn click_with(app: &mut App, at: egui::Pos2, moves: bool) {
    let steps = [None, Some(true), Some(false), None, None];
    for pressed in steps {
        let world = app.world_mut();
        let mut q = world.query_filtered::<&mut EguiInput, With<PrimaryEguiContext>>();
        let mut input = q.single_mut(world).expect("one egui context");
        if moves {
            input.events.push(egui::Event::PointerMoved(at));
        }
        if let Some(pressed) = pressed {
            input.events.push(egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::default(),
            });
        }
        app.update();
    }
}

/// Join a table with a whole code typed: a click in the code box puts the caret there and
/// joins nothing (issue 62: it started joining the code); a click on Join does join (the
/// clicks reach the form at all).
#[test]
fn a_click_in_join_a_tables_code_box_puts_the_caret_there_and_never_joins() {
    let _one = one_at_a_time();
    let signal = Signal::serve("127.0.0.1:0".parse().unwrap(), vec![]).unwrap();
    let mut a = Audit::new(WINDOWS[1]);
    online_settings(&mut a.app, &signal.url());
    go(&mut a.app, Screen::Title, Overlay::Online);
    let code = "ACDE-FHJK-MNPR";
    a.app.world_mut().resource_mut::<JoinForm>().code = code.into();
    {
        let mut focus = a.app.world_mut().resource_mut::<MenuFocus>();
        assert_eq!(focus.owner, Owner::Online);
        focus.index = 3;
    }
    a.app.update();
    let at = middle_of(&a.app, code);
    click_at(&mut a.app, at);
    let w = a.app.world();
    assert!(w.get_resource::<OnlineGuest>().is_none(), "a click joined");
    assert_eq!(
        w.resource::<MenuFocus>().index,
        0,
        "the caret in the code box"
    );
    assert_eq!(*w.resource::<State<Overlay>>().get(), Overlay::Online);
    assert_eq!(w.resource::<JoinForm>().error, None);
    let join = come_buy_text::tr("online-join");
    let at = middle_of(&a.app, &join);
    click_at(&mut a.app, at);
    let guest = a.app.world().get_resource::<OnlineGuest>();
    assert!(
        guest.is_some_and(|g| g.room.code == "ACDEFHJKMNPR"),
        "Join joins"
    );
}

/// The title's first click, with no move of the pointer before it (the page just opened under
/// a still mouse; a playtest said such a click may only highlight): New game opens.
#[test]
fn a_first_click_on_the_title_with_no_move_before_it_opens_new_game() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[1]);
    go(&mut a.app, Screen::Title, Overlay::None);
    let at = middle_of(&a.app, &come_buy_text::tr("menu-new-game"));
    click_with(&mut a.app, at, false);
    a.app.update();
    assert_eq!(
        *a.app.world().resource::<State<Screen>>().get(),
        Screen::NewGame
    );
}
