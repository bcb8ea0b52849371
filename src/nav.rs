//! One navigation vocabulary for the keyboard, the gamepad and the on-screen buttons, so every
//! choice works with each of them alone: arrows / D-pad / left stick move, Enter / Space / A
//! confirm, Backspace / B go back, Esc / Start pause. Mouse and touch click the same buttons.

use bevy::prelude::*;

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    Up,
    Down,
    Left,
    Right,
    /// A bigger step (PageUp/PageDown, shoulder buttons): bids by five.
    BigLeft,
    BigRight,
    Confirm,
    Back,
    Pause,
}

/// The left stick's last direction, so a held stick moves focus once per push.
#[derive(Resource, Default)]
struct StickLatch {
    dir: Option<Nav>,
    repeat: f32,
}

/// Set when any key, click or button arrives (the web starts audio only after this).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UserHasInteracted(pub bool);

pub fn plugin(app: &mut App) {
    app.add_message::<Nav>();
    app.init_resource::<StickLatch>();
    app.init_resource::<UserHasInteracted>();
    app.add_systems(
        PreUpdate,
        (keyboard_nav, gamepad_nav).after(bevy::input::InputSystems),
    );
}

pub fn keyboard_nav(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    mut nav: MessageWriter<Nav>,
    mut interacted: ResMut<UserHasInteracted>,
) {
    if let Some(m) = mouse
        && m.get_just_pressed().next().is_some()
    {
        interacted.0 = true;
    }
    let Some(keys) = keys else { return };
    for key in keys.get_just_pressed() {
        interacted.0 = true;
        let n = match key {
            KeyCode::ArrowUp | KeyCode::KeyW => Nav::Up,
            KeyCode::ArrowDown | KeyCode::KeyS => Nav::Down,
            KeyCode::ArrowLeft | KeyCode::KeyA => Nav::Left,
            KeyCode::ArrowRight | KeyCode::KeyD => Nav::Right,
            KeyCode::PageDown | KeyCode::Minus => Nav::BigLeft,
            KeyCode::PageUp | KeyCode::Equal => Nav::BigRight,
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => Nav::Confirm,
            KeyCode::Backspace => Nav::Back,
            KeyCode::Escape => Nav::Pause,
            _ => continue,
        };
        nav.write(n);
    }
}

fn gamepad_nav(
    time: Res<Time>,
    pads: Query<&Gamepad>,
    mut latch: ResMut<StickLatch>,
    mut nav: MessageWriter<Nav>,
    mut interacted: ResMut<UserHasInteracted>,
) {
    let mut stick: Option<Nav> = None;
    for pad in &pads {
        for (button, n) in [
            (GamepadButton::DPadUp, Nav::Up),
            (GamepadButton::DPadDown, Nav::Down),
            (GamepadButton::DPadLeft, Nav::Left),
            (GamepadButton::DPadRight, Nav::Right),
            (GamepadButton::LeftTrigger, Nav::BigLeft),
            (GamepadButton::RightTrigger, Nav::BigRight),
            (GamepadButton::South, Nav::Confirm),
            (GamepadButton::East, Nav::Back),
            (GamepadButton::Start, Nav::Pause),
        ] {
            if pad.just_pressed(button) {
                interacted.0 = true;
                nav.write(n);
            }
        }
        let s = pad.left_stick();
        if s.length() > 0.6 {
            stick = Some(if s.x.abs() > s.y.abs() {
                if s.x > 0.0 { Nav::Right } else { Nav::Left }
            } else if s.y > 0.0 {
                Nav::Up
            } else {
                Nav::Down
            });
        }
    }
    match stick {
        None => *latch = StickLatch::default(),
        Some(d) if latch.dir != Some(d) => {
            latch.dir = Some(d);
            latch.repeat = 0.45;
            nav.write(d);
        }
        Some(d) => {
            latch.repeat -= time.delta_secs();
            if latch.repeat <= 0.0 {
                latch.repeat = 0.15;
                nav.write(d);
            }
        }
    }
}

/// Focus among `len` items moved by Up/Down (or Left/Right when `horizontal`), wrapping.
pub fn step_focus(focus: usize, len: usize, nav: Nav, horizontal: bool) -> usize {
    if len == 0 {
        return 0;
    }
    let (prev, next) = if horizontal {
        (Nav::Left, Nav::Right)
    } else {
        (Nav::Up, Nav::Down)
    };
    if nav == prev {
        (focus + len - 1) % len
    } else if nav == next {
        (focus + 1) % len
    } else {
        focus.min(len - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn focus_wraps_both_ways() {
        assert_eq!(step_focus(0, 3, Nav::Up, false), 2);
        assert_eq!(step_focus(2, 3, Nav::Down, false), 0);
        assert_eq!(step_focus(1, 3, Nav::Right, true), 2);
        assert_eq!(step_focus(1, 3, Nav::Right, false), 1);
        assert_eq!(step_focus(5, 3, Nav::Confirm, false), 2);
        assert_eq!(step_focus(0, 0, Nav::Down, false), 0);
    }
}
