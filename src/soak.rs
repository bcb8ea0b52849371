//! `--soak MINUTES`: game after game of every game and mode, all seats bots (Normal, and one
//! Hard seat every third game), at 4x speed with the table's clock driven by frames, for a long
//! run's problems: a panic, an error in the log, memory that keeps growing. Each finished game
//! prints a line with the process's resident memory; the end prints the figures
//! (`scripts/soak.sh` runs it under Xvfb and checks them).

use crate::anim::Speed;
use crate::games::GameKind;
use crate::screens::new_game::GameSetup;
use crate::state::Screen;
use crate::table::{Progress, SeatInfo, SeatKind};
use crate::theme::DEFAULT_NAMES;
use bevy::platform::time::Instant;
use bevy::prelude::*;

/// The games and modes played in turn: (game, players, variant choice index).
pub(crate) fn rounds() -> Vec<(GameKind, usize, usize)> {
    let mut v = Vec::new();
    for game in GameKind::all() {
        let variants = game.variant_choices().len().max(1);
        for (k, players) in game.players().enumerate() {
            v.push((game, players, k % variants));
        }
    }
    v
}

#[derive(Resource)]
struct Soak {
    minutes: f32,
    started: Instant,
    games: usize,
    frames_in_screen: u32,
    frames_stalled: u32,
    last_progress: usize,
    /// Resident memory after the first game, the most seen, and the last.
    first_mb: Option<f64>,
    max_mb: f64,
    last_mb: f64,
    game_started: Instant,
}

pub(crate) fn plugin(app: &mut App, minutes: f32) {
    app.insert_resource(Soak {
        minutes,
        started: Instant::now(),
        games: 0,
        frames_in_screen: 0,
        frames_stalled: 0,
        last_progress: 0,
        first_mb: None,
        max_mb: 0.0,
        last_mb: 0.0,
        game_started: Instant::now(),
    });
    app.add_systems(Update, drive);
}

/// The process's resident memory in MB (Linux; 0 elsewhere).
pub(crate) fn resident_mb() -> f64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |pages| pages * 4096.0 / 1_048_576.0)
}

fn drive(
    mut commands: Commands,
    mut soak: ResMut<Soak>,
    progress: Res<Progress>,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    mut clock: ResMut<crate::anim::AnimClock>,
    mut exit: MessageWriter<AppExit>,
) {
    clock.speed = Speed::Times(4.0);
    clock.frame_step = Some(1.0 / 20.0);
    if screen.is_changed() {
        soak.frames_in_screen = 0;
    }
    soak.frames_in_screen += 1;
    match screen.get() {
        Screen::Title if soak.frames_in_screen > 10 => {
            let minutes = soak.started.elapsed().as_secs_f32() / 60.0;
            if minutes >= soak.minutes {
                println!(
                    "soak: {} games in {minutes:.1} min; resident memory after the first game {:.1} MB, at the end {:.1} MB, at most {:.1} MB",
                    soak.games,
                    soak.first_mb.unwrap_or(0.0),
                    soak.last_mb,
                    soak.max_mb
                );
                exit.write(AppExit::Success);
                return;
            }
            let all = rounds();
            let (game, players, variant) = all[soak.games % all.len()];
            let seats: Vec<SeatInfo> = (0..players)
                .map(|i| SeatInfo {
                    name: DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string(),
                    color: i,
                    kind: SeatKind::Bot(
                        if i == 0 && soak.games % 3 == 2 {
                            "hard"
                        } else {
                            "normal"
                        }
                        .into(),
                    ),
                })
                .collect();
            let setup = GameSetup {
                game,
                seats,
                variant,
                seed: Some(1000 + soak.games as u64),
            };
            match setup.start(&mut commands) {
                Ok(()) => {
                    soak.game_started = Instant::now();
                    next.set(Screen::Table);
                }
                Err(e) => {
                    eprintln!("soak: cannot start {}: {e}", game.id());
                    exit.write(AppExit::from_code(2));
                }
            }
        }
        Screen::Table => {
            let now = progress.actions * 1000 + progress.pending;
            if now != soak.last_progress {
                soak.last_progress = now;
                soak.frames_stalled = 0;
            } else {
                soak.frames_stalled += 1;
                if soak.frames_stalled > 2400 {
                    eprintln!("soak: no progress for 2400 frames at step {}", now / 1000);
                    exit.write(AppExit::from_code(5));
                }
            }
        }
        Screen::Results if soak.frames_in_screen > 20 => {
            soak.games += 1;
            let mb = resident_mb();
            soak.first_mb.get_or_insert(mb);
            soak.max_mb = soak.max_mb.max(mb);
            soak.last_mb = mb;
            let all = rounds();
            let (game, players, _) = all[(soak.games - 1) % all.len()];
            println!(
                "soak: game {} ({}, {players} players) done in {:.1} s; resident memory {mb:.1} MB",
                soak.games,
                game.id(),
                soak.game_started.elapsed().as_secs_f32()
            );
            next.set(Screen::Title);
        }
        _ => {}
    }
}
