//! The queue that turns the engine's effects into animations one beat at a time: its clock
//! ([`Presenter`]), the pump every game's table runs its effects through ([`Beat`]), and the
//! moment after the last effect before the results.

use super::{Match, TableGame, gate};
use crate::anim::AnimClock;
use crate::settings::Settings;
use crate::state::Screen;
use bevy::ecs::system::StaticSystemParam;
use bevy::prelude::*;

/// The animation queue's clock: the next effect waits until `wait` runs out.
#[derive(Resource, Default, Debug)]
pub struct Presenter {
    pub wait: f32,
    /// Frames left of showing everything at once (a continued match catching up).
    pub fast_forward: u8,
    /// Effects presented so far (for tests and the autoplay's screenshot moments).
    pub shown: usize,
    /// A continued match has just caught up (its old banners and remarks are cleared).
    pub caught_up: bool,
    /// Fast-forward: until this many effects have been shown, they are shown at once and bots
    /// act without their pause; then the chosen speed resumes (the autoplay uses it to hurry
    /// between the moments it photographs).
    pub skip_to: Option<usize>,
}

impl Presenter {
    /// Showing effects at once to catch up with [`Presenter::skip_to`].
    pub fn skipping(&self) -> bool {
        self.skip_to.is_some_and(|k| self.shown < k)
    }
}

/// The clock, settings and sound output that every game's effect queue runs on.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Beat<'w> {
    time: Res<'w, Time>,
    clock: ResMut<'w, AnimClock>,
    settings: Res<'w, Settings>,
    presenter: ResMut<'w, Presenter>,
    cue_out: MessageWriter<'w, crate::audio::PlayCue>,
}

impl Beat<'_> {
    /// Shows the match's pending effects through `present`, which animates one effect, pushes
    /// its sounds, and returns how long its beat lasts at 1x: one effect per beat; everything
    /// pending at once at instant speed; a continued match's whole history in one silent frame
    /// with every tween finishing at once, then back to the chosen speed.
    pub(crate) fn pump<G: TableGame>(
        &mut self,
        m: &mut Match<G>,
        wait_before: impl Fn(&G::Effect) -> bool,
        mut present: impl FnMut(&Match<G>, &G::Effect, &mut Vec<come_buy_media::synth::Cue>) -> f32,
    ) {
        match self.presenter.fast_forward {
            0 => {}
            1 => {
                self.presenter.fast_forward = 0;
                self.presenter.caught_up = true;
                self.clock.speed = self.settings.speed();
            }
            _ => {
                self.presenter.fast_forward = 1;
                self.clock.speed = crate::anim::Speed::Instant;
                self.presenter.wait = 0.0;
            }
        }
        let silent = self.presenter.fast_forward > 0;
        if self.presenter.wait > 0.0 {
            self.presenter.wait -= self.clock.dt(self.time.delta_secs());
            if self.presenter.wait > 0.0 {
                return;
            }
        }
        let skipping = self.presenter.skipping();
        let instant = matches!(self.clock.speed, crate::anim::Speed::Instant) || skipping;
        let mut budget = if instant { usize::MAX } else { 1 };
        let mut cues = Vec::new();
        while budget > 0 && self.presenter.wait <= 0.0 {
            if skipping && !self.presenter.skipping() {
                // Caught up: the rest plays at the chosen speed.
                break;
            }
            if skipping {
                // What the skipped effects set moving lands at once.
                self.clock.hurry = 2;
            }
            if m.pending.front().is_some_and(&wait_before) {
                break;
            }
            let Some(effect) = m.pending.pop_front() else {
                break;
            };
            budget -= 1;
            self.presenter.shown += 1;
            let beat = present(m, &effect, &mut cues);
            if !instant {
                self.presenter.wait += beat;
            }
        }
        if silent || skipping {
            self.presenter.wait = 0.0;
        } else {
            for cue in cues {
                self.cue_out.write(crate::audio::PlayCue(cue));
            }
        }
    }
}

/// True when every effect has been shown and the last beat has finished: people may act.
pub fn queue_idle<G: TableGame>(m: &Match<G>, p: &Presenter) -> bool {
    m.pending.is_empty() && p.wait <= 0.0
}

/// An effect the table has just shown (the autoplay's moments and, later, the log read it).
pub(crate) struct Shown<G: TableGame>(pub G::Effect);

impl<G: TableGame> Message for Shown<G> {}

/// Shows the match's pending effects through the game's [`TableGame::present`].
pub(super) fn pump_effects<G: TableGame>(
    mut m: ResMut<Match<G>>,
    mut beat: Beat,
    mut shown: MessageWriter<Shown<G>>,
    mut stage: StaticSystemParam<G::Stage>,
    gate: Res<gate::Gate>,
) {
    // A guide's explanation of the moves made is due (or up): the next round waits for it.
    let due = gate.guide_holds || gate.guide_due_at.is_some_and(|n| m.actions.len() >= n);
    let wait_before = |e: &G::Effect| due && G::opens_decisions(e);
    beat.pump(&mut *m, wait_before, |m, effect, cues| {
        shown.write(Shown(effect.clone()));
        G::present(&mut stage, m, effect, cues)
    });
}

/// A continued or rebuilt match is catching up (its history shown at once, silently).
pub(crate) fn catching_up(p: Res<Presenter>) -> bool {
    p.fast_forward > 0
}

pub(super) fn sync_speed(settings: Res<Settings>, mut clock: ResMut<AnimClock>) {
    if settings.is_changed() {
        clock.speed = settings.speed();
    }
}
/// After the final effects have played, a moment to take in the table, then the results.
pub(crate) fn finish_match<G: TableGame>(
    time: Res<Time>,
    clock: Res<AnimClock>,
    m: Res<Match<G>>,
    presenter: Res<Presenter>,
    mut linger: Local<f32>,
    mut next: ResMut<NextState<Screen>>,
    (mut pace, turn): (ResMut<crate::pace::Pace>, Res<gate::Turn>),
) {
    // A held table (a replay, a guide's explanation, the lobby) does not end meanwhile.
    if turn.held() || !(m.game.is_over() && queue_idle(&m, &presenter)) {
        *linger = 0.0;
        return;
    }
    pace.stir();
    *linger += clock.dt(time.delta_secs());
    if *linger > 1.2 {
        *linger = 0.0;
        next.set(Screen::Results);
    }
}
