//! What the catalog knows of Goofspiel beyond its rules (see [`CatalogGame`]).

use super::{self as goofspiel, Goofspiel};
use crate::entry::CatalogGame;
use serde::Serialize;
use std::ops::RangeInclusive;

/// A card of Goofspiel's list: a number (each hand and the prizes hold one of each).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NumberCardInfo {
    pub id: u8,
    pub value: u8,
}

impl CatalogGame for Goofspiel {
    const NAME_KEY: &'static str = "game-goofspiel";
    const VARIANTS: &'static [&'static str] = &[];
    type CardInfo = NumberCardInfo;
    const LEVEL: &'static crate::levels::LevelFile = &goofspiel::LEVEL;
    type Config = goofspiel::Config;
    const GUIDED: &'static [crate::tutorial::TutorialFile] = &[];

    fn seat_range() -> RangeInclusive<usize> {
        let c = goofspiel::config();
        c.min_players..=c.max_players
    }

    fn cards() -> Vec<NumberCardInfo> {
        (1..=goofspiel::config().cards)
            .map(|value| NumberCardInfo { id: value, value })
            .collect()
    }
}
