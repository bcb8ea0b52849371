//! Mýkonos at the table, headless: the bots play whole games to the results screen with the
//! table's picture of hands, quay and money matching the engine; a person chooses with the
//! keyboard alone; two people at one screen get the hand-over screen and never see each
//! other's hands.

use crate::common::*;
use bevy::prelude::*;
use come_buy::anim::CardSide;
use come_buy::cli::Speed;
use come_buy::screens::Screen;
use come_buy::table::handover::Privacy;
use come_buy::table::kit::ListChoice;
use come_buy::table::mykonos::{Match, Meeple, PokerCard, TableView};
use come_buy::table::{Presenter, SeatKind, queue_idle};
use come_buy_engine::game::Game;
use come_buy_engine::mykonos::{Action, Mykonos, Worker};

fn start(app: &mut App, kinds: &[SeatKind], seed: u64, speed: Speed) {
    start_game::<Mykonos>(app, kinds, seed, speed);
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn face_up(app: &mut App, card: come_buy_engine::mykonos::cards::Card) -> bool {
    let e = app.world().resource::<TableView>().cards[&card];
    app.world().get::<CardSide>(e).unwrap().face_up
}

/// The table's hands and money are the engine's once the queue is empty.
fn assert_view_matches_engine(app: &App) {
    let m = app.world().resource::<Match>();
    let view = app.world().resource::<TableView>();
    let spectator = m.game.view(None);
    for s in 0..m.seats.len() {
        let mut shown = view.hands[s].clone();
        let mut real = m.game.view(Some(s)).hand.unwrap();
        shown.sort();
        real.sort();
        assert_eq!(shown, real, "seat {s}'s hand");
        assert_eq!(view.money[s], spectator.money[s] as i64, "seat {s}'s money");
    }
    let mut discard = view.discard.clone();
    let mut real = spectator.discard.clone();
    discard.sort();
    real.sort();
    assert_eq!(discard, real, "the discard pile");
}

#[test]
fn bots_play_whole_games_at_every_player_count() {
    for players in 2..=4 {
        let mut app = headless();
        start(
            &mut app,
            &bots(players),
            11 + players as u64,
            Speed::Instant,
        );
        let meeples = app
            .world_mut()
            .query::<&Meeple>()
            .iter(app.world())
            .filter(|m| m.0 == Worker::Neutral)
            .count();
        assert_eq!(meeples, if players == 2 { 4 } else { 0 }, "neutral crew");
        let cards = app
            .world_mut()
            .query::<&PokerCard>()
            .iter(app.world())
            .count();
        assert_eq!(cards, [36, 44, 52][players - 2]);
        let done = run_until(&mut app, 40_000, |app| screen(app) == Screen::Results);
        assert!(done, "{players} players reach the results screen");
        assert!(app.world().resource::<Match>().game.is_over());
        assert_view_matches_engine(&app);
        let m = app.world().resource::<Match>();
        let art = app.world().resource::<come_buy::art::Art>();
        let table = <Mykonos as come_buy::table::scores::Results>::result_table(m, art);
        let scores = m.game.scores().unwrap();
        assert_eq!(table.rows.len(), players);
        assert!(table.rows[0].winner);
        for r in &table.rows {
            assert_eq!(r.total, scores.points[r.seat]);
        }
    }
}

#[test]
fn one_person_sees_their_own_hand_and_plays_with_the_keyboard() {
    let mut app = headless();
    let kinds = [SeatKind::Person, SeatKind::Bot("normal".into())];
    start(&mut app, &kinds, 5, Speed::Instant);
    // Wait for the person's first decision.
    let ready = run_until(&mut app, 2_000, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    assert!(ready, "the person gets a choice");
    assert_eq!(
        app.world().resource::<Privacy>().revealed,
        Some(0),
        "the only person's hand is simply shown"
    );
    // Settle the flips, then check faces: own hand up, the bot's secret cards down.
    for _ in 0..20 {
        app.update();
    }
    let (mine, theirs) = {
        let v = app.world().resource::<TableView>();
        (v.hands[0].clone(), v.hands[1].clone())
    };
    assert_eq!(mine.len(), 2);
    for c in mine {
        assert!(face_up(&mut app, c), "own card {c:?} is shown");
    }
    for c in theirs {
        assert!(
            !face_up(&mut app, c),
            "the bot's secret card {c:?} is hidden"
        );
    }
    // Right then Enter places a worker on the card after the one first in focus.
    let before = app.world().resource::<Match>().actions.len();
    let want = {
        let c = app.world().resource::<ListChoice<Action>>();
        c.options[(c.focus + 1) % c.options.len()].clone()
    };
    press(&mut app, KeyCode::ArrowRight);
    press(&mut app, KeyCode::Enter);
    let m = app.world().resource::<Match>();
    assert_eq!(m.actions.len(), before + 1);
    assert_eq!(m.actions[before], want);
    // The person keeps playing with Enter alone to the end.
    let done = run_until(&mut app, 60_000, |app| {
        if screen(app) == Screen::Results {
            return true;
        }
        if app.world().get_resource::<ListChoice<Action>>().is_some() {
            press(app, KeyCode::Enter);
        }
        false
    });
    assert!(done, "a whole game with the keyboard alone");
    assert_view_matches_engine(&app);
}

#[test]
fn two_people_hand_over_the_screen_and_never_see_each_others_hands() {
    let mut app = headless();
    start(
        &mut app,
        &[SeatKind::Person, SeatKind::Person],
        8,
        Speed::Instant,
    );
    let mut handovers = 0;
    let mut decisions = 0;
    let done = run_until(&mut app, 60_000, |app| {
        if screen(app) == Screen::Results || decisions >= 40 {
            return true;
        }
        let privacy = app.world().resource::<Privacy>().clone();
        let view_hands = app.world().resource::<TableView>().hands.clone();
        let known = app.world().resource::<TableView>().known.clone();
        // Whatever happens, a secret card of a seat that has not taken the screen is face down
        // (once its flip has finished).
        for (s, hand) in view_hands.iter().enumerate() {
            for c in hand {
                if privacy.revealed != Some(s) && !known[s].contains(c) {
                    let e = app.world().resource::<TableView>().cards[c];
                    let flipping = app.world().get::<come_buy::anim::FlipTween>(e).is_some();
                    let moving = app.world().get::<come_buy::anim::MoveTween>(e).is_some();
                    if !flipping && !moving {
                        assert!(!face_up(app, *c), "seat {s}'s secret {c:?} shows");
                    }
                }
            }
        }
        if let Some(w) = privacy.waiting_for {
            // The cover is up: no choice exists, so no key can act for the waiting person.
            assert!(app.world().get_resource::<ListChoice<Action>>().is_none());
            assert_eq!(privacy.revealed, None);
            let m = app.world().resource::<Match>();
            assert_eq!(m.game.current_player(), Some(w));
            handovers += 1;
            press(app, KeyCode::Enter);
            assert_eq!(app.world().resource::<Privacy>().revealed, Some(w));
        } else if app.world().get_resource::<ListChoice<Action>>().is_some() {
            let seat = app.world().resource::<ListChoice<Action>>().seat;
            assert_eq!(
                privacy.revealed,
                Some(seat),
                "only the chooser's hand is open"
            );
            decisions += 1;
            press(app, KeyCode::Enter);
        }
        false
    });
    assert!(done);
    assert!(handovers >= 10, "the screen was handed over ({handovers})");
    assert!(decisions >= 40);
}

#[test]
fn the_queue_waits_for_the_animations_before_a_person_acts() {
    let mut app = headless();
    let kinds = people_then_bots(1, 2);
    start(&mut app, &kinds, 3, Speed::Times(4.0));
    let ready = run_until(&mut app, 4_000, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    assert!(ready);
    assert!(queue_idle(
        app.world().resource::<Match>(),
        app.world().resource::<Presenter>()
    ));
    // An illegal pick changes nothing.
    let before = app.world().resource::<Match>().actions.len();
    app.world_mut()
        .write_message(come_buy::table::kit::Pick(Action::Buy));
    app.update();
    assert_eq!(app.world().resource::<Match>().actions.len(), before);
    assert!(app.world().resource::<Match>().last_error.is_some());
}

#[test]
fn every_worker_is_home_once_the_purchases_are_settled() {
    use come_buy_engine::mykonos::Phase;
    for players in [2, 3] {
        let mut app = headless();
        start(
            &mut app,
            &bots(players),
            40 + players as u64,
            Speed::Times(4.0),
        );
        let mut checked = 0;
        let done = run_until(&mut app, 60_000, |app| {
            if screen(app) != Screen::Table {
                return true;
            }
            let m = app.world().resource::<Match>();
            let idle = queue_idle(m, app.world().resource::<Presenter>());
            if idle && m.game.view(None).phase == Phase::Demand {
                // Every worker in a queue stands (or is heading) at its place in that queue.
                let view = app.world().resource::<TableView>();
                let layout = view.layout.clone().unwrap();
                let queues = view.queues.clone();
                let engine_queues = m.game.view(None).queues;
                for (slot, q) in queues.iter().enumerate() {
                    assert_eq!(q.len(), engine_queues[slot].len(), "slot {slot}");
                    for (pos, (_, e)) in q.iter().enumerate() {
                        let at = match app.world().get::<come_buy::anim::MoveTween>(*e) {
                            Some(tw) => tw.to,
                            None => app.world().get::<Transform>(*e).unwrap().translation,
                        };
                        assert!(
                            at.truncate()
                                .distance(layout.queue_spot(slot, pos).truncate())
                                < 1.0,
                            "slot {slot} #{pos} is at {at}"
                        );
                    }
                }
            }
            if idle && m.game.view(None).phase == Phase::Sales {
                let view = app.world().resource::<TableView>();
                assert!(view.queues.iter().all(Vec::is_empty), "queues empty");
                let layout = view.layout.clone().unwrap();
                let homes = view.home.clone();
                for (w, list) in homes {
                    for (k, e) in list.iter().enumerate() {
                        // Home already, or on its way there.
                        let at = match app.world().get::<come_buy::anim::MoveTween>(*e) {
                            Some(tw) => tw.to,
                            None => app.world().get::<Transform>(*e).unwrap().translation,
                        };
                        assert!(
                            at.truncate().distance(layout.home(w, k).truncate()) < 1.0,
                            "{w:?} #{k} is at {at}, not home"
                        );
                    }
                }
                let total: usize = app
                    .world()
                    .resource::<TableView>()
                    .home
                    .values()
                    .map(Vec::len)
                    .sum();
                assert_eq!(total, players * 4 + if players == 2 { 4 } else { 0 });
                checked += 1;
                // Move on past this Sales phase.
                return checked >= 3;
            }
            false
        });
        assert!(
            done && checked >= 1,
            "{players} players: checked {checked} rounds"
        );
    }
}

#[test]
fn two_people_play_with_one_gamepad_alone() {
    let mut app = headless();
    start(
        &mut app,
        &[SeatKind::Person, SeatKind::Person],
        12,
        Speed::Instant,
    );
    let pad = Pad::connect(&mut app);
    // The hand-over screen: A takes it.
    let waiting = run_until(&mut app, 2_000, |app| {
        app.world().resource::<Privacy>().waiting_for.is_some()
    });
    assert!(waiting);
    pad.push(&mut app, GamepadButton::South);
    let ready = run_until(&mut app, 100, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    assert!(ready, "after A the choice is offered");
    // D-pad right twice, A: a worker two cards along from the one first in focus.
    let want = {
        let c = app.world().resource::<ListChoice<Action>>();
        c.options[(c.focus + 2) % c.options.len()].clone()
    };
    pad.push(&mut app, GamepadButton::DPadRight);
    pad.push(&mut app, GamepadButton::DPadRight);
    pad.push(&mut app, GamepadButton::South);
    let m = app.world().resource::<Match>();
    assert_eq!(m.actions, vec![want]);
    // Then the pad alone (A for every hand-over and every choice) finishes the game.
    let done = run_until(&mut app, 60_000, |app| {
        if screen(app) == Screen::Results {
            return true;
        }
        let cover = app.world().resource::<Privacy>().waiting_for.is_some();
        let choice = app.world().get_resource::<ListChoice<Action>>().is_some();
        if cover || choice {
            pad.push(app, GamepadButton::South);
        }
        false
    });
    assert!(done, "a whole game with a gamepad");
}

#[test]
fn the_sale_choice_opens_on_the_normal_bots_pick_with_no_sale_first() {
    let mut app = headless();
    start(
        &mut app,
        &[SeatKind::Person, SeatKind::Bot("normal".into())],
        31,
        Speed::Instant,
    );
    let mut sales_seen = 0;
    for _ in 0..3000 {
        app.update();
        let Some(choice) = app.world().get_resource::<ListChoice<Action>>().cloned() else {
            continue;
        };
        let m = app.world().resource::<Match>();
        let legal = m.game.legal_actions();
        let bot = come_buy::table::kit::suggestion(m, choice.seat, &legal).unwrap();
        assert_eq!(
            choice.focused::<come_buy_engine::mykonos::Mykonos>(),
            Some(bot.clone()),
            "the focus starts on the Normal bot's choice"
        );
        if choice.options.contains(&Action::NoSale) {
            sales_seen += 1;
            assert_eq!(choice.options[0], Action::NoSale, "No sale comes first");
        }
        press(&mut app, KeyCode::Enter);
        if sales_seen >= 3 || screen(&app) == Screen::Results {
            break;
        }
    }
    assert!(sales_seen >= 1, "a sale decision came up");
}

#[test]
fn a_hint_puts_the_focus_on_the_hard_bots_pick_and_says_why() {
    use come_buy_engine::bots::{Decision, WithBots};
    let mut app = headless();
    let kinds = [SeatKind::Person, SeatKind::Bot("normal".into())];
    start(&mut app, &kinds, 9, Speed::Instant);
    let ready = run_until(&mut app, 2_000, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    assert!(ready, "the person gets a choice");
    // Move the focus off the suggestion first, so that the hint has to move it.
    press(&mut app, KeyCode::ArrowRight);
    let before = app.world().resource::<Match>().actions.len();
    press(&mut app, KeyCode::KeyH);
    let hinted = run_until(&mut app, 2_000, |app| {
        app.world().resource::<ListChoice<Action>>().hint.is_some()
    });
    assert!(hinted, "the hint comes");
    let m = app.world().resource::<Match>();
    assert_eq!(m.actions.len(), before, "a hint never plays");
    // The focus is on what the Hard bot, seeded alike, picks for this decision.
    let d = Decision::of(&m.game).unwrap();
    let seed = come_buy_engine::rng::Rng::derive(m.setup.seed, 2000 + before as u64).next_u64();
    let want = Mykonos::bot("hard", seed).unwrap().advise(&d).action;
    let c = app.world().resource::<ListChoice<Action>>();
    assert_eq!(c.options[c.focus], want);
    let line = c.hint.clone().unwrap();
    assert!(
        line.starts_with("Hint: ") && line.contains("imagined"),
        "{line}"
    );
    eprintln!("{line}");
    // With a reason in the game's terms, from the Normal bot's reading of that move.
    let v = m.game.view(Some(d.seat));
    assert!(come_buy_engine::mykonos::bot::reason(&v, &want).is_some());
    let reason = line.split_once(": ").and_then(|(_, r)| r.split_once(": "));
    assert!(
        reason.is_some_and(|(_, r)| r.contains('$') || r.contains("cards")),
        "{line}"
    );
    // Asking again does nothing more; Enter plays the hinted move.
    press(&mut app, KeyCode::KeyH);
    press(&mut app, KeyCode::Enter);
    let m = app.world().resource::<Match>();
    assert_eq!(m.actions.len(), before + 1);
    assert_eq!(m.actions[before], want);
}

#[test]
fn a_hard_bot_thinks_a_slice_per_frame_where_there_are_no_threads() {
    use come_buy::table::ThinkInSlices;
    use come_buy_engine::bots::{Decision, WithBots};
    let mut app = headless();
    app.world_mut().insert_resource(ThinkInSlices {
        on: true,
        ms_per_frame: 0.5,
        ..Default::default()
    });
    let kinds = [SeatKind::Bot("hard".into()), SeatKind::Bot("hard".into())];
    start(&mut app, &kinds, 4, Speed::Instant);
    // The first decision with a real choice, as the engine sees it before the bot acts.
    let mut first: Option<(usize, Decision<Mykonos>, u64)> = None;
    let done = run_until(&mut app, 20_000, |app| {
        let m = app.world().resource::<Match>();
        if first.is_none() {
            if let Some(d) = Decision::of(&m.game).filter(|d| d.legal.len() > 1) {
                let seed =
                    come_buy_engine::rng::Rng::derive(m.setup.seed, d.seat as u64 + 1).next_u64();
                first = Some((m.actions.len(), d, seed));
            }
            return false;
        }
        m.actions.len() > first.as_ref().unwrap().0
    });
    assert!(done, "the bot decides");
    let (step, d, seed) = first.unwrap();
    let slices = app.world().resource::<ThinkInSlices>().slices;
    assert!(
        slices >= 3,
        "the decision took several frames ({slices} slices)"
    );
    // Slicing changes nothing: the same move as thinking in one go.
    let want = Mykonos::bot("hard", seed).unwrap().decide(&d);
    assert_eq!(app.world().resource::<Match>().actions[step], want);
    // The figures of sliced thinking are kept.
    let s = app.world().resource::<ThinkInSlices>();
    assert!(s.decisions >= 1 && s.longest_decision_ms > 0.0, "{s:?}");
}

#[test]
fn a_hint_thinks_a_slice_per_frame_where_there_are_no_threads() {
    use come_buy::table::ThinkInSlices;
    use come_buy_engine::bots::{Decision, WithBots};
    let mut app = headless();
    app.world_mut().insert_resource(ThinkInSlices {
        on: true,
        ms_per_frame: 0.5,
        ..Default::default()
    });
    let kinds = [SeatKind::Person, SeatKind::Bot("normal".into())];
    start(&mut app, &kinds, 9, Speed::Instant);
    let ready = run_until(&mut app, 2_000, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    assert!(ready, "the person gets a choice");
    let before = app.world().resource::<ThinkInSlices>().slices;
    press(&mut app, KeyCode::KeyH);
    let hinted = run_until(&mut app, 20_000, |app| {
        app.world().resource::<ListChoice<Action>>().hint.is_some()
    });
    assert!(hinted, "the hint comes");
    let slices = app.world().resource::<ThinkInSlices>().slices;
    let m = app.world().resource::<Match>();
    let d = Decision::of(&m.game).unwrap();
    let step = m.actions.len() as u64;
    let seed = come_buy_engine::rng::Rng::derive(m.setup.seed, 2000 + step).next_u64();
    let want = Mykonos::bot("hard", seed).unwrap().advise(&d);
    let c = app.world().resource::<ListChoice<Action>>();
    assert_eq!(
        c.options[c.focus], want.action,
        "the same pick as in one go"
    );
    let line = c.hint.clone().unwrap();
    let percent = format!("{}%", (want.value.unwrap() * 100.0).round() as i64);
    assert!(line.contains(&percent), "{line} / {percent}");
    // The bot is a Normal one (it never slices): every slice since the press was the hint's.
    assert!(slices - before >= 3, "{} slices", slices - before);
}

#[test]
fn the_persons_hand_grows_out_of_its_plaque_while_they_choose_a_sale() {
    use come_buy::table::mykonos::HAND_FOCUS;
    let mut app = headless();
    start(
        &mut app,
        &[SeatKind::Person, SeatKind::Bot("normal".into())],
        31,
        Speed::Instant,
    );
    let scales = |app: &App| -> Vec<(f32, f32)> {
        let view = app.world().resource::<TableView>();
        view.hands[0]
            .iter()
            .map(|c| {
                let tf = app.world().get::<Transform>(view.cards[c]).unwrap();
                (tf.scale.y, tf.translation.y)
            })
            .collect()
    };
    let mut seen = false;
    for _ in 0..3000 {
        app.update();
        let Some(choice) = app.world().get_resource::<ListChoice<Action>>().cloned() else {
            continue;
        };
        if !choice.options.contains(&Action::NoSale) {
            press(&mut app, KeyCode::Enter);
            continue;
        }
        for _ in 0..30 {
            app.update();
        }
        let layout = app.world().resource::<TableView>().layout.clone().unwrap();
        let hand = layout.hand_scale(0);
        // The near plaque's cards: 213 px on the 1080p table, rising to 245.
        assert!(come_buy::art::CARD.y * hand >= 200.0);
        let n = app.world().resource::<TableView>().hands[0].len();
        for (i, (scale, y)) in scales(&app).into_iter().enumerate() {
            assert!(
                (scale - hand * HAND_FOCUS).abs() < 0.01,
                "card {i}: scale {scale}"
            );
            assert!(
                y > layout.hand(0, i, n).y + 100.0,
                "card {i} rose out of the plaque"
            );
        }
        press(&mut app, KeyCode::Enter);
        for _ in 0..30 {
            app.update();
        }
        if app
            .world()
            .get_resource::<ListChoice<Action>>()
            .is_none_or(|c| !c.options.contains(&Action::NoSale))
        {
            for (scale, _) in scales(&app) {
                assert!((scale - hand).abs() < 0.01, "back to its size: {scale}");
            }
        }
        seen = true;
        break;
    }
    assert!(seen, "a sale decision came up");
}
