//! What a hand can expect to become in one decision: [`Eval`], the necklace scorer together
//! with the cards the deciding seat has not seen, valuing a draw, a solo turn, the best discard.

use super::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// A [`Scorer`] for one decision, with the cards the deciding seat has not seen and what it
/// has worked out about them.
pub(super) struct Eval {
    scorer: Scorer,
    /// The cards the deciding seat has not seen (what may still come).
    unseen: Vec<Card>,
    /// Per hand (sorted card ids): the best hand value after receiving each unseen card.
    received: RefCell<HashMap<HandKey, Rc<[f64]>>>,
}

impl std::ops::Deref for Eval {
    type Target = Scorer;

    fn deref(&self) -> &Scorer {
        &self.scorer
    }
}

impl Eval {
    pub(super) fn new(cfg: Arc<Config>, common: Card, unseen: Vec<Card>) -> Eval {
        Eval {
            scorer: Scorer::new(cfg, common),
            unseen,
            received: RefCell::new(HashMap::new()),
        }
    }

    /// For each unseen card: the best score of `hand` after receiving it and discarding one
    /// card (remembered per hand for the decision at hand).
    fn after_each(&self, hand: &[Card]) -> Rc<[f64]> {
        let mut ids = Hand::of(hand);
        ids.cards[..ids.len].sort();
        let key = (ids.len, ids.cards.map(|c| c.0));
        if let Some(b) = self.received.borrow().get(&key) {
            return b.clone();
        }
        let mut worth = |h: &[Card]| self.score(h);
        let b: Rc<[f64]> = self
            .unseen
            .iter()
            .map(|&x| self.best_with(hand, x, None, &mut worth).0)
            .collect();
        self.received.borrow_mut().insert(key, b.clone());
        b
    }

    /// What one solo turn (two of the unseen cards less `skip`: look at one, keep it or the
    /// other, discard the worst card) can expect to make of `hand`.
    pub(super) fn solo_turn_greedy(&self, hand: &[Card], skip: &[Card]) -> f64 {
        let b = self.after_each(hand);
        let mut vals = [0.0f64; 32];
        let mut n = 0;
        for (i, c) in self.unseen.iter().enumerate() {
            if !skip.contains(c) && n < vals.len() {
                vals[n] = b[i];
                n += 1;
            }
        }
        turn_value(&vals[..n]).unwrap_or_else(|| self.score(hand))
    }

    /// The best of `hand + x` less one card (never `keep`) under `worth`, and that discard.
    pub(super) fn best_with(
        &self,
        hand: &[Card],
        x: Card,
        keep: Option<Card>,
        worth: &mut dyn FnMut(&[Card]) -> f64,
    ) -> (f64, Card) {
        let full = Hand::of(hand).with(x);
        let mut best = (f64::MIN, x);
        for (i, &d) in full.as_slice().iter().enumerate() {
            if Some(d) == keep {
                continue;
            }
            let w = worth(full.without_at(i).as_slice());
            if w > best.0 {
                best = (w, d);
            }
        }
        best
    }

    /// What one more draw from the unseen cards (less `skip`) can expect to make of `hand`.
    pub(super) fn draw_turn(&self, hand: &[Card], skip: &[Card]) -> f64 {
        let b = self.after_each(hand);
        let (mut sum, mut n) = (0.0, 0);
        for (i, c) in self.unseen.iter().enumerate() {
            if !skip.contains(c) {
                sum += b[i];
                n += 1;
            }
        }
        if n == 0 {
            self.score(hand)
        } else {
            sum / n as f64
        }
    }

    /// What one solo turn (two cards from `unseen` less `skip`: look at one, keep it or the
    /// other, discard the worst card) can expect to make of `hand`, each kept hand valued by
    /// `after` (given the cards still unseen to skip).
    pub(super) fn solo_turn(
        &self,
        hand: &[Card],
        unseen: &[Card],
        skip: &[Card],
        after: &mut dyn FnMut(&[Card], &[Card]) -> f64,
    ) -> f64 {
        let mut b = [0.0f64; 32];
        let mut n = 0;
        for &x in unseen.iter().filter(|c| !skip.contains(c)) {
            if n == b.len() {
                break;
            }
            let mut s2 = [Card(0); 4];
            let k = skip.len().min(3);
            s2[..k].copy_from_slice(&skip[..k]);
            s2[k] = x;
            b[n] = self
                .best_with(hand, x, None, &mut |h| after(h, &s2[..=k]))
                .0;
            n += 1;
        }
        turn_value(&b[..n]).unwrap_or_else(|| after(hand, skip))
    }

    /// Among `legal` discards, the one whose remaining hand is worth most under `worth`.
    pub(super) fn pick_discard(
        &self,
        hand: &[Card],
        legal: &[Action],
        worth: &mut dyn FnMut(Card, &[Card]) -> f64,
    ) -> Action {
        let mut best: Option<(f64, u32, Action)> = None;
        for a in legal {
            if let Action::Discard(c) = a {
                let w = worth(*c, Hand::of(hand).without(*c).as_slice());
                let tie = u32::MAX - self.wish_florins(*c);
                let better = match &best {
                    None => true,
                    Some((bw, bt, _)) => w > *bw + 1e-9 || ((w - *bw).abs() <= 1e-9 && tie > *bt),
                };
                if better {
                    best = Some((w, tie, a.clone()));
                }
            }
        }
        best.map(|(_, _, a)| a).unwrap_or_else(|| legal[0].clone())
    }
}
