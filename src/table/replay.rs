//! Replays: a finished match watched again on the same animated table, every hand open. The
//! viewer steps forward by applying the record's next action (animated as in play), back by
//! putting the match on the table again without its last step (the undo's way: exact by
//! construction), and jumps to the start or the end; Enter / A plays and pauses. Nothing acts
//! on its own in a replay: no bot thinks, no person is asked, nothing is saved or counted, and
//! the end stays on the table instead of opening the results.

use super::moves::{Move, Source};
use super::{Match, Presenter, TableGame, TableSet, playing, queue_idle};
use crate::games::install;
use crate::lang::Rebuild;
use crate::menu::click;
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::settings::Settings;
use crate::state::{Overlay, Screen};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::record::{Record, Step};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// A replay is on the table: how many steps its record has, and whether it plays on by itself.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Replay {
    pub total: usize,
    pub playing: bool,
    /// Time since the last step while playing, in seconds at 1x.
    pub timer: f32,
    /// Whose match it is: said over the table (a link opened a replay with no word of it).
    pub about: Watched,
}

/// The match a replay shows: its game, its seed (a deal of the day is known by it) and who
/// sat at it.
#[derive(Debug, Clone, PartialEq)]
pub struct Watched {
    pub game: crate::games::GameKind,
    pub seed: u64,
    pub names: Vec<String>,
}

/// The replayed record's steps.
#[derive(Resource)]
pub(crate) struct ReplaySteps<G: TableGame>(pub Vec<Step<G::Action>>);

/// Seconds between steps while playing, at 1x (the animation speed setting scales it).
pub(crate) const STEP_SECS: f32 = 0.9;

/// Asked from the pause menu during a replay: the rest of the match at once, then its
/// results (a match watched again from its results goes back to them).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ReplayToResults;

pub fn plugin(app: &mut App) {
    app.add_message::<ReplayToResults>();
    for screen in [Screen::Title, Screen::NewGame, Screen::Results] {
        app.add_systems(OnEnter(screen), |mut commands: Commands| {
            commands.remove_resource::<Replay>();
        });
    }
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        replay_input::<G>
            .in_set(TableSet::Decide)
            .before(super::handover::update_privacy::<G>)
            .run_if(playing::<G>.and_then(resource_exists::<Replay>)),
    );
}

/// Puts `record`'s match on the table at its start, to be watched.
pub fn watch<G: TableGame>(
    commands: &mut Commands,
    record: &Record<G::Action>,
) -> Result<(), Text> {
    let mut start = record.clone();
    start.steps.clear();
    let mut m = crate::save::restore::<G>(&start)?;
    // Every step must replay: check the whole record first.
    crate::save::restore::<G>(record)?;
    m.restored = true;
    m.kind = super::MatchKind::Replay;
    install(commands, m);
    commands.insert_resource(ReplaySteps::<G>(record.steps.clone()));
    commands.insert_resource(Replay {
        total: record.steps.len(),
        playing: false,
        timer: 0.0,
        about: Watched {
            game: crate::games::GameKind::of::<G>(),
            seed: record.seed,
            names: record.seats.iter().map(|s| s.name.clone()).collect(),
        },
    });
    Ok(())
}

/// Watches the match on the table again from its start ("Watch again" on the results).
pub(crate) struct WatchAgain;

impl Command for WatchAgain {
    type Out = ();
    fn apply(self, world: &mut World) {
        crate::games::for_each(&mut WatchIn(world));
    }
}

struct WatchIn<'a>(&'a mut World);

impl crate::games::EachGame for WatchIn<'_> {
    fn visit<G: TableGame>(&mut self) {
        let Some(m) = self.0.get_resource::<Match<G>>() else {
            return;
        };
        let record = crate::save::record_of(m);
        let mut queue = bevy::ecs::world::CommandQueue::default();
        let mut commands = Commands::new(&mut queue, self.0);
        if let Err(e) = watch::<G>(&mut commands, &record) {
            error!("cannot watch: {}", say(&e));
        }
        queue.apply(self.0);
    }
}

fn replay_input<G: TableGame>(
    mut commands: Commands,
    (m, mut moves): (Res<Match<G>>, MessageWriter<Move<G>>),
    (steps, mut replay, mut presenter): (Res<ReplaySteps<G>>, ResMut<Replay>, ResMut<Presenter>),
    mut inbox: ResMut<Inbox>,
    (time, settings, mut pace): (Res<Time>, Res<Settings>, ResMut<crate::pace::Pace>),
    (mut next, mut to_results): (ResMut<NextState<Screen>>, MessageReader<ReplayToResults>),
) {
    let at = m.actions.len();
    let mut back_to = None;
    let mut forward = 0usize;
    let results = to_results.read().count() > 0;
    if results {
        replay.playing = false;
        forward = usize::MAX;
    }
    for p in inbox.take(Owner::Table) {
        match p.nav {
            Some(Nav::Confirm) => {
                replay.playing = !replay.playing && at < replay.total;
                replay.timer = STEP_SECS;
            }
            Some(Nav::Right) => {
                replay.playing = false;
                forward += 1;
            }
            Some(Nav::Left) => {
                replay.playing = false;
                back_to = Some(at.saturating_sub(1));
            }
            Some(Nav::BigLeft | Nav::PageUp) => {
                replay.playing = false;
                back_to = Some(0);
            }
            Some(Nav::BigRight | Nav::PageDown) => {
                replay.playing = false;
                forward = usize::MAX;
            }
            _ => inbox.push(p),
        }
    }
    if let Some(keep) = back_to.filter(|&k| k < at) {
        commands.queue(Rebuild { keep: Some(keep) });
        next.set(Screen::Table);
        return;
    }
    if replay.playing {
        pace.stir();
    }
    if replay.playing && queue_idle(&m, &presenter) {
        let speed = match settings.speed() {
            crate::anim::Speed::Times(x) => x,
            crate::anim::Speed::Instant => 100.0,
        };
        replay.timer += time.delta_secs() * speed;
        if replay.timer >= STEP_SECS {
            replay.timer = 0.0;
            forward = forward.max(1);
        }
    }
    let jump = forward == usize::MAX;
    // The record's next moves go in by the table's one way; the world they make is worked
    // out here too (how many effects a jump skips, whether the match ends).
    let mut world = m.game.clone();
    let mut effects = 0;
    let mut planned = Vec::new();
    for (i, step) in steps.0.iter().enumerate().skip(at).take(forward) {
        match world.apply(step.seat, &step.action) {
            Ok(e) => effects += e.len(),
            Err(_) => break,
        }
        planned.push(Move {
            serial: m.serial,
            step: i,
            seat: step.seat,
            action: step.action.clone(),
            source: Source::Replay,
        });
    }
    let made = planned.len();
    moves.write_batch(planned);
    if jump && made > 0 {
        // The rest of the match at once.
        presenter.skip_to = Some(presenter.shown + m.pending.len() + effects);
    }
    if at + made >= replay.total {
        replay.playing = false;
    }
    if results && world.is_over() {
        next.set(Screen::Results);
    }
}

/// The viewer's strip: where the replay is, its buttons, and the keys.
pub(crate) fn replay_panel(
    mut contexts: EguiContexts,
    replay: Res<Replay>,
    progress: Res<super::Progress>,
    mut dock: ResMut<super::dock::Dock>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let status = say(&Text::new("replay-status")
        .num("at", progress.actions as i64)
        .num("total", replay.total as i64));
    let play = tr(if replay.playing {
        "replay-pause"
    } else {
        "replay-play"
    });
    // A touch screen has no keys to explain; a compact table keeps its room (as a choice's
    // strip does: in Spanish at the largest text the keys took three lines, and the strip
    // covered the table's bottom plaques).
    let keys = if dock.touch || dock.compact {
        String::new()
    } else {
        come_buy_text::tr_keys("replay-keys")
    };
    crate::table_core::kit::docked_panel(
        ctx,
        &mut dock,
        (&status, None),
        crate::ui::GOLD,
        &keys,
        |ui| {
            for (label, nav) in [
                ("|<".to_string(), Nav::BigLeft),
                ("<".to_string(), Nav::Left),
                (play, Nav::Confirm),
                (">".to_string(), Nav::Right),
                (">|".to_string(), Nav::BigRight),
            ] {
                // The arrows need little room: the row stays one line at a large text size.
                let width = if nav == Nav::Confirm {
                    crate::ui::MIN_BUTTON_WIDTH
                } else {
                    120.0
                };
                if crate::ui::wide_button(ui, &label, nav == Nav::Confirm, true, width) {
                    click(&mut out, Owner::Table, nav);
                }
            }
        },
    );
    Ok(())
}

/// Whether `code` is a match code of a game the table has, whose every step replays.
pub fn check_code(code: &str) -> Result<(), String> {
    let id = come_buy_engine::code::game_of(code).map_err(|e| e.to_string())?;
    crate::games::dispatch(id, CheckCode(code))
        .ok_or_else(|| format!("the table has no game {id:?}"))?
}

struct CheckCode<'a>(&'a str);

impl crate::games::ForGame for CheckCode<'_> {
    type Out = Result<(), String>;
    fn run<G: TableGame>(self) -> Result<(), String> {
        let record = come_buy_engine::code::decode::<G>(self.0).map_err(|e| e.to_string())?;
        crate::save::restore::<G>(&record)
            .map(|_| ())
            .map_err(|e| say(&e))
    }
}

struct WatchCode<'a, 'w, 's>(&'a str, &'a mut Commands<'w, 's>);

impl crate::games::ForGame for WatchCode<'_, '_, '_> {
    type Out = Result<(), String>;
    fn run<G: TableGame>(self) -> Result<(), String> {
        let record = come_buy_engine::code::decode::<G>(self.0).map_err(|e| e.to_string())?;
        info!(
            "watching a code: {} seed {}, {} moves",
            G::ID,
            record.seed,
            record.steps.len()
        );
        watch::<G>(self.1, &record).map_err(|e| say(&e))
    }
}

/// Puts the match of `code` on the table as a replay (`--watch`; the code was checked).
pub fn watch_code(commands: &mut Commands, code: &str) -> Result<(), String> {
    let id = come_buy_engine::code::game_of(code).map_err(|e| e.to_string())?;
    crate::games::dispatch(id, WatchCode(code, commands))
        .ok_or_else(|| format!("the table has no game {id:?}"))?
}

pub(crate) fn windowed(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            replay_panel.run_if(in_state(Overlay::None)),
            draw_replay_line,
        )
            .run_if(in_state(Screen::Table).and_then(resource_exists::<Replay>)),
    );
}

/// Days back a replayed match is looked for among the deals of the day.
const DAYS_BACK: i64 = 400;

/// What the line over a replay says: which match it is (a deal of the day by its day, else
/// its game) and who played it. `today`: the day number now.
pub fn replay_line(about: &Watched, today: i64) -> (String, String) {
    let players = about.names.len();
    let day = (today - DAYS_BACK..=today).rev().find(|&d| {
        come_buy_engine::daily::Deal::of_match(about.game.id(), players, about.seed, d).is_some()
    });
    let head = match day {
        Some(d) => {
            say(&Text::new("replay-line-daily").num("number", come_buy_engine::daily::number(d)))
        }
        None => say(&Text::new("replay-line").raw("game", about.game.title())),
    };
    (head, about.names.join(", "))
}

/// The line over a replay's table (see `crate::table_core::top_line`).
fn draw_replay_line(
    mut contexts: EguiContexts,
    replay: Res<Replay>,
    today: Res<crate::daily::Today>,
    mut dock: ResMut<super::dock::Dock>,
) -> Result {
    let (head, names) = replay_line(&replay.about, today.0);
    let ctx = contexts.ctx_mut()?;
    crate::table_core::top_line::show(ctx, "replay line", &mut dock, |ui| {
        use crate::table_core::top_line::{Piece, pieces};
        pieces(
            ui,
            vec![
                Piece::Words(egui::RichText::new(head).size(28.0).color(crate::ui::GOLD)),
                Piece::Words(
                    egui::RichText::new(names)
                        .size(24.0)
                        .color(crate::ui::CREAM),
                ),
            ],
        );
    });
    Ok(())
}
