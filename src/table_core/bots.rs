//! The bots at the table: a decision is worked out off the frame (a task on the desktop, a
//! few milliseconds a frame in the browser) after a short pause, and a decision made for
//! another match or step is dropped; a fast-forward has them decide at once.

use super::moves::{Move, Source};
use super::*;

/// A bot's decision being computed, with the match and step it is for.
struct Thinking<G: TableGame> {
    work: Work<G>,
    seat: Seat,
    serial: u64,
    step: usize,
    /// When the bot began, and the longest frame since (for the figures of sliced thinking).
    started: bevy::platform::time::Instant,
    longest_frame_ms: f64,
    frames_seen: u32,
    /// Time spent thinking, summed over the slices, and the longest one slice (the most a
    /// frame gave this decision).
    compute_ms: f64,
    longest_slice_ms: f64,
}

/// How a bot thinks: on another thread (a task), or on this one a slice each frame (browsers
/// have no threads for it; a searching bot would otherwise freeze the table while it thinks).
enum Work<G: TableGame> {
    Task(Task<(Box<dyn Bot<G>>, <G as Game>::Action)>),
    Slices(Box<dyn Bot<G>>),
}

/// Whether searching bots think a slice per frame on the main thread (the web build; tests
/// turn it on to check it) instead of on a worker thread.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct ThinkInSlices {
    pub on: bool,
    /// Main-thread time a frame may spend thinking, in milliseconds.
    pub ms_per_frame: f64,
    /// Slices run so far (each frame's work is one), for tests and figures.
    pub slices: u64,
    /// Decisions made in slices so far, the longest of them (ms of thinking, summed over its
    /// slices), and the longest frame while a bot was thinking in slices.
    pub decisions: u64,
    pub longest_decision_ms: f64,
    pub longest_frame_ms: f64,
}

impl ThinkInSlices {
    /// This frame's thinking time: `ms_per_frame`, or on a slow machine (long frames anyway) up
    /// to a quarter of the last frame, at most five times `ms_per_frame`, so that bots do not
    /// take minutes where frames are slow.
    pub(crate) fn budget_ms(&self, last_frame_ms: f64) -> f64 {
        self.ms_per_frame
            .max((last_frame_ms * 0.25).min(self.ms_per_frame * 5.0))
    }
}

impl Default for ThinkInSlices {
    fn default() -> Self {
        ThinkInSlices {
            on: cfg!(target_arch = "wasm32"),
            ms_per_frame: 6.0,
            slices: 0,
            decisions: 0,
            longest_decision_ms: 0.0,
            longest_frame_ms: 0.0,
        }
    }
}

/// Thinks for one frame's slice; the pick once the bot is done. A step is not begun where one
/// as long as the longest of this slice would end past the budget, so a frame gives the bot
/// its budget or one step, whichever is longer, never the budget and a step more (the
/// Duchess's solo lookahead has steps of tens of milliseconds in a browser).
pub(crate) fn think_slice<G: TableGame>(
    brain: &mut Box<dyn Bot<G>>,
    budget_ms: f64,
) -> Option<G::Action> {
    let start = bevy::platform::time::Instant::now();
    let mut longest_step = 0.0_f64;
    loop {
        let before = start.elapsed().as_secs_f64() * 1000.0;
        if let Some(a) = brain.think(1) {
            return Some(a);
        }
        let now = start.elapsed().as_secs_f64() * 1000.0;
        longest_step = longest_step.max(now - before);
        if now + longest_step >= budget_ms {
            return None;
        }
    }
}

/// Bots by seat, and the one thinking now.
#[derive(Resource)]
pub struct Bots<G: TableGame> {
    pub brains: Vec<Option<Box<dyn Bot<G>>>>,
    thinking: Option<Thinking<G>>,
    /// A short pause before a bot acts, so people can follow (scaled by the animation speed).
    delay: f32,
    /// Decisions thrown away because the match changed while the bot thought.
    pub dropped: usize,
}

impl<G: TableGame> Bots<G> {
    /// A bot is thinking now.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }
}

impl<G: TableGame> Bots<G> {
    pub(crate) fn for_match(m: &Match<G>) -> Bots<G> {
        let brains = m
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Person => None,
                // A bot ready to stand in for a friend online who drops (the host's choice).
                SeatKind::Online => G::bot("normal", m.setup.seed ^ i as u64).ok(),
                SeatKind::Bot(name) => {
                    let seed =
                        come_buy_engine::rng::Rng::derive(m.setup.seed, i as u64 + 1).next_u64();
                    // Names were checked when the match was made.
                    G::bot(name, seed).ok()
                }
            })
            .collect();
        Bots {
            brains,
            thinking: None,
            delay: BOT_PAUSE,
            dropped: 0,
        }
    }
}

/// Seconds a bot waits before acting at 1x speed.
pub const BOT_PAUSE: f32 = 0.55;

pub(crate) fn drive_bots<G: TableGame>(
    (time, real, mut pace): (Res<Time>, Res<Time<Real>>, ResMut<crate::pace::Pace>),
    clock: Res<AnimClock>,
    presenter: Res<Presenter>,
    m: Res<Match<G>>,
    mut bots: ResMut<Bots<G>>,
    (mut slices, turn, mut moves): (
        ResMut<ThinkInSlices>,
        Res<super::gate::Turn>,
        MessageWriter<Move<G>>,
    ),
) {
    // The gate says whether the table is held (a replay, a guide's explanation, the online
    // lobby: no bot thinks meanwhile) and who plays the seat to act (at a friend's table
    // every seat but its person's is played away: the host's bots decide).
    if turn.held() {
        return;
    }
    if let Some(thinking) = bots.thinking.as_mut() {
        // A bot thinking: its answer is looked for each frame.
        pace.stir();
        let action = match &mut thinking.work {
            Work::Task(task) => block_on(poll_once(task)).map(|(brain, a)| (Some(brain), a)),
            Work::Slices(brain) => {
                slices.slices += 1;
                if thinking.frames_seen > 0 {
                    let frame = real.delta_secs_f64() * 1000.0;
                    thinking.longest_frame_ms = thinking.longest_frame_ms.max(frame);
                }
                thinking.frames_seen += 1;
                let budget = slices.budget_ms(real.delta_secs_f64() * 1000.0);
                let start = bevy::platform::time::Instant::now();
                let pick = think_slice(brain, budget);
                let slice = start.elapsed().as_secs_f64() * 1000.0;
                thinking.compute_ms += slice;
                thinking.longest_slice_ms = thinking.longest_slice_ms.max(slice);
                pick.map(|a| (None, a))
            }
        };
        let Some((done, action)) = action else {
            return;
        };
        let Some(thinking) = bots.thinking.take() else {
            return;
        };
        if matches!(thinking.work, Work::Slices(_)) {
            let wall = thinking.started.elapsed().as_secs_f64() * 1000.0;
            let ms = thinking.compute_ms;
            slices.decisions += 1;
            slices.longest_decision_ms = slices.longest_decision_ms.max(ms);
            slices.longest_frame_ms = slices.longest_frame_ms.max(thinking.longest_frame_ms);
            info!(
                "sliced bot decision {}: {ms:.0} ms thinking over {} frames ({wall:.0} ms in all), longest frame {:.1} ms, longest slice {:.1} ms (budget {:.0})",
                slices.decisions,
                thinking.frames_seen,
                thinking.longest_frame_ms,
                thinking.longest_slice_ms,
                slices.budget_ms(real.delta_secs_f64() * 1000.0)
            );
        }
        let brain = match (done, thinking.work) {
            (Some(brain), _) | (None, Work::Slices(brain)) => brain,
            (None, Work::Task(_)) => return, // unreachable: a task hands its brain back
        };
        let (seat, serial, step) = (thinking.seat, thinking.serial, thinking.step);
        bots.brains[seat] = Some(brain);
        if !decision_is_current(&m, seat, serial, step) {
            // The match moved on (or was replaced) while the bot thought: think again.
            debug!("dropped a stale decision of the bot at seat {seat}");
            bots.dropped += 1;
            return;
        }
        moves.write(Move::now(&m, seat, action, Source::Bot));
        return;
    }
    if presenter.skipping() && fast_forward_bots(&m, &mut bots, &presenter, &mut moves) {
        return;
    }
    if !queue_idle(&m, &presenter) {
        bots.delay = if presenter.skipping() { 0.0 } else { BOT_PAUSE };
        return;
    }
    let Some(seat) = turn.open_for(super::gate::Control::Bot, &m) else {
        return;
    };
    if bots.delay > 0.0 {
        // A bot's pause before it acts.
        pace.stir();
        bots.delay -= clock.dt(time.delta_secs());
        return;
    }
    let Some(mut brain) = bots.brains.get_mut(seat).and_then(Option::take) else {
        return;
    };
    let Some(decision) = Decision::of(&m.game) else {
        return;
    };
    let work = if slices.on && brain.begin(&decision) {
        Work::Slices(brain)
    } else {
        Work::Task(AsyncComputeTaskPool::get().spawn(async move {
            let action = brain.decide(&decision);
            (brain, action)
        }))
    };
    bots.thinking = Some(Thinking {
        work,
        seat,
        serial: m.serial,
        step: m.actions.len(),
        started: bevy::platform::time::Instant::now(),
        longest_frame_ms: 0.0,
        frames_seen: 0,
        compute_ms: 0.0,
        longest_slice_ms: 0.0,
    });
}

/// Fast-forward: bots decide at once, several moves a frame, as long as the effects stay short
/// of the point where the table slows down again. They decide ahead on a copy of the world,
/// for the bots' seats in a row, and the moves go in by the one way, which the gate may stop
/// short ([`super::moves`]). True if any bot decided.
fn fast_forward_bots<G: TableGame>(
    m: &Match<G>,
    bots: &mut Bots<G>,
    p: &Presenter,
    moves: &mut MessageWriter<Move<G>>,
) -> bool {
    let limit = p.skip_to.unwrap_or(0);
    let mut world = m.game.clone();
    let mut pending = m.pending.len();
    let mut step = m.actions.len();
    for _ in 0..64 {
        if p.shown + pending >= limit {
            break;
        }
        let Some(seat) = world
            .current_player()
            .filter(|&s| m.seats.get(s).is_some_and(SeatInfo::is_bot))
        else {
            break;
        };
        let Some(brain) = bots.brains.get_mut(seat).and_then(Option::as_mut) else {
            break;
        };
        let Some(decision) = Decision::of(&world) else {
            break;
        };
        let action = brain.decide(&decision);
        let Ok(effects) = world.apply(seat, &action) else {
            break;
        };
        pending += effects.len();
        moves.write(Move {
            serial: m.serial,
            step,
            seat,
            action,
            source: Source::Bot,
        });
        step += 1;
    }
    step > m.actions.len()
}

/// A decision made for `serial` at `step` by `seat` still fits the match on the table.
pub fn decision_is_current<G: TableGame>(
    m: &Match<G>,
    seat: Seat,
    serial: u64,
    step: usize,
) -> bool {
    m.serial == serial && m.actions.len() == step && m.game.current_player() == Some(seat)
}
