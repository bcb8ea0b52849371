//! The game log: every kind of effect gives a line in some game; on a shared screen no line
//! names a card the room may not see; the panel opens with L and the gamepad's Select; an
//! undone move leaves the log with the rest of the tail.

use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::table::kit::{ListChoice, Pick};
use come_buy::table::log::{GameLog, LogMemory, log_effect};
use come_buy::table::{Match, SeatKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::{Action, GoblinMarket};
use come_buy_engine::mykonos::Mykonos;
use come_buy_engine::rng::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// An effect's kind: its variant's name.
fn kind<E: std::fmt::Debug>(e: &E) -> String {
    let d = format!("{e:?}");
    d.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap()
        .to_string()
}

/// Plays seeded random games of `G` with these seats; returns every effect with its log line.
fn play<G: TableGame>(kinds: &[SeatKind], games: u64) -> Vec<(G::Effect, Option<String>)> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut m = Match::<G>::new(seats(kinds), seed, vec![]).unwrap();
        let mut memory = LogMemory::default();
        let mut rng = Rng::new(seed);
        loop {
            while let Some(e) = m.pending.pop_front() {
                let line = log_effect(&m, &mut memory, &e);
                out.push((e, line));
            }
            let Some(seat) = m.game.current_player() else {
                break;
            };
            let legal = m.game.legal_actions();
            let a = legal[rng.below(legal.len())].clone();
            m.act(seat, a).unwrap();
        }
    }
    out
}

fn check_kinds<G: TableGame>(players: usize, quiet: &[&str]) {
    let lines = play::<G>(&vec![SeatKind::Bot("normal".into()); players], 12);
    let mut said: BTreeMap<String, usize> = BTreeMap::new();
    for (e, line) in &lines {
        let n = said.entry(kind(e)).or_default();
        if let Some(l) = line {
            assert!(!l.trim().is_empty() && !l.contains('{'), "{e:?}: {l:?}");
            *n += 1;
        }
    }
    let silent: BTreeSet<&str> = said
        .iter()
        .filter(|(_, n)| **n == 0)
        .map(|(k, _)| k.as_str())
        .collect();
    let expected: BTreeSet<&str> = quiet.iter().copied().collect();
    assert_eq!(silent, expected, "{}: kinds with no line", G::ID);
}

#[test]
fn every_kind_of_effect_gives_a_line() {
    check_kinds::<GoblinMarket>(4, &[]);
    check_kinds::<Mykonos>(3, &[]);
    check_kinds::<Duchess>(2, &[]);
    check_kinds::<Duchess>(1, &[]);
}

/// Two people at one screen: no line names a card dealt or drawn unseen; one person: their
/// own cards are named, the bots' are not.
#[test]
fn a_shared_screen_never_reads_a_secret_card() {
    fn secret_lines<G: TableGame>(
        kinds: &[SeatKind],
        secret: impl Fn(&G::Effect) -> Option<(usize, String)>,
    ) -> (usize, usize) {
        // (secrets named to their owner, secrets named to anyone else)
        let (mut own, mut leaked) = (0, 0);
        for (e, line) in play::<G>(kinds, 6) {
            let (Some((owner, card)), Some(line)) = (secret(&e), line) else {
                continue;
            };
            if line.contains(&card) {
                if kinds[owner] == SeatKind::Person
                    && kinds.iter().filter(|k| **k == SeatKind::Person).count() == 1
                {
                    own += 1;
                } else {
                    leaked += 1;
                }
            }
        }
        (own, leaked)
    }
    use come_buy_engine::duchess::Effect as D;
    use come_buy_engine::mykonos::Effect as M;
    let my = |e: &M| match e {
        M::Dealt {
            seat,
            card: Some(c),
        } => Some((*seat, come_buy_text::names::poker_card(*c))),
        _ => None,
    };
    let cfg = come_buy_engine::duchess::deck::config();
    let du = |e: &D| match e {
        D::Dealt {
            seat,
            card: Some(c),
        }
        | D::Drew {
            seat,
            card: Some(c),
        } => Some((*seat, come_buy_text::names::duchess_card(&cfg, *c))),
        _ => None,
    };
    let two = [SeatKind::Person, SeatKind::Person];
    assert_eq!(secret_lines::<Mykonos>(&two, my).1, 0);
    assert_eq!(secret_lines::<Duchess>(&two, du).1, 0);
    let one = [SeatKind::Person, SeatKind::Bot("normal".into())];
    let (own, leaked) = secret_lines::<Mykonos>(&one, my);
    assert!(own > 0, "your own cards are named");
    assert_eq!(leaked, 0, "the bot's are not");
    let (own, leaked) = secret_lines::<Duchess>(&one, du);
    assert!(own > 0);
    assert_eq!(leaked, 0);
}

#[test]
fn the_panel_opens_and_an_undone_bid_leaves_the_log() {
    let mut app = headless();
    // One person and two bots: undo takes back the person's own bid (and the bots' after it).
    let kinds = [
        SeatKind::Person,
        SeatKind::Bot("normal".into()),
        SeatKind::Bot("normal".into()),
    ];
    start_game::<GoblinMarket>(&mut app, &kinds, 4, Speed::Instant);
    assert!(run_until(&mut app, 3000, |app| app
        .world()
        .get_resource::<ListChoice<Action>>()
        .is_some()));
    let lines = |app: &App| app.world().resource::<GameLog>().lines.clone();
    let before = lines(&app);
    // (A number keeps its word: a no-break space between them.)
    assert!(
        before.iter().any(|l| l.contains("Auction\u{a0}1")),
        "{before:?}"
    );
    assert!(!app.world().resource::<GameLog>().open);
    press(&mut app, KeyCode::KeyL);
    assert!(app.world().resource::<GameLog>().open, "L opens the log");
    let seat = app.world().resource::<ListChoice<Action>>().seat;
    app.world_mut().write_message(Pick(Action::Bid(3)));
    for _ in 0..4 {
        app.update();
    }
    let bid = format!("P{seat} bids\u{a0}3");
    assert!(lines(&app).contains(&bid), "{:?}", lines(&app));
    // The person's next decision (the bots have bid meanwhile), then U.
    assert!(run_until(&mut app, 3000, |app| {
        let m = app
            .world()
            .resource::<come_buy::table::Match<GoblinMarket>>();
        m.actions.len() > 1
            && app
                .world()
                .get_resource::<ListChoice<Action>>()
                .is_some_and(|c| c.seat == seat)
    }));
    press(&mut app, KeyCode::KeyU);
    for _ in 0..6 {
        app.update();
    }
    assert_eq!(
        lines(&app),
        before,
        "the log is written again without the undone bid"
    );
    assert!(
        app.world().resource::<GameLog>().open,
        "the panel stays open"
    );
    let pad = Pad::connect(&mut app);
    pad.push(&mut app, GamepadButton::Select);
    assert!(!app.world().resource::<GameLog>().open, "Select closes it");
}

#[test]
fn lines_carry_icons_of_what_the_room_may_see() {
    use come_buy::table::log::Icon;
    // Goblin Market: a named card shows its suits (one or two), money a coin.
    let mut app = headless();
    start_game::<GoblinMarket>(&mut app, &bots(3), 7, Speed::Instant);
    for _ in 0..40 {
        app.update();
    }
    let log = app.world().resource::<GameLog>().clone();
    assert_eq!(log.lines.len(), log.icons.len());
    let of = |needle: &str| -> Vec<Icon> {
        let i = log.lines.iter().position(|l| l.contains(needle)).unwrap();
        log.icons[i].clone()
    };
    let lot = of("Up for auction");
    assert!(
        !lot.is_empty() && lot.iter().all(|i| matches!(i, Icon::Suit(_))),
        "{lot:?}"
    );
    let bid = log
        .lines
        .iter()
        .position(|l| l.contains(" bids") && !l.contains("first"))
        .unwrap();
    assert_eq!(log.icons[bid], vec![Icon::Coin], "{}", log.lines[bid]);
    // Mýkonos with one person: the bots' dealt cards are hidden, so their lines have no pip;
    // the person's own cards have theirs.
    let mut kinds = bots(3);
    kinds[0] = SeatKind::Person;
    let mut app = headless();
    start_game::<Mykonos>(&mut app, &kinds, 3, Speed::Instant);
    for _ in 0..10 {
        app.update();
    }
    let log = app.world().resource::<GameLog>().clone();
    let dealt: Vec<(&String, &Vec<Icon>)> = log
        .lines
        .iter()
        .zip(&log.icons)
        .filter(|(l, _)| l.contains(" draws "))
        .collect();
    assert!(!dealt.is_empty());
    for (line, icons) in dealt {
        let own = line.starts_with("P0");
        assert_eq!(icons.len(), usize::from(own), "{line}: {icons:?}");
    }
}
