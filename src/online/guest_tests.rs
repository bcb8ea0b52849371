//! A friend's side of an online table, tested without a network.

use super::*;
use crate::games::{EachGame, GameKind, for_each};
use crate::table::SeatKind;
use come_buy_engine::game::Setup;
use come_buy_online::msg::{Holder, SeatLine};

/// A host that sends states without end (each adding effects, none fresh) cannot make a
/// friend's table keep more than [`MAX_KEPT_EFFECTS`] of them: past the bound the table
/// starts again from the latest world (issue 62: a friend's table kept every state).
/// Every game's table.
#[test]
fn a_friends_table_keeps_a_bounded_history_of_a_host_that_never_stops() {
    struct Bounded;
    impl EachGame for Bounded {
        fn visit<G: TableGame>(&mut self) {
            bounded::<G>();
        }
    }
    for_each(&mut Bounded);
}

fn bounded<G: TableGame>() {
    let players = *GameKind::of::<G>().players().start();
    let setup = Setup {
        players,
        seed: 7,
        variants: vec![],
    };
    let (world, effects) = G::start(&setup).unwrap();
    assert!(!effects.is_empty());
    let world_json = serde_json::to_value(&world).unwrap();
    let effects_json: Vec<_> = effects
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin));
    app.init_state::<Screen>()
        .init_state::<Overlay>()
        .init_resource::<crate::pace::Pace>()
        .add_systems(Update, guest_play::<G>);
    let own = players - 1;
    let mut room = Guest::back("TESTCODE", "Ana", own, "token".into());
    room.game = G::ID.into();
    room.seats = (0..players)
        .map(|i| SeatLine {
            name: format!("P{i}"),
            holder: Holder::Online {
                here: true,
                bot: false,
            },
        })
        .collect();
    // Four times the bound's worth of states, the first one putting the match on the table.
    let states = 4 * MAX_KEPT_EFFECTS / effects.len() + 1;
    let events = (0..states)
        .map(|i| GuestEvent::State {
            step: i as u32,
            world: world_json.clone(),
            effects: effects_json.clone(),
            fresh: i == 0,
        })
        .collect();
    app.insert_resource(OnlineGuest::for_tests(room, Status::Seated, events));
    let mut frames = 0;
    while !app.world().resource::<OnlineGuest>().settled() && frames < states {
        app.update();
        frames += 1;
        let w = app.world();
        let m = w.resource::<Match<G>>();
        let r = w.resource::<Remote<G>>();
        assert!(m.pending.len() <= MAX_KEPT_EFFECTS, "{}", m.pending.len());
        assert!(r.history.len() <= MAX_KEPT_EFFECTS, "{}", r.history.len());
        assert_eq!(m.seats[own].kind, SeatKind::Person);
    }
    // Every state was taken, none refused: a frame takes states up to the bound, then
    // starts again from the latest world and ends there (the first frame only seats us).
    let per_table = MAX_KEPT_EFFECTS / effects.len();
    assert_eq!(frames, 1 + (states - 1).div_ceil(per_table), "{}", G::ID);
}
