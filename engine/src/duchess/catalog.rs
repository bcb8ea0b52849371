//! What the catalog knows of the Duchess's Necklace beyond its rules: its name, variants,
//! seats, level file, guided games and card list (see [`CatalogGame`]).

use super::{self as duchess, Duchess};
use crate::entry::CatalogGame;
use serde::Serialize;
use std::ops::RangeInclusive;

/// A jeweller's card in the Duchess's list (the expansions' cards are in play only with
/// their variants).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JewelCardInfo {
    pub id: usize,
    /// The card's name's message key.
    pub key: String,
    pub set: &'static str,
    pub top: Vec<String>,
    pub wish: Option<WishInfo>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WishInfo {
    pub gem: String,
    pub count: u8,
    pub florins: u32,
}

impl CatalogGame for Duchess {
    const NAME_KEY: &'static str = "game-duchess";
    const VARIANTS: &'static [&'static str] = &[
        duchess::VARIANT_RAINBOW,
        duchess::VARIANT_GOLD,
        "after-empty-N",
    ];
    type CardInfo = JewelCardInfo;
    const LEVEL: &'static crate::levels::LevelFile = &duchess::deck::LEVEL;
    type Config = duchess::Config;
    const GUIDED: &'static [crate::tutorial::TutorialFile] = duchess::deck::GUIDED;

    fn seat_range() -> RangeInclusive<usize> {
        let c = duchess::deck::config();
        c.min_players..=c.max_players
    }

    fn cards() -> Vec<JewelCardInfo> {
        duchess::deck::config()
            .cards
            .iter()
            .enumerate()
            .map(|(id, c)| JewelCardInfo {
                id,
                key: format!("duchess-card-{}", c.key),
                set: c.set.key(),
                top: c.top.iter().map(|g| format!("{g:?}")).collect(),
                wish: c.wish.map(|w| WishInfo {
                    gem: format!("{:?}", w.gem),
                    count: w.count,
                    florins: w.florins,
                }),
            })
            .collect()
    }
}
