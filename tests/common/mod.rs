//! Helpers shared by the headless app tests: `MinimalPlugins` plus our core plugins, no
//! window, no GPU, a fixed 50 ms frame.
#![allow(dead_code)]

use bevy::input::ButtonState;
use bevy::input::gamepad::{
    GamepadConnection, GamepadConnectionEvent, RawGamepadButtonChangedEvent, RawGamepadEvent,
};
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::screens::Screen;
use come_buy::settings::Settings;
use come_buy::table::{Match, SeatInfo, SeatKind, TableGame};

pub fn headless() -> App {
    headless_with(None)
}

/// A headless app whose saves and settings live in `dir` (with the autosave running).
pub fn headless_with(dir: Option<std::path::PathBuf>) -> App {
    come_buy::headless_core(dir)
}

/// A fresh, empty folder for one test's saves.
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("come-buy-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
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

/// `people` person seats first, then `n` Normal bots.
pub fn people_then_bots(people: usize, n: usize) -> Vec<SeatKind> {
    let mut kinds = vec![SeatKind::Person; people];
    kinds.extend(bots(n));
    kinds
}

/// Starts a match of game `G` at the table (screen Table) and runs three frames.
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
    // The screen changes in the first frame; a menu the table opens at once (who plays with
    // which controller) shows at the next frame's state transition.
    for _ in 0..3 {
        app.update();
    }
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

/// A keyboard event as winit sends it: `text` is what the key types, if anything.
pub fn key_event(key: KeyCode, pressed: bool, text: Option<&str>) -> KeyboardInput {
    KeyboardInput {
        key_code: key,
        logical_key: match text {
            Some(t) => Key::Character(t.into()),
            None => Key::Unidentified(NativeKey::Unidentified),
        },
        state: if pressed {
            ButtonState::Pressed
        } else {
            ButtonState::Released
        },
        text: text.map(Into::into),
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// The text a key types on a US layout (letters lower case), for the keys the tests use.
pub fn typed(key: KeyCode) -> Option<String> {
    let name = format!("{key:?}");
    if let Some(l) = name.strip_prefix("Key") {
        return Some(l.to_lowercase());
    }
    if let Some(d) = name.strip_prefix("Digit") {
        return Some(d.to_string());
    }
    match key {
        KeyCode::Space => Some(" ".into()),
        KeyCode::Enter => Some("\r".into()),
        _ => None,
    }
}

/// Presses and releases `key` within one frame (as a quick tap at a low frame rate), then
/// runs that frame.
pub fn press(app: &mut App, key: KeyCode) {
    tap(app, key);
    // The press is handled in that frame; a menu it opens or closes (a state) shows at the
    // next frame's state transition.
    app.update();
}

/// Presses and releases `key` within one frame, and runs that frame only (what it did in that
/// very frame: a move made, a message sent).
pub fn tap(app: &mut App, key: KeyCode) {
    let text = typed(key);
    app.world_mut()
        .write_message(key_event(key, true, text.as_deref()));
    app.world_mut().write_message(key_event(key, false, None));
    app.update();
}

/// Types `text` one key per frame (letters as their keys, with the character typed).
pub fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let key = match c {
            ' ' => KeyCode::Space,
            c => letter_key(c.to_ascii_lowercase()),
        };
        let s = c.to_string();
        app.world_mut()
            .write_message(key_event(key, true, Some(&s)));
        app.world_mut().write_message(key_event(key, false, None));
        app.update();
    }
}

/// The key of a lower-case letter.
pub fn letter_key(c: char) -> KeyCode {
    const KEYS: [KeyCode; 26] = [
        KeyCode::KeyA,
        KeyCode::KeyB,
        KeyCode::KeyC,
        KeyCode::KeyD,
        KeyCode::KeyE,
        KeyCode::KeyF,
        KeyCode::KeyG,
        KeyCode::KeyH,
        KeyCode::KeyI,
        KeyCode::KeyJ,
        KeyCode::KeyK,
        KeyCode::KeyL,
        KeyCode::KeyM,
        KeyCode::KeyN,
        KeyCode::KeyO,
        KeyCode::KeyP,
        KeyCode::KeyQ,
        KeyCode::KeyR,
        KeyCode::KeyS,
        KeyCode::KeyT,
        KeyCode::KeyU,
        KeyCode::KeyV,
        KeyCode::KeyW,
        KeyCode::KeyX,
        KeyCode::KeyY,
        KeyCode::KeyZ,
    ];
    KEYS[(c as u8 - b'a') as usize]
}

/// A virtual gamepad, connected the way gilrs connects one; `push` presses and releases a
/// button within one frame.
pub struct Pad(pub Entity);

impl Pad {
    pub fn connect(app: &mut App) -> Pad {
        let e = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(GamepadConnectionEvent::new(
            e,
            GamepadConnection::Connected {
                name: "Virtual pad".into(),
                vendor_id: None,
                product_id: None,
            },
        ));
        app.update();
        Pad(e)
    }

    pub fn push(&self, app: &mut App, button: GamepadButton) {
        for value in [1.0, 0.0] {
            app.world_mut().write_message(RawGamepadEvent::Button(
                RawGamepadButtonChangedEvent::new(self.0, button, value),
            ));
        }
        // As with a key: handled in this frame, shown at the next frame's state transition.
        app.update();
        app.update();
    }
}
pub mod online;
pub mod phone;
pub mod screens;

/// Runs the frames the results take before they answer a press (their grace), once they are
/// open.
pub fn past_results_grace(app: &mut App) {
    let frames = (come_buy::screens::results::RESULTS_GRACE / 0.05).ceil() as usize + 1;
    for _ in 0..frames {
        app.update();
    }
}

/// The name on seat `seat`'s plaque.
pub fn plaque_name(app: &mut App, seat: usize) -> String {
    let mut q = app
        .world_mut()
        .query::<(&come_buy::table::kit::SeatName, &Text2d)>();
    q.iter(app.world())
        .find(|(s, _)| s.0 == seat)
        .map(|(_, t)| t.0.clone())
        .expect("the seat has a plaque")
}
