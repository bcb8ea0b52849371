//! Bots see only their seat's view and the legal actions, and answer with one of them.

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
