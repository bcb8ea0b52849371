//! Helpers shared by the headless app tests: `MinimalPlugins` plus our core plugins, no
//! window, no GPU, a fixed 50 ms frame.
#![allow(dead_code)]

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use come_buy::cli::Speed;
use come_buy::screens::Screen;
use come_buy::settings::Settings;
use come_buy::table::{Match, SeatInfo, SeatKind, TableGame};
use std::time::Duration;

pub fn headless() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, AssetPlugin::default()));
    app.init_asset::<Image>();
    app.init_asset::<Font>();
    app.init_resource::<ButtonInput<KeyCode>>();
    app.init_resource::<ButtonInput<MouseButton>>();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )));
    come_buy::audio::silent_plugin(&mut app);
    come_buy::core(&mut app);
    app
}

pub fn seats(kinds: &[SeatKind]) -> Vec<SeatInfo> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| SeatInfo {
            name: format!("P{i}"),
            color: i,
            kind: k.clone(),
        })
        .collect()
}

pub fn bots(n: usize) -> Vec<SeatKind> {
    vec![SeatKind::Bot("normal".into()); n]
}

/// Starts a match of game `G` at the table (screen Table) and runs two frames.
pub fn start_game<G: TableGame>(app: &mut App, kinds: &[SeatKind], seed: u64, speed: Speed) {
    start_with::<G>(app, kinds, seed, vec![], speed);
}

pub fn start_with<G: TableGame>(
    app: &mut App,
    kinds: &[SeatKind],
    seed: u64,
    variants: Vec<String>,
    speed: Speed,
) {
    let s = Settings {
        anim_speed: come_buy::settings::ANIM_SPEEDS
            .iter()
            .position(|(x, _)| *x == speed)
            .unwrap(),
        ..Settings::default()
    };
    app.insert_resource(s);
    let m = Match::<G>::new(seats(kinds), seed, variants).unwrap();
    app.insert_resource(m);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Table);
    app.update();
    app.update();
}

pub fn run_until(app: &mut App, max_frames: usize, mut done: impl FnMut(&mut App) -> bool) -> bool {
    for _ in 0..max_frames {
        if done(app) {
            return true;
        }
        app.update();
    }
    done(app)
}

pub fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

/// A virtual gamepad: `push` presses and releases one button for one frame.
pub struct Pad(pub Entity);

impl Pad {
    pub fn connect(app: &mut App) -> Pad {
        Pad(app.world_mut().spawn(Gamepad::default()).id())
    }

    pub fn push(&self, app: &mut App, button: GamepadButton) {
        app.world_mut()
            .get_mut::<Gamepad>(self.0)
            .unwrap()
            .digital_mut()
            .press(button);
        app.update();
        let mut g = app.world_mut().get_mut::<Gamepad>(self.0).unwrap();
        g.digital_mut().release(button);
        g.digital_mut().clear();
    }
}
