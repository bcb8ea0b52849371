//! Come Buy's rules engine: three tabletop card games as plain data plus a seeded RNG, with
//! bots. No Bevy here: the table (the root crate) and the simulator (`sim/`) both sit on top.
//!
//! Every game implements [`game::Game`]: the current player, the legal actions, `apply` that
//! returns effects (what a spectator sees, in order) or a typed error (state unchanged), a
//! per-seat view with hidden information removed, and final scores. A match is a
//! [`game::Setup`] (players, seed, variants) plus a list of actions, and replays exactly.

pub mod bot;
pub mod bots;
pub mod catalog;
pub mod code;
pub mod daily;
pub mod decktet;
pub mod duchess;
pub mod entry;
pub mod game;
pub mod goblin_market;
#[cfg(feature = "test-game")]
pub mod goofspiel;
pub mod ismcts;
pub mod levels;
pub mod money;
pub mod mykonos;
pub mod record;
pub mod rng;
pub mod text;
pub mod tutorial;
pub mod undo;
mod world;

pub use game::{FinalScores, Game, RuleError, Search, Seat, Setup};
pub use text::{Arg, Text};
