//! Determinized states (what a search bot plays with): over many seeded games of every game
//! and mode, at many points, for every seat, a determinization shows that seat exactly what
//! the real state shows it, offers it the same choices on its turn, plays on to the end,
//! and really deals the unseen cards again.

use come_buy_engine::catalog::{self, CatalogGame, ForGame};
use come_buy_engine::game::{Game, Search, Setup};
use come_buy_engine::rng::Rng;

fn view_text<G: Game>(g: &G, seat: usize) -> String {
    serde_json::to_string(&g.view(Some(seat))).unwrap()
}

/// Plays `g` to its end by random choices on the fast path; the number of moves.
fn playout<G: Search>(mut g: G, rng: &mut Rng) -> usize {
    let (mut legal, mut fx) = (Vec::new(), Vec::new());
    let mut moves = 0;
    while let Some(seat) = g.current_player() {
        g.legal_into(&mut legal);
        assert!(!legal.is_empty());
        let a = legal[rng.below(legal.len())].clone();
        g.apply_into(seat, &a, &mut fx).unwrap();
        moves += 1;
        assert!(moves < 100_000, "a playout ends");
    }
    assert!(g.scores().is_some());
    moves
}

struct Check {
    setups: Vec<Setup>,
}

impl ForGame for Check {
    type Out = (usize, usize);
    fn run<G: CatalogGame>(self) -> (usize, usize) {
        let (mut checked, mut varied) = (0, 0);
        for setup in &self.setups {
            for k in 0..6u64 {
                let setup = Setup {
                    seed: setup.seed + k * 104_729,
                    ..setup.clone()
                };
                let (mut g, _) = G::start(&setup).unwrap();
                let mut rng = Rng::new(setup.seed ^ 0x5eed);
                let mut step = 0;
                while let Some(current) = g.current_player() {
                    if step % 5 == 0 {
                        for seat in 0..setup.players {
                            let mut differs = false;
                            for d in 0..4 {
                                let mut drng = Rng::new(step as u64 * 31 + d + seat as u64);
                                let det = g.determinize(seat, &mut drng);
                                assert_eq!(
                                    view_text(&det, seat),
                                    view_text(&g, seat),
                                    "{} seat {seat} step {step}: the view changed",
                                    G::ID
                                );
                                assert_eq!(det.current_player(), g.current_player());
                                if current == seat {
                                    assert_eq!(det.legal_actions(), g.legal_actions());
                                }
                                differs |= format!("{det:?}") != format!("{g:?}");
                                if d == 0 && step % 15 == 0 {
                                    playout(det, &mut drng);
                                }
                                checked += 1;
                            }
                            varied += usize::from(differs);
                        }
                    }
                    // The fast path gives the same state and effects as `apply`.
                    let legal = g.legal_actions();
                    let mut fast_legal = Vec::new();
                    g.legal_into(&mut fast_legal);
                    assert_eq!(fast_legal, legal);
                    let a = legal[rng.below(legal.len())].clone();
                    let mut fast = g.clone();
                    let mut fx = vec![];
                    fast.apply_into(current, &a, &mut fx).unwrap();
                    let effects = g.apply(current, &a).unwrap();
                    assert_eq!(fx, effects);
                    assert_eq!(format!("{fast:?}"), format!("{g:?}"));
                    step += 1;
                }
            }
        }
        (checked, varied)
    }
}

fn setups(players: std::ops::RangeInclusive<usize>, variants: &[&[&str]]) -> Vec<Setup> {
    let mut v = Vec::new();
    for n in players {
        for vs in variants {
            v.push(Setup {
                players: n,
                seed: 77 + n as u64,
                variants: vs.iter().map(|s| s.to_string()).collect(),
            });
        }
    }
    v
}

#[test]
fn goblin_market_determinizes() {
    let (checked, varied) = catalog::dispatch(
        "goblin-market",
        Check {
            setups: setups(3..=6, &[&[]]),
        },
    )
    .unwrap();
    assert!(checked > 1000, "{checked}");
    assert!(
        varied > checked / 8,
        "the deck orders are dealt again ({varied} of {checked})"
    );
}

#[test]
fn mykonos_determinizes() {
    let (checked, varied) = catalog::dispatch(
        "mykonos",
        Check {
            setups: setups(2..=4, &[&[]]),
        },
    )
    .unwrap();
    assert!(checked > 1000, "{checked}");
    assert!(
        varied > checked / 8,
        "hidden hands are dealt again ({varied} of {checked})"
    );
}

#[test]
fn duchess_determinizes() {
    let (checked, varied) = catalog::dispatch(
        "duchess",
        Check {
            setups: setups(1..=2, &[&[], &["rainbow"], &["gold"], &["rainbow", "gold"]]),
        },
    )
    .unwrap();
    assert!(checked > 500, "{checked}");
    assert!(
        varied > checked / 8,
        "the pile and hidden hands are dealt again ({varied} of {checked})"
    );
}

/// A determinization never keeps the other hand systematically: over many, the opponent's
/// hidden cards differ from the real ones most of the time.
#[test]
fn determinizing_does_not_copy_hidden_hands() {
    use come_buy_engine::mykonos::Mykonos;
    let (g, _) = Mykonos::start(&Setup::new(2, 9)).unwrap();
    let real = format!("{:?}", g.view(Some(1)).hand);
    let mut same = 0;
    for k in 0..50 {
        let d = g.determinize(0, &mut Rng::new(k));
        if format!("{:?}", d.view(Some(1)).hand) == real {
            same += 1;
        }
    }
    assert!(same < 10, "seat 1's hand kept {same} times in 50");
}

/// `view_into` (which reuses a view's buffers) writes exactly what `view` returns, whatever
/// the buffer held before: over seeded random games of every game, at every move, for every
/// seat and a spectator.
#[test]
fn view_into_matches_view() {
    struct Views;
    impl ForGame for Views {
        type Out = usize;
        fn run<G: CatalogGame>(self) -> usize {
            let mut compared = 0;
            for players in G::seat_range() {
                let mut rng = Rng::new(players as u64);
                for seed in 0..3 {
                    let (mut g, _) = G::start(&Setup::new(players, seed)).unwrap();
                    let seats: Vec<Option<usize>> = (0..players).map(Some).chain([None]).collect();
                    let mut bufs: Vec<G::View> = seats.iter().map(|&s| g.view(s)).collect();
                    loop {
                        for (k, &s) in seats.iter().enumerate() {
                            // Also a buffer last filled for another seat.
                            let buf = &mut bufs[(k + compared) % seats.len()];
                            g.view_into(s, buf);
                            assert_eq!(
                                serde_json::to_string(buf).unwrap(),
                                serde_json::to_string(&g.view(s)).unwrap(),
                                "{} seat {s:?}",
                                G::ID
                            );
                            compared += 1;
                        }
                        let Some(seat) = g.current_player() else {
                            break;
                        };
                        let legal = g.legal_actions();
                        g.apply(seat, &legal[rng.below(legal.len())]).unwrap();
                    }
                }
            }
            compared
        }
    }
    for id in catalog::IDS {
        assert!(catalog::dispatch(id, Views).unwrap() > 100, "{id}");
    }
}

/// The game built only for the tests (cargo feature `test-game`) determinizes as the others.
#[cfg(feature = "test-game")]
#[test]
fn goofspiel_determinizes() {
    let (checked, varied) = catalog::dispatch(
        "goofspiel",
        Check {
            setups: setups(2..=4, &[&[]]),
        },
    )
    .unwrap();
    assert!(checked > 500, "{checked}");
    assert!(
        varied > checked / 8,
        "the prize pile and face-down bids are dealt again ({varied} of {checked})"
    );
}
