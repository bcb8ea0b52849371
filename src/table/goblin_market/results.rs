//! Goblin Market's results: symbols per suit and the points.

use super::*;
use crate::art::Art;
use crate::table::scores::{ResultColumn, ResultRow, ResultTable, Results};
use crate::theme;
use bevy::prelude::*;
use come_buy_engine::decktet::Suit;
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::suit_score;

impl Results for GoblinMarket {
    /// The results table: symbols per suit (positive in green, negative in red) and the points.
    fn result_table(m: &Match, art: &Art) -> ResultTable {
        let Some(scores) = m.game.scores() else {
            return ResultTable::default();
        };
        let positive = m.game.config().positive_suits;
        let mut rows: Vec<(i64, ResultRow)> = m
            .game
            .owned()
            .iter()
            .enumerate()
            .map(|(s, cards)| {
                let b = suit_score(m.game.decktet(), cards, positive);
                let cells = Suit::ALL
                    .iter()
                    .map(|suit| {
                        let i = suit.index();
                        let n = b.counts[i];
                        if n == 0 {
                            ("0".to_string(), theme::CREAM.with_alpha(0.4))
                        } else if b.positive[i] {
                            (format!("+{n}"), Color::srgb(0.55, 0.95, 0.55))
                        } else {
                            (format!("-{n}"), Color::srgb(1.0, 0.55, 0.5))
                        }
                    })
                    .collect();
                (
                    b.plus,
                    ResultRow {
                        seat: s,
                        name: m.seats[s].name.clone(),
                        cells,
                        total: b.total,
                        winner: scores.winners.contains(&s),
                    },
                )
            })
            .collect();
        rows.sort_by_key(|(plus, r)| (!r.winner, -r.total, -plus, r.seat));
        ResultTable {
            columns: Suit::ALL
                .iter()
                .map(|&s| ResultColumn {
                    icon: Some(art.of::<super::art::DecktetArt>().suit(s)),
                    label: come_buy_text::names::decktet_suit(s),
                })
                .collect(),
            rows: rows.into_iter().map(|(_, r)| r).collect(),
            total_label: come_buy_text::tr("gm-points"),
            footnote: come_buy_text::tr("gm-scoring-note"),
            headline: None,
        }
    }
}
