//! [`Game::check`] for Goblin Market: whether a state read from elsewhere (an online host's
//! world) holds together as every state of a real match does.

use super::*;
use crate::world::{Census, at_most, bad, ensure, per_seat};

impl GoblinMarket {
    /// See [`Game::check`].
    pub(super) fn check_world(&self) -> Result<(), RuleError> {
        let n = self.players;
        crate::world::players(n, self.cfg.min_players..=self.cfg.max_players)?;
        ensure(!self.rng.is_stuck(), || {
            "the generator's state is all zero".into()
        })?;
        ensure(
            !self.use_tiebreak || self.cfg.tie_break == TieBreak::MostPositive,
            || "a tie-break the rules in force do not have".into(),
        )?;
        crate::world::seat("the first bidder", self.first_bidder, n)?;
        per_seat("the coins", self.coins.len(), n)?;
        per_seat("the owned cards", self.owned.len(), n)?;
        per_seat("who received cards", self.received.len(), n)?;
        self.check_cards()?;
        crate::world::ledger(&self.coins, self.bank_out, self.bank_in, self.most_coins())?;
        // Each auction takes at least one card from the Auction Deck, which nothing refills.
        let auctions = self.deck.basic().len();
        let number = self.auction_number as usize;
        ensure(
            number >= 1 && number.saturating_add(self.auction_deck.len()) <= auctions,
            || {
                format!(
                    "auction number {number} with {} cards still to auction",
                    self.auction_deck.len()
                )
            },
        )?;
        let s = &self.cfg.auction_size;
        let lot = [
            s.ace,
            s.number,
            s.crown,
            self.cfg.size_card_min_deck.saturating_sub(1),
        ];
        at_most(
            "the lot",
            self.row.len(),
            lot.into_iter().max().unwrap_or(0),
        )?;
        match &self.stage {
            Stage::Bidding {
                to_act,
                high,
                out,
                best,
            } => self.check_bidding(*to_act, *high, out, best),
            Stage::Choosing { ranking, next } => self.check_choosing(ranking, *next),
            Stage::Over(_) => self.check_end(),
        }
    }

    /// More coins than any seat can come to: the start, and every auction (at most one per
    /// basic card) the best sisterhood payout for every basic card and goblin money for every
    /// suit.
    fn most_coins(&self) -> u32 {
        let cfg = &self.cfg;
        let basic = self.deck.basic().len() as u64;
        let payout = cfg.sisterhood.iter().copied().max().unwrap_or(0) as u64;
        let auction = payout * basic + 6 * cfg.goblin_coins_per_suit as u64;
        let most = cfg.starting_coins as u64 + basic * auction;
        most.min(u32::MAX as u64 / 2) as u32
    }

    /// Each basic card is in exactly one place (a deck, the size card, the row, a player's,
    /// set aside, discarded), and each Goblin card too (its deck, face up, used); no other
    /// card anywhere. The Goblin deck is never empty (it is refilled as soon as it empties).
    fn check_cards(&self) -> Result<(), RuleError> {
        let cards = self.deck.cards.len();
        let ids = |cards: &[Card]| cards.iter().map(|c| c.0 as usize).collect::<Vec<_>>();
        let basic = self.deck.basic();
        let mut census = Census::new(cards, |id| basic.contains(&Card(id as u8)));
        census.place_all(ids(&self.auction_deck), "the Auction Deck")?;
        census.place_all(self.size_card.map(|c| c.0 as usize), "the size card")?;
        census.place_all(ids(&self.row), "the auction row")?;
        for (s, owned) in self.owned.iter().enumerate() {
            census.place_all(ids(owned), format!("seat {s}'s cards"))?;
        }
        census.place_all(ids(&self.set_aside), "the set-aside cards")?;
        census.place_all(ids(&self.discard), "the discard pile")?;
        census.complete()?;
        let goblins = self.deck.pawns_and_courts();
        let mut census = Census::new(cards, |id| goblins.contains(&Card(id as u8)));
        census.place_all(ids(&self.goblin_deck), "the Goblin Deck")?;
        census.place_all(
            self.goblin_face.map(|c| c.0 as usize),
            "the Goblin card face up",
        )?;
        census.place_all(ids(&self.goblin_used), "the used Goblin cards")?;
        census.complete()?;
        ensure(!self.goblin_deck.is_empty(), || {
            "the Goblin Deck is empty".into()
        })
    }

    /// Bidding: the seat to act is in, the high bid is the best of all and its bidder's, every
    /// bid within its bidder's coins, nobody paid yet, cards up for auction.
    fn check_bidding(
        &self,
        to_act: Seat,
        high: Option<(Seat, u32)>,
        out: &[bool],
        best: &[Option<u32>],
    ) -> Result<(), RuleError> {
        let n = self.players;
        per_seat("who passed", out.len(), n)?;
        per_seat("the best bids", best.len(), n)?;
        crate::world::seat("the seat to act", to_act, n)?;
        ensure(!out[to_act], || format!("seat {to_act} acts after passing"))?;
        ensure(!self.row.is_empty(), || "an auction of no cards".into())?;
        ensure(!self.received.iter().any(|&r| r), || {
            "cards were handed out during the bidding".into()
        })?;
        for (s, b) in best.iter().enumerate() {
            if let Some(b) = *b {
                ensure(b >= 1 && b <= self.coins[s], || {
                    format!("seat {s} bid {b} with {} coins", self.coins[s])
                })?;
            }
        }
        match high {
            None => ensure(best.iter().all(Option::is_none), || {
                "bids were made, but there is no high bid".into()
            }),
            Some((w, bid)) => {
                crate::world::seat("the high bidder", w, n)?;
                let others_lower = best
                    .iter()
                    .enumerate()
                    .all(|(s, b)| s == w || b.is_none_or(|b| b < bid));
                ensure(
                    best[w] == Some(bid) && others_lower && !out[w] && w != to_act,
                    || format!("the high bid, {bid} by seat {w}, does not fit the bids"),
                )
            }
        }
    }

    /// Handing out: the ranking is of this table's seats, best bid first, each bidder still
    /// to take able to pay, those before it served, more than one card left to choose from.
    fn check_choosing(&self, ranking: &[(Seat, u32)], next: usize) -> Result<(), RuleError> {
        let n = self.players;
        ensure(next < ranking.len() && ranking.len() <= n, || {
            format!("bidder {next} of a ranking of {}", ranking.len())
        })?;
        for (i, &(s, bid)) in ranking.iter().enumerate() {
            crate::world::seat("the ranking", s, n)?;
            let before = &ranking[..i];
            let fits = bid >= 1
                && before.iter().all(|&(o, b)| o != s && b >= bid)
                && self.received[s] == (i < next)
                && (i < next || bid <= self.coins[s]);
            ensure(fits, || {
                format!("seat {s}'s place in the ranking (bid {bid}) does not hold together")
            })?;
        }
        let served = self.received.iter().filter(|&&r| r).count();
        ensure(served == next, || {
            "cards went to seats outside the ranking".into()
        })?;
        ensure(self.row.len() >= 2, || {
            "a choice among fewer than two cards".into()
        })
    }

    /// The end: the decks and the row are empty, and the final scores are the owned cards'
    /// suit majorities ranked as the rules in force rank them.
    fn check_end(&self) -> Result<(), RuleError> {
        ensure(
            self.auction_deck.is_empty() && self.row.is_empty() && self.size_card.is_none(),
            || "the game is over with cards still to auction".into(),
        )?;
        let mut g = self.clone();
        g.end_game(&mut Vec::new());
        if g.stage == self.stage {
            Ok(())
        } else {
            Err(bad("the final scores are not the owned cards' scores"))
        }
    }
}
