//! The table's core: the match as a Bevy resource, the queue that turns the engine's effects
//! into animations one beat at a time, the bots (thinking off the frame), the turn gate, the
//! dock and the pieces every table shares. The services (saves, statistics, the phones) build
//! on it; the table's features and each game's folder (`crate::table`) build on them.
//!
//! Data flows one way: an action (from a person's input or a bot) goes to the engine; the
//! engine's effects go to the queue; the queue animates them. People act only when the queue
//! is idle, so what they see is always the state they act on.
//!
//! Everything here is generic over the game ([`TableGame`]): each game adds its own layout,
//! effect animations and choice panel in its module, and registers the shared systems with
//! [`register`].

pub mod dock;
pub mod gate;
pub mod kit;
pub mod lines;
pub mod moves;
mod remote;
pub use remote::{Far, Remote, phone_hand, room_plans};
pub mod room;
pub mod scores;
pub mod seat_room;
pub(crate) mod top_line;

mod beat;
pub use beat::{Presenter, queue_idle};
pub(crate) use beat::{Shown, catching_up, finish_match};
use beat::{pump_effects, sync_speed};

mod bots;
// The bot driver lives in `bots`; its names are the table's.
pub(crate) use bots::drive_bots;
pub(crate) use bots::think_slice;
pub use bots::{BOT_PAUSE, Bots, ThinkInSlices, decision_is_current};

mod phone;
pub use phone::{InLine, PhoneCard, PhoneChoice, PhoneFace, PhoneSpot, PhoneTable};

use crate::anim::AnimClock;

use crate::state::{Overlay, Screen};
use bevy::ecs::system::{SystemParam, SystemParamItem};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use come_buy_engine::bots::{Bot, Decision};
use come_buy_engine::catalog::CatalogGame;
use come_buy_engine::game::{Game, RuleError, Seat, Setup};
use come_buy_media::synth::Cue;
use std::collections::VecDeque;

/// What a game brings to the table: the engine's game plus its layout, animations, choices,
/// results and help. Each game implements it once, in its own folder under `table/`, and is
/// listed once in [`crate::games`]; nothing else in the app names a game.
pub trait TableGame:
    CatalogGame
    + kit::Wording
    + lines::Logged
    + scores::Results
    // An online host sends a friend their seat's world (`crate::online`).
    + serde::Serialize
    + serde::de::DeserializeOwned
    + Send
    + Sync
    + 'static
where
    Self: Game<
            Action: Send + Sync,
            Effect: Send + Sync + serde::de::DeserializeOwned,
            View: Send + Sync,
        >,
{
    /// How to play, in our own words (the rules overlay): its message key.
    const HELP: &'static str;
    /// Whether seats hold cards the room must not see (then two or more people at one
    /// screen get the hand-over screen before each decision).
    const HIDDEN_HANDS: bool;
    /// What presenting an effect touches: the table view, the queries, the painter.
    type Stage: SystemParam + 'static;

    /// Rule variants a player can pick on the new-game screen: (label's message key, variant
    /// names).
    fn variant_choices() -> Vec<(&'static str, Vec<String>)> {
        vec![("variant-standard", vec![])]
    }
    /// The game's own systems (spawning its table, highlights, clicks on cards).
    fn plugin(app: &mut App);
    /// Animates one effect, pushes its sounds, and returns how long its beat lasts at 1x.
    fn present(
        stage: &mut SystemParamItem<Self::Stage>,
        m: &Match<Self>,
        effect: &Self::Effect,
        cues: &mut Vec<Cue>,
    ) -> f32;
    /// Puts a person's options in the order the choice panel shows them (declining first
    /// where a game has a "no" that is easy to miss).
    fn display_order(_options: &mut Vec<Self::Action>) {}
    /// Two of the game's cards for the title screen's fans (face down at the origin).
    fn title_cards(
        commands: &mut Commands,
        art: &crate::art::Art,
        fonts: &crate::theme::Fonts,
    ) -> [Entity; 2];
    /// What a seat's phone shows of its own things: its cards (drawn with the table's art) and
    /// lines such as its money. Only from `view`, the seat's own view (never the match's
    /// hidden state).
    fn phone_hand(_m: &Match<Self>, _view: &Self::View) -> (Vec<PhoneCard>, Vec<String>) {
        (Vec::new(), Vec::new())
    }
    /// The cards a choice is about, as the phone draws them (a card to discard or to queue at,
    /// the cards of a sale), from the seat's own view only; none for a choice of no card.
    fn phone_choice(_m: &Match<Self>, _view: &Self::View, _action: &Self::Action) -> PhoneChoice {
        PhoneChoice::default()
    }
    /// What the seat's phone shows of the table while others choose (the open cards, who
    /// stands where), from `view`, the seat's own view only.
    fn phone_table(_m: &Match<Self>, _view: &Self::View) -> PhoneTable {
        PhoneTable::default()
    }
    /// A name for an effect worth a picture (the autoplay screenshots it); the table itself
    /// never takes pictures.
    fn moment(_m: &Match<Self>, _effect: &Self::Effect) -> Option<&'static str> {
        None
    }
    /// Whether people decide anew from `effect` on (a new auction opens): a guided game's
    /// explanation of the moves before it is shown before it (see
    /// [`gate::Gate::guide_due_at`]).
    fn opens_decisions(_effect: &Self::Effect) -> bool {
        false
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Person,
    Bot(String),
    /// Decided at another table: a friend online on the host's table; on a friend's table,
    /// every seat but their own (see `crate::online`).
    Online,
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

    /// A bot plays this seat at this table.
    pub fn is_bot(&self) -> bool {
        matches!(self.kind, SeatKind::Bot(_))
    }
}

/// What a match on the table is. Only a played match is ever saved, counted in the
/// statistics, kept to watch again, or deletes a save when it ends; a guided game (even after
/// its guide is skipped) and a replay (and the deal of a replay watched at once) never touch
/// them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MatchKind {
    /// Dealt from New game, Play again, Play this deal, or continued from a save.
    #[default]
    Played,
    /// A guided first game (Learn to play).
    Guided,
    /// A finished match watched again.
    Replay,
    /// A friend's table at an online match: the host keeps (and saves) the match.
    Guest,
}

/// What the table is, read from its match ([`Match::mode`]): the one reading of the table's
/// mode. The features keep their own data beside it (a replay's controls, a guide's script, an
/// online room), never a second answer to "is this a replay, a guided game, an online table?".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// A match played at this table alone (bots, people at the screen, phones).
    #[default]
    Played,
    /// A guided first game (its guide skipped or not).
    Guided,
    /// A finished match watched again: nobody decides.
    Replay,
    /// A played match with friends online at their own tables: this table keeps it.
    Hosting,
    /// A friend's table at an online match: the host keeps it.
    Friend,
}

/// The match being played: the engine's state plus who sits where. Only one match (of one
/// game) exists at a time; [`install`] replaces any other.
#[derive(Resource, Debug)]
pub struct Match<G: Game> {
    /// What this match is (see [`MatchKind`]): only a played one touches saves and statistics.
    pub kind: MatchKind,
    pub setup: Setup,
    pub seats: Vec<SeatInfo>,
    pub game: G,
    /// Every action applied so far: with the setup, the match replays exactly.
    pub actions: Vec<G::Action>,
    /// The seat that took each action.
    pub acted_by: Vec<Seat>,
    /// Effects the table has not shown yet, in order.
    pub pending: VecDeque<G::Effect>,
    /// The last refused action's reason (shown briefly; the state did not change).
    pub last_error: Option<String>,
    /// A continued match: the table shows its history at once instead of animating it.
    pub restored: bool,
    /// This match among all made in this run (a bot's decision names the one it was for).
    pub serial: u64,
}

/// Why a match could not be set up.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupError {
    /// The rules refused the setup (players, variants).
    Rules(RuleError),
    /// A seat names a bot this game does not have.
    UnknownBot { seat: Seat, name: String },
}

impl SetupError {
    /// Why, as a message.
    pub fn text(&self) -> come_buy_engine::text::Text {
        match self {
            SetupError::Rules(e) => e.text(),
            SetupError::UnknownBot { seat, name } => {
                come_buy_engine::text::Text::new("setup-unknown-bot")
                    .num("seat", *seat as i64 + 1)
                    .raw("name", name.clone())
            }
        }
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&come_buy_text::say(&self.text()))
    }
}

/// Tells matches apart: a bot's decision is only applied to the match it was made for.
static NEXT_SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl<G: TableGame> Match<G> {
    /// A new match; every bot seat must name one of the game's bots.
    pub fn new(
        seats: Vec<SeatInfo>,
        seed: u64,
        variants: Vec<String>,
    ) -> Result<Match<G>, SetupError> {
        for (seat, s) in seats.iter().enumerate() {
            if let SeatKind::Bot(name) = &s.kind
                && !G::BOTS.contains(&name.as_str())
            {
                return Err(SetupError::UnknownBot {
                    seat,
                    name: name.clone(),
                });
            }
        }
        let setup = Setup {
            players: seats.len(),
            seed,
            variants,
        };
        let (game, effects) = G::start(&setup).map_err(SetupError::Rules)?;
        Ok(Match::fresh(MatchKind::Played, setup, seats, game, effects))
    }

    /// A match of `kind` whose table is yet to show `effects`, with no move made here.
    fn fresh(
        kind: MatchKind,
        setup: Setup,
        seats: Vec<SeatInfo>,
        game: G,
        effects: Vec<G::Effect>,
    ) -> Match<G> {
        Match {
            kind,
            setup,
            seats,
            game,
            actions: Vec::new(),
            acted_by: Vec::new(),
            pending: effects.into(),
            last_error: None,
            restored: false,
            serial: NEXT_SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// A friend's table at an online match: the world its seat knows, and what it saw
    /// happen (see `crate::online`); the seed and moves stay the host's until the end. Its
    /// moves go to the host through the [`Remote`] beside it ([`moves`]).
    pub fn guest(
        seats: Vec<SeatInfo>,
        variants: Vec<String>,
        world: G,
        effects: Vec<G::Effect>,
    ) -> Match<G> {
        let setup = Setup {
            players: seats.len(),
            seed: 0,
            variants,
        };
        Match::fresh(MatchKind::Guest, setup, seats, world, effects)
    }

    /// The host's next state at a friend's table: the world after it, and its effects to
    /// show. The match counts as a new one for anything worked out for the old world (a
    /// hint, the choice on offer).
    pub fn take_state(&mut self, world: G, effects: Vec<G::Effect>) {
        self.game = world;
        self.pending.extend(effects);
        self.serial = NEXT_SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// Applies an action for a seat by the rules; its effects join the queue. On error
    /// nothing changes. (A move chosen at a friend's table goes to the host instead: [`play`].)
    pub fn act(&mut self, seat: Seat, action: G::Action) -> Result<(), RuleError> {
        match self.game.apply(seat, &action) {
            Ok(effects) => {
                self.pending.extend(effects);
                self.actions.push(action);
                self.acted_by.push(seat);
                self.last_error = None;
                Ok(())
            }
            Err(e) => {
                self.last_error = Some(come_buy_text::names::rule_error(&e));
                Err(e)
            }
        }
    }

    /// What the table is (see [`Mode`]).
    pub fn mode(&self) -> Mode {
        match self.kind {
            MatchKind::Replay => Mode::Replay,
            MatchKind::Guest => Mode::Friend,
            MatchKind::Guided => Mode::Guided,
            MatchKind::Played if self.seats.iter().any(|s| s.kind == SeatKind::Online) => {
                Mode::Hosting
            }
            MatchKind::Played => Mode::Played,
        }
    }

    /// Whether this match is played online (a friend's seat on the host's table, or a
    /// friend's table).
    pub fn online(&self) -> bool {
        self.kind == MatchKind::Guest || self.seats.iter().any(|s| s.kind == SeatKind::Online)
    }

    pub fn people(&self) -> usize {
        self.seats.iter().filter(|s| s.is_person()).count()
    }
}

/// Who sits at the near side of the table (the large hand, the bottom of the screen): the
/// person the screen was last handed to, where hands are secret and several people share
/// the screen; `None`: the first person. The table is laid out from it ([`near_person`]).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct NearSeat(pub Option<Seat>);

/// The seat the table is laid out around: [`NearSeat`]'s person, or the first person.
pub fn near_person<G: Game>(m: &Match<G>, near: Option<&NearSeat>) -> Option<Seat> {
    near.and_then(|n| n.0)
        .filter(|&s| m.seats.get(s).is_some_and(SeatInfo::is_person))
        .or_else(|| m.seats.iter().position(SeatInfo::is_person))
}

/// A bot's level as players read it ("Hard bot"): the New game screen's seat rows and the
/// plaques ("Bram  (Hard bot)").
pub fn bot_label(name: &str) -> String {
    match name {
        // Random and expert are kept for saves from before the three levels (and the
        // simulator's baseline).
        "easy" | "normal" | "hard" | "random" | "expert" => {
            come_buy_text::tr(&format!("bot-{name}"))
        }
        other => {
            come_buy_text::say(&come_buy_engine::text::Text::new("bot-other").raw("name", other))
        }
    }
}

#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum TableSet {
    /// Effects become animations.
    Present,
    /// A guided game's steps: whether its explanation holds the table (written into the gate
    /// before the turn is read, [`gate::TurnSet`]).
    Guide,
    /// Bots and people decide, reading the turn.
    Decide,
}

/// How far the match on the table has got (actions taken, effects still to show): the
/// autoplay's watchdog reads it, whatever the game.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub actions: usize,
    pub pending: usize,
}

fn track_progress<G: TableGame>(m: Res<Match<G>>, mut p: ResMut<Progress>) {
    let now = Progress {
        actions: m.actions.len(),
        pending: m.pending.len(),
    };
    if *p != now {
        *p = now;
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Presenter>();
    app.init_resource::<ThinkInSlices>();
    app.init_resource::<Progress>();
    app.init_resource::<NearSeat>();
    // A new match is laid out around its first person again.
    for screen in [Screen::Title, Screen::NewGame, Screen::Results] {
        app.add_systems(OnEnter(screen), |mut near: ResMut<NearSeat>| near.0 = None);
    }
    app.configure_sets(
        Update,
        (TableSet::Present, TableSet::Guide, TableSet::Decide)
            .chain()
            .run_if(in_state(Screen::Table)),
    );
    // A table rebuilt under an open menu (the language changed) still catches up at once.
    app.configure_sets(
        Update,
        TableSet::Present.run_if(in_state(Overlay::None).or_else(catching_up)),
    );
    // A table about to be entered again (rebuilt with new names, a new language, laid out
    // around another person) keeps its match's effects for the new one: shown to the old
    // view, they would leave the new one as it was before anything was dealt.
    app.configure_sets(Update, TableSet::Present.run_if(screen_stays));
    app.configure_sets(Update, TableSet::Guide.run_if(in_state(Overlay::None)));
    app.configure_sets(Update, TableSet::Decide.run_if(in_state(Overlay::None)));
    app.add_systems(Update, sync_speed);
    dock::core(app);
    gate::plugin(app);
    moves::plugin(app);
    kit::plugin(app);
}

/// Code to run for one game type (see `crate::games::dispatch`).
pub trait ForGame {
    type Out;
    fn run<G: TableGame>(self) -> Self::Out;
}

/// Code to run for every game type, in the catalog's order (see `crate::games::for_each`).
pub trait EachGame {
    fn visit<G: TableGame>(&mut self);
}

/// Longest name a seat may have.
pub const NAME_MAX: usize = 14;

/// Registers a game's table systems (the app visits every game with it, `crate::games`).
pub(crate) struct Register<'a>(pub &'a mut App);

impl EachGame for Register<'_> {
    fn visit<G: TableGame>(&mut self) {
        register::<G>(self.0);
        G::plugin(self.0);
    }
}

/// What only the windowed app adds to the table core: the dock and its camera.
pub(crate) fn windowed(app: &mut App) {
    dock::plugin(app);
    top_line::plugin(app);
}

/// Runs while a match of game `G` is the one on the table.
pub fn playing<G: TableGame>(m: Option<Res<Match<G>>>) -> bool {
    m.is_some()
}

/// Runs while a match of game `G` is on the table whose moves are decided here and now: any
/// but a replay.
pub fn deciding<G: TableGame>(m: Option<Res<Match<G>>>) -> bool {
    m.is_some_and(|m| m.mode() != Mode::Replay)
}

/// Runs while a played match of game `G` is on the table (see [`MatchKind`]): the saves and
/// the statistics follow only these.
pub fn played<G: TableGame>(m: Option<Res<Match<G>>>) -> bool {
    m.is_some_and(|m| m.kind == MatchKind::Played)
}

/// The table core's systems for one game: the effect pump, the progress, the bots' seats and
/// the shared preamble of a table; the app adds the bots' driver, the end of the match and
/// the features (`crate::wiring`), which run under the features' conditions.
fn register<G: TableGame>(app: &mut App) {
    app.add_message::<Shown<G>>();
    moves::register::<G>(app);
    app.add_systems(
        Update,
        pump_effects::<G>
            .in_set(TableSet::Present)
            .run_if(playing::<G>),
    );
    app.add_systems(Update, track_progress::<G>.run_if(playing::<G>));
    app.add_systems(
        Update,
        kit::label_seats::<G>
            .after(gate::GateSet)
            .before(TableSet::Present)
            .run_if(playing::<G>),
    );
    app.add_systems(
        Update,
        gate::read_turn::<G>
            .in_set(gate::TurnSet)
            .run_if(playing::<G>),
    );
    app.add_systems(
        Update,
        remote::gate_sent::<G>
            .in_set(gate::GateSet)
            .run_if(playing::<G>),
    );
    app.add_systems(
        OnEnter(Screen::Table),
        (|mut commands: Commands, m: Res<Match<G>>| {
            commands.insert_resource(Bots::for_match(&m));
        })
        .run_if(playing::<G>),
    );
    app.add_systems(
        OnEnter(Screen::Table),
        kit::begin_table::<G>
            .before(TableSpawn)
            .run_if(playing::<G>),
    );
}

/// Each game's systems that spawn its table on entering it (after the shared preamble).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct TableSpawn;

/// What puts a match of one game on the table, made where the game type is known (a new
/// game, a guided game) and run with the commands of the system that asked for it.
pub(crate) type Put = Box<dyn FnOnce(&mut Commands) + Send>;

/// No other screen (nor the table again) is on its way in.
fn screen_stays(next: Res<NextState<Screen>>) -> bool {
    matches!(*next, NextState::Unchanged)
}
