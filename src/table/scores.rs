//! What a finished match reports for the results screen: a table of columns (a suit, a coin,
//! a word) and one row per seat in finishing order. Each game fills it in
//! ([`crate::table::TableGame::result_table`]); the results screen draws it.

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
