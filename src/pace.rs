//! The app's pace: it draws frames only while something moves, and otherwise sleeps until
//! input, a window event, a timer it set, or a message from another thread (a phone) wakes it.
//!
//! This room holds the pace itself (every room may stir it); `rest` watches the app and turns
//! the pace into winit's update mode. Each frame, `rest::watch` looks at what is moving (tweens, rolling counters, the effect queue,
//! a screen change, a paste under way, the ambient motion) and systems that know more say so
//! with [`Pace::stir`] (a bot thinking or pausing, a replay playing, the dock easing) or
//! [`Pace::wake_in`] (a text caret's blink, a message's time on screen). The windowed app
//! turns that into winit's update mode (`rest::apply`): a redraw at once while anything moves,
//! else a wait until the nearest timer. On the desktop a thread watches the gamepads and
//! wakes the app on any of their events (Bevy reads them only on a frame); in the browser,
//! which has no threads, connected pads are looked at twenty times a second.
//!
//! Ambient motion (the title's drifting cards, the glow of the seat to act, a met wish's
//! pulse) is alive for a few seconds after anything happened, then settles into a still pose
//! (a glow stays lit), so an idle table costs nothing.

use bevy::prelude::*;

/// Seconds of ambient motion after the last thing that happened.
pub(crate) const AMBIENT_SECS: f64 = 2.5;

/// The longest sleep with nothing to wake for (seconds).
pub(crate) const IDLE_WAIT: f64 = if cfg!(target_arch = "wasm32") {
    1.0
} else {
    30.0
};

/// The longest sleep while a gamepad is connected in the browser (its buttons are only read
/// on frames there), or a stick is held (its repeat).
pub(crate) const PAD_WAIT: f64 = 0.05;

/// What this frame found: whether another frame is wanted at once, or when.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub(crate) struct Pace {
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
    pub(crate) fn stir(&mut self) {
        self.busy = true;
    }

    /// A frame is wanted in `secs` seconds (a caret's blink, a line's time on screen).
    pub(crate) fn wake_in(&mut self, secs: f64) {
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

/// What wakes a sleeping app from another thread (a phone's message, an online table's
/// link): set once by the windowed app, shared.
pub type Waker = std::sync::Arc<std::sync::OnceLock<Box<dyn Fn() + Send + Sync>>>;

/// The app's [`Waker`] (unset in a headless app, whose frames come anyway).
#[derive(Resource, Clone, Default)]
pub(crate) struct Wake(pub Waker);

impl Wake {
    /// A handle that wakes the app from any thread (nothing until the waker is set).
    pub(crate) fn handle(&self) -> std::sync::Arc<dyn Fn() + Send + Sync> {
        let w = self.0.clone();
        std::sync::Arc::new(move || {
            if let Some(f) = w.get() {
                f();
            }
        })
    }
}

/// The ambient motion's clock and strength (1 alive, 0 still).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub(crate) struct Ambient {
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
    pub(crate) fn wave(&self, speed: f32, phase: f32) -> f32 {
        self.amp * (self.t * speed + phase).sin()
    }

    /// A pulse between `low` and 1 while alive, resting at 1 (a glow stays lit).
    pub(crate) fn pulse(&self, speed: f32, low: f32) -> f32 {
        let s = 0.5 + 0.5 * (self.t * speed).sin();
        let alive = low + (1.0 - low) * s;
        self.amp * alive + (1.0 - self.amp)
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
