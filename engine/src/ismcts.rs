//! Information-set Monte Carlo tree search (single-observer ISMCTS, after Cowling, Powley and
//! Whitehouse 2012), written once for every game.
//!
//! Each iteration imagines a world the searching seat cannot tell from the real one
//! ([`Decision::determinize`]: unseen cards and deck orders dealt again, future chance
//! re-seeded), walks the tree from the root choosing among the actions legal in that world by
//! UCB (each child's exploration term counts how often it was *available*, not how often its
//! parent was visited), adds one new node, plays the rest of the game at random on the fast
//! playout path, and backs the result up: every node scores the outcome for the seat that made
//! its move, so opponents in the tree play for themselves.
//!
//! The budget is a number of iterations and the randomness comes from a seeded [`Rng`], so a
//! decision is the same every time for the same match: replays never drift, and nothing here
//! reads a clock (browsers have none to spare).

use crate::bot::{Bot, Decision};
use crate::game::{FinalScores, Search, Seat};
use crate::rng::Rng;

/// How a search spends its effort.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Iterations per decision.
    pub iterations: u32,
    /// UCB's exploration constant (rewards are in 0..=1).
    pub exploration: f64,
    /// In playouts, how often a move is random instead of the rollout policy's (when the
    /// search has one): a little noise keeps the imagined games varied.
    pub rollout_noise: f64,
    /// Solo games (nobody to beat): the score worth an outcome of one half; outcomes rise
    /// smoothly with the score (`points / (points + solo_scale)`).
    pub solo_scale: f64,
    /// Where the search is thin (few iterations for many choices), keep the playout policy's
    /// own pick unless another action did better by at least this much (`None`: always the
    /// most visited).
    pub keep_policy_within: Option<f64>,
    /// Inside the tree, let the other seats move as the playout policy would (from their own
    /// views) instead of branching on their choices: the tree then holds only the searching
    /// seat's own decisions, and the iterations go into telling those apart. Needs a policy.
    pub opponents_by_policy: bool,
    /// Search only the decision at hand: every later move, the searching seat's own too, is
    /// played by the policies (a rollout search: with few iterations, a tree below the root
    /// would pick the searcher's later moves from a handful of visits, worse than its policy).
    /// Each iteration then imagines one world and plays every legal action on in it, so that
    /// the actions are compared on the same hidden cards and draws (paired).
    pub flat: bool,
    /// Stop the imagined games early and score them by the policy's estimates (`None`: play
    /// every game to its end).
    pub cutoff: Option<Cutoff>,
    /// Grow the tree only until fresh cards are dealt ([`Search::deals`]): past a deal an
    /// action (queue on the first card) means another card in every imagined world, so the
    /// nodes there would pool unlike choices; the imagined game plays on by policy instead.
    pub tree_stops_at_deal: bool,
}

/// Where imagined games stop short of their end, and how their estimates become outcomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cutoff {
    /// Moves played after leaving the tree before the policy estimates every seat's final
    /// score ([`Bot::estimate`]); a game that ends sooner is scored as usual.
    pub moves: u32,
    /// How far apart two estimates must be for the higher one to count as a near-certain win:
    /// a seat's share of the win is `exp(e / spread)` over the sum of everyone's.
    pub spread: f64,
}

impl Budget {
    /// The budget on this platform: two thirds of the iterations in browsers (WebAssembly on
    /// one thread thinks about four times slower than the desktop here; `web/think.sh`
    /// measures it), the full budget elsewhere. Replays never depend on it: a match record
    /// keeps the moves themselves.
    pub fn for_this_platform(self) -> Budget {
        if cfg!(target_arch = "wasm32") {
            Budget {
                iterations: (self.iterations * 2 / 3).max(1),
                ..self
            }
        } else {
            self
        }
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            iterations: 2000,
            exploration: 0.7,
            rollout_noise: 0.1,
            solo_scale: 30.0,
            keep_policy_within: None,
            opponents_by_policy: false,
            flat: false,
            cutoff: None,
            tree_stops_at_deal: false,
        }
    }
}

/// Reworks an imagined world so that it better explains what the seats did so far (it may
/// only move cards that are hidden from the deciding seat), drawing on the search's generator.
pub type WorldShaper<G> = Box<dyn Fn(&Decision<G>, &mut G, &mut Rng) + Send + Sync>;

/// One node: the move that led here, and what came of it.
struct Node<A> {
    /// The move into this node (`None` at the root).
    action: Option<A>,
    /// Who made that move.
    mover: Seat,
    children: Vec<usize>,
    visits: f64,
    /// How often this node's move was legal when its parent was reached.
    available: f64,
    /// Sum of the outcomes for `mover`.
    reward: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: Seat) -> Node<A> {
        Node {
            action,
            mover,
            children: Vec::new(),
            visits: 0.0,
            available: 0.0,
            reward: 0.0,
        }
    }
}

/// The outcome for each seat: mostly the share of the win, partly the place on the scores
/// (so that a search far from winning still prefers the better of two losses). Alone at the
/// table, the score itself.
fn outcome(scores: &FinalScores, seats: usize, solo_scale: f64, out: &mut Vec<f64>) {
    out.clear();
    if seats == 1 {
        let p = scores.points.first().copied().unwrap_or(0) as f64;
        out.push(solo_outcome(p, solo_scale));
        return;
    }
    let lo = scores.points.iter().copied().min().unwrap_or(0);
    let hi = scores.points.iter().copied().max().unwrap_or(0);
    let span = (hi - lo).max(1) as f64;
    for s in 0..seats {
        let place = (scores.points.get(s).copied().unwrap_or(lo) - lo) as f64 / span;
        out.push(0.8 * scores.win_share(s) + 0.2 * place);
    }
}

/// Alone at the table, the outcome of a score: rising smoothly, one half at `solo_scale`.
fn solo_outcome(points: f64, solo_scale: f64) -> f64 {
    let p = points.max(0.0);
    p / (p + solo_scale.max(1.0))
}

/// The outcome for each seat from estimated final scores: mostly a soft share of the win (the
/// higher an estimate above the others, the nearer one), partly the place, as in [`outcome`];
/// alone at the table, the estimate as a score.
fn estimated_outcome(estimates: &[f64], spread: f64, solo_scale: f64, out: &mut Vec<f64>) {
    out.clear();
    if let [alone] = estimates {
        out.push(solo_outcome(*alone, solo_scale));
        return;
    }
    let hi = estimates.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let lo = estimates.iter().copied().fold(f64::INFINITY, f64::min);
    let span = (hi - lo).max(1.0);
    let spread = spread.max(0.01);
    let total: f64 = estimates.iter().map(|e| ((e - hi) / spread).exp()).sum();
    for e in estimates {
        let win = ((e - hi) / spread).exp() / total;
        out.push(0.8 * win + 0.2 * (e - lo) / span);
    }
}

/// What a search found for each action at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<A> {
    pub action: A,
    pub visits: u32,
    /// The mean outcome for the searching seat after this action.
    pub value: f64,
}

/// The search. Keep one per bot: its buffers are reused from decision to decision.
pub struct Ismcts<G: Search> {
    pub budget: Budget,
    rng: Rng,
    nodes: Vec<Node<G::Action>>,
    legal: Vec<G::Action>,
    effects: Vec<G::Effect>,
    path: Vec<usize>,
    /// The legal actions without a child yet, at the node being expanded.
    untried: Vec<usize>,
    rewards: Vec<f64>,
    /// Who plays the imagined games on after the tree (every seat alike); random moves without.
    policy: Option<Box<dyn Bot<G>>>,
    /// Who plays the searching seat's own moves after the tree, where it is not `policy` (a
    /// stronger, slower bot: the imagined games then show what the searcher itself would make
    /// of each choice).
    own_policy: Option<Box<dyn Bot<G>>>,
    /// Reworks each imagined world to fit what the seats did so far (their moves tell
    /// something of their hidden cards).
    shaper: Option<WorldShaper<G>>,
    /// The mover's view in the imagined games, its buffers reused from move to move.
    view: Option<G::View>,
    /// Every seat's estimated final score where an imagined game is cut short.
    estimates: Vec<f64>,
    /// The decision being searched a slice at a time, and the iterations done so far.
    current: Option<Decision<G>>,
    done: u32,
}

impl<G: Search> Ismcts<G> {
    pub fn new(budget: Budget, seed: u64) -> Self {
        Ismcts {
            budget,
            rng: Rng::new(seed),
            nodes: Vec::new(),
            legal: Vec::new(),
            effects: Vec::new(),
            path: Vec::new(),
            untried: Vec::new(),
            rewards: Vec::new(),
            policy: None,
            own_policy: None,
            shaper: None,
            view: None,
            estimates: Vec::new(),
            current: None,
            done: 0,
        }
    }

    /// Plays the imagined games on with `policy` (from each seat's view) instead of at random.
    pub fn with_policy(mut self, policy: Box<dyn Bot<G>>) -> Self {
        self.policy = Some(policy);
        self
    }

    /// Plays the searching seat's own moves after the tree with `policy` (the other seats keep
    /// the policy of [`Ismcts::with_policy`]).
    pub fn with_own_policy(mut self, policy: Box<dyn Bot<G>>) -> Self {
        self.own_policy = Some(policy);
        self
    }

    /// Reworks every imagined world with `shaper` before it is searched.
    pub fn with_shaper(mut self, shaper: WorldShaper<G>) -> Self {
        self.shaper = Some(shaper);
        self
    }

    /// Searches `d` and returns the root's actions, most visited first. Always one entry per
    /// legal action that was tried (every legal action is tried once the budget allows).
    pub fn search(&mut self, d: &Decision<G>) -> Vec<RootStat<G::Action>> {
        self.begin(d);
        while !self.run(u32::MAX) {}
        self.finish().unwrap_or_default()
    }

    /// Starts searching `d` a slice at a time (see [`Ismcts::run`]); a search begun earlier is
    /// dropped.
    pub fn begin(&mut self, d: &Decision<G>) {
        self.nodes.clear();
        self.nodes.push(Node::new(None, d.seat));
        self.current = Some(d.clone());
        self.done = 0;
    }

    /// Runs up to `slice` more iterations of the search begun; true once the budget is spent
    /// (or nothing was begun). The same iterations in any slicing give the same result.
    pub fn run(&mut self, slice: u32) -> bool {
        let Some(d) = self.current.take() else {
            return true;
        };
        let budget = self.budget.iterations.max(1);
        let end = budget.min(self.done.saturating_add(slice));
        while self.done < end {
            let mut world = d.determinize(&mut self.rng);
            if let Some(shaper) = &self.shaper {
                shaper(&d, &mut world, &mut self.rng);
            }
            self.iterate(&mut world);
            self.done += 1;
        }
        self.current = Some(d);
        self.done >= budget
    }

    /// The root's actions as searched so far, most visited first (`None` if nothing was
    /// begun); ends the search.
    pub fn finish(&mut self) -> Option<Vec<RootStat<G::Action>>> {
        let d = self.current.take()?;
        Some(self.root_stats(&d))
    }

    fn root_stats(&self, d: &Decision<G>) -> Vec<RootStat<G::Action>> {
        let root = &self.nodes[0];
        let mut stats: Vec<RootStat<G::Action>> = root
            .children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c];
                RootStat {
                    action: n.action.clone().expect("a child has a move"),
                    visits: n.visits as u32,
                    value: n.reward / n.visits.max(1.0),
                }
            })
            .collect();
        // Most visited first; ties by value, then by the order of the legal list (stable).
        let order = |a: &G::Action| d.legal.iter().position(|l| l == a).unwrap_or(usize::MAX);
        stats.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then(b.value.total_cmp(&a.value))
                .then(order(&a.action).cmp(&order(&b.action)))
        });
        stats
    }

    /// The action the search prefers (the most visited at the root).
    pub fn best(&mut self, d: &Decision<G>) -> G::Action {
        if d.legal.len() == 1 {
            return d.legal[0].clone();
        }
        self.search(d)
            .into_iter()
            .map(|s| s.action)
            .find(|a| d.legal.contains(a))
            .unwrap_or_else(|| d.legal[0].clone())
    }

    /// One iteration in `world`: select, expand, play out, back up.
    fn iterate(&mut self, world: &mut G) {
        if self.budget.flat {
            self.iterate_flat(world);
            return;
        }
        self.path.clear();
        let mut node = 0;
        self.path.push(node);
        let searcher = self.nodes[0].mover;
        let deals = world.deals();
        while let Some(seat) = world.current_player() {
            if self.budget.tree_stops_at_deal && world.deals() != deals {
                break; // a leaf: the rest is played out
            }
            world.legal_into(&mut self.legal);
            if seat != searcher && self.budget.opponents_by_policy && self.policy.is_some() {
                let action = self.policy_move(world, seat);
                if world.apply_into(seat, &action, &mut self.effects).is_err() {
                    return;
                }
                continue;
            }
            // Mark the children legal here as available, and look for an untried action.
            self.untried.clear();
            for (i, a) in self.legal.iter().enumerate() {
                let child = self.nodes[node]
                    .children
                    .iter()
                    .copied()
                    .find(|&c| self.nodes[c].action.as_ref() == Some(a));
                match child {
                    Some(c) => self.nodes[c].available += 1.0,
                    None => self.untried.push(i),
                }
            }
            if !self.untried.is_empty() {
                let pick = self.untried[self.rng.below(self.untried.len())];
                let action = self.legal[pick].clone();
                let child = self.nodes.len();
                let mut n = Node::new(Some(action.clone()), seat);
                n.available = 1.0;
                self.nodes.push(n);
                self.nodes[node].children.push(child);
                self.path.push(child);
                if world.apply_into(seat, &action, &mut self.effects).is_err() {
                    return; // unreachable: the action was legal in this world
                }
                break;
            }
            let child = self.select(node);
            let action = self.nodes[child]
                .action
                .clone()
                .expect("a child has a move");
            self.path.push(child);
            node = child;
            if world.apply_into(seat, &action, &mut self.effects).is_err() {
                return;
            }
        }
        if !self.play_to_outcome(world) {
            return;
        }
        for &n in &self.path {
            let node = &mut self.nodes[n];
            node.visits += 1.0;
            node.reward += self.rewards.get(node.mover).copied().unwrap_or(0.0);
        }
    }

    /// Plays `world` on (to its end, or to the cutoff) and leaves every seat's outcome in
    /// `self.rewards`; false if the game ended without scores.
    fn play_to_outcome(&mut self, world: &mut G) -> bool {
        if self.play_out(world) {
            return true;
        }
        let Some(scores) = world.scores() else {
            return false;
        };
        outcome(
            &scores,
            world.players(),
            self.budget.solo_scale,
            &mut self.rewards,
        );
        true
    }

    /// A flat iteration: every action legal at the root, each played on from a copy of the
    /// same world (paired: the actions are told apart by the same draws and the same hidden
    /// cards, not by the luck of different worlds).
    fn iterate_flat(&mut self, world: &G) {
        let searcher = self.nodes[0].mover;
        world.legal_into(&mut self.legal);
        let actions = self.legal.clone();
        self.nodes[0].visits += 1.0;
        for action in actions {
            let child = match self.nodes[0]
                .children
                .iter()
                .copied()
                .find(|&c| self.nodes[c].action.as_ref() == Some(&action))
            {
                Some(c) => c,
                None => {
                    let c = self.nodes.len();
                    self.nodes.push(Node::new(Some(action.clone()), searcher));
                    self.nodes[0].children.push(c);
                    c
                }
            };
            let mut w = world.clone();
            if w.apply_into(searcher, &action, &mut self.effects).is_err() {
                continue;
            }
            if !self.play_to_outcome(&mut w) {
                continue;
            }
            let node = &mut self.nodes[child];
            node.available += 1.0;
            node.visits += 1.0;
            node.reward += self.rewards.get(searcher).copied().unwrap_or(0.0);
        }
    }

    /// The child of `node` with the best UCB among those legal in this world (all of them are:
    /// `iterate` only calls this when every legal action has a child).
    fn select(&mut self, node: usize) -> usize {
        let c = self.budget.exploration;
        let mut best = (f64::NEG_INFINITY, usize::MAX);
        for &child in &self.nodes[node].children {
            let n = &self.nodes[child];
            let Some(a) = n.action.as_ref() else { continue };
            if !self.legal.contains(a) {
                continue;
            }
            let mean = n.reward / n.visits.max(1.0);
            let score = mean + c * (n.available.max(1.0).ln() / n.visits.max(1.0)).sqrt();
            if score > best.0 {
                best = (score, child);
            }
        }
        best.1
    }

    /// The policy's move for `seat` in `world` among `self.legal` (the only one if just one is
    /// legal; random without a policy).
    fn policy_move(&mut self, world: &G, seat: Seat) -> G::Action {
        match self.policy.as_mut() {
            Some(p) if self.legal.len() > 1 => {
                p.choose(seat_view(&mut self.view, world, seat), &self.legal)
            }
            Some(_) => self.legal[0].clone(),
            None => self.legal[self.rng.below(self.legal.len())].clone(),
        }
    }

    /// Moves to the end on the playout path: the policy's (from the mover's view), with a
    /// little noise, or random ones without a policy.
    /// With a [`Cutoff`] and a policy that estimates, stops after its moves and leaves the
    /// outcomes from the estimates in `self.rewards` (true); otherwise plays to the end (false).
    fn play_out(&mut self, world: &mut G) -> bool {
        let mut moves = 0u32;
        let mut cutoff = self.budget.cutoff;
        while let Some(seat) = world.current_player() {
            if let Some(cut) = cutoff
                && moves >= cut.moves
            {
                if self.estimate_all(world, cut.spread) {
                    return true;
                }
                cutoff = None; // the policy cannot estimate: play on to the end
            }
            moves += 1;
            world.legal_into(&mut self.legal);
            if self.legal.is_empty() {
                return false;
            }
            let noisy = self.rng.unit() < self.budget.rollout_noise;
            let own = self
                .own_policy
                .as_mut()
                .filter(|_| seat == self.nodes[0].mover && self.legal.len() > 1);
            let a = if let Some(p) = own {
                p.choose(seat_view(&mut self.view, world, seat), &self.legal)
            } else if self.policy.is_some() && !noisy {
                self.policy_move(world, seat)
            } else {
                self.legal[self.rng.below(self.legal.len())].clone()
            };
            if world.apply_into(seat, &a, &mut self.effects).is_err() {
                return false;
            }
        }
        false
    }

    /// Every seat's outcome from the policy's estimates of its final score (from its own
    /// view), into `self.rewards`; false if the policy cannot estimate.
    fn estimate_all(&mut self, world: &G, spread: f64) -> bool {
        let Some(p) = self.policy.as_mut() else {
            return false;
        };
        self.estimates.clear();
        for seat in 0..world.players() {
            match p.estimate(seat_view(&mut self.view, world, seat)) {
                Some(e) => self.estimates.push(e),
                None => return false,
            }
        }
        estimated_outcome(
            &self.estimates,
            spread,
            self.budget.solo_scale,
            &mut self.rewards,
        );
        true
    }
}

/// `seat`'s view of `world` in the reused buffer `slot` (filled on first use).
fn seat_view<'a, G: Search>(slot: &'a mut Option<G::View>, world: &G, seat: Seat) -> &'a G::View {
    match slot {
        Some(v) => {
            world.view_into(Some(seat), v);
            v
        }
        None => slot.insert(world.view(Some(seat))),
    }
}

#[cfg(test)]
mod tests;
