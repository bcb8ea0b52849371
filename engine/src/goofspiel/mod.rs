//! Goofspiel, a public-domain bidding game, built only for the tests (cargo feature
//! `test-game`, never shipped): the fourth game that proves a game lives in its folders and
//! the catalog's one line (see docs/architecture.md, "Adding a game").
//!
//! Each seat holds the cards 1 to N of its own suit; N prize cards (1 to N) lie shuffled face
//! down. Each round one prize turns up, and every seat bids one card of its hand face down (in
//! seat order; nobody sees another's bid until all have bid). The bids are shown: the one
//! highest bid takes the prize, worth its number; where the highest bid is tied, nobody takes
//! it and it is set aside. Bid cards are spent. After the last prize the most points wins.

pub mod bot;
pub mod catalog;
mod rules;
#[cfg(test)]
mod tests;

use crate::game::Seat;
use crate::levels::{self, DataError, Validate};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// The game's numbers (`levels/tests/goofspiel.ron`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub min_players: usize,
    pub max_players: usize,
    /// Cards in each hand and prizes in the pile (numbered 1 to this).
    pub cards: u8,
}

impl Validate for Config {
    fn problems(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.min_players < 2 || self.min_players > self.max_players || self.max_players > 6 {
            v.push(format!(
                "players {}-{}: a table of 2 to 6",
                self.min_players, self.max_players
            ));
        }
        if !(1..=20).contains(&self.cards) {
            v.push(format!("cards {}: 1 to 20", self.cards));
        }
        v
    }
}

/// The level file, embedded.
pub const LEVEL: levels::LevelFile = levels::LevelFile {
    path: "levels/tests/goofspiel.ron",
    text: include_str!(concat!(env!("COME_BUY_LEVELS"), "/tests/goofspiel.ron")),
};

/// The game's numbers, read once from [`LEVEL`] (checked by the test suite).
pub fn config() -> Arc<Config> {
    static CFG: OnceLock<Result<Arc<Config>, DataError>> = OnceLock::new();
    match CFG.get_or_init(|| LEVEL.parse().map(Arc::new)) {
        Ok(c) => c.clone(),
        Err(e) => panic!("{e}"),
    }
}

/// A seat's one decision: the card it bids for the prize.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Bid { card: u8 },
}

/// What the table shows, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The next prize turns up; `left` still lie face down.
    PrizeTurned { card: u8, left: usize },
    /// `seat` bid face down (the card only at its own seat's table).
    BidHidden { seat: Seat, card: Option<u8> },
    /// Every bid of the round, seat by seat.
    BidsShown { bids: Vec<u8> },
    /// The prize went to `seat`, or to nobody (a tie for the highest bid).
    PrizeTaken { seat: Option<Seat>, card: u8 },
    /// The last prize is gone: each seat's points.
    Ended { points: Vec<i64> },
}

/// The match: every hand, the prize pile, this round's bids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Goofspiel {
    pub(crate) players: usize,
    pub(crate) cards: u8,
    /// Each seat's cards still to bid, low to high.
    pub(crate) hands: Vec<Vec<u8>>,
    /// The prizes face down; the next to turn up is the last.
    pub(crate) pile: Vec<u8>,
    /// The prize up for bids (`None`: the game is over).
    pub(crate) prize: Option<u8>,
    /// This round's face-down bids.
    pub(crate) bids: Vec<Option<u8>>,
    /// The cards each seat bid in earlier rounds, in order (all seen).
    pub(crate) spent: Vec<Vec<u8>>,
    /// The prizes each seat took.
    pub(crate) won: Vec<Vec<u8>>,
    /// The prizes nobody took.
    pub(crate) set_aside: Vec<u8>,
}

/// What one seat knows.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub players: usize,
    /// The seat's own cards still to bid (its bid of this round left out).
    pub hand: Vec<u8>,
    /// The seat's own bid this round.
    pub my_bid: Option<u8>,
    /// Every seat's cards not yet shown (a face-down bid counts as not shown), low to high.
    pub unshown: Vec<Vec<u8>>,
    /// Who has bid this round.
    pub has_bid: Vec<bool>,
    pub prize: Option<u8>,
    /// Prizes still face down.
    pub pile_left: usize,
    pub won: Vec<Vec<u8>>,
    pub set_aside: Vec<u8>,
}

impl View {
    /// A seat's points so far.
    pub fn points(&self, seat: Seat) -> i64 {
        self.won[seat].iter().map(|&c| i64::from(c)).sum()
    }
}
