//! The Hard bot's search, in every game: the same decision for the same seed, only legal
//! choices, exactly its iteration budget, and nothing learnt from the real hidden cards.

use come_buy_engine::bots::Decision;
use come_buy_engine::catalog::{self, CatalogGame, ForGame};
use come_buy_engine::game::{Search, Setup};
use come_buy_engine::ismcts::{Budget, Cutoff, Ismcts};
use come_buy_engine::rng::Rng;

const BUDGET: Budget = Budget {
    iterations: 120,
    exploration: 0.7,
    rollout_noise: 0.1,
    solo_scale: 30.0,
    keep_policy_within: None,
    opponents_by_policy: false,
    flat: false,
    cutoff: None,
    tree_stops_at_deal: false,
};

/// States a few random moves into seeded games (each with a real choice to make).
fn positions<G: Search>(players: usize, count: usize) -> Vec<G> {
    let mut out = Vec::new();
    let mut rng = Rng::new(42);
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let (mut g, _) = G::start(&Setup::new(players, seed)).unwrap();
        let moves = rng.below(30);
        for _ in 0..moves {
            let Some(seat) = g.current_player() else {
                break;
            };
            let legal = g.legal_actions();
            g.apply(seat, &legal[rng.below(legal.len())]).unwrap();
        }
        if g.current_player().is_some() && g.legal_actions().len() > 1 {
            out.push(g);
        }
    }
    out
}

struct Check;

impl ForGame for Check {
    type Out = usize;
    fn run<G: CatalogGame>(self) -> usize {
        let players = *G::seat_range().end();
        let mut checked = 0;
        for (i, g) in positions::<G>(players, 6).into_iter().enumerate() {
            let d = Decision::of(&g).unwrap();
            let seed = 7 + i as u64;
            // Deterministic: the same seed, the same statistics and the same choice.
            let a = Ismcts::<G>::new(BUDGET, seed).search(&d);
            let b = Ismcts::<G>::new(BUDGET, seed).search(&d);
            assert_eq!(a, b, "{}: the same seed searches the same way", G::ID);
            // Every root action is legal, and the root saw exactly the budget's iterations.
            assert!(a.iter().all(|s| d.legal.contains(&s.action)), "{}", G::ID);
            let visits: u32 = a.iter().map(|s| s.visits).sum();
            assert_eq!(visits, BUDGET.iterations, "{}: the iteration budget", G::ID);
            // In slices (browsers think a slice a frame): the very same search.
            let mut sliced = Ismcts::<G>::new(BUDGET, seed);
            sliced.begin(&d);
            let mut slices = 1;
            while !sliced.run(7) {
                slices += 1;
            }
            assert_eq!(
                sliced.finish().unwrap(),
                a,
                "{}: slicing changes nothing",
                G::ID
            );
            assert_eq!(slices, BUDGET.iterations.div_ceil(7), "{}", G::ID);
            let pick = Ismcts::<G>::new(BUDGET, seed).best(&d);
            assert!(d.legal.contains(&pick), "{}: a legal choice", G::ID);
            // Nothing from the hidden cards: a real state with other hidden cards (one the
            // seat cannot tell from this one) gets the very same search.
            let mut rng = Rng::new(1000 + i as u64);
            let other = g.determinize(d.seat, &mut rng);
            let d2 = Decision::of(&other).unwrap();
            assert_eq!(d2.legal, d.legal);
            let c = Ismcts::<G>::new(BUDGET, seed).search(&d2);
            assert_eq!(a, c, "{}: the search depends on the hidden cards", G::ID);
            // The same with the rivals moved by the Normal bot inside the tree and the imagined
            // games cut short (scored by Normal's estimates where it gives them), the tree
            // stopping at fresh deals: the policy too sees only imagined worlds.
            let guided = Budget {
                opponents_by_policy: true,
                flat: false,
                tree_stops_at_deal: true,
                cutoff: Some(Cutoff {
                    moves: 12,
                    spread: 4.0,
                }),
                ..BUDGET
            };
            let search = |d: &Decision<G>| {
                Ismcts::<G>::new(guided, seed)
                    .with_policy(G::bot("normal", 3).unwrap())
                    .search(d)
            };
            let e = search(&d);
            assert!(e.iter().all(|s| d.legal.contains(&s.action)), "{}", G::ID);
            let visits: u32 = e.iter().map(|s| s.visits).sum();
            assert_eq!(visits, BUDGET.iterations, "{}: guided, the budget", G::ID);
            assert_eq!(e, search(&d), "{}: guided, seeded", G::ID);
            assert_eq!(e, search(&d2), "{}: guided, blind to hidden cards", G::ID);
            checked += 1;
        }
        checked
    }
}

#[test]
fn hard_searches_are_seeded_legal_bounded_and_blind_to_hidden_cards() {
    for id in catalog::IDS {
        let n = catalog::dispatch(id, Check).unwrap();
        assert_eq!(n, 6, "{id}");
    }
}

#[test]
fn every_game_offers_easy_normal_and_hard() {
    struct Bots;
    impl ForGame for Bots {
        type Out = ();
        fn run<G: CatalogGame>(self) {
            for level in ["easy", "normal", "hard", "random"] {
                assert!(G::BOTS.contains(&level), "{} {level}", G::ID);
                let mut bot = G::bot(level, 3).unwrap();
                let (g, _) = G::start(&Setup::new(*G::seat_range().start(), 5)).unwrap();
                let d = Decision::of(&g).unwrap();
                assert!(d.legal.contains(&bot.decide(&d)), "{} {level}", G::ID);
            }
            assert_eq!(
                *G::BOTS.last().unwrap(),
                "hard",
                "{}: strongest last",
                G::ID
            );
        }
    }
    for id in catalog::IDS {
        catalog::dispatch(id, Bots).unwrap();
    }
}

#[test]
fn easy_slips_sometimes_and_only_to_legal_moves() {
    use come_buy_engine::bots::WithBots;
    use come_buy_engine::mykonos::Mykonos;
    let mut easy = Mykonos::bot("easy", 9).unwrap();
    let mut normal = Mykonos::bot("normal", 9).unwrap();
    let (mut same, mut differ) = (0, 0);
    for g in positions::<Mykonos>(3, 60) {
        let d = Decision::of(&g).unwrap();
        let (e, n) = (easy.decide(&d), normal.decide(&d));
        assert!(d.legal.contains(&e));
        if e == n {
            same += 1;
        } else {
            differ += 1;
        }
    }
    assert!(same > differ && differ > 0, "same {same}, differ {differ}");
}

/// How many decisions the search and the guide disagreed on (both margins checked).
fn margin_check<G>() -> usize
where
    G: CatalogGame + Send + Sync,
    G::Action: Send + Sync,
    G::Effect: Send + Sync,
    G::View: Send + Sync,
{
    use come_buy_engine::bots::{Bot, HardBot};
    let players = *G::seat_range().end();
    let mut differ = 0;
    for (i, g) in positions::<G>(players, 8).into_iter().enumerate() {
        let d = Decision::of(&g).unwrap();
        let seed = 11 + i as u64;
        let with = |margin: Option<f64>| {
            let budget = Budget {
                keep_policy_within: margin,
                ..BUDGET
            };
            HardBot::<G>::new(budget, seed, G::bot("normal", seed).unwrap())
        };
        let normal = G::bot("normal", seed).unwrap().decide(&d);
        let searched = Ismcts::<G>::new(BUDGET, seed).best(&d);
        // An unreachable margin: always the guide's pick; a negative one: the search's.
        assert_eq!(with(Some(2.0)).decide(&d), normal, "{}", G::ID);
        assert_eq!(with(Some(-2.0)).decide(&d), searched, "{}", G::ID);
        // The same in slices.
        let mut sliced = with(Some(2.0));
        assert!(sliced.begin(&d));
        let pick = loop {
            if let Some(a) = sliced.think(9) {
                break a;
            }
        };
        assert_eq!(pick, normal, "{}: sliced", G::ID);
        differ += usize::from(normal != searched);
    }
    differ
}

#[test]
fn a_margin_keeps_the_guiding_bots_pick_unless_the_search_beats_it() {
    use come_buy_engine::{duchess::Duchess, goblin_market::GoblinMarket, mykonos::Mykonos};
    let differ =
        margin_check::<GoblinMarket>() + margin_check::<Mykonos>() + margin_check::<Duchess>();
    // The margins must have mattered somewhere, or the test proves nothing.
    assert!(differ > 0);
}

/// Mýkonos's Normal bot remembers what hands sell for (its memo table is shared by every
/// decision): a bot that has decided hundreds of positions decides each exactly as a new one.
#[test]
fn a_remembering_bot_decides_as_a_fresh_one() {
    use come_buy_engine::bots::WithBots;
    use come_buy_engine::mykonos::Mykonos;
    let mut warm = Mykonos::bot("normal", 1).unwrap();
    let all: Vec<_> = [2, 3, 4]
        .into_iter()
        .flat_map(|n| positions::<Mykonos>(n, 120))
        .collect();
    let decisions: Vec<_> = all.iter().map(|g| Decision::of(g).unwrap()).collect();
    for d in &decisions {
        warm.decide(d);
    }
    for d in decisions.iter().rev() {
        let fresh = Mykonos::bot("normal", 1).unwrap().decide(d);
        assert_eq!(warm.decide(d), fresh);
    }
}
