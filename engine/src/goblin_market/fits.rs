//! [`Game::check_effect`] for Goblin Market: whether an effect read from elsewhere (an online
//! host's state) names only seats, cards and zones this table has.

use super::*;
use crate::world::{account, at_most, ensure, per_seat, seat};

impl GoblinMarket {
    /// See [`Game::check_effect`].
    pub(super) fn check_effect_fits(&self, effect: &Effect) -> Result<(), RuleError> {
        let n = self.players;
        let card = |c: &Card| {
            ensure(self.deck.get(*c).is_some(), || {
                format!("an effect names card {c}, which is not in the deck")
            })
        };
        let zone = |z: &Zone| match z {
            Zone::Player(s) => seat("a zone", *s, n),
            _ => Ok(()),
        };
        match effect {
            Effect::GameStarted {
                players,
                first_bidder,
            } => {
                ensure(*players == n, || {
                    format!("a start for {players} players at a table of {n}")
                })?;
                seat("the first bidder", *first_bidder, n)
            }
            Effect::PhaseStarted(phase) => match phase {
                Phase::Auction {
                    first_bidder, lot, ..
                } => {
                    seat("an auction's first bidder", *first_bidder, n)?;
                    at_most("a lot", *lot, self.deck.cards.len())
                }
                Phase::Distribution { winner, .. } => seat("an auction's winner", *winner, n),
                Phase::Sisterhood { rank } => ensure((1..=10).contains(rank), || {
                    format!("a sisterhood of rank {rank}")
                }),
                Phase::GoblinMoney | Phase::Scoring => Ok(()),
            },
            Effect::CardRevealed { card: c, zone: z } => {
                card(c)?;
                zone(z)
            }
            Effect::CardMoved { card: c, from, to } => {
                card(c)?;
                zone(from)?;
                zone(to)
            }
            Effect::CoinsMoved { from, to, .. } => {
                account("a payment", *from, n)?;
                account("a payment", *to, n)
            }
            Effect::BidMade { seat: s, .. } => seat("a bid", *s, n),
            Effect::Passed { seat: s } => seat("a pass", *s, n),
            Effect::NoSale => Ok(()),
            Effect::GoblinDeckShuffled { cards } => {
                at_most("the goblin deck", *cards, self.deck.cards.len())
            }
            Effect::GameOver { scores, breakdown } => {
                per_seat("the score breakdown", breakdown.len(), n)?;
                crate::world::scores("the scores", scores, n)
            }
        }
    }
}
