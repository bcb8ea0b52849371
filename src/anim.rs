//! Tweens without another crate: moves, card flips, fades, pops and rolling counters, all
//! driven by [`AnimClock`] so a speed setting (1x, 2x, 4x, instant) applies to everything.

use bevy::prelude::*;

#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct AnimClock {
    pub speed: Speed,
    /// Seconds a frame stands for, whatever the frame really took (the autoplay runs by
    /// frames, so a busy machine shows the same pictures, only later); `None`: real time.
    pub frame_step: Option<f32>,
    /// Frames left in which everything finishes at once (the table is fast-forwarding: what
    /// it shows meanwhile lands where it belongs, this frame and the next).
    pub hurry: u8,
}

impl Default for AnimClock {
    fn default() -> Self {
        AnimClock {
            speed: Speed::Times(1.0),
            frame_step: None,
            hurry: 0,
        }
    }
}

impl AnimClock {
    /// Scaled seconds for this frame; instant speed finishes anything in one frame.
    pub(crate) fn dt(&self, real: f32) -> f32 {
        let real = self.frame_step.unwrap_or(real);
        if self.hurry > 0 {
            return 1.0e6;
        }
        match self.speed {
            Speed::Times(x) => real * x,
            Speed::Instant => 1.0e6,
        }
    }
}

/// Easing curves (t in 0..1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ease {
    Linear,
    CubicOut,
    CubicInOut,
    BackOut,
}

impl Ease {
    pub fn apply(self, t: f32) -> f32 {
        let t = t.clamp(0.0, 1.0);
        match self {
            Ease::Linear => t,
            Ease::CubicOut => 1.0 - (1.0 - t).powi(3),
            Ease::CubicInOut => {
                if t < 0.5 {
                    4.0 * t * t * t
                } else {
                    1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
                }
            }
            Ease::BackOut => {
                let c1 = 1.70158;
                let c3 = c1 + 1.0;
                1.0 + c3 * (t - 1.0).powi(3) + c1 * (t - 1.0).powi(2)
            }
        }
    }
}

/// Glide from `from` to `to` (translation), after `delay`, with an optional arc height.
#[derive(Component, Clone, Debug)]
pub struct MoveTween {
    pub from: Vec3,
    pub to: Vec3,
    pub elapsed: f32,
    pub delay: f32,
    pub duration: f32,
    pub ease: Ease,
    /// Lifts the path into an arc (world units at the middle).
    pub arc: f32,
    pub despawn_at_end: bool,
}

impl MoveTween {
    pub fn new(from: Vec3, to: Vec3, duration: f32) -> Self {
        MoveTween {
            from,
            to,
            elapsed: 0.0,
            delay: 0.0,
            duration,
            ease: Ease::CubicInOut,
            arc: 0.0,
            despawn_at_end: false,
        }
    }

    pub(crate) fn delay(mut self, d: f32) -> Self {
        self.delay = d;
        self
    }

    pub(crate) fn arc(mut self, a: f32) -> Self {
        self.arc = a;
        self
    }

    pub(crate) fn ease(mut self, e: Ease) -> Self {
        self.ease = e;
        self
    }

    pub(crate) fn despawn(mut self) -> Self {
        self.despawn_at_end = true;
        self
    }

    pub fn sample(&self) -> Vec3 {
        let raw = if self.duration <= 0.0 {
            1.0
        } else {
            ((self.elapsed - self.delay) / self.duration).clamp(0.0, 1.0)
        };
        let k = self.ease.apply(raw);
        let mut p = self.from.lerp(self.to, k);
        p.y += self.arc * 4.0 * raw * (1.0 - raw);
        p
    }

    pub fn done(&self) -> bool {
        self.elapsed >= self.delay + self.duration
    }
}

/// A card flip: the card narrows to nothing, shows its other side, and widens again.
#[derive(Component, Clone, Debug)]
pub struct FlipTween {
    pub elapsed: f32,
    pub delay: f32,
    pub duration: f32,
    pub to_face_up: bool,
    pub swapped: bool,
}

impl FlipTween {
    pub fn new(to_face_up: bool, duration: f32) -> Self {
        FlipTween {
            elapsed: 0.0,
            delay: 0.0,
            duration,
            to_face_up,
            swapped: false,
        }
    }
}

/// Which side of a card shows; its face and back children follow it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardSide {
    pub face_up: bool,
}

#[derive(Component)]
pub(crate) struct FaceSide;

#[derive(Component)]
pub(crate) struct BackSide;

/// Scales from `from` to `to` (uniform), e.g. a pop when a bid bubble appears.
#[derive(Component, Clone, Debug)]
pub(crate) struct ScaleTween {
    pub from: f32,
    pub to: f32,
    pub elapsed: f32,
    pub duration: f32,
    pub ease: Ease,
}

/// Fades a sprite's or text's alpha to zero after `hold`, then despawns the entity.
#[derive(Component, Clone, Debug)]
pub(crate) struct FadeOut {
    pub elapsed: f32,
    pub hold: f32,
    pub duration: f32,
}

/// A number that rolls toward its target (coin counters, scores).
#[derive(Component, Clone, Debug)]
pub struct Counter {
    pub shown: f32,
    pub target: f32,
}

impl Counter {
    pub fn new(value: f32) -> Self {
        Counter {
            shown: value,
            target: value,
        }
    }

    pub fn label(&self) -> String {
        (self.shown.round() as i64).to_string()
    }
}

/// Gently bobs an entity up and down (things that should look alive while waiting).
#[derive(Component, Clone, Debug)]
pub(crate) struct Bob {
    pub base: Vec3,
    pub amplitude: f32,
    pub speed: f32,
    pub phase: f32,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<AnimClock>();
    app.add_systems(Last, |mut clock: ResMut<AnimClock>| {
        if clock.hurry > 0 {
            clock.hurry -= 1;
        }
    });
    app.add_systems(
        Update,
        (
            tick_moves,
            tick_flips,
            tick_scales,
            tick_fades,
            tick_counters,
            tick_bobs,
            sync_card_sides,
        ),
    );
}

/// Removes tween `T` from `e` only if the one there then is finished: an effect may have given
/// the entity a fresh tween in the same frame, and that one must not be cut off.
fn remove_when_done<T: Component>(commands: &mut Commands, e: Entity, done: fn(&T) -> bool) {
    commands
        .entity(e)
        .queue_silenced(move |mut entity: EntityWorldMut| {
            if entity.get::<T>().is_some_and(done) {
                entity.remove::<T>();
            }
        });
}

pub(crate) fn tick_moves(
    mut commands: Commands,
    clock: Res<AnimClock>,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Transform, &mut MoveTween)>,
) {
    let dt = clock.dt(time.delta_secs());
    for (e, mut tf, mut tw) in &mut q {
        tw.elapsed += dt;
        if tw.elapsed < tw.delay {
            continue;
        }
        tf.translation = tw.sample();
        if tw.done() {
            tf.translation = tw.to;
            if tw.despawn_at_end {
                commands.entity(e).try_despawn();
            } else {
                remove_when_done::<MoveTween>(&mut commands, e, MoveTween::done);
            }
        }
    }
}

pub(crate) fn tick_flips(
    mut commands: Commands,
    clock: Res<AnimClock>,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Transform, &mut FlipTween, &mut CardSide)>,
) {
    let dt = clock.dt(time.delta_secs());
    for (e, mut tf, mut fl, mut side) in &mut q {
        fl.elapsed += dt;
        if fl.elapsed < fl.delay {
            continue;
        }
        let t = ((fl.elapsed - fl.delay) / fl.duration.max(1e-6)).clamp(0.0, 1.0);
        if t >= 0.5 && !fl.swapped {
            fl.swapped = true;
            side.face_up = fl.to_face_up;
        }
        // |cos| from 1 to 0 and back: the card turns edge-on at the middle.
        let w = (t * std::f32::consts::PI).cos().abs().max(0.02);
        tf.scale.x = tf.scale.y * w;
        if t >= 1.0 {
            tf.scale.x = tf.scale.y;
            side.face_up = fl.to_face_up;
            remove_when_done::<FlipTween>(&mut commands, e, |f| f.elapsed >= f.delay + f.duration);
        }
    }
}

pub(crate) fn sync_card_sides(
    cards: Query<(&CardSide, &Children), Changed<CardSide>>,
    mut faces: Query<&mut Visibility, (With<FaceSide>, Without<BackSide>)>,
    mut backs: Query<&mut Visibility, (With<BackSide>, Without<FaceSide>)>,
) {
    for (side, children) in &cards {
        for c in children.iter() {
            if let Ok(mut v) = faces.get_mut(c) {
                *v = if side.face_up {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
            }
            if let Ok(mut v) = backs.get_mut(c) {
                *v = if side.face_up {
                    Visibility::Hidden
                } else {
                    Visibility::Inherited
                };
            }
        }
    }
}

pub(crate) fn tick_scales(
    mut commands: Commands,
    clock: Res<AnimClock>,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Transform, &mut ScaleTween)>,
) {
    let dt = clock.dt(time.delta_secs());
    for (e, mut tf, mut s) in &mut q {
        s.elapsed += dt;
        let k = s.ease.apply(s.elapsed / s.duration.max(1e-6));
        tf.scale = Vec3::splat(s.from + (s.to - s.from) * k);
        if s.elapsed >= s.duration {
            tf.scale = Vec3::splat(s.to);
            remove_when_done::<ScaleTween>(&mut commands, e, |s| s.elapsed >= s.duration);
        }
    }
}

pub(crate) fn tick_fades(
    mut commands: Commands,
    clock: Res<AnimClock>,
    time: Res<Time>,
    mut q: Query<(
        Entity,
        &mut FadeOut,
        Option<&mut Sprite>,
        Option<&mut TextColor>,
    )>,
) {
    let dt = clock.dt(time.delta_secs()).min(1.0e3);
    for (e, mut f, sprite, text) in &mut q {
        f.elapsed += dt;
        let t = ((f.elapsed - f.hold) / f.duration.max(1e-6)).clamp(0.0, 1.0);
        let alpha = 1.0 - t;
        if let Some(mut s) = sprite {
            s.color.set_alpha(alpha);
        }
        if let Some(mut c) = text {
            c.0.set_alpha(alpha);
        }
        if t >= 1.0 {
            commands.entity(e).try_despawn();
        }
    }
}

pub(crate) fn tick_counters(
    clock: Res<AnimClock>,
    time: Res<Time>,
    mut q: Query<(&mut Counter, &mut Text2d)>,
) {
    let dt = clock.dt(time.delta_secs());
    for (mut c, mut text) in &mut q {
        if c.shown == c.target {
            continue;
        }
        // Roll at a pace that finishes any change in about half a second.
        let gap = c.target - c.shown;
        let step = (gap.abs() * 2.5 + 6.0) * dt;
        c.shown = if gap.abs() <= step {
            c.target
        } else {
            c.shown + step * gap.signum()
        };
        let label = c.label();
        if text.0 != label {
            text.0 = label;
        }
    }
}

/// Bobbing is ambient motion: still once nothing has happened for a moment (`crate::pace`).
pub(crate) fn tick_bobs(
    ambient: Res<crate::pace::Ambient>,
    mut q: Query<(&mut Transform, &Bob), Without<MoveTween>>,
) {
    for (mut tf, b) in &mut q {
        let at = b.base + Vec3::Y * b.amplitude * ambient.wave(b.speed, b.phase);
        if tf.translation != at {
            tf.translation = at;
        }
    }
}

/// Animation speed: a multiplier, or instant (every tween jumps to its end).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Speed {
    Times(f32),
    Instant,
}

impl Speed {
    pub fn parse(s: &str) -> Result<Speed, String> {
        match s.trim_end_matches('x') {
            "instant" | "inf" => Ok(Speed::Instant),
            v => match v.parse::<f32>() {
                Ok(x) if x > 0.0 && x.is_finite() => Ok(Speed::Times(x)),
                _ => Err(format!("--speed {s:?}: use 1, 2, 4 or instant")),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_ends_where_it_should() {
        for e in [
            Ease::Linear,
            Ease::CubicOut,
            Ease::CubicInOut,
            Ease::BackOut,
        ] {
            assert!(e.apply(0.0).abs() < 1e-5, "{e:?}");
            assert!((e.apply(1.0) - 1.0).abs() < 1e-5, "{e:?}");
        }
        assert!(Ease::CubicOut.apply(0.5) > 0.5);
        assert!(Ease::BackOut.apply(0.8) > 1.0, "overshoots");
    }

    #[test]
    fn a_move_samples_its_path_and_arc() {
        let mut m = MoveTween::new(Vec3::ZERO, Vec3::new(100.0, 0.0, 0.0), 1.0)
            .arc(50.0)
            .ease(Ease::Linear);
        m.elapsed = 0.5;
        let p = m.sample();
        assert!(
            (p.x - 50.0).abs() < 1e-3 && (p.y - 50.0).abs() < 1e-3,
            "{p}"
        );
        m.elapsed = 2.0;
        assert!(m.done());
        assert_eq!(m.sample(), Vec3::new(100.0, 0.0, 0.0));
        let delayed = MoveTween::new(Vec3::ZERO, Vec3::ONE, 1.0).delay(1.0);
        assert_eq!(delayed.sample(), Vec3::ZERO);
    }

    #[test]
    fn instant_speed_finishes_everything_in_a_frame() {
        let c = AnimClock {
            speed: Speed::Instant,
            frame_step: None,
            hurry: 0,
        };
        assert!(c.dt(0.016) > 100.0);
        let c = AnimClock {
            speed: Speed::Times(4.0),
            frame_step: None,
            hurry: 0,
        };
        assert!((c.dt(0.5) - 2.0).abs() < 1e-6);
        // By frames: a slow frame stands for the same time as a quick one.
        let c = AnimClock {
            speed: Speed::Times(4.0),
            frame_step: Some(0.025),
            hurry: 0,
        };
        assert!((c.dt(0.5) - 0.1).abs() < 1e-6);
        assert!((c.dt(0.01) - 0.1).abs() < 1e-6);
        let c = AnimClock { hurry: 1, ..c };
        assert!(c.dt(0.01) > 100.0);
    }
}
