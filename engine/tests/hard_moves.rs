//! Hard's decisions at every table, pinned: seeded games where Normal plays every seat and
//! Hard, now and then, decides for the seat to move (its move is played). The digest covers
//! each of Hard's actions, the mean outcome it saw for it (to the bit) and the games it
//! imagined, so a change that only makes the search faster keeps every digest; one that
//! changes what Hard sees or picks (another random stream, another budget) changes them, and
//! must say so, with the bots' strength measured again (docs/bots.md).

use come_buy_engine::bots::{Decision, WithBots};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::{Search, Setup};
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;

/// Hard decides `HARD_DECISIONS` times, at every `every`-th decision with a real choice.
const HARD_DECISIONS: usize = 3;

/// FNV-1a over `bytes`, continuing from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// The digest of Hard's decisions in one seeded game of `players`.
fn digest<G: Search + WithBots>(players: usize, seed: u64, every: usize) -> u64 {
    let (mut g, _) = G::start(&Setup::new(players, seed)).unwrap();
    let mut normal: Vec<_> = (0..players)
        .map(|s| G::bot("normal", seed + s as u64).unwrap())
        .collect();
    let mut hard = G::bot("hard", seed).unwrap();
    let (mut h, mut choices, mut asked) = (0xcbf2_9ce4_8422_2325u64, 0, 0);
    while let Some(d) = Decision::of(&g) {
        let real = d.legal.len() > 1;
        let action = if real && choices % every == every - 1 && asked < HARD_DECISIONS {
            asked += 1;
            let advice = hard.advise(&d);
            let value = advice.value.map(f64::to_bits);
            let line = format!("{:?} {value:?} {}", advice.action, advice.imagined);
            h = fnv(h, line.as_bytes());
            advice.action
        } else {
            normal[d.seat].decide(&d)
        };
        choices += usize::from(real);
        g.apply(d.seat, &action).unwrap();
    }
    assert_eq!(asked, HARD_DECISIONS, "{} {players}: Hard decided", G::ID);
    h
}

#[test]
fn hard_decides_as_pinned_at_every_table() {
    let got = [
        ("goblin-market 3", digest::<GoblinMarket>(3, 11, 9)),
        ("goblin-market 4", digest::<GoblinMarket>(4, 12, 9)),
        ("goblin-market 6", digest::<GoblinMarket>(6, 13, 9)),
        ("mykonos 2", digest::<Mykonos>(2, 21, 9)),
        ("mykonos 3", digest::<Mykonos>(3, 22, 9)),
        ("mykonos 4", digest::<Mykonos>(4, 23, 9)),
        ("duchess 1", digest::<Duchess>(1, 31, 2)),
        ("duchess 2", digest::<Duchess>(2, 32, 3)),
    ];
    let pinned: [(&str, u64); 8] = [
        ("goblin-market 3", 0x312d41a8d86e76a8),
        ("goblin-market 4", 0x1a6f3212722a042b),
        ("goblin-market 6", 0x879afdecba81fc12),
        ("mykonos 2", 0x68a82c0224e2d355),
        ("mykonos 3", 0x4e3cf71fed95a3a6),
        ("mykonos 4", 0x991a31b3ecbf1358),
        ("duchess 1", 0xec97480d4d65f6d9),
        ("duchess 2", 0xaf2cd6760ad44a17),
    ];
    for (table, g) in &got {
        println!("(\"{table}\", {g:#018x}),");
    }
    assert_eq!(got, pinned);
}
