//! [`Game::check_effect`] for Mýkonos: whether an effect read from elsewhere (an online host's
//! state) names only seats, cards, row slots and workers this table has.

use super::*;
use crate::world::{account, at_most, ensure, per_seat, seat};

impl Mykonos {
    /// See [`Game::check_effect`].
    pub(super) fn check_effect_fits(&self, effect: &Effect) -> Result<(), RuleError> {
        let n = self.players;
        let cfg = &self.cfg;
        let k = cfg.row_size(n);
        // Every worker of the game on one card, and one more (a queue's place).
        let most_workers = cfg.workers.saturating_mul(n) + cfg.neutral_workers;
        let card = |c: &Card| {
            ensure(self.cards.contains(c), || {
                format!("an effect names card {c:?}, which is not in play")
            })
        };
        let cards = |cs: &[Card]| {
            at_most("the cards of an effect", cs.len(), self.cards.len())?;
            cs.iter().try_for_each(card)
        };
        let slot = |s: usize| {
            ensure(s < k, || {
                format!("an effect names row slot {s} of a row of {k}")
            })
        };
        let worker = |w: &Worker| match w {
            Worker::Player(s) => seat("a worker", *s, n),
            Worker::Neutral => ensure(cfg.neutral_workers > 0 && n == 2, || {
                format!("a neutral worker at a table of {n}")
            }),
        };
        match effect {
            Effect::GameStarted {
                players,
                start_player,
                deck,
            } => {
                ensure(*players == n, || {
                    format!("a start for {players} players at a table of {n}")
                })?;
                seat("the start", *start_player, n)?;
                at_most("the deck at the start", *deck, self.cards.len())
            }
            Effect::CoinsMoved { from, to, .. } => {
                account("a payment", *from, n)?;
                account("a payment", *to, n)
            }
            Effect::Dealt { seat: s, card: c } => {
                seat("a deal", *s, n)?;
                c.as_ref().map_or(Ok(()), card)
            }
            Effect::RoundStarted { start_player, .. } => seat("a round's start", *start_player, n),
            Effect::PhaseStarted(_) => Ok(()),
            Effect::Offered { slot: s, card: c } | Effect::Unsold { slot: s, card: c } => {
                slot(*s)?;
                card(c)
            }
            Effect::WorkerPlaced {
                slot: s,
                worker: w,
                by,
                position,
            } => {
                slot(*s)?;
                worker(w)?;
                seat("a placement", *by, n)?;
                at_most("a queue's place", *position, most_workers)
            }
            Effect::WorkerPassed { slot: s, worker: w } => {
                slot(*s)?;
                worker(w)
            }
            Effect::Bought {
                slot: s,
                seat: by,
                card: c,
                ..
            } => {
                slot(*s)?;
                seat("a purchase", *by, n)?;
                card(c)
            }
            Effect::WorkersHome { slot: s, workers } => {
                slot(*s)?;
                at_most("the workers going home", workers.len(), most_workers)?;
                workers.iter().try_for_each(worker)
            }
            Effect::Sold {
                seat: s, cards: cs, ..
            } => {
                seat("a sale", *s, n)?;
                cards(cs)
            }
            Effect::NoSale { seat: s } => seat("no sale", *s, n),
            Effect::Income {
                seat: s,
                face_cards,
                ..
            } => {
                seat("an income", *s, n)?;
                cards(face_cards)
            }
            Effect::MarkerPassed { from, to } => {
                seat("the marker", *from, n)?;
                seat("the marker", *to, n)
            }
            Effect::Discarded { seat: s, card: c } => {
                seat("a discard", *s, n)?;
                card(c)
            }
            Effect::GameOver {
                money,
                face_cards,
                winners,
            } => {
                per_seat("the final money", money.len(), n)?;
                per_seat("the final face cards", face_cards.len(), n)?;
                face_cards.iter().try_for_each(|f| cards(f))?;
                crate::world::winners("the final scores", winners, n)
            }
        }
    }
}
