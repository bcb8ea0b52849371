use super::*;
use crate::bots::WithBots;
use crate::game::{Game, Setup};
use crate::mykonos::Mykonos;

/// The seats that moved into the nodes of a search of the first decision of a 3-player
/// Mýkonos game (the Demand: every seat places in turn).
fn movers(opponents_by_policy: bool) -> (Vec<Seat>, Vec<RootStat<crate::mykonos::Action>>) {
    let (g, _) = Mykonos::start(&Setup::new(3, 5)).unwrap();
    let d = Decision::of(&g).unwrap();
    let budget = Budget {
        iterations: 300,
        opponents_by_policy,
        ..Budget::default()
    };
    let mut search =
        Ismcts::<Mykonos>::new(budget, 9).with_policy(Mykonos::bot("normal", 1).unwrap());
    let stats = search.search(&d);
    assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 300);
    assert!(stats.iter().all(|s| d.legal.contains(&s.action)));
    let movers = search.nodes.iter().skip(1).map(|n| n.mover).collect();
    (movers, stats)
}

#[test]
fn opponents_by_policy_leaves_only_the_searchers_own_moves_in_the_tree() {
    let (g, _) = Mykonos::start(&Setup::new(3, 5)).unwrap();
    let me = g.current_player().unwrap();
    let (branching, _) = movers(false);
    assert!(
        branching.iter().any(|&s| s != me),
        "opponents branch by default"
    );
    let (own, stats) = movers(true);
    assert!(own.len() > 20, "the tree grew: {} nodes", own.len());
    assert!(own.iter().all(|&s| s == me), "only the searcher's moves");
    assert_eq!(movers(true).1, stats, "seeded: the same search again");
}

/// Searches the sale of the first seat to sell in a 3-player Mýkonos game (Normal bots
/// played up to it); true if some node of the tree queues a worker after the searcher's
/// sale, that is on a row of the next round.
fn queues_past_the_deal(stops_at_deal: bool) -> bool {
    let (mut g, _) = Mykonos::start(&Setup::new(3, 5)).unwrap();
    let mut normal = Mykonos::bot("normal", 1).unwrap();
    let d = loop {
        let d = Decision::of(&g).unwrap();
        if g.view(None).phase == crate::mykonos::Phase::Sales {
            break d;
        }
        let a = normal.decide(&d);
        g.apply(d.seat, &a).unwrap();
    };
    let budget = Budget {
        iterations: 2000,
        opponents_by_policy: true,
        tree_stops_at_deal: stops_at_deal,
        ..Budget::default()
    };
    let mut search =
        Ismcts::<Mykonos>::new(budget, 9).with_policy(Mykonos::bot("normal", 1).unwrap());
    let stats = search.search(&d);
    assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 2000);
    assert!(!stats.is_empty());
    // Every node below the root comes after the sale: none may queue with the cut.
    search
        .nodes
        .iter()
        .skip(1)
        .any(|n| matches!(n.action, Some(crate::mykonos::Action::Place { .. })))
}

#[test]
fn a_tree_that_stops_at_a_deal_leaves_the_next_rows_queues_to_the_policy() {
    assert!(
        queues_past_the_deal(false),
        "without the stop the tree queues on next round's row"
    );
    assert!(
        !queues_past_the_deal(true),
        "with it, the next row's choices are played out"
    );
}

/// A policy that plays as `inner` and counts its moves.
struct Counting {
    inner: Box<dyn Bot<Mykonos>>,
    moves: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Bot<Mykonos> for Counting {
    fn name(&self) -> &str {
        "counting"
    }

    fn choose(
        &mut self,
        view: &crate::mykonos::View,
        legal: &[crate::mykonos::Action],
    ) -> crate::mykonos::Action {
        self.moves
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.inner.choose(view, legal)
    }
}

#[test]
fn a_flat_search_tries_only_the_decision_at_hand_and_its_own_policy_plays_on() {
    let (g, _) = Mykonos::start(&Setup::new(3, 5)).unwrap();
    let d = Decision::of(&g).unwrap();
    let run = |flat: bool| {
        let budget = Budget {
            iterations: 120,
            opponents_by_policy: true,
            flat,
            ..Budget::default()
        };
        let own = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut search = Ismcts::<Mykonos>::new(budget, 9)
            .with_policy(Mykonos::bot("normal", 1).unwrap())
            .with_own_policy(Box::new(Counting {
                inner: Mykonos::bot("normal", 2).unwrap(),
                moves: own.clone(),
            }));
        let stats = search.search(&d);
        let tries = if flat { d.legal.len() as u32 } else { 1 };
        assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 120 * tries);
        if flat {
            assert!(
                stats.iter().all(|s| s.visits == 120),
                "paired: every action each time"
            );
        }
        let depth_one = search.nodes[0].children.len();
        (
            search.nodes.len() - 1,
            depth_one,
            own.load(std::sync::atomic::Ordering::Relaxed),
            stats,
        )
    };
    let (nodes, root_children, own_moves, stats) = run(true);
    assert_eq!(nodes, root_children, "flat: nothing below the root's moves");
    assert_eq!(root_children, d.legal.len());
    // The searcher moves many times in each imagined game: its own policy played them.
    assert!(own_moves > 120, "{own_moves}");
    assert_eq!(run(true).3, stats, "seeded");
    let (deep_nodes, deep_root, _, _) = run(false);
    assert!(
        deep_nodes > deep_root,
        "a tree grows below the root otherwise"
    );
}

#[test]
fn a_shaper_reworks_every_imagined_world_once_with_the_searchs_generator() {
    let (g, _) = Mykonos::start(&Setup::new(3, 5)).unwrap();
    let d = Decision::of(&g).unwrap();
    let run = || {
        let calls = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = calls.clone();
        let budget = Budget {
            iterations: 50,
            ..Budget::default()
        };
        let stats = Ismcts::<Mykonos>::new(budget, 9)
            .with_shaper(Box::new(move |_, _, rng| {
                counted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                rng.next_u64();
            }))
            .search(&d);
        assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 50);
        let stats: Vec<(crate::mykonos::Action, u32)> =
            stats.into_iter().map(|s| (s.action, s.visits)).collect();
        (calls.load(std::sync::atomic::Ordering::Relaxed), stats)
    };
    let (calls, stats) = run();
    assert_eq!(calls, 50, "once per imagined world");
    assert_eq!(
        run().1,
        stats,
        "seeded: the shaper's draws come from the search"
    );
}

fn cut_search(policy: &str, cutoff: Option<Cutoff>) -> Vec<RootStat<crate::mykonos::Action>> {
    let (g, _) = Mykonos::start(&Setup::new(2, 8)).unwrap();
    let d = Decision::of(&g).unwrap();
    let budget = Budget {
        iterations: 200,
        cutoff,
        ..Budget::default()
    };
    Ismcts::<Mykonos>::new(budget, 3)
        .with_policy(Mykonos::bot(policy, 1).unwrap())
        .search(&d)
}

#[test]
fn a_cutoff_scores_imagined_games_by_the_policys_estimates() {
    let cut = Some(Cutoff {
        moves: 10,
        spread: 4.0,
    });
    // A policy that cannot estimate plays every game to its end: the very same search.
    assert_eq!(cut_search("random", cut), cut_search("random", None));
    // Normal estimates: the games stop short and are scored otherwise.
    let (short, full) = (cut_search("normal", cut), cut_search("normal", None));
    assert_ne!(short, full);
    assert_eq!(short.iter().map(|s| s.visits).sum::<u32>(), 200);
    assert_eq!(short, cut_search("normal", cut), "seeded");
}

#[test]
fn estimated_outcomes_favour_the_higher_estimate_smoothly() {
    let mut out = Vec::new();
    estimated_outcome(&[50.0, 46.0, 30.0], 4.0, 30.0, &mut out);
    assert!(out[0] > out[1] && out[1] > out[2], "{out:?}");
    assert!(out[0] < 1.0 && out[2] > -1e-9);
    estimated_outcome(&[40.0, 40.0], 4.0, 30.0, &mut out);
    assert!((out[0] - out[1]).abs() < 1e-12 && (out[0] - 0.4).abs() < 1e-9);
    // Alone: the estimate as a score, one half at the solo scale.
    estimated_outcome(&[30.0], 4.0, 30.0, &mut out);
    assert_eq!(out, vec![0.5]);
}
