//! The simulator's commands, run for any game of the engine's catalog.

use come_buy_engine::catalog::{self, CatalogGame};

/// What the simulator needs of a game: the engine's catalog entry.
pub use come_buy_engine::catalog::CatalogGame as SimGame;

/// A command that runs for any game type.
pub trait Command {
    fn run<G: SimGame>(self) -> Result<(), String>;
}

pub const GAME_IDS: &[&str] = &catalog::IDS;

struct Run<C>(C);

impl<C: Command> catalog::ForGame for Run<C> {
    type Out = Result<(), String>;
    fn run<G: CatalogGame>(self) -> Self::Out {
        self.0.run::<G>()
    }
}

pub fn dispatch<C: Command>(game: &str, command: C) -> Result<(), String> {
    catalog::dispatch(game, Run(command)).unwrap_or_else(|| Err(catalog::unknown_game(game)))
}

/// `come-buy-sim games`: the catalog as JSON (ids, name keys, seats, variants, bots).
pub fn list_games() -> Result<(), String> {
    let text = serde_json::to_string_pretty(&catalog::games()).map_err(|e| e.to_string())?;
    println!("{text}");
    Ok(())
}
