//! The Duchess's Necklace at the table, headless: solo and duel games with bots and with
//! people, the table's picture matching the engine, the necklace panels, the hand-over.

use crate::common::*;
use bevy::prelude::*;
use come_buy::anim::CardSide;
use come_buy::cli::Speed;
use come_buy::screens::Screen;
use come_buy::table::SeatKind;
use come_buy::table::duchess::{JewelCard, Match, PanelLine, TableView};
use come_buy::table::handover::Privacy;
use come_buy::table::kit::ListChoice;
use come_buy_engine::duchess::{Action, Duchess, Zone};
use come_buy_engine::game::Game;

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn assert_hands_match_engine(app: &App) {
    let m = app.world().resource::<Match>();
    let view = app.world().resource::<TableView>();
    for s in 0..m.seats.len() {
        let mut shown = view.zone(Zone::Hand(s)).to_vec();
        let mut real = m.game.hands()[s].clone();
        shown.sort();
        real.sort();
        assert_eq!(shown, real, "seat {s}'s hand");
    }
    assert_eq!(view.zone(Zone::Common), &[m.game.common()]);
}

#[test]
fn bots_play_solo_and_duel_with_every_expansion() {
    let variants: [&[&str]; 4] = [&[], &["rainbow"], &["gold"], &["rainbow", "gold"]];
    for players in 1..=2 {
        for (k, v) in variants.iter().enumerate() {
            let mut app = headless();
            let vs: Vec<String> = v.iter().map(|s| s.to_string()).collect();
            start_with::<Duchess>(&mut app, &bots(players), 30 + k as u64, vs, Speed::Instant);
            let cards = app
                .world_mut()
                .query::<&JewelCard>()
                .iter(app.world())
                .count();
            assert_eq!(cards, [18, 20, 22, 24][k]);
            let done = run_until(&mut app, 20_000, |app| screen(app) == Screen::Results);
            assert!(done, "{players} player(s), {v:?}: the results screen");
            assert_hands_match_engine(&app);
            let m = app.world().resource::<Match>();
            let art = app.world().resource::<come_buy::art::Art>();
            let table = <Duchess as come_buy::table::scores::Results>::result_table(m, art);
            let scores = m.game.scores().unwrap();
            assert_eq!(table.rows.len(), players);
            for r in &table.rows {
                assert_eq!(r.total, scores.points[r.seat]);
            }
            assert_eq!(
                table.headline.is_some(),
                players == 1,
                "solo shows the rank"
            );
        }
    }
}

#[test]
fn the_necklace_panel_shows_the_engine_value_of_a_shown_hand() {
    let mut app = headless();
    start_game::<Duchess>(&mut app, &[SeatKind::Person], 4, Speed::Instant);
    let ready = run_until(&mut app, 2_000, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    assert!(ready);
    for _ in 0..5 {
        app.update();
    }
    let m = app.world().resource::<Match>();
    let value = m.game.necklace_of(0).value;
    let lines: Vec<String> = app
        .world_mut()
        .query::<(&PanelLine, &Text2d)>()
        .iter(app.world())
        .filter(|(l, _)| l.0 == 0)
        .map(|(_, t)| t.0.clone())
        .collect();
    assert_eq!(lines.len(), 6);
    assert!(
        lines.iter().filter(|l| !l.is_empty()).count() >= 4,
        "{lines:?}"
    );
    let counter = app
        .world_mut()
        .query::<&come_buy::anim::Counter>()
        .iter(app.world())
        .map(|c| c.target)
        .collect::<Vec<_>>();
    assert!(counter.contains(&(value as f32)), "{counter:?} vs {value}");
    // Solo with the keyboard alone: Enter on every decision reaches the rank.
    let done = run_until(&mut app, 20_000, |app| {
        if screen(app) == Screen::Results {
            return true;
        }
        if app.world().get_resource::<ListChoice<Action>>().is_some() {
            press(app, KeyCode::ArrowRight);
            press(app, KeyCode::Enter);
        }
        false
    });
    assert!(done);
    assert_hands_match_engine(&app);
}

#[test]
fn the_common_cards_wish_stays_on_the_panel_while_a_hand_of_five_discards() {
    let mut app = headless();
    start_game::<Duchess>(&mut app, &people_then_bots(1, 1), 5, Speed::Instant);
    // The person's discard decision: five cards in hand, and the common card beside them.
    let ready = run_until(&mut app, 4_000, |app| {
        match app.world().get_resource::<ListChoice<Action>>() {
            Some(c) if c.seat == 0 => {
                if c.options.iter().all(|a| matches!(a, Action::Discard(_))) {
                    return true;
                }
                let first = c.options[0].clone();
                app.world_mut()
                    .write_message(come_buy::table::kit::Pick(first));
                false
            }
            _ => false,
        }
    });
    assert!(ready, "the person's discard decision");
    for _ in 0..5 {
        app.update();
    }
    let hand = app.world().resource::<Match>().game.hands()[0].len();
    assert_eq!(hand, 5);
    let lines: Vec<(usize, String)> = app
        .world_mut()
        .query::<(&PanelLine, &Text2d)>()
        .iter(app.world())
        .filter(|(l, _)| l.0 == 0)
        .map(|(l, t)| (l.1, t.0.clone()))
        .collect();
    let shown = lines.iter().filter(|(_, t)| !t.is_empty()).count();
    assert_eq!(shown, 6, "five hand cards and the common card: {lines:?}");
    let last = lines.iter().find(|(i, _)| *i == 5).map(|(_, t)| t.clone());
    assert!(
        last.as_deref().is_some_and(|t| !t.is_empty()),
        "the common card's line: {lines:?}"
    );
}

#[test]
fn a_duel_of_two_people_hands_over_and_hides_the_other_hand() {
    let mut app = headless();
    start_game::<Duchess>(
        &mut app,
        &[SeatKind::Person, SeatKind::Person],
        6,
        Speed::Instant,
    );
    let mut handovers = 0;
    let mut near_for = [false, false];
    let done = run_until(&mut app, 30_000, |app| {
        if screen(app) == Screen::Results {
            return true;
        }
        let privacy = app.world().resource::<Privacy>().clone();
        let (hands, known) = {
            let v = app.world().resource::<TableView>();
            (
                [
                    v.zone(Zone::Hand(0)).to_vec(),
                    v.zone(Zone::Hand(1)).to_vec(),
                ],
                v.known.clone(),
            )
        };
        let over = app.world().resource::<Match>().game.is_over();
        for (s, hand) in hands.iter().enumerate() {
            for c in hand {
                if over || privacy.revealed == Some(s) || known[s].contains(c) {
                    continue;
                }
                let e = app.world().resource::<TableView>().cards[c];
                let busy = app.world().get::<come_buy::anim::FlipTween>(e).is_some();
                if !busy {
                    assert!(
                        !app.world().get::<CardSide>(e).unwrap().face_up,
                        "seat {s}'s secret shows"
                    );
                }
            }
        }
        if privacy.waiting_for.is_some() {
            handovers += 1;
            press(app, KeyCode::Enter);
        } else if let Some(seat) = app
            .world()
            .get_resource::<ListChoice<Action>>()
            .map(|c| c.seat)
        {
            // Whoever holds the screen plays from the near side: the large hand at the bottom.
            let bottom = app
                .world()
                .resource::<TableView>()
                .layout
                .as_ref()
                .unwrap()
                .bottom
                .clone();
            assert!(
                bottom[seat],
                "seat {seat} decides from the far row: {bottom:?}"
            );
            near_for[seat] = true;
            press(app, KeyCode::Enter);
        }
        false
    });
    assert!(done, "the duel ends");
    assert!(handovers >= 4, "{handovers} hand-overs");
    assert_eq!(near_for, [true, true], "both people had the near side");
}

#[test]
fn solo_with_a_gamepad_alone_looks_keeps_and_discards() {
    let mut app = headless();
    start_game::<Duchess>(&mut app, &[SeatKind::Person], 9, Speed::Instant);
    let pad = Pad::connect(&mut app);
    let ready = run_until(&mut app, 2_000, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    assert!(ready);
    // Look at the right card, keep the hidden one, give up the first card of the hand.
    pad.push(&mut app, GamepadButton::DPadRight);
    pad.push(&mut app, GamepadButton::South);
    run_until(&mut app, 200, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    pad.push(&mut app, GamepadButton::DPadDown);
    pad.push(&mut app, GamepadButton::South);
    run_until(&mut app, 200, |app| {
        app.world().get_resource::<ListChoice<Action>>().is_some()
    });
    pad.push(&mut app, GamepadButton::South);
    let m = app.world().resource::<Match>();
    assert_eq!(m.actions.len(), 3, "{:?}", m.actions);
    assert_eq!(m.actions[0], Action::Look(1));
    assert_eq!(m.actions[1], Action::KeepUnseen);
    assert!(matches!(m.actions[2], Action::Discard(_)));
    // Once the table has shown it all, its hand is the engine's.
    run_until(&mut app, 200, |app| {
        app.world().resource::<Match>().pending.is_empty()
    });
    app.update();
    assert_hands_match_engine(&app);
}

/// The turn line counts the draw pile as the table shows it, at once: at a person's discard,
/// just after they drew, it already says one card fewer (it used to wait for the next turn).
#[test]
fn the_turn_line_counts_the_pile_as_it_lies() {
    let mut app = headless();
    start_game::<Duchess>(&mut app, &people_then_bots(1, 1), 8, Speed::Instant);
    let mut checked = 0;
    for _ in 0..12 {
        let ok = run_until(&mut app, 3000, |app| {
            app.world().get_resource::<ListChoice<Action>>().is_some()
        });
        if !ok {
            break;
        }
        app.update();
        let pile = app
            .world()
            .resource::<TableView>()
            .zone(Zone::DrawPile)
            .len();
        let mut q = app.world_mut().query::<&Text2d>();
        let line = q
            .iter(app.world())
            .map(|t| t.0.clone())
            .find(|t| t.contains("left to draw"));
        if let Some(line) = line {
            let n: usize = line
                .split_whitespace()
                .rev()
                .nth(3)
                .and_then(|w| w.parse().ok())
                .unwrap_or_else(|| panic!("a count in {line:?}"));
            assert_eq!(n, pile, "{line:?} with {pile} cards on the pile");
            checked += 1;
        }
        press(&mut app, KeyCode::Enter);
    }
    assert!(checked >= 6, "{checked} decisions checked");
}

/// Alone, "Looked at: ..." under this turn's two cards names the card looked at only while it
/// lies there: once kept or given up the line goes (it stayed under an empty place, and under
/// the match's last banner).
#[test]
fn the_looked_at_line_goes_with_the_card() {
    let mut app = headless();
    start_game::<Duchess>(&mut app, &bots(1), 3, Speed::Instant);
    let mut seen = 0;
    for _ in 0..20_000 {
        app.update();
        let world = app.world_mut();
        let looked = world
            .query::<&Text2d>()
            .iter(world)
            .any(|t| t.0.starts_with("Looked at"));
        let view = app.world().resource::<TableView>();
        let in_pair = view
            .looked
            .is_some_and(|c| (0..2).any(|w| view.zone(Zone::Pair(w)).contains(&c)));
        assert!(
            !looked || in_pair,
            "the looked-at line stayed after its card left the pair"
        );
        seen += usize::from(looked);
        if screen(&app) == Screen::Results {
            break;
        }
    }
    assert!(seen > 0, "the line showed while a card looked at lay there");
    assert_eq!(screen(&app), Screen::Results);
}
