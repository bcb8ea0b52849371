//! What the world-check tests share: every setup of a game, bot games played through with a
//! look at every state, and reading a refusal's problem.

#![allow(dead_code)]

use come_buy_engine::bots::Decision;
use come_buy_engine::catalog::CatalogGame;
use come_buy_engine::game::{RuleError, Setup};
use std::fmt::Debug;

/// The problem of a [`RuleError::BadData`] refusal (anything else fails the test).
pub fn problem<T: Debug>(r: Result<T, RuleError>) -> String {
    match r {
        Err(RuleError::BadData { problem }) => problem,
        other => panic!("expected a BadData refusal, got {other:?}"),
    }
}

/// The variant lists a setup of `G` may name: every combination of its variants (a family
/// such as `after-empty-N` as one member, `after-empty-2`).
pub fn variant_sets<G: CatalogGame>() -> Vec<Vec<String>> {
    let names: Vec<String> = G::VARIANTS.iter().map(|v| v.replace("-N", "-2")).collect();
    (0..1usize << names.len())
        .map(|mask| {
            (0..names.len())
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| names[i].clone())
                .collect()
        })
        .collect()
}

/// Every setup `G` starts with: each player count of its range with each variant list it
/// accepts at that count, from `seed`.
pub fn setups<G: CatalogGame>(seed: u64) -> Vec<Setup> {
    let mut v = Vec::new();
    for players in G::seat_range() {
        for variants in variant_sets::<G>() {
            let setup = Setup {
                players,
                seed: seed + players as u64 * 1000 + v.len() as u64,
                variants,
            };
            if G::start(&setup).is_ok() {
                v.push(setup);
            }
        }
    }
    v
}

/// Plays the match of `setup` to its end, each seat by the bot `bots` names for it (round
/// robin), calling `visit` with every state from the first to the last.
pub fn play<G: CatalogGame>(setup: &Setup, bots: &[&str], mut visit: impl FnMut(&G)) {
    let (mut g, _) = G::start(setup).expect("the setup starts");
    let mut players: Vec<_> = (0..setup.players)
        .map(|s| G::bot(bots[s % bots.len()], setup.seed ^ (s as u64 + 1)).expect("a bot"))
        .collect();
    visit(&g);
    let mut moves = 0;
    while let Some(seat) = g.current_player() {
        let d = Decision::of(&g).expect("a decision");
        let a = players[seat].decide(&d);
        g.apply(seat, &a).expect("a bot's action applies");
        visit(&g);
        moves += 1;
        assert!(moves < 100_000, "{}: the match ends", G::ID);
    }
}
