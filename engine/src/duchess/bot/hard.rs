//! The Hard bot: alone, the exact solo lookahead; in a duel, the paired rollout search guided by
//! the Expert, in imagined worlds reworked to explain the opponent's turns.

use super::*;
use crate::duchess::infer;

/// Hard's duel search: a rollout search over the decision at hand only (`flat`). Each of 80
/// imagined worlds (the opponent's hidden cards and the draw pile dealt again, then reworked
/// by [`infer`] until the opponent's hand explains its turns) plays every candidate move
/// on, with the Expert for Hard's own moves and the Normal bot for the opponent's; the moves
/// are compared on the same worlds (paired), and Hard keeps the Expert's pick unless another
/// did better by 0.03. Measured against Normal (`come-buy-sim play`, 1,000 duels per seed,
/// seeds 8-11) in the closing note and docs/bots.md: 63.6% of 2,000 on seeds 8-9 with a hand
/// that fits only the last discard and 200 unpaired imagined games, 66.5% reading the turns,
/// 68.5% reading and paired. The tree search before (6,000 iterations, a tree over both seats'
/// moves, Normal playing every imagined game on) won 61.5% of 1,000, less than the Expert it was
/// guided by: with few visits, the tree chose Hard's later moves worse than the Expert would.
/// Solo, Hard is [`SoloBot`].
pub(super) const HARD: Budget = Budget {
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

/// Hard: alone, the exact solo lookahead ([`SoloBot`]); in a duel, the search guided by the
/// Expert ([`HardBot`]).
pub struct HardDuchess {
    pub(super) solo: SoloBot,
    pub(super) duel: HardBot<Duchess>,
    /// The decision begun is a solo one.
    pub(super) alone: bool,
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

/// The duel search's reader of the opponent's turns ([`infer`]).
pub(super) fn reader() -> WorldShaper<Duchess> {
    let r = infer::Reader::new(&config(), infer::SHARPNESS, infer::STEPS);
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
