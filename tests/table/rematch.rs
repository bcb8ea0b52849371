//! "Play again" keeps the seats and passes the start: the rematch is a new deal at which the
//! seat after the last match's first player begins, in every game; and the next new game
//! deals afresh.

use crate::common::*;
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::screens::Screen;
use come_buy::screens::new_game::GameSetup;
use come_buy::screens::results::{first_player, rematch_seed};
use come_buy::table::{Match, SeatKind, TableGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;

fn passes_the_start<G: TableGame>(players: usize) {
    for seed in 0..20 {
        let m = Match::<G>::new(seats(&bots(players)), seed, vec![]).unwrap();
        let first = first_player::<G>(&m.setup).unwrap();
        let again = rematch_seed(&m);
        assert_ne!(again, seed, "a new deal");
        let mut setup = m.setup.clone();
        setup.seed = again;
        assert_eq!(
            first_player::<G>(&setup),
            Some((first + 1) % players),
            "{} seed {seed}",
            G::ID
        );
        assert_eq!(rematch_seed(&m), again, "the same match, the same rematch");
    }
}

#[test]
fn the_rematch_passes_the_start_to_the_next_seat() {
    for n in 3..=6 {
        passes_the_start::<GoblinMarket>(n);
    }
    for n in 2..=4 {
        passes_the_start::<Mykonos>(n);
    }
    passes_the_start::<Duchess>(2);
}

#[test]
fn play_again_keeps_the_seats_and_passes_the_start() {
    let mut app = headless();
    let kinds = [SeatKind::Bot("normal".into()), SeatKind::Bot("easy".into())];
    start_game::<Duchess>(&mut app, &kinds, 3, Speed::Instant);
    let (first, seats) = {
        let m = app.world().resource::<Match<Duchess>>();
        (first_player::<Duchess>(&m.setup).unwrap(), m.seats.clone())
    };
    // The results screen needs the match installed as the app does (its seats are kept).
    app.world_mut().insert_resource(come_buy::games::LastMatch {
        kind: come_buy::games::GameKind::of::<Duchess>(),
        seats: seats.clone(),
        variants: vec![],
    });
    assert!(run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    past_results_grace(&mut app);
    press(&mut app, KeyCode::Enter);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    let m = app.world().resource::<Match<Duchess>>();
    assert_eq!(m.seats, seats, "the same seats");
    assert_eq!(first_player::<Duchess>(&m.setup), Some((first + 1) % 2));
    assert_eq!(
        app.world().resource::<GameSetup>().seed,
        None,
        "the next new game deals afresh"
    );
}
