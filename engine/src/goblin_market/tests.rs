//! Goblin Market's rulebook examples and edge cases, on arranged tables.

use super::*;

/// A card by its English name ("The Painter"), through its key ("painter").
fn card(name: &str) -> Card {
    let lower = name.to_lowercase();
    let key: String = lower
        .strip_prefix("the ")
        .unwrap_or(&lower)
        .replace("'s", "")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    decktet()
        .by_key(&key)
        .unwrap_or_else(|| panic!("no card named {name}"))
}

fn cards(names: &[&str]) -> Vec<Card> {
    names.iter().map(|n| card(n)).collect()
}

fn goblins(top: &str) -> Vec<Card> {
    let mut v = decktet().pawns_and_courts();
    let t = card(top);
    v.retain(|&c| c != t);
    v.insert(0, t);
    v
}

fn scenario(deck: &[&str], owned: Vec<Vec<Card>>, coins: Vec<u32>, first: Seat) -> GoblinMarket {
    let sc = Scenario {
        players: owned.len(),
        seed: 1,
        auction_deck: cards(deck),
        goblin_deck: goblins("The Harvest"),
        first_bidder: first,
        coins,
        owned,
    };
    GoblinMarket::from_scenario(&sc).expect("valid scenario").0
}

fn act(g: &mut GoblinMarket, seat: Seat, a: Action) -> Vec<Effect> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"))
}

fn paid(fx: &[Effect], reason: CoinReason) -> Vec<(Account, Account, u32)> {
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

/// The rulebook's three-card auction: Elise opens at 2, Morgan 7, Evan 8, Elise passes,
/// Morgan and Evan go up to 14 and 15, Morgan passes. Evan takes one card and pays 15,
/// Morgan pays 14 and picks one of the two left, Elise pays 2 for the last.
#[test]
fn rulebook_three_card_split_auction() {
    let (elise, morgan, evan) = (0, 1, 2);
    let deck = [
        "The Huntress", // Crown: three cards
        "The Author",
        "The Desert",
        "The Origin",
        "The Journey",
        "The Painter",
        "The Savage",
        "The Mountain",
    ];
    let mut g = scenario(&deck, vec![vec![]; 3], vec![20, 20, 20], elise);
    assert_eq!(g.view(None).auction_row.len(), 3);
    act(&mut g, elise, Action::Bid(2));
    act(&mut g, morgan, Action::Bid(7));
    act(&mut g, evan, Action::Bid(8));
    act(&mut g, elise, Action::Pass);
    act(&mut g, morgan, Action::Bid(10));
    act(&mut g, evan, Action::Bid(12));
    act(&mut g, morgan, Action::Bid(14));
    act(&mut g, evan, Action::Bid(15));
    let fx = act(&mut g, morgan, Action::Pass);
    assert!(fx.contains(&Effect::PhaseStarted(Phase::Distribution {
        winner: evan,
        bid: 15
    })));
    // The winner chooses: all, or exactly one (never two of three).
    let legal = g.legal_actions();
    assert_eq!(g.current_player(), Some(evan));
    assert_eq!(legal.len(), 4);
    assert!(legal.contains(&Action::TakeAll));
    let fx = act(&mut g, evan, Action::TakeOne(card("The Author")));
    assert_eq!(
        paid(&fx, CoinReason::BidPaid),
        vec![(P(evan), Account::Bank, 15)]
    );
    // Morgan must take one of the two left, paying 14; TakeAll is not theirs to choose.
    assert_eq!(g.current_player(), Some(morgan));
    assert_eq!(
        g.apply(morgan, &Action::TakeAll),
        Err(RuleError::forbid("forbid-take-all-winner-only"))
    );
    assert!(matches!(
        g.apply(morgan, &Action::TakeOne(card("The Author"))),
        Err(RuleError::CardNotAvailable { .. })
    ));
    let fx = act(&mut g, morgan, Action::TakeOne(card("The Origin")));
    assert_eq!(
        paid(&fx, CoinReason::BidPaid),
        vec![(P(morgan), Account::Bank, 14), (P(elise), Account::Bank, 2)]
    );
    assert_eq!(g.owned()[evan], cards(&["The Author"]));
    assert_eq!(g.owned()[morgan], cards(&["The Origin"]));
    assert_eq!(g.owned()[elise], cards(&["The Desert"]));
    // Everyone received a card: nobody collects sisterhood money.
    assert!(paid(&fx, CoinReason::Sisterhood).is_empty());
    // Balances: 20 each, less the bid, plus the goblin money just paid.
    let goblin: Vec<u32> = (0..3)
        .map(|s| {
            paid(&fx, CoinReason::GoblinMoney)
                .iter()
                .filter(|p| p.1 == P(s))
                .map(|p| p.2)
                .sum()
        })
        .collect();
    assert_eq!(
        g.coins(),
        &[20 - 2 + goblin[0], 20 - 14 + goblin[1], 20 - 15 + goblin[2]]
    );
    // The winner bids first in the next auction.
    assert_eq!(g.view(None).first_bidder, evan);
    assert_eq!(g.current_player(), Some(evan));
}

#[test]
fn winner_taking_all_pays_alone() {
    let deck = [
        "The Huntress",
        "The Author",
        "The Desert",
        "The Origin",
        "The Journey",
    ];
    let mut g = scenario(&deck, vec![vec![]; 3], vec![10, 10, 10], 0);
    act(&mut g, 0, Action::Bid(2));
    act(&mut g, 1, Action::Bid(3));
    act(&mut g, 2, Action::Pass);
    act(&mut g, 0, Action::Pass);
    let fx = act(&mut g, 1, Action::TakeAll);
    assert_eq!(
        paid(&fx, CoinReason::BidPaid),
        vec![(P(1), Account::Bank, 3)]
    );
    assert_eq!(g.owned()[1].len(), 3);
    assert!(g.owned()[0].is_empty());
}

#[test]
fn a_lone_bidder_taking_one_leaves_the_rest_discarded() {
    let deck = [
        "The Bard",
        "The Author",
        "The Desert",
        "The Origin",
        "The Journey",
    ];
    let mut g = scenario(&deck, vec![vec![]; 3], vec![10, 10, 10], 0);
    act(&mut g, 0, Action::Bid(4));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    let fx = act(&mut g, 0, Action::TakeOne(card("The Desert")));
    assert_eq!(g.owned()[0], cards(&["The Desert"]));
    assert_eq!(g.view(None).discard, cards(&["The Author", "The Origin"]));
    // Final auction of the one card left: no size card with three or fewer.
    assert!(fx.contains(&Effect::PhaseStarted(Phase::Auction {
        number: 2,
        first_bidder: 0,
        lot: 1
    })));
    assert_eq!(g.view(None).size_card, None);
}

/// Sells a one-card lot (an Ace as size card) to seat 0 for `bid`; returns the effects.
fn win_one_card_lot(owned: Vec<Vec<Card>>, bid: u32) -> (GoblinMarket, Vec<Effect>) {
    let deck = [
        "Ace of Leaves",
        "Ace of Knots",
        "The Origin",
        "The Journey",
        "The Painter",
        "The Savage",
    ];
    let n = owned.len();
    let mut g = scenario(&deck, owned, vec![30; n], 0);
    act(&mut g, 0, Action::Bid(bid));
    let mut fx = Vec::new();
    for s in 1..n {
        fx = act(&mut g, s, Action::Pass);
    }
    (g, fx)
}

/// The rulebook: Shar wins with 9, so the others collect 3 per 9, 2 per 8, 1 per 7; Shar
/// collects nothing whatever she holds.
#[test]
fn rulebook_sisterhood_bid_nine() {
    let shar = cards(&["The Pact", "The Diplomat", "The Castle"]);
    let p1 = cards(&["The Darkness", "The Mill", "The Cave", "The Author"]);
    let p2 = cards(&["The Merchant", "The Betrayal", "The Betrayal"][..2]);
    let (_, fx) = win_one_card_lot(vec![shar, p1, p2], 9);
    assert_eq!(
        paid(&fx, CoinReason::Sisterhood),
        vec![
            (Account::Bank, P(1), 3 + 2 + 1),
            (Account::Bank, P(2), 3 + 2)
        ]
    );
    assert!(fx.contains(&Effect::PhaseStarted(Phase::Sisterhood { rank: 9 })));
}

/// The rulebook: a winning bid of 11 pays 3 per Ace, 2 per Crown (just below Aces), 1 per 9.
#[test]
fn rulebook_sisterhood_bid_eleven() {
    let p1 = cards(&["Ace of Suns", "The Bard", "The Pact", "The Mill"]);
    let p2 = cards(&["The Sea", "The Windfall", "Ace of Moons", "The Author"]);
    let (_, fx) = win_one_card_lot(vec![vec![], p1, p2], 11);
    assert_eq!(
        paid(&fx, CoinReason::Sisterhood),
        vec![
            (Account::Bank, P(1), 3 + 2 + 1),
            (Account::Bank, P(2), 2 + 2 + 3)
        ]
    );
}

/// RULES.md: a bid of 2 pays 3 per 2, 2 per Ace, 1 per Crown; a bid ending in 0 names Crowns.
#[test]
fn sisterhood_wraps_around_the_cycle() {
    let p1 = cards(&["The Author", "Ace of Suns", "The Bard", "The Pact"]);
    let (_, fx) = win_one_card_lot(vec![vec![], p1.clone(), vec![]], 2);
    assert_eq!(
        paid(&fx, CoinReason::Sisterhood),
        vec![(Account::Bank, P(1), 3 + 2 + 1)]
    );
    let (_, fx) = win_one_card_lot(vec![vec![], p1, vec![]], 20);
    // Crown 3, 9 two, 8 none.
    assert_eq!(
        paid(&fx, CoinReason::Sisterhood),
        vec![(Account::Bank, P(1), 3 + 2)]
    );
    assert_eq!(rank_of_bid(10), 10);
    assert_eq!(rank_of_bid(21), 1);
    assert_eq!(rank_below(1, 1), 10);
    assert_eq!(rank_below(1, 2), 9);
    assert_eq!(rank_below(10, 1), 9);
    assert_eq!(rank_below(2, 2), 10);
}

/// The rulebook: Raphael owns one card (the Crown of Suns); the Harvest (Moons, Suns, Leaves)
/// is revealed, so he collects two coins. Someone with no cards collects three.
#[test]
fn rulebook_goblin_money() {
    let raphael = cards(&["The Bard"]);
    let (g, fx) = win_one_card_lot(vec![vec![], raphael, vec![]], 3);
    assert!(fx.contains(&Effect::CardRevealed {
        card: card("The Harvest"),
        zone: Zone::GoblinReveal
    }));
    // Seat 0 won the Ace of Knots: none of Moons, Suns, Leaves; seat 2 owns nothing.
    assert_eq!(
        paid(&fx, CoinReason::GoblinMoney),
        vec![
            (Account::Bank, P(0), 3),
            (Account::Bank, P(1), 2),
            (Account::Bank, P(2), 3)
        ]
    );
    assert_eq!(g.view(None).goblin_face, Some(card("The Harvest")));
    assert_eq!(g.view(None).goblin_deck, 7);
}

/// The rulebook: a number card is worth +2, 0 or -2; an Ace or Crown +1 or -1.
#[test]
fn rulebook_number_cards_score_two_zero_or_minus_two() {
    let d = decktet();
    let hand = cards(&[
        "The Mountain", // Moons Suns: +2
        "The Diplomat", // Moons Suns: +2
        "The Pact",     // Moons Suns: +2
        "The Journey",  // Moons Waves: +2
        "The Sailor",   // Waves Leaves: 0
        "The Battle",   // Wyrms Knots: -2
        "The End",      // Leaves: -1
    ]);
    let s = suit_score(&d, &hand, 3);
    assert_eq!(s.counts, [4, 3, 2, 2, 1, 1]);
    assert_eq!((s.plus, s.minus, s.total), (9, 4, 2 + 2 + 2 + 2 - 2 - 1));
    // Waves and Leaves tie for third: whichever is positive, the total is the same.
    assert_eq!(s.positive.iter().filter(|&&p| p).count(), 3);
}

#[test]
fn nobody_bids_discards_the_lot_and_keeps_the_first_bidder() {
    let deck = [
        "The Bard",
        "The Author",
        "The Desert",
        "The Origin",
        "The Journey",
    ];
    let mut g = scenario(&deck, vec![vec![]; 3], vec![10, 10, 10], 1);
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    let fx = act(&mut g, 0, Action::Pass);
    assert!(fx.contains(&Effect::NoSale));
    assert!(
        paid(&fx, CoinReason::GoblinMoney).is_empty(),
        "no goblin card"
    );
    assert!(paid(&fx, CoinReason::Sisterhood).is_empty());
    let v = g.view(None);
    assert_eq!(
        v.discard,
        cards(&["The Author", "The Desert", "The Origin"])
    );
    assert_eq!(v.goblin_deck, 8);
    assert_eq!(v.first_bidder, 1);
    assert_eq!(g.current_player(), Some(1));
}

#[test]
fn a_player_who_passes_is_out_of_the_auction() {
    let deck = [
        "The Bard",
        "The Author",
        "The Desert",
        "The Origin",
        "The Journey",
    ];
    let mut g = scenario(&deck, vec![vec![]; 4], vec![10; 4], 0);
    act(&mut g, 0, Action::Bid(1));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Bid(2));
    act(&mut g, 3, Action::Pass);
    // Seat 1 passed: the turn skips to seat 0.
    assert_eq!(g.current_player(), Some(0));
    act(&mut g, 0, Action::Bid(3));
    assert_eq!(g.current_player(), Some(2));
    act(&mut g, 2, Action::Pass);
    assert_eq!(g.current_player(), Some(0), "winner chooses");
    assert!(g.legal_actions().contains(&Action::TakeAll));
}

#[test]
fn the_last_auction_ends_the_game_with_scores() {
    let deck = [
        "Ace of Moons",
        "The Author",
        "The Pact",
        "The Diplomat",
        "The Mountain",
    ];
    let owned = vec![cards(&["The Battle"]), vec![], vec![]];
    let mut g = scenario(&deck, owned, vec![10, 10, 10], 0);
    // Auction 1: one card (the Author).
    act(&mut g, 0, Action::Bid(1));
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    // Auction 2: three cards left, no size card: all three.
    assert_eq!(g.view(None).auction_row.len(), 3);
    assert_eq!(g.view(None).size_card, None);
    act(&mut g, 0, Action::Pass);
    act(&mut g, 1, Action::Bid(5));
    act(&mut g, 2, Action::Pass);
    let fx = act(&mut g, 1, Action::TakeAll);
    assert!(g.is_over());
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.current_player(), None);
    let scores = g.scores().unwrap();
    // Seat 1: Pact, Diplomat, Mountain = Moons 3, Suns 3 -> +6.
    assert_eq!(scores.points[1], 6);
    assert_eq!(scores.winners, vec![1]);
    assert!(matches!(fx.last(), Some(Effect::GameOver { .. })));
    assert_eq!(g.apply(0, &Action::Pass), Err(RuleError::GameOver));
}

#[test]
fn ties_use_positive_points_unless_the_variant_shares() {
    let d = decktet();
    // Seat 0: Moons 2, Knots 2 => +4; seat 1: Moons Suns Waves +3, Wyrms... build equal totals.
    let a = suit_score(&d, &cards(&["The Author", "The Pact", "The Battle"]), 3);
    let b = suit_score(&d, &cards(&["The Mountain", "The Journey"]), 3);
    assert_eq!(a.total, b.total);
    assert!(a.plus > b.plus);
    let s = FinalScores::rank(vec![a.total, b.total], vec![a.plus, b.plus], true);
    assert_eq!(s.winners, vec![0]);
    let s = FinalScores::rank(vec![a.total, b.total], vec![a.plus, b.plus], false);
    assert_eq!(s.winners, vec![0, 1]);
    let setup = Setup {
        players: 3,
        seed: 5,
        variants: vec![VARIANT_SHARED_TIES.into()],
    };
    assert!(GoblinMarket::start(&setup).is_ok());
    let bad = Setup {
        variants: vec!["no-such".into()],
        ..setup
    };
    assert!(matches!(
        GoblinMarket::start(&bad),
        Err(RuleError::UnknownVariant { .. })
    ));
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let deck = [
        "The Huntress",
        "The Author",
        "The Desert",
        "The Origin",
        "The Journey",
    ];
    let mut g = scenario(&deck, vec![vec![]; 3], vec![5, 10, 10], 0);
    let before = format!("{g:?}");
    let tries: Vec<(Seat, Action)> = vec![
        (1, Action::Bid(3)),  // out of turn
        (7, Action::Pass),    // no such seat
        (0, Action::Bid(0)),  // bids start at 1
        (0, Action::Bid(6)),  // more than seat 0's 5 coins
        (0, Action::TakeAll), // nothing to take yet
        (0, Action::TakeOne(card("The Author"))),
    ];
    for (seat, a) in &tries {
        assert!(g.apply(*seat, a).is_err(), "{a:?} by {seat} accepted");
        assert_eq!(format!("{g:?}"), before, "{a:?} changed the state");
    }
    act(&mut g, 0, Action::Bid(3));
    assert_eq!(
        g.apply(1, &Action::Bid(3)),
        Err(RuleError::BidOutOfRange {
            bid: 3,
            min: 4,
            max: 10
        })
    );
    act(&mut g, 1, Action::Pass);
    act(&mut g, 2, Action::Pass);
    let before = format!("{g:?}");
    for a in [
        Action::Pass,
        Action::Bid(4),
        Action::TakeOne(card("The Journey")),
    ] {
        assert!(g.apply(0, &a).is_err());
        assert_eq!(format!("{g:?}"), before);
    }
}

#[test]
fn a_poor_player_may_only_pass() {
    let deck = [
        "The Bard",
        "The Author",
        "The Desert",
        "The Origin",
        "The Journey",
    ];
    let mut g = scenario(&deck, vec![vec![]; 3], vec![3, 0, 10], 0);
    act(&mut g, 0, Action::Bid(3));
    assert_eq!(g.legal_actions(), vec![Action::Pass]);
    let msg = g.apply(1, &Action::Bid(4)).unwrap_err().to_string();
    assert_eq!(msg, "error-bid-cannot-outbid(bid: 4)");
}

#[test]
fn goblin_deck_reshuffles_after_its_last_card() {
    let mut g = GoblinMarket::start(&Setup::new(3, 9)).unwrap().0;
    let mut seen_shuffle = false;
    let mut step = 0;
    while !g.is_over() && step < 10_000 {
        let seat = g.current_player().unwrap();
        // Everyone bids 1 when first, then passes: every auction is won.
        let a = if g.legal_actions().contains(&Action::Bid(1)) {
            Action::Bid(1)
        } else {
            g.legal_actions()[0].clone()
        };
        let fx = act(&mut g, seat, a);
        if fx
            .iter()
            .any(|e| matches!(e, Effect::GoblinDeckShuffled { cards: 8 }))
        {
            seen_shuffle = true;
            assert_eq!(g.view(None).goblin_deck, 8);
            assert_eq!(g.view(None).goblin_face, None);
        }
        assert_eq!(g.goblin_census().len(), 8);
        step += 1;
    }
    assert!(seen_shuffle, "12 won auctions use more than 8 goblin cards");
}

#[test]
fn scenarios_are_validated() {
    let base = Scenario {
        players: 3,
        seed: 1,
        auction_deck: cards(&["The Author"]),
        goblin_deck: goblins("The Harvest"),
        first_bidder: 0,
        coins: vec![1, 1, 1],
        owned: vec![vec![], vec![], vec![]],
    };
    assert!(GoblinMarket::from_scenario(&base).is_ok());
    let dup = Scenario {
        owned: vec![cards(&["The Author"]), vec![], vec![]],
        ..base.clone()
    };
    assert!(GoblinMarket::from_scenario(&dup).is_err());
    let goblin_short = Scenario {
        goblin_deck: vec![],
        ..base.clone()
    };
    assert!(GoblinMarket::from_scenario(&goblin_short).is_err());
    let pawn_in_deck = Scenario {
        auction_deck: cards(&["The Harvest"]),
        ..base
    };
    assert!(GoblinMarket::from_scenario(&pawn_in_deck).is_err());
}

/// The normal bot keeps coins for later auctions: early on it stakes at most 60% of its purse.
#[test]
fn normal_bot_keeps_coins_for_later_auctions() {
    use crate::bots::WithBots;
    let mut early_bids = 0;
    for seed in 0..100 {
        let (mut g, _) = GoblinMarket::start(&Setup::new(4, seed)).unwrap();
        let mut bots: Vec<_> = (0..4)
            .map(|s| GoblinMarket::bot("normal", s).unwrap())
            .collect();
        while let Some(seat) = g.current_player() {
            let v = g.view(Some(seat));
            let a = bots[seat].choose(&v, &g.legal_actions());
            if let Action::Bid(b) = a
                && v.auction_deck >= 24
            {
                early_bids += 1;
                let cap = (v.coins[seat] as f64 * 0.6).ceil() as u32;
                assert!(
                    b <= cap,
                    "seed {seed}: bid {b} of {} coins early on",
                    v.coins[seat]
                );
            }
            g.apply(seat, &a).unwrap();
        }
    }
    assert!(early_bids > 100, "the bots do bid early ({early_bids})");
}

/// `score_counts` (one comparison per pair of suits, no allocation) marks the same suits
/// positive as ordering them by count, most first, ties to the lower suit.
#[test]
fn score_counts_orders_suits_as_a_sort_would() {
    let mut rng = Rng::new(3);
    for _ in 0..5_000 {
        let counts: [u32; 6] = std::array::from_fn(|_| rng.below(5) as u32);
        let positive = rng.below(7);
        let mut order: Vec<usize> = (0..6).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(counts[i]), i));
        let mut pos = [false; 6];
        for &i in order.iter().take(positive) {
            pos[i] = true;
        }
        let plus: i64 = (0..6).filter(|&i| pos[i]).map(|i| counts[i] as i64).sum();
        let minus: i64 = (0..6).filter(|&i| !pos[i]).map(|i| counts[i] as i64).sum();
        let s = score_counts(counts, positive);
        assert_eq!(
            (s.positive, s.plus, s.minus, s.total),
            (pos, plus, minus, plus - minus)
        );
    }
}
