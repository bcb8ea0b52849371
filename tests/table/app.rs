//! The table's logic, headless: `MinimalPlugins` plus our core plugins, no window, no GPU.
//! Effects must become the right entities and tweens; keys must become the right engine
//! actions; input must wait for the animation queue.

use bevy::prelude::*;
use come_buy::anim::{CardSide, Counter, FlipTween, MoveTween};
use come_buy::cli::Speed;
use come_buy::screens::{Overlay, Screen};
use come_buy::settings::Settings;
use come_buy::table::goblin_market::{CardVisual, CoinCounter, FlyingCoin, Match, TableView};
use come_buy::table::kit::{ListChoice, Pick};
use come_buy::table::{Presenter, SeatKind, queue_idle};
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::{Action, Effect, GoblinMarket, Zone};

type Choice = ListChoice<Action>;
use crate::common::*;

/// Starts a Goblin Market match at the table.
fn start(app: &mut App, kinds: &[SeatKind], seed: u64, speed: Speed) {
    start_game::<GoblinMarket>(app, kinds, seed, speed);
}

fn idle(app: &App) -> bool {
    queue_idle(
        app.world().resource::<Match>(),
        app.world().resource::<Presenter>(),
    )
}

/// Every seat's cards as the table shows them are the cards the engine says they own.
fn assert_view_matches_engine(app: &App) {
    let m = app.world().resource::<Match>();
    let view = app.world().resource::<TableView>();
    for (s, owned) in m.game.owned().iter().enumerate() {
        let mut shown = view.zone(Zone::Player(s)).to_vec();
        let mut real = owned.clone();
        shown.sort();
        real.sort();
        assert_eq!(shown, real, "seat {s}");
    }
}

#[test]
fn the_table_spawns_every_card_and_seat() {
    let mut app = headless();
    start(&mut app, &bots(4), 1, Speed::Times(1.0));
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    let cards = app
        .world_mut()
        .query::<&CardVisual>()
        .iter(app.world())
        .count();
    assert_eq!(cards, 44, "36 auction cards and 8 goblin cards");
    let counters = app
        .world_mut()
        .query::<&CoinCounter>()
        .iter(app.world())
        .count();
    assert_eq!(counters, 4);
}

#[test]
fn effects_become_moves_flips_and_coin_flights() {
    let mut app = headless();
    start(&mut app, &bots(3), 2, Speed::Times(1.0));
    // The first effects: starting coins fly from the bank to every seat.
    let flew = run_until(&mut app, 40, |app| {
        app.world_mut()
            .query::<&FlyingCoin>()
            .iter(app.world())
            .count()
            > 0
    });
    assert!(flew, "coins fly for the starting coins");
    // The size card glides to its slot and flips face up.
    let size_card = {
        let m = app.world().resource::<Match>();
        m.game
            .view(None)
            .size_card
            .expect("first auction has a size card")
    };
    let entity = app.world().resource::<TableView>().cards[&size_card];
    let moved = run_until(&mut app, 200, |app| {
        app.world().get::<MoveTween>(entity).is_some()
    });
    assert!(moved, "the size card gets a move tween");
    let layout = app.world().resource::<TableView>().layout.clone().unwrap();
    let (slot, _) = layout.slot(Zone::SizeCard, 0, 1);
    assert_eq!(app.world().get::<MoveTween>(entity).unwrap().to, slot);
    let flipped = run_until(&mut app, 200, |app| {
        app.world().get::<FlipTween>(entity).is_some()
    });
    assert!(flipped, "the size card gets a flip tween");
    let face_up = run_until(&mut app, 200, |app| {
        app.world().get::<CardSide>(entity).unwrap().face_up
    });
    assert!(face_up);
    // Counters roll to the coins each seat holds once the queue is idle.
    assert!(run_until(&mut app, 600, |app| idle(app)));
    for _ in 0..40 {
        app.update();
    }
    let coins: Vec<u32> = app.world().resource::<Match>().game.coins().to_vec();
    let mut q = app.world_mut().query::<(&Counter, &CoinCounter)>();
    for (c, cc) in q.iter(app.world()) {
        assert_eq!(c.target, coins[cc.0] as f32);
        assert_eq!(c.shown, c.target, "counter rolled to its target");
    }
}

/// Plays until it is a person's turn with an idle queue; returns that seat.
fn until_person_choice(app: &mut App) -> usize {
    assert!(
        run_until(app, 2000, |app| app
            .world()
            .get_resource::<Choice>()
            .is_some()),
        "a person's choice appears"
    );
    app.world().resource::<Choice>().seat
}

#[test]
fn keys_become_engine_actions_and_input_waits_for_the_queue() {
    let mut app = headless();
    start(
        &mut app,
        &[SeatKind::Person, SeatKind::Person, SeatKind::Person],
        3,
        Speed::Times(4.0),
    );
    // Right after the start the queue is busy: Enter does nothing.
    assert!(!idle(&app));
    press(&mut app, KeyCode::Enter);
    assert!(
        app.world().resource::<Match>().actions.is_empty(),
        "input waits for the queue"
    );
    let seat = until_person_choice(&mut app);
    assert_eq!(
        app.world().resource::<Match>().game.current_player(),
        Some(seat)
    );
    // Right raises the bid from 1 to 3, Left lowers it to 2, Enter bids.
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(app.world().resource::<Choice>().amount.unwrap().value, 2);
    tap(&mut app, KeyCode::Enter);
    let m = app.world().resource::<Match>();
    assert_eq!(m.actions, vec![Action::Bid(2)]);
    assert!(matches!(
        m.pending.front(),
        Some(Effect::BidMade { amount: 2, .. })
    ));
    // The next person: Down moves focus to Pass, Enter passes.
    let next = until_person_choice(&mut app);
    assert_ne!(next, seat);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.world().resource::<Match>().actions.last(),
        Some(&Action::Pass)
    );
}

#[test]
fn a_click_on_an_option_applies_it_and_illegal_clicks_change_nothing() {
    let mut app = headless();
    start(
        &mut app,
        &[SeatKind::Person, SeatKind::Person, SeatKind::Person],
        5,
        Speed::Instant,
    );
    until_person_choice(&mut app);
    // A take-all click during bidding is not legal: refused, nothing changes.
    app.world_mut().write_message(Pick(Action::TakeAll));
    app.update();
    assert!(app.world().resource::<Match>().actions.is_empty());
    assert!(app.world().resource::<Match>().last_error.is_some());
    app.world_mut().write_message(Pick(Action::Pass));
    app.update();
    assert_eq!(app.world().resource::<Match>().actions, vec![Action::Pass]);
}

#[test]
fn bots_play_a_whole_game_to_the_results_screen() {
    let mut app = headless();
    start(&mut app, &bots(4), 7, Speed::Instant);
    let done = run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    });
    assert!(done, "the game reaches the results screen");
    let m = app.world().resource::<Match>();
    assert!(m.game.is_over());
    assert!(m.game.scores().is_some());
    assert!(m.pending.is_empty());
    let art = app.world().resource::<come_buy::art::Art>();
    let table = <GoblinMarket as come_buy::table::scores::Results>::result_table(m, art);
    let rows = &table.rows;
    assert_eq!(rows.len(), 4);
    assert!(rows[0].winner);
    assert_eq!(table.columns.len(), 6, "one column per suit");
    let scores = m.game.scores().unwrap();
    for r in rows {
        assert_eq!(r.total, scores.points[r.seat]);
        assert_eq!(r.winner, scores.winners.contains(&r.seat));
    }
    // The table's view tracked the engine: every owned card is displayed at its owner.
    assert_view_matches_engine(&app);
}

#[test]
fn escape_pauses_the_table_and_stops_the_queue() {
    let mut app = headless();
    start(&mut app, &bots(3), 9, Speed::Times(1.0));
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::Pause
    );
    let shown = app.world().resource::<Presenter>().shown;
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Presenter>().shown,
        shown,
        "nothing is presented while paused"
    );
    press(&mut app, KeyCode::Escape);
    assert_eq!(
        *app.world().resource::<State<Overlay>>().get(),
        Overlay::None
    );
    for _ in 0..30 {
        app.update();
    }
    assert!(app.world().resource::<Presenter>().shown > shown);
}

#[test]
fn a_gamepad_alone_can_bid() {
    let mut app = headless();
    start(
        &mut app,
        &[SeatKind::Person, SeatKind::Person, SeatKind::Person],
        4,
        Speed::Instant,
    );
    until_person_choice(&mut app);
    let pad = Pad::connect(&mut app);
    // Start from the lowest bid, then two steps up.
    for _ in 0..30 {
        pad.push(&mut app, GamepadButton::DPadLeft);
    }
    let min = app.world().resource::<Choice>().amount.unwrap().min;
    pad.push(&mut app, GamepadButton::DPadRight);
    pad.push(&mut app, GamepadButton::DPadRight);
    assert_eq!(
        app.world().resource::<Choice>().amount.unwrap().value,
        min + 2
    );
    pad.push(&mut app, GamepadButton::South);
    assert_eq!(
        app.world().resource::<Match>().actions,
        vec![Action::Bid(min + 2)]
    );
}

#[test]
fn a_continued_match_shows_its_history_at_once_then_plays_on() {
    use come_buy::save::{load, record_of};
    // A match 30 moves in, saved and restored as the title screen's Continue does.
    let mut m = Match::new(seats(&bots(4)), 21, vec![]).unwrap();
    for _ in 0..30 {
        let seat = m.game.current_player().unwrap();
        let a = m.game.legal_actions()[0].clone();
        m.act(seat, a).unwrap();
    }
    let text = record_of(&m).to_ron();
    let mut restored = load::<GoblinMarket>(&text).unwrap();
    restored.restored = true;
    let mut app = headless();
    app.insert_resource(Settings::default());
    let history = restored.pending.len();
    app.insert_resource(restored);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    app.update();
    assert!(
        app.world().resource::<Presenter>().shown >= history,
        "the whole history ({history} effects) was shown in the first frame"
    );
    for _ in 0..3 {
        app.update();
    }
    assert_view_matches_engine(&app);
    // The table as it is: no banner from the history, at most one remark per seat.
    let banners = app
        .world_mut()
        .query::<&come_buy::table::kit::Banner>()
        .iter(app.world())
        .count();
    assert_eq!(banners, 0, "old banners are cleared after catching up");
    let mut per_seat = std::collections::HashMap::new();
    for b in app
        .world_mut()
        .query::<&come_buy::table::kit::Bubble>()
        .iter(app.world())
    {
        *per_seat.entry(b.0).or_insert(0) += 1;
    }
    assert!(
        per_seat.values().all(|&n| n == 1),
        "one bubble per seat at most: {per_seat:?}"
    );
    assert_eq!(
        app.world().resource::<come_buy::anim::AnimClock>().speed,
        Speed::Times(1.0),
        "back to the chosen speed"
    );
    let before = app.world().resource::<Match>().actions.len();
    assert!(run_until(&mut app, 400, |app| app
        .world()
        .resource::<Match>()
        .actions
        .len()
        > before));
}

/// Fast-forward (the autoplay's, a replay's jump) shows many effects in one frame: the table
/// must then stand exactly where a slow showing would have left it.
#[test]
fn fast_forward_ends_where_a_slow_showing_ends() {
    let mut app = headless();
    start(&mut app, &bots(4), 3, Speed::Times(4.0));
    app.world_mut().resource_mut::<Presenter>().skip_to = Some(150);
    let caught_up = run_until(&mut app, 3000, |app| {
        app.world().resource::<Presenter>().shown >= 150
    });
    assert!(caught_up, "150 effects shown");
    let frames_to_catch_up = app.world().resource::<Presenter>().shown;
    assert!(frames_to_catch_up >= 150);
    // What the skipped effects set moving has landed; the next effects play at speed.
    for _ in 0..4 {
        app.update();
    }
    assert!(run_until(&mut app, 600, |app| idle(app)));
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    let (m, view) = (
        app.world().resource::<Match>(),
        app.world().resource::<TableView>(),
    );
    assert!(!m.game.is_over(), "stopped mid-match");
    let mut cards = 0;
    for s in 0..m.seats.len() {
        for c in view.zone(Zone::Player(s)) {
            let e = view.cards[c];
            if app.world().get::<FlipTween>(e).is_some() {
                continue;
            }
            assert!(
                app.world().get::<CardSide>(e).unwrap().face_up,
                "seat {s}'s card {c:?} is face up"
            );
            cards += 1;
        }
    }
    assert!(cards >= 4, "cards were won while skipping ({cards})");
}

/// A bot's decision is for the match it was made for: when the match is replaced while the
/// bot thinks, the decision is thrown away and the bot thinks again about the new one.
#[test]
fn a_stale_bot_decision_is_dropped() {
    use come_buy::table::{Bots, SeatInfo};
    let mut app = headless();
    start(&mut app, &bots(3), 5, Speed::Instant);
    let thinking = run_until(&mut app, 400, |app| {
        app.world().resource::<Bots<GoblinMarket>>().thinking()
    });
    assert!(thinking, "a bot starts thinking");
    // The same table again (same seats and seed): only the match's identity differs.
    let (seats, seed): (Vec<SeatInfo>, u64) = {
        let m = app.world().resource::<Match>();
        (m.seats.clone(), m.setup.seed)
    };
    let fresh = Match::new(seats, seed, vec![]).unwrap();
    let before = fresh.actions.len();
    app.world_mut().insert_resource(fresh);
    let acted = run_until(&mut app, 400, |app| {
        app.world().resource::<Match>().actions.len() > before
    });
    assert!(acted, "the bot thinks again and plays on the new match");
    assert_eq!(app.world().resource::<Bots<GoblinMarket>>().dropped, 1);
}

/// A seat that names a bot the game does not have is refused when the match is made.
#[test]
fn an_unknown_bot_is_refused() {
    use come_buy::table::{SeatInfo, SetupError};
    let seats: Vec<SeatInfo> = ["Ana", "Bram", "Cleo"]
        .iter()
        .enumerate()
        .map(|(i, n)| SeatInfo {
            name: n.to_string(),
            color: i,
            kind: SeatKind::Bot(if i == 1 { "grandmaster" } else { "normal" }.into()),
        })
        .collect();
    let err = Match::new(seats, 1, vec![]).unwrap_err();
    assert_eq!(
        err,
        SetupError::UnknownBot {
            seat: 1,
            name: "grandmaster".into()
        }
    );
    assert!(err.to_string().contains("grandmaster"), "{err}");
}

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
