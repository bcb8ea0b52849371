//! Screens as Bevy states (title -> new game -> table -> results) and the overlays that can
//! open over any of them (pause, settings, rules help).

pub mod new_game;
pub mod overlay;
pub mod results;
pub mod title;

use crate::nav::Nav;
use bevy::prelude::*;

#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    NewGame,
    Table,
    Results,
}

/// A menu over the current screen; the table's clock stops while one is open.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    Pause,
    Settings,
    Rules,
}

/// Keyboard/gamepad focus of the menu on screen (reset when the screen or overlay changes).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus(pub usize);

/// Where the Settings/Rules overlays return to (the pause menu, or nothing on the title).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverlayReturn(pub Overlay);

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_resource::<Overlay>();
    app.init_resource::<MenuFocus>();
    app.init_resource::<OverlayReturn>();
    app.add_systems(Update, (esc_toggles_pause, reset_focus));
    title::plugin(app);
    new_game::plugin(app);
    results::plugin(app);
    overlay::plugin(app);
}

fn reset_focus(screen: Res<State<Screen>>, overlay: Res<Overlay>, mut focus: ResMut<MenuFocus>) {
    if screen.is_changed() || overlay.is_changed() {
        focus.0 = 0;
    }
}

/// Esc / Start: open the pause menu at the table, close any overlay elsewhere.
fn esc_toggles_pause(
    mut navs: MessageReader<Nav>,
    screen: Res<State<Screen>>,
    mut overlay: ResMut<Overlay>,
    back: Res<OverlayReturn>,
) {
    for nav in navs.read() {
        if *nav != Nav::Pause {
            continue;
        }
        *overlay = match *overlay {
            Overlay::None if *screen.get() == Screen::Table => Overlay::Pause,
            Overlay::None => Overlay::None,
            Overlay::Pause => Overlay::None,
            _ => back.0,
        };
    }
}

/// Menu navigation shared by the screens: Up/Down move, returns Confirm/Left/Right/Back.
pub fn menu_nav(navs: &mut MessageReader<Nav>, focus: &mut MenuFocus, items: usize) -> Vec<Nav> {
    let mut out = Vec::new();
    for nav in navs.read() {
        match nav {
            Nav::Up | Nav::Down => focus.0 = crate::nav::step_focus(focus.0, items, *nav, false),
            Nav::Pause => {}
            other => out.push(*other),
        }
    }
    focus.0 = focus.0.min(items.saturating_sub(1));
    out
}
