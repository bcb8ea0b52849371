//! [`Game::check_effect`] for the Duchess's Necklace: whether an effect read from elsewhere (an
//! online host's state) names only seats, cards and pair slots this table has.

use super::*;
use crate::world::{at_most, ensure, per_seat, seat};

impl Duchess {
    /// See [`Game::check_effect`].
    pub(super) fn check_effect_fits(&self, effect: &Effect) -> Result<(), RuleError> {
        let n = self.players;
        let in_play = self.cfg.cards_in_play(self.opts.rainbow, self.opts.gold);
        let card = |c: &Card| {
            ensure(in_play.contains(c), || {
                format!("an effect names card {c}, which is not in play")
            })
        };
        let hidden = |c: &Option<Card>| c.as_ref().map_or(Ok(()), card);
        let solo = || ensure(n == 1, || format!("a solo effect at a table of {n}"));
        let duel = || ensure(n >= 2, || "a duel's effect at a solo table".to_string());
        let slot = |which: u8| at_most("a pair slot", which, 1);
        match effect {
            Effect::GameStarted {
                players,
                start_player,
                cards,
                ..
            } => {
                ensure(*players == n, || {
                    format!("a start for {players} players at a table of {n}")
                })?;
                seat("the start", *start_player, n)?;
                at_most("the cards at the start", *cards, self.cfg.cards.len())
            }
            Effect::Removed { count } => at_most("the cards removed", *count, self.cfg.cards.len()),
            Effect::CommonRevealed { card: c } => card(c),
            Effect::Dealt { seat: s, card: c } => {
                seat("a deal", *s, n)?;
                hidden(c)
            }
            Effect::TurnStarted { seat: s, .. } => seat("a turn", *s, n),
            Effect::Drew { seat: s, card: c } => {
                duel()?;
                seat("a draw", *s, n)?;
                hidden(c)
            }
            Effect::TookDiscard { seat: s, card: c } => {
                duel()?;
                seat("a discard taken", *s, n)?;
                card(c)
            }
            Effect::Discarded { seat: s, card: c } => {
                seat("a discard", *s, n)?;
                card(c)
            }
            Effect::Declined { seat: s } => {
                duel()?;
                seat("a decline", *s, n)
            }
            Effect::PileEmpty { turns_each } => at_most("the turns each", *turns_each, 20),
            Effect::PairDrawn => solo(),
            Effect::Looked { which, card: c } | Effect::Kept { which, card: c, .. } => {
                solo()?;
                slot(*which)?;
                hidden(c)
            }
            Effect::NotKept { which, card: c } => {
                solo()?;
                slot(*which)?;
                card(c)
            }
            Effect::GameOver { results, scores } => {
                per_seat("the results", results.len(), n)?;
                for r in results {
                    seat("a result", r.seat, n)?;
                    r.hand.iter().try_for_each(card)?;
                    r.necklace.met.iter().try_for_each(card)?;
                    r.necklace.rainbow.iter().try_for_each(|(c, _)| card(c))?;
                    if let Some(rank) = &r.rank {
                        ensure(rank.index < self.cfg.solo_ranks.len(), || {
                            format!(
                                "a solo rank {} of {}",
                                rank.index,
                                self.cfg.solo_ranks.len()
                            )
                        })?;
                    }
                }
                crate::world::scores("the scores", scores, n)
            }
        }
    }
}
