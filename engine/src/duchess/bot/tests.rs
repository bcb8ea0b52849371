use super::*;
use crate::duchess::necklace;

/// The hint's "won about X% of N imagined games after it": N counts the games after the
/// pick, not every game imagined (each move is tried in every imagined world).
#[test]
fn a_duel_hint_counts_the_games_imagined_after_its_pick() {
    use crate::game::{Game, Setup};
    let (mut g, _) = Duchess::start(&Setup::new(2, 3)).unwrap();
    let mut normal = Duchess::bot("normal", 3).unwrap();
    let d = loop {
        let d = Decision::of(&g).unwrap();
        if matches!(d.view.stage, StageView::Discard { .. }) {
            break d;
        }
        let a = normal.decide(&d);
        g.apply(d.seat, &a).unwrap();
    };
    let advice = Duchess::bot("hard", 1).unwrap().advise(&d);
    assert!(d.legal.len() > 1);
    assert_eq!(advice.after, HARD.iterations);
    assert_eq!(advice.imagined, HARD.iterations * d.legal.len() as u32);
    assert!(advice.value.is_some());
}

/// The bots' packed scorer agrees with the rules' necklace on every 5-card set (each card
/// in turn the common one for a few of them).
#[test]
fn the_fast_scorer_matches_the_necklace_everywhere() {
    let cfg = config();
    let n = cfg.cards.len() as u8;
    let evals: Vec<Eval> = (0..n)
        .map(|c| Eval::new(cfg.clone(), Card(c), Vec::new()))
        .collect();
    let mut checked = 0;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let all = [a, b, c, d, e].map(Card);
                        let (v, w) = necklace::value(&cfg, &all);
                        let want = v as f64 + 0.01 * w as f64;
                        let common = all[(a as usize + e as usize) % 5];
                        let hand: Vec<Card> =
                            all.iter().copied().filter(|&x| x != common).collect();
                        let got = evals[common.index()].score(&hand);
                        assert!((got - want).abs() < 1e-9, "{all:?}: {got} vs {want}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 42_504);
}

#[test]
fn hands_on_the_stack_add_and_remove_cards() {
    let h = Hand::of(&[Card(3), Card(1), Card(4)]);
    assert_eq!(
        h.with(Card(9)).as_slice(),
        &[Card(3), Card(1), Card(4), Card(9)]
    );
    assert_eq!(h.without(Card(1)).as_slice(), &[Card(3), Card(4)]);
    assert_eq!(h.without(Card(7)).as_slice(), h.as_slice());
    assert_eq!(h.without_at(0).as_slice(), &[Card(1), Card(4)]);
}

#[test]
fn a_solo_turn_is_worth_the_better_of_the_seen_card_and_the_rest() {
    // Three cards to come worth 10, 4 and 1: looking at 10 keeps it; at 4, the rest
    // average 5.5; at 1, they average 7. (10 + 5.5 + 7) / 3.
    let v = turn_value(&[10.0, 4.0, 1.0]).unwrap();
    assert!((v - 22.5 / 3.0).abs() < 1e-12, "{v}");
    assert_eq!(turn_value(&[3.0]), None);
}
