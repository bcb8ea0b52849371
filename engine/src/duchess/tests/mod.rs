//! The Duchess's Necklace: the deck's design constraints, necklace scoring, every rule of the
//! duel and of solo play, hidden information, and the bots, on arranged and dealt tables.

use super::bot::{ExpertBot, NormalBot};
use super::*;
use crate::bots::{Bot, WithBots};
use crate::levels::Validate;
use crate::rng::Rng;
use Gem::*;

mod play;

// ---------------------------------------------------------------------------------------------
// Helpers

fn def(set: CardSet, top: &[Gem], wish: Option<(Gem, u8, u32)>) -> CardDef {
    CardDef {
        key: format!("{set:?}-{top:?}"),
        set,
        top: top.to_vec(),
        wish: wish.map(|(gem, count, florins)| Wish {
            gem,
            count,
            florins,
        }),
    }
}

/// The embedded numbers with these cards (for scoring tests; not a valid deck).
fn with_cards(cards: Vec<CardDef>) -> Config {
    Config {
        cards,
        ..(*config()).clone()
    }
}

fn ids(n: u8) -> Vec<Card> {
    (0..n).map(Card).collect()
}

/// A card of the embedded deck whose wish is `count` of `gem`.
fn wishing(gem: Gem, count: u8) -> Card {
    let cfg = config();
    (0..cfg.cards.len())
        .map(|i| Card(i as u8))
        .find(|&c| {
            cfg.def(c)
                .wish
                .is_some_and(|w| w.gem == gem && w.count == count)
        })
        .unwrap_or_else(|| panic!("no card wishes for {count} {gem:?}"))
}

fn act(g: &mut Duchess, seat: Seat, a: Action) -> Vec<Effect> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat} refused: {e}"))
}

fn refused(g: &mut Duchess, seat: Seat, a: Action) -> RuleError {
    let before = format!("{g:?}");
    let e = g.apply(seat, &a).expect_err("must be refused");
    assert_eq!(format!("{g:?}"), before, "{a:?} changed the state");
    e
}

fn start(players: usize, seed: u64, variants: &[&str]) -> (Duchess, Vec<Effect>) {
    Duchess::start(&Setup {
        players,
        seed,
        variants: variants.iter().map(|v| v.to_string()).collect(),
    })
    .expect("valid setup")
}

/// A duel on an arranged table: seat 0 starts; the base cards in id order fill the common
/// card, then hand 0, hand 1, then the pile (top first); `removed` cards are left out.
fn arranged_duel(pile: usize, variants: &[&str]) -> Duchess {
    let base = config().set(CardSet::Base);
    let sc = Scenario {
        players: 2,
        variants: variants.iter().map(|v| v.to_string()).collect(),
        start_player: 0,
        common: base[0],
        hands: vec![base[1..5].to_vec(), base[5..9].to_vec()],
        pile: base[9..9 + pile].to_vec(),
        discard: Vec::new(),
    };
    Duchess::from_scenario(&sc).expect("valid scenario").0
}

/// Plays the first legal action for whoever is to move.
fn step(g: &mut Duchess) -> Vec<Effect> {
    let seat = g.current_player().expect("not over");
    let a = g.legal_actions()[0].clone();
    act(g, seat, a)
}

// ---------------------------------------------------------------------------------------------
// The deck

#[test]
fn the_embedded_deck_keeps_every_design_constraint() {
    let cfg = config();
    assert_eq!(cfg.problems(), Vec::<String>::new());
    let base = cfg.set(CardSet::Base);
    assert_eq!(base.len(), 18);
    assert_eq!(cfg.set(CardSet::Rainbow).len(), 2);
    assert_eq!(cfg.set(CardSet::Gold).len(), 4);
    for g in Gem::PLAIN {
        let n: usize = base.iter().map(|&c| cfg.def(c).shows(g) as usize).sum();
        assert_eq!(n, 9, "{g:?}");
    }
    for &c in &base {
        let d = cfg.def(c);
        let w = d.wish.unwrap();
        assert_eq!(d.top.len(), 4);
        assert!((2..=4).contains(&w.count));
        assert_eq!(d.shows(w.gem), 0, "{} shows its own wish gem", d.key);
    }
    assert_eq!(cfg.def(wishing(Emerald, 4)).wish.unwrap().florins, 12);
    let trio: u32 = [
        wishing(Amethyst, 3),
        wishing(Diamond, 3),
        wishing(Emerald, 3),
    ]
    .iter()
    .map(|&c| cfg.def(c).wish.unwrap().florins)
    .sum();
    assert_eq!(trio, 28);
    assert_eq!(cfg.gold_florins, vec![0, 5, 14, 27, 44]);
    for n in 1..=4u32 {
        assert_eq!(cfg.gold_value(n as usize), n * (2 * n + 3));
    }
    // Every card has a key for its name on the table; base keys are distinct.
    let mut names: Vec<&str> = base.iter().map(|&c| cfg.def(c).key.as_str()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 18);
}

#[test]
fn broken_designs_are_named() {
    let good = (*config()).clone();
    let problems = |f: &dyn Fn(&mut Config)| {
        let mut c = good.clone();
        f(&mut c);
        c.problems().join("; ")
    };
    let first_base =
        |c: &mut Config| -> usize { c.cards.iter().position(|d| d.set == CardSet::Base).unwrap() };
    // A card showing its own wish gem (swap one stone for it; the counts change too).
    let p = problems(&|c| {
        let i = first_base(c);
        let g = c.cards[i].wish.unwrap().gem;
        c.cards[i].top[0] = g;
    });
    assert!(p.contains("the gem of its own wish"), "{p}");
    assert!(p.contains("times on base tops, must be 9"), "{p}");
    let p = problems(&|c| {
        let i = first_base(c);
        c.cards[i].wish.as_mut().unwrap().count = 5;
    });
    assert!(p.contains("must be 2, 3 or 4"), "{p}");
    // Values must rise with the count for the same gem.
    let p = problems(&|c| {
        let i = c
            .cards
            .iter()
            .position(|d| d.wish.is_some_and(|w| w.gem == Emerald && w.count == 4))
            .unwrap();
        c.cards[i].wish.as_mut().unwrap().florins = 1;
    });
    assert!(p.contains("must be worth more than"), "{p}");
    assert!(p.contains("4 Emeralds, worth 12"), "{p}");
    let p = problems(&|c| {
        let i = c
            .cards
            .iter()
            .position(|d| d.wish.is_some_and(|w| w.gem == Amethyst && w.count == 3))
            .unwrap();
        c.cards[i].wish.as_mut().unwrap().florins += 1;
    });
    assert!(p.contains("sum to 29, must be 28"), "{p}");
    let p = problems(&|c| {
        let i = c
            .cards
            .iter()
            .position(|d| d.set == CardSet::Rainbow)
            .unwrap();
        c.cards[i].top[0] = if c.cards[i].top[0] == Ruby { Jet } else { Ruby };
    });
    assert!(p.contains("rainbow cards must be identical"), "{p}");
    let p = problems(&|c| {
        let i = c.cards.iter().position(|d| d.set == CardSet::Gold).unwrap();
        c.cards[i].wish = Some(Wish {
            gem: Ruby,
            count: 2,
            florins: 3,
        });
    });
    assert!(p.contains("must carry no wish"), "{p}");
    let p = problems(&|c| {
        let i = c.cards.iter().position(|d| d.set == CardSet::Gold).unwrap();
        c.cards[i].top = vec![Ruby, Jet, Pearl, Amber];
    });
    assert!(p.contains("1 gold ingot"), "{p}");
    let p = problems(&|c| c.gold_florins = vec![0, 5, 14, 14, 44]);
    assert!(p.contains("gold_florins"), "{p}");
    let p = problems(&|c| c.solo_ranks[2].min = 20);
    assert!(p.contains("solo_ranks"), "{p}");
    let p = problems(&|c| c.removed = 2);
    assert!(p.contains("must be pairs"), "{p}");
    let p = problems(&|c| {
        c.cards.pop();
    });
    assert!(p.contains("Gold has 3 cards"), "{p}");
    let p = problems(&|c| c.max_players = 4);
    assert!(p.contains("players"), "{p}");
}

// ---------------------------------------------------------------------------------------------
// Necklaces

#[test]
fn wishes_need_exact_counts_and_the_common_card_counts() {
    let cfg = with_cards(vec![
        def(
            CardSet::Base,
            &[Ruby, Jet, Pearl, Amber],
            Some((Sapphire, 3, 9)),
        ),
        def(
            CardSet::Base,
            &[Ruby, Sapphire, Pearl, Amber],
            Some((Ruby, 3, 8)),
        ),
        def(
            CardSet::Base,
            &[Ruby, Sapphire, Jet, Amber],
            Some((Pearl, 2, 5)),
        ),
        def(
            CardSet::Base,
            &[Sapphire, Diamond, Jet, Amber],
            Some((Amber, 4, 12)),
        ),
        // The "common" card: its wish counts like any other.
        def(
            CardSet::Base,
            &[Ruby, Emerald, Emerald, Emerald],
            Some((Jet, 3, 7)),
        ),
    ]);
    let n = necklace(&cfg, &ids(5));
    // Rubies 4 (not 3), Sapphires 3, Pearls 2, Ambers 4, Jets 3.
    assert_eq!(n.counts[Ruby.index()], 4);
    assert_eq!(n.met, vec![Card(0), Card(2), Card(3), Card(4)]);
    assert_eq!(n.value, 9 + 5 + 12 + 7);
    assert_eq!(n.wishes, 4);
    assert_eq!(value(&cfg, &ids(5)), (33, 4));
    // Without the fifth card: 3 Rubies now, 2 Jets.
    let n = necklace(&cfg, &ids(4));
    assert_eq!(n.met, vec![Card(0), Card(1), Card(2), Card(3)]);
    assert_eq!(n.value, 9 + 8 + 5 + 12);
    assert!(n.rainbow.is_empty());
}

#[test]
fn rainbow_stones_are_left_out_used_as_themselves_or_as_a_gem() {
    let rainbow = def(
        CardSet::Rainbow,
        &[Amber, Pearl, Jet, Rainbow],
        Some((Rainbow, 1, 6)),
    );
    // As a gem: a third Ruby meets the 3-Ruby wish (and the rainbow card's own wish).
    let cfg = with_cards(vec![
        def(
            CardSet::Base,
            &[Ruby, Ruby, Diamond, Emerald],
            Some((Ruby, 3, 9)),
        ),
        rainbow.clone(),
    ]);
    let n = necklace(&cfg, &ids(2));
    assert_eq!(n.rainbow, vec![(Card(1), RainbowUse::As(Ruby))]);
    assert_eq!(n.value, 9 + 6);
    assert_eq!(n.counts[Rainbow.index()], 1);
    assert_eq!(
        value_with(&cfg, &ids(2), &[RainbowUse::Itself]),
        Some((6, 1))
    );
    assert_eq!(
        value_with(&cfg, &ids(2), &[RainbowUse::LeftOut]),
        Some((0, 0))
    );
    // As itself: a gem would spoil the exact 2-Ruby wish; the card's own wish still counts.
    let cfg = with_cards(vec![
        def(
            CardSet::Base,
            &[Ruby, Ruby, Diamond, Emerald],
            Some((Ruby, 2, 5)),
        ),
        rainbow.clone(),
    ]);
    let n = necklace(&cfg, &ids(2));
    assert_eq!(n.rainbow, vec![(Card(1), RainbowUse::Itself)]);
    assert_eq!((n.value, n.wishes), (5 + 6, 2));
    // Two rainbow cards: each wish wants exactly one stone used, so one is left out
    // (and the one used may still imitate a gem).
    let cfg = with_cards(vec![
        def(
            CardSet::Base,
            &[Ruby, Ruby, Diamond, Emerald],
            Some((Ruby, 3, 9)),
        ),
        rainbow.clone(),
        rainbow.clone(),
    ]);
    let n = necklace(&cfg, &ids(3));
    assert_eq!((n.value, n.wishes), (9 + 6 + 6, 3));
    let used: Vec<RainbowUse> = n.rainbow.iter().map(|r| r.1).collect();
    assert!(used.contains(&RainbowUse::LeftOut), "{used:?}");
    assert!(used.contains(&RainbowUse::As(Ruby)), "{used:?}");
    assert_eq!(value_with(&cfg, &ids(3), &used), Some((21, 3)));
    // Both used as Rubies would make 4: then only a 4-Ruby wish is met.
    assert_eq!(
        value_with(&cfg, &ids(3), &[RainbowUse::As(Ruby), RainbowUse::As(Ruby)]),
        Some((0, 0))
    );
    // A rainbow stone never stands in for gold (nor for another rainbow stone).
    assert_eq!(
        value_with(&cfg, &ids(3), &[RainbowUse::As(Gold), RainbowUse::LeftOut]),
        None
    );
    assert_eq!(
        value_with(
            &cfg,
            &ids(3),
            &[RainbowUse::As(Rainbow), RainbowUse::LeftOut]
        ),
        None
    );
    // One use per stone, no more, no fewer.
    assert_eq!(value_with(&cfg, &ids(3), &[RainbowUse::Itself]), None);
    assert_eq!(
        RainbowUse::As(Amber).text().to_string(),
        "duchess-rainbow-as(id: \"amber\", gem: duchess-gem-amber(count: 1))"
    );
}

#[test]
fn a_rainbow_stone_left_out_keeps_an_exact_count() {
    // Two rainbow stones: using both (as themselves or as gems) would spoil both rainbow
    // wishes, using one as a Ruby would spoil the 2-Ruby wish: one is used as itself, one
    // is left out.
    let cfg = with_cards(vec![
        def(
            CardSet::Base,
            &[Ruby, Ruby, Diamond, Emerald],
            Some((Ruby, 2, 5)),
        ),
        def(
            CardSet::Rainbow,
            &[Amber, Pearl, Jet, Rainbow],
            Some((Rainbow, 1, 6)),
        ),
        def(
            CardSet::Rainbow,
            &[Amber, Pearl, Jet, Rainbow],
            Some((Rainbow, 1, 6)),
        ),
    ]);
    let n = necklace(&cfg, &ids(3));
    // One stone used (as itself), one left out: 5 + 6 + 6.
    assert_eq!((n.value, n.wishes), (17, 3));
    let mut uses: Vec<RainbowUse> = n.rainbow.iter().map(|r| r.1).collect();
    uses.sort_by_key(|u| format!("{u:?}"));
    assert_eq!(uses, vec![RainbowUse::Itself, RainbowUse::LeftOut]);
}

#[test]
fn gold_scores_by_accumulation_and_rainbows_never_become_gold() {
    let gold = |g: Gem| def(CardSet::Gold, &[g, Pearl, Jet, Gold], None);
    let cfg = with_cards(vec![
        gold(Amber),
        gold(Ruby),
        gold(Sapphire),
        gold(Diamond),
        def(
            CardSet::Rainbow,
            &[Amber, Pearl, Emerald, Rainbow],
            Some((Rainbow, 1, 6)),
        ),
    ]);
    for (n, florins) in [(0u8, 0u32), (1, 5), (2, 14), (3, 27), (4, 44)] {
        let cards = ids(n);
        let k = necklace(&cfg, &cards);
        assert_eq!(k.value, florins, "{n} ingots");
        assert_eq!(k.gold_florins, florins);
        assert_eq!(k.counts[Gold.index()], n);
        assert_eq!(k.wishes, 0);
    }
    // Three ingots and a rainbow stone: the stone meets its own wish, never a fourth ingot.
    let k = necklace(&cfg, &[Card(0), Card(1), Card(2), Card(4)]);
    assert_eq!(k.value, 27 + 6);
    assert_eq!(k.counts[Gold.index()], 3);
}

/// A second scorer written differently: every rainbow stone's choice as a string, counts in
/// a map, wishes checked by name.
fn reference_value(cfg: &Config, cards: &[Card]) -> (u32, u32) {
    use std::collections::HashMap;
    let mut fixed: HashMap<String, u32> = HashMap::new();
    let mut stones = 0;
    for &c in cards {
        for g in &cfg.def(c).top {
            if *g == Rainbow {
                stones += 1;
            } else {
                *fixed.entry(format!("{g:?}")).or_default() += 1;
            }
        }
    }
    let mut choices: Vec<Vec<String>> = vec![Vec::new()];
    for _ in 0..stones {
        let mut next = Vec::new();
        for c in &choices {
            for opt in [
                "out", "itself", "Amber", "Jet", "Amethyst", "Pearl", "Emerald", "Ruby",
                "Sapphire", "Diamond",
            ] {
                let mut c2 = c.clone();
                c2.push(opt.to_string());
                next.push(c2);
            }
        }
        choices = next;
    }
    let gold_table = [0u32, 5, 14, 27, 44];
    let mut best = (0, 0);
    for choice in choices {
        let mut counts = fixed.clone();
        for opt in &choice {
            if opt != "out" {
                *counts.entry("Rainbow".into()).or_default() += 1;
                if opt != "itself" {
                    *counts.entry(opt.clone()).or_default() += 1;
                }
            }
        }
        let gold = counts.get("Gold").copied().unwrap_or(0) as usize;
        let mut v = gold_table[gold.min(4)];
        let mut w = 0;
        for &c in cards {
            if let Some(wish) = cfg.def(c).wish {
                let have = counts.get(&format!("{:?}", wish.gem)).copied().unwrap_or(0);
                if have == wish.count as u32 {
                    v += wish.florins;
                    w += 1;
                }
            }
        }
        if (v, w) > best {
            best = (v, w);
        }
    }
    best
}

#[test]
fn every_five_card_necklace_matches_a_brute_force_reference() {
    let cfg = config();
    let n = cfg.cards.len();
    assert_eq!(n, 24);
    let mut checked = 0;
    let mut with_rainbow_met = 0;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let cards = [a, b, c, d, e].map(|i| Card(i as u8));
                        let k = necklace(&cfg, &cards);
                        assert_eq!(
                            (k.value, k.wishes),
                            reference_value(&cfg, &cards),
                            "{cards:?}"
                        );
                        assert_eq!(value(&cfg, &cards), (k.value, k.wishes));
                        // The shown rainbow choice reaches the value.
                        let uses: Vec<RainbowUse> = k.rainbow.iter().map(|r| r.1).collect();
                        assert_eq!(
                            value_with(&cfg, &cards, &uses),
                            Some((k.value, k.wishes)),
                            "{cards:?}"
                        );
                        assert_eq!(k.met.len() as u32, k.wishes);
                        if k.counts[Rainbow.index()] > 0 && k.wishes > 0 {
                            with_rainbow_met += 1;
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 42_504);
    assert!(with_rainbow_met > 1000);
}

// ---------------------------------------------------------------------------------------------
// Setup and variants

#[test]
fn setup_deals_and_piles_per_variant() {
    for (variants, duel_pile, solo_turns) in [
        (&[][..], 6, 5),
        (&["rainbow"][..], 8, 6),
        (&["gold"][..], 10, 7),
        (&["rainbow", "gold"][..], 12, 8),
    ] {
        let (g, fx) = start(2, 9, variants);
        let v = g.view(None);
        assert_eq!(v.draw_pile, duel_pile, "{variants:?}");
        assert_eq!(v.removed, 3);
        assert_eq!(v.hand_sizes, vec![4, 4]);
        assert!(v.discard.is_empty());
        assert_eq!(
            g.census().len(),
            18 + 2 * v.rainbow as usize + 4 * v.gold as usize
        );
        let dealt = fx
            .iter()
            .filter(|e| matches!(e, Effect::Dealt { .. }))
            .count();
        assert_eq!(dealt, 8);
        assert!(fx.contains(&Effect::Removed { count: 3 }));
        assert!(fx.contains(&Effect::CommonRevealed { card: g.common() }));
        // Solo: the rest comes in pairs, one per turn.
        let (mut g, _) = start(1, 9, variants);
        assert_eq!(g.view(None).pairs_left + 1, solo_turns);
        let mut turns = 0;
        while !g.is_over() {
            let fx = step(&mut g);
            turns += fx
                .iter()
                .filter(|e| matches!(e, Effect::TurnStarted { .. }))
                .count();
        }
        assert_eq!(turns + 1, solo_turns, "{variants:?}");
    }
}

#[test]
fn the_start_player_is_drawn_at_random() {
    let starts: Vec<Seat> = (0..40)
        .map(|s| start(2, s, &[]).0.view(None).start_player)
        .collect();
    assert!(starts.contains(&0) && starts.contains(&1));
    for seed in 0..10 {
        let (g, _) = start(2, seed, &[]);
        assert_eq!(g.current_player(), Some(g.view(None).start_player));
    }
}

#[test]
fn unknown_and_malformed_variants_are_refused() {
    let setup = |players, v: &[&str]| Setup {
        players,
        seed: 1,
        variants: v.iter().map(|s| s.to_string()).collect(),
    };
    let err = |players, v: &[&str]| Duchess::start(&setup(players, v)).unwrap_err().to_string();
    assert_eq!(
        err(2, &["sapphires"]),
        "error-unknown-variant(variant: \"sapphires\", known: \"rainbow, gold, after-empty-N\")"
    );
    assert!(err(2, &["after-empty-0"]).starts_with("forbid-after-empty-range"));
    assert!(err(2, &["after-empty-x"]).starts_with("forbid-after-empty-range"));
    assert_eq!(
        err(2, &["after-empty-2", "after-empty-3"]),
        "forbid-after-empty-twice"
    );
    assert!(err(1, &["after-empty-2"]).starts_with("forbid-after-empty-solo"));
    assert_eq!(err(3, &[]), "error-player-count(min: 1, max: 2, got: 3)");
    assert_eq!(err(0, &[]), "error-player-count(min: 1, max: 2, got: 0)");
    let (g, _) = Duchess::start(&setup(2, &["after-empty-5", "gold"])).unwrap();
    assert_eq!(g.options().turns_after_empty, 5);
    assert!(g.options().gold && !g.options().rainbow);
}
