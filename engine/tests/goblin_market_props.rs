//! Property tests over many seeds, every player count, random and normal bots.
//!
//! At every step: legal actions exist until the end and each applies; all 36 basic cards and
//! all 8 Goblin cards are somewhere, once; the effects alone track every card's zone and every
//! seat's coins exactly (the table animates from them); coins match the bank's ledger; random
//! and malformed actions are refused and change nothing; the same seed and actions replay the
//! same effects.

use come_buy_engine::bots::{Bot, WithBots};
use come_buy_engine::decktet::{Card, decktet};
use come_buy_engine::game::{Game, Seat, Setup};
use come_buy_engine::goblin_market::{Account, Action, Effect, GoblinMarket, Zone};
use come_buy_engine::rng::Rng;
use std::collections::HashMap;

/// What a spectator reconstructs from effects alone.
struct Tracker {
    zone: HashMap<Card, Zone>,
    coins: Vec<i64>,
}

impl Tracker {
    fn new(players: usize) -> Self {
        let d = decktet();
        let mut zone = HashMap::new();
        for c in d.basic() {
            zone.insert(c, Zone::AuctionDeck);
        }
        for c in d.pawns_and_courts() {
            zone.insert(c, Zone::GoblinDeck);
        }
        Tracker {
            zone,
            coins: vec![0; players],
        }
    }

    fn apply(&mut self, fx: &[Effect]) {
        for e in fx {
            match e {
                Effect::CardMoved { card, from, to } => {
                    let at = self.zone.get(card).copied();
                    assert_eq!(
                        at,
                        Some(*from),
                        "{card} moved from {from:?} but was at {at:?}"
                    );
                    self.zone.insert(*card, *to);
                }
                Effect::CoinsMoved {
                    from, to, amount, ..
                } => {
                    assert!(*amount > 0, "zero-coin effect");
                    if let Account::Player(s) = from {
                        self.coins[*s] -= *amount as i64;
                        assert!(self.coins[*s] >= 0, "seat {s} went below zero");
                    }
                    if let Account::Player(s) = to {
                        self.coins[*s] += *amount as i64;
                    }
                }
                _ => {}
            }
        }
    }

    fn check(&self, g: &GoblinMarket) {
        let census = g.basic_card_census();
        assert_eq!(census.len(), 36, "basic cards lost or duplicated");
        let mut seen = std::collections::HashSet::new();
        for (c, z) in census.iter().chain(g.goblin_census().iter()) {
            assert!(seen.insert(*c), "{c} is in two places");
            assert_eq!(self.zone.get(c), Some(z), "effects lost track of {c}");
        }
        assert_eq!(seen.len(), 44);
        let coins: Vec<i64> = g.coins().iter().map(|&c| c as i64).collect();
        assert_eq!(coins, self.coins, "effects lost track of coins");
        let (out, inn) = g.bank_ledger();
        assert_eq!(
            coins.iter().sum::<i64>(),
            out as i64 - inn as i64,
            "coins not conserved"
        );
    }
}

fn random_action(rng: &mut Rng) -> Action {
    match rng.below(4) {
        0 => Action::Pass,
        1 => Action::TakeAll,
        2 => Action::Bid(rng.below(60) as u32),
        _ => Action::TakeOne(Card(rng.below(50) as u8)),
    }
}

/// Tries a few random actions that are not legal for the seat; each must fail and change nothing.
fn fuzz_illegal(g: &mut GoblinMarket, rng: &mut Rng, tries: usize) {
    let before = format!("{g:?}");
    let legal = g.legal_actions();
    let current = g.current_player();
    for _ in 0..tries {
        let seat: Seat = rng.below(g.players() + 2);
        let a = random_action(rng);
        if Some(seat) == current && legal.contains(&a) {
            continue;
        }
        assert!(
            g.apply(seat, &a).is_err(),
            "{a:?} by seat {seat} accepted; legal {legal:?}"
        );
        assert_eq!(format!("{g:?}"), before, "refused {a:?} changed the state");
    }
}

fn run_game(
    players: usize,
    seed: u64,
    bot_names: &[&str],
    fuzz: bool,
) -> (Vec<Action>, Vec<Effect>) {
    let setup = Setup::new(players, seed);
    let (mut g, first) = GoblinMarket::start(&setup).unwrap();
    let mut tracker = Tracker::new(players);
    tracker.apply(&first);
    tracker.check(&g);
    let mut bots: Vec<Box<dyn Bot<GoblinMarket>>> = (0..players)
        .map(|s| GoblinMarket::bot(bot_names[s % bot_names.len()], seed ^ s as u64).unwrap())
        .collect();
    let mut rng = Rng::new(seed ^ 0xF00D);
    let mut actions = Vec::new();
    let mut all_fx = first;
    while let Some(seat) = g.current_player() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "no legal action for seat {seat}");
        if fuzz {
            fuzz_illegal(&mut g, &mut rng, 4);
        }
        let a = bots[seat].choose(&g.view(Some(seat)), &legal);
        assert!(legal.contains(&a), "bot chose {a:?}, not legal");
        let fx = g.apply(seat, &a).expect("legal actions apply");
        assert!(!fx.is_empty(), "every action has a visible effect");
        tracker.apply(&fx);
        tracker.check(&g);
        actions.push(a);
        all_fx.extend(fx);
        assert!(actions.len() < 100_000, "game does not end");
    }
    assert!(g.legal_actions().is_empty());
    let scores = g.scores().expect("scores at the end");
    assert!(!scores.winners.is_empty());
    assert!(matches!(all_fx.last(), Some(Effect::GameOver { .. })));
    assert_eq!(
        g.basic_card_census()
            .iter()
            .filter(|(_, z)| *z == Zone::AuctionDeck)
            .count(),
        0
    );
    if fuzz {
        fuzz_illegal(&mut g, &mut rng, 20);
    }
    (actions, all_fx)
}

#[test]
fn random_bots_keep_every_invariant() {
    for players in 3..=6 {
        for seed in 0..150 {
            run_game(players, seed, &["random"], seed % 3 == 0);
        }
    }
}

#[test]
fn normal_bots_keep_every_invariant() {
    for players in 3..=6 {
        for seed in 0..60 {
            run_game(
                players,
                1000 + seed,
                &["normal", "random", "normal"],
                seed % 4 == 0,
            );
        }
    }
}

#[test]
fn same_seed_and_actions_replay_exactly() {
    for players in 3..=6 {
        let seed = 77 + players as u64;
        let (actions, fx) = run_game(players, seed, &["normal", "random"], false);
        let (mut g, mut again) = GoblinMarket::start(&Setup::new(players, seed)).unwrap();
        for a in &actions {
            let seat = g.current_player().unwrap();
            again.extend(g.apply(seat, a).unwrap());
        }
        assert_eq!(fx, again);
        // A different seed deals differently.
        let (_, other) = GoblinMarket::start(&Setup::new(players, seed + 1)).unwrap();
        assert_ne!(fx[..20], other[..20.min(other.len())]);
    }
}

#[test]
fn views_hide_the_deck_order_and_agree_with_the_state() {
    let (mut g, _) = GoblinMarket::start(&Setup::new(4, 3)).unwrap();
    for step in 0..40 {
        let Some(seat) = g.current_player() else {
            break;
        };
        let v = g.view(Some(seat));
        assert_eq!(v.coins, g.coins());
        assert_eq!(v.current_player, Some(seat));
        let unseen = v.unseen_basic(&decktet());
        assert_eq!(unseen.len(), v.auction_deck, "step {step}");
        let a = g.legal_actions()[0].clone();
        g.apply(seat, &a).unwrap();
    }
}
