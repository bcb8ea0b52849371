//! `come-buy-sim tutorial ID`: plays a guided game's script as the table does and prints
//! everything that happens (steps, effects, each decision with its legal actions), for
//! whoever writes or checks a script in `levels/tutorials/`.

use crate::games::{Command, SimGame};
use come_buy_engine::{catalog, tutorial};

pub struct Trace {
    pub id: String,
    pub seed: Option<u64>,
    /// The script's text read from a file instead of the embedded one (while writing it).
    pub text: Option<String>,
}

impl Command for Trace {
    fn run<G: SimGame>(self) -> Result<(), String> {
        let file = catalog::guided_file(&self.id).ok_or("no such guided game")?;
        let mut t = match &self.text {
            Some(text) => come_buy_engine::levels::parse(file.file.path, text),
            None => file.parse::<G>(),
        }
        .map_err(|e| e.to_string())?;
        if let Some(seed) = self.seed {
            t.seed = seed;
        }
        // After the script, the person plays as the Normal bot would (a script's author can
        // take those moves as the next steps).
        let mut normal = G::bot("normal", 99)?;
        let walk = tutorial::walk::<G>(&t, |g| match come_buy_engine::bots::Decision::of(g) {
            Some(d) => normal.decide(&d),
            None => g.legal_actions()[0].clone(),
        })?;
        for line in &walk.trace {
            println!("{line}");
        }
        println!(
            "{} actions, {} in the guided part; scores {:?}",
            walk.actions.len(),
            walk.guided_actions,
            walk.game.scores()
        );
        Ok(())
    }
}

/// Runs the trace of guided game `id` (its game read from the file).
pub fn run(id: &str, seed: Option<u64>, path: Option<&str>) -> Result<(), String> {
    let text = match path {
        Some(p) => Some(std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"))?),
        None => None,
    };
    let known: Vec<&str> = catalog::guided_files().iter().map(|t| t.id).collect();
    let file = catalog::guided_file(id)
        .ok_or_else(|| format!("no guided game {id:?}; known: {}", known.join(", ")))?;
    let game = tutorial::game_of(file.file.text).ok_or("the file names no game")?;
    crate::games::dispatch(
        &game,
        Trace {
            id: id.to_string(),
            seed,
            text,
        },
    )
}

/// Checks a guided game's script `text` (for `check-levels`): it reads, and it still fits its
/// deal when played through.
pub fn check(id: &str, text: String) -> Result<(), String> {
    let game = tutorial::game_of(&text).ok_or("not a guided game (no `game`)")?;
    crate::games::dispatch(
        &game,
        Check {
            id: id.to_string(),
            text,
        },
    )
}

struct Check {
    id: String,
    text: String,
}

impl Command for Check {
    fn run<G: SimGame>(self) -> Result<(), String> {
        let t: tutorial::Tutorial<G::Action> =
            come_buy_engine::levels::parse(&self.id, &self.text).map_err(|e| e.message)?;
        tutorial::walk::<G>(&t, |g| g.legal_actions()[0].clone()).map(|_| ())
    }
}
