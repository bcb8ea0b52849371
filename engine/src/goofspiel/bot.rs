//! Goofspiel's bots. Normal bids the card nearest the prize's number give or take a little
//! (drawn from its seed: two Normals would otherwise tie on every prize), the higher one at
//! the same distance, so it spends big cards on big prizes;
//! Easy slips now and then; Hard searches (ISMCTS) with Normal as the other seats' policy.

use super::{Action, Goofspiel, View};
use crate::bots::{Bot, EasyBot, HardBot, RandomBot, WithBots, unknown_bot};
use crate::ismcts::Budget;
use crate::rng::Rng;

/// Hard's search: few cards, so a flat search over the bid at hand is plenty.
const HARD: Budget = Budget {
    iterations: 1500,
    exploration: 0.7,
    rollout_noise: 0.1,
    solo_scale: 30.0,
    keep_policy_within: None,
    opponents_by_policy: true,
    flat: true,
    cutoff: None,
    tree_stops_at_deal: false,
};

/// The `normal` bot (see the module docs).
pub struct NormalBot {
    rng: Rng,
}

impl NormalBot {
    pub fn new(seed: u64) -> Self {
        NormalBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot<Goofspiel> for NormalBot {
    fn name(&self) -> &str {
        "normal"
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        // Aim at the prize's number, one below to two above.
        let aim = i16::from(view.prize.unwrap_or(0)) + self.rng.below(4) as i16 - 1;
        let card = |a: &Action| match *a {
            Action::Bid { card } => card,
        };
        legal
            .iter()
            .min_by_key(|a| {
                let c = card(a);
                // Nearest first; at the same distance the higher card.
                (i16::from(c).abs_diff(aim), u8::MAX - c)
            })
            .copied()
            .unwrap_or(legal[0])
    }

    fn estimate(&mut self, view: &View) -> Option<f64> {
        Some(view.points(view.seat?) as f64)
    }
}

impl WithBots for Goofspiel {
    const BOTS: &'static [&'static str] = &["random", "easy", "normal", "hard"];

    fn bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self>>, String> {
        match name {
            "random" => Ok(Box::new(RandomBot::new(seed))),
            "easy" => Ok(Box::new(EasyBot::new(
                Box::new(NormalBot::new(seed)),
                seed,
                0.3,
                3,
            ))),
            "normal" => Ok(Box::new(NormalBot::new(seed))),
            "hard" => Ok(Box::new(HardBot::guided(
                HARD,
                seed,
                Box::new(NormalBot::new(seed ^ 1)),
                Box::new(NormalBot::new(seed ^ 2)),
            ))),
            _ => Err(unknown_bot(name, Self::BOTS)),
        }
    }
}
