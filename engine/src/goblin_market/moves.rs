//! What happens in Goblin Market, in words the table and the protocol share: actions, zones,
//! accounts, phases, effects and the scoring's small rules.

use super::*;

// ---------------------------------------------------------------------------------------------
// Actions and effects

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Bid this many coins (more than the high bid, at most your coins).
    Bid(u32),
    /// Drop out of this auction.
    Pass,
    /// As the winner: take every card up for auction and pay your bid.
    TakeAll,
    /// As the winner (or a later-ranked bidder): take this one card and pay your bid.
    TakeOne(Card),
}

/// Where a card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    AuctionDeck,
    /// The card that set the current auction's size.
    SizeCard,
    /// Cards up for auction.
    AuctionRow,
    /// Owned by a player, face up in front of them.
    Player(Seat),
    /// Size cards of earlier auctions: out of the game, visible.
    SetAside,
    /// Lots nobody bought and cards nobody had to take.
    Discard,
    GoblinDeck,
    /// The Goblin card revealed last.
    GoblinReveal,
    /// Goblin cards revealed earlier since the last reshuffle.
    GoblinUsed,
}

pub use crate::money::Account;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoinReason {
    StartingCoins,
    BidPaid,
    Sisterhood,
    GoblinMoney,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A new auction: who bids first and how many cards are up.
    Auction {
        number: u32,
        first_bidder: Seat,
        lot: usize,
    },
    /// Bidding is over: the winner and the winning bid.
    Distribution {
        winner: Seat,
        bid: u32,
    },
    /// Sisterhood money for the rank named by the winning bid's last digit (1-10).
    Sisterhood {
        rank: u8,
    },
    GoblinMoney,
    Scoring,
}

/// What a spectator sees happen, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    GameStarted {
        players: usize,
        first_bidder: Seat,
    },
    PhaseStarted(Phase),
    /// A card turned face up where it lies.
    CardRevealed {
        card: Card,
        zone: Zone,
    },
    CardMoved {
        card: Card,
        from: Zone,
        to: Zone,
    },
    CoinsMoved {
        from: Account,
        to: Account,
        amount: u32,
        reason: CoinReason,
    },
    BidMade {
        seat: Seat,
        amount: u32,
    },
    Passed {
        seat: Seat,
    },
    /// Everyone passed without a bid: the lot goes to the discard pile.
    NoSale,
    GoblinDeckShuffled {
        cards: usize,
    },
    GameOver {
        scores: FinalScores,
        breakdown: Vec<SuitScore>,
    },
}

/// One player's score by suit: symbol counts and which suits scored positive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuitScore {
    pub counts: [u32; 6],
    pub positive: [bool; 6],
    pub plus: i64,
    pub minus: i64,
    pub total: i64,
}

/// Scores a set of owned cards: the `positive` most frequent suits count +1 per symbol, the
/// others -1 (which of several tied suits counts as positive does not change the total).
pub fn suit_score(deck: &Decktet, cards: &[Card], positive: usize) -> SuitScore {
    let mut counts = [0u32; 6];
    for &c in cards {
        for s in &deck.def(c).suits {
            counts[s.index()] += 1;
        }
    }
    score_counts(counts, positive)
}

/// [`suit_score`] from the symbol counts per suit: the `positive` suits with the most symbols
/// (ties to the lower suit index) count +1 per symbol, the others -1. No allocation: the bots
/// score hundreds of thousands of holdings per decision.
pub fn score_counts(counts: [u32; 6], positive: usize) -> SuitScore {
    // Each suit's place when ordered by count (most first), ties to the lower index: one
    // comparison per pair of suits.
    let mut ahead = [0usize; 6];
    for i in 0..6 {
        for (j, &other) in counts.iter().enumerate().skip(i + 1) {
            if other > counts[i] {
                ahead[i] += 1;
            } else {
                ahead[j] += 1;
            }
        }
    }
    let pos: [bool; 6] = std::array::from_fn(|i| ahead[i] < positive);
    let plus: i64 = (0..6).filter(|&i| pos[i]).map(|i| counts[i] as i64).sum();
    let minus: i64 = (0..6).filter(|&i| !pos[i]).map(|i| counts[i] as i64).sum();
    SuitScore {
        counts,
        positive: pos,
        plus,
        minus,
        total: plus - minus,
    }
}

/// The rank `steps` below `rank` on the cycle Crown(10), Ace(1), 2, ..., 9, Crown.
pub fn rank_below(rank: u8, steps: usize) -> u8 {
    ((rank as usize + 10 - 1 - steps % 10) % 10 + 1) as u8
}

/// The rank named by a winning bid's last digit: 1 = Ace, 2-9, 0 = Crown (10).
pub fn rank_of_bid(bid: u32) -> u8 {
    match bid % 10 {
        0 => 10,
        d => d as u8,
    }
}

/// Sisterhood coins for someone owning `cards` when a bid naming `rank` wins.
pub fn sisterhood_for(deck: &Decktet, cards: &[Card], rank: u8, payouts: &[u32]) -> u32 {
    // A card of rank r pays the k-th payout when r is k steps below the named rank.
    cards
        .iter()
        .filter_map(|&c| deck.def(c).rank.cycle_value())
        .filter_map(|r| payouts.get((rank as usize + 10 - r as usize) % 10))
        .sum()
}

/// Goblin money for someone owning `cards` when `goblin` is revealed.
pub fn goblin_money_for(deck: &Decktet, cards: &[Card], goblin: Card, per_suit: u32) -> u32 {
    let mut owned = 0u32;
    for &c in cards {
        for s in &deck.def(c).suits {
            owned |= 1 << *s as u32;
        }
    }
    let missing = deck
        .def(goblin)
        .suits
        .iter()
        .filter(|&&s| owned & (1 << s as u32) == 0)
        .count() as u32;
    missing * per_suit
}
