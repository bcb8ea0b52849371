//! The Duchess's Necklace, 1-2 players: build the most valuable necklace from the gems on your
//! four hand cards and the common card, meeting the Duchess's wishes (exact gem counts).
//! Implemented exactly as `../shared/RULES.md` settles it; the cards are ours, in
//! `levels/duchess.ron`.
//!
//! Two players take turns: take the top card of the draw pile or of the discard pile, then
//! discard one card face up. Solo (`players == 1`): the rest of the deck comes two cards at a
//! time; look at one, keep it or the unseen one, then discard a card with the one not kept.
//!
//! Variants (`Setup::variants`): `"rainbow"` (expansion 1, two rainbow cards), `"gold"`
//! (expansion 2, four gold cards), and for two players `"after-empty-N"`: once the draw pile
//! has run out, the game ends after each player has had N more turns (default from the RON
//! file, 3).

mod apply;
pub mod bot;
pub mod catalog;
mod check;
pub mod deck;
mod eval;
mod fits;
mod infer;
mod moves;
pub mod necklace;
mod rules;
mod search;
mod setup;
mod solo;
mod view;
pub use moves::*;
pub use setup::{Options, Scenario, VARIANT_AFTER_EMPTY, VARIANT_GOLD, VARIANT_RAINBOW, VARIANTS};
pub use view::{PairCard, StageView, View};

#[cfg(test)]
mod tests;

pub use deck::{Card, CardDef, CardSet, Config, Gem, RankBand, Wish, config};
pub use necklace::{Necklace, RainbowUse, necklace, value, value_with};

use crate::game::{FinalScores, Game, RuleError, Seat, Setup, check_turn};
use crate::rng::Rng;
use crate::text::Text;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// State

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    /// Two players: `seat` takes a card (or declines once the draw pile is empty).
    Take {
        seat: Seat,
    },
    /// `seat` discards; `taken` is the card just taken from the discard pile, if any.
    Discard {
        seat: Seat,
        taken: Option<Card>,
    },
    /// Solo: choose the pair card to look at.
    Look,
    /// Solo: keep the seen card (slot `seen`) or the other one.
    Keep {
        seen: u8,
    },
    /// Solo: discard one card from the hand; the pair card in slot `left` goes with it.
    SoloDiscard {
        left: u8,
    },
    Over(FinalScores),
}

/// A match of The Duchess's Necklace.
/// Serializable so an online host can send a guest its seat's world (a determinized copy,
/// see `Search::determinize`); the rules data is not sent, each side has its own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Duchess {
    #[serde(skip, default = "deck::config")]
    cfg: Arc<Config>,
    opts: Options,
    players: usize,
    start_player: Seat,
    /// Face down; the top is the last card.
    pile: Vec<Card>,
    removed: Vec<Card>,
    common: Card,
    hands: Vec<Vec<Card>>,
    /// Face up; the top is the last card.
    discard: Vec<Card>,
    /// Per seat: the cards everyone knows are in that hand (taken from the discard pile).
    known: Vec<Vec<Card>>,
    /// Solo: the two cards of the current turn.
    pair: [Option<Card>; 2],
    /// Solo: the slot looked at this turn.
    looked: Option<u8>,
    turn: u32,
    /// Two players: whether the current turn began with the draw pile empty.
    turn_began_empty: bool,
    /// Two players: turns each seat has completed since the draw pile ran out.
    after_empty: Vec<u32>,
    results: Option<Vec<SeatResult>>,
    stage: Stage,
    /// Two players: the turns played so far, as everyone saw them (what a bot reads its
    /// opponent's hand from).
    log: Vec<PastTurn>,
}

/// A finished two-player turn as everyone saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct PastTurn {
    seat: Seat,
    /// The card taken from the discard pile (`None`: drawn from the pile, unseen).
    took: Option<Card>,
    discarded: Card,
}

impl Game for Duchess {
    type Action = Action;
    type Effect = Effect;
    type View = View;
    const ID: &'static str = "duchess";

    fn start(setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        Duchess::with_rules(config(), setup)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn check(&self) -> Result<(), RuleError> {
        self.check_world()
    }

    fn check_effect(&self, effect: &Effect) -> Result<(), RuleError> {
        self.check_effect_fits(effect)
    }

    fn current_player(&self) -> Option<Seat> {
        match &self.stage {
            Stage::Take { seat } | Stage::Discard { seat, .. } => Some(*seat),
            Stage::Look | Stage::Keep { .. } | Stage::SoloDiscard { .. } => Some(0),
            Stage::Over(_) => None,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match &self.stage {
            Stage::Take { .. } => {
                let mut v = Vec::with_capacity(2);
                if !self.pile.is_empty() {
                    v.push(Action::Draw);
                }
                if !self.discard.is_empty() {
                    v.push(Action::TakeDiscard);
                }
                if self.pile.is_empty() {
                    v.push(Action::Decline);
                }
                v
            }
            Stage::Discard { seat, taken } => self.hands[*seat]
                .iter()
                .filter(|&&c| Some(c) != *taken)
                .map(|&c| Action::Discard(c))
                .collect(),
            Stage::SoloDiscard { .. } => {
                self.hands[0].iter().map(|&c| Action::Discard(c)).collect()
            }
            Stage::Look => vec![Action::Look(0), Action::Look(1)],
            Stage::Keep { .. } => vec![Action::KeepSeen, Action::KeepUnseen],
            Stage::Over(_) => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Effect>, RuleError> {
        let mut fx = Vec::new();
        self.apply_fx(seat, action, &mut fx)?;
        Ok(fx)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let own = seat.filter(|&s| s < self.players);
        let hand = own.map(|s| self.hands[s].clone());
        let stage = match &self.stage {
            Stage::Take { seat } => StageView::Take {
                seat: *seat,
                may_take_discard: !self.discard.is_empty(),
                may_decline: self.pile.is_empty(),
            },
            Stage::Discard { seat, taken } => StageView::Discard {
                seat: *seat,
                taken: *taken,
            },
            Stage::Look => StageView::Look,
            Stage::Keep { seen } => StageView::Keep { seen: *seen },
            Stage::SoloDiscard { left } => StageView::SoloDiscard { not_kept: *left },
            Stage::Over(_) => StageView::Over,
        };
        let necklace = own.map(|s| self.necklace_of(s));
        let options = match own {
            Some(s) if self.current_player() == Some(s) => self
                .legal_actions()
                .iter()
                .filter_map(|a| match a {
                    Action::Discard(c) => {
                        let mut cards: Vec<Card> =
                            self.hands[s].iter().copied().filter(|x| x != c).collect();
                        cards.push(self.common);
                        Some((*c, necklace::necklace(&self.cfg, &cards)))
                    }
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let pair = self
            .pair
            .iter()
            .enumerate()
            .filter_map(|(slot, c)| {
                c.map(|card| {
                    let looked = self.looked == Some(slot as u8);
                    PairCard {
                        slot: slot as u8,
                        looked,
                        card: (looked && own == Some(0)).then_some(card),
                    }
                })
            })
            .collect();
        let last_turns = (self.players > 1 && self.pile.is_empty()).then(|| {
            self.after_empty
                .iter()
                .map(|&t| self.opts.turns_after_empty.saturating_sub(t))
                .collect()
        });
        View {
            seat,
            players: self.players,
            current_player: self.current_player(),
            start_player: self.start_player,
            rainbow: self.opts.rainbow,
            gold: self.opts.gold,
            turns_after_empty: self.opts.turns_after_empty,
            turn: self.turn,
            common: self.common,
            hand,
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            known: self.known.clone(),
            discard: self.discard.clone(),
            draw_pile: self.pile.len(),
            removed: self.removed.len(),
            last_turns,
            pairs_left: if self.players == 1 {
                self.pile.len() / 2
            } else {
                0
            },
            pair,
            stage,
            necklace,
            options,
            results: self.results.clone(),
            scores: self.scores(),
        }
    }

    fn scores(&self) -> Option<FinalScores> {
        match &self.stage {
            Stage::Over(s) => Some(s.clone()),
            _ => None,
        }
    }

    fn reveals(effect: &Effect, seat: Seat) -> bool {
        match effect {
            Effect::CommonRevealed { .. } | Effect::GameOver { .. } => true,
            // A card from the pile into my hand; solo's look and keep turn cards over.
            Effect::Dealt { seat: to, .. } | Effect::Drew { seat: to, .. } => *to == seat,
            Effect::Looked { .. } | Effect::Kept { .. } | Effect::NotKept { .. } => true,
            // The other player's discard may be a card they drew unseen.
            Effect::Discarded { seat: by, .. } => *by != seat,
            _ => false,
        }
    }

    fn redact(effect: &Effect, viewer: Option<Seat>) -> Effect {
        let hide = |owner: Seat, card: &Option<Card>| {
            if viewer == Some(owner) { *card } else { None }
        };
        match effect {
            Effect::Dealt { seat, card } => Effect::Dealt {
                seat: *seat,
                card: hide(*seat, card),
            },
            Effect::Drew { seat, card } => Effect::Drew {
                seat: *seat,
                card: hide(*seat, card),
            },
            Effect::Looked { which, card } => Effect::Looked {
                which: *which,
                card: hide(0, card),
            },
            Effect::Kept { which, seen, card } => Effect::Kept {
                which: *which,
                seen: *seen,
                card: hide(0, card),
            },
            e => e.clone(),
        }
    }
}
