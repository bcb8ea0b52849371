//! [`Game::check`] for Mýkonos: whether a state read from elsewhere (an online host's world)
//! holds together as every state of a real match does.

use super::*;
use crate::world::{Census, at_most, ensure, known_in_hand, per_seat};

impl Mykonos {
    /// See [`Game::check`].
    pub(super) fn check_world(&self) -> Result<(), RuleError> {
        let n = self.players;
        let cfg = &self.cfg;
        crate::world::players(n, cfg.min_players..=cfg.max_players)?;
        ensure(
            self.removed_ranks == cfg.removed_ranks(n) && self.cards == cfg.deck_for(n),
            || format!("the cards in play are not the {n}-player deck"),
        )?;
        crate::world::seat("the start player", self.start_player, n)?;
        per_seat("the hands", self.hands.len(), n)?;
        per_seat("the known cards", self.known.len(), n)?;
        per_seat("the money", self.money.len(), n)?;
        per_seat("who bought", self.bought.len(), n)?;
        per_seat("the workers left", self.workers_left.len(), n)?;
        self.check_cards()?;
        crate::world::ledger(&self.money, self.bank_out, self.bank_in, self.most_money())?;
        // Each round deals a row from the draw pile, which nothing refills.
        let k = cfg.row_size(n);
        ensure(
            (self.round as usize)
                .saturating_mul(k)
                .saturating_add(self.deck.len())
                <= self.cards.len() + k,
            || {
                format!(
                    "round {} with {} cards still to deal",
                    self.round,
                    self.deck.len()
                )
            },
        )?;
        self.check_row()?;
        self.check_stage()
    }

    /// More money than any seat can come to: the start, and every round (at most one per card)
    /// the dearest sale and the most income.
    fn most_money(&self) -> u32 {
        let cfg = &self.cfg;
        let dearest = Category::ALL
            .iter()
            .map(|&c| cfg.prices.of(c))
            .max()
            .unwrap_or(0);
        let i = &cfg.income;
        let round = dearest as u64
            + i.base as u64
            + i.no_purchase as u64
            + i.per_face_card as u64 * Card::COUNT as u64;
        let most = cfg.starting_money as u64 + Card::COUNT as u64 * round;
        most.min(u32::MAX as u64 / 2) as u32
    }

    /// Every card of the deck in play is in exactly one place (the draw pile, the row, a hand
    /// or the discard pile), and no other card anywhere; the known cards are in their hands.
    fn check_cards(&self) -> Result<(), RuleError> {
        let mut census = Census::new(Card::COUNT, |id| {
            self.cards.iter().any(|c| c.id() as usize == id)
        });
        let ids = |cards: &[Card]| cards.iter().map(|c| c.id() as usize).collect::<Vec<_>>();
        census.place_all(ids(&self.deck), "the draw pile")?;
        for (slot, c) in self.row.iter().enumerate() {
            if let Some(c) = c {
                census.place(c.id() as usize, format!("row slot {slot}"))?;
            }
        }
        for (s, hand) in self.hands.iter().enumerate() {
            census.place_all(ids(hand), format!("seat {s}'s hand"))?;
        }
        census.place_all(ids(&self.discard), "the discard pile")?;
        census.complete()?;
        for s in 0..self.players {
            known_in_hand(s, &self.known[s], &self.hands[s])?;
        }
        Ok(())
    }

    /// The row and its queues: one queue per row card, a row as long as the rules deal (or
    /// none before the first round), workers of this table, no queue over the limit.
    fn check_row(&self) -> Result<(), RuleError> {
        let n = self.players;
        let k = self.cfg.row_size(n);
        ensure(
            self.queues.len() == self.row.len() && (self.row.is_empty() || self.row.len() == k),
            || {
                format!(
                    "a row of {} cards with {} queues, must be {k}",
                    self.row.len(),
                    self.queues.len()
                )
            },
        )?;
        for (slot, q) in self.queues.iter().enumerate() {
            at_most(
                &format!("the queue on slot {slot}"),
                q.len(),
                self.cfg.max_workers_per_card,
            )?;
            for w in q {
                match w {
                    Worker::Player(s) => crate::world::seat("a worker", *s, n)?,
                    Worker::Neutral => ensure(self.cfg.neutral_for(n) > 0, || {
                        format!("a neutral worker at a table of {n}")
                    })?,
                }
            }
        }
        for (s, &w) in self.workers_left.iter().enumerate() {
            at_most(&format!("seat {s}'s workers left"), w, self.cfg.workers)?;
        }
        at_most(
            "the neutral workers left",
            self.neutral_left,
            self.cfg.neutral_for(n),
        )
    }

    /// The row's first `upto` slots are settled: no card, no worker.
    fn settled(&self, upto: usize) -> Result<(), RuleError> {
        for slot in 0..upto.min(self.row.len()) {
            ensure(
                self.row[slot].is_none() && self.queues[slot].is_empty(),
                || format!("row slot {slot} is not settled yet"),
            )?;
        }
        Ok(())
    }

    /// No worker is still to be placed (after the Demand).
    fn all_placed(&self) -> Result<(), RuleError> {
        ensure(
            self.workers_left.iter().all(|&w| w == 0) && self.neutral_left == 0,
            || "workers are left to place after the Demand".into(),
        )
    }

    /// The stage fits the table: whose turn it is, the row as far as it is settled, the hand
    /// above the limit, the final scores.
    fn check_stage(&self) -> Result<(), RuleError> {
        let n = self.players;
        if !matches!(self.stage, Stage::Over(_)) {
            ensure(self.round >= 1 && !self.row.is_empty(), || {
                "a round is under way, but none has started".into()
            })?;
        }
        match &self.stage {
            Stage::Demand { schedule, next } => self.check_demand(schedule, *next),
            Stage::Purchases { slot } => {
                at_most("the slot being settled", *slot, self.row.len() - 1)?;
                self.all_placed()?;
                self.settled(*slot)?;
                ensure(self.row[*slot..].iter().all(Option::is_some), || {
                    "a row card after the one being settled is gone".into()
                })?;
                ensure(
                    matches!(self.queues[*slot].first(), Some(Worker::Player(_))),
                    || format!("no player's worker is first on slot {slot}"),
                )
            }
            Stage::Sales { k } => {
                self.all_placed()?;
                self.settled(self.row.len())?;
                crate::world::seat("the seller", *k, n)?;
                ensure(!self.hands[self.seat_at(*k)].is_empty(), || {
                    "the seller has no cards".into()
                })
            }
            Stage::Discarding { k } => {
                self.all_placed()?;
                self.settled(self.row.len())?;
                crate::world::seat("the discarding seat", *k, n)?;
                let limit = self.cfg.hand_limit;
                ensure(self.hands[self.seat_at(*k)].len() > limit, || {
                    format!("the discarding seat holds no more than {limit} cards")
                })?;
                ensure(
                    (0..*k).all(|j| self.hands[self.seat_at(j)].len() <= limit),
                    || "a seat before the discarding one is above the hand limit".into(),
                )
            }
            Stage::Over(scores) => {
                self.all_placed()?;
                self.settled(self.row.len())?;
                ensure(self.deck.len() < self.cfg.row_size(n), || {
                    "the game is over with a full row still in the draw pile".into()
                })?;
                // The tie-break (face cards in hand) is what the seat's world imagines of the
                // other hands; the points are everyone's money.
                let points: Vec<i64> = self.money.iter().map(|&m| m as i64).collect();
                per_seat("the tie-breaks", scores.tiebreak.len(), n)?;
                let ranked = FinalScores::rank(points, scores.tiebreak.clone(), true);
                ensure(*scores == ranked, || {
                    "the final scores are not the money ranked".into()
                })
            }
        }
    }

    /// The Demand: the placements are the rules' order for this table, the next one exists,
    /// and the queues hold exactly the workers placed so far.
    fn check_demand(&self, schedule: &[Placement], next: usize) -> Result<(), RuleError> {
        let n = self.players;
        ensure(schedule == self.schedule(), || {
            "the Demand's placements are not the rules' order".into()
        })?;
        ensure(next < schedule.len(), || {
            format!(
                "the next placement, {next}, is past the Demand's {}",
                schedule.len()
            )
        })?;
        ensure(self.row.iter().all(Option::is_some), || {
            "a row card is gone during the Demand".into()
        })?;
        ensure(!self.bought.iter().any(|&b| b), || {
            "a card was bought before the Purchases".into()
        })?;
        // Per seat, then the neutral workers (index n): placed, queued, still to place.
        let index = |w: &Worker| match w {
            Worker::Player(s) => *s,
            Worker::Neutral => n,
        };
        let count = |ws: &mut dyn Iterator<Item = &Worker>| {
            let mut c = vec![0usize; n + 1];
            ws.for_each(|w| c[index(w)] += 1);
            c
        };
        let placed = count(&mut schedule[..next].iter().map(|p| &p.worker));
        let queued = count(&mut self.queues.iter().flatten());
        ensure(placed == queued, || {
            "the queues do not hold the workers placed so far".into()
        })?;
        let to_place = count(&mut schedule[next..].iter().map(|p| &p.worker));
        let mut left = self.workers_left.clone();
        left.push(self.neutral_left);
        ensure(left == to_place, || {
            "the workers left are not those still to place".into()
        })?;
        Ok(())
    }
}
