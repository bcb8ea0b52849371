//! Screens as Bevy states (title -> new game -> table -> results) and the overlays that can
//! open over any of them (pause, settings, rules help, "replace the saved game?").
//!
//! Every menu is split in two: its logic runs in `Update` ([`MenuSet`]) and takes the frame's
//! presses from the [`Inbox`] only when it is the topmost owner; its drawing (egui) only
//! reads the state and sends clicks back as [`UiPress`]es tagged with its owner. So the
//! headless tests drive the very logic people use, and one press is handled exactly once.

pub mod credits;
pub mod daily;
pub mod learn;
pub mod new_game;
pub mod overlay;
pub mod results;
pub mod setup;
pub mod stats;
pub mod title;
pub mod title_room;
pub mod watch;

use crate::nav::{Inbox, Nav, Owner};
use bevy::prelude::*;

// The states and the menus' shared logic live below the screens (`state`, `menu`); these
// names stay reachable here for the tests and tools that use them.
pub use crate::menu::{MenuAct, MenuInput, STEADY, click, menu_acts, take_if_owner};
pub use crate::state::{
    MenuFocus, MenuSet, OnlineBlocked, Overlay, OverlayReturn, Overlays, Screen,
};

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_state::<Overlay>();
    app.init_resource::<crate::state::KeepOverlay>();
    app.add_computed_state::<Owner>();
    // A menu that changes the screen stays up (and keeps the input) until the screen has
    // changed, so nothing underneath acts in between; the new screen opens with no overlay.
    // And a menu that takes over the input starts on its first entry (even when the one
    // before it kept no focus of its own, like the table or the rules), as its owner is
    // entered.
    use bevy::state::state::StateTransitionSystems as Step;
    app.add_systems(
        StateTransition,
        (
            crate::state::close_with_screen.before(Step::DependentTransitions),
            claim_focus
                .run_if(state_changed::<Owner>)
                .after(Step::EnterSchedules),
        ),
    );
    app.init_resource::<overlay::CloseAsked>();
    // Close the table's question stands only while the pause menu is up.
    app.add_systems(
        OnExit(Overlay::Pause),
        |mut asked: ResMut<overlay::CloseAsked>| {
            asked.0 = false;
        },
    );
    app.init_resource::<MenuFocus>();
    app.init_resource::<OverlayReturn>();
    app.configure_sets(Update, MenuSet.before(crate::table::TableSet::Present));
    for screen in [
        Screen::Title,
        Screen::NewGame,
        Screen::Table,
        Screen::Results,
    ] {
        // One line per screen in the log (the browser checks follow the game by it).
        app.add_systems(OnEnter(screen), move || info!("screen: {screen:?}"));
    }
    // Which menu takes a frame's presses is its owner's alone (a state, fixed for the whole
    // frame), so the order below decides nothing of that; it stays a chain for a frame the
    // same on every run, and because the table's Esc must be read before the table's other
    // presses are filtered (the last two).
    app.add_systems(
        Update,
        (
            crate::phones::panel::open_claims,
            crate::phones::panel::claim_logic,
            overlay::rules_logic,
            stats::stats_logic,
            watch::watch_logic,
            watch::poll_paste,
            learn::learn_logic,
            daily::daily_logic,
            crate::table::devices::join_logic,
            crate::phones::panel::phones_logic.run_if(in_state(Overlay::Phones)),
            overlay::settings_logic,
            overlay::pause_logic.run_if(in_state(Overlay::Pause)),
            overlay::replace_logic,
            title::title_logic,
            new_game::new_game_logic,
            results::results_logic,
            table_pause,
            crate::table::devices::filter_table_presses,
        )
            .chain()
            .in_set(MenuSet),
    );
    // (The online rooms' menus join this chain from `crate::online::plugin`, between the guided
    // games' and the controllers'.)
    title::plugin(app);
    new_game::plugin(app);
    results::plugin(app);
    overlay::plugin(app);
    credits::plugin(app);
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        (
            stats::stats_overlay.run_if(in_state(Overlay::Stats)),
            watch::watch_overlay.run_if(in_state(Overlay::Watch)),
            learn::learn_overlay.run_if(in_state(Overlay::Learn)),
            daily::daily_overlay.run_if(in_state(Overlay::Daily)),
            daily::draw_table_tag
                .after(crate::ui::style_egui)
                .run_if(in_state(Screen::Table)),
        ),
    );
}

/// The menu whose owner was entered takes the focus: its first entry, or where it was for a
/// screen's menu coming back from a panel over it.
fn claim_focus(owner: Res<State<Owner>>, mut focus: ResMut<MenuFocus>) {
    focus.claim(*owner.get());
}

/// Esc / Start at the table (no overlay, the hand-over cover included) opens the pause menu;
/// the rest of that frame's presses are dropped.
fn table_pause(owner: Res<State<Owner>>, mut overlay: Overlays, mut inbox: ResMut<Inbox>) {
    if *owner.get() != Owner::Table {
        return;
    }
    // Take, look for Esc, and give the rest back for the table's own systems.
    let presses = inbox.take(Owner::Table);
    if presses.iter().any(|p| p.nav == Some(Nav::Pause)) {
        overlay.set(Overlay::Pause);
        return;
    }
    for p in presses {
        inbox.push(p);
    }
}
