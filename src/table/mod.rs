//! The table's features and games, over its core ([`crate::table_core`], whose names are the
//! table's too): the hand-over, replays, guided games, undo, the game log, the devices at the
//! table, the closer look, a person's choice ([`kit`]) and each game's own folder. They build on
//! the services (saves, statistics, the phones), which build on the core: the folders use each
//! other one way only (`scripts/layers.sh`).

pub use crate::table_core::*;

pub mod closeup;
pub mod devices;
pub mod duchess;
pub mod goblin_market;
// The game built only for the tests (cargo feature `test-game`, never shipped).
#[cfg(feature = "test-game")]
pub mod goofspiel;
pub mod handover;
pub mod kit;
pub mod log;
pub mod mykonos;
pub(crate) mod near;
pub mod replay;
pub mod tutorial;
pub mod undo;

/// Registers a game's windowed table systems (its choice panel).
pub(crate) struct RegisterWindowed<'a>(pub &'a mut bevy::prelude::App);

impl EachGame for RegisterWindowed<'_> {
    fn visit<G: TableGame>(&mut self) {
        kit::register_panel::<G>(self.0);
    }
}
