//! `--autoplay`: every seat a bot, one whole game, screenshots at set moments (the title, an
//! auction under way, coins flying, the results), then exit 0 at the results screen. Any
//! failure (no progress for too long, a screenshot that cannot be saved) exits non-zero.

use crate::anim::CardSide;
use crate::cli::Autoplay;
use crate::games::{EachGame, GameKind};
use crate::screens::new_game::GameSetup;
use crate::settings::{ANIM_SPEEDS, Settings};
use crate::state::Screen;
use crate::table::{Match, Progress, SeatInfo, SeatKind, Shown, TableGame, TableSet};
use crate::theme::DEFAULT_NAMES;
use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};

#[derive(Resource)]
struct Run {
    options: Autoplay,
    started: Instant,
    taken: Vec<&'static str>,
    /// Moments waiting for their screenshot: one a frame (Bevy takes a single screenshot of a
    /// window per frame and skips the rest).
    queued: std::collections::VecDeque<&'static str>,
    /// Frames to let a moment's animation get going before its screenshot (a card turning
    /// over shows its face; coins are still in the air).
    settle: u32,
    /// Frames and seconds spent at the table (for the frames-per-second figure).
    table_frames: u32,
    table_secs: f32,
    /// Seconds since the last sign of progress.
    stalled: f32,
    last_progress: usize,
    /// Seconds since entering the current screen.
    in_screen: f32,
    exit_in: Option<u32>,
    title_logged: bool,
    /// Frames until the game log, opened for its picture, closes again.
    log_close_in: Option<u8>,
    /// After the results: the match watched again, and the steps taken forward in it.
    watching: Option<u32>,
    /// The match's moments: (first effect, name), from [`play_ahead`].
    plan: Option<Vec<(usize, &'static str)>>,
}

pub(crate) fn plugin(app: &mut App, options: Autoplay) {
    let speed = ANIM_SPEEDS
        .iter()
        .position(|(s, _)| *s == options.speed)
        .unwrap_or(0);
    let mut settings = app
        .world()
        .get_resource::<Settings>()
        .cloned()
        .unwrap_or_default();
    settings.anim_speed = speed;
    if let crate::anim::Speed::Times(x) = options.speed
        && !ANIM_SPEEDS.iter().any(|(s, _)| *s == options.speed)
    {
        warn!("speed {x} is not offered in the menu; using it anyway for the autoplay");
    }
    app.insert_resource(settings);
    if let Err(e) = std::fs::create_dir_all(&options.screenshots) {
        error!("cannot create {}: {e}", options.screenshots.display());
        app.add_systems(Startup, |mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::from_code(3));
        });
        return;
    }
    app.insert_resource(Run {
        options,
        started: crate::state::LAUNCHED
            .get()
            .copied()
            .unwrap_or_else(Instant::now),
        taken: Vec::new(),
        table_frames: 0,
        table_secs: 0.0,
        stalled: 0.0,
        last_progress: 0,
        in_screen: 0.0,
        exit_in: None,
        queued: Default::default(),
        settle: 0,
        title_logged: false,
        log_close_in: None,
        watching: None,
        plan: None,
    });
    app.add_message::<Moment>();
    app.add_systems(Update, (drive, force_speed));
    crate::games::for_each(&mut WatchMoments(app));
}

/// Something worth a screenshot just appeared on the table.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
struct Moment(&'static str);

struct WatchMoments<'a>(&'a mut App);

impl EachGame for WatchMoments<'_> {
    fn visit<G: TableGame>(&mut self) {
        self.0.add_systems(
            Update,
            (
                plan::<G>
                    .before(TableSet::Present)
                    .run_if(crate::table::playing::<G>),
                moments::<G>.after(TableSet::Present),
            )
                .before(drive),
        );
    }
}

/// Effects shown at the chosen speed before each moment (the rest are shown at once).
const LEAD: usize = 8;

/// Where the moments fall: the match is played ahead, off screen, by the same seeded bots, and
/// the first effect of each moment noted. The table then fast-forwards to a little before the
/// next moment not yet photographed, animates into it, and hurries on: the run's length hardly
/// depends on the machine's speed.
fn plan<G: TableGame>(
    m: Res<Match<G>>,
    mut run: ResMut<Run>,
    mut presenter: ResMut<crate::table::Presenter>,
) {
    if m.is_added() || run.plan.is_none() {
        run.plan = Some(play_ahead(&m));
    }
    let plan = run.plan.as_deref().unwrap_or_default();
    let next = plan
        .iter()
        .find(|(_, name)| !run.taken.contains(name) && !run.queued.contains(name));
    presenter.skip_to = Some(match next {
        Some((k, _)) => k.saturating_sub(LEAD),
        None if run.queued.is_empty() => usize::MAX,
        None => presenter.shown,
    });
    // While a moment waits for its picture, its animation plays on and the next effect waits.
    if !run.queued.is_empty() {
        presenter.wait = presenter.wait.max(0.5);
    }
}

/// The first effect (1-based, as the table counts them) of each moment of the match `m`
/// will become, when its bots play it.
fn play_ahead<G: TableGame>(m: &Match<G>) -> Vec<(usize, &'static str)> {
    let Ok(mut sim) = Match::<G>::new(m.seats.clone(), m.setup.seed, m.setup.variants.clone())
    else {
        return Vec::new();
    };
    let mut bots = crate::table::Bots::for_match(&sim);
    let mut plan: Vec<(usize, &'static str)> = Vec::new();
    let mut shown = 0;
    loop {
        while let Some(effect) = sim.pending.pop_front() {
            shown += 1;
            if let Some(name) = G::moment(&sim, &effect)
                && !plan.iter().any(|(_, n)| *n == name)
            {
                plan.push((shown, name));
            }
        }
        let Some(seat) = sim.game.current_player() else {
            break;
        };
        let Some(brain) = bots.brains.get_mut(seat).and_then(Option::as_mut) else {
            break;
        };
        let Some(decision) = come_buy_engine::bots::Decision::of(&sim.game) else {
            break;
        };
        let action = brain.decide(&decision);
        if sim.act(seat, action).is_err() {
            break;
        }
    }
    plan
}
/// Turns the effects the table has just shown into the game's moments: each at the effect
/// the plan found it at (while fast-forwarding, the match runs ahead of the table and a
/// moment could otherwise be seen early).
fn moments<G: TableGame>(
    m: Option<Res<Match<G>>>,
    run: Res<Run>,
    presenter: Res<crate::table::Presenter>,
    mut shown: MessageReader<Shown<G>>,
    mut out: MessageWriter<Moment>,
) {
    let Some(m) = m else {
        shown.clear();
        return;
    };
    let effects: Vec<&G::Effect> = shown.read().map(|Shown(e)| e).collect();
    let first = presenter.shown + 1 - effects.len().min(presenter.shown + 1);
    for (i, effect) in effects.into_iter().enumerate() {
        let Some(name) = G::moment(&m, effect) else {
            continue;
        };
        let planned = run
            .plan
            .as_deref()
            .unwrap_or_default()
            .iter()
            .find(|(_, n)| *n == name)
            .map_or(0, |(k, _)| *k);
        if first + i >= planned {
            out.write(Moment(name));
        }
    }
}

/// `--screenshot PATH --at SECS`: one screenshot, then quit.
pub(crate) fn single_shot(app: &mut App, path: std::path::PathBuf, at: f32) {
    app.add_systems(
        Update,
        move |mut commands: Commands,
              time: Res<Time>,
              mut taken: Local<Option<f32>>,
              mut exit: MessageWriter<AppExit>| {
            let now = time.elapsed_secs();
            match *taken {
                None if now >= at => {
                    commands
                        .spawn(Screenshot::primary_window())
                        .observe(save_to_disk(path.clone()));
                    *taken = Some(now);
                }
                Some(t) if now > t + 1.0 => {
                    exit.write(AppExit::Success);
                }
                _ => {}
            }
        },
    );
}

/// The autoplay's speed, by frames: each frame is a 20th of a second of the table's time.
fn force_speed(run: Res<Run>, mut clock: ResMut<crate::anim::AnimClock>) {
    clock.speed = run.options.speed;
    clock.frame_step = Some(1.0 / 20.0);
}

/// Asks for a screenshot of moment `name` (once per name; taken on a later frame if another
/// is being taken this one).
fn shoot(_commands: &mut Commands, run: &mut Run, name: &'static str) {
    if run.taken.contains(&name) || run.queued.contains(&name) {
        return;
    }
    if run.queued.is_empty() {
        run.settle = SETTLE_FRAMES;
    }
    run.queued.push_back(name);
}

/// Moves the autoplay steps forward in the replay before its picture.
const REPLAY_STEPS: u32 = 40;

/// Frames between a moment and its screenshot (2 frames = 0.4 s of the table at 4x).
const SETTLE_FRAMES: u32 = 2;

/// Takes the next queued screenshot, at most one a frame.
fn take_queued(commands: &mut Commands, run: &mut Run) {
    if run.settle > 0 && !run.queued.is_empty() {
        run.settle -= 1;
        return;
    }
    let Some(name) = run.queued.pop_front() else {
        return;
    };
    let path = run.options.screenshots.join(format!("{name}.png"));
    info!("autoplay: screenshot {}", path.display());
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
    run.taken.push(name);
}

/// Deals the autoplay's game on the title: its seats all Normal bots, its variant and seed.
fn start_game(
    commands: &mut Commands,
    run: &Run,
    next: &mut NextState<Screen>,
    exit: &mut MessageWriter<AppExit>,
) {
    let Some(game) = GameKind::from_id(&run.options.game) else {
        eprintln!("autoplay: unknown game {}", run.options.game);
        exit.write(AppExit::from_code(2));
        return;
    };
    // Normal bots: quick in a debug build, and they play a game worth looking at.
    let best = "normal";
    let seats: Vec<SeatInfo> = (0..run.options.players)
        .map(|i| SeatInfo {
            name: DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string(),
            color: i,
            kind: SeatKind::Bot(best.into()),
        })
        .collect();
    let variant = game
        .variant_choices()
        .iter()
        .position(|(_, v)| *v == run.options.variants)
        .unwrap_or(0);
    let setup = GameSetup {
        game,
        seats,
        variant,
        seed: Some(run.options.seed),
    };
    match setup.start(commands) {
        Ok(()) => next.set(Screen::Table),
        Err(e) => {
            eprintln!("autoplay: cannot start {}: {e}", run.options.game);
            exit.write(AppExit::from_code(2));
        }
    }
}

fn drive(
    mut commands: Commands,
    (time, progress): (Res<Time>, Res<Progress>),
    mut run: ResMut<Run>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    (mut moments, cards): (MessageReader<Moment>, Query<(), With<CardSide>>),
    (mut log, mut press, code): (
        ResMut<crate::table::log::GameLog>,
        MessageWriter<crate::nav::UiPress>,
        Option<Res<crate::screens::results::MatchCode>>,
    ),
    mut exit: MessageWriter<AppExit>,
) {
    let dt = time.delta_secs();
    take_queued(&mut commands, &mut run);
    if screen.is_changed() {
        run.in_screen = 0.0;
    }
    run.in_screen += dt;
    let waiting_shots = !run.queued.is_empty();
    if let Some(frames) = run.exit_in.as_mut() {
        if *frames == 0 && waiting_shots {
            // A screenshot still to take first.
        } else if *frames == 0 {
            let fps = run.table_frames as f32 / run.table_secs.max(1e-3);
            println!(
                "autoplay: done in {:.1} s; table {} frames in {:.1} s = {fps:.1} fps",
                run.started.elapsed().as_secs_f32(),
                run.table_frames,
                run.table_secs
            );
            for name in &run.taken {
                let p = run.options.screenshots.join(format!("{name}.png"));
                if !p.exists() {
                    eprintln!("autoplay: screenshot {} was not written", p.display());
                    exit.write(AppExit::from_code(4));
                    return;
                }
            }
            exit.write(AppExit::Success);
        } else {
            *frames -= 1;
        }
        return;
    }
    match screen.get() {
        Screen::Title => {
            if !run.title_logged && cards.iter().count() > 0 {
                run.title_logged = true;
                println!(
                    "autoplay: title screen after {:.2} s",
                    run.started.elapsed().as_secs_f32()
                );
            }
            if run.in_screen > 1.0 {
                shoot(&mut commands, &mut run, "title");
            }
            if run.in_screen > 1.5 && run.exit_in.is_none() {
                start_game(&mut commands, &run, &mut next, &mut exit);
            }
        }
        Screen::Table => {
            run.table_frames += 1;
            run.table_secs += dt;
            let progress = progress.actions * 1000 + progress.pending;
            if progress != run.last_progress {
                run.last_progress = progress;
                run.stalled = 0.0;
            } else {
                run.stalled += dt;
                if run.stalled > 60.0 {
                    eprintln!("autoplay: no progress for 60 s at step {}", progress / 1000);
                    exit.write(AppExit::from_code(5));
                }
            }
            if let Some(steps) = run.watching {
                // The replay viewer: steps forward a move a frame, then a picture mid-game.
                if steps < REPLAY_STEPS {
                    // As a click on the viewer's ">" button.
                    press.write(crate::nav::UiPress {
                        owner: crate::nav::Owner::Table,
                        nav: crate::nav::Nav::Right,
                    });
                    run.watching = Some(steps + 1);
                } else if steps == REPLAY_STEPS + 8 {
                    shoot(&mut commands, &mut run, "replay");
                    run.watching = Some(steps + 1);
                } else if run.taken.contains(&"replay") {
                    run.exit_in = Some(20);
                } else {
                    run.watching = Some(steps + 1);
                }
                return;
            }
            for Moment(name) in moments.read() {
                shoot(&mut commands, &mut run, name);
            }
            // After the first moment's picture, one with the game log open, then closed.
            // (It closes a few frames after the picture is asked for: the picture is drawn
            // at the end of a later frame.)
            if !run.taken.contains(&"log") && run.taken.iter().any(|n| *n != "title") {
                log.open = true;
                shoot(&mut commands, &mut run, "log");
            } else if run.taken.contains(&"log") && log.open {
                let left = run.log_close_in.get_or_insert(3);
                if *left == 0 {
                    log.open = false;
                } else {
                    *left -= 1;
                }
            }
        }
        Screen::Results => {
            if run.in_screen > 2.8 {
                shoot(&mut commands, &mut run, "results");
            }
            // Then "Watch again": the replay viewer, photographed mid-game.
            if run.taken.contains(&"results") && run.watching.is_none() {
                // The match code, for `come-buy --watch` (the script watches it again).
                if let Some(code) = code.as_ref().and_then(|c| c.0.as_ref()) {
                    println!("autoplay: match code {code}");
                }
                run.watching = Some(0);
                commands.queue(crate::table::replay::WatchAgain);
                next.set(Screen::Table);
            }
        }
        Screen::NewGame => {}
    }
}
