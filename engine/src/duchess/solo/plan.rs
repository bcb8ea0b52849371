//! A solo decision worked out a piece at a time, so a browser can think between frames: each
//! choice's worth averages pieces (a hand's worth with the cards still unseen), and a piece
//! that looks far ahead is worked out from its parts first.

use super::{Mask, SoloSearch, value_key};
use crate::duchess::deck::Config;
use crate::duchess::eval::seen_card;
use crate::duchess::{Action, StageView, View};
use std::sync::Arc;

/// The positions a solo decision's memo has room for from its start: the most a decision of a
/// base, rainbow or gold game remembered was 166,208 (`come-buy-sim think --game duchess
/// --players 1 --slices`, 200 decisions), about 4 MB.
const SOLO_MEMO_ROOM: usize = 180_000;

/// How many turns a decision looks ahead with `unseen` cards it has not seen: three while
/// there are at most 12 (in the base game, every turn but the first then looks to the end, the
/// first sees three of its four turns to come), else two. Measured (`come-buy-sim think`, one
/// core): with three, a base game's first decision takes about 100 ms; with 14 unseen cards
/// (the rainbow expansion's first turn) it took 350 ms, and with both expansions 3.3 s.
fn horizon(unseen: usize) -> usize {
    if unseen <= 12 { 3 } else { 2 }
}

/// A piece of a decision's work: the worth of one hand (or of its best discard) with the
/// cards still unseen.
#[derive(Clone, Copy)]
struct Job {
    hand: Mask,
    unseen: Mask,
    turns: usize,
    /// The hand has a card too many: the best discard's worth.
    discarding: bool,
}

/// One choice of the decision and the pieces its worth averages.
struct Candidate {
    action: Action,
    jobs: Vec<Job>,
    sum: f64,
}

/// A piece that looks this many turns ahead or more is worked out from its parts first (a
/// piece of three turns took up to 6 ms natively and 57 ms in WebAssembly on a busy machine;
/// a part of two turns is a small share of it).
const SPLIT_TURNS: usize = 3;

/// One solo decision worked out a piece at a time (a browser thinks between frames).
pub(in crate::duchess) struct SoloPlan {
    search: SoloSearch,
    candidates: Vec<Candidate>,
    /// The next piece: (candidate, job).
    next: (usize, usize),
    /// The parts of a large piece still to work out (the last one on top), each with whether
    /// its own parts are already on the stack beneath it. Their worths go to the lookahead's
    /// memory, so the piece itself then reads them rather than working them out.
    parts: Vec<(Job, bool)>,
}

/// The cards (bit indexes) of `mask`, lowest first.
fn cards(mask: Mask) -> impl Iterator<Item = u32> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let c = m.trailing_zeros();
            m &= m - 1;
            c
        })
    })
}

impl SoloSearch {
    /// `job`'s worth is remembered (or is a final hand's, at once).
    fn known(&self, job: &Job) -> bool {
        if job.discarding {
            return cards(job.hand).all(|c| {
                self.known(&Job {
                    hand: job.hand & !(1 << c),
                    discarding: false,
                    ..*job
                })
            });
        }
        let k = job.turns.min(self.horizon);
        k == 0
            || job.unseen.count_ones() < 2
            || self.memo.contains_key(&value_key(job.hand, job.unseen, k))
    }

    /// `job` is large (worked out from its parts first) and not yet known.
    fn large(&self, job: &Job) -> bool {
        job.turns.min(self.horizon) >= SPLIT_TURNS && !self.known(job)
    }

    /// The worth `job` asks for.
    fn work(&mut self, job: &Job) -> f64 {
        if job.discarding {
            self.best_discard(job.hand, job.unseen, job.turns)
        } else {
            self.value(job.hand, job.unseen, job.turns)
        }
    }

    /// The pieces `job`'s worth is made of, as [`Self::best_discard`] and [`Self::value`]
    /// ask for them.
    fn parts_of(&self, job: &Job, out: &mut Vec<(Job, bool)>) {
        let part = |hand, unseen, turns, discarding| {
            (
                Job {
                    hand,
                    unseen,
                    turns,
                    discarding,
                },
                false,
            )
        };
        if job.discarding {
            for c in cards(job.hand) {
                out.push(part(job.hand & !(1 << c), job.unseen, job.turns, false));
            }
            return;
        }
        let k = job.turns.min(self.horizon);
        for s in cards(job.unseen) {
            let with_s = job.hand | 1 << s;
            for t in cards(job.unseen & !(1 << s)) {
                let rest = job.unseen & !(1 << s) & !(1 << t);
                for d in cards(with_s) {
                    out.push(part(with_s & !(1 << d), rest, k - 1, false));
                }
                out.push(part(job.hand | 1 << t, rest, k - 1, true));
            }
        }
    }
}

impl SoloPlan {
    /// The work for the decision in `view`, or the action at once where there is nothing to
    /// weigh (looking at a pair card: both are face down).
    pub(in crate::duchess) fn new(
        cfg: &Arc<Config>,
        view: &View,
        legal: &[Action],
        rank_bonus: f64,
    ) -> Result<SoloPlan, Action> {
        let first = legal.first().cloned().unwrap_or(Action::Look(0));
        let Some(hand) = view.hand.as_deref() else {
            return Err(first);
        };
        let unseen = view.unseen(cfg);
        let h = SoloSearch::mask(hand);
        let u = SoloSearch::mask(&unseen);
        let turns = view.pairs_left;
        // Each unseen card in turn is the pair's other card (seen by the end of the turn).
        let without_each = |hand: Mask, discarding: bool| -> Vec<Job> {
            unseen
                .iter()
                .map(|t| Job {
                    hand: if discarding {
                        hand | 1 << t.index()
                    } else {
                        hand
                    },
                    unseen: u & !(1 << t.index()),
                    turns,
                    discarding,
                })
                .collect()
        };
        let mut candidates = Vec::new();
        match &view.stage {
            StageView::Keep { seen } => {
                let Some(s) = seen_card(view, *seen) else {
                    return Err(first);
                };
                let with_s = h | 1 << s.index();
                for c in hand.iter().chain([&s]) {
                    candidates.push(Candidate {
                        action: Action::KeepSeen,
                        jobs: without_each(with_s & !(1 << c.index()), false),
                        sum: 0.0,
                    });
                }
                candidates.push(Candidate {
                    action: Action::KeepUnseen,
                    jobs: without_each(h, true),
                    sum: 0.0,
                });
            }
            StageView::SoloDiscard { not_kept } => {
                let hidden = view
                    .pair
                    .iter()
                    .any(|p| p.slot == *not_kept && p.card.is_none());
                for a in legal {
                    let Action::Discard(c) = a else { continue };
                    let kept = h & !(1 << c.index());
                    let jobs = if hidden && !unseen.is_empty() {
                        without_each(kept, false)
                    } else {
                        vec![Job {
                            hand: kept,
                            unseen: u,
                            turns,
                            discarding: false,
                        }]
                    };
                    candidates.push(Candidate {
                        action: a.clone(),
                        jobs,
                        sum: 0.0,
                    });
                }
            }
            _ => {}
        }
        if candidates.len() < 2 || candidates.iter().any(|c| c.jobs.is_empty()) {
            return Err(candidates.pop().map_or(first, |c| c.action));
        }
        let mut search =
            SoloSearch::new(cfg.clone(), view.common, horizon(unseen.len()), rank_bonus);
        // Room for every position up front: a memo that grows moves all it holds at once (1-3
        // ms natively at 57,000 and 115,000 positions, the longest steps a decision had).
        search.memo.reserve(SOLO_MEMO_ROOM);
        Ok(SoloPlan {
            search,
            candidates,
            next: (0, 0),
            parts: Vec::new(),
        })
    }

    /// Works out `pieces` more pieces (a part of a large one counts as one; a part already
    /// known costs nothing); the pick once all are done.
    pub(in crate::duchess) fn step(&mut self, pieces: u32) -> Option<Action> {
        let mut done = 0;
        while done < pieces {
            if let Some((part, split)) = self.parts.pop() {
                if !split && self.search.large(&part) {
                    self.parts.push((part, true));
                    self.search.parts_of(&part, &mut self.parts);
                } else if split || !self.search.known(&part) {
                    self.search.work(&part);
                    done += 1;
                }
                continue;
            }
            let Some(c) = self.candidates.get_mut(self.next.0) else {
                break;
            };
            let job = c.jobs[self.next.1];
            if self.search.large(&job) {
                self.parts.push((job, false));
                continue;
            }
            c.sum += self.search.work(&job);
            done += 1;
            self.next.1 += 1;
            if self.next.1 == c.jobs.len() {
                self.next = (self.next.0 + 1, 0);
            }
        }
        (self.next.0 >= self.candidates.len()).then(|| self.pick())
    }

    /// The best candidate: the higher worth; on a tie, keeping the seen card, or discarding
    /// the card whose own wish is worth less.
    fn pick(&self) -> Action {
        let wish = |a: &Action| match a {
            Action::Discard(c) => self.search.e.wish_florins(*c),
            _ => 0,
        };
        let mut best: Option<(f64, &Action)> = None;
        for c in &self.candidates {
            let w = c.sum / c.jobs.len() as f64;
            let better = match best {
                None => true,
                Some((bw, ba)) => {
                    w > bw + 1e-9 || ((w - bw).abs() <= 1e-9 && wish(&c.action) < wish(ba))
                }
            };
            if better {
                best = Some((w, &c.action));
            }
        }
        best.map_or(Action::Look(0), |(_, a)| a.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{Bot, Decision, WithBots};
    use crate::duchess::bot::SoloBot;
    use crate::duchess::{Duchess, config};
    use crate::game::{Game, Setup};

    /// Solo positions from a few deals (Normal plays them), each a Keep or a discard.
    fn solo_decisions() -> Vec<Decision<Duchess>> {
        let mut out = Vec::new();
        for seed in 0..4 {
            let (mut g, _) = Duchess::start(&Setup::new(1, seed)).unwrap();
            let mut normal = Duchess::bot("normal", seed).unwrap();
            while let Some(d) = Decision::of(&g) {
                if d.legal.len() > 1 {
                    out.push(d.clone());
                }
                let a = normal.decide(&d);
                g.apply(d.seat, &a).unwrap();
            }
        }
        out
    }

    #[test]
    fn hard_alone_thinks_in_pieces_and_picks_what_it_picks_at_once() {
        let decisions = solo_decisions();
        assert!(decisions.len() >= 20, "{}", decisions.len());
        let mut pieces_at_most = 0;
        // Every third keep or discard (looking at a pair card is answered at once).
        let weighed = decisions
            .iter()
            .filter(|d| !matches!(d.view.stage, StageView::Look))
            .step_by(3);
        for d in weighed {
            let at_once = Duchess::bot("hard", 1).unwrap().decide(d);
            assert!(d.legal.contains(&at_once));
            let mut bot = Duchess::bot("hard", 2).unwrap();
            assert!(bot.begin(d));
            let mut pieces = 1;
            let sliced = loop {
                if let Some(a) = bot.think(1) {
                    break a;
                }
                pieces += 1;
            };
            assert_eq!(sliced, at_once, "{:?}", d.view.stage);
            assert_eq!(bot.last_advice().map(|a| a.action), Some(sliced));
            pieces_at_most = pieces_at_most.max(pieces);
        }
        // A keep weighs each discard against each card the pair may hide: many pieces.
        assert!(pieces_at_most > 30, "{pieces_at_most}");
    }

    #[test]
    fn no_piece_of_a_solo_decision_is_more_than_a_small_share_of_it() {
        // A browser gives a bot a slice of a frame and a piece cannot stop half-way: the
        // largest piece (the positions it looks at) must be a small share of its decision's.
        let cfg = config();
        let (mut largest, mut whole) = (0u64, 0u64);
        for d in solo_decisions()
            .iter()
            .filter(|d| !matches!(d.view.stage, StageView::Look))
        {
            let Ok(mut plan) = SoloPlan::new(&cfg, &d.view, &d.legal, 6.0) else {
                continue;
            };
            let mut before = plan.search.visits;
            let mut decision = 0;
            let mut most = 0;
            while plan.step(1).is_none() {
                most = most.max(plan.search.visits - before);
                decision += plan.search.visits - before;
                before = plan.search.visits;
            }
            decision += plan.search.visits - before;
            if decision > whole {
                (whole, largest) = (decision, most);
            }
        }
        // Measured: pieces worked out whole, the longest decision's largest looked at 586,306
        // of its 10.5 million positions (5.6%); worked out from their parts, 12,291 (0.12%).
        assert!(whole > 1_000_000, "{whole}");
        assert!(
            largest * 100 < whole,
            "a piece looked at {largest} of {whole} positions"
        );
    }

    #[test]
    fn the_turns_to_come_change_what_the_solo_bot_keeps_or_discards() {
        // The greedy Normal bot looks one card ahead; the lookahead must differ from it
        // somewhere in a few deals (or it would be no more than Normal).
        let cfg = config();
        let mut differ = 0;
        for d in solo_decisions() {
            let mut solo = SoloBot::new(cfg.clone(), 0.0);
            let mut normal = Duchess::bot("normal", 0).unwrap();
            let (a, b) = (solo.decide(&d), normal.decide(&d));
            assert!(d.legal.contains(&a));
            if a != b {
                differ += 1;
            }
        }
        assert!(differ > 0);
    }
}
