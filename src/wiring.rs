//! The app wires the table's features onto the table core: the hand-over, undo, the game log,
//! replays, guided games, the seats' devices and the closer look register here, from above,
//! so the core (`table/mod.rs`, layer 3 in `layers.txt`) names none of them. So do the bots'
//! driver and the end of a match, which wait while the table's gate holds the table (a replay
//! runs, a guide explains, the online lobby is open).

use crate::table::{
    EachGame, TableGame, TableSet, closeup, devices, drive_bots, finish_match, handover, log,
    playing, replay, tutorial, undo,
};
use bevy::prelude::*;

/// The features' shared systems (with or without a window).
pub(crate) fn core(app: &mut App) {
    handover::plugin(app);
    undo::plugin(app);
    log::plugin(app);
    replay::plugin(app);
    tutorial::plugin(app);
    devices::plugin(app);
    closeup::plugin(app);
    crate::online::plugin(app);
}

/// The features' panels, drawn only in a window.
pub(crate) fn windowed(app: &mut App) {
    log::windowed(app);
    replay::windowed(app);
    tutorial::windowed(app);
    devices::windowed(app);
    closeup::windowed(app);
    crate::online::windowed(app);
}

/// Each game's feature systems (the app visits every game with it, `crate::games`).
pub(crate) struct Features<'a>(pub &'a mut App);

impl EachGame for Features<'_> {
    fn visit<G: TableGame>(&mut self) {
        let app = &mut *self.0;
        // The bots read the table's gate (a replay, a guide's explanation or the lobby holds
        // it); the end of a match waits for the same.
        app.add_systems(
            Update,
            (
                drive_bots::<G>.run_if(resource_exists::<crate::table::Bots<G>>),
                finish_match::<G>,
            )
                .chain()
                .in_set(TableSet::Decide)
                .run_if(playing::<G>),
        );
        handover::register::<G>(app);
        undo::register::<G>(app);
        log::register::<G>(app);
        replay::register::<G>(app);
        tutorial::register::<G>(app);
        devices::register::<G>(app);
        crate::table::near::register::<G>(app);
        crate::online::register::<G>(app);
    }
}

/// Each game's windowed feature systems: the hand-over cover where hands are secret.
pub(crate) struct FeaturesWindowed<'a>(pub &'a mut App);

impl EachGame for FeaturesWindowed<'_> {
    fn visit<G: TableGame>(&mut self) {
        if G::HIDDEN_HANDS {
            handover::register_cover::<G>(self.0);
        }
    }
}
