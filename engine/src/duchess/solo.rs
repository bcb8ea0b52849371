//! Solo lookahead: what a hand can expect to become over the coming turns, worked out exactly
//! (every pair that may come, keeping either card, every discard) up to a horizon of turns,
//! each position remembered by its hand and the cards still unseen.
//!
//! From the player's side, each pair is two cards drawn at random from those it has not seen
//! (the cards set aside at the start are among them and never come, which is the same as
//! drawing at random). Both pair cards are seen by the end of the turn: the one not kept goes
//! face up with the discard.
//!
//! The same tables value a duel hand over its owner's coming draws (each followed by the best
//! discard), for the Expert.

use super::deck::{Card, Config};
use super::eval::{Scorer, turn_value};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

mod plan;
pub(super) use plan::SoloPlan;

/// The most cards a deck has (masks are `u32`; the full deck with both expansions is 24).
const MAX_CARDS: usize = 24;

/// The most positions a reused lookahead remembers before it starts its memo afresh.
const MEMO_KEEP: usize = 1 << 17;

/// A set of cards as a bit mask.
type Mask = u32;

fn bits(mask: Mask, out: &mut [Card; MAX_CARDS]) -> usize {
    let (mut m, mut n) = (mask, 0);
    while m != 0 && n < MAX_CARDS {
        out[n] = Card(m.trailing_zeros() as u8);
        m &= m - 1;
        n += 1;
    }
    n
}

/// One multiply-and-shift hash for the packed position keys (the default hasher is several
/// times slower, and these tables take hundreds of thousands of lookups per decision).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn write_u64(&mut self, x: u64) {
        let x = (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        self.0 = x ^ (x >> 29);
    }
}

type Memo = HashMap<u64, f64, BuildHasherDefault<Mix>>;

/// The memo's key for a hand's worth with `k` turns to come from `unseen`.
fn value_key(hand: Mask, unseen: Mask, k: usize) -> u64 {
    hand as u64 | (unseen as u64) << 24 | (k as u64) << 48
}

/// Binomial coefficients C(n, k) for n ≤ 24, k ≤ 5: a hand's place among all hands of its
/// size (the combinatorial number system), so hand values live in flat tables.
fn binomials() -> [[u32; 6]; MAX_CARDS + 1] {
    let mut c = [[0u32; 6]; MAX_CARDS + 1];
    for n in 0..=MAX_CARDS {
        c[n][0] = 1;
        for k in 1..6 {
            c[n][k] = if n == 0 {
                0
            } else {
                c[n - 1][k - 1] + c[n - 1][k]
            };
        }
    }
    c
}

/// The exact lookahead for one decision, over solo turns or a duel's draws (its tables live
/// as long as it does).
pub(crate) struct SoloSearch {
    e: Scorer,
    horizon: usize,
    /// Added to a final hand's worth per rank band above the lowest (0: florins only).
    rank_bonus: f64,
    memo: Memo,
    /// Positions looked at so far (each call of `value` or `best_discard`): the work done,
    /// counted the same on every machine.
    visits: u64,
    binom: [[u32; 6]; MAX_CARDS + 1],
    /// Per four-card hand (by its rank among four-card hands): its final worth, NaN until
    /// needed.
    four: Vec<f64>,
    /// Per five-card hand: the best four-card hand it keeps, NaN until needed.
    five: Vec<f64>,
}

impl SoloSearch {
    /// A lookahead over at most `horizon` turns, valuing final hands (with the common card)
    /// by florins, wishes met as a tie-break, and `rank_bonus` per solo rank band above the
    /// lowest.
    pub(super) fn new(cfg: Arc<Config>, common: Card, horizon: usize, rank_bonus: f64) -> Self {
        let binom = binomials();
        SoloSearch {
            e: Scorer::new(cfg, common),
            horizon,
            rank_bonus,
            memo: Memo::default(),
            visits: 0,
            binom,
            four: vec![f64::NAN; binom[MAX_CARDS][4] as usize],
            five: vec![f64::NAN; binom[MAX_CARDS][5] as usize],
        }
    }

    /// `kept` (a lookahead without a rank bonus) ready for another decision with `common`, or
    /// a new one where it was for another common card or `horizon`. Every table it holds is a
    /// pure function of its key (the hand, the cards unseen, the turns), so its values stay
    /// true and are kept (the duel's Expert decides every turn of thousands of imagined games,
    /// and filling the tables anew each time cost more than the lookahead); only a memo grown
    /// past `MEMO_KEEP` positions is dropped, to bound the memory.
    pub(super) fn kept_or_new(
        kept: Option<SoloSearch>,
        cfg: &Arc<Config>,
        common: Card,
        horizon: usize,
    ) -> SoloSearch {
        match kept {
            Some(mut s)
                if s.e.common() == common && s.horizon == horizon && s.rank_bonus == 0.0 =>
            {
                if s.memo.len() > MEMO_KEEP {
                    s.memo.clear();
                }
                s
            }
            _ => SoloSearch::new(cfg.clone(), common, horizon, 0.0),
        }
    }

    pub(crate) fn mask(cards: &[Card]) -> Mask {
        cards
            .iter()
            .filter(|c| c.index() < MAX_CARDS)
            .fold(0, |m, c| m | 1 << c.index())
    }

    /// The place of a hand of `k` cards among all hands of that size.
    fn place(&self, hand: Mask) -> usize {
        let (mut m, mut i, mut r) = (hand, 0, 0);
        while m != 0 {
            i += 1;
            r += self.binom[m.trailing_zeros() as usize][i] as usize;
            m &= m - 1;
        }
        r
    }

    /// A final hand's worth: florins (wishes met as a tie-break) and the rank bonus.
    fn worth(&self, hand: Mask) -> f64 {
        let mut cards = [Card(0); MAX_CARDS];
        let n = bits(hand, &mut cards);
        let v = self.e.score(&cards[..n]);
        if self.rank_bonus == 0.0 {
            return v;
        }
        // The florins are the whole part (the wishes met are hundredths).
        v + self.rank_bonus * self.e.cfg.rank_index(v as u32) as f64
    }

    fn score(&mut self, hand: Mask) -> f64 {
        if hand.count_ones() != 4 {
            return self.worth(hand);
        }
        let i = self.place(hand);
        if self.four[i].is_nan() {
            self.four[i] = self.worth(hand);
        }
        self.four[i]
    }

    /// The best of `hand` less one of its cards, each valued with `turns` turns to come from
    /// the cards `unseen`.
    fn best_discard(&mut self, hand: Mask, unseen: Mask, turns: usize) -> f64 {
        self.visits += 1;
        let last = turns.min(self.horizon) == 0 || unseen.count_ones() < 2;
        let place = (last && hand.count_ones() == 5).then(|| self.place(hand));
        if let Some(i) = place
            && !self.five[i].is_nan()
        {
            return self.five[i];
        }
        let mut best = f64::MIN;
        let mut m = hand;
        while m != 0 {
            let c = m.trailing_zeros();
            best = best.max(self.value(hand & !(1 << c), unseen, turns));
            m &= m - 1;
        }
        if let Some(i) = place {
            self.five[i] = best;
        }
        best
    }

    /// Two players: what `hand` can expect to be worth after `draws` more draws from
    /// `unseen` (each followed by the best discard), the draws capped by the horizon.
    pub(super) fn draws(&mut self, hand: Mask, unseen: Mask, draws: usize) -> f64 {
        let k = draws.min(self.horizon);
        if k == 0 || unseen == 0 {
            return self.score(hand);
        }
        let key = value_key(hand, unseen, k) | 1 << 60;
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let (mut m, mut sum, mut n) = (unseen, 0.0, 0);
        while m != 0 {
            let x = m.trailing_zeros();
            let with_x = hand | 1 << x;
            let rest = unseen & !(1 << x);
            let mut best = f64::MIN;
            let mut c = with_x;
            while c != 0 {
                let d = c.trailing_zeros();
                best = best.max(self.draws(with_x & !(1 << d), rest, k - 1));
                c &= c - 1;
            }
            sum += best;
            n += 1;
            m &= m - 1;
        }
        let v = sum / n as f64;
        self.memo.insert(key, v);
        v
    }

    /// What `hand` can expect to be worth at the end with `turns` turns to come (only the
    /// first `horizon` counted), the pairs drawn from `unseen`.
    pub(super) fn value(&mut self, hand: Mask, unseen: Mask, turns: usize) -> f64 {
        self.visits += 1;
        let k = turns.min(self.horizon);
        let n = unseen.count_ones() as usize;
        if k == 0 || n < 2 {
            return self.score(hand);
        }
        let key = value_key(hand, unseen, k);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut us = [Card(0); MAX_CARDS];
        bits(unseen, &mut us);
        let us = &us[..n];
        if k == 1 {
            // The last turn: the card kept matters, not the one seen with it.
            let mut b = [0.0f64; MAX_CARDS];
            for (i, x) in us.iter().enumerate() {
                b[i] = self.best_discard(hand | 1 << x.index(), 0, 0);
            }
            let v = turn_value(&b[..n]).unwrap_or(0.0);
            self.memo.insert(key, v);
            return v;
        }
        let others = (n - 1) as f64;
        let mut total = 0.0;
        for &s in us {
            let with_s = hand | 1 << s.index();
            let mut keep_seen = [0.0f64; 8];
            let mut keep_other = 0.0;
            for &t in us.iter().filter(|&&t| t != s) {
                let rest = unseen & !(1 << s.index()) & !(1 << t.index());
                let (mut m, mut i) = (with_s, 0);
                while m != 0 && i < keep_seen.len() {
                    let d = m.trailing_zeros();
                    keep_seen[i] += self.value(with_s & !(1 << d), rest, k - 1);
                    m &= m - 1;
                    i += 1;
                }
                keep_other += self.best_discard(hand | 1 << t.index(), rest, k - 1);
            }
            let seen = keep_seen[..with_s.count_ones().min(8) as usize]
                .iter()
                .fold(f64::MIN, |a, &b| a.max(b));
            total += seen.max(keep_other) / others;
        }
        let v = total / n as f64;
        self.memo.insert(key, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duchess::config;
    use crate::rng::Rng;

    /// The same expectation written plainly: every pair, either card kept, every discard, no
    /// tables and no memory.
    fn plain(sc: &Scorer, hand: &[Card], unseen: &[Card], turns: usize) -> f64 {
        if turns == 0 || unseen.len() < 2 {
            return sc.score(hand);
        }
        let less = |cards: &[Card], out: &[Card]| -> Vec<Card> {
            cards.iter().copied().filter(|c| !out.contains(c)).collect()
        };
        let best_of = |cards: Vec<Card>, rest: &[Card]| -> f64 {
            cards
                .iter()
                .map(|&d| plain(sc, &less(&cards, &[d]), rest, turns - 1))
                .fold(f64::MIN, f64::max)
        };
        let others = (unseen.len() - 1) as f64;
        let mut total = 0.0;
        for &s in unseen {
            let mut with_s = hand.to_vec();
            with_s.push(s);
            let seen = with_s
                .iter()
                .map(|&d| {
                    unseen
                        .iter()
                        .filter(|&&t| t != s)
                        .map(|&t| {
                            plain(sc, &less(&with_s, &[d]), &less(unseen, &[s, t]), turns - 1)
                        })
                        .sum::<f64>()
                        / others
                })
                .fold(f64::MIN, f64::max);
            let other = unseen
                .iter()
                .filter(|&&t| t != s)
                .map(|&t| {
                    let mut with_t = hand.to_vec();
                    with_t.push(t);
                    best_of(with_t, &less(unseen, &[s, t]))
                })
                .sum::<f64>()
                / others;
            total += seen.max(other);
        }
        total / unseen.len() as f64
    }

    #[test]
    fn the_lookahead_is_the_plain_expectation_over_every_pair_keep_and_discard() {
        let cfg = config();
        let mut rng = Rng::new(4);
        let mut deck: Vec<Card> = (0..cfg.cards.len() as u8).map(Card).collect();
        for round in 0..12 {
            rng.shuffle(&mut deck);
            let (common, hand, unseen) = (deck[0], &deck[1..5], &deck[5..5 + 5 + round % 3]);
            let sc = Scorer::new(cfg.clone(), common);
            let mut search = SoloSearch::new(cfg.clone(), common, 3, 0.0);
            for turns in 0..=2 {
                let want = plain(&sc, hand, unseen, turns);
                let got = search.value(SoloSearch::mask(hand), SoloSearch::mask(unseen), turns);
                assert!((got - want).abs() < 1e-9, "{turns} turns: {got} vs {want}");
            }
            // Beyond the horizon, turns do not count.
            let mut short = SoloSearch::new(cfg.clone(), common, 1, 0.0);
            let got = short.value(SoloSearch::mask(hand), SoloSearch::mask(unseen), 2);
            assert!((got - plain(&sc, hand, unseen, 1)).abs() < 1e-9);
        }
    }

    #[test]
    fn a_rank_band_reached_counts_as_florins_more() {
        let cfg = config();
        let search = SoloSearch::new(cfg.clone(), Card(0), 3, 3.0);
        let plain = SoloSearch::new(cfg.clone(), Card(0), 3, 0.0);
        let mut bands_seen = std::collections::BTreeSet::new();
        let n = cfg.cards.len() as u32;
        for hand in (0u32..1 << n)
            .filter(|m| m.count_ones() == 4 && m & 1 == 0)
            .step_by(7)
        {
            let florins = plain.worth(hand);
            let band = cfg.rank_index(florins.floor() as u32);
            bands_seen.insert(band);
            assert_eq!(search.worth(hand), florins + 3.0 * band as f64);
        }
        assert!(bands_seen.len() >= 3, "{bands_seen:?}");
    }
}
