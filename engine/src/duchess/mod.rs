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

pub mod bot;
mod check;
pub mod deck;
mod eval;
mod fits;
mod infer;
mod moves;
pub mod necklace;
mod rules;
mod solo;
pub use moves::*;

impl Duchess {
    /// `apply`'s work, writing the effects into `fx` (nothing changes on an error).
    fn apply_fx(
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

impl crate::game::Search for Duchess {
    /// Hidden: the draw pile's order, the cards set aside unseen, the other hand's cards
    /// nobody has seen, and (solo) the pair card not looked at.
    fn determinize(&self, seat: Seat, rng: &mut crate::rng::Rng) -> Self {
        let mut g = self.clone();
        let looked = self.looked;
        let mut pair_unseen: Vec<&mut Card> = g
            .pair
            .iter_mut()
            .enumerate()
            .filter(|(w, _)| looked != Some(*w as u8))
            .filter_map(|(_, c)| c.as_mut())
            .collect();
        let mut piles: Vec<&mut [Card]> = vec![g.pile.as_mut_slice(), g.removed.as_mut_slice()];
        piles.extend(crate::game::unseen_tails(&mut g.hands, &self.known, seat));
        for c in pair_unseen.iter_mut() {
            piles.push(std::slice::from_mut(&mut **c));
        }
        crate::game::redeal(&mut piles, rng);
        g
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        effects: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        effects.clear();
        self.apply_fx(seat, action, effects)
    }
}

#[cfg(test)]
mod tests;

pub use deck::{Card, CardDef, CardSet, Config, Gem, RankBand, Wish, config};
pub use necklace::{Necklace, RainbowUse, necklace, value, value_with};

use crate::game::{FinalScores, Game, RuleError, Seat, Setup, check_turn};
use crate::rng::Rng;
use crate::text::Text;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Variant: play with the two rainbow cards (expansion 1).
pub const VARIANT_RAINBOW: &str = "rainbow";
/// Variant: play with the four court-gold cards (expansion 2).
pub const VARIANT_GOLD: &str = "gold";
/// Variant prefix: `"after-empty-2"` ends a two-player game after 2 turns each once the draw
/// pile has run out (instead of the RON file's number).
pub const VARIANT_AFTER_EMPTY: &str = "after-empty-";
/// The variants as the help texts name them.
pub const VARIANTS: &[&str] = &["rainbow", "gold", "after-empty-N"];

/// The rules in force for one match, read from the setup's variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// The rainbow cards are in play (variant `"rainbow"`).
    pub rainbow: bool,
    /// The gold cards are in play (variant `"gold"`).
    pub gold: bool,
    /// Two players: turns each once the draw pile has run out.
    pub turns_after_empty: u32,
}

impl Options {
    /// Reads `setup`'s variants; unknown or malformed ones are an error.
    pub fn from_setup(setup: &Setup, cfg: &Config) -> Result<Self, RuleError> {
        let mut after: Option<u32> = None;
        let mut plain = Vec::new();
        for v in &setup.variants {
            match v.strip_prefix(VARIANT_AFTER_EMPTY) {
                Some(n) => {
                    let n: u32 = match n.parse() {
                        Ok(n) if (1..=20).contains(&n) => n,
                        _ => {
                            return Err(RuleError::Forbidden(
                                Text::new("forbid-after-empty-range")
                                    .raw("variant", v.clone())
                                    .num("min", 1)
                                    .num("max", 20),
                            ));
                        }
                    };
                    if after.is_some_and(|a| a != n) {
                        return Err(RuleError::forbid("forbid-after-empty-twice"));
                    }
                    if setup.players == 1 {
                        return Err(RuleError::Forbidden(
                            Text::new("forbid-after-empty-solo").raw("variant", v.clone()),
                        ));
                    }
                    after = Some(n);
                }
                None => plain.push(v.clone()),
            }
        }
        let rest = Setup {
            players: setup.players,
            seed: setup.seed,
            variants: plain,
        };
        rest.check_variants(&[VARIANT_RAINBOW, VARIANT_GOLD, "after-empty-N"])?;
        Ok(Options {
            rainbow: setup.has(VARIANT_RAINBOW),
            gold: setup.has(VARIANT_GOLD),
            turns_after_empty: after.unwrap_or(cfg.turns_after_empty),
        })
    }
}

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

/// An arranged table for [`Duchess::from_scenario`] (tests, tutorials, puzzles). The cards in
/// play that are in none of its places are the removed ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// 1 (solo) or 2.
    pub players: usize,
    /// Variants, as in [`Setup::variants`].
    #[serde(default)]
    pub variants: Vec<String>,
    /// The seat that plays first.
    pub start_player: Seat,
    /// The common card.
    pub common: Card,
    /// Each seat's hand (as many cards as the rules deal).
    pub hands: Vec<Vec<Card>>,
    /// Top card first.
    pub pile: Vec<Card>,
    /// Bottom card first (the last one is the top).
    #[serde(default)]
    pub discard: Vec<Card>,
}

/// One card of the solo pair as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairCard {
    /// Slot 0 or 1.
    pub slot: u8,
    /// Whether the player looked at this card.
    pub looked: bool,
    /// The card, if the viewer knows it (the player, after looking).
    pub card: Option<Card>,
}

/// What a seat (or a spectator) sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is (`None`: a spectator).
    pub seat: Option<Seat>,
    /// 1 (solo) or 2.
    pub players: usize,
    /// Whose decision it is (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// The seat that played first.
    pub start_player: Seat,
    /// The rainbow cards are in play.
    pub rainbow: bool,
    /// The gold cards are in play.
    pub gold: bool,
    /// Two players: turns each once the draw pile has run out.
    pub turns_after_empty: u32,
    /// Turns begun so far (both players together).
    pub turn: u32,
    /// The common card, face up, part of every necklace.
    pub common: Card,
    /// The viewer's own hand (`None` for a spectator).
    pub hand: Option<Vec<Card>>,
    /// Cards in each hand, by seat.
    pub hand_sizes: Vec<usize>,
    /// Per seat: cards everyone knows are in that hand (taken from the discard pile).
    pub known: Vec<Vec<Card>>,
    /// Face up, bottom first: the last card is the top.
    pub discard: Vec<Card>,
    /// Cards in the draw pile (face down).
    pub draw_pile: usize,
    /// Cards set aside unseen at the start.
    pub removed: usize,
    /// Two players, once the draw pile has run out: turns each seat still has at most.
    pub last_turns: Option<Vec<u32>>,
    /// Solo: pairs still in the draw pile (after the one on the table).
    pub pairs_left: usize,
    /// Solo: the cards of the current pair still on the table.
    pub pair: Vec<PairCard>,
    /// The decision at hand.
    pub stage: StageView,
    /// The viewer's hand and the common card as a necklace, as they are now (mid-turn, with
    /// one card too many, see `options`).
    pub necklace: Option<Necklace>,
    /// While the viewer must discard: each card it may discard and the necklace that leaves.
    pub options: Vec<(Card, Necklace)>,
    /// At the end: every hand and necklace (and the solo rank).
    pub results: Option<Vec<SeatResult>>,
    /// At the end: points (necklace values), tie-break (wishes met) and winners.
    pub scores: Option<FinalScores>,
}

/// The decision at hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StageView {
    /// Two players: a seat takes a card (or declines).
    Take {
        /// Whose turn.
        seat: Seat,
        /// The discard pile has a card to take.
        may_take_discard: bool,
        /// The draw pile is empty, so the seat may end the game.
        may_decline: bool,
    },
    /// A seat (two players) discards one card.
    Discard {
        /// Whose turn.
        seat: Seat,
        /// The card just taken from the discard pile, which may not go back.
        taken: Option<Card>,
    },
    /// Solo: look at one of the pair.
    Look,
    /// Solo: keep the seen card or the unseen one.
    Keep {
        /// The slot looked at.
        seen: u8,
    },
    /// Solo: discard a card from the hand; the pair card not kept goes with it.
    SoloDiscard {
        /// The slot of the pair card not kept.
        not_kept: u8,
    },
    /// The game is over.
    Over,
}

impl View {
    /// Cards in play the viewer has not seen: not in its hand, not the common card, not on the
    /// discard pile, not known to be in another hand, not a pair card it looked at. The next
    /// card drawn is one of these (the removed cards and other hands are among them).
    pub fn unseen(&self, cfg: &Config) -> Vec<Card> {
        let mut seen = vec![false; cfg.cards.len()];
        let mut mark = |c: Card| {
            if let Some(s) = seen.get_mut(c.index()) {
                *s = true;
            }
        };
        mark(self.common);
        self.hand.iter().flatten().for_each(|&c| mark(c));
        self.discard.iter().for_each(|&c| mark(c));
        self.known.iter().flatten().for_each(|&c| mark(c));
        self.pair.iter().filter_map(|p| p.card).for_each(&mut mark);
        cfg.cards_in_play(self.rainbow, self.gold)
            .into_iter()
            .filter(|c| !seen[c.index()])
            .collect()
    }
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
