//! The table read from the sofa (a 55" TV at 3 m: a pixel at 1080p is 0.63 mm): the sizes a
//! player needs of each game's cards and words, per window, held as the games go on. Each
//! test prints what it measured.

use super::places::go;
use super::{Audit, one_at_a_time};
use crate::common::{people_then_bots, run_until, seats, tap};
use bevy::prelude::*;
use come_buy::art::CARD;
use come_buy::screens::{Overlay, Screen};
use come_buy::table::kit::ListChoice;
use come_buy::table::{Match, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;

/// A card on the screen: its height and the smallest word printed on it, in pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct CardSeen {
    pub tall: f32,
    pub smallest_word: f32,
    /// Which word that is.
    pub word: &'static str,
}

/// Pixels per unit of the table, as the camera stands.
fn k(app: &mut App) -> f32 {
    let to = come_buy::audit::world_to_screen(app.world_mut());
    (to(Vec2::X) - to(Vec2::ZERO)).x
}

/// How tall `card` stands on the screen and the smallest word on its face.
pub fn card_seen(app: &mut App, card: Entity) -> CardSeen {
    let k = k(app);
    let world = app.world_mut();
    let scale = |w: &World, e: Entity| {
        w.get::<GlobalTransform>(e)
            .map_or(1.0, |g| g.to_scale_rotation_translation().0.y)
    };
    let tall = CARD.y * scale(world, card) * k;
    let mut smallest = f32::INFINITY;
    let mut word = String::new();
    // Words under a hidden entity (a face-down card's face, a small card's name) are not seen.
    let mut stack = vec![(card, false)];
    while let Some((e, hidden)) = stack.pop() {
        let hidden = hidden || world.get::<Visibility>(e) == Some(&Visibility::Hidden);
        if let Some(children) = world.get::<Children>(e) {
            stack.extend(children.iter().map(|c| (c, hidden)));
        }
        if let (Some(t), Some(f)) = (world.get::<Text2d>(e), world.get::<TextFont>(e))
            && !t.0.trim().is_empty()
            && !hidden
        {
            let px = f.font_size.eval(Vec2::new(1920.0, 1080.0), 16.0) * scale(world, e) * k;
            if px < smallest {
                smallest = px;
                word = t.0.clone();
            }
        }
    }
    CardSeen {
        tall,
        smallest_word: smallest,
        word: word.leak(),
    }
}

fn deal<G: TableGame>(a: &mut Audit, people: usize, bots: usize, variants: &[&str]) {
    let m = Match::<G>::new(
        seats(&people_then_bots(people, bots)),
        5,
        variants.iter().map(|v| v.to_string()).collect(),
    )
    .unwrap();
    a.app.insert_resource(m);
    go(&mut a.app, Screen::Table, Overlay::None);
}

fn next_decision<G: TableGame>(a: &mut Audit) -> bool {
    run_until(&mut a.app, 4000, |app| {
        app.world()
            .get_resource::<ListChoice<G::Action>>()
            .is_some()
    })
}

/// Goblin Market of six at 1080p: the lot at least 300 px tall with its name and rank at
/// least 28 px; every won card readable by suit and rank (its words at least 20 px).
/// Before the table was laid out anew around a larger lot (2026-12-04) it measured 172 px,
/// 13.6 px and 6 px.
#[test]
fn goblin_market_of_six_reads_from_the_sofa() {
    use come_buy::table::goblin_market::TableView;
    use come_buy_engine::goblin_market::Zone;
    let _one = one_at_a_time();
    let mut a = Audit::new((1920.0, 1080.0, false));
    deal::<GoblinMarket>(&mut a, 1, 5, &[]);
    let mut lots = Vec::new();
    let mut won = Vec::new();
    for _ in 0..8 {
        if !next_decision::<GoblinMarket>(&mut a) {
            break;
        }
        a.set(1.25, 0, "en");
        let view = a.app.world().resource::<TableView>();
        let row: Vec<Entity> = view
            .zone(Zone::AuctionRow)
            .iter()
            .filter_map(|c| view.cards.get(c).copied())
            .collect();
        let owned: Vec<Entity> = (0..6)
            .flat_map(|s| view.zone(Zone::Player(s)).to_vec())
            .filter_map(|c| view.cards.get(&c).copied())
            .collect();
        for e in row {
            lots.push(card_seen(&mut a.app, e));
        }
        for e in owned {
            won.push(card_seen(&mut a.app, e));
        }
        tap(&mut a.app, KeyCode::Enter);
    }
    let low =
        |v: &[CardSeen], f: fn(&CardSeen) -> f32| v.iter().map(f).fold(f32::INFINITY, f32::min);
    let (lot_tall, lot_word) = (low(&lots, |c| c.tall), low(&lots, |c| c.smallest_word));
    let (won_tall, won_word) = (low(&won, |c| c.tall), low(&won, |c| c.smallest_word));
    println!(
        "sofa: Goblin Market of six at 1080p: the lot {lot_tall:.0} px tall, its smallest word \
         {lot_word:.1} px; won cards {won_tall:.0} px tall, their smallest word {won_word:.1} px \
         ({} lots, {} won cards seen)",
        lots.len(),
        won.len()
    );
    assert!(
        !lots.is_empty() && !won.is_empty(),
        "lots and won cards seen"
    );
    assert!(lot_tall >= 300.0, "the lot is {lot_tall:.0} px tall");
    assert!(
        lot_word >= 28.0,
        "the lot's name and rank: {lot_word:.1} px"
    );
    assert!(won_word >= 20.0, "a won card's words: {won_word:.1} px");
}

/// The Duchess duel at 1080p: the person's own hand at least 235 px tall on every turn (after
/// a choice of two rows too), its wishes at least 20 px.
#[test]
fn the_duchess_duel_hand_stays_large_on_every_turn() {
    use come_buy::table::duchess::TableView;
    use come_buy_engine::duchess::Zone;
    let _one = one_at_a_time();
    let mut a = Audit::new((1920.0, 1080.0, false));
    deal::<Duchess>(&mut a, 1, 1, &["rainbow", "gold"]);
    let mut seen = Vec::new();
    let mut named = 0;
    for _ in 0..10 {
        if !next_decision::<Duchess>(&mut a) {
            break;
        }
        a.set(1.25, 0, "en");
        let view = a.app.world().resource::<TableView>();
        let hand: Vec<Entity> = view
            .zones
            .get(&Zone::Hand(0))
            .into_iter()
            .flatten()
            .filter_map(|c| view.cards.get(c).copied())
            .collect();
        named += places_match_the_buttons(&mut a.app, &hand);
        let turn: Vec<CardSeen> = hand.into_iter().map(|e| card_seen(&mut a.app, e)).collect();
        seen.push(turn);
        tap(&mut a.app, KeyCode::Enter);
    }
    let tall: Vec<f32> = seen
        .iter()
        .map(|t| t.iter().map(|c| c.tall).fold(f32::INFINITY, f32::min))
        .collect();
    let smallest = seen
        .iter()
        .flatten()
        .min_by(|a, b| a.smallest_word.total_cmp(&b.smallest_word))
        .cloned();
    let (word, which) = smallest.map_or((f32::INFINITY, ""), |c| (c.smallest_word, c.word));
    println!(
        "sofa: the Duchess duel at 1080p: the own hand turn by turn {:?} px tall, its smallest \
         word {word:.1} px (\"{which}\")",
        tall.iter().map(|t| t.round()).collect::<Vec<_>>()
    );
    assert!(seen.len() >= 4, "{} turns seen", seen.len());
    assert!(
        named >= 4,
        "{named} discard buttons checked against their cards"
    );
    for (i, t) in tall.iter().enumerate() {
        assert!(*t >= 235.0, "turn {}: the hand is {t:.0} px tall", i + 1);
    }
    assert!(word >= 20.0, "the hand's wishes: {word:.1} px");
}

/// Mýkonos of two, three and four on a 720p window at the largest text and a 6% TV margin:
/// the own hand at least 85 px tall at every decision. Of four, its choice of five cards
/// wrapped onto two rows there and the hand measured 75 px; a compact panel now shows the
/// focused card between arrows where that keeps one row.
#[test]
fn mykonos_hand_at_720p_and_the_largest_text() {
    use come_buy::table::mykonos::TableView;
    use come_buy_engine::mykonos::Mykonos;
    let _one = one_at_a_time();
    let mut a = Audit::new((1280.0, 720.0, false));
    let mut low = Vec::new();
    for bots in [1, 2, 3] {
        go(&mut a.app, Screen::Title, Overlay::None);
        deal::<Mykonos>(&mut a, 1, bots, &[]);
        let mut tall = Vec::new();
        for _ in 0..6 {
            if !next_decision::<Mykonos>(&mut a) {
                break;
            }
            a.set(2.0, 6, "en");
            let view = a.app.world().resource::<TableView>();
            let hand: Vec<Entity> = view.hands[0]
                .iter()
                .filter_map(|c| view.cards.get(c).copied())
                .collect();
            let least = hand
                .into_iter()
                .map(|e| card_seen(&mut a.app, e).tall)
                .fold(f32::INFINITY, f32::min);
            tall.push(least);
            tap(&mut a.app, KeyCode::Enter);
        }
        println!(
            "sofa: Mýkonos of {} at 720p, text 2.0, 6% margin: the own hand decision by \
             decision {:?} px tall",
            bots + 1,
            tall.iter().map(|t| t.round()).collect::<Vec<_>>()
        );
        assert!(tall.len() >= 4, "{} decisions seen", tall.len());
        for (i, t) in tall.iter().enumerate() {
            if *t < 85.0 {
                low.push(format!("of {}, decision {}: {t:.0} px", bots + 1, i + 1));
            }
        }
    }
    assert!(low.is_empty(), "the own hand under 85 px tall: {low:?}");
}

/// A discard's button names its card by its place in the hand from the left ("2: keeps 19"):
/// the card the button names stands at that place on the table.
fn places_match_the_buttons(app: &mut App, hand: &[Entity]) -> usize {
    use come_buy::table::duchess::TableView;
    use come_buy_engine::duchess::Action;
    let Some(choice) = app.world().get_resource::<ListChoice<Action>>() else {
        return 0;
    };
    let options = choice.options.clone();
    let seat = choice.seat;
    let x = |app: &App, e: Entity| {
        app.world()
            .get::<GlobalTransform>(e)
            .map_or(0.0, |g| g.translation().x)
    };
    let mut by_x: Vec<Entity> = hand.to_vec();
    by_x.sort_by(|a, b| x(app, *a).total_cmp(&x(app, *b)));
    let view = app.world().resource::<TableView>();
    let m = app.world().resource::<Match<Duchess>>();
    let mut named = 0;
    for a in options {
        let Action::Discard(card) = a else { continue };
        named += 1;
        let label = <Duchess as come_buy::table::kit::Wording>::label(m, seat, &a);
        let n: usize = label.split(':').next().unwrap().trim().parse().unwrap();
        let at = by_x.iter().position(|e| Some(e) == view.cards.get(&card));
        assert_eq!(
            at,
            Some(n - 1),
            "\"{label}\" names the card at place {at:?}"
        );
    }
    named
}
