//! Poker combinations for the Sales phase: which sets of cards form a category, what each
//! category sells for, and every sale a hand allows, best first.
//!
//! A sale is a set of cards that forms its category *exactly*: 1 card is a single card, 2 a
//! pair, 3 three of a kind, 4 two pair or four of a kind, 5 a straight, flush, full house or
//! straight flush. The Ace is only low (A-2-3-4-5 is a straight, 10-J-Q-K-A is not), and five
//! cards that are both a straight and a flush are a straight flush.
//!
//! Sales are ordered by price (highest first), then by their ranks compared poker-style
//! (grouped by how many cards share a rank, then by rank, highest first: K-K-K-2-2 before
//! Q-Q-Q-K-K), then by the suits of those cards in the same order (Spades first), so the order
//! is total and deterministic.

use super::cards::{Card, RANKS, Suit};
use crate::text::Text;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// The nine kinds of sale, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Category {
    /// Five cards of one suit in sequence.
    StraightFlush,
    /// Four cards of one rank.
    FourOfAKind,
    /// Three cards of one rank and two of another.
    FullHouse,
    /// Five cards of one suit, not in sequence.
    Flush,
    /// Five cards in sequence, not all of one suit.
    Straight,
    /// Three cards of one rank.
    ThreeOfAKind,
    /// Two cards of one rank and two of another.
    TwoPair,
    /// Two cards of one rank.
    Pair,
    /// Any one card.
    SingleCard,
}

impl Category {
    /// Every category, best first.
    pub const ALL: [Category; 9] = [
        Category::StraightFlush,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::Flush,
        Category::Straight,
        Category::ThreeOfAKind,
        Category::TwoPair,
        Category::Pair,
        Category::SingleCard,
    ];

    /// The category's message key (its name in the player's language).
    pub fn key(self) -> &'static str {
        match self {
            Category::StraightFlush => "mykonos-hand-straight-flush",
            Category::FourOfAKind => "mykonos-hand-four-of-a-kind",
            Category::FullHouse => "mykonos-hand-full-house",
            Category::Flush => "mykonos-hand-flush",
            Category::Straight => "mykonos-hand-straight",
            Category::ThreeOfAKind => "mykonos-hand-three-of-a-kind",
            Category::TwoPair => "mykonos-hand-two-pair",
            Category::Pair => "mykonos-hand-pair",
            Category::SingleCard => "mykonos-hand-single-card",
        }
    }

    /// The category's name as a message.
    pub fn text(self) -> Text {
        Text::new(self.key())
    }

    /// What it takes, as a message (for rules help on the table).
    pub fn what(self) -> Text {
        Text::new(match self {
            Category::StraightFlush => "mykonos-hand-straight-flush-what",
            Category::FourOfAKind => "mykonos-hand-four-of-a-kind-what",
            Category::FullHouse => "mykonos-hand-full-house-what",
            Category::Flush => "mykonos-hand-flush-what",
            Category::Straight => "mykonos-hand-straight-what",
            Category::ThreeOfAKind => "mykonos-hand-three-of-a-kind-what",
            Category::TwoPair => "mykonos-hand-two-pair-what",
            Category::Pair => "mykonos-hand-pair-what",
            Category::SingleCard => "mykonos-hand-single-card-what",
        })
    }

    /// How many cards a sale of this category has.
    pub fn size(self) -> usize {
        match self {
            Category::StraightFlush
            | Category::FullHouse
            | Category::Flush
            | Category::Straight => 5,
            Category::FourOfAKind | Category::TwoPair => 4,
            Category::ThreeOfAKind => 3,
            Category::Pair => 2,
            Category::SingleCard => 1,
        }
    }
}

/// What each category sells for (from `levels/mykonos.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prices {
    /// Price of a straight flush.
    pub straight_flush: u32,
    /// Price of four of a kind.
    pub four_of_a_kind: u32,
    /// Price of a full house.
    pub full_house: u32,
    /// Price of a flush.
    pub flush: u32,
    /// Price of a straight.
    pub straight: u32,
    /// Price of three of a kind.
    pub three_of_a_kind: u32,
    /// Price of two pair.
    pub two_pair: u32,
    /// Price of a pair.
    pub pair: u32,
    /// Price of a single card.
    pub single_card: u32,
}

/// One legal sale: the exact cards (in canonical order), their category and price.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sale {
    /// The combination the cards form.
    pub category: Category,
    /// The cards, in canonical order (see [`canonical`]).
    pub cards: Vec<Card>,
    /// What the sale pays.
    pub price: u32,
}

impl Prices {
    /// The price of a category.
    pub fn of(&self, category: Category) -> u32 {
        match category {
            Category::StraightFlush => self.straight_flush,
            Category::FourOfAKind => self.four_of_a_kind,
            Category::FullHouse => self.full_house,
            Category::Flush => self.flush,
            Category::Straight => self.straight,
            Category::ThreeOfAKind => self.three_of_a_kind,
            Category::TwoPair => self.two_pair,
            Category::Pair => self.pair,
            Category::SingleCard => self.single_card,
        }
    }

    /// `cards` as a sale, if they form a category exactly (cards put in canonical order).
    pub fn sale(&self, cards: &[Card]) -> Option<Sale> {
        let category = classify(cards)?;
        Some(Sale {
            category,
            cards: canonical(cards),
            price: self.of(category),
        })
    }

    /// Every legal sale from `hand`, best first (see the module docs for the order). Sets of
    /// up to five cards are enumerated, so this is meant for real hands (a dozen cards or so).
    pub fn sales(&self, hand: &[Card]) -> Vec<Sale> {
        let mut out = Vec::new();
        self.each_sale(hand, |category, cards| {
            out.push(Sale {
                category,
                cards: cards.to_vec(),
                price: self.of(category),
            })
        });
        out
    }

    /// Calls `f` with every legal sale from `hand` (its category and its cards in canonical
    /// order), best first, as [`Prices::sales`] lists them, without allocating per sale: the
    /// playout path of search bots enumerates sales on every Sales turn.
    pub fn each_sale(&self, hand: &[Card], mut f: impl FnMut(Category, &[Card])) {
        FOUND.with_borrow_mut(|found| {
            found.clear();
            let mut seen = 0u64;
            let mut cards = [Card::from_id(0).expect("id 0"); 64];
            let mut n = 0;
            for &c in hand {
                let bit = 1u64 << c.id();
                if seen & bit == 0 {
                    seen |= bit;
                    cards[n] = c;
                    n += 1;
                }
            }
            let (mut by_rank, mut by_suit) = ([0u8; 14], [0u8; 4]);
            for c in &cards[..n] {
                by_rank[c.rank() as usize] += 1;
                by_suit[c.suit().index()] += 1;
            }
            let mut counts = HandCounts {
                paired: 0,
                flush_suits: 0,
            };
            for (r, &k) in by_rank.iter().enumerate() {
                if k >= 2 {
                    counts.paired |= 1 << r;
                }
            }
            for (suit, &k) in by_suit.iter().enumerate() {
                if k >= 5 {
                    counts.flush_suits |= 1 << suit;
                }
            }
            let mut pick = Pick::default();
            grow(&cards[..n], &counts, 0, &mut pick, &mut |set: &Pick| {
                if let Some(category) = set.category() {
                    found.push(Found::new(self.of(category), category, set));
                }
            });
            found.sort_unstable_by_key(|f| f.key);
            for s in found.iter() {
                f(s.category, &s.cards[..s.len]);
            }
        });
    }

    /// The best sale from a hand of any size (the first of [`Prices::sales`]), or `None` for an
    /// empty hand. Computed directly from rank and suit counts.
    pub fn best_sale(&self, hand: &[Card]) -> Option<Sale> {
        let hand = distinct(hand);
        // With prices falling by category (the level file is checked for this), the best sale
        // is the best-ranked set of the best category present.
        let mut candidates: Vec<Vec<Card>> = Vec::new();
        for category in Category::ALL {
            candidates.clear();
            best_sets(&hand, category, &mut candidates);
            if let Some(best) = candidates
                .iter()
                .filter_map(|c| self.sale(c))
                .min_by(sale_order)
            {
                return Some(best);
            }
        }
        None
    }
}

/// The best sale of a hand with the embedded level file's prices.
pub fn best_sale(hand: &[Card]) -> Option<Sale> {
    super::config().prices.best_sale(hand)
}

/// Every legal sale of a hand with the embedded level file's prices, best first.
pub fn sales(hand: &[Card]) -> Vec<Sale> {
    super::config().prices.sales(hand)
}

/// The category `cards` form exactly, if any (`None` for no cards, repeated cards, or sets
/// such as four of a kind plus one card).
pub fn classify(cards: &[Card]) -> Option<Category> {
    if cards.is_empty() || cards.len() > 5 {
        return None;
    }
    let mut pick = Pick::default();
    for &c in cards {
        if !pick.push(c) {
            return None;
        }
    }
    pick.category()
}

/// The cards of a combination in canonical order: ranks that occur more often first, then
/// higher ranks first, then by suit (Spades first).
pub fn canonical(cards: &[Card]) -> Vec<Card> {
    let mut counts = [0u8; 14];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    let mut v = cards.to_vec();
    v.sort_by_key(|&c| canonical_key(&counts, c));
    v
}

/// Whether `cards` are already in canonical order (what `apply` checks, without allocating).
pub fn is_canonical(cards: &[Card]) -> bool {
    let mut counts = [0u8; 14];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    cards
        .windows(2)
        .all(|w| canonical_key(&counts, w[0]) <= canonical_key(&counts, w[1]))
}

/// Where a card goes in canonical order, given its set's rank counts.
fn canonical_key(
    counts: &[u8; 14],
    c: Card,
) -> (std::cmp::Reverse<u8>, std::cmp::Reverse<u8>, Suit) {
    (
        std::cmp::Reverse(counts[c.rank() as usize]),
        std::cmp::Reverse(c.rank()),
        c.suit(),
    )
}

/// The order of sales: price, then ranks poker-style, then suits; the best sale first.
pub fn sale_order(a: &Sale, b: &Sale) -> Ordering {
    b.price
        .cmp(&a.price)
        .then_with(|| a.category.cmp(&b.category))
        .then_with(|| {
            let ra: Vec<u8> = a.cards.iter().map(|c| c.rank()).collect();
            let rb: Vec<u8> = b.cards.iter().map(|c| c.rank()).collect();
            rb.cmp(&ra)
        })
        .then_with(|| {
            let sa: Vec<Suit> = a.cards.iter().map(|c| c.suit()).collect();
            let sb: Vec<Suit> = b.cards.iter().map(|c| c.suit()).collect();
            sa.cmp(&sb)
        })
}

fn distinct(cards: &[Card]) -> Vec<Card> {
    let mut v = cards.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

std::thread_local! {
    /// [`Prices::each_sale`]'s scratch list, reused from call to call.
    static FOUND: std::cell::RefCell<Vec<Found>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A set of up to five distinct cards being built, with what classifying it needs.
#[derive(Clone, Copy, Default)]
struct Pick {
    cards: [u8; 5],
    len: usize,
    /// Bit per card id.
    seen: u64,
    /// Cards per rank (1-13).
    counts: [u8; 14],
    /// The most cards of one rank.
    top: u8,
    /// Bit per suit present.
    suits: u8,
    /// Bit per rank present.
    ranks: u16,
}

/// What the whole hand holds, for pruning sets that cannot become a sale.
struct HandCounts {
    /// Bit per rank the hand holds two or more of.
    paired: u16,
    /// Bit per suit the hand holds five or more of.
    flush_suits: u8,
}

impl Pick {
    /// Adds a card; `false` (and no change) for a sixth card or a card already in.
    fn push(&mut self, c: Card) -> bool {
        let bit = 1u64 << c.id();
        if self.len == 5 || self.seen & bit != 0 {
            return false;
        }
        let rank = c.rank() as usize;
        self.cards[self.len] = c.id();
        self.len += 1;
        self.seen |= bit;
        self.counts[rank] += 1;
        self.top = self.top.max(self.counts[rank]);
        self.suits |= 1 << c.suit().index();
        self.ranks |= 1 << rank;
        true
    }

    /// The span from the lowest rank present to the highest.
    fn span(&self) -> u32 {
        (15 - self.ranks.leading_zeros()) - self.ranks.trailing_zeros()
    }

    /// Whether some legal sale from `hand` contains this set (the enumeration grows only
    /// such sets): one rank; two ranks the hand holds pairs of (two pair, full house); one
    /// suit the hand holds five of (flush); distinct ranks within a straight's span.
    fn can_grow(&self, hand: &HandCounts) -> bool {
        let ranks = self.ranks.count_ones();
        ranks == 1
            || ranks == 2 && self.ranks & !hand.paired == 0
            || self.suits.count_ones() == 1 && self.suits & hand.flush_suits != 0
            || ranks as usize == self.len && self.span() <= 4
    }

    /// The category the set forms exactly, if any.
    fn category(&self) -> Option<Category> {
        let ranks = self.ranks.count_ones();
        let flush = self.len == 5 && self.suits.count_ones() == 1;
        let straight = self.len == 5 && ranks == 5 && self.span() == 4;
        match (self.len, self.top) {
            (1, _) => Some(Category::SingleCard),
            (2, 2) => Some(Category::Pair),
            (3, 3) => Some(Category::ThreeOfAKind),
            (4, 4) => Some(Category::FourOfAKind),
            (4, 2) if ranks == 2 => Some(Category::TwoPair),
            (5, 3) if ranks == 2 => Some(Category::FullHouse),
            (5, _) if straight && flush => Some(Category::StraightFlush),
            (5, _) if flush => Some(Category::Flush),
            (5, _) if straight => Some(Category::Straight),
            _ => None,
        }
    }
}

/// A sale found by [`Prices::each_sale`], with its place in the sale order as one key.
#[derive(Clone, Copy)]
struct Found {
    /// Price (highest first), category, ranks (highest first), suits: [`sale_order`].
    key: (
        std::cmp::Reverse<u32>,
        Category,
        std::cmp::Reverse<[u8; 5]>,
        [u8; 5],
    ),
    category: Category,
    cards: [Card; 5],
    len: usize,
}

impl Found {
    fn new(price: u32, category: Category, set: &Pick) -> Found {
        let mut cards = [Card::from_id(0).expect("id 0"); 5];
        for (slot, &id) in cards.iter_mut().zip(&set.cards[..set.len]) {
            *slot = Card::from_id(id).expect("a card id");
        }
        let cards_in = &mut cards[..set.len];
        cards_in.sort_unstable_by_key(|&c| canonical_key(&set.counts, c));
        let (mut ranks, mut suits) = ([0u8; 5], [0u8; 5]);
        for (i, c) in cards_in.iter().enumerate() {
            ranks[i] = c.rank();
            suits[i] = c.suit().index() as u8;
        }
        Found {
            key: (
                std::cmp::Reverse(price),
                category,
                std::cmp::Reverse(ranks),
                suits,
            ),
            category,
            cards,
            len: set.len,
        }
    }
}

/// Calls `f` with every set of cards from `hand[from..]` added to `pick` that some legal sale
/// could contain.
fn grow(
    hand: &[Card],
    counts: &HandCounts,
    from: usize,
    pick: &mut Pick,
    f: &mut impl FnMut(&Pick),
) {
    for (i, &c) in hand.iter().enumerate().skip(from) {
        let mut next = *pick;
        if !next.push(c) || !next.can_grow(counts) {
            continue;
        }
        f(&next);
        if next.len < 5 {
            grow(hand, counts, i + 1, &mut next, f);
        }
    }
}

/// The sets of `category` in `hand` that can be the best of that category (empty if none).
/// Within a rank, the lowest suits are taken, which is what the sale order prefers.
fn best_sets(hand: &[Card], category: Category, out: &mut Vec<Vec<Card>>) {
    // by_rank[r]: the cards of rank r, Spades first.
    let mut by_rank: [Vec<Card>; 14] = Default::default();
    for &c in hand {
        by_rank[c.rank() as usize].push(c);
    }
    for cards in &mut by_rank {
        cards.sort_by_key(|c| c.suit());
    }
    let by_rank = &by_rank;
    let ranks_desc = || RANKS.rev();
    let with_count = |k: usize| ranks_desc().filter(move |&r| by_rank[r as usize].len() >= k);
    let take = |r: u8, k: usize| by_rank[r as usize][..k].to_vec();
    match category {
        Category::StraightFlush => {
            for suit in Suit::ALL {
                let has = |r: u8| hand.contains(&Card::new(r, suit).expect("rank 1-13"));
                if let Some(high) = ranks_desc().find(|&h| h >= 5 && (h - 4..=h).all(has)) {
                    out.push(
                        (high - 4..=high)
                            .filter_map(|r| Card::new(r, suit))
                            .collect(),
                    );
                }
            }
        }
        Category::FourOfAKind => {
            if let Some(r) = with_count(4).next() {
                out.push(take(r, 4));
            }
        }
        Category::FullHouse => {
            if let Some(t) = with_count(3).next()
                && let Some(p) = with_count(2).find(|&p| p != t)
            {
                let mut v = take(t, 3);
                v.extend(take(p, 2));
                out.push(v);
            }
        }
        Category::Flush => {
            for suit in Suit::ALL {
                let top: Vec<Card> = ranks_desc()
                    .filter_map(|r| Card::new(r, suit))
                    .filter(|c| hand.contains(c))
                    .take(5)
                    .collect();
                if top.len() == 5 {
                    out.push(top);
                }
            }
        }
        Category::Straight => {
            let present = |r: u8| !by_rank[r as usize].is_empty();
            if let Some(high) = ranks_desc().find(|&h| h >= 5 && (h - 4..=h).all(present)) {
                // The lowest suit of each rank: if those were all one suit, a straight flush
                // would exist and have been found first.
                out.push((high - 4..=high).map(|r| by_rank[r as usize][0]).collect());
            }
        }
        Category::ThreeOfAKind => {
            if let Some(r) = with_count(3).next() {
                out.push(take(r, 3));
            }
        }
        Category::TwoPair => {
            let mut pairs = with_count(2);
            if let (Some(h), Some(l)) = (pairs.next(), pairs.next()) {
                let mut v = take(h, 2);
                v.extend(take(l, 2));
                out.push(v);
            }
        }
        Category::Pair => {
            if let Some(r) = with_count(2).next() {
                out.push(take(r, 2));
            }
        }
        Category::SingleCard => {
            if let Some(r) = with_count(1).next() {
                out.push(take(r, 1));
            }
        }
    }
}
