//! What a game's log lines are made of, which the table's contract names (`TableGame::log_line`
//! and `log_icons`): the small pictures beside a line and the names a game remembers between
//! effects. The log itself (its panel and its keeping) is a feature above the core
//! (`table/log.rs`).

use super::Match;
use bevy::prelude::*;
use come_buy_engine::game::Game;

/// A small picture beside a log line: the suits of a Decktet card named in it, a poker card's
/// suit pip, a jewel's wish gem, a coin for money (indices into [`crate::art::Art`]'s lists).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Icon {
    Suit(usize),
    Pip(usize),
    Gem(usize),
    Coin,
}

impl Icon {
    pub(crate) fn image(self, art: &crate::art::Art) -> Handle<Image> {
        use crate::art::IconSet;
        match self {
            Icon::Suit(i) => art.icon(IconSet::Suit, i),
            Icon::Pip(i) => art.icon(IconSet::Pip, i),
            Icon::Gem(i) => art.icon(IconSet::Gem, i),
            Icon::Coin => art.coin.clone(),
        }
    }
}

/// Names a game's log keeps between effects.
#[derive(Default, Debug, Clone, PartialEq)]
pub struct LogMemory {
    /// The card named at each slot of a row, as it was turned up.
    pub slots: Vec<String>,
}

impl LogMemory {
    pub(crate) fn set_slot(&mut self, slot: usize, name: String) {
        if self.slots.len() <= slot {
            self.slots.resize(slot + 1, String::new());
        }
        self.slots[slot] = name;
    }

    pub fn slot(&self, slot: usize) -> String {
        self.slots.get(slot).cloned().unwrap_or_default()
    }
}

/// What a game's log says: the capability `table/log.rs` reads. Each game implements it in
/// its own `log.rs`.
pub trait Logged: Game + Sized {
    /// The line for an effect as the room may see it (already redacted), or `None` for
    /// bookkeeping nobody needs to read; `memory` keeps names between effects.
    fn log_line(m: &Match<Self>, memory: &mut LogMemory, effect: &Self::Effect) -> Option<String>;
    /// The small pictures beside an effect's line (from the effect as the room sees it).
    fn log_icons(_effect: &Self::Effect) -> Vec<Icon> {
        Vec::new()
    }
}
