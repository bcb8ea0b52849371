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
pub(crate) fn start(app: &mut App, kinds: &[SeatKind], seed: u64, speed: Speed) {
    start_game::<GoblinMarket>(app, kinds, seed, speed);
}

pub(crate) fn idle(app: &App) -> bool {
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
