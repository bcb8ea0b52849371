//! Bots see only their seat's view and the legal actions, and answer with one of them.

use crate::game::Game;
use crate::rng::Rng;

pub trait Bot<G: Game>: Send + Sync {
    fn name(&self) -> &str;
    /// Picks one of `legal` (never empty) for the seat whose view this is.
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;
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
