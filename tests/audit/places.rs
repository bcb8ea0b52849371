//! The places the audit looks at: the title with and without games to continue, every menu
//! over it, New game for every game and seat count.

use super::{Audit, WINDOWS, one_at_a_time, report};

use bevy::prelude::*;
use come_buy::games::GameKind;
use come_buy::save::{SavedEntry, SavedGame, Saves};
use come_buy::screens::{Overlay, Screen};

/// Every game in progress, each with a long match behind it (the longest Continue labels).
fn every_game_to_continue() -> Saves {
    Saves {
        games: GameKind::all()
            .into_iter()
            .map(|kind| SavedEntry {
                game: SavedGame {
                    kind,
                    text: String::new(),
                    over: false,
                    moves: 888,
                    seed: 1,
                },
                moves: 888,
                modified: None,
            })
            .collect(),
        problems: Vec::new(),
    }
}

pub fn go(app: &mut App, screen: Screen, overlay: Overlay) {
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(screen);
    app.update();
    app.world_mut()
        .resource_mut::<NextState<Overlay>>()
        .set(overlay);
    for _ in 0..3 {
        app.update();
    }
}

#[test]
fn the_title_with_and_without_games_to_continue() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    a.every_setting("title");
    a.app.insert_resource(every_game_to_continue());
    a.app.update();
    a.every_setting("title with every game to continue");
    report("the title", &[a]);
}

/// The menus that open over the title.
const TITLE_MENUS: [Overlay; 8] = [
    Overlay::Settings,
    Overlay::Rules,
    Overlay::Stats,
    Overlay::Watch,
    Overlay::Learn,
    Overlay::Daily,
    Overlay::Online,
    Overlay::Credits,
];

#[test]
fn every_menu_over_the_title() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    for menu in TITLE_MENUS {
        go(&mut a.app, Screen::Title, menu);
        a.every_setting(&format!("{menu:?} over the title"));
        go(&mut a.app, Screen::Title, Overlay::None);
    }
    report("the title's menus", &[a]);
}

#[test]
fn new_game_for_every_game_and_seat_count() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    go(&mut a.app, Screen::NewGame, Overlay::None);
    for game in GameKind::all() {
        for n in game.players() {
            {
                let world = a.app.world_mut();
                let mut s = world.resource_mut::<come_buy::screens::new_game::GameSetup>();
                s.set_game(game);
                s.set_players(n);
            }
            a.every_setting(&format!("New game, {} with {n}", game.id()));
        }
    }
    report("New game", &[a]);
}
