//! The table's gate: what holds the table still, written by the features that hold it (a
//! guided game's explanation, a replay) and read by whoever offers a choice from elsewhere
//! (the phones), so nothing below those features has to know about them.

use bevy::prelude::*;

/// What holds the table now. The guide and a replay write their hold here each frame (in
/// [`GateSet`]); a phone's room reads it before it sends a phone its choices.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gate {
    /// A guided game's explanation waits for Continue: nobody acts.
    pub guide_holds: bool,
    /// A guided game's scripted part is under way (its moves are the guide's).
    pub guided: bool,
    /// A replay plays the table: nobody acts, no phone holds a seat.
    pub replay: bool,
}

/// The systems that write the gate: they run before anything that reads it in a frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GateSet;

pub fn plugin(app: &mut App) {
    app.init_resource::<Gate>();
    app.configure_sets(
        Update,
        GateSet
            .after(crate::state::MenuSet)
            .before(super::TableSet::Present),
    );
}

/// Sets one hold of the gate, marking it changed only when it changes.
pub fn set_hold(gate: &mut ResMut<Gate>, write: impl FnOnce(&mut Gate)) {
    let mut next = **gate;
    write(&mut next);
    gate.set_if_neq(next);
}
