//! Mýkonos's results: money, with face cards in hand as the tie-break.

use super::*;
use crate::art::Art;
use crate::table::scores::{ResultColumn, ResultRow, ResultTable, Results};
use crate::theme;
use bevy::prelude::*;
use come_buy_engine::game::Game;

impl Results for Mykonos {
    /// The results: money, and the face cards in hand (the tie-break).
    fn result_table(m: &Match, art: &Art) -> ResultTable {
        let Some(scores) = m.game.scores() else {
            return ResultTable::default();
        };
        let v = m.game.view(None);
        let faces: Vec<usize> = (0..m.seats.len())
            .map(|s| scores.tiebreak.get(s).copied().unwrap_or(0) as usize)
            .collect();
        let mut t = ResultTable {
            columns: vec![
                ResultColumn {
                    icon: None,
                    label: come_buy_text::tr("mykonos-face-cards"),
                },
                ResultColumn {
                    icon: None,
                    label: come_buy_text::tr("mykonos-cards"),
                },
            ],
            rows: (0..m.seats.len())
                .map(|s| ResultRow {
                    seat: s,
                    name: m.seats[s].name.clone(),
                    cells: vec![
                        (faces[s].to_string(), theme::CREAM),
                        (
                            v.hand_sizes.get(s).copied().unwrap_or(0).to_string(),
                            theme::CREAM.with_alpha(0.7),
                        ),
                    ],
                    total: scores.points[s],
                    winner: scores.winners.contains(&s),
                })
                .collect(),
            total_label: come_buy_text::tr("mykonos-money"),
            footnote: come_buy_text::tr("mykonos-scoring-note"),
            headline: None,
        };
        let _ = art;
        t.sort();
        t
    }

    fn spawn_final_hand(
        commands: &mut Commands,
        art: &Art,
        fonts: &Fonts,
        m: &Match,
        seat: Seat,
    ) -> Vec<Entity> {
        let hand = m.game.view(Some(seat)).hand.unwrap_or_default();
        hand.into_iter()
            .map(|c| spawn_card(commands, art, fonts, c, Vec3::ZERO, 1.0))
            .collect()
    }
}
