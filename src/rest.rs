//! The app at rest, the watching half of [`crate::pace`]: what keeps the app awake (tweens,
//! counters, the effect queue, a screen change, a paste, a notice, input), and the update mode
//! that follows from it. It sits above the rooms it watches; they only stir the pace.

use crate::pace::{AMBIENT_SECS, Ambient, Pace};
use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    // (The window adds it; headless apps have none.)
    app.add_message::<CursorMoved>();
    app.init_resource::<Pace>();
    app.init_resource::<Ambient>();
    app.init_resource::<crate::pace::Wake>();
    app.add_systems(First, start.after(bevy::time::TimeSystems));
    app.add_systems(PreUpdate, notice_input.after(crate::nav::CollectInput));
    app.add_systems(PostUpdate, (watch, settle_after_change));
}

/// Frames drawn after a panel, a screen or a setting changes, before the app may rest: egui
/// lays a new panel out over two passes (its first pass only measures), and a font's new
/// letters reach the atlas a frame after they are first asked for. Nothing opens half drawn.
pub(crate) const SETTLE_FRAMES: u32 = 3;

/// What [`settle_after_change`] watches, by value: a system that only borrows one of them
/// mutably (a menu's focus claimed again each frame) changes nothing and wakes nothing.
type Watched = (
    Option<crate::state::Overlay>,
    Option<crate::state::Screen>,
    Option<crate::state::MenuFocus>,
    Option<crate::settings::Settings>,
);

/// A state's value, where the app has that state (the tests' bare apps may not).
type StateNow<'w, S> = Option<Res<'w, State<S>>>;
/// A state's next value, asked for this frame, where the app has that state.
type StateNext<'w, S> = Option<Res<'w, NextState<S>>>;

/// Keeps the frames coming for [`SETTLE_FRAMES`] after an overlay, the screen, the menu focus
/// or the settings (text size, language) changed.
fn settle_after_change(
    mut pace: ResMut<Pace>,
    (overlay, screen): (
        StateNow<crate::state::Overlay>,
        StateNow<crate::state::Screen>,
    ),
    (focus, settings): (
        Option<Res<crate::state::MenuFocus>>,
        Option<Res<crate::settings::Settings>>,
    ),
    (mut last, mut left): (Local<Option<Watched>>, Local<u32>),
) {
    let changed = overlay.as_ref().is_some_and(|r| r.is_changed())
        || screen.as_ref().is_some_and(|r| r.is_changed())
        || focus.as_ref().is_some_and(|r| r.is_changed())
        || settings.as_ref().is_some_and(|r| r.is_changed());
    if changed {
        let now: Watched = (
            overlay.map(|r| *r.get()),
            screen.map(|r| *r.get()),
            focus.map(|r| *r),
            settings.map(|r| r.clone()),
        );
        if last.as_ref() != Some(&now) {
            *last = Some(now);
            *left = SETTLE_FRAMES;
        }
    }
    if *left > 0 {
        *left -= 1;
        pace.stir();
    }
}

/// Input (keys, the mouse, touch, pads) counts as something happening.
fn notice_input(
    mut pace: ResMut<Pace>,
    inbox: Res<crate::nav::Inbox>,
    (mut keys, mut cursor, mut touches): (
        MessageReader<bevy::input::keyboard::KeyboardInput>,
        MessageReader<CursorMoved>,
        MessageReader<TouchInput>,
    ),
) {
    let input = keys.read().count() + cursor.read().count() + touches.read().count() > 0
        || !inbox.is_empty();
    if input {
        pace.last_stir = pace.now;
    }
}

/// A new frame, before anything else: the clock, nothing asked for yet, and the ambient motion
/// following what happened lately.
fn start(time: Res<Time<Real>>, mut pace: ResMut<Pace>, mut ambient: ResMut<Ambient>) {
    let now = time.elapsed_secs_f64();
    pace.now = now;
    pace.busy = false;
    pace.wake_at = None;
    pace.frames += 1;
    let alive = now - pace.last_stir < AMBIENT_SECS;
    let dt = time.delta_secs();
    let target = if alive { 1.0 } else { 0.0 };
    // Settles over about half a second, wakes over a quarter.
    let rate = if alive { 4.0 } else { 2.0 };
    let amp = if (ambient.amp - target).abs() <= rate * dt {
        target
    } else {
        ambient.amp + rate * dt * (target - ambient.amp).signum()
    };
    if ambient.amp != amp {
        ambient.amp = amp;
    }
    if amp > 0.0 {
        ambient.t += dt;
    }
}

/// The tweens that animate a piece (each is removed when it is done).
type Tweening = Or<(
    With<crate::anim::MoveTween>,
    With<crate::anim::FlipTween>,
    With<crate::anim::ScaleTween>,
    With<crate::anim::FadeOut>,
)>;

/// What moves now, read from the world: tweens and rolling counters, effects still to show, a
/// screen about to change, the ambient motion (a paste under way stirs the pace itself,
/// [`crate::clip`]).
fn watch(
    (mut pace, ambient): (ResMut<Pace>, Res<Ambient>),
    (progress, presenter): (Res<crate::table::Progress>, Res<crate::table::Presenter>),
    (next, overlay, next_overlay): (
        Res<NextState<crate::state::Screen>>,
        StateNow<crate::state::Overlay>,
        StateNext<crate::state::Overlay>,
    ),
    tweens: Query<(), Tweening>,
    counters: Query<&crate::anim::Counter>,
    notices: Res<crate::notice::Notices>,
) {
    // Effects waiting are motion only while the table shows them: a menu over it (the pause
    // menu, an online lobby before the deal is shown) stops its clock, and nothing moves.
    let shown_now =
        presenter.fast_forward > 0 || overlay.is_none_or(|o| *o == crate::state::Overlay::None);
    let moving = !tweens.is_empty()
        || counters.iter().any(|c| c.shown != c.target)
        || (shown_now && (progress.pending > 0 || presenter.wait > 0.0))
        || presenter.fast_forward > 0
        || !matches!(*next, NextState::Unchanged)
        // A menu opened or closed this frame shows at the next frame's state transition.
        || next_overlay.is_some_and(|n| !matches!(*n, NextState::Unchanged));
    // Something happened (here or in a system that stirred): the ambient motion stays alive
    // a while after it. The ambient motion alone keeps frames coming but is no event.
    if moving || pace.busy {
        pace.busy = true;
        pace.last_stir = pace.now;
    }
    if ambient.amp > 0.0 {
        pace.busy = true;
    }
    if let Some(left) = notices.lines.iter().filter_map(|n| n.left).reduce(f32::min) {
        pace.wake_in(f64::from(left));
    }
    if pace.busy {
        pace.busy_frames += 1;
        if pace.busy_frames % 120 == 1 {
            debug!(
                "pace: busy (tweens {}, counters {}, pending {}, wait {}, ff {}, next {}, ambient {})",
                !tweens.is_empty(),
                counters.iter().any(|c| c.shown != c.target),
                progress.pending,
                presenter.wait,
                presenter.fast_forward,
                matches!(*next, NextState::Pending(_)),
                ambient.amp
            );
        }
    }
}

/// The windowed app: winit's update mode from this frame's pace. A busy frame asks for the
/// next one at once; otherwise the loop sleeps until input, a window event, a wake-up from
/// another thread, or the wait (see [`Pace::wait`]).
pub(crate) fn apply(
    pace: Res<Pace>,
    mut winit: ResMut<bevy::winit::WinitSettings>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    pads: Query<(), With<Gamepad>>,
) {
    let wait = pace.wait(cfg!(target_arch = "wasm32") && !pads.is_empty());
    trace!(
        "pace: frame {} at {:.2} s, wait {wait:.3}",
        pace.frames, pace.now
    );
    if wait <= 0.0 {
        redraw.write(bevy::window::RequestRedraw);
    }
    let mode = update_mode(wait);
    if winit.focused_mode != mode || winit.unfocused_mode != mode {
        winit.focused_mode = mode;
        winit.unfocused_mode = mode;
    }
}

/// winit's update mode for a wait of `wait` seconds. A busy frame draws the next as the
/// display asks for it (continuous), never by a 1 ms timer: in a browser winit's loop then ran
/// every millisecond between frames, each pass cancelling the page's animation frame and asking
/// for it again (seen on a friend's page: about a thousand requests a second). Measured in the
/// online browser check, a host's move reached a friend's page at p95 401 ms with this against
/// 714 ms before (p50 356 against 399).
pub(crate) fn update_mode(wait: f64) -> bevy::winit::UpdateMode {
    if wait <= 0.0 {
        bevy::winit::UpdateMode::Continuous
    } else {
        bevy::winit::UpdateMode::reactive(std::time::Duration::from_secs_f64(wait))
    }
}

/// bevy_egui tells egui the modifier keys' state every frame as an event, and egui asks for
/// another frame after any event: the app would never rest. This drops that event unless the
/// modifiers really changed (runs between bevy_egui's input and egui's pass).
pub(crate) fn quiet_egui_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        let mut now = None;
        input.events.retain(|e| match e {
            bevy_egui::egui::Event::ModifiersChanged(m) => {
                now = Some(*m);
                Some(*m) != *last
            }
            _ => true,
        });
        if now.is_some() {
            *last = now;
        }
    }
}

/// Wakes the app whenever a gamepad does anything (connected, a button, a stick), from a
/// thread of its own: Bevy reads the pads only on a frame, and the app sleeps between them.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn watch_pads(wake: impl Fn() + Send + 'static) {
    let started = std::thread::Builder::new()
        .name("pad-watch".into())
        .spawn(move || {
            let Ok(mut pads) = gilrs::Gilrs::new() else {
                return;
            };
            loop {
                if pads
                    .next_event_blocking(Some(std::time::Duration::from_secs(5)))
                    .is_some()
                {
                    // Everything pending at once is one wake.
                    while pads.next_event().is_some() {}
                    wake();
                }
            }
        });
    if let Err(e) = started {
        warn!("pads: no watcher ({e}); a sleeping table notices a pad at its next frame");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The app's core at the title, headless, 50 ms a frame.
    fn title() -> App {
        crate::headless_core(None)
    }

    /// Frames in the last `n` of `frames` that wanted the next one at once.
    fn busy_at_the_end(app: &mut App, frames: usize, n: usize) -> usize {
        let mut busy = 0;
        for i in 0..frames {
            app.update();
            if i >= frames - n && app.world().resource::<Pace>().busy {
                busy += 1;
            }
        }
        busy
    }

    #[test]
    fn the_title_comes_to_rest() {
        let mut app = title();
        // The ambient motion lives 2.5 s (50 frames) and settles over half a second.
        assert_eq!(busy_at_the_end(&mut app, 120, 40), 0);
    }

    /// A paste on its way (the browser answers a frame or more later) keeps frames coming
    /// until it arrives; then the title rests again.
    #[test]
    fn a_paste_on_its_way_keeps_the_app_awake() {
        let mut app = title();
        assert_eq!(busy_at_the_end(&mut app, 120, 40), 0);
        app.insert_resource(crate::clip::Pasting {
            read: bevy::clipboard::ClipboardRead::Pending(Default::default()),
            purpose: crate::clip::PasteFor::Watch,
        });
        assert_eq!(busy_at_the_end(&mut app, 10, 10), 10);
        app.world_mut().remove_resource::<crate::clip::Pasting>();
        assert_eq!(busy_at_the_end(&mut app, 120, 40), 0);
    }

    /// A menu over a table with effects still to show (the pause menu opened as a move is
    /// made, an online lobby over a deal) stops the table's clock: the effects waiting are no
    /// motion, and the app rests until the menu closes.
    #[test]
    fn a_menu_over_effects_waiting_rests() {
        use crate::table::{Match, SeatKind};
        use crate::table_core::gate::tests::duel;
        use come_buy_engine::Game;
        use come_buy_engine::duchess::Duchess;
        let mut app = title();
        app.insert_resource(duel([SeatKind::Person, SeatKind::Person]));
        app.world_mut()
            .resource_mut::<NextState<crate::state::Screen>>()
            .set(crate::state::Screen::Table);
        assert_eq!(busy_at_the_end(&mut app, 200, 40), 0, "the table rests");
        app.world_mut()
            .resource_mut::<NextState<crate::state::Overlay>>()
            .set(crate::state::Overlay::Pause);
        let mut m = app.world_mut().resource_mut::<Match<Duchess>>();
        let seat = m.game.current_player().unwrap();
        let a = m.game.legal_actions()[0].clone();
        m.act(seat, a).unwrap();
        assert_eq!(busy_at_the_end(&mut app, 200, 40), 0, "the menu rests");
        let waiting = app.world().resource::<crate::table::Progress>().pending;
        assert!(waiting > 0, "the move waits behind the menu");
        // Closed, the move is shown (and the table moves).
        app.world_mut()
            .resource_mut::<NextState<crate::state::Overlay>>()
            .set(crate::state::Overlay::None);
        assert!(busy_at_the_end(&mut app, 5, 5) > 0);
        assert_eq!(app.world().resource::<crate::table::Progress>().pending, 0);
    }

    /// A menu that borrows its focus mutably each frame (claiming it again) changes nothing:
    /// the app still rests. A real move of the focus draws a few frames, then rests again.
    #[test]
    fn a_focus_borrowed_but_unchanged_wakes_nothing() {
        let mut app = title();
        app.add_systems(Update, |mut f: ResMut<crate::state::MenuFocus>| {
            let owner = f.owner;
            f.claim(owner);
        });
        assert_eq!(busy_at_the_end(&mut app, 120, 40), 0);
        app.world_mut()
            .resource_mut::<crate::state::MenuFocus>()
            .index = 2;
        assert!(busy_at_the_end(&mut app, 1, 1) == 1, "a moved focus draws");
        assert_eq!(busy_at_the_end(&mut app, 120, 40), 0);
    }

    /// A busy app draws by the display's frames; one at rest sleeps for its wait (woken early
    /// by input or another thread). The busy mode is never a short reactive wait (a 1 ms timer
    /// starves a browser page's animation frames).
    #[test]
    fn a_busy_app_draws_by_the_display_and_one_at_rest_sleeps() {
        use bevy::winit::UpdateMode;
        assert_eq!(update_mode(0.0), UpdateMode::Continuous);
        assert_eq!(
            update_mode(0.25),
            UpdateMode::reactive(std::time::Duration::from_millis(250))
        );
    }
}
