//! The Duchess's results: florins, wishes met, and (solo) the rank earned.

use super::*;
use crate::art::Art;
use crate::table::scores::{ResultColumn, ResultRow, ResultTable, Results};
use crate::theme;
use come_buy_engine::game::Game;

impl Results for Duchess {
    /// The results: florins, wishes met, and (solo) the rank as the headline.
    fn result_table(m: &Match, _art: &Art) -> ResultTable {
        let Some(scores) = m.game.scores() else {
            return ResultTable::default();
        };
        let results = m.game.view(None).results.unwrap_or_default();
        let solo = m.seats.len() == 1;
        let mut t = ResultTable {
            columns: vec![ResultColumn {
                icon: None,
                label: come_buy_text::tr("duchess-wishes-met"),
            }],
            rows: results
                .iter()
                .map(|r| ResultRow {
                    seat: r.seat,
                    name: m.seats[r.seat].name.clone(),
                    cells: vec![(r.necklace.wishes.to_string(), theme::CREAM)],
                    total: r.necklace.value as i64,
                    winner: scores.winners.contains(&r.seat),
                })
                .collect(),
            total_label: come_buy_text::tr("duchess-florins-total"),
            footnote: if solo {
                come_buy_text::tr("duchess-ranks-note")
            } else {
                come_buy_text::tr("duchess-duel-note")
            },
            headline: if solo {
                results.first().and_then(|r| r.rank.as_ref()).map(|r| {
                    come_buy_text::say(
                        &come_buy_engine::text::Text::new("duchess-rank-earned")
                            .raw("rank", come_buy_text::names::solo_rank(&r.key)),
                    )
                })
            } else {
                None
            },
        };
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
        // The necklace: the four cards in hand, then the common card.
        let v = m.game.view(None);
        let mut cards: Vec<_> = v
            .results
            .unwrap_or_default()
            .into_iter()
            .find(|r| r.seat == seat)
            .map(|r| r.hand)
            .unwrap_or_default();
        cards.push(v.common);
        // Its met wishes glow, as they did on the table.
        let met = come_buy_engine::duchess::necklace::necklace(&config(), &cards).met;
        cards
            .into_iter()
            .map(|c| {
                let e = spawn_card(commands, art, fonts, c, Vec3::ZERO, 1.0);
                if met.contains(&c) {
                    commands.entity(e).insert(FinalLit);
                }
                e
            })
            .collect()
    }

    fn solo_rank(m: &Match) -> Option<String> {
        if m.seats.len() != 1 {
            return None;
        }
        let results = m.game.view(None).results?;
        results.first()?.rank.as_ref().map(|r| r.key.clone())
    }

    fn solo_ladder(m: &Match) -> Option<(usize, usize)> {
        if m.seats.len() != 1 {
            return None;
        }
        let rank = m.game.view(None).results?.first()?.rank.clone()?;
        Some((rank.index, m.game.config().solo_ranks.len()))
    }
}
