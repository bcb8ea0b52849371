//! What a bot is: it sees only its seat's view and the legal actions, and answers with one of
//! them ([`Bot`]); what it decides and why ([`Decision`], [`Advice`]). The bots are in
//! `bots`, the search they may use in `ismcts`.

use crate::game::{Game, Search, Seat};
use crate::rng::Rng;

pub trait Bot<G: Game>: Send + Sync {
    fn name(&self) -> &str;
    /// Picks one of `legal` (never empty) for the seat whose view this is.
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;

    /// Picks for a decision. The default reads the view and the legal actions; a bot that
    /// searches imagines worlds with [`Decision::determinize`] (it never sees the real
    /// hidden cards).
    fn decide(&mut self, d: &Decision<G>) -> G::Action
    where
        G: Search,
    {
        self.choose(&d.view, &d.legal)
    }

    /// Starts thinking about `d` a slice at a time, for hosts without threads (browsers):
    /// true if this bot does (then [`Bot::think`] continues), false if it answers at once
    /// through [`Bot::decide`].
    fn begin(&mut self, _d: &Decision<G>) -> bool
    where
        G: Search,
    {
        false
    }

    /// Thinks `slice` more steps about the decision begun; the pick once done.
    fn think(&mut self, _slice: u32) -> Option<G::Action>
    where
        G: Search,
    {
        None
    }

    /// What the seat whose view this is can expect to have scored at the end, counting what it
    /// holds now (e.g. money plus what its hand will still bring), for searches that stop
    /// imagining a game before its end (see [`crate::ismcts::Cutoff`]); `None` if this bot
    /// cannot tell.
    fn estimate(&mut self, _view: &G::View) -> Option<f64> {
        None
    }

    /// The pick of the decision last finished by [`Bot::think`], with its reason (once).
    fn last_advice(&mut self) -> Option<Advice<G::Action>> {
        None
    }

    /// Picks for a decision and says why, for a player's hint. Searching bots tell how their
    /// pick fared in the games they imagined; others give just the pick.
    fn advise(&mut self, d: &Decision<G>) -> Advice<G::Action>
    where
        G: Search,
    {
        Advice {
            action: self.decide(d),
            value: None,
            after: 0,
            imagined: 0,
        }
    }
}

/// A bot's pick with its reason: the mean outcome of the games it imagined after that pick
/// (about the share of them it won), how many of those there were, and how many games it
/// imagined in all.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<A> {
    pub action: A,
    pub value: Option<f64>,
    /// Imagined games played on after the pick (what `value` is the mean of).
    pub after: u32,
    pub imagined: u32,
}

/// A decision as a bot sees it: its seat, its view, the legal actions, and the worlds it may
/// imagine (the real state stays private: only determinizations of it come out).
#[derive(Clone, Debug)]
pub struct Decision<G: Game> {
    pub seat: Seat,
    pub view: G::View,
    pub legal: Vec<G::Action>,
    state: G,
}

impl<G: Search> Decision<G> {
    /// The decision of whoever's turn it is in `state` (`None` once the game is over).
    pub fn of(state: &G) -> Option<Decision<G>> {
        let seat = state.current_player()?;
        Some(Decision {
            seat,
            view: state.view(Some(seat)),
            legal: state.legal_actions(),
            state: state.clone(),
        })
    }

    /// A world consistent with everything this seat knows (see [`Search::determinize`]).
    pub fn determinize(&self, rng: &mut Rng) -> G {
        self.state.determinize(self.seat, rng)
    }
}
