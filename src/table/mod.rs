//! The table: the match as a Bevy resource, the queue that turns the engine's effects into
//! animations one beat at a time, the bots (thinking off the frame), and a person's choices.
//!
//! Data flows one way: an action (from a person's input or a bot) goes to the engine; the
//! engine's effects go to the queue; the queue animates them. People act only when the queue
//! is idle, so what they see is always the state they act on.

pub mod goblin_market;
pub mod panel;

use crate::anim::AnimClock;
use crate::screens::{Overlay, Screen};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use come_buy_engine::bots::{Bot, WithBots};
use come_buy_engine::game::{Game, RuleError, Seat, Setup};
use come_buy_engine::goblin_market::{Action, Effect, GoblinMarket, SuitScore};
use std::collections::VecDeque;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Person,
    Bot(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    pub name: String,
    /// Index into [`crate::theme::SEAT_COLORS`].
    pub color: usize,
    pub kind: SeatKind,
}

impl SeatInfo {
    pub fn is_person(&self) -> bool {
        self.kind == SeatKind::Person
    }
}

/// The match being played: the engine's state plus who sits where.
#[derive(Resource, Debug)]
pub struct Match {
    pub setup: Setup,
    pub seats: Vec<SeatInfo>,
    pub game: GoblinMarket,
    /// Every action applied so far: with the setup, the match replays exactly.
    pub actions: Vec<Action>,
    /// Effects the table has not shown yet, in order.
    pub pending: VecDeque<Effect>,
    pub breakdown: Option<Vec<SuitScore>>,
    /// The last refused action's reason (shown briefly; the state did not change).
    pub last_error: Option<String>,
    /// A continued match: the table shows its history at once instead of animating it.
    pub restored: bool,
}

impl Match {
    pub fn new(seats: Vec<SeatInfo>, seed: u64, variants: Vec<String>) -> Result<Match, RuleError> {
        let setup = Setup {
            players: seats.len(),
            seed,
            variants,
        };
        let (game, effects) = GoblinMarket::start(&setup)?;
        Ok(Match {
            setup,
            seats,
            game,
            actions: Vec::new(),
            pending: effects.into(),
            breakdown: None,
            last_error: None,
            restored: false,
        })
    }

    /// Applies an action for a seat; its effects join the queue. On error nothing changes.
    pub fn act(&mut self, seat: Seat, action: Action) -> Result<(), RuleError> {
        match self.game.apply(seat, &action) {
            Ok(effects) => {
                for e in &effects {
                    if let Effect::GameOver { breakdown, .. } = e {
                        self.breakdown = Some(breakdown.clone());
                    }
                }
                self.pending.extend(effects);
                self.actions.push(action);
                self.last_error = None;
                Ok(())
            }
            Err(e) => {
                self.last_error = Some(e.to_string());
                Err(e)
            }
        }
    }

    /// The seat to act if it belongs to a person.
    pub fn person_to_act(&self) -> Option<Seat> {
        self.game
            .current_player()
            .filter(|&s| self.seats[s].is_person())
    }

    pub fn people(&self) -> usize {
        self.seats.iter().filter(|s| s.is_person()).count()
    }
}

/// The animation queue's clock: the next effect waits until `wait` runs out.
#[derive(Resource, Default, Debug)]
pub struct Presenter {
    pub wait: f32,
    /// Frames left of showing everything at once (a continued match catching up).
    pub fast_forward: u8,
    /// Effects presented so far (for tests and the autoplay's screenshot moments).
    pub shown: usize,
}

/// True when every effect has been shown and the last beat has finished: people may act.
pub fn queue_idle(m: &Match, p: &Presenter) -> bool {
    m.pending.is_empty() && p.wait <= 0.0
}

/// A bot's decision being computed off the frame.
type Thinking = Task<(Seat, Box<dyn Bot<GoblinMarket>>, Action)>;

/// Bots by seat, and the one thinking now.
#[derive(Resource, Default)]
pub struct Bots {
    pub brains: Vec<Option<Box<dyn Bot<GoblinMarket>>>>,
    thinking: Option<Thinking>,
    /// A short pause before a bot acts, so people can follow (scaled by the animation speed).
    delay: f32,
}

impl Bots {
    pub fn for_match(m: &Match) -> Bots {
        let brains = m
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Person => None,
                SeatKind::Bot(name) => {
                    let seed =
                        come_buy_engine::rng::Rng::derive(m.setup.seed, i as u64 + 1).next_u64();
                    GoblinMarket::bot(name, seed).ok()
                }
            })
            .collect();
        Bots {
            brains,
            thinking: None,
            delay: 0.0,
        }
    }
}

/// Seconds a bot waits before acting at 1x speed.
pub const BOT_PAUSE: f32 = 0.55;

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum TableSet {
    /// Effects become animations.
    Present,
    /// Bots and people decide.
    Decide,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Presenter>();
    app.configure_sets(
        Update,
        (TableSet::Present, TableSet::Decide).chain().run_if(
            in_state(Screen::Table)
                .and_then(resource_exists::<Match>)
                .and_then(no_overlay),
        ),
    );
    app.add_systems(Update, (drive_bots, finish_match).in_set(TableSet::Decide));
    app.add_systems(Update, sync_speed);
    goblin_market::plugin(app);
}

pub fn no_overlay(overlay: Res<Overlay>) -> bool {
    *overlay == Overlay::None
}

fn sync_speed(settings: Res<Settings>, mut clock: ResMut<AnimClock>) {
    if settings.is_changed() {
        clock.speed = settings.speed();
    }
}

fn drive_bots(
    time: Res<Time>,
    clock: Res<AnimClock>,
    presenter: Res<Presenter>,
    mut m: ResMut<Match>,
    mut bots: ResMut<Bots>,
) {
    if let Some(task) = bots.thinking.as_mut() {
        if let Some((seat, brain, action)) = block_on(poll_once(task)) {
            bots.thinking = None;
            bots.brains[seat] = Some(brain);
            if let Err(e) = m.act(seat, action) {
                error!("bot at seat {seat} chose an illegal action: {e}");
            }
        }
        return;
    }
    if !queue_idle(&m, &presenter) {
        bots.delay = BOT_PAUSE;
        return;
    }
    let Some(seat) = m.game.current_player() else {
        return;
    };
    if m.seats[seat].is_person() {
        return;
    }
    if bots.delay > 0.0 {
        bots.delay -= clock.dt(time.delta_secs());
        return;
    }
    let Some(mut brain) = bots.brains.get_mut(seat).and_then(Option::take) else {
        return;
    };
    let view = m.game.view(Some(seat));
    let legal = m.game.legal_actions();
    bots.thinking = Some(AsyncComputeTaskPool::get().spawn(async move {
        let action = brain.choose(&view, &legal);
        (seat, brain, action)
    }));
}

/// After the final effects have played, a moment to take in the table, then the results.
fn finish_match(
    time: Res<Time>,
    clock: Res<AnimClock>,
    m: Res<Match>,
    presenter: Res<Presenter>,
    mut linger: Local<f32>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !(m.game.is_over() && queue_idle(&m, &presenter)) {
        *linger = 0.0;
        return;
    }
    *linger += clock.dt(time.delta_secs());
    if *linger > 1.2 {
        *linger = 0.0;
        next.set(Screen::Results);
    }
}
