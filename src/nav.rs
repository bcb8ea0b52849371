//! One navigation vocabulary for the keyboard, the gamepad and the on-screen buttons, so every
//! choice works with each of them alone: arrows / D-pad / left stick move, Enter / Space / A
//! confirm, Backspace / B go back, Esc / Start pause (and mean Back in every menu). Mouse and
//! touch click the same buttons.
//!
//! **One owner per press.** Device input is read from events (a press and release inside one
//! frame still counts) into the frame's [`Inbox`]. Exactly one screen or overlay owns the
//! inbox at a time (the topmost, see [`Owner`]): it takes every press with
//! [`Inbox::take`], so nothing else sees them, and a press that changes the screen is the
//! last one handled that frame. Clicks on a screen's own buttons are tagged with that screen
//! and dropped if another screen owns the input by the time they arrive.

// Who owns the input lives with the states it is read from; most menus name it from here.
pub use crate::state::Owner;
use bevy::input::ButtonState;
use bevy::input::gamepad::GamepadButtonStateChangedEvent;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    Up,
    Down,
    Left,
    Right,
    /// A bigger step (- and +, the triggers): bids by five, a page of text, the replay's start
    /// and end.
    BigLeft,
    BigRight,
    /// PageUp / Home: a page up, the start (of the rules, the statistics, a replay); a bid up
    /// by five.
    PageUp,
    /// PageDown / End: a page down, the end; a bid down by five.
    PageDown,
    Confirm,
    Back,
    Pause,
    /// A click on item `n` of the owner's menu (focus it and confirm).
    Pick(usize),
    /// A click on an arrow of row `n` (focus it and step by the amount).
    Step(usize, i32),
    /// Ask for a hint at the table (H, the gamepad's Y / North button, the panel's Hint).
    Hint,
    /// Take back a decision at the table (Ctrl+Z or U, Backspace at the table, the gamepad's
    /// X / West button, the panel's Undo).
    Undo,
    /// Open or close the game log (L, the gamepad's Select, the table's Log button).
    Log,
    /// Look at the next card a seat has won, enlarged (C, the gamepad's right trigger): what
    /// the mouse does by pointing, for the keyboard and pads.
    Look,
    /// Turn the table's closer look on or off (V, the gamepad's left trigger, the button in a
    /// short screen's corner): the camera frames the corner of the person to act.
    Closer,
}

/// Where a press came from: the keyboard and mouse are one device, each gamepad another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Device {
    Keys,
    Pad(Entity),
}

/// One press: what it means for navigation, and what it types (for text fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Press {
    pub nav: Option<Nav>,
    /// The printable character the key types, if any.
    pub text: Option<char>,
    /// Backspace: a text field erases, a menu goes back.
    pub erase: bool,
    /// Only for this owner (a click on its own button); `None` for devices.
    pub owner: Option<Owner>,
    /// The device it came from (`None`: sent by code, which any seat may use).
    pub device: Option<Device>,
}

impl Press {
    pub fn nav(nav: Nav) -> Press {
        Press {
            nav: Some(nav),
            text: None,
            erase: false,
            owner: None,
            device: None,
        }
    }

    /// This press as coming from `device`.
    pub fn from(self, device: Device) -> Press {
        Press {
            device: Some(device),
            ..self
        }
    }

    /// Types this press into a text field holding at most `max` characters: Backspace erases
    /// the last one, a device's printable character is added while there is room. True when
    /// the press was typing, taken by the field even when full: a character past a full field
    /// is dropped, never left to the menu (Space is also Confirm, and letters may steer).
    pub fn type_into(&self, field: &mut String, max: usize) -> bool {
        if self.erase {
            field.pop();
            return true;
        }
        match self.text {
            Some(c) if self.owner.is_none() => {
                if field.chars().count() < max {
                    field.push(c);
                }
                true
            }
            _ => false,
        }
    }
}

/// A click or tap on an on-screen control, meant for the screen that drew it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct UiPress {
    pub owner: Owner,
    pub nav: Nav,
}

/// This frame's presses, waiting for their one owner.
#[derive(Resource, Default, Debug)]
pub struct Inbox {
    presses: Vec<Press>,
}

impl Inbox {
    /// Takes every press of this frame: `owner`'s, and none for anybody else after it.
    pub fn take(&mut self, owner: Owner) -> Vec<Press> {
        std::mem::take(&mut self.presses)
            .into_iter()
            .filter(|p| p.owner.is_none_or(|o| o == owner))
            .collect()
    }

    /// Takes `owner`'s presses that `which` picks and says how many there were; `owner`'s
    /// others stay for the systems after it (and none for anybody else, as with [`Inbox::take`]).
    pub(crate) fn take_counted(&mut self, owner: Owner, which: impl Fn(&Press) -> bool) -> usize {
        let mut n = 0;
        for p in self.take(owner) {
            if which(&p) {
                n += 1;
            } else {
                self.presses.push(p);
            }
        }
        n
    }

    /// Keeps only the presses `keep` accepts (the rest are dropped).
    pub(crate) fn retain(&mut self, keep: impl FnMut(&Press) -> bool) {
        self.presses.retain(keep);
    }

    /// Takes the presses as navigation only.
    pub(crate) fn navs(&mut self, owner: Owner) -> Vec<Nav> {
        self.take(owner).into_iter().filter_map(|p| p.nav).collect()
    }

    pub fn push(&mut self, p: Press) {
        self.presses.push(p);
    }

    pub fn is_empty(&self) -> bool {
        self.presses.is_empty()
    }

    pub fn clear(&mut self) {
        self.presses.clear();
    }
}

/// The left stick's last direction, so a held stick moves focus once per push.
#[derive(Resource, Default)]
struct StickLatch {
    dir: Option<Nav>,
    repeat: f32,
}

/// Set when any key, click or button arrives (the web starts audio only after this).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct UserHasInteracted(pub bool);

/// Whether people play this screen by touch: set by the first touch, or at start by a browser
/// whose main pointer is coarse (a tablet or a phone). Buttons then never shrink below a
/// finger's size (see [`crate::ui::zoom_for`]).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TouchScreen(pub bool);

impl TouchScreen {
    /// What the platform says at start: in a browser, the page's `comeBuyCoarsePointer` flag
    /// (`matchMedia("(pointer: coarse)")`, set by web/index.html); on the desktop, nothing
    /// until a touch arrives, unless `COME_BUY_TOUCH=1` says so (a touch monitor that sends
    /// mouse events; the screenshots of a phone's layout).
    pub(crate) fn at_start() -> TouchScreen {
        #[cfg(target_arch = "wasm32")]
        {
            let flag = js_sys::Reflect::get(
                &js_sys::global(),
                &wasm_bindgen::JsValue::from_str("comeBuyCoarsePointer"),
            );
            TouchScreen(flag.ok().and_then(|v| v.as_bool()).unwrap_or(false))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            TouchScreen(std::env::var_os("COME_BUY_TOUCH").is_some_and(|v| v == "1"))
        }
    }
}

/// Runs in `PreUpdate` once the devices' events are in: fills the frame's [`Inbox`].
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct CollectInput;

pub fn plugin(app: &mut App) {
    app.add_message::<Nav>();
    app.add_message::<ToggleFullscreen>();
    app.add_message::<UiPress>();
    app.add_message::<KeyboardInput>();
    app.add_message::<GamepadButtonStateChangedEvent>();
    app.add_message::<TouchInput>();
    app.insert_resource(TouchScreen::at_start());
    app.init_resource::<StickLatch>();
    app.init_resource::<UserHasInteracted>();
    app.init_resource::<Inbox>();
    app.add_systems(
        PreUpdate,
        (
            clear_inbox,
            notice_touch,
            keyboard_nav,
            gamepad_nav,
            ui_presses,
        )
            .chain()
            .in_set(CollectInput)
            .after(bevy::input::InputSystems),
    );
}

fn clear_inbox(mut inbox: ResMut<Inbox>) {
    inbox.clear();
}

/// The first touch makes this a touch screen for the rest of the run.
fn notice_touch(mut touches: MessageReader<TouchInput>, mut screen: ResMut<TouchScreen>) {
    if touches.read().next().is_some() && !screen.0 {
        screen.0 = true;
        info!("touch seen: buttons keep a finger's size from now on");
    }
}

/// What a key means for navigation (outside text fields).
pub(crate) fn key_nav(key: KeyCode) -> Option<Nav> {
    Some(match key {
        KeyCode::ArrowUp | KeyCode::KeyW => Nav::Up,
        KeyCode::ArrowDown | KeyCode::KeyS | KeyCode::Tab => Nav::Down,
        KeyCode::ArrowLeft | KeyCode::KeyA => Nav::Left,
        KeyCode::ArrowRight | KeyCode::KeyD => Nav::Right,
        KeyCode::Minus => Nav::BigLeft,
        KeyCode::Equal => Nav::BigRight,
        KeyCode::PageUp | KeyCode::Home => Nav::PageUp,
        KeyCode::PageDown | KeyCode::End => Nav::PageDown,
        KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space => Nav::Confirm,
        KeyCode::Backspace => Nav::Back,
        KeyCode::Escape => Nav::Pause,
        KeyCode::KeyH => Nav::Hint,
        KeyCode::KeyU => Nav::Undo,
        KeyCode::KeyL => Nav::Log,
        KeyCode::KeyC => Nav::Look,
        KeyCode::KeyV => Nav::Closer,
        _ => return None,
    })
}

/// A key press as the inbox keeps it (the typed character from the event's text).
pub(crate) fn key_press(ev: &KeyboardInput) -> Option<Press> {
    if ev.state != ButtonState::Pressed {
        return None;
    }
    let nav = key_nav(ev.key_code);
    // A held key repeats movement and typing, never a confirmation.
    let nav =
        nav.filter(|n| !ev.repeat || matches!(n, Nav::Up | Nav::Down | Nav::Left | Nav::Right));
    let text = ev
        .text
        .as_ref()
        .and_then(|t| t.chars().next())
        .or(match &ev.logical_key {
            Key::Character(s) => s.chars().next(),
            Key::Space => Some(' '),
            _ => None,
        })
        .filter(|c| !c.is_control());
    let erase = ev.key_code == KeyCode::Backspace;
    if nav.is_none() && text.is_none() && !erase {
        return None;
    }
    Some(Press {
        nav,
        text,
        erase,
        owner: None,
        device: Some(Device::Keys),
    })
}

type MouseButtons = ButtonInput<MouseButton>;

/// F11 or Alt+Enter: full screen on or off (never a confirmation).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ToggleFullscreen;

/// Whether a key press asks for full screen (F11, or Enter with Alt held).
pub(crate) fn is_fullscreen_key(ev: &KeyboardInput, alt_held: bool) -> bool {
    ev.state == ButtonState::Pressed
        && !ev.repeat
        && (ev.key_code == KeyCode::F11
            || (alt_held && matches!(ev.key_code, KeyCode::Enter | KeyCode::NumpadEnter)))
}

pub(crate) fn keyboard_nav(
    mut keys: MessageReader<KeyboardInput>,
    (mouse, held): (Option<Res<MouseButtons>>, Option<Res<ButtonInput<KeyCode>>>),
    mut inbox: ResMut<Inbox>,
    mut interacted: ResMut<UserHasInteracted>,
    mut fullscreen: MessageWriter<ToggleFullscreen>,
) {
    let alt = held
        .as_ref()
        .is_some_and(|k| k.any_pressed([KeyCode::AltLeft, KeyCode::AltRight]));
    let ctrl = held.is_some_and(|k| k.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]));
    if let Some(m) = mouse
        && m.get_just_pressed().next().is_some()
    {
        interacted.0 = true;
    }
    for ev in keys.read() {
        if ev.state == ButtonState::Pressed {
            interacted.0 = true;
            // (The idle check times a key's answer by this line.)
            debug!("input: key {:?} read", ev.key_code);
        }
        if is_fullscreen_key(ev, alt) {
            fullscreen.write(ToggleFullscreen);
            continue;
        }
        if ctrl && ev.state == ButtonState::Pressed && ev.key_code == KeyCode::KeyZ {
            inbox.push(Press::nav(Nav::Undo).from(Device::Keys));
            continue;
        }
        if let Some(p) = key_press(ev) {
            inbox.push(p);
        }
    }
}

/// What a gamepad button means.
pub(crate) fn pad_nav(button: GamepadButton) -> Option<Nav> {
    Some(match button {
        GamepadButton::DPadUp => Nav::Up,
        GamepadButton::DPadDown => Nav::Down,
        GamepadButton::DPadLeft => Nav::Left,
        GamepadButton::DPadRight => Nav::Right,
        GamepadButton::LeftTrigger => Nav::BigLeft,
        GamepadButton::RightTrigger => Nav::BigRight,
        GamepadButton::South => Nav::Confirm,
        GamepadButton::East => Nav::Back,
        GamepadButton::Start => Nav::Pause,
        GamepadButton::North => Nav::Hint,
        GamepadButton::West => Nav::Undo,
        GamepadButton::Select => Nav::Log,
        GamepadButton::RightTrigger2 => Nav::Look,
        GamepadButton::LeftTrigger2 => Nav::Closer,
        _ => return None,
    })
}

fn gamepad_nav(
    (time, mut pace): (Res<Time>, ResMut<crate::pace::Pace>),
    pads: Query<(Entity, &Gamepad)>,
    mut buttons: MessageReader<GamepadButtonStateChangedEvent>,
    mut latch: ResMut<StickLatch>,
    mut inbox: ResMut<Inbox>,
    mut interacted: ResMut<UserHasInteracted>,
) {
    for ev in buttons.read() {
        if ev.state != ButtonState::Pressed {
            continue;
        }
        interacted.0 = true;
        if let Some(n) = pad_nav(ev.button) {
            inbox.push(Press::nav(n).from(Device::Pad(ev.entity)));
        }
    }
    let mut stick: Option<(Nav, Entity)> = None;
    for (entity, pad) in &pads {
        let s = pad.left_stick();
        if s.length() > 0.6 {
            let d = if s.x.abs() > s.y.abs() {
                if s.x > 0.0 { Nav::Right } else { Nav::Left }
            } else if s.y > 0.0 {
                Nav::Up
            } else {
                Nav::Down
            };
            stick = Some((d, entity));
        }
    }
    if stick.is_some() {
        // A held stick repeats its move: the next look comes soon, with nothing else moving.
        pace.wake_in(0.05);
    }
    match stick {
        None => *latch = StickLatch::default(),
        Some((d, pad)) if latch.dir != Some(d) => {
            latch.dir = Some(d);
            latch.repeat = 0.45;
            inbox.push(Press::nav(d).from(Device::Pad(pad)));
        }
        Some((d, pad)) => {
            latch.repeat -= time.delta_secs();
            if latch.repeat <= 0.0 {
                latch.repeat = 0.15;
                inbox.push(Press::nav(d).from(Device::Pad(pad)));
            }
        }
    }
}

/// Clicks on on-screen controls (drawn last frame) and navigation sent by code or tests.
fn ui_presses(
    mut navs: MessageReader<Nav>,
    mut ui: MessageReader<UiPress>,
    mut inbox: ResMut<Inbox>,
) {
    for n in navs.read() {
        inbox.push(Press::nav(*n));
    }
    // A click or a tap: the mouse, which goes with the keyboard.
    for p in ui.read() {
        inbox.push(Press {
            owner: Some(p.owner),
            ..Press::nav(p.nav).from(Device::Keys)
        });
    }
}

/// Focus among `len` items moved by Up/Down (or Left/Right when `horizontal`), stopping at
/// the ends (Up from a menu's first entry never lands on its last, Quit).
pub(crate) fn step_focus_clamped(focus: usize, len: usize, nav: Nav, horizontal: bool) -> usize {
    if len == 0 {
        return 0;
    }
    let (prev, next) = if horizontal {
        (Nav::Left, Nav::Right)
    } else {
        (Nav::Up, Nav::Down)
    };
    if nav == prev {
        focus.saturating_sub(1).min(len - 1)
    } else if nav == next {
        (focus + 1).min(len - 1)
    } else {
        focus.min(len - 1)
    }
}

/// Focus among `len` items moved by Up/Down (or Left/Right when `horizontal`), wrapping (the
/// table's choices, where the options go round).
pub(crate) fn step_focus(focus: usize, len: usize, nav: Nav, horizontal: bool) -> usize {
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
        assert_eq!(step_focus_clamped(0, 3, Nav::Up, false), 0);
        assert_eq!(step_focus_clamped(2, 3, Nav::Down, false), 2);
        assert_eq!(step_focus_clamped(1, 3, Nav::Right, true), 2);
        assert_eq!(step_focus_clamped(5, 3, Nav::Confirm, false), 2);
    }

    #[test]
    fn page_keys_go_the_way_they_say() {
        assert_eq!(key_nav(KeyCode::PageDown), Some(Nav::PageDown));
        assert_eq!(key_nav(KeyCode::End), Some(Nav::PageDown));
        assert_eq!(key_nav(KeyCode::PageUp), Some(Nav::PageUp));
        assert_eq!(key_nav(KeyCode::Home), Some(Nav::PageUp));
    }

    #[test]
    fn the_inbox_gives_each_press_to_one_owner() {
        let mut inbox = Inbox::default();
        inbox.push(Press::nav(Nav::Confirm));
        inbox.push(Press {
            owner: Some(Owner::Title),
            ..Press::nav(Nav::Pick(2))
        });
        assert_eq!(inbox.navs(Owner::Pause), vec![Nav::Confirm]);
        assert!(inbox.is_empty(), "nobody after the owner sees the presses");
        assert!(inbox.navs(Owner::Title).is_empty());
    }
}
