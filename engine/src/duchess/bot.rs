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
use std::sync::Arc;

mod expect;
mod expert;
mod hard;
mod hint;
mod normal;
mod solo_bot;
use expect::Eval;
pub use expert::ExpertBot;
pub use hard::HardDuchess;
use hard::{HARD, reader};
pub use hint::{Reason, reason};
pub use normal::NormalBot;
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

#[cfg(test)]
mod tests;
