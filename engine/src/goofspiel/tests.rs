use super::*;
use crate::bots::{Decision, WithBots};
use crate::game::{Game, RuleError, Setup};

fn start(players: usize, seed: u64) -> Goofspiel {
    Goofspiel::start(&Setup::new(players, seed)).unwrap().0
}

#[test]
fn a_round_hands_the_prize_to_the_one_highest_bid_and_a_tie_sets_it_aside() {
    let mut g = start(3, 7);
    let prize = g.prize.unwrap();
    g.apply(0, &Action::Bid { card: 5 }).unwrap();
    // Another seat cannot see the bid, nor act out of turn, nor bid a card it lacks.
    assert_eq!(g.view(Some(1)).my_bid, None);
    assert_eq!(
        Goofspiel::redact(
            &Effect::BidHidden {
                seat: 0,
                card: Some(5)
            },
            Some(1)
        ),
        Effect::BidHidden {
            seat: 0,
            card: None
        }
    );
    let before = g.clone();
    assert!(matches!(
        g.apply(2, &Action::Bid { card: 1 }),
        Err(RuleError::NotYourTurn { .. })
    ));
    assert!(matches!(
        g.apply(1, &Action::Bid { card: 14 }),
        Err(RuleError::CardNotAvailable { card: 14 })
    ));
    assert_eq!(g, before, "a refused bid changes nothing");
    g.apply(1, &Action::Bid { card: 9 }).unwrap();
    let fx = g.apply(2, &Action::Bid { card: 3 }).unwrap();
    assert_eq!(
        fx[1],
        Effect::BidsShown {
            bids: vec![5, 9, 3]
        }
    );
    assert_eq!(
        fx[2],
        Effect::PrizeTaken {
            seat: Some(1),
            card: prize
        }
    );
    assert_eq!(g.won[1], vec![prize]);
    // A tie for the highest: nobody takes it.
    let prize = g.prize.unwrap();
    for s in 0..2 {
        g.apply(s, &Action::Bid { card: 10 }).unwrap();
    }
    let fx = g.apply(2, &Action::Bid { card: 2 }).unwrap();
    assert!(fx.contains(&Effect::PrizeTaken {
        seat: None,
        card: prize
    }));
    assert_eq!(g.set_aside, vec![prize]);
    g.check().unwrap();
}

#[test]
fn normal_bots_play_to_the_end_and_every_prize_is_counted_once() {
    for players in 2..=4 {
        let (mut g, _) = Goofspiel::start(&Setup::new(players, 11)).unwrap();
        let mut bots: Vec<_> = (0..players)
            .map(|s| Goofspiel::bot("normal", s as u64).unwrap())
            .collect();
        while let Some(s) = g.current_player() {
            let d = Decision::of(&g).unwrap();
            let a = bots[s].decide(&d);
            g.apply(s, &a).unwrap();
            g.check().unwrap();
        }
        let scores = g.scores().unwrap();
        let taken: i64 = scores.points.iter().sum();
        let aside: i64 = g.set_aside.iter().map(|&c| i64::from(c)).sum();
        assert_eq!(taken + aside, 91, "1 + ... + 13");
    }
}

#[test]
fn the_level_file_holds_together() {
    assert!(config().problems().is_empty());
    let bad = Config {
        min_players: 1,
        max_players: 9,
        cards: 0,
    };
    assert_eq!(bad.problems().len(), 2);
}

#[test]
fn a_world_that_does_not_hold_together_is_refused_with_its_problem() {
    let mut g = start(3, 5);
    g.apply(0, &Action::Bid { card: 4 }).unwrap();
    g.check().unwrap();
    let problem = |g: &Goofspiel| match g.check() {
        Err(RuleError::BadData { problem }) => problem,
        other => panic!("refused with its problem, got {other:?}"),
    };
    let mut twice = g.clone();
    twice.hands[1].push(2);
    assert!(
        problem(&twice).contains("seat 1's hand"),
        "{}",
        problem(&twice)
    );
    let mut lost = g.clone();
    lost.pile.pop();
    assert!(problem(&lost).contains("nowhere"), "{}", problem(&lost));
    let mut short = g.clone();
    short.won.pop();
    assert!(
        problem(&short).contains("won has 2 entries"),
        "{}",
        problem(&short)
    );
    let mut no_such = g.clone();
    no_such.set_aside.push(14);
    assert!(
        problem(&no_such).contains("card 14"),
        "{}",
        problem(&no_such)
    );
}
