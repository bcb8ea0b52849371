//! What the table shows, headless: cards stacked in piles, fans and rows never show what
//! lies beneath them; keys and pads look at the won cards one at a time; the table's labels
//! follow the text size setting.

use crate::app::{idle, start};
use crate::common::*;
use bevy::prelude::*;
use come_buy::anim::CardSide;
use come_buy::cli::Speed;
use come_buy::settings::Settings;
use come_buy::table::goblin_market::{CardVisual, TableView};
use come_buy::table::kit::{ListChoice, Pick};
use come_buy_engine::goblin_market::{Action, GoblinMarket, Zone};

type Choice = ListChoice<Action>;

/// The highest and lowest z that anything drawn as part of card `e` reaches, relative to the
/// card itself (its shadow, back, face and the face's symbols and words; not a halo larger
/// than the card, which is meant to glow from beneath its neighbours).
fn card_depth(world: &World, e: Entity) -> (f32, f32) {
    fn walk(world: &World, e: Entity, z: f32, out: &mut (f32, f32)) {
        if let Some(children) = world.get::<Children>(e) {
            for &c in children {
                let halo = world
                    .get::<Sprite>(c)
                    .and_then(|s| s.custom_size)
                    .is_some_and(|size| size.x > come_buy::art::CARD.x * 1.3);
                if halo {
                    continue;
                }
                let cz = z + world.get::<Transform>(c).map_or(0.0, |t| t.translation.z);
                out.0 = out.0.min(cz);
                out.1 = out.1.max(cz);
                walk(world, c, cz, out);
            }
        }
    }
    let mut out = (0.0f32, 0.0f32);
    walk(world, e, 0.0, &mut out);
    let scale = world.get::<Transform>(e).map_or(1.0, |t| t.scale.z);
    (out.0 * scale, out.1 * scale)
}

/// Cards stacked on one another never show a lower card's face through an upper one: in every
/// game, once cards lie in piles, fans and rows, everything drawn as part of a card stays
/// between it and the next card up wherever two cards overlap.
#[test]
fn stacked_cards_never_show_what_lies_beneath() {
    fn check<G: come_buy::table::TableGame>(players: usize) {
        let mut app = headless();
        // A person at seat 0 keeps the match on the table (bots alone would finish it).
        let kinds = people_then_bots(1, players - 1);
        start_game::<G>(&mut app, &kinds, 8, Speed::Instant);
        for _ in 0..60 {
            app.update();
        }
        let world = app.world_mut();
        let mut q = world.query_filtered::<(Entity, &Transform), With<CardSide>>();
        let cards: Vec<(Entity, Vec3, f32)> = q
            .iter(world)
            .map(|(e, t)| (e, t.translation, t.scale.x))
            .collect();
        assert!(cards.len() > 10, "{}: {} cards", G::ID, cards.len());
        let half = come_buy::art::CARD / 2.0;
        let mut pairs = 0;
        for (i, &(a, pa, sa)) in cards.iter().enumerate() {
            for &(b, pb, sb) in &cards[i + 1..] {
                let overlap = (pa.x - pb.x).abs() < (half.x * (sa + sb)) * 0.9
                    && (pa.y - pb.y).abs() < (half.y * (sa + sb)) * 0.9;
                if !overlap || pa.z == pb.z {
                    continue;
                }
                pairs += 1;
                let ((lo, lp), (hi, hp)) = if pa.z < pb.z {
                    ((a, pa), (b, pb))
                } else {
                    ((b, pb), (a, pa))
                };
                let top_of_lower = lp.z + card_depth(world, lo).1;
                let bottom_of_upper = hp.z + card_depth(world, hi).0;
                assert!(
                    top_of_lower < bottom_of_upper,
                    "{}: a card at z {} reaches {top_of_lower}, above the card at z {} (from {bottom_of_upper})",
                    G::ID,
                    lp.z,
                    hp.z
                );
            }
        }
        assert!(pairs > 10, "{}: {pairs} overlapping pairs", G::ID);
    }
    check::<GoblinMarket>(4);
    check::<come_buy_engine::mykonos::Mykonos>(3);
    check::<come_buy_engine::duchess::Duchess>(2);
}

/// The scale each won card is drawn at now, in seat order.
fn won_scales(app: &mut App) -> Vec<(come_buy_engine::decktet::Card, f32)> {
    let view = app.world().resource::<TableView>();
    let won: Vec<_> = (0..view.seats())
        .flat_map(|s| view.zone(Zone::Player(s)).to_vec())
        .collect();
    let world = app.world_mut();
    let mut q = world.query::<(&CardVisual, &Transform)>();
    let scales: Vec<_> = q.iter(world).map(|(c, t)| (c.0, t.scale.y)).collect();
    won.iter()
        .map(|c| (*c, scales.iter().find(|(x, _)| x == c).unwrap().1))
        .collect()
}

/// Without a mouse, C and a pad's right trigger enlarge the won cards one at a time, as
/// pointing at one does, and a step past the last puts them all back.
#[test]
fn keys_and_pads_look_at_the_won_cards_one_at_a_time() {
    use come_buy::table::goblin_market::{Looking, ZOOM};
    let mut app = headless();
    let kinds = people_then_bots(1, 3);
    start(&mut app, &kinds, 6, Speed::Instant);
    // The person passes until three cards have been won.
    let won = |app: &App| {
        let v = app.world().resource::<TableView>();
        (0..v.seats())
            .map(|s| v.zone(Zone::Player(s)).len())
            .sum::<usize>()
    };
    assert!(run_until(&mut app, 20_000, |app| {
        if won(app) >= 3 && idle(app) {
            return true;
        }
        if let Some(c) = app.world().get_resource::<Choice>() {
            let a = if c.options.contains(&Action::Pass) {
                Action::Pass
            } else {
                c.options[0].clone()
            };
            app.world_mut().write_message(Pick(a));
        }
        false
    }));
    let settle = |app: &mut App| {
        for _ in 0..30 {
            app.update();
        }
    };
    settle(&mut app);
    let small = won_scales(&mut app)[0].1;
    assert!(
        small < 0.6,
        "won cards are small: {:?}",
        won_scales(&mut app)
    );
    assert_eq!(app.world().resource::<Looking>().0, None);
    press(&mut app, KeyCode::KeyC);
    settle(&mut app);
    let scales = won_scales(&mut app);
    assert_eq!(app.world().resource::<Looking>().0, Some(scales[0].0));
    assert!(
        (scales[0].1 - ZOOM).abs() < 0.02,
        "C enlarges the first: {scales:?}"
    );
    assert!(scales[1..].iter().all(|(_, s)| (s - small).abs() < 0.02));
    // A pad (any device: looking is not acting) steps on to the next.
    let pad = Pad::connect(&mut app);
    pad.push(&mut app, GamepadButton::RightTrigger2);
    settle(&mut app);
    let scales = won_scales(&mut app);
    assert!(
        (scales[1].1 - ZOOM).abs() < 0.02,
        "RT, the second: {scales:?}"
    );
    assert!((scales[0].1 - small).abs() < 0.02, "the first goes back");
    for _ in 1..scales.len() {
        press(&mut app, KeyCode::KeyC);
    }
    settle(&mut app);
    assert_eq!(app.world().resource::<Looking>().0, None, "past the last");
    assert!(
        won_scales(&mut app)
            .iter()
            .all(|(_, s)| (s - small).abs() < 0.02)
    );
}

/// The table's labels follow the text-size setting (a fifth larger at most, within their
/// room), and go back with it.
#[test]
fn table_labels_follow_the_text_size_setting() {
    use come_buy::table::kit::{Grows, grown_size};
    let mut app = headless();
    start(&mut app, &bots(4), 2, Speed::Instant);
    for _ in 0..3 {
        app.update();
    }
    let sizes = |app: &mut App| {
        let world = app.world_mut();
        let mut q = world.query::<(&Text2d, &Grows, &TextFont)>();
        q.iter(world)
            .map(|(t, g, f)| {
                let bevy::text::FontSize::Px(px) = f.font_size else {
                    panic!("sizes are in pixels")
                };
                (t.0.clone(), *g, px)
            })
            .collect::<Vec<_>>()
    };
    let at_default = sizes(&mut app);
    assert!(
        at_default.len() >= 16,
        "the piles' labels, the bank, and each plaque's name and money: {at_default:?}"
    );
    for base in [38.0, 44.0] {
        assert_eq!(
            at_default.iter().filter(|(_, g, _)| g.base == base).count(),
            4,
            "four plaques' names (38 px) and money (44 px)"
        );
    }
    for (text, g, px) in &at_default {
        assert_eq!(*px, g.base, "{text} is drawn at its size by default");
    }
    for (scale, grow) in [(2.0, true), (0.75, false)] {
        app.world_mut().resource_mut::<Settings>().ui_scale = scale;
        app.update();
        let now = sizes(&mut app);
        for ((text, g, px), (_, _, before)) in now.iter().zip(&at_default) {
            assert_eq!(*px, grown_size(*g, text, scale), "{text}");
            assert!(px <= &(g.base * 1.2) && px >= &(g.base * 0.8));
            if grow {
                assert!(px >= before);
            } else {
                assert!(px < before, "{text} shrinks with the setting");
            }
        }
        assert!(
            now.iter().zip(&at_default).any(|(a, b)| a.2 > b.2) == grow,
            "some label grows at the largest setting"
        );
    }
    app.world_mut().resource_mut::<Settings>().ui_scale = 1.25;
    app.update();
    let px =
        |v: Vec<(String, Grows, f32)>| v.into_iter().map(|(_, g, px)| (g, px)).collect::<Vec<_>>();
    assert_eq!(px(sizes(&mut app)), px(at_default), "and they go back");
}
