//! The Hint's reasons: every move a player can make now has one (the Duchess's solo look
//! aside, which weighs nothing), in figures that agree with the rules; nobody gets a reason
//! from another seat's view.

use come_buy_engine::decktet::decktet;
use come_buy_engine::duchess::{self, Duchess};
use come_buy_engine::game::{Game, Setup};
use come_buy_engine::goblin_market::{self as gm, GoblinMarket};
use come_buy_engine::mykonos::{self, Mykonos};
use come_buy_engine::rng::Rng;

/// Every state of seeded random games (`players` seats), in order.
fn states<G: Game + Clone>(players: usize, games: u64) -> Vec<G> {
    let mut out = Vec::new();
    let mut rng = Rng::new(5);
    for seed in 0..games {
        let (mut g, _) = G::start(&Setup::new(players, seed)).unwrap();
        while let Some(seat) = g.current_player() {
            out.push(g.clone());
            let legal = g.legal_actions();
            g.apply(seat, &legal[rng.below(legal.len())]).unwrap();
        }
    }
    out
}

#[test]
fn mykonos_reasons() {
    use mykonos::bot::{Reason, reason};
    let mut kinds = std::collections::BTreeSet::new();
    for players in 2..=4 {
        for g in states::<Mykonos>(players, 4) {
            let seat = g.current_player().unwrap();
            let v = g.view(Some(seat));
            let other = g.view(Some((seat + 1) % players));
            for a in g.legal_actions() {
                assert_eq!(reason(&other, &a), None, "another seat's view");
                let r = reason(&v, &a).unwrap_or_else(|| panic!("{a:?}"));
                kinds.insert(
                    format!("{r:?}")
                        .split([' ', '{'])
                        .next()
                        .unwrap()
                        .to_string(),
                );
                match (&a, r) {
                    (mykonos::Action::Sell { cards }, Reason::Sell { category, price }) => {
                        assert_eq!(mykonos::hands::classify(cards), Some(category));
                        assert_eq!(price, v.prices.of(category));
                    }
                    (mykonos::Action::Buy, Reason::Buy { price, card, .. })
                    | (mykonos::Action::Pass, Reason::NotWorth { price, card, .. }) => {
                        let (slot, p) = v.purchase.unwrap();
                        assert_eq!((price, Some(card)), (p, v.row[slot]));
                    }
                    (mykonos::Action::Discard { card }, Reason::Discard { card: c, loss }) => {
                        assert_eq!(*card, c);
                        assert!(loss >= 0);
                    }
                    (mykonos::Action::NoSale, Reason::Keep { .. }) => {}
                    (
                        mykonos::Action::Place { slot },
                        Reason::FirstInLine { card, price, .. }
                        | Reason::RaisesPrice { card, price, .. },
                    ) => {
                        assert_eq!(Some(card), v.row[*slot]);
                        assert_eq!(price as usize, v.queues[*slot].len() + 1);
                    }
                    (mykonos::Action::Place { slot }, Reason::SecondChance { card }) => {
                        assert_eq!(Some(card), v.row[*slot]);
                    }
                    (a, r) => panic!("{a:?} got {r:?}"),
                }
            }
        }
    }
    assert!(kinds.len() >= 8, "{kinds:?}");
}

#[test]
fn goblin_market_reasons() {
    use gm::bot::{Reason, reason};
    let deck = decktet();
    let mut kinds = std::collections::BTreeSet::new();
    for players in 3..=6 {
        for g in states::<GoblinMarket>(players, 2) {
            let seat = g.current_player().unwrap();
            let v = g.view(Some(seat));
            let other = g.view(Some((seat + 1) % players));
            for a in g.legal_actions() {
                assert_eq!(reason(&other, &a), None, "another seat's view");
                let r = reason(&v, &a).unwrap_or_else(|| panic!("{a:?}"));
                kinds.insert(
                    format!("{r:?}")
                        .split([' ', '{'])
                        .next()
                        .unwrap()
                        .to_string(),
                );
                // Points are the change of the seat's suit score.
                let delta = |cards: &[come_buy_engine::decktet::Card]| {
                    let mut with = v.owned[seat].clone();
                    with.extend_from_slice(cards);
                    gm::suit_score(&deck, &with, v.positive_suits).total
                        - gm::suit_score(&deck, &v.owned[seat], v.positive_suits).total
                };
                match (&a, r) {
                    (
                        gm::Action::Bid(_),
                        Reason::Lot {
                            cards,
                            points,
                            suit,
                            ..
                        },
                    ) => {
                        assert_eq!(
                            (cards, points),
                            (v.auction_row.len(), delta(&v.auction_row))
                        );
                        if let Some(s) = suit {
                            let adds = v
                                .auction_row
                                .iter()
                                .any(|&c| deck.def(c).suits.contains(&s));
                            assert!(adds, "the suit named is one the lot adds to");
                        }
                    }
                    (gm::Action::Pass, Reason::TooDear { bid, .. }) => {
                        assert!(bid >= 1);
                        let mine = v.coins[v.seat.unwrap()];
                        assert!(
                            bid <= mine,
                            "a bid past the coins is said so, not as too dear"
                        );
                    }
                    (gm::Action::Pass, Reason::CannotAfford { bid, coins }) => {
                        assert_eq!(coins, i64::from(v.coins[v.seat.unwrap()]));
                        assert!(i64::from(bid) > coins, "{bid} > {coins}");
                    }
                    (gm::Action::TakeAll, Reason::TakeAll { cards, points }) => {
                        assert_eq!(
                            (cards, points),
                            (v.auction_row.len(), delta(&v.auction_row))
                        );
                    }
                    (gm::Action::TakeOne(c), Reason::TakeOne { card, points, .. }) => {
                        assert_eq!((*c, delta(&[*c])), (card, points));
                    }
                    (a, r) => panic!("{a:?} got {r:?}"),
                }
            }
        }
    }
    assert_eq!(kinds.len(), 5, "every kind of reason is met: {kinds:?}");
}

#[test]
fn duchess_reasons() {
    use duchess::bot::{Reason, reason};
    let cfg = duchess::deck::config();
    let mut kinds = std::collections::BTreeSet::new();
    for players in 1..=2 {
        for g in states::<Duchess>(players, 6) {
            let seat = g.current_player().unwrap();
            let v = g.view(Some(seat));
            let spectator = g.view(None);
            for a in g.legal_actions() {
                assert_eq!(reason(&cfg, &spectator, &a), None, "a spectator's view");
                let r = reason(&cfg, &v, &a);
                if matches!(a, duchess::Action::Look(_)) {
                    assert_eq!(r, None);
                    continue;
                }
                let r = r.unwrap_or_else(|| panic!("{a:?}"));
                kinds.insert(
                    format!("{r:?}")
                        .split([' ', '{'])
                        .next()
                        .unwrap()
                        .to_string(),
                );
                match (&a, r) {
                    (duchess::Action::TakeDiscard, Reason::Take { card, .. }) => {
                        assert_eq!(Some(&card), v.discard.last());
                    }
                    (duchess::Action::Discard(c), Reason::Discard { card, .. }) => {
                        assert_eq!(*c, card);
                    }
                    (duchess::Action::Draw, Reason::Draw { .. })
                    | (duchess::Action::Decline, Reason::Decline { .. })
                    | (duchess::Action::KeepSeen, Reason::KeepSeen { .. })
                    | (duchess::Action::KeepUnseen, Reason::KeepUnseen { .. }) => {}
                    (a, r) => panic!("{a:?} got {r:?}"),
                }
            }
        }
    }
    assert!(kinds.len() >= 5, "{kinds:?}");
}
