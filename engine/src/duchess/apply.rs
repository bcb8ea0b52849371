//! `Game::apply`'s work for the Duchess's Necklace: each action moves the match from stage to
//! stage and writes what happened as effects (the steps themselves are in `rules.rs`).

use super::*;

impl Duchess {
    /// `apply`'s work, writing the effects into `fx` (nothing changes on an error).
    pub(super) fn apply_fx(
        &mut self,
        seat: Seat,
        action: &Action,
        fx: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        self.validate(seat, action)?;
        let stage = self.stage.clone();
        match (stage, action) {
            (Stage::Take { .. }, Action::Draw) => {
                if let Some(card) = self.pile.pop() {
                    self.hands[seat].push(card);
                    fx.push(Effect::Drew {
                        seat,
                        card: Some(card),
                    });
                }
                if self.pile.is_empty() {
                    fx.push(Effect::PileEmpty {
                        turns_each: self.opts.turns_after_empty,
                    });
                }
                self.stage = Stage::Discard { seat, taken: None };
            }
            (Stage::Take { .. }, Action::TakeDiscard) => {
                let taken = self.discard.pop();
                if let Some(card) = taken {
                    self.hands[seat].push(card);
                    self.known[seat].push(card);
                    fx.push(Effect::TookDiscard { seat, card });
                }
                self.stage = Stage::Discard { seat, taken };
            }
            (Stage::Take { .. }, _) => {
                // Decline: validate() allowed it only with the draw pile empty.
                fx.push(Effect::Declined { seat });
                self.end_game(fx);
            }
            (Stage::Discard { taken, .. }, Action::Discard(card)) => {
                self.log.push(PastTurn {
                    seat,
                    took: taken,
                    discarded: *card,
                });
                self.discard_from_hand(seat, *card, fx);
                if self.turn_began_empty {
                    self.after_empty[seat] += 1;
                }
                let limit = self.opts.turns_after_empty;
                if self.pile.is_empty() && self.after_empty.iter().all(|&t| t >= limit) {
                    self.end_game(fx);
                } else {
                    self.begin_turn((seat + 1) % self.players, fx);
                }
            }
            (Stage::Look, Action::Look(w)) => {
                self.looked = Some(*w);
                fx.push(Effect::Looked {
                    which: *w,
                    card: self.pair[*w as usize],
                });
                self.stage = Stage::Keep { seen: *w };
            }
            (Stage::Keep { seen }, _) => {
                let which = if *action == Action::KeepSeen {
                    seen
                } else {
                    1 - seen
                };
                let card = self.pair[which as usize].take();
                if let Some(c) = card {
                    self.hands[0].push(c);
                }
                fx.push(Effect::Kept {
                    which,
                    seen: which == seen,
                    card,
                });
                self.stage = Stage::SoloDiscard { left: 1 - which };
            }
            (Stage::SoloDiscard { left }, Action::Discard(card)) => {
                self.discard_from_hand(0, *card, fx);
                if let Some(c) = self.pair[left as usize].take() {
                    self.discard.push(c);
                    fx.push(Effect::NotKept {
                        which: left,
                        card: c,
                    });
                }
                self.next_pair(fx);
            }
            _ => {
                return Err(RuleError::forbid("forbid-internal"));
            }
        }
        Ok(())
    }
}
