//! A game's entry in the catalog: what the catalog knows of it beyond the engine's `Game`.
//! Each game writes its own (`<game>/catalog.rs`); the catalog ([`crate::catalog`]) is the
//! list of them. (Apart from the list, so a game's folder uses it without a circle.)

use crate::bots::WithBots;
use serde::Serialize;
use std::ops::RangeInclusive;

/// What the catalog knows of each game beyond the engine's `Game`.
pub trait CatalogGame: WithBots + crate::game::Search {
    /// The text key of the game's name on the menus.
    const NAME_KEY: &'static str;
    /// The rule variants a setup may name (`after-empty-N` stands for a family).
    const VARIANTS: &'static [&'static str];
    /// One card as the simulator's card list shows it.
    type CardInfo: Serialize;
    /// How many may sit at the table, read from the game's level file.
    fn seat_range() -> RangeInclusive<usize>;
    /// Every card of the game (those of expansions too), in id order.
    fn cards() -> Vec<Self::CardInfo>;
    /// The game's level file (`levels/<id>.ron`), embedded.
    const LEVEL: &'static crate::levels::LevelFile;
    /// What the level file holds.
    type Config: serde::de::DeserializeOwned + crate::levels::Validate;
    /// The game's guided first games (`levels/tutorials/`), in the menu's order.
    const GUIDED: &'static [crate::tutorial::TutorialFile];
    /// Reads and checks a level file of this game from disk (`come-buy-sim check-levels`).
    fn check_level(path: &std::path::Path) -> Result<(), crate::levels::DataError> {
        crate::levels::load::<Self::Config>(path).map(|_| ())
    }
}
