//! What the catalog knows of Mýkonos beyond its rules: its name, variants, seats, level file,
//! guided games and card list (see [`CatalogGame`]).

use super::{self as mykonos, Mykonos, cards::Card as PokerCard};
use crate::entry::CatalogGame;
use serde::Serialize;
use std::ops::RangeInclusive;

/// A playing card in Mýkonos's list (all 52; fewer are in play with 2 or 3 players: see the
/// state's `removed_ranks`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PokerCardInfo {
    pub id: u8,
    pub name: String,
    pub short: String,
    pub rank: &'static str,
    pub rank_value: u8,
    pub suit: &'static str,
    pub face: bool,
}

impl CatalogGame for Mykonos {
    const NAME_KEY: &'static str = "game-mykonos";
    const VARIANTS: &'static [&'static str] = &[];
    type CardInfo = PokerCardInfo;
    const LEVEL: &'static crate::levels::LevelFile = &mykonos::LEVEL;
    type Config = mykonos::Config;
    const GUIDED: &'static [crate::tutorial::TutorialFile] = mykonos::GUIDED;

    fn seat_range() -> RangeInclusive<usize> {
        let c = mykonos::config();
        c.min_players..=c.max_players
    }

    fn cards() -> Vec<PokerCardInfo> {
        PokerCard::all()
            .into_iter()
            .map(|c| PokerCardInfo {
                id: c.id(),
                name: c.to_string(),
                short: c.short(),
                rank: c.rank_label(),
                rank_value: c.rank(),
                suit: c.suit().key(),
                face: c.is_face(),
            })
            .collect()
    }
}
