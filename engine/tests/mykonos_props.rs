//! Mýkonos property tests over many seeds, 2-4 players, random and normal bots.
//!
//! At every step: legal actions exist until the end and every one of them applies; every card
//! of the deck is somewhere, once; effects alone track every card's zone and every seat's
//! money exactly; a spectator who sees only redacted effects rebuilds the public state (and a
//! seat its own hand) exactly as the views show it; money matches the bank's ledger; random
//! and malformed actions are refused and change nothing; the same seed and actions replay the
//! same effects.

use come_buy_engine::bots::{Bot, WithBots};
use come_buy_engine::game::{Game, Seat, Setup};
use come_buy_engine::mykonos::{
    Account, Action, Card, Effect, Mykonos, Phase, View, Worker, Zone, config,
};
use come_buy_engine::rng::Rng;
use serde_json as json;
use std::collections::HashMap;

/// Everything, from the unredacted effects: where each card is, and the money.
struct Tracker {
    zone: HashMap<Card, Zone>,
    money: Vec<i64>,
}

impl Tracker {
    fn new(g: &Mykonos) -> Self {
        Tracker {
            zone: g.cards_in_play().iter().map(|&c| (c, Zone::Deck)).collect(),
            money: vec![0; g.players()],
        }
    }

    fn apply(&mut self, fx: &[Effect]) {
        for e in fx {
            for m in e.moves() {
                let card = m.card.expect("unredacted effects name every card");
                let at = self.zone.get(&card).copied();
                assert_eq!(
                    at,
                    Some(m.from),
                    "{card} moved from {:?} but was at {at:?}",
                    m.from
                );
                self.zone.insert(card, m.to);
            }
            if let Effect::CoinsMoved {
                from, to, amount, ..
            } = e
            {
                assert!(*amount > 0, "zero-coin effect");
                if let Account::Player(s) = from {
                    self.money[*s] -= *amount as i64;
                    assert!(self.money[*s] >= 0, "seat {s} went below zero");
                }
                if let Account::Player(s) = to {
                    self.money[*s] += *amount as i64;
                }
            }
        }
    }

    fn check(&self, g: &Mykonos) {
        let census = g.card_census();
        assert_eq!(
            census.len(),
            g.cards_in_play().len(),
            "cards lost or duplicated"
        );
        let mut seen = std::collections::HashSet::new();
        for (c, z) in &census {
            assert!(seen.insert(*c), "{c} is in two places");
            assert_eq!(self.zone.get(c), Some(z), "effects lost track of {c}");
        }
        let money: Vec<i64> = g.money().iter().map(|&m| m as i64).collect();
        assert_eq!(money, self.money, "effects lost track of money");
        let (out, inn) = g.bank_ledger();
        assert_eq!(
            money.iter().sum::<i64>(),
            out as i64 - inn as i64,
            "money not conserved"
        );
    }
}

/// What a spectator (or one seat) rebuilds from the effects redacted for them.
#[derive(Debug, Default)]
struct Public {
    viewer: Option<Seat>,
    hand: Vec<Card>,
    money: Vec<u32>,
    hand_sizes: Vec<usize>,
    known: Vec<Vec<Card>>,
    row: Vec<Option<Card>>,
    queues: Vec<Vec<Worker>>,
    deck: usize,
    discard: Vec<Card>,
    phase: Option<Phase>,
    round: u32,
    start_player: Seat,
    bought: Vec<bool>,
    workers_left: Vec<usize>,
    neutral_left: usize,
}

impl Public {
    fn new(viewer: Option<Seat>) -> Self {
        Public {
            viewer,
            ..Public::default()
        }
    }

    fn apply(&mut self, fx: &[Effect]) {
        let cfg = config();
        for e in fx {
            let e = Mykonos::redact(e, self.viewer);
            match e {
                Effect::GameStarted {
                    players,
                    start_player,
                    deck,
                } => {
                    self.money = vec![0; players];
                    self.hand_sizes = vec![0; players];
                    self.known = vec![Vec::new(); players];
                    self.bought = vec![false; players];
                    self.workers_left = vec![0; players];
                    self.start_player = start_player;
                    self.deck = deck;
                }
                Effect::CoinsMoved {
                    from, to, amount, ..
                } => {
                    if let Account::Player(s) = from {
                        self.money[s] -= amount;
                    }
                    if let Account::Player(s) = to {
                        self.money[s] += amount;
                    }
                }
                Effect::Dealt { seat, card } => {
                    self.deck -= 1;
                    self.hand_sizes[seat] += 1;
                    assert_eq!(card.is_some(), self.viewer == Some(seat), "redaction");
                    if let Some(c) = card {
                        self.hand.push(c);
                    }
                }
                Effect::RoundStarted {
                    round,
                    start_player,
                } => {
                    self.round = round;
                    self.start_player = start_player;
                    self.row.clear();
                    self.queues.clear();
                    let players = self.money.len();
                    self.bought = vec![false; players];
                    self.workers_left = vec![cfg.workers; players];
                    self.neutral_left = cfg.neutral_for(players);
                }
                Effect::PhaseStarted(p) => self.phase = Some(p),
                Effect::Offered { slot, card } => {
                    assert_eq!(slot, self.row.len());
                    self.deck -= 1;
                    self.row.push(Some(card));
                    self.queues.push(Vec::new());
                }
                Effect::WorkerPlaced {
                    slot,
                    worker,
                    position,
                    ..
                } => {
                    assert_eq!(position, self.queues[slot].len());
                    self.queues[slot].push(worker);
                    match worker {
                        Worker::Player(s) => self.workers_left[s] -= 1,
                        Worker::Neutral => self.neutral_left -= 1,
                    }
                }
                Effect::WorkerPassed { slot, worker } => {
                    assert_eq!(self.queues[slot].remove(0), worker);
                }
                Effect::Bought {
                    slot,
                    seat,
                    card,
                    price,
                } => {
                    assert_eq!(self.row[slot].take(), Some(card));
                    assert_eq!(price as usize, self.queues[slot].len());
                    self.hand_sizes[seat] += 1;
                    self.known[seat].push(card);
                    self.bought[seat] = true;
                    if self.viewer == Some(seat) {
                        self.hand.push(card);
                    }
                }
                Effect::WorkersHome { slot, workers } => {
                    assert_eq!(std::mem::take(&mut self.queues[slot]), workers);
                }
                Effect::Unsold { slot, card } => {
                    assert_eq!(self.row[slot].take(), Some(card));
                    assert!(self.queues[slot].is_empty());
                    self.discard.push(card);
                }
                Effect::Sold { seat, cards, .. } => {
                    for c in &cards {
                        self.lose(seat, *c);
                    }
                }
                Effect::Discarded { seat, card } => self.lose(seat, card),
                Effect::NoSale { .. } => {}
                Effect::Income {
                    seat, face_cards, ..
                } => self.show(seat, &face_cards),
                Effect::MarkerPassed { from, to } => {
                    assert_eq!(from, self.start_player);
                    self.start_player = to;
                }
                Effect::GameOver { face_cards, .. } => {
                    for (seat, faces) in face_cards.iter().enumerate() {
                        self.show(seat, faces);
                    }
                    self.phase = Some(Phase::GameOver);
                }
            }
        }
    }

    fn lose(&mut self, seat: Seat, card: Card) {
        self.hand_sizes[seat] -= 1;
        self.known[seat].retain(|&c| c != card);
        if self.viewer == Some(seat) {
            assert!(self.hand.contains(&card));
            self.hand.retain(|&c| c != card);
        }
        self.discard.push(card);
    }

    fn show(&mut self, seat: Seat, cards: &[Card]) {
        for &c in cards {
            if !self.known[seat].contains(&c) {
                self.known[seat].push(c);
            }
        }
    }

    fn check(&self, v: &View) {
        assert_eq!(self.money, v.money, "money");
        assert_eq!(self.hand_sizes, v.hand_sizes, "hand sizes");
        assert_eq!(self.known, v.known, "known cards");
        assert_eq!(self.row, v.row, "row");
        assert_eq!(self.queues, v.queues, "queues");
        assert_eq!(self.deck, v.deck, "draw pile");
        assert_eq!(self.discard, v.discard, "discard pile");
        assert_eq!(self.phase, Some(v.phase), "phase");
        assert_eq!(self.round, v.round, "round");
        assert_eq!(self.start_player, v.start_player, "start player");
        assert_eq!(self.bought, v.bought, "bought");
        assert_eq!(self.workers_left, v.workers_left, "workers left");
        assert_eq!(self.neutral_left, v.neutral_left, "neutral workers left");
        match self.viewer {
            Some(_) => assert_eq!(Some(&self.hand), v.hand.as_ref(), "own hand"),
            None => assert_eq!(v.hand, None),
        }
    }
}

fn random_card(rng: &mut Rng) -> Card {
    Card::from_id(rng.below(Card::COUNT) as u8).unwrap()
}

fn random_action(g: &Mykonos, rng: &mut Rng) -> Action {
    match rng.below(6) {
        0 => Action::Place { slot: rng.below(8) },
        1 => Action::Buy,
        2 => Action::Pass,
        3 => Action::NoSale,
        4 => {
            // Often cards from a real hand, in random order, so some are nearly legal.
            let hand = &g.hands()[rng.below(g.players())];
            let mut cards: Vec<Card> = (0..1 + rng.below(5))
                .map(|_| match hand.len() {
                    0 => random_card(rng),
                    n if rng.below(3) > 0 => hand[rng.below(n)],
                    _ => random_card(rng),
                })
                .collect();
            rng.shuffle(&mut cards);
            Action::Sell { cards }
        }
        _ => Action::Discard {
            card: random_card(rng),
        },
    }
}

/// Tries a few random actions that are not legal for the seat; each must fail and change nothing.
fn fuzz_illegal(g: &mut Mykonos, rng: &mut Rng, tries: usize) {
    let before = format!("{g:?}");
    let legal = g.legal_actions();
    let current = g.current_player();
    for _ in 0..tries {
        let seat: Seat = rng.below(g.players() + 2);
        let a = random_action(g, rng);
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
    let (mut g, first) = Mykonos::start(&setup).unwrap();
    let mut tracker = Tracker::new(&g);
    tracker.apply(&first);
    tracker.check(&g);
    let mut publics: Vec<Public> = std::iter::once(None)
        .chain((0..players).map(Some))
        .map(Public::new)
        .collect();
    for p in &mut publics {
        p.apply(&first);
        p.check(&g.view(p.viewer));
    }
    let mut bots: Vec<Box<dyn Bot<Mykonos>>> = (0..players)
        .map(|s| Mykonos::bot(bot_names[s % bot_names.len()], seed ^ s as u64).unwrap())
        .collect();
    let mut rng = Rng::new(seed ^ 0xF00D);
    let mut actions = Vec::new();
    let mut all_fx = first;
    while let Some(seat) = g.current_player() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "no legal action for seat {seat}");
        if fuzz {
            fuzz_illegal(&mut g, &mut rng, 4);
            // Every legal action applies (on a copy).
            for a in &legal {
                let mut copy = g.clone();
                let fx = copy.apply(seat, a).unwrap_or_else(|e| panic!("{a:?}: {e}"));
                assert!(!fx.is_empty(), "{a:?} has no visible effect");
            }
        }
        let view = g.view(Some(seat));
        assert_eq!(view.hand.as_ref(), Some(&g.hands()[seat]));
        assert_eq!(view.current_player, Some(seat));
        let a = bots[seat].choose(&view, &legal);
        assert!(legal.contains(&a), "bot chose {a:?}, not legal");
        let fx = g.apply(seat, &a).expect("legal actions apply");
        assert!(!fx.is_empty(), "every action has a visible effect");
        tracker.apply(&fx);
        tracker.check(&g);
        for p in &mut publics {
            p.apply(&fx);
            p.check(&g.view(p.viewer));
        }
        actions.push(a);
        all_fx.extend(fx);
        assert!(actions.len() < 10_000, "game does not end");
    }
    assert!(g.legal_actions().is_empty());
    let scores = g.scores().expect("scores at the end");
    assert!(!scores.winners.is_empty());
    assert!(matches!(all_fx.last(), Some(Effect::GameOver { .. })));
    assert!(g.view(None).deck < players + 1);
    if fuzz {
        fuzz_illegal(&mut g, &mut rng, 20);
    }
    (actions, all_fx)
}

#[test]
fn random_bots_keep_every_invariant() {
    for players in 2..=4 {
        for seed in 0..150 {
            run_game(players, seed, &["random"], seed % 3 == 0);
        }
    }
}

#[test]
fn normal_bots_keep_every_invariant() {
    for players in 2..=4 {
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
    for players in 2..=4 {
        let seed = 77 + players as u64;
        let (actions, fx) = run_game(players, seed, &["normal", "random"], false);
        let (mut g, mut again) = Mykonos::start(&Setup::new(players, seed)).unwrap();
        for a in &actions {
            let seat = g.current_player().unwrap();
            again.extend(g.apply(seat, a).unwrap());
        }
        assert_eq!(fx, again);
        // Actions survive their JSON form.
        let text = json::to_string(&actions).unwrap();
        let back: Vec<Action> = json::from_str(&text).unwrap();
        assert_eq!(back, actions);
        // A different seed deals differently.
        let (_, other) = Mykonos::start(&Setup::new(players, seed + 1)).unwrap();
        assert_ne!(fx[..20], other[..20.min(other.len())]);
    }
}

#[test]
fn malformed_actions_are_refused_when_read() {
    for bad in [
        r#"{"Discard":{"card":52}}"#,
        r#"{"Discard":{"card":-1}}"#,
        r#"{"Sell":{"cards":[1,2,300]}}"#,
        r#"{"Place":{"slot":-2}}"#,
        r#"{"Place":{}}"#,
        r#""Sell""#,
        r#"{"Buy":1}"#,
    ] {
        assert!(json::from_str::<Action>(bad).is_err(), "{bad}");
    }
    let ok: Action = json::from_str(r#"{"Sell":{"cards":[22,9]}}"#).unwrap();
    assert_eq!(
        ok,
        Action::Sell {
            cards: vec!["10H".parse().unwrap(), "10S".parse().unwrap()]
        }
    );
    assert_eq!(json::to_string(&Action::Buy).unwrap(), r#""Buy""#);
}
