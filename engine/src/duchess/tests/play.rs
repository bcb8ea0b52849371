//! The Duchess's rules in play: the duel, the solo, what each seat may see, and the bots.

use super::*;

// ---------------------------------------------------------------------------------------------
// The duel

#[test]
fn a_duel_turn_takes_a_card_then_discards_one() {
    let mut g = arranged_duel(6, &[]);
    // The discard pile is empty at first: only the draw pile.
    assert_eq!(g.legal_actions(), vec![Action::Draw]);
    let e = refused(&mut g, 0, Action::TakeDiscard);
    assert_eq!(e, RuleError::forbid("forbid-discard-pile-empty"));
    let e = refused(&mut g, 0, Action::Decline);
    assert_eq!(e, RuleError::forbid("forbid-decline-too-early"));
    assert!(matches!(
        refused(&mut g, 1, Action::Draw),
        RuleError::NotYourTurn { .. }
    ));
    assert!(matches!(
        refused(&mut g, 0, Action::KeepSeen),
        RuleError::WrongMoment { .. }
    ));
    let top = g.pile[g.pile.len() - 1];
    let fx = act(&mut g, 0, Action::Draw);
    assert_eq!(
        fx,
        vec![Effect::Drew {
            seat: 0,
            card: Some(top)
        }]
    );
    assert_eq!(g.hands()[0].len(), 5);
    // Any of the five may go, including the card just drawn.
    assert_eq!(g.legal_actions().len(), 5);
    assert!(g.legal_actions().contains(&Action::Discard(top)));
    let not_mine = g.hands()[1][0];
    assert!(matches!(
        refused(&mut g, 0, Action::Discard(not_mine)),
        RuleError::CardNotAvailable { .. }
    ));
    assert!(matches!(
        refused(&mut g, 0, Action::Draw),
        RuleError::WrongMoment { .. }
    ));
    let fx = act(&mut g, 0, Action::Discard(top));
    assert_eq!(
        fx,
        vec![
            Effect::Discarded { seat: 0, card: top },
            Effect::TurnStarted { seat: 1, turn: 2 }
        ]
    );
    assert_eq!(g.view(None).discard, vec![top]);
    // Now the discard pile offers a card too.
    assert_eq!(g.legal_actions(), vec![Action::Draw, Action::TakeDiscard]);
}

#[test]
fn the_card_taken_from_the_discard_pile_may_not_be_discarded() {
    let mut g = arranged_duel(6, &[]);
    step(&mut g); // draw
    let d = g.hands()[0][0];
    act(&mut g, 0, Action::Discard(d));
    let fx = act(&mut g, 1, Action::TakeDiscard);
    assert_eq!(fx, vec![Effect::TookDiscard { seat: 1, card: d }]);
    assert_eq!(g.view(None).known[1], vec![d]);
    assert!(!g.legal_actions().contains(&Action::Discard(d)));
    assert_eq!(g.legal_actions().len(), 4);
    let e = refused(&mut g, 1, Action::Discard(d));
    assert_eq!(e, RuleError::forbid("forbid-discard-taken"));
    let other = g.hands()[1][0];
    act(&mut g, 1, Action::Discard(other));
    act(&mut g, 0, Action::TakeDiscard);
    assert_eq!(g.view(None).known, vec![vec![other], vec![d]]);
    let Action::Discard(x) = g.legal_actions()[0].clone() else {
        panic!("a discard")
    };
    act(&mut g, 0, Action::Discard(x));
    // On a later turn the card may go like any other; then it is no longer known.
    act(&mut g, 1, Action::Draw);
    assert!(g.legal_actions().contains(&Action::Discard(d)));
    act(&mut g, 1, Action::Discard(d));
    assert_eq!(g.view(None).known, vec![vec![other], vec![]]);
}

#[test]
fn declining_once_the_pile_is_empty_ends_the_game() {
    let mut g = arranged_duel(2, &[]);
    step(&mut g);
    step(&mut g);
    let last = g.pile[0];
    let fx = step(&mut g); // seat 1 draws the last card
    assert_eq!(
        fx,
        vec![
            Effect::Drew {
                seat: 1,
                card: Some(last)
            },
            Effect::PileEmpty { turns_each: 3 }
        ]
    );
    step(&mut g); // seat 1 discards
    assert_eq!(
        g.legal_actions(),
        vec![Action::TakeDiscard, Action::Decline]
    );
    assert_eq!(g.view(None).last_turns, Some(vec![3, 3]));
    let e = refused(&mut g, 0, Action::Draw);
    assert_eq!(e, RuleError::forbid("forbid-draw-pile-empty"));
    let fx = act(&mut g, 0, Action::Decline);
    assert_eq!(fx[0], Effect::Declined { seat: 0 });
    assert!(matches!(fx[1], Effect::GameOver { .. }));
    assert!(g.is_over());
    assert!(g.legal_actions().is_empty());
    assert_eq!(refused(&mut g, 0, Action::Decline), RuleError::GameOver);
}

fn play_out_taking(variants: &[&str]) -> (Duchess, u32) {
    let mut g = arranged_duel(2, variants);
    let mut turns_after = 0;
    while !g.is_over() {
        let seat = g.current_player().unwrap();
        let empty = g.view(None).draw_pile == 0;
        let a = if g.legal_actions().contains(&Action::TakeDiscard) && empty {
            Action::TakeDiscard
        } else {
            g.legal_actions()[0].clone()
        };
        if a == Action::TakeDiscard {
            turns_after += 1;
        }
        act(&mut g, seat, a);
        if !g.is_over() && matches!(g.stage, Stage::Discard { .. }) {
            let d = g.legal_actions()[0].clone();
            act(&mut g, seat, d);
        }
    }
    (g, turns_after)
}

#[test]
fn after_the_pile_runs_out_each_player_has_three_turns_or_the_variants_number() {
    let (g, turns) = play_out_taking(&[]);
    assert_eq!(turns, 6);
    assert!(g.scores().is_some());
    assert_eq!(g.after_empty, vec![3, 3]);
    let (_, turns) = play_out_taking(&["after-empty-1"]);
    assert_eq!(turns, 2);
    let (_, turns) = play_out_taking(&["after-empty-4"]);
    assert_eq!(turns, 8);
}

/// Two hands (and a common card) from the base cards whose necklaces satisfy `want`, found by
/// a seeded random search.
fn find_hands(want: impl Fn((u32, u32), (u32, u32)) -> bool) -> (Card, Vec<Card>, Vec<Card>) {
    let cfg = config();
    let mut rng = Rng::new(5);
    let mut base = cfg.set(CardSet::Base);
    for _ in 0..200_000 {
        rng.shuffle(&mut base);
        let common = base[0];
        let (h0, h1) = (base[1..5].to_vec(), base[5..9].to_vec());
        let v = |h: &[Card]| {
            let mut all = h.to_vec();
            all.push(common);
            value(&cfg, &all)
        };
        if want(v(&h0), v(&h1)) {
            return (common, h0, h1);
        }
    }
    panic!("no such hands")
}

/// Seat 0 declines at once on a table with these hands: the final scores.
fn decline_at_once(common: Card, h0: Vec<Card>, h1: Vec<Card>) -> FinalScores {
    let rest: Vec<Card> = config()
        .set(CardSet::Base)
        .into_iter()
        .filter(|c| *c != common && !h0.contains(c) && !h1.contains(c))
        .collect();
    let sc = Scenario {
        players: 2,
        variants: vec![],
        start_player: 0,
        common,
        hands: vec![h0, h1],
        pile: vec![],
        discard: vec![rest[0]],
    };
    let (mut g, _) = Duchess::from_scenario(&sc).unwrap();
    assert_eq!(
        g.legal_actions(),
        vec![Action::TakeDiscard, Action::Decline]
    );
    act(&mut g, 0, Action::Decline);
    g.scores().unwrap()
}

#[test]
fn duel_ties_go_to_more_wishes_then_are_shared() {
    let (c, h0, h1) = find_hands(|a, b| a.0 > b.0 && b.0 > 0);
    let s = decline_at_once(c, h0, h1);
    assert_eq!(s.winners, vec![0]);
    let (c, h0, h1) = find_hands(|a, b| a.0 == b.0 && a.1 < b.1 && a.0 > 0);
    let s = decline_at_once(c, h0, h1);
    assert_eq!(s.winners, vec![1], "{s:?}");
    assert!(s.tiebreak[1] > s.tiebreak[0]);
    let (c, h0, h1) = find_hands(|a, b| a == b && a.0 > 0);
    let s = decline_at_once(c, h0, h1);
    assert_eq!(s.winners, vec![0, 1]);
    assert_eq!(s.win_share(0), 0.5);
}

#[test]
fn scenarios_are_validated() {
    let base = config().set(CardSet::Base);
    let ok = Scenario {
        players: 2,
        variants: vec![],
        start_player: 1,
        common: base[0],
        hands: vec![base[1..5].to_vec(), base[5..9].to_vec()],
        pile: base[9..15].to_vec(),
        discard: vec![],
    };
    let (g, fx) = Duchess::from_scenario(&ok).unwrap();
    assert_eq!(g.current_player(), Some(1));
    assert_eq!(g.view(None).removed, 3);
    assert!(matches!(
        fx.last(),
        Some(Effect::TurnStarted { seat: 1, turn: 1 })
    ));
    let mut bad = ok.clone();
    bad.hands[0].pop();
    assert!(Duchess::from_scenario(&bad).is_err());
    let mut bad = ok.clone();
    bad.pile.push(Card(20)); // a gold card without the variant
    assert!(Duchess::from_scenario(&bad).is_err());
    let mut bad = ok.clone();
    bad.start_player = 2;
    assert!(Duchess::from_scenario(&bad).is_err());
    let mut bad = ok;
    bad.players = 1;
    bad.hands.pop();
    bad.pile.pop();
    assert!(
        Duchess::from_scenario(&bad).is_err(),
        "solo pile must be even"
    );
}

// ---------------------------------------------------------------------------------------------
// Solo

#[test]
fn a_solo_turn_looks_keeps_and_discards_with_the_card_not_kept() {
    let (mut g, fx) = start(1, 4, &[]);
    assert!(matches!(
        fx[fx.len() - 2],
        Effect::TurnStarted { seat: 0, turn: 1 }
    ));
    assert_eq!(fx.last(), Some(&Effect::PairDrawn));
    assert_eq!(g.legal_actions(), vec![Action::Look(0), Action::Look(1)]);
    assert_eq!(
        refused(&mut g, 0, Action::Look(2)),
        RuleError::forbid("forbid-no-such-pair-card")
    );
    assert!(matches!(
        refused(&mut g, 0, Action::KeepSeen),
        RuleError::WrongMoment { .. }
    ));
    assert!(matches!(
        refused(&mut g, 0, Action::Draw),
        RuleError::WrongMoment { .. }
    ));
    let [a, b] = g.pair.map(|c| c.unwrap());
    let fx = act(&mut g, 0, Action::Look(1));
    assert_eq!(
        fx,
        vec![Effect::Looked {
            which: 1,
            card: Some(b)
        }]
    );
    // The player sees the looked-at card; a spectator sees only that one was looked at.
    let mine = g.view(Some(0));
    assert_eq!(
        mine.pair[1],
        PairCard {
            slot: 1,
            looked: true,
            card: Some(b)
        }
    );
    assert_eq!(
        mine.pair[0],
        PairCard {
            slot: 0,
            looked: false,
            card: None
        }
    );
    assert_eq!(g.view(None).pair[1].card, None);
    assert_eq!(
        Duchess::redact(&fx[0], None),
        Effect::Looked {
            which: 1,
            card: None
        }
    );
    assert_eq!(
        g.legal_actions(),
        vec![Action::KeepSeen, Action::KeepUnseen]
    );
    let fx = act(&mut g, 0, Action::KeepUnseen);
    assert_eq!(
        fx,
        vec![Effect::Kept {
            which: 0,
            seen: false,
            card: Some(a)
        }]
    );
    assert_eq!(g.hands()[0].len(), 5);
    // Any of the five may go, the new one included; the seen card goes with it.
    assert_eq!(g.legal_actions().len(), 5);
    assert!(g.view(Some(0)).options.iter().any(|(c, _)| *c == a));
    let fx = act(&mut g, 0, Action::Discard(a));
    assert_eq!(fx[0], Effect::Discarded { seat: 0, card: a });
    assert_eq!(fx[1], Effect::NotKept { which: 1, card: b });
    assert_eq!(g.view(None).discard, vec![a, b]);
    assert!(matches!(fx[2], Effect::TurnStarted { seat: 0, turn: 2 }));
    assert_eq!(fx[3], Effect::PairDrawn);
    assert_eq!(g.hands()[0].len(), 4);
    assert_eq!(g.view(None).pairs_left, 3);
}

#[test]
fn solo_ends_after_the_last_pair_with_a_rank() {
    let cfg = config();
    for seed in 0..20 {
        let (mut g, _) = start(1, seed, &[]);
        let mut last = Vec::new();
        while !g.is_over() {
            last = step(&mut g);
        }
        let Some(Effect::GameOver { results, scores }) = last.last() else {
            panic!("no GameOver in {last:?}");
        };
        let r = &results[0];
        let rank = r.rank.clone().unwrap();
        assert_eq!(rank.key, cfg.rank_key(r.necklace.value));
        assert_eq!(scores.points, vec![r.necklace.value as i64]);
        assert_eq!(scores.winners, vec![0]);
        assert_eq!(g.view(None).draw_pile, 0);
        assert_eq!(g.view(None).discard.len(), 10);
    }
}

#[test]
fn rank_bands_follow_the_rules() {
    let cfg = config();
    let names: Vec<&str> = [0, 26, 27, 30, 31, 33, 34, 60]
        .iter()
        .map(|&s| cfg.rank_key(s))
        .collect();
    assert_eq!(
        names,
        [
            "apprentice",
            "apprentice",
            "artist",
            "artist",
            "officer",
            "officer",
            "magister",
            "magister"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Hidden information

#[test]
fn views_show_only_the_viewers_hand_and_effects_hide_secret_cards() {
    let (g, fx) = start(2, 12, &[]);
    let v0 = g.view(Some(0));
    let v1 = g.view(Some(1));
    let spec = g.view(None);
    assert_eq!(v0.hand.as_deref(), Some(&g.hands()[0][..]));
    assert_eq!(v1.hand.as_deref(), Some(&g.hands()[1][..]));
    assert_eq!(spec.hand, None);
    assert_eq!(spec.necklace, None);
    assert_eq!(v0.necklace, Some(g.necklace_of(0)));
    // Nothing of seat 1's hand shows in seat 0's view: only its size.
    assert_eq!(v0.hand_sizes, vec![4, 4]);
    assert_eq!(v0.known, vec![Vec::<Card>::new(), vec![]]);
    assert!(v0.pair.is_empty() && v0.options.is_empty());
    for e in &fx {
        if let Effect::Dealt { seat, card } = e {
            assert!(card.is_some());
            assert_eq!(Duchess::redact(e, Some(*seat)), e.clone());
            let other = Duchess::redact(e, Some(1 - seat));
            assert_eq!(
                other,
                Effect::Dealt {
                    seat: *seat,
                    card: None
                }
            );
            assert_eq!(
                Duchess::redact(e, None),
                Effect::Dealt {
                    seat: *seat,
                    card: None
                }
            );
        }
    }
    let drew = Effect::Drew {
        seat: 1,
        card: Some(Card(3)),
    };
    assert_eq!(
        Duchess::redact(&drew, Some(0)),
        Effect::Drew {
            seat: 1,
            card: None
        }
    );
    let kept = Effect::Kept {
        which: 0,
        seen: true,
        card: Some(Card(3)),
    };
    assert_eq!(Duchess::redact(&kept, Some(0)), kept);
    assert_eq!(
        Duchess::redact(&kept, None),
        Effect::Kept {
            which: 0,
            seen: true,
            card: None
        }
    );
    // Public effects stay as they are.
    let took = Effect::TookDiscard {
        seat: 1,
        card: Card(3),
    };
    assert_eq!(Duchess::redact(&took, None), took);
}

#[test]
fn the_discard_options_list_each_legal_discard_with_its_necklace() {
    let mut g = arranged_duel(6, &[]);
    act(&mut g, 0, Action::Draw);
    let v = g.view(Some(0));
    assert_eq!(v.options.len(), 5);
    for (c, n) in &v.options {
        let mut rest: Vec<Card> = g.hands()[0].iter().copied().filter(|x| x != c).collect();
        rest.push(g.common());
        assert_eq!(*n, necklace(g.config(), &rest));
    }
    assert!(g.view(Some(1)).options.is_empty());
    assert!(g.view(None).options.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Bots

fn play(players: usize, seed: u64, names: &[&str], variants: &[&str]) -> Duchess {
    let (mut g, _) = start(players, seed, variants);
    let mut bots: Vec<Box<dyn Bot<Duchess>>> = names
        .iter()
        .enumerate()
        .map(|(i, n)| Duchess::bot(n, seed + i as u64).unwrap())
        .collect();
    while let Some(seat) = g.current_player() {
        let legal = g.legal_actions();
        let a = bots[seat].choose(&g.view(Some(seat)), &legal);
        act(&mut g, seat, a);
    }
    g
}

#[test]
fn bots_are_named_and_unknown_names_are_refused() {
    assert_eq!(
        Duchess::BOTS,
        &["random", "easy", "normal", "expert", "hard"]
    );
    for n in Duchess::BOTS {
        assert_eq!(Duchess::bot(n, 1).unwrap().name(), *n);
    }
    let e = Duchess::bot("genius", 1).err().unwrap();
    assert!(e.contains("unknown bot"), "{e}");
}

#[test]
fn solo_scores_rise_from_random_to_normal_to_expert() {
    let mean = |bot: &str| {
        (0..150)
            .map(|s| play(1, 500 + s, &[bot], &[]).scores().unwrap().points[0] as f64)
            .sum::<f64>()
            / 150.0
    };
    let (r, n, e) = (mean("random"), mean("normal"), mean("expert"));
    assert!(n > r + 10.0, "random {r}, normal {n}");
    assert!(e > n + 1.0, "normal {n}, expert {e}");
}

#[test]
fn duel_bots_beat_weaker_bots_from_either_seat() {
    let share = |a: &str, b: &str, games: u64| {
        let mut wins = 0.0;
        for s in 0..games {
            let seats = if s % 2 == 0 { [a, b] } else { [b, a] };
            let g = play(2, 900 + s, &seats, &[]);
            wins += g.scores().unwrap().win_share((s % 2) as usize);
        }
        wins / games as f64
    };
    let n = share("normal", "random", 100);
    assert!(n > 0.8, "normal vs random {n}");
    let e = share("expert", "normal", 300);
    assert!(e > 0.5, "expert vs normal {e}");
}

#[test]
fn the_normal_bot_keeps_the_seen_card_when_it_beats_the_unseen_odds() {
    // Solo, at the keep decision: if the seen card makes the best hand it is kept.
    for seed in 0..40 {
        let (mut g, _) = start(1, seed, &[]);
        act(&mut g, 0, Action::Look(0));
        let v = g.view(Some(0));
        let seen = g.pair[0].unwrap();
        let hand = g.hands()[0].clone();
        let cfg = g.config().clone();
        let best_with = |x: Card| {
            let mut all = hand.clone();
            all.push(x);
            (0..5)
                .map(|d| {
                    let mut h: Vec<Card> = all
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != d)
                        .map(|(_, c)| *c)
                        .collect();
                    h.push(g.common());
                    value(&cfg, &h).0
                })
                .max()
                .unwrap()
        };
        let unseen = v.unseen(&cfg);
        let ev: f64 =
            unseen.iter().map(|&u| best_with(u) as f64).sum::<f64>() / unseen.len() as f64;
        let mut bot = NormalBot::new(cfg.clone());
        let choice = bot.choose(&v, &g.legal_actions());
        if best_with(seen) as f64 > ev + 0.5 {
            assert_eq!(choice, Action::KeepSeen, "seed {seed}");
        } else if (best_with(seen) as f64) < ev - 0.5 {
            assert_eq!(choice, Action::KeepUnseen, "seed {seed}");
        }
        // The expert decides from the same view and picks a legal action too.
        let mut expert = ExpertBot::new(cfg.clone(), seed);
        assert!(
            g.legal_actions()
                .contains(&expert.choose(&v, &g.legal_actions()))
        );
    }
}

#[test]
fn the_unseen_cards_are_what_the_viewer_cannot_place() {
    let (mut g, _) = start(2, 21, &["rainbow", "gold"]);
    step(&mut g);
    step(&mut g);
    let seat = g.current_player().unwrap();
    act(&mut g, seat, Action::TakeDiscard);
    let v = g.view(Some(seat));
    let u = v.unseen(g.config());
    // 24 cards: 1 common, 5 in my hand, 0 on the discard pile, none known elsewhere.
    assert_eq!(u.len(), 24 - 1 - 5);
    let other = g.view(Some(1 - seat)).unseen(g.config());
    // The other seat knows the card I took (it was face up).
    assert_eq!(other.len(), 24 - 1 - 4 - 1);
}
