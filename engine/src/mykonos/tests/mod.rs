//! Mýkonos's rules on arranged tables: combinations, the Demand's order, the Purchases'
//! queues, sales, income, discards, the end, ties and hidden information.

use super::hands::{self, canonical, classify};
use super::*;
use crate::bots::WithBots;
use crate::rng::Rng;

mod round;
mod seats;

fn c(s: &str) -> Card {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn cs(s: &str) -> Vec<Card> {
    s.split_whitespace().map(c).collect()
}

fn scenario(players: usize, start: Seat, deck: &str, hands: &[&str], money: &[u32]) -> Mykonos {
    let sc = Scenario {
        players,
        start_player: start,
        deck: cs(deck),
        hands: hands.iter().map(|h| cs(h)).collect(),
        money: money.to_vec(),
    };
    Mykonos::from_scenario(&sc).expect("valid scenario").0
}

fn act(g: &mut Mykonos, a: Action) -> Vec<Effect> {
    let seat = g.current_player().expect("game not over");
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"))
}

/// Places the Demand's workers on these slots in turn; returns every effect.
fn place(g: &mut Mykonos, slots: &[usize]) -> Vec<Effect> {
    let mut fx = Vec::new();
    for &slot in slots {
        assert_eq!(g.phase(), Phase::Demand);
        fx.extend(act(g, Action::Place { slot }));
    }
    fx
}

/// Acts until the phase changes, always with `a`.
fn repeat_until_not(g: &mut Mykonos, phase: Phase, a: Action) -> Vec<Effect> {
    let mut fx = Vec::new();
    while g.phase() == phase {
        fx.extend(act(g, a.clone()));
    }
    fx
}

fn coins(fx: &[Effect], reason: CoinReason) -> Vec<(Account, Account, u32)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::CoinsMoved {
                from,
                to,
                amount,
                reason: r,
            } if *r == reason => Some((*from, *to, *amount)),
            _ => None,
        })
        .collect()
}

const P: fn(Seat) -> Account = Account::Player;
const NEUTRAL: Worker = Worker::Neutral;
const W: fn(Seat) -> Worker = Worker::Player;

// ---------------------------------------------------------------------------------------------
// Combinations

#[test]
fn every_category_is_recognized_and_priced_from_the_level_file() {
    let prices = &config().prices;
    let cases = [
        ("5H 6H 7H 8H 9H", Category::StraightFlush, 15),
        ("9S 9H 9D 9C", Category::FourOfAKind, 11),
        ("QS QH QD 3C 3H", Category::FullHouse, 8),
        ("2D 7D 9D JD KD", Category::Flush, 7),
        ("5S 6H 7D 8C 9S", Category::Straight, 6),
        ("4S 4H 4D", Category::ThreeOfAKind, 5),
        ("KS KH 6D 6C", Category::TwoPair, 4),
        ("10S 10C", Category::Pair, 2),
        ("JD", Category::SingleCard, 1),
    ];
    for (cards, category, price) in cases {
        let cards = cs(cards);
        assert_eq!(classify(&cards), Some(category), "{cards:?}");
        let sale = prices.sale(&cards).unwrap();
        assert_eq!(sale.price, price, "{category:?}");
        assert_eq!(sale.category.size(), cards.len());
    }
    let names: Vec<&str> = Category::ALL.iter().map(|c| c.key()).collect();
    assert_eq!(
        names,
        [
            "mykonos-hand-straight-flush",
            "mykonos-hand-four-of-a-kind",
            "mykonos-hand-full-house",
            "mykonos-hand-flush",
            "mykonos-hand-straight",
            "mykonos-hand-three-of-a-kind",
            "mykonos-hand-two-pair",
            "mykonos-hand-pair",
            "mykonos-hand-single-card"
        ]
    );
}

#[test]
fn the_ace_is_only_low_and_a_straight_in_one_suit_is_a_straight_flush() {
    assert_eq!(classify(&cs("AS 2H 3D 4C 5S")), Some(Category::Straight));
    assert_eq!(
        classify(&cs("AS 2S 3S 4S 5S")),
        Some(Category::StraightFlush)
    );
    assert_eq!(classify(&cs("10S JH QD KC AS")), None);
    assert_eq!(classify(&cs("10S JS QS KS AS")), Some(Category::Flush));
    assert_eq!(
        classify(&cs("9S 10S JS QS KS")),
        Some(Category::StraightFlush)
    );
    assert_eq!(classify(&cs("JS QH KD AC 2S")), None, "no wrap-around");
    // Sets that are not exactly a category.
    for bad in [
        "",
        "KS KH KD 2C",
        "KS KH 2D",
        "KS KH KD KC 2C",
        "KS QH",
        "5S 6H 7D 8C",
        "2S 4S 6S 8S",
        "2S 3S 4S 5S 7H",
        "2S 2H 2D 2C 3S 3H",
    ] {
        assert_eq!(classify(&cs(bad)), None, "{bad}");
    }
    assert_eq!(classify(&[c("KS"), c("KS")]), None, "a card twice");
}

#[test]
fn best_sale_of_large_and_tiny_hands() {
    let prices = &config().prices;
    // Seven cards with three of a kind and two pairs: the full house wins, with the higher pair.
    let best = prices.best_sale(&cs("7S 7H 7D 9C 9H 3S 3D")).unwrap();
    assert_eq!(best.category, Category::FullHouse);
    assert_eq!(best.cards, cs("7S 7H 7D 9H 9C"));
    // Two pairs and no triple: two pair, the two highest.
    let best = prices.best_sale(&cs("7S 7H 9D 9C 3S 3D KS")).unwrap();
    assert_eq!(best.category, Category::TwoPair);
    assert_eq!(best.cards, cs("9D 9C 7S 7H"));
    // Two triples: the higher is the trips of the full house, the other gives the pair.
    let best = prices.best_sale(&cs("4S 4H 4D 8C 8H 8D")).unwrap();
    assert_eq!(best.cards, cs("8H 8D 8C 4S 4H"));
    // A flush and a straight: the flush pays more.
    let best = prices.best_sale(&cs("2D 5D 7D 9D JD 8S 10H")).unwrap();
    assert_eq!(best.category, Category::Flush);
    // A straight flush inside a longer run of mixed suits.
    let best = prices.best_sale(&cs("4C 5H 6H 7H 8H 9H 10S")).unwrap();
    assert_eq!(best.category, Category::StraightFlush);
    assert_eq!(best.cards, cs("9H 8H 7H 6H 5H"));
    // The highest straight.
    let best = prices.best_sale(&cs("AS 2H 3D 4C 5S 6S 7D")).unwrap();
    assert_eq!(best.cards, cs("7D 6S 5S 4C 3D"));
    // Four of a kind beats a full house in the same hand.
    let best = prices.best_sale(&cs("6S 6H 6D 6C KS KH KD")).unwrap();
    assert_eq!(best.category, Category::FourOfAKind);
    // One card, no card.
    let best = prices.best_sale(&cs("8D")).unwrap();
    assert_eq!((best.category, best.price), (Category::SingleCard, 1));
    assert_eq!(prices.best_sale(&[]), None);
    assert!(prices.sales(&[]).is_empty());
    // The whole deck: a King-high straight flush in Spades.
    let best = prices.best_sale(&Card::all()).unwrap();
    assert_eq!(best.cards, cs("KS QS JS 10S 9S"));
    assert_eq!(hands::best_sale(&cs("QD QC")).map(|s| s.price), Some(2));
}

#[test]
fn sales_lists_every_combination_best_first() {
    let prices = &config().prices;
    let hand = cs("KS KH 5D 5C 9S");
    let sales = prices.sales(&hand);
    let shown: Vec<(Category, Vec<Card>)> = sales
        .iter()
        .map(|s| (s.category, s.cards.clone()))
        .collect();
    assert_eq!(
        shown,
        vec![
            (Category::TwoPair, cs("KS KH 5D 5C")),
            (Category::Pair, cs("KS KH")),
            (Category::Pair, cs("5D 5C")),
            (Category::SingleCard, cs("KS")),
            (Category::SingleCard, cs("KH")),
            (Category::SingleCard, cs("9S")),
            (Category::SingleCard, cs("5D")),
            (Category::SingleCard, cs("5C")),
        ]
    );
    assert_eq!(hands::sales(&hand), sales);
    // Every listed sale is in canonical order and classifies as listed.
    for s in &sales {
        assert_eq!(canonical(&s.cards), s.cards);
        assert_eq!(classify(&s.cards), Some(s.category));
    }
}

/// The category of `cards` worked out the slow, obvious way (a reference for `classify`).
fn reference_category(cards: &[Card]) -> Option<Category> {
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable();
    let mut groups: Vec<usize> = Vec::new();
    for w in ranks.chunk_by(|a, b| a == b) {
        groups.push(w.len());
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let one_suit = cards.iter().all(|c| c.suit() == cards[0].suit());
    let run = groups.len() == 5 && ranks[4] - ranks[0] == 4;
    match (cards.len(), groups.as_slice()) {
        (1, _) => Some(Category::SingleCard),
        (2, [2]) => Some(Category::Pair),
        (3, [3]) => Some(Category::ThreeOfAKind),
        (4, [4]) => Some(Category::FourOfAKind),
        (4, [2, 2]) => Some(Category::TwoPair),
        (5, [3, 2]) => Some(Category::FullHouse),
        (5, _) if run && one_suit => Some(Category::StraightFlush),
        (5, _) if one_suit => Some(Category::Flush),
        (5, _) if run => Some(Category::Straight),
        _ => None,
    }
}

#[test]
fn fast_sales_match_every_subset_classified_the_slow_way() {
    let prices = &config().prices;
    let mut rng = Rng::new(7);
    let mut deck = Card::all();
    let mut total = 0;
    for _ in 0..3000 {
        rng.shuffle(&mut deck);
        let n = 1 + rng.below(10);
        // A narrow slice of ranks half the time, so that big combinations are common.
        let pool: Vec<Card> = if rng.below(2) == 0 {
            deck.iter().copied().filter(|c| c.rank() >= 7).collect()
        } else {
            deck.clone()
        };
        let hand: Vec<Card> = pool.into_iter().take(n).collect();
        let mut want = Vec::new();
        for mask in 1u32..(1 << n) {
            if mask.count_ones() > 5 {
                continue;
            }
            let set: Vec<Card> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| hand[i])
                .collect();
            assert_eq!(classify(&set), reference_category(&set), "{set:?}");
            if let Some(category) = reference_category(&set) {
                want.push(hands::Sale {
                    category,
                    cards: canonical(&set),
                    price: prices.of(category),
                });
            }
        }
        want.sort_by(hands::sale_order);
        let got = prices.sales(&hand);
        assert_eq!(got, want, "{hand:?}");
        for s in &got {
            assert!(hands::is_canonical(&s.cards));
        }
        total += got.len();
    }
    assert!(total > 20_000, "the hands hold many sales: {total}");
}

#[test]
fn best_sale_is_the_first_of_all_sales_on_random_hands() {
    let prices = &config().prices;
    let mut rng = Rng::new(99);
    let mut deck = Card::all();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..4000 {
        rng.shuffle(&mut deck);
        let n = rng.below(11);
        // Half the hands come from a 13-card slice, so that combinations are common.
        let hand: Vec<Card> = if rng.below(2) == 0 {
            let mut few: Vec<Card> = deck.iter().copied().filter(|c| c.rank() >= 8).collect();
            rng.shuffle(&mut few);
            few.into_iter().take(n).collect()
        } else {
            deck[..n].to_vec()
        };
        let all = prices.sales(&hand);
        assert_eq!(prices.best_sale(&hand).as_ref(), all.first(), "{hand:?}");
        for w in all.windows(2) {
            assert_ne!(hands::sale_order(&w[0], &w[1]), std::cmp::Ordering::Greater);
            assert!(w[0].price >= w[1].price);
        }
        if let Some(best) = all.first() {
            seen.insert(best.category);
        }
    }
    assert!(
        seen.len() >= 8,
        "the random hands cover the categories: {seen:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Setup and the Demand

#[test]
fn setup_deals_two_secret_cards_and_five_dollars_from_a_deck_per_player_count() {
    for (players, deck_size, ranks) in [(2, 36, 5..=13), (3, 44, 3..=13), (4, 52, 1..=13)] {
        let mut starts = std::collections::HashSet::new();
        for seed in 0..40 {
            let (g, fx) = Mykonos::start(&Setup::new(players, seed)).unwrap();
            assert_eq!(g.cards_in_play().len(), deck_size);
            assert!(g.cards_in_play().iter().all(|c| ranks.contains(&c.rank())));
            assert_eq!(g.money(), vec![5; players].as_slice());
            assert!(g.hands().iter().all(|h| h.len() == 2));
            assert!(g.view(None).known.iter().all(Vec::is_empty));
            let row = players + 1;
            assert_eq!(g.view(None).row.len(), row);
            assert_eq!(g.view(None).deck, deck_size - 2 * players - row);
            assert_eq!(
                fx.iter()
                    .filter(|e| matches!(e, Effect::Dealt { .. }))
                    .count(),
                2 * players
            );
            starts.insert(g.view(None).start_player);
            assert_eq!(g.current_player(), Some(g.view(None).start_player));
        }
        assert_eq!(
            starts.len(),
            players,
            "the start player comes from the seed"
        );
    }
    for bad in [1, 5] {
        assert!(matches!(
            Mykonos::start(&Setup::new(bad, 1)),
            Err(RuleError::PlayerCount { .. })
        ));
    }
    let mut s = Setup::new(3, 1);
    s.variants.push("no-such-variant".into());
    assert!(Mykonos::start(&s).is_err());
}

#[test]
fn two_players_place_with_the_neutral_worker_in_the_fixed_order() {
    // A = seat 1 (start player), B = seat 0.
    let deck = "5S 6S 7S 8S 9S 10S";
    let mut g = scenario(2, 1, deck, &["", ""], &[5, 5]);
    let (a, b) = (1, 0);
    let expected = [
        (a, W(a)),
        (b, W(b)),
        (b, NEUTRAL),
        (a, W(a)),
        (a, NEUTRAL),
        (b, W(b)),
        (b, NEUTRAL),
        (a, W(a)),
        (a, NEUTRAL),
        (b, W(b)),
        (a, W(a)),
        (b, W(b)),
    ];
    let placements: Vec<(Seat, Worker)> = g
        .view(None)
        .placements
        .iter()
        .map(|p| (p.by, p.worker))
        .collect();
    assert_eq!(placements, expected);
    // Three cards hold the twelve workers exactly: fill slot 0, then 1, then 2.
    let mut queues: Vec<Vec<Worker>> = vec![Vec::new(); 3];
    for (i, (by, worker)) in expected.iter().enumerate() {
        assert_eq!(g.current_player(), Some(*by), "placement {i}");
        assert_eq!(g.view(Some(*by)).placements[0].worker, *worker);
        let slot = i / 4;
        let fx = act(&mut g, Action::Place { slot });
        assert_eq!(
            fx[0],
            Effect::WorkerPlaced {
                slot,
                worker: *worker,
                by: *by,
                position: queues[slot].len()
            }
        );
        queues[slot].push(*worker);
        if i == 3 {
            // Slot 0 is full.
            let legal = g.legal_actions();
            assert!(!legal.contains(&Action::Place { slot: 0 }));
            assert!(matches!(
                g.apply(g.current_player().unwrap(), &Action::Place { slot: 0 }),
                Err(RuleError::Forbidden { .. })
            ));
        }
    }
    assert_eq!(g.phase(), Phase::Purchases);
}

#[test]
fn three_and_four_players_place_clockwise_from_the_start_player() {
    for players in [3, 4] {
        let deck = "5S 6S 7S 8S 9S 10S 5H 6H";
        let mut g = scenario(players, 2, deck, &vec![""; players], &vec![5; players]);
        for i in 0..4 * players {
            let by = (2 + i) % players;
            assert_eq!(g.current_player(), Some(by));
            let v = g.view(None);
            assert_eq!(v.placements[0], Placement { by, worker: W(by) });
            assert_eq!(v.neutral_left, 0);
            // The first card with room: several of one player's workers share a card.
            let first = g.legal_actions()[0].clone();
            act(&mut g, first);
        }
        assert_eq!(g.phase(), Phase::Purchases);
        let first_card = if players == 3 {
            vec![W(2), W(0), W(1), W(2)]
        } else {
            vec![W(2), W(3), W(0), W(1)]
        };
        assert_eq!(g.view(None).queues[0], first_card);
    }
}
