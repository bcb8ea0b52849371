//! Property tests over many seeds: solo and duel, every variant combination, random, normal
//! and expert bots.
//!
//! At every step: legal actions exist until the end and each applies; every card in play is in
//! exactly one place; the effects alone, as a spectator and as each seat receives them
//! (redacted), track the piles, the hands, the discard pile and the pair exactly as the views
//! show them, and never carry a card the receiver may not know; random and malformed actions
//! are refused and change nothing; the same seed and actions replay the same effects.

use come_buy_engine::bots::{Bot, WithBots};
use come_buy_engine::duchess::{
    Action, Card, Duchess, Effect, PairCard, SeatResult, StageView, config,
};
use come_buy_engine::game::{FinalScores, Game, Seat, Setup};
use come_buy_engine::rng::Rng;

/// What one receiver (a seat, or a spectator) reconstructs from the effects it is sent.
struct Tracker {
    viewer: Option<Seat>,
    pile: usize,
    removed: usize,
    common: Option<Card>,
    hand_sizes: Vec<usize>,
    /// The viewer's own hand.
    hand: Vec<Card>,
    known: Vec<Vec<Card>>,
    discard: Vec<Card>,
    /// Solo pair slots: occupied, and the card if the receiver knows it.
    pair: [Option<Option<Card>>; 2],
    looked: Option<u8>,
    current: Option<Seat>,
    turn: u32,
    over: Option<(Vec<SeatResult>, FinalScores)>,
}

impl Tracker {
    fn new(viewer: Option<Seat>) -> Self {
        Tracker {
            viewer,
            pile: 0,
            removed: 0,
            common: None,
            hand_sizes: Vec::new(),
            hand: Vec::new(),
            known: Vec::new(),
            discard: Vec::new(),
            pair: [None, None],
            looked: None,
            current: None,
            turn: 0,
            over: None,
        }
    }

    fn own(&self, seat: Seat) -> bool {
        self.viewer == Some(seat)
    }

    /// A card moved from the draw pile to `seat`'s hand, as the receiver sees it.
    fn pile_to_hand(&mut self, seat: Seat, card: Option<Card>) {
        assert!(self.pile > 0, "drew from an empty pile");
        self.pile -= 1;
        self.hand_sizes[seat] += 1;
        if self.own(seat) {
            self.hand.push(card.expect("a seat sees its own cards"));
        } else {
            assert_eq!(
                card, None,
                "{:?} was sent seat {seat}'s secret card",
                self.viewer
            );
        }
    }

    fn apply(&mut self, fx: &[Effect]) {
        for e in fx {
            assert!(self.over.is_none(), "{e:?} after the game ended");
            match e {
                Effect::GameStarted { players, cards, .. } => {
                    self.pile = *cards;
                    self.hand_sizes = vec![0; *players];
                    self.known = vec![Vec::new(); *players];
                }
                Effect::Removed { count } => {
                    self.pile -= count;
                    self.removed += count;
                }
                Effect::CommonRevealed { card } => {
                    self.pile -= 1;
                    self.common = Some(*card);
                }
                Effect::Dealt { seat, card } | Effect::Drew { seat, card } => {
                    self.pile_to_hand(*seat, *card)
                }
                Effect::TurnStarted { seat, turn } => {
                    assert_eq!(*turn, self.turn + 1);
                    self.turn = *turn;
                    self.current = Some(*seat);
                }
                Effect::TookDiscard { seat, card } => {
                    assert_eq!(self.discard.pop(), Some(*card), "took a card not on top");
                    self.hand_sizes[*seat] += 1;
                    self.known[*seat].push(*card);
                    if self.own(*seat) {
                        self.hand.push(*card);
                    }
                }
                Effect::Discarded { seat, card } => {
                    self.hand_sizes[*seat] -= 1;
                    if self.own(*seat) {
                        let i = self.hand.iter().position(|c| c == card);
                        self.hand
                            .remove(i.expect("discarded a card not in the hand"));
                    }
                    self.known[*seat].retain(|c| c != card);
                    self.discard.push(*card);
                }
                Effect::Declined { seat } => assert_eq!(self.current, Some(*seat)),
                Effect::PileEmpty { .. } => assert_eq!(self.pile, 0),
                Effect::PairDrawn => {
                    assert_eq!(self.pair, [None, None], "a pair while one is out");
                    self.pile -= 2;
                    self.pair = [Some(None), Some(None)];
                    self.looked = None;
                }
                Effect::Looked { which, card } => {
                    let slot = *which as usize;
                    assert!(self.pair[slot].is_some());
                    self.looked = Some(*which);
                    if self.own(0) {
                        self.pair[slot] = Some(Some(card.expect("the player sees it")));
                    } else {
                        assert_eq!(*card, None, "a spectator saw the looked-at card");
                    }
                }
                Effect::Kept { which, seen, card } => {
                    let slot = *which as usize;
                    let known = self.pair[slot].take().expect("kept from an empty slot");
                    assert_eq!(*seen, self.looked == Some(*which));
                    self.hand_sizes[0] += 1;
                    if self.own(0) {
                        let card = card.expect("the player sees the card kept");
                        if let Some(k) = known {
                            assert_eq!(k, card);
                        }
                        self.hand.push(card);
                    } else {
                        assert_eq!(*card, None);
                    }
                }
                Effect::NotKept { which, card } => {
                    let known = self.pair[*which as usize]
                        .take()
                        .expect("the card not kept was there");
                    if let Some(k) = known {
                        assert_eq!(k, *card);
                    }
                    self.discard.push(*card);
                }
                Effect::GameOver { results, scores } => {
                    for r in results {
                        assert_eq!(r.hand.len(), self.hand_sizes[r.seat]);
                        for k in &self.known[r.seat] {
                            assert!(r.hand.contains(k), "a known card is not in the hand");
                        }
                        if self.own(r.seat) {
                            let (mut a, mut b) = (r.hand.clone(), self.hand.clone());
                            a.sort();
                            b.sort();
                            assert_eq!(a, b);
                        }
                    }
                    self.current = None;
                    self.over = Some((results.clone(), scores.clone()));
                }
            }
        }
    }

    fn check(&self, g: &Duchess) {
        let v = g.view(self.viewer);
        assert_eq!(v.draw_pile, self.pile, "draw pile");
        assert_eq!(v.removed, self.removed, "removed");
        assert_eq!(Some(v.common), self.common);
        assert_eq!(v.hand_sizes, self.hand_sizes);
        assert_eq!(v.known, self.known);
        assert_eq!(v.discard, self.discard, "discard pile");
        assert_eq!(v.current_player, self.current);
        assert_eq!(v.turn, self.turn);
        match self.viewer {
            Some(s) => {
                assert_eq!(v.hand.as_deref(), Some(&self.hand[..]));
                assert_eq!(&self.hand, &g.hands()[s]);
            }
            None => assert_eq!(v.hand, None),
        }
        let pair: Vec<PairCard> = self
            .pair
            .iter()
            .enumerate()
            .filter_map(|(slot, p)| {
                p.map(|card| PairCard {
                    slot: slot as u8,
                    looked: self.looked == Some(slot as u8),
                    card,
                })
            })
            .collect();
        assert_eq!(v.pair, pair);
        match &self.over {
            Some((results, scores)) => {
                assert_eq!(v.results.as_ref(), Some(results));
                assert_eq!(v.scores.as_ref(), Some(scores));
                assert_eq!(g.scores().as_ref(), Some(scores));
            }
            None => assert!(v.results.is_none() && v.scores.is_none()),
        }
    }
}

/// Every card in play is in exactly one place.
fn check_census(g: &Duchess) {
    let o = g.options();
    let mut census: Vec<Card> = g.census().iter().map(|(c, _)| *c).collect();
    census.sort();
    assert_eq!(census, config().cards_in_play(o.rainbow, o.gold));
}

fn random_action(rng: &mut Rng) -> Action {
    match rng.below(7) {
        0 => Action::Draw,
        1 => Action::TakeDiscard,
        2 => Action::Decline,
        3 => Action::Discard(Card(rng.below(30) as u8)),
        4 => Action::Look(rng.below(4) as u8),
        5 => Action::KeepSeen,
        _ => Action::KeepUnseen,
    }
}

/// Tries random actions that are not legal for the seat; each must fail and change nothing.
fn fuzz_illegal(g: &mut Duchess, rng: &mut Rng, tries: usize) {
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

fn setup(players: usize, seed: u64, variants: &[&str]) -> Setup {
    Setup {
        players,
        seed,
        variants: variants.iter().map(|v| v.to_string()).collect(),
    }
}

fn run_game(
    players: usize,
    seed: u64,
    variants: &[&str],
    bot_names: &[&str],
    fuzz: bool,
) -> (Vec<Action>, Vec<Effect>) {
    let (mut g, first) = Duchess::start(&setup(players, seed, variants)).unwrap();
    let viewers: Vec<Option<Seat>> = std::iter::once(None)
        .chain((0..players).map(Some))
        .collect();
    let mut trackers: Vec<Tracker> = viewers.iter().map(|&v| Tracker::new(v)).collect();
    let feed = |trackers: &mut Vec<Tracker>, fx: &[Effect], g: &Duchess| {
        for t in trackers.iter_mut() {
            let seen: Vec<Effect> = fx.iter().map(|e| Duchess::redact(e, t.viewer)).collect();
            t.apply(&seen);
            t.check(g);
        }
    };
    feed(&mut trackers, &first, &g);
    check_census(&g);
    let mut bots: Vec<Box<dyn Bot<Duchess>>> = (0..players)
        .map(|s| Duchess::bot(bot_names[s % bot_names.len()], seed ^ s as u64).unwrap())
        .collect();
    let mut rng = Rng::new(seed ^ 0xD0C);
    let mut actions = Vec::new();
    let mut all_fx = first;
    while let Some(seat) = g.current_player() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "no legal action for seat {seat}");
        if fuzz {
            fuzz_illegal(&mut g, &mut rng, 6);
        }
        let view = g.view(Some(seat));
        assert!(!matches!(view.stage, StageView::Over));
        let a = bots[seat].choose(&view, &legal);
        assert!(legal.contains(&a), "bot chose {a:?}, not legal");
        // Every legal action applies (checked on a copy).
        for other in &legal {
            let mut copy = g.clone();
            copy.apply(seat, other).expect("legal actions apply");
        }
        let fx = g.apply(seat, &a).expect("legal actions apply");
        assert!(!fx.is_empty(), "every action has a visible effect");
        feed(&mut trackers, &fx, &g);
        check_census(&g);
        actions.push(a);
        all_fx.extend(fx);
        assert!(actions.len() < 500, "game does not end");
    }
    assert!(g.legal_actions().is_empty());
    let scores = g.scores().expect("scores at the end");
    assert!(!scores.winners.is_empty());
    assert!(matches!(all_fx.last(), Some(Effect::GameOver { .. })));
    if fuzz {
        fuzz_illegal(&mut g, &mut rng, 20);
    }
    (actions, all_fx)
}

const VARIANT_SETS: [&[&str]; 4] = [&[], &["rainbow"], &["gold"], &["rainbow", "gold"]];

#[test]
fn random_bots_keep_every_invariant() {
    for players in 1..=2 {
        for variants in VARIANT_SETS {
            for seed in 0..80 {
                run_game(players, seed, variants, &["random"], seed % 3 == 0);
            }
        }
    }
    for seed in 0..40 {
        run_game(2, seed, &["after-empty-1"], &["random"], seed % 2 == 0);
        run_game(2, seed, &["gold", "after-empty-5"], &["random"], false);
    }
}

#[test]
fn normal_and_expert_bots_keep_every_invariant() {
    for players in 1..=2 {
        for variants in VARIANT_SETS {
            for seed in 0..12 {
                run_game(
                    players,
                    100 + seed,
                    variants,
                    &["normal", "random"],
                    seed % 4 == 0,
                );
                run_game(
                    players,
                    200 + seed,
                    variants,
                    &["expert", "normal"],
                    seed % 4 == 1,
                );
            }
        }
    }
}

#[test]
fn same_seed_and_actions_replay_exactly() {
    for players in 1..=2 {
        for variants in VARIANT_SETS {
            let seed = 77 + players as u64;
            let (actions, fx) = run_game(players, seed, variants, &["normal", "random"], false);
            let (mut g, mut again) = Duchess::start(&setup(players, seed, variants)).unwrap();
            for a in &actions {
                let seat = g.current_player().unwrap();
                again.extend(g.apply(seat, a).unwrap());
            }
            assert_eq!(fx, again);
            // A different seed deals differently.
            let (_, other) = Duchess::start(&setup(players, seed + 1, variants)).unwrap();
            assert_ne!(
                fx[..other.len().min(fx.len())],
                other[..other.len().min(fx.len())]
            );
        }
    }
}
