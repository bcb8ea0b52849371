//! What each Mýkonos seat may see, refusals that change nothing, scenarios, and the normal bot.

use super::*;

// ---------------------------------------------------------------------------------------------
// Hidden information

#[test]
fn views_show_only_the_own_hand_and_the_cards_known_to_all() {
    let (g, fx) = Mykonos::start(&Setup::new(3, 21)).unwrap();
    for seat in 0..3 {
        let v = g.view(Some(seat));
        assert_eq!(v.hand.as_ref(), Some(&g.hands()[seat]));
        assert_eq!(v.hand_sizes, vec![2, 2, 2]);
        assert!(v.known.iter().all(Vec::is_empty));
        // Everything the seat has not seen: the draw pile and the other hands.
        let unseen = v.unseen();
        assert_eq!(unseen.len(), v.deck + 4);
        for other in (0..3).filter(|&s| s != seat) {
            assert!(g.hands()[other].iter().all(|c| unseen.contains(c)));
        }
        assert!(g.hands()[seat].iter().all(|c| !unseen.contains(c)));
        // Dealt effects show a card to its receiver only.
        for e in &fx {
            let r = Mykonos::redact(e, Some(seat));
            match (e, &r) {
                (Effect::Dealt { seat: to, card }, Effect::Dealt { card: shown, .. }) => {
                    assert!(card.is_some());
                    assert_eq!(*shown, if *to == seat { *card } else { None });
                }
                _ => assert_eq!(&r, e),
            }
        }
    }
    let spectator = g.view(None);
    assert_eq!(spectator.hand, None);
    assert_eq!(spectator.unseen().len(), spectator.deck + 6);
    assert!(fx.iter().all(|e| match Mykonos::redact(e, None) {
        Effect::Dealt { card, .. } => card.is_none(),
        r => &r == e,
    }));
}

#[test]
fn secret_cards_and_the_deck_order_do_not_change_what_others_see() {
    // Two tables that differ only in seat 1's secret 9H, swapped with a card deep in the deck.
    let deck_a = "5S 6S 7S 8S 9S 10S 5D 6D 7D 8D 9H";
    let deck_b = "5S 6S 7S 8S 9S 10S 5D 6D 7D 8D 3C";
    let mut a = scenario(3, 0, deck_a, &["KS", "3C 4C", "QD"], &[5, 5, 5]);
    let mut b = scenario(3, 0, deck_b, &["KS", "9H 4C", "QD"], &[5, 5, 5]);
    let mut rng = Rng::new(4);
    let redacted = |fx: &[Effect], viewer| -> Vec<Effect> {
        fx.iter().map(|e| Mykonos::redact(e, viewer)).collect()
    };
    let mut steps = 0;
    while let Some(seat) = a.current_player() {
        for viewer in [None, Some(0), Some(2)] {
            assert_eq!(a.view(viewer), b.view(viewer));
        }
        assert_ne!(a.view(Some(1)), b.view(Some(1)));
        let legal = a.legal_actions();
        let mut action = legal[rng.below(legal.len())].clone();
        // Seat 1 keeps its secret card: it sells nothing and discards other cards.
        if seat == 1 {
            action = match action {
                Action::Sell { .. } => Action::NoSale,
                Action::Discard { card } if card == c("3C") => Action::Discard { card: c("4C") },
                other => other,
            };
        }
        let fa = a.apply(seat, &action).unwrap();
        let fb = b.apply(seat, &action).unwrap();
        for viewer in [None, Some(0), Some(2)] {
            assert_eq!(redacted(&fa, viewer), redacted(&fb, viewer));
        }
        steps += 1;
    }
    assert!(steps > 20);
    assert_eq!(a.view(None), b.view(None));
}

// ---------------------------------------------------------------------------------------------
// Refusals and scenarios

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    let (mut g, _) = Mykonos::start(&Setup::new(4, 8)).unwrap();
    let seat = g.current_player().unwrap();
    let other = (seat + 1) % 4;
    let before = format!("{g:?}");
    let cases = [
        (other, Action::Place { slot: 0 }, "NotYourTurn"),
        (9, Action::Place { slot: 0 }, "NoSuchSeat"),
        (seat, Action::Place { slot: 5 }, "Forbidden"),
        (seat, Action::Place { slot: usize::MAX }, "Forbidden"),
        (seat, Action::Buy, "WrongMoment"),
        (seat, Action::Pass, "WrongMoment"),
        (seat, Action::NoSale, "WrongMoment"),
        (seat, Action::Sell { cards: vec![] }, "WrongMoment"),
        (
            seat,
            Action::Discard {
                card: g.hands()[seat][0],
            },
            "WrongMoment",
        ),
    ];
    for (s, a, kind) in cases {
        let e = g.apply(s, &a).unwrap_err();
        assert_eq!(e.kind(), kind, "{a:?} by {s}: {e}");
        assert!(!e.to_string().is_empty());
        assert_eq!(format!("{g:?}"), before);
    }
}

#[test]
fn inconsistent_rules_are_refused() {
    let mut cfg = (*config()).clone();
    cfg.max_workers_per_card = 2;
    let e = Mykonos::with_rules(Arc::new(cfg), &Setup::new(3, 1)).unwrap_err();
    assert!(e.to_string().contains("hold only 8"), "{e}");
}

#[test]
fn scenarios_are_validated() {
    let ok = Scenario {
        players: 2,
        start_player: 0,
        deck: cs("5S 6S 7S"),
        hands: vec![cs("KS"), vec![]],
        money: vec![5, 5],
    };
    assert!(Mykonos::from_scenario(&ok).is_ok());
    let mut bad = ok.clone();
    bad.deck.push(c("2S")); // not in the two-player deck
    assert!(Mykonos::from_scenario(&bad).is_err());
    let mut bad = ok.clone();
    bad.hands[1].push(c("5S")); // twice
    assert!(Mykonos::from_scenario(&bad).is_err());
    let mut bad = ok.clone();
    bad.money.pop();
    assert!(Mykonos::from_scenario(&bad).is_err());
    let mut bad = ok.clone();
    bad.start_player = 2;
    assert!(Mykonos::from_scenario(&bad).is_err());
    let mut bad = ok;
    bad.players = 5;
    assert!(Mykonos::from_scenario(&bad).is_err());
    // A pile too small for one row ends the game at once.
    let sc = Scenario {
        players: 3,
        start_player: 0,
        deck: cs("5S 6S 7S"),
        hands: vec![vec![]; 3],
        money: vec![5, 6, 5],
    };
    let (g, fx) = Mykonos::from_scenario(&sc).unwrap();
    assert!(g.is_over());
    assert!(matches!(fx.last(), Some(Effect::GameOver { winners, .. }) if winners == &vec![1]));
}

// ---------------------------------------------------------------------------------------------
// The normal bot

fn normal_choice(g: &Mykonos) -> Action {
    let seat = g.current_player().unwrap();
    Mykonos::bot("normal", 1)
        .unwrap()
        .choose(&g.view(Some(seat)), &g.legal_actions())
}

#[test]
fn normal_bot_keeps_face_cards_early_and_sells_before_the_end() {
    // Early (many rounds left): it keeps a pair of Kings (worth $2 a round held) and sells a
    // single non-face card rather than nothing.
    let deck = "5S 6S 7S 8S 9S 10S 5D 6D 7D 8D 9D 10D 5H 6H 7H 8H";
    let mut g = scenario(3, 0, deck, &["KS KH 9C", "", ""], &[5, 5, 5]);
    place(&mut g, &[0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    repeat_until_not(&mut g, Phase::Purchases, Action::Pass);
    assert_eq!(g.current_player(), Some(0));
    assert_eq!(normal_choice(&g), Action::Sell { cards: cs("9C") });
    // In the last round (no full row left after it) it sells the best combination when it
    // pays more than the income the cards would bring.
    let mut g = scenario(3, 0, "5S 6S 7S 8S", &["KS KH KD 9C", "", ""], &[5, 5, 5]);
    place(&mut g, &[0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    repeat_until_not(&mut g, Phase::Purchases, Action::Pass);
    assert_eq!(g.view(None).rounds_left, 0);
    assert_eq!(
        normal_choice(&g),
        Action::Sell {
            cards: cs("KS KH KD")
        }
    );
}

#[test]
fn normal_bot_buys_a_face_card_early_and_discards_the_least_useful_card() {
    let deck = "KD 5S 6S 7S 8S 9S 10S 5D 6D 7D 8D 9D 10D 5H 6H 8H";
    let mut g = scenario(3, 0, deck, &["", "", ""], &[5, 5, 5]);
    // Seat 0 alone on the King: it buys at $1.
    place(&mut g, &[0, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2]);
    assert_eq!(g.current_player(), Some(0));
    assert_eq!(normal_choice(&g), Action::Buy);
    // Six cards at the end of a round: the lone 3 goes, not a King or a pair.
    let mut g = scenario(3, 0, deck, &["KS KH 7C 7H 3D 9C", "", ""], &[5, 5, 5]);
    place(&mut g, &[0, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2]);
    repeat_until_not(&mut g, Phase::Purchases, Action::Pass);
    while g.phase() == Phase::Sales {
        act(&mut g, Action::NoSale);
    }
    // Nobody bought the King: seat 0 still holds its six cards and drops a lone low card.
    assert_eq!(g.phase(), Phase::EndOfRound);
    assert_eq!(g.current_player(), Some(0));
    let choice = normal_choice(&g);
    assert!(
        [c("3D"), c("9C")]
            .iter()
            .any(|&card| choice == Action::Discard { card }),
        "{choice:?}"
    );
}
