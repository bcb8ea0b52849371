//! Bots see only their seat's view and the legal actions, and answer with one of them.

use crate::game::{Game, Search};
use crate::rng::Rng;

// The contract every bot keeps (and the search uses) is in `bot`; the bots themselves are here.
pub use crate::bot::{Advice, Bot, Decision};

/// Uniform over the legal actions.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
        legal[self.rng.below(legal.len())].clone()
    }
}

/// Easy: the Normal bot's play with human-sized slips. At each decision with a real choice it
/// follows Normal, except that with probability `slip` it takes another legal action, drawn
/// among the first `reach` of the legal list after Normal's own pick is set aside (legal lists
/// put the modest options first: low bids, cheap queues, small sales), so its mistakes are
/// plausible ones rather than wild ones.
pub struct EasyBot<G: Game> {
    normal: Box<dyn Bot<G>>,
    rng: Rng,
    slip: f64,
    reach: usize,
    /// The kinds of decision it may slip on (all when `None`): a game whose other decisions
    /// cost a whole game when fumbled keeps its slips to the ones a beginner really misjudges.
    slips_on: Option<fn(&G::Action) -> bool>,
}

impl<G: Game> EasyBot<G> {
    pub fn new(normal: Box<dyn Bot<G>>, seed: u64, slip: f64, reach: usize) -> Self {
        EasyBot {
            normal,
            rng: Rng::new(seed),
            slip,
            reach: reach.max(1),
            slips_on: None,
        }
    }

    /// Slips only at decisions whose actions pass `kind` (its alternatives must too).
    pub fn slipping_on(mut self, kind: fn(&G::Action) -> bool) -> Self {
        self.slips_on = Some(kind);
        self
    }

    fn slip_from(&mut self, pick: G::Action, legal: &[G::Action]) -> G::Action {
        let kind = self.slips_on.unwrap_or(|_| true);
        if legal.len() < 2 || !kind(&pick) || self.rng.unit() >= self.slip {
            return pick;
        }
        let others: Vec<&G::Action> = legal.iter().filter(|a| **a != pick && kind(a)).collect();
        if others.is_empty() {
            return pick;
        }
        let n = others.len().min(self.reach);
        others[self.rng.below(n)].clone()
    }
}

impl<G: Game> Bot<G> for EasyBot<G> {
    fn name(&self) -> &str {
        "easy"
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        let pick = self.normal.choose(view, legal);
        self.slip_from(pick, legal)
    }

    fn decide(&mut self, d: &Decision<G>) -> G::Action
    where
        G: Search,
    {
        let pick = self.normal.decide(d);
        self.slip_from(pick, &d.legal)
    }
}

/// Hard: information-set Monte Carlo tree search ([`crate::ismcts`]) with a fixed iteration
/// budget, seeded, so the same match always gets the same decisions.
pub struct HardBot<G: Search> {
    search: crate::ismcts::Ismcts<G>,
    /// What `choose` falls back on (it has no state to search; tables and the simulator call
    /// `decide`).
    fallback: Box<dyn Bot<G>>,
    /// A decision begun with only one legal action (nothing to search).
    only: Option<G::Action>,
    /// The decision being thought about a slice at a time.
    begun: Option<Decision<G>>,
    /// The last sliced decision with its reason (see [`Bot::last_advice`]).
    last: Option<Advice<G::Action>>,
}

impl<G: Search> HardBot<G> {
    /// The pick from the root's statistics: the most visited action, or with a margin set, the
    /// fallback's pick unless the search found an action better by that margin; with how the
    /// pick fared in the games imagined.
    fn pick(
        &mut self,
        d: &Decision<G>,
        stats: Vec<crate::ismcts::RootStat<G::Action>>,
    ) -> Advice<G::Action> {
        let imagined = stats.iter().map(|s| s.visits).sum();
        let stat_of = |a: &G::Action| stats.iter().find(|s| &s.action == a);
        let value_of = |a: &G::Action| stat_of(a).map(|s| s.value);
        let top = stats.first().map(|s| (s.action.clone(), s.value));
        let action = match (self.search.budget.keep_policy_within, top) {
            (Some(margin), top) => {
                let own = self.fallback.decide(d);
                match (top, value_of(&own)) {
                    (Some((best, bv)), Some(v)) if bv > v + margin => best,
                    (_, Some(_)) | (None, None) => own,
                    (Some((best, _)), None) => best,
                }
            }
            (None, Some((best, _))) => best,
            (None, None) => d.legal[0].clone(),
        };
        let action = if d.legal.contains(&action) {
            action
        } else {
            d.legal[0].clone()
        };
        Advice {
            value: value_of(&action),
            after: stat_of(&action).map_or(0, |s| s.visits),
            imagined,
            action,
        }
    }
}

impl<G: Search> HardBot<G> {
    /// A search with random playouts.
    pub fn new(budget: crate::ismcts::Budget, seed: u64, fallback: Box<dyn Bot<G>>) -> Self {
        HardBot {
            search: crate::ismcts::Ismcts::new(budget.for_this_platform(), seed),
            fallback,
            only: None,
            begun: None,
            last: None,
        }
    }

    /// A search whose playouts are played by `policy` (e.g. the Normal bot) in every seat.
    pub fn guided(
        budget: crate::ismcts::Budget,
        seed: u64,
        fallback: Box<dyn Bot<G>>,
        policy: Box<dyn Bot<G>>,
    ) -> Self {
        HardBot {
            search: crate::ismcts::Ismcts::new(budget.for_this_platform(), seed)
                .with_policy(policy),
            fallback,
            only: None,
            begun: None,
            last: None,
        }
    }
}

impl<G: Search> HardBot<G> {
    /// As [`HardBot::guided`], the searching seat's own moves in the imagined games played by
    /// `own` rather than `policy`.
    pub fn guided_own(
        budget: crate::ismcts::Budget,
        seed: u64,
        fallback: Box<dyn Bot<G>>,
        policy: Box<dyn Bot<G>>,
        own: Box<dyn Bot<G>>,
    ) -> Self {
        let mut bot = Self::guided(budget, seed, fallback, policy);
        bot.search = bot.search.with_own_policy(own);
        bot
    }

    /// Reworks every imagined world with `shaper` (see
    /// [`crate::ismcts::Ismcts::with_shaper`]).
    pub fn shaped(mut self, shaper: crate::ismcts::WorldShaper<G>) -> Self {
        self.search = self.search.with_shaper(shaper);
        self
    }

    /// Searches with `iterations` per decision from now on (on this platform's scale, see
    /// [`crate::ismcts::Budget::for_this_platform`]): for games whose imagined games cost more
    /// in some setups.
    pub fn set_iterations(&mut self, iterations: u32) {
        self.search.budget = crate::ismcts::Budget {
            iterations,
            ..self.search.budget
        }
        .for_this_platform();
    }
}

impl<G: Search + Send + Sync> Bot<G> for HardBot<G>
where
    G::Action: Send + Sync,
    G::Effect: Send + Sync,
    G::View: Send + Sync,
{
    fn name(&self) -> &str {
        "hard"
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        self.fallback.choose(view, legal)
    }

    fn decide(&mut self, d: &Decision<G>) -> G::Action
    where
        G: Search,
    {
        self.advise(d).action
    }

    fn begin(&mut self, d: &Decision<G>) -> bool
    where
        G: Search,
    {
        if d.legal.len() == 1 {
            self.only = Some(d.legal[0].clone());
        } else {
            self.only = None;
            self.search.begin(d);
            self.begun = Some(d.clone());
        }
        true
    }

    fn think(&mut self, slice: u32) -> Option<G::Action>
    where
        G: Search,
    {
        if let Some(a) = self.only.take() {
            self.last = Some(Advice {
                action: a.clone(),
                value: None,
                after: 0,
                imagined: 0,
            });
            return Some(a);
        }
        if !self.search.run(slice) {
            return None;
        }
        let d = self.begun.take()?;
        let stats = self.search.finish()?;
        let advice = self.pick(&d, stats);
        let action = advice.action.clone();
        self.last = Some(advice);
        Some(action)
    }

    fn last_advice(&mut self) -> Option<Advice<G::Action>> {
        self.last.take()
    }

    fn advise(&mut self, d: &Decision<G>) -> Advice<G::Action>
    where
        G: Search,
    {
        if d.legal.len() == 1 {
            return Advice {
                action: d.legal[0].clone(),
                value: None,
                after: 0,
                imagined: 0,
            };
        }
        let stats = self.search.search(d);
        self.pick(d, stats)
    }
}

/// A game that offers named bots.
pub trait WithBots: Game + Sized {
    /// The bot names this game knows, strongest last.
    const BOTS: &'static [&'static str];
    /// A bot by name, seeded (bots may use chance; the same seed gives the same play).
    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, String>;
}

/// The error for an unknown bot name.
pub fn unknown_bot(name: &str, known: &[&str]) -> String {
    format!("unknown bot {name:?}; known bots: {}", known.join(", "))
}
