//! What a finished match reports for the results screen: a table of columns (a suit, a coin,
//! a word) and one row per seat in finishing order. Each game fills it in
//! ([`crate::table_core::TableGame::result_table`]); the results screen draws it.

use bevy::prelude::*;

/// A column of the results table: an icon (a suit symbol, a coin) or a word.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultColumn {
    pub icon: Option<Handle<Image>>,
    pub label: String,
}

/// One row of the results table, in finishing order.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub seat: usize,
    pub name: String,
    /// One entry per column: the text and its colour.
    pub cells: Vec<(String, Color)>,
    pub total: i64,
    pub winner: bool,
}

/// What the results screen shows for a finished match.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ResultTable {
    pub columns: Vec<ResultColumn>,
    pub rows: Vec<ResultRow>,
    /// The total's heading ("Points", "Money", "Florins").
    pub total_label: String,
    /// One line under the table on how the game was scored.
    pub footnote: String,
    /// A headline that replaces "X wins!" (solo: the rank earned).
    pub headline: Option<String>,
}

impl ResultTable {
    /// Sorts rows into finishing order: winners first, then by total.
    pub fn sort(&mut self) {
        self.rows.sort_by_key(|r| (!r.winner, -r.total, r.seat));
    }
}

/// What a finished match shows: the capability the results screen and the statistics read.
/// Each game implements it in its own `results.rs`.
pub trait Results: come_buy_engine::game::Game + Sized {
    /// The results screen's table for a finished match.
    fn result_table(m: &super::Match<Self>, art: &crate::art::Art) -> ResultTable;
    /// The results screen: `seat`'s final cards (its hand; the Duchess: its necklace),
    /// spawned face down at the origin; the screen places and turns them.
    fn spawn_final_hand(
        _commands: &mut Commands,
        _art: &crate::art::Art,
        _fonts: &crate::theme::Fonts,
        _m: &super::Match<Self>,
        _seat: come_buy_engine::game::Seat,
    ) -> Vec<Entity> {
        Vec::new()
    }
    /// The solo rank a finished match earned (its key), for the statistics; `None` in games
    /// without one.
    fn solo_rank(_m: &super::Match<Self>) -> Option<String> {
        None
    }
    /// The solo rank's step on its ladder: (its index, 0 the lowest; the number of ranks).
    fn solo_ladder(_m: &super::Match<Self>) -> Option<(usize, usize)> {
        None
    }
}
