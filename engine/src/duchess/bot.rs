//! The Duchess's Necklace's bots. They decide from their seat's view and the legal actions only.
//!
//! - `normal` values every choice by the necklace it leads to; a card still to come (a draw, the
//!   unseen card of a solo pair) counts at its expected value over the cards it has not seen
//!   (not in its hand, not the common card, not on the discard pile, not known to be in the
//!   other hand).
//! - `expert` looks further ahead: a hand is worth what the best play of the coming turns can
//!   expect to make of it (solo: exactly over the next two turns, then greedily; duel: each of
//!   its coming draws, up to two). In duels it also weighs what its discard would give the
//!   opponent (hands sampled from the cards it has not seen) and, once the draw pile is empty,
//!   declines when it probably leads and plays on when it probably trails.
//! - `hard` alone works out the coming turns exactly ([`super::solo`]), playing for the rank as
//!   well as the florins; in duels it tries every move in the same imagined games, played on
//!   by the Expert (for itself) and Normal (for the opponent), where the opponent holds cards
//!   that explain its turns so far ([`super::infer`]).

use super::deck::{Card, Config, config};
use super::eval::{Hand, HandKey, Scorer, seen_card, turn_value};
use super::solo::{SoloPlan, SoloSearch};
use super::{Action, Duchess, StageView, View};
use crate::bots::{Advice, Bot, Decision, EasyBot, HardBot, RandomBot, WithBots, unknown_bot};
use crate::ismcts::{Budget, WorldShaper};

/// Hard's duel search: a rollout search over the decision at hand only (`flat`). Each of 80
/// imagined worlds (the opponent's hidden cards and the draw pile dealt again, then reworked
/// by [`super::infer`] until the opponent's hand explains its turns) plays every candidate move
/// on, with the Expert for Hard's own moves and the Normal bot for the opponent's; the moves
/// are compared on the same worlds (paired), and Hard keeps the Expert's pick unless another
/// did better by 0.03. Measured against Normal (`come-buy-sim play`, 1,000 duels per seed,
/// seeds 8-11) in the closing note and docs/bots.md: 63.6% of 2,000 on seeds 8-9 with a hand
/// that fits only the last discard and 200 unpaired imagined games, 66.5% reading the turns,
/// 68.5% reading and paired. The tree search before (6,000 iterations, a tree over both seats'
/// moves, Normal playing every imagined game on) won 61.5% of 1,000, less than the Expert it was
/// guided by: with few visits, the tree chose Hard's later moves worse than the Expert would.
/// Solo, Hard is [`SoloBot`].
const HARD: Budget = Budget {
    iterations: 80,
    exploration: 0.7,
    rollout_noise: 0.0,
    solo_scale: 30.0,
    keep_policy_within: Some(0.03),
    opponents_by_policy: true,
    flat: true,
    cutoff: None,
    tree_stops_at_deal: false,
};
use crate::rng::Rng;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

mod solo_bot;
use solo_bot::SOLO_RANK_BONUS;
pub use solo_bot::SoloBot;

impl WithBots for Duchess {
    const BOTS: &'static [&'static str] = &["random", "easy", "normal", "expert", "hard"];

    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, String> {
        match name {
            "random" => Ok(Box::new(RandomBot::new(seed))),
            "easy" => Ok(Box::new(EasyBot::new(
                Box::new(NormalBot::new(config())),
                seed,
                0.3,
                3,
            ))),
            "normal" => Ok(Box::new(NormalBot::new(config()))),
            "hard" => Ok(Box::new(HardDuchess {
                solo: SoloBot::new(config(), SOLO_RANK_BONUS),
                duel: HardBot::guided_own(
                    HARD,
                    seed,
                    Box::new(ExpertBot::new(config(), seed)),
                    Box::new(NormalBot::new(config())),
                    Box::new(ExpertBot::new(config(), seed ^ 0x5eed)),
                )
                .shaped(reader()),
                alone: false,
            })),
            "expert" => Ok(Box::new(ExpertBot::new(config(), seed))),
            _ => Err(unknown_bot(name, Self::BOTS)),
        }
    }
}

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
    fn new(cfg: Arc<Config>, common: Card, unseen: Vec<Card>) -> Eval {
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
    fn solo_turn_greedy(&self, hand: &[Card], skip: &[Card]) -> f64 {
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
    fn best_with(
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
    fn draw_turn(&self, hand: &[Card], skip: &[Card]) -> f64 {
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
    fn solo_turn(
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
    fn pick_discard(
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

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = xs.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

// ---------------------------------------------------------------------------------------------
// normal

/// Greedy by necklace value, with expected values over unseen cards for draws.
pub struct NormalBot {
    cfg: Arc<Config>,
}

impl NormalBot {
    /// A normal bot for these cards.
    pub fn new(cfg: Arc<Config>) -> Self {
        NormalBot { cfg }
    }
}

impl Bot<Duchess> for NormalBot {
    fn name(&self) -> &str {
        "normal"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(hand) = view.hand.clone() else {
            return legal[0].clone();
        };
        let unseen = view.unseen(&self.cfg);
        let e = Eval::new(self.cfg.clone(), view.common, unseen.clone());
        let mut worth = |h: &[Card]| e.score(h);
        match &view.stage {
            StageView::Take { .. } => {
                // Ties: draw rather than take, decline rather than take without gain.
                let mut best: Option<(f64, Action)> = None;
                for a in [Action::Draw, Action::Decline, Action::TakeDiscard] {
                    if !legal.contains(&a) {
                        continue;
                    }
                    let w = match a {
                        Action::Draw => e.draw_turn(&hand, &[]),
                        Action::TakeDiscard => match view.discard.last() {
                            Some(&t) => e.best_with(&hand, t, Some(t), &mut worth).0,
                            None => f64::MIN,
                        },
                        _ => e.score(&hand),
                    };
                    if best.as_ref().is_none_or(|(bw, _)| w > *bw + 1e-9) {
                        best = Some((w, a));
                    }
                }
                best.map(|(_, a)| a).unwrap_or_else(|| legal[0].clone())
            }
            StageView::Discard { .. } | StageView::SoloDiscard { .. } => {
                e.pick_discard(&hand, legal, &mut |_, h| e.score(h))
            }
            StageView::Look => Action::Look(0),
            StageView::Keep { seen } => {
                let Some(s) = seen_card(view, *seen) else {
                    return Action::KeepSeen;
                };
                let keep_seen = e.best_with(&hand, s, None, &mut worth).0;
                let keep_unseen = e.draw_turn(&hand, &[]);
                if keep_unseen > keep_seen + 1e-9 {
                    Action::KeepUnseen
                } else {
                    Action::KeepSeen
                }
            }
            StageView::Over => legal[0].clone(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// expert

/// Deeper lookahead, discard feeding and a sampled opponent (see the module docs).
pub struct ExpertBot {
    cfg: Arc<Config>,
    rng: Rng,
    /// The duel's lookahead over coming draws, kept from decision to decision while the
    /// common card stays (see [`SoloSearch::kept_or_new`]).
    look: Option<SoloSearch>,
}

/// Duel: a hand is worth what its owner's coming draws can expect to make of it, counting up
/// to this many draws (each followed by the best discard; in the base game a player never has
/// more than two still to come when it decides). Measured (`come-buy-sim play`, 20,000 duels
/// against Normal, seed 7): counting two, the Expert won 61.9%; counting only the next draw,
/// 60.5%.
const DUEL_DRAWS: usize = 2;

/// Opponent hands sampled per estimate.
const SAMPLES: usize = 48;
/// How much of the opponent's expected gain from a discard counts against it.
const FEED: f64 = 0.6;

impl ExpertBot {
    /// An expert bot for these cards; `seed` drives its sampling.
    pub fn new(cfg: Arc<Config>, seed: u64) -> Self {
        ExpertBot {
            cfg,
            rng: Rng::new(seed),
            look: None,
        }
    }

    /// The duel's lookahead for `common` (the one kept if it fits); hand it back with
    /// `self.look = Some(..)` when done.
    fn take_look(&mut self, common: Card) -> SoloSearch {
        SoloSearch::kept_or_new(self.look.take(), &self.cfg, common, DUEL_DRAWS)
    }

    /// Solo: the worth of a hand kept now with `turns` turns still to play, the cards in
    /// `unseen` less `skip` still to come: exact over the next two turns, greedy after.
    fn solo_worth(e: &Eval, hand: &[Card], unseen: &[Card], skip: &[Card], turns: usize) -> f64 {
        match turns {
            0 => e.score(hand),
            1 => e.solo_turn_greedy(hand, skip),
            _ => e.solo_turn(hand, unseen, skip, &mut |h, s| e.solo_turn_greedy(h, s)),
        }
    }

    fn solo(&self, view: &View, hand: &[Card], legal: &[Action]) -> Action {
        let turns = view.pairs_left;
        let unseen = view.unseen(&self.cfg);
        let e = Eval::new(self.cfg.clone(), view.common, unseen.clone());
        match &view.stage {
            StageView::Look => Action::Look(0),
            StageView::Keep { seen } => {
                let Some(s) = seen_card(view, *seen) else {
                    return Action::KeepSeen;
                };
                // The pair card not kept is turned face up with the discard: it leaves the
                // unseen cards either way.
                let keep_seen = e
                    .best_with(hand, s, None, &mut |h| {
                        Self::solo_worth(&e, h, &unseen, &[], turns)
                    })
                    .0;
                let keep_unseen = mean(unseen.iter().map(|&u| {
                    e.best_with(hand, u, None, &mut |h| {
                        Self::solo_worth(&e, h, &unseen, &[u], turns)
                    })
                    .0
                }));
                if keep_unseen > keep_seen + 1e-9 {
                    Action::KeepUnseen
                } else {
                    Action::KeepSeen
                }
            }
            StageView::SoloDiscard { .. } => e.pick_discard(hand, legal, &mut |_, h| {
                Self::solo_worth(&e, h, &unseen, &[], turns)
            }),
            _ => legal[0].clone(),
        }
    }

    /// Opponent hands consistent with what this seat knows: its known cards plus cards drawn
    /// at random from `unseen`.
    fn sample_opponent(&mut self, view: &View, unseen: &[Card]) -> Vec<Hand> {
        let Some(me) = view.seat else {
            return Vec::new();
        };
        let opp = (me + 1) % view.players.max(1);
        let known = Hand::of(view.known.get(opp).map_or(&[], |k| k.as_slice()));
        let size = view.hand_sizes.get(opp).copied().unwrap_or(0);
        let hidden = size.saturating_sub(known.len);
        if hidden > unseen.len() {
            return Vec::new();
        }
        let mut pool = unseen.to_vec();
        (0..SAMPLES)
            .map(|_| {
                self.rng.shuffle(&mut pool);
                pool[..hidden].iter().fold(known, |h, &c| h.with(c))
            })
            .collect()
    }

    /// My chance to win with a hand worth `mine` against sampled hands (a tie counts half).
    fn win_chance(e: &Eval, mine: f64, opponents: &[Hand]) -> f64 {
        mean(opponents.iter().map(|h| {
            let theirs = e.score(h.as_slice());
            if mine > theirs + 1e-9 {
                1.0
            } else if (mine - theirs).abs() <= 1e-9 {
                0.5
            } else {
                0.0
            }
        }))
    }

    /// What the opponent can expect to gain by taking `card` (over sampled hands, each worth
    /// `now` as it is).
    fn feed(e: &Eval, card: Card, opponents: &[Hand], now: &[f64]) -> f64 {
        mean(opponents.iter().zip(now).map(|(h, &now)| {
            let taken = e
                .best_with(h.as_slice(), card, Some(card), &mut |x| e.score(x))
                .0;
            (taken - now).max(0.0)
        }))
    }

    fn duel(&mut self, view: &View, hand: &[Card], legal: &[Action]) -> Action {
        let unseen = view.unseen(&self.cfg);
        let e = Eval::new(self.cfg.clone(), view.common, unseen.clone());
        let pile = view.draw_pile;
        match &view.stage {
            StageView::Take { .. } => {
                let now = e.score(hand);
                let top = view.discard.last().copied();
                if pile == 0 {
                    let Some(t) = top else {
                        return legal[0].clone();
                    };
                    let taken = e.best_with(hand, t, Some(t), &mut |h| e.score(h)).0;
                    let opponents = self.sample_opponent(view, &unseen);
                    let lead = Self::win_chance(&e, now, &opponents);
                    // Probably ahead: stop here unless taking raises the chance. Behind:
                    // play on while it costs nothing (the next discard may help).
                    let take = if lead >= 0.5 {
                        Self::win_chance(&e, taken, &opponents) > lead + 1e-9
                    } else {
                        taken >= now - 1e-9
                    };
                    return if take && legal.contains(&Action::TakeDiscard) {
                        Action::TakeDiscard
                    } else {
                        Action::Decline
                    };
                }
                // After my action the opponent draws, then me, in turn while cards are left.
                let mut look = self.take_look(view.common);
                let u = SoloSearch::mask(&unseen);
                let mut worth_after = |h: &[Card], pile_then: usize, skip: Option<Card>| {
                    let left = skip.map_or(u, |c| u & !(1 << c.index()));
                    look.draws(SoloSearch::mask(h), left, pile_then / 2)
                };
                let draw = mean(unseen.iter().map(|&c| {
                    e.best_with(hand, c, None, &mut |h| worth_after(h, pile - 1, Some(c)))
                        .0
                }));
                let take = match top {
                    Some(t) if legal.contains(&Action::TakeDiscard) => {
                        e.best_with(hand, t, Some(t), &mut |h| worth_after(h, pile, None))
                            .0
                    }
                    _ => f64::MIN,
                };
                self.look = Some(look);
                if take > draw + 1e-9 {
                    Action::TakeDiscard
                } else {
                    Action::Draw
                }
            }
            StageView::Discard { .. } => {
                let opponents = self.sample_opponent(view, &unseen);
                // What each sampled hand is worth before it takes my discard.
                let now: Vec<f64> = opponents.iter().map(|h| e.score(h.as_slice())).collect();
                let mut look = self.take_look(view.common);
                let u = SoloSearch::mask(&unseen);
                let pick = e.pick_discard(hand, legal, &mut |d, h| {
                    let mine = look.draws(SoloSearch::mask(h), u, pile / 2);
                    mine - FEED * Self::feed(&e, d, &opponents, &now)
                });
                self.look = Some(look);
                pick
            }
            _ => legal[0].clone(),
        }
    }
}

/// Hard: alone, the exact solo lookahead ([`SoloBot`]); in a duel, the search guided by the
/// Expert ([`HardBot`]).
pub struct HardDuchess {
    solo: SoloBot,
    duel: HardBot<Duchess>,
    /// The decision begun is a solo one.
    alone: bool,
}

impl HardDuchess {
    /// The solo bot alone, the duel search (its iterations fitted to the deck) in a duel.
    fn pick(&mut self, view: &View) -> &mut dyn Bot<Duchess> {
        if view.players == 1 {
            return &mut self.solo;
        }
        self.duel
            .set_iterations(duel_iterations(view.rainbow, view.gold));
        &mut self.duel
    }

    /// The bot of the decision begun.
    fn begun(&mut self) -> &mut dyn Bot<Duchess> {
        if self.alone {
            &mut self.solo
        } else {
            &mut self.duel
        }
    }
}

/// The duel search's reader of the opponent's turns ([`super::infer`]).
fn reader() -> WorldShaper<Duchess> {
    let r = super::infer::Reader::new(&config(), super::infer::SHARPNESS, super::infer::STEPS);
    Box::new(move |d, w, rng| r.shape(d, w, rng))
}

/// Hard's imagined worlds per decision: fewer with the expansions, whose longer games and
/// larger hands cost more to play on. Measured (`come-buy-sim think --players 2`, one core,
/// Hard against Hard, whose turns no greedy player explains, so the reading walks longest):
/// p95 157 ms in the base game with 80 worlds; with the expansions 40 / 30 / 16 worlds gave
/// 244 ms (rainbow), 224 ms (gold) and 243 ms (both), so they have 32 / 26 / 13: 213, 177 and
/// 196 ms.
fn duel_iterations(rainbow: bool, gold: bool) -> u32 {
    match (rainbow, gold) {
        (false, false) => HARD.iterations,
        (true, false) => 32,
        (false, true) => 26,
        (true, true) => 13,
    }
}

impl Bot<Duchess> for HardDuchess {
    fn name(&self) -> &str {
        "hard"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        self.pick(view).choose(view, legal)
    }

    fn decide(&mut self, d: &Decision<Duchess>) -> Action {
        self.pick(&d.view).decide(d)
    }

    fn begin(&mut self, d: &Decision<Duchess>) -> bool {
        self.alone = d.view.players == 1;
        self.pick(&d.view).begin(d)
    }

    fn think(&mut self, slice: u32) -> Option<Action> {
        self.begun().think(slice)
    }

    fn last_advice(&mut self) -> Option<Advice<Action>> {
        self.begun().last_advice()
    }

    fn advise(&mut self, d: &Decision<Duchess>) -> Advice<Action> {
        self.pick(&d.view).advise(d)
    }
}

impl Bot<Duchess> for ExpertBot {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let Some(hand) = view.hand.clone() else {
            return legal[0].clone();
        };
        if view.players == 1 {
            self.solo(view, &hand, legal)
        } else {
            self.duel(view, &hand, legal)
        }
    }
}

#[cfg(test)]
mod tests;

/// Why a move is good, in the game's terms (for a player's hint): the Normal bot's own view
/// of the move, whoever picked it. Florins are those of the best necklace the hand makes with
/// the common card (expected ones where a card is still to come).
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Taking the discard pile's top card: the necklace before and after (less a discard).
    Take { card: Card, before: u32, after: u32 },
    /// Drawing: what a fresh card makes on average, against taking the top discard.
    Draw {
        expect: u32,
        take: Option<(Card, u32)>,
    },
    /// Ending the game: the necklace as it is.
    Decline { now: u32 },
    /// Discarding the card the necklace misses least.
    Discard { card: Card, after: u32 },
    /// Solo: keeping the card looked at.
    KeepSeen { card: Card, after: u32 },
    /// Solo: keeping the card not looked at, for what it makes on average.
    KeepUnseen {
        expect: u32,
        seen: Option<(Card, u32)>,
    },
}

/// Why `action` is a good move for the seat whose view this is (`None` if it is no move of
/// theirs now, or one with nothing to weigh: looking at a solo pair card).
pub fn reason(cfg: &Arc<Config>, view: &View, action: &Action) -> Option<Reason> {
    let me = view.current_player?;
    if view.seat != Some(me) {
        return None;
    }
    let hand = view.hand.clone()?;
    let e = Eval::new(cfg.clone(), view.common, view.unseen(cfg));
    let florins = |x: f64| x.max(0.0).floor() as u32;
    let mut worth = |h: &[Card]| e.score(h);
    let take = view
        .discard
        .last()
        .map(|&t| (t, florins(e.best_with(&hand, t, Some(t), &mut worth).0)));
    Some(match action {
        Action::TakeDiscard => {
            let (card, after) = take?;
            Reason::Take {
                card,
                before: florins(e.score(&hand)),
                after,
            }
        }
        Action::Draw => Reason::Draw {
            expect: florins(e.draw_turn(&hand, &[])),
            take,
        },
        Action::Decline => Reason::Decline {
            now: florins(e.score(&hand)),
        },
        Action::Discard(card) => Reason::Discard {
            card: *card,
            after: florins(e.score(Hand::of(&hand).without(*card).as_slice())),
        },
        Action::KeepSeen | Action::KeepUnseen => {
            let seen = match &view.stage {
                StageView::Keep { seen } => seen_card(view, *seen),
                _ => None,
            }
            .map(|s| (s, florins(e.best_with(&hand, s, None, &mut worth).0)));
            if *action == Action::KeepSeen {
                let (card, after) = seen?;
                Reason::KeepSeen { card, after }
            } else {
                Reason::KeepUnseen {
                    expect: florins(e.draw_turn(&hand, &[])),
                    seen,
                }
            }
        }
        Action::Look(_) => return None,
    })
}
