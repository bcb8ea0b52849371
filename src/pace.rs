//! The app's pace: it draws frames only while something moves, and otherwise sleeps until
//! input, a window event, a timer it set, or a message from another thread (a phone) wakes it.
//!
//! Each frame, [`watch`] looks at what is moving (tweens, rolling counters, the effect queue,
//! a screen change, a paste under way, the ambient motion) and systems that know more say so
//! with [`Pace::stir`] (a bot thinking or pausing, a replay playing, the dock easing) or
//! [`Pace::wake_in`] (a text caret's blink, a message's time on screen). The windowed app
//! turns that into winit's update mode ([`apply`]): a redraw at once while anything moves,
//! else a wait until the nearest timer. On the desktop a thread watches the gamepads and
//! wakes the app on any of their events (Bevy reads them only on a frame); in the browser,
//! which has no threads, connected pads are looked at twenty times a second.
//!
//! Ambient motion (the title's drifting cards, the glow of the seat to act, a met wish's
//! pulse) is alive for a few seconds after anything happened, then settles into a still pose
//! (a glow stays lit), so an idle table costs nothing.

use bevy::prelude::*;

/// Seconds of ambient motion after the last thing that happened.
pub const AMBIENT_SECS: f64 = 2.5;

/// The longest sleep with nothing to wake for (seconds).
pub const IDLE_WAIT: f64 = if cfg!(target_arch = "wasm32") {
    1.0
} else {
    30.0
};

/// The longest sleep while a gamepad is connected in the browser (its buttons are only read
/// on frames there), or a stick is held (its repeat).
pub const PAD_WAIT: f64 = 0.05;

/// What this frame found: whether another frame is wanted at once, or when.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Pace {
    /// Something moves: draw the next frame at once.
    pub busy: bool,
    /// The nearest time (the real clock, seconds) a frame is wanted.
    pub wake_at: Option<f64>,
    /// When something last happened (input, or a frame that was busy).
    pub last_stir: f64,
    /// The real clock now (seconds).
    pub now: f64,
    /// Frames drawn since the start, and how many were busy (the idle check reads them).
    pub frames: u64,
    pub busy_frames: u64,
}

impl Pace {
    /// Something moves this frame: the next frame comes at once.
    pub fn stir(&mut self) {
        self.busy = true;
    }

    /// A frame is wanted in `secs` seconds (a caret's blink, a line's time on screen).
    pub fn wake_in(&mut self, secs: f64) {
        let at = self.now + secs.max(0.0);
        self.wake_at = Some(self.wake_at.map_or(at, |w| w.min(at)));
    }

    /// How long the app may sleep now, in seconds (zero: draw at once); `pads`: gamepads are
    /// connected and nothing else wakes the app for them (the browser).
    pub fn wait(&self, pads: bool) -> f64 {
        if self.busy {
            return 0.0;
        }
        let most = if pads { PAD_WAIT } else { IDLE_WAIT };
        self.wake_at
            .map_or(most, |at| (at - self.now).clamp(0.0, most))
    }
}

/// The ambient motion's clock and strength (1 alive, 0 still).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Ambient {
    pub t: f32,
    pub amp: f32,
}

impl Default for Ambient {
    fn default() -> Self {
        Ambient { t: 0.0, amp: 1.0 }
    }
}

impl Ambient {
    /// A wave of the ambient motion: `sin(t * speed + phase)` while alive, 0 when still.
    pub fn wave(&self, speed: f32, phase: f32) -> f32 {
        self.amp * (self.t * speed + phase).sin()
    }

    /// A pulse between `low` and 1 while alive, resting at 1 (a glow stays lit).
    pub fn pulse(&self, speed: f32, low: f32) -> f32 {
        let s = 0.5 + 0.5 * (self.t * speed).sin();
        let alive = low + (1.0 - low) * s;
        self.amp * alive + (1.0 - self.amp)
    }
}

pub fn plugin(app: &mut App) {
    // (The window adds it; headless apps have none.)
    app.add_message::<CursorMoved>();
    app.init_resource::<Pace>();
    app.init_resource::<Ambient>();
    app.add_systems(First, start.after(bevy::time::TimeSystems));
    app.add_systems(PreUpdate, notice_input.after(crate::nav::CollectInput));
    app.add_systems(PostUpdate, watch);
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
/// screen about to change, a paste under way, the ambient motion.
fn watch(
    (mut pace, ambient): (ResMut<Pace>, Res<Ambient>),
    (progress, presenter): (Res<crate::table::Progress>, Res<crate::table::Presenter>),
    next: Res<NextState<crate::screens::Screen>>,
    pasting: Option<Res<crate::clip::Pasting>>,
    tweens: Query<(), Tweening>,
    counters: Query<&crate::anim::Counter>,
    notices: Res<crate::notice::Notices>,
) {
    let moving = !tweens.is_empty()
        || counters.iter().any(|c| c.shown != c.target)
        || progress.pending > 0
        || presenter.wait > 0.0
        || presenter.fast_forward > 0
        || matches!(*next, NextState::Pending(_))
        || pasting.is_some();
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
pub fn apply(
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
    let mode =
        bevy::winit::UpdateMode::reactive(std::time::Duration::from_secs_f64(wait.max(0.001)));
    if winit.focused_mode != mode || winit.unfocused_mode != mode {
        winit.focused_mode = mode;
        winit.unfocused_mode = mode;
    }
}

/// bevy_egui tells egui the modifier keys' state every frame as an event, and egui asks for
/// another frame after any event: the app would never rest. This drops that event unless the
/// modifiers really changed (runs between bevy_egui's input and egui's pass).
pub fn quiet_egui_modifiers(
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
pub fn watch_pads(wake: impl Fn() + Send + 'static) {
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

    #[test]
    fn waits_follow_what_moves() {
        let mut p = Pace {
            now: 10.0,
            ..Pace::default()
        };
        assert_eq!(p.wait(false), IDLE_WAIT);
        assert_eq!(p.wait(true), PAD_WAIT);
        p.wake_in(0.3);
        p.wake_in(0.5);
        assert!((p.wait(false) - 0.3).abs() < 1e-9);
        p.stir();
        assert_eq!(p.wait(false), 0.0);
    }

    #[test]
    fn ambient_motion_rests_still() {
        let a = Ambient { t: 1.3, amp: 0.0 };
        assert_eq!(a.wave(2.0, 0.5), 0.0);
        assert_eq!(a.pulse(3.0, 0.5), 1.0);
        let b = Ambient { t: 1.3, amp: 1.0 };
        assert!(b.pulse(3.0, 0.5) >= 0.5 && b.pulse(3.0, 0.5) <= 1.0);
    }
}
