//! What the Duchess's bots share to value a hand: a small hand on the stack ([`Hand`]), the
//! necklace scorer with the wishes in force ([`Scorer`]), a solo turn's expected value and the
//! cards a view has seen. The bots (`bot`), the reader of an opponent's turns (`infer`) and the
//! solo search (`solo`) all build on it.

use super::View;
use super::deck::{Card, Config, Gem};
use super::necklace;
use std::sync::Arc;

/// At most this many cards in a hand being evaluated (4, one drawn, and room to spare).
const MAX_HAND: usize = 8;

/// A small hand on the stack (the bots evaluate hundreds of thousands per decision).
#[derive(Clone, Copy)]
pub(super) struct Hand {
    pub(super) cards: [Card; MAX_HAND],
    pub(super) len: usize,
}

impl Hand {
    pub(super) fn of(cards: &[Card]) -> Hand {
        let mut h = Hand {
            cards: [Card(0); MAX_HAND],
            len: cards.len().min(MAX_HAND),
        };
        h.cards[..h.len].copy_from_slice(&cards[..h.len]);
        h
    }

    pub(super) fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    pub(super) fn with(mut self, x: Card) -> Hand {
        if self.len < MAX_HAND {
            self.cards[self.len] = x;
            self.len += 1;
        }
        self
    }

    pub(super) fn without_at(mut self, i: usize) -> Hand {
        self.cards.copy_within(i + 1..self.len, i);
        self.len -= 1;
        self
    }

    pub(super) fn without(self, card: Card) -> Hand {
        match self.as_slice().iter().position(|&c| c == card) {
            Some(i) => self.without_at(i),
            None => self,
        }
    }
}

/// A hand's sorted card ids: the key under which its values are remembered.
pub(super) type HandKey = (usize, [u8; MAX_HAND]);

/// Bits per gem in a packed count (a gem never shows more than 31 times in a hand).
const BITS: u32 = 5;

/// Necklace values of hands with a given common card, from precomputed card data: each card's
/// stones packed into one integer (5 bits per gem), so a hand's counts are a few additions.
pub(super) struct Scorer {
    pub(super) cfg: Arc<Config>,
    packed: Vec<u64>,
    /// (bit shift of the gem, count, florins) of each card's wish.
    wish: Vec<Option<(u32, u64, u32)>>,
    stones: Vec<bool>,
    common: Card,
}

impl Scorer {
    pub(super) fn new(cfg: Arc<Config>, common: Card) -> Scorer {
        let packed = cfg
            .cards
            .iter()
            .map(|c| {
                c.top
                    .iter()
                    .map(|g| 1u64 << (BITS * g.index() as u32))
                    .sum()
            })
            .collect();
        let wish = cfg
            .cards
            .iter()
            .map(|c| {
                c.wish
                    .map(|w| (BITS * w.gem.index() as u32, w.count as u64, w.florins))
            })
            .collect();
        let stones = cfg
            .cards
            .iter()
            .map(|c| c.top.contains(&Gem::Rainbow))
            .collect();
        Scorer {
            cfg,
            packed,
            wish,
            stones,
            common,
        }
    }

    /// The hand (plus the common card) as a score: florins, then wishes met as a tie-break.
    pub(super) fn score(&self, hand: &[Card]) -> f64 {
        let common = self.common.index();
        let mut sum = self.packed[common];
        let mut stones = self.stones[common];
        for c in hand {
            sum += self.packed[c.index()];
            stones |= self.stones[c.index()];
        }
        let (v, w) = if stones {
            self.with_rainbows(hand, sum)
        } else {
            self.wishes_met(hand, sum)
        };
        v as f64 + 0.01 * w as f64
    }

    /// Florins and wishes met for the packed counts `sum` of `hand` and the common card.
    fn wishes_met(&self, hand: &[Card], sum: u64) -> (u32, u32) {
        let mask = (1u64 << BITS) - 1;
        let gold = (sum >> (BITS * Gem::Gold.index() as u32)) & mask;
        let mut value = self.cfg.gold_value(gold as usize);
        let mut wishes = 0;
        for c in hand.iter().chain(std::iter::once(&self.common)) {
            if let Some((shift, count, florins)) = self.wish[c.index()]
                && (sum >> shift) & mask == count
            {
                value += florins;
                wishes += 1;
            }
        }
        (value, wishes)
    }

    /// The best use of the rainbow stones in `sum`: each left out, used as itself, or used as
    /// a gem some wish among the cards asks for (any other gem is no better than itself).
    fn with_rainbows(&self, hand: &[Card], sum: u64) -> (u32, u32) {
        let mask = (1u64 << BITS) - 1;
        let rainbow = BITS * Gem::Rainbow.index() as u32;
        let stones = ((sum >> rainbow) & mask) as usize;
        if stones > 3 {
            let all = Hand::of(hand).with(self.common);
            return necklace::value(&self.cfg, all.as_slice());
        }
        let base = sum - ((stones as u64) << rainbow);
        // What one stone may add: nothing, a used rainbow, a used rainbow counted as a gem.
        let mut adds = [0u64; 12];
        adds[1] = 1 << rainbow;
        let mut n = 2;
        for c in hand.iter().chain(std::iter::once(&self.common)) {
            if let Some((shift, _, _)) = self.wish[c.index()] {
                let add = (1u64 << rainbow) | (1u64 << shift);
                if shift != rainbow && !adds[..n].contains(&add) && n < adds.len() {
                    adds[n] = add;
                    n += 1;
                }
            }
        }
        // The stones are alike: choices in non-decreasing order cover every combination.
        let mut choice = [0usize; 3];
        let mut best = (0, 0);
        loop {
            let total = base + choice[..stones].iter().map(|&k| adds[k]).sum::<u64>();
            best = best.max(self.wishes_met(hand, total));
            let mut i = stones;
            loop {
                if i == 0 {
                    return best;
                }
                i -= 1;
                if choice[i] + 1 < n {
                    choice[i] += 1;
                    for j in i + 1..stones {
                        choice[j] = choice[i];
                    }
                    break;
                }
            }
        }
    }

    /// The common card the hands are scored with.
    pub(super) fn common(&self) -> Card {
        self.common
    }

    /// A card's own wish in florins: the tie-break for discards (keep the richer wishes).
    pub(super) fn wish_florins(&self, c: Card) -> u32 {
        self.wish[c.index()].map_or(0, |w| w.2)
    }
}

/// A solo turn's expected value when receiving card i makes `b[i]`: look at a random one, keep
/// it or take the average of the others. `None` with fewer than two cards to come.
pub(super) fn turn_value(b: &[f64]) -> Option<f64> {
    let n = b.len();
    if n < 2 {
        return None;
    }
    let total: f64 = b.iter().sum();
    let others = (n - 1) as f64;
    Some(
        b.iter()
            .map(|&bs| bs.max((total - bs) / others))
            .sum::<f64>()
            / n as f64,
    )
}

/// The card in a pair slot the view knows.
pub(super) fn seen_card(view: &View, slot: u8) -> Option<Card> {
    view.pair
        .iter()
        .find(|p| p.slot == slot)
        .and_then(|p| p.card)
}
