//! What the catalog knows of Goblin Market beyond its rules: its name, variants, seats, level
//! file, guided games and card list (see [`CatalogGame`]).

use super::{self as goblin_market, GoblinMarket};
use crate::decktet::decktet;
use crate::entry::CatalogGame;
use serde::Serialize;
use std::ops::RangeInclusive;

/// A Decktet card in the simulator's card list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecktetCardInfo {
    pub id: usize,
    /// The card's name's message key.
    pub key: String,
    pub rank: String,
    pub suits: Vec<&'static str>,
}

impl CatalogGame for GoblinMarket {
    const NAME_KEY: &'static str = "game-goblin-market";
    const VARIANTS: &'static [&'static str] = &[goblin_market::VARIANT_SHARED_TIES];
    type CardInfo = DecktetCardInfo;
    const LEVEL: &'static crate::levels::LevelFile = &goblin_market::LEVEL;
    type Config = goblin_market::Config;
    const GUIDED: &'static [crate::tutorial::TutorialFile] = goblin_market::GUIDED;

    fn seat_range() -> RangeInclusive<usize> {
        let c = goblin_market::config();
        c.min_players..=c.max_players
    }

    fn cards() -> Vec<DecktetCardInfo> {
        decktet()
            .cards
            .iter()
            .enumerate()
            .map(|(id, c)| DecktetCardInfo {
                id,
                key: format!("decktet-card-{}", c.key),
                rank: c.rank.id(),
                suits: c.suits.iter().map(|s| s.key()).collect(),
            })
            .collect()
    }
}
