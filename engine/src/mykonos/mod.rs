//! Mýkonos (José Carlos de Diego Guerrero), 2-4 players: covert auctions on a standard deck.
//! Workers queue on the cards of a row, the first in a queue buys at $1 per worker still on
//! the card, players sell poker combinations from their hands and collect income; the most
//! money wins. Implemented exactly as `../shared/RULES.md` settles it.
//!
//! Flow of a round (each step reported by effects, in this order): `RoundStarted`, the Offer
//! (`Offered` per card), the Demand (one `Place` action per worker, in a fixed order), the
//! Purchases (cards settled left to right: `Buy` or `Pass` by the owner of the first worker;
//! neutral workers pass by themselves), the Sales (`Sell` or `NoSale` from the start player
//! clockwise), the Income (automatic), and the End of round (the start marker passes, then
//! `Discard` actions down to the hand limit, from the new start player clockwise). The game
//! ends when a round starts and the draw pile cannot fill the row.

pub mod cards;
pub mod catalog;
mod check;
mod data;
mod fits;
pub mod hands;
mod moves;
mod rules;
pub use data::*;
pub use moves::*;

pub use cards::{Card, Suit};
pub use hands::{Category, Prices, Sale};

use crate::game::{FinalScores, Game, RuleError, Seat, Setup, check_turn};
use crate::levels::{self, DataError, Validate};
use crate::rng::Rng;
use crate::text::Text;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

// ---------------------------------------------------------------------------------------------
// State

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Stage {
    /// `schedule[next]` places a worker.
    Demand {
        schedule: Vec<Placement>,
        next: usize,
    },
    /// The owner of the first worker on `slot` buys or passes.
    Purchases {
        slot: usize,
    },
    /// The `k`-th seat from the start player sells or not.
    Sales {
        k: usize,
    },
    /// The `k`-th seat from the start player discards (their hand is above the limit).
    Discarding {
        k: usize,
    },
    Over(FinalScores),
}

/// A game of Mýkonos.
/// Serializable so an online host can send a guest its seat's world (a determinized copy,
/// see `Search::determinize`); the rules data is not sent, each side has its own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Mykonos {
    #[serde(skip, default = "data::config")]
    cfg: Arc<Config>,
    players: usize,
    removed_ranks: Vec<u8>,
    /// The cards in play (for the census).
    cards: Vec<Card>,
    /// The draw pile, top card last.
    deck: Vec<Card>,
    hands: Vec<Vec<Card>>,
    /// The cards of each hand that everyone knows (bought, or face cards shown at income).
    known: Vec<Vec<Card>>,
    money: Vec<u32>,
    row: Vec<Option<Card>>,
    queues: Vec<Vec<Worker>>,
    discard: Vec<Card>,
    round: u32,
    start_player: Seat,
    bought: Vec<bool>,
    workers_left: Vec<usize>,
    neutral_left: usize,
    /// Money the bank has paid out and taken in since the start (the ledger).
    bank_out: u64,
    bank_in: u64,
    stage: Stage,
}

/// An arranged table for [`Mykonos::from_scenario`] (tests, tutorials, challenges).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// Seats at the table.
    pub players: usize,
    /// Who holds the start marker.
    pub start_player: Seat,
    /// The draw pile, top card first.
    pub deck: Vec<Card>,
    /// Each hand (secret cards).
    pub hands: Vec<Vec<Card>>,
    /// Each player's money.
    pub money: Vec<u32>,
}

/// What a seat (or a spectator) sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is (`None`: a spectator's).
    pub seat: Option<Seat>,
    /// Seats at the table.
    pub players: usize,
    /// Whose decision it is (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// The phase the game waits in.
    pub phase: Phase,
    /// The current round, from 1 (0 only if the game ended before its first round).
    pub round: u32,
    /// Who holds the start marker.
    pub start_player: Seat,
    /// Everyone's money (always public).
    pub money: Vec<u32>,
    /// The viewing seat's own hand (`None` for a spectator).
    pub hand: Option<Vec<Card>>,
    /// How many cards each player holds.
    pub hand_sizes: Vec<usize>,
    /// Per seat, the cards in hand that everyone knows (bought, or face cards shown at income),
    /// until sold or discarded.
    pub known: Vec<Vec<Card>>,
    /// The Offer row by slot: `None` once the card has been bought or discarded.
    pub row: Vec<Option<Card>>,
    /// The workers on each row card, first to decide first.
    pub queues: Vec<Vec<Worker>>,
    /// Cards left in the draw pile.
    pub deck: usize,
    /// The face-up discard pile, oldest first.
    pub discard: Vec<Card>,
    /// Workers each seat still has to place this round.
    pub workers_left: Vec<usize>,
    /// Neutral workers still to place this round (two players only).
    pub neutral_left: usize,
    /// The Demand's remaining placements, the current one first (empty in other phases).
    pub placements: Vec<Placement>,
    /// Who bought a card this round.
    pub bought: Vec<bool>,
    /// Purchases: the slot being settled and the price its first worker's owner would pay.
    pub purchase: Option<(usize, u32)>,
    /// End of round: how many cards the current player must still discard.
    pub must_discard: usize,
    /// Rounds still to start after this one (the draw pile divided by the row size).
    pub rounds_left: u32,
    /// Ranks not in this game's deck.
    pub removed_ranks: Vec<u8>,
    /// The final scores, once the game is over.
    pub scores: Option<FinalScores>,
    /// The numbers in force: bots and the table read them here.
    pub prices: Prices,
    /// The Income phase's amounts.
    pub income: IncomeRule,
    /// Hands above this are discarded down at the end of a round.
    pub hand_limit: usize,
    /// The most workers one row card may hold.
    pub max_workers_per_card: usize,
}

impl View {
    /// Cards of this game's deck that the viewer has not seen: in the draw pile or in other
    /// players' hands, not known (for a spectator, every unknown card in a hand).
    pub fn unseen(&self) -> Vec<Card> {
        let mut seen = [false; Card::COUNT];
        let own = self.hand.iter().flatten();
        let rows = self.row.iter().flatten();
        for c in own
            .chain(rows)
            .chain(self.known.iter().flatten())
            .chain(self.discard.iter())
        {
            seen[c.id() as usize] = true;
        }
        Card::all()
            .into_iter()
            .filter(|c| !self.removed_ranks.contains(&c.rank()) && !seen[c.id() as usize])
            .collect()
    }

    /// The current price of the card at `slot`: $1 per worker on it.
    pub fn price(&self, slot: usize) -> u32 {
        self.queues.get(slot).map_or(0, |q| q.len() as u32)
    }
}

impl Game for Mykonos {
    type Action = Action;
    type Effect = Effect;
    type View = View;
    const ID: &'static str = "mykonos";

    fn start(setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        Mykonos::with_rules(config(), setup)
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
            Stage::Demand { schedule, next } => Some(schedule[*next].by),
            Stage::Purchases { slot } => match self.queues[*slot].first() {
                Some(Worker::Player(s)) => Some(*s),
                _ => None, // unreachable: settle_from stops only at a player's worker
            },
            Stage::Sales { k } | Stage::Discarding { k } => Some(self.seat_at(*k)),
            Stage::Over(_) => None,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Effect>, RuleError> {
        let mut fx = Vec::new();
        self.apply_fx(seat, action, &mut fx)?;
        Ok(fx)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let placements = match &self.stage {
            Stage::Demand { schedule, next } => schedule[*next..].to_vec(),
            _ => Vec::new(),
        };
        let purchase = match &self.stage {
            Stage::Purchases { slot } => Some((*slot, self.queues[*slot].len() as u32)),
            _ => None,
        };
        let must_discard = match &self.stage {
            Stage::Discarding { k } => self.hands[self.seat_at(*k)].len() - self.cfg.hand_limit,
            _ => 0,
        };
        let rounds_left = if self.is_over() {
            0
        } else {
            (self.deck.len() / self.cfg.row_size(self.players)) as u32
        };
        View {
            seat,
            players: self.players,
            current_player: self.current_player(),
            phase: self.phase(),
            round: self.round,
            start_player: self.start_player,
            money: self.money.clone(),
            hand: seat.and_then(|s| self.hands.get(s).cloned()),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            known: self.known.clone(),
            row: self.row.clone(),
            queues: self.queues.clone(),
            deck: self.deck.len(),
            discard: self.discard.clone(),
            workers_left: self.workers_left.clone(),
            neutral_left: self.neutral_left,
            placements,
            bought: self.bought.clone(),
            purchase,
            must_discard,
            rounds_left,
            removed_ranks: self.removed_ranks.clone(),
            scores: self.scores(),
            prices: self.cfg.prices.clone(),
            income: self.cfg.income.clone(),
            hand_limit: self.cfg.hand_limit,
            max_workers_per_card: self.cfg.max_workers_per_card,
        }
    }

    fn view_into(&self, seat: Option<Seat>, out: &mut View) {
        // The same as `view`, reusing `out`'s buffers (checked against `view` in the tests).
        match &self.stage {
            Stage::Demand { schedule, next } => {
                out.placements.clear();
                out.placements.extend_from_slice(&schedule[*next..]);
            }
            _ => out.placements.clear(),
        }
        out.purchase = match &self.stage {
            Stage::Purchases { slot } => Some((*slot, self.queues[*slot].len() as u32)),
            _ => None,
        };
        out.must_discard = match &self.stage {
            Stage::Discarding { k } => self.hands[self.seat_at(*k)].len() - self.cfg.hand_limit,
            _ => 0,
        };
        out.rounds_left = if self.is_over() {
            0
        } else {
            (self.deck.len() / self.cfg.row_size(self.players)) as u32
        };
        out.seat = seat;
        out.players = self.players;
        out.current_player = self.current_player();
        out.phase = self.phase();
        out.round = self.round;
        out.start_player = self.start_player;
        out.money.clone_from(&self.money);
        match (seat.and_then(|s| self.hands.get(s)), out.hand.as_mut()) {
            (Some(h), Some(o)) => o.clone_from(h),
            (h, _) => out.hand = h.cloned(),
        }
        out.hand_sizes.clear();
        out.hand_sizes.extend(self.hands.iter().map(Vec::len));
        out.known.clone_from(&self.known);
        out.row.clone_from(&self.row);
        out.queues.clone_from(&self.queues);
        out.deck = self.deck.len();
        out.discard.clone_from(&self.discard);
        out.workers_left.clone_from(&self.workers_left);
        out.neutral_left = self.neutral_left;
        out.bought.clone_from(&self.bought);
        out.removed_ranks.clone_from(&self.removed_ranks);
        out.scores = self.scores();
        out.prices.clone_from(&self.cfg.prices);
        out.income.clone_from(&self.cfg.income);
        out.hand_limit = self.cfg.hand_limit;
        out.max_workers_per_card = self.cfg.max_workers_per_card;
    }

    fn scores(&self) -> Option<FinalScores> {
        match &self.stage {
            Stage::Over(s) => Some(s.clone()),
            _ => None,
        }
    }

    /// Dealt cards are secret: only their receiver sees them.
    fn reveals(effect: &Effect, seat: Seat) -> bool {
        match effect {
            // A card drawn into my hand, a card turned into the row.
            Effect::Dealt { seat: to, .. } => *to == seat,
            Effect::Offered { .. } => true,
            // Another hand's cards shown: a sale, face cards for wages, a discard.
            Effect::Sold { seat: by, .. } | Effect::Discarded { seat: by, .. } => *by != seat,
            Effect::Income {
                seat: by,
                face_cards,
                ..
            } => *by != seat && !face_cards.is_empty(),
            Effect::GameOver { .. } => true,
            _ => false,
        }
    }

    fn redact(effect: &Effect, seat: Option<Seat>) -> Effect {
        match effect {
            Effect::Dealt { seat: to, card } => Effect::Dealt {
                seat: *to,
                card: if seat == Some(*to) { *card } else { None },
            },
            other => other.clone(),
        }
    }
}

pub mod bot;

/// Cards in the ASCII notation of the protocol ("10H KS"), for an error's figures.
fn shown(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.short())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Mykonos {
    /// The legal actions into `out`, in [`Game::legal_actions`]'s order. A sale's card list
    /// reuses the allocation of an earlier sale in `out` where there is one.
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.current_player() else {
            out.clear();
            return;
        };
        if let Stage::Sales { .. } = self.stage {
            let mut n = 0;
            self.cfg.prices.each_sale(&self.hands[seat], |_, cards| {
                match out.get_mut(n) {
                    Some(Action::Sell { cards: reused }) => {
                        reused.clear();
                        reused.extend_from_slice(cards);
                    }
                    Some(other) => {
                        *other = Action::Sell {
                            cards: cards.to_vec(),
                        }
                    }
                    None => out.push(Action::Sell {
                        cards: cards.to_vec(),
                    }),
                }
                n += 1;
            });
            out.truncate(n);
            out.push(Action::NoSale);
            return;
        }
        out.clear();
        match &self.stage {
            Stage::Demand { .. } => out.extend(
                (0..self.queues.len())
                    .filter(|&slot| self.queues[slot].len() < self.cfg.max_workers_per_card)
                    .map(|slot| Action::Place { slot }),
            ),
            Stage::Purchases { slot } => {
                if self.money[seat] >= self.queues[*slot].len() as u32 {
                    out.push(Action::Buy);
                }
                out.push(Action::Pass);
            }
            Stage::Discarding { .. } => out.extend(
                self.hands[seat]
                    .iter()
                    .map(|&card| Action::Discard { card }),
            ),
            Stage::Sales { .. } | Stage::Over(_) => {}
        }
    }

    /// `apply`'s work, writing the effects into `fx` (nothing changes on an error).
    fn apply_fx(
        &mut self,
        seat: Seat,
        action: &Action,
        fx: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        self.validate(seat, action)?;
        // A placeholder while the stage is taken apart (every arm below sets the next one).
        let stage = std::mem::replace(&mut self.stage, Stage::Sales { k: 0 });
        match (stage, action) {
            (Stage::Demand { schedule, next }, Action::Place { slot }) => {
                let Placement { by, worker } = schedule[next];
                let position = self.queues[*slot].len();
                self.queues[*slot].push(worker);
                match worker {
                    Worker::Player(s) => self.workers_left[s] -= 1,
                    Worker::Neutral => self.neutral_left -= 1,
                }
                fx.push(Effect::WorkerPlaced {
                    slot: *slot,
                    worker,
                    by,
                    position,
                });
                if next + 1 < schedule.len() {
                    self.stage = Stage::Demand {
                        schedule,
                        next: next + 1,
                    };
                } else {
                    fx.push(Effect::PhaseStarted(Phase::Purchases));
                    self.settle_from(0, fx);
                }
            }
            (Stage::Purchases { slot }, Action::Buy) => {
                let price = self.queues[slot].len() as u32;
                let card = self.row[slot].take().expect("a queued card is in the row");
                self.hands[seat].push(card);
                self.known[seat].push(card);
                self.bought[seat] = true;
                fx.push(Effect::Bought {
                    slot,
                    seat,
                    card,
                    price,
                });
                self.pay(
                    Account::Player(seat),
                    Account::Bank,
                    price,
                    CoinReason::Purchase,
                    fx,
                );
                let workers = std::mem::take(&mut self.queues[slot]);
                fx.push(Effect::WorkersHome { slot, workers });
                self.settle_from(slot + 1, fx);
            }
            (Stage::Purchases { slot }, Action::Pass) => {
                let worker = self.queues[slot].remove(0);
                fx.push(Effect::WorkerPassed { slot, worker });
                self.settle_from(slot, fx);
            }
            (Stage::Sales { k }, Action::Sell { cards }) => {
                let category = hands::classify(cards).expect("validated");
                let price = self.cfg.prices.of(category);
                for &c in cards {
                    self.remove_from_hand(seat, c);
                    self.discard.push(c);
                }
                fx.push(Effect::Sold {
                    seat,
                    cards: cards.clone(),
                    category,
                    price,
                });
                self.pay(
                    Account::Bank,
                    Account::Player(seat),
                    price,
                    CoinReason::Sale,
                    fx,
                );
                self.sales_from(k + 1, fx);
            }
            (Stage::Sales { k }, Action::NoSale) => {
                fx.push(Effect::NoSale { seat });
                self.sales_from(k + 1, fx);
            }
            (Stage::Discarding { k }, Action::Discard { card }) => {
                self.remove_from_hand(seat, *card);
                self.discard.push(*card);
                fx.push(Effect::Discarded { seat, card: *card });
                self.discards_from(k, fx);
            }
            (stage, _) => {
                // validate() accepted only the combinations above.
                self.stage = stage;
                return Err(RuleError::forbid("forbid-internal"));
            }
        }
        Ok(())
    }
}

impl crate::game::Search for Mykonos {
    /// Hidden: the draw pile's order and the cards of other hands nobody has seen.
    fn determinize(&self, seat: Seat, rng: &mut crate::rng::Rng) -> Self {
        let mut g = self.clone();
        let mut piles: Vec<&mut [Card]> = vec![g.deck.as_mut_slice()];
        piles.extend(crate::game::unseen_tails(&mut g.hands, &self.known, seat));
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

    fn legal_into(&self, out: &mut Vec<Action>) {
        self.legal_actions_into(out);
    }

    /// Each round's offer row is a new deal: a slot holds another card.
    fn deals(&self) -> u32 {
        self.round
    }
}

#[cfg(test)]
mod tests;
