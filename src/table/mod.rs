//! The table: the match as a Bevy resource, the queue that turns the engine's effects into
//! animations one beat at a time, the bots (thinking off the frame), and a person's choices.
//!
//! Data flows one way: an action (from a person's input or a bot) goes to the engine; the
//! engine's effects go to the queue; the queue animates them. People act only when the queue
//! is idle, so what they see is always the state they act on.
//!
//! Everything here is generic over the game ([`TableGame`]): each game adds its own layout,
//! effect animations and choice panel in its module, and registers the shared systems with
//! [`register`].

pub mod dock;
pub mod duchess;
pub mod goblin_market;
pub mod handover;
pub mod kit;
pub mod mykonos;
pub mod panel;

use crate::anim::AnimClock;
use crate::screens::{Overlay, Screen};
use crate::settings::Settings;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use come_buy_engine::bots::{Bot, WithBots};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::{Game, RuleError, Seat, Setup};
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use std::collections::VecDeque;
use std::ops::RangeInclusive;

/// The games on the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    #[default]
    GoblinMarket,
    Mykonos,
    Duchess,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::GoblinMarket, GameKind::Mykonos, GameKind::Duchess];

    /// The engine's id (saves and the simulator use it).
    pub fn id(self) -> &'static str {
        match self {
            GameKind::GoblinMarket => GoblinMarket::ID,
            GameKind::Mykonos => Mykonos::ID,
            GameKind::Duchess => Duchess::ID,
        }
    }

    pub fn from_id(id: &str) -> Option<GameKind> {
        Self::ALL.into_iter().find(|k| k.id() == id)
    }

    pub fn title(self) -> &'static str {
        match self {
            GameKind::GoblinMarket => "Goblin Market",
            GameKind::Mykonos => "Mýkonos",
            GameKind::Duchess => "The Duchess's Necklace",
        }
    }

    pub fn players(self) -> RangeInclusive<usize> {
        match self {
            GameKind::GoblinMarket => 3..=6,
            GameKind::Mykonos => 2..=4,
            GameKind::Duchess => 1..=2,
        }
    }

    /// The bots a seat can be, strongest first.
    pub fn bots(self) -> Vec<&'static str> {
        let mut v: Vec<&'static str> = match self {
            GameKind::GoblinMarket => GoblinMarket::BOTS.to_vec(),
            GameKind::Mykonos => Mykonos::BOTS.to_vec(),
            GameKind::Duchess => Duchess::BOTS.to_vec(),
        };
        v.reverse();
        v
    }

    /// Rule variants a player can pick on the new-game screen: (label, variant names).
    pub fn variant_choices(self) -> Vec<(&'static str, Vec<String>)> {
        match self {
            GameKind::GoblinMarket => vec![
                ("Standard", vec![]),
                ("Ties share", vec!["shared-ties".to_string()]),
            ],
            GameKind::Mykonos => vec![("Standard", vec![])],
            GameKind::Duchess => vec![
                ("Base game", vec![]),
                ("Rainbow stones", vec!["rainbow".to_string()]),
                ("Court gold", vec!["gold".to_string()]),
                (
                    "Both expansions",
                    vec!["rainbow".to_string(), "gold".to_string()],
                ),
            ],
        }
    }
}

/// Code to run for whichever game a [`GameKind`] names (see [`GameKind::dispatch`]).
pub trait ForGame {
    type Out;
    fn run<G: TableGame>(self) -> Self::Out;
}

impl GameKind {
    /// Runs `f` with the game type this kind names.
    pub fn dispatch<F: ForGame>(self, f: F) -> F::Out {
        match self {
            GameKind::GoblinMarket => f.run::<GoblinMarket>(),
            GameKind::Mykonos => f.run::<Mykonos>(),
            GameKind::Duchess => f.run::<Duchess>(),
        }
    }
}

/// A game the table can play: the engine's game plus what the shared screens need.
pub trait TableGame: WithBots + Send + Sync + 'static
where
    Self: Game<Action: Send + Sync, Effect: Send + Sync, View: Send + Sync>,
{
    const KIND: GameKind;
    /// Whether seats hold cards the room must not see (then two or more people at one
    /// screen get the hand-over screen before each decision).
    const HIDDEN_HANDS: bool;
    /// The results screen's table for a finished match.
    fn result_table(m: &Match<Self>, art: &crate::art::Art)
    -> crate::screens::results::ResultTable;
    /// Puts a person's options in the order the choice panel shows them (declining first
    /// where a game has a "no" that is easy to miss).
    fn display_order(_options: &mut Vec<Self::Action>) {}
    /// The results screen: `seat`'s final cards (its hand; the Duchess: its necklace),
    /// spawned face down at the origin; the screen places and turns them.
    fn spawn_final_hand(
        _commands: &mut Commands,
        _art: &crate::art::Art,
        _fonts: &crate::theme::Fonts,
        _m: &Match<Self>,
        _seat: Seat,
    ) -> Vec<Entity> {
        Vec::new()
    }
}

impl TableGame for GoblinMarket {
    const KIND: GameKind = GameKind::GoblinMarket;
    const HIDDEN_HANDS: bool = false;
    fn result_table(
        m: &Match<Self>,
        art: &crate::art::Art,
    ) -> crate::screens::results::ResultTable {
        goblin_market::result_table(m, art)
    }
}

impl TableGame for Mykonos {
    const KIND: GameKind = GameKind::Mykonos;
    const HIDDEN_HANDS: bool = true;
    fn display_order(options: &mut Vec<Self::Action>) {
        // "No sale" first, then the sales in the engine's order.
        mykonos::order_sales(options);
    }
    fn spawn_final_hand(
        commands: &mut Commands,
        art: &crate::art::Art,
        fonts: &crate::theme::Fonts,
        m: &Match<Self>,
        seat: Seat,
    ) -> Vec<Entity> {
        let hand = m.game.view(Some(seat)).hand.unwrap_or_default();
        hand.into_iter()
            .map(|c| mykonos::spawn_card(commands, art, fonts, c, Vec3::ZERO, 1.0))
            .collect()
    }
    fn result_table(
        m: &Match<Self>,
        art: &crate::art::Art,
    ) -> crate::screens::results::ResultTable {
        mykonos::result_table(m, art)
    }
}

impl TableGame for Duchess {
    const KIND: GameKind = GameKind::Duchess;
    const HIDDEN_HANDS: bool = true;
    fn spawn_final_hand(
        commands: &mut Commands,
        art: &crate::art::Art,
        fonts: &crate::theme::Fonts,
        m: &Match<Self>,
        seat: Seat,
    ) -> Vec<Entity> {
        // The necklace: the four cards in hand, then the common card.
        let v = m.game.view(None);
        let mut cards: Vec<_> = v
            .results
            .unwrap_or_default()
            .into_iter()
            .find(|r| r.seat == seat)
            .map(|r| r.hand)
            .unwrap_or_default();
        cards.push(v.common);
        cards
            .into_iter()
            .map(|c| duchess::spawn_card(commands, art, fonts, c, Vec3::ZERO, 1.0))
            .collect()
    }
    fn result_table(
        m: &Match<Self>,
        art: &crate::art::Art,
    ) -> crate::screens::results::ResultTable {
        duchess::result_table(m, art)
    }
}

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

/// The match being played: the engine's state plus who sits where. Only one match (of one
/// game) exists at a time; [`install`] replaces any other.
#[derive(Resource, Debug)]
pub struct Match<G: TableGame> {
    pub setup: Setup,
    pub seats: Vec<SeatInfo>,
    pub game: G,
    /// Every action applied so far: with the setup, the match replays exactly.
    pub actions: Vec<G::Action>,
    /// Effects the table has not shown yet, in order.
    pub pending: VecDeque<G::Effect>,
    /// The last refused action's reason (shown briefly; the state did not change).
    pub last_error: Option<String>,
    /// A continued match: the table shows its history at once instead of animating it.
    pub restored: bool,
}

impl<G: TableGame> Match<G> {
    pub fn new(
        seats: Vec<SeatInfo>,
        seed: u64,
        variants: Vec<String>,
    ) -> Result<Match<G>, RuleError> {
        let setup = Setup {
            players: seats.len(),
            seed,
            variants,
        };
        let (game, effects) = G::start(&setup)?;
        Ok(Match {
            setup,
            seats,
            game,
            actions: Vec::new(),
            pending: effects.into(),
            last_error: None,
            restored: false,
        })
    }

    /// Applies an action for a seat; its effects join the queue. On error nothing changes.
    pub fn act(&mut self, seat: Seat, action: G::Action) -> Result<(), RuleError> {
        match self.game.apply(seat, &action) {
            Ok(effects) => {
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
    /// A continued match has just caught up (its old banners and remarks are cleared).
    pub caught_up: bool,
}

/// The clock, settings and sound output that every game's effect queue runs on.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Beat<'w> {
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
    pub fn pump<G: TableGame>(
        &mut self,
        m: &mut Match<G>,
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
                self.clock.speed = crate::cli::Speed::Instant;
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
        let instant = matches!(self.clock.speed, crate::cli::Speed::Instant);
        let mut budget = if instant { usize::MAX } else { 1 };
        let mut cues = Vec::new();
        while budget > 0 && self.presenter.wait <= 0.0 {
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
        if silent {
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

/// A bot's decision being computed off the frame.
type Thinking<G> = Task<(Seat, Box<dyn Bot<G>>, <G as Game>::Action)>;

/// Bots by seat, and the one thinking now.
#[derive(Resource)]
pub struct Bots<G: TableGame> {
    pub brains: Vec<Option<Box<dyn Bot<G>>>>,
    thinking: Option<Thinking<G>>,
    /// A short pause before a bot acts, so people can follow (scaled by the animation speed).
    delay: f32,
}

impl<G: TableGame> Bots<G> {
    pub fn for_match(m: &Match<G>) -> Bots<G> {
        let brains = m
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| match &s.kind {
                SeatKind::Person => None,
                SeatKind::Bot(name) => {
                    let seed =
                        come_buy_engine::rng::Rng::derive(m.setup.seed, i as u64 + 1).next_u64();
                    G::bot(name, seed).ok()
                }
            })
            .collect();
        Bots {
            brains,
            thinking: None,
            delay: BOT_PAUSE,
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

/// Something worth a screenshot just appeared on the table (the autoplay takes one of each).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moment(pub &'static str);

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
    app.init_resource::<Progress>();
    app.add_message::<Moment>();
    app.configure_sets(
        Update,
        (TableSet::Present, TableSet::Decide)
            .chain()
            .run_if(in_state(Screen::Table).and_then(no_overlay)),
    );
    app.add_systems(Update, sync_speed);
    kit::plugin(app);
    handover::plugin(app);
    goblin_market::plugin(app);
    mykonos::plugin(app);
    duchess::plugin(app);
}

/// What only the windowed app adds for each game: its choice panel and the hand-over cover.
pub fn windowed(app: &mut App) {
    panel::plugin(app);
    dock::plugin(app);
    mykonos::windowed(app);
    duchess::windowed(app);
    windowed_for::<GoblinMarket>(app);
    windowed_for::<Mykonos>(app);
    windowed_for::<Duchess>(app);
}

fn windowed_for<G: TableGame>(app: &mut App) {
    if G::HIDDEN_HANDS {
        handover::register_cover::<G>(app);
    }
}

/// Runs while a match of game `G` is the one on the table.
pub fn playing<G: TableGame>(m: Option<Res<Match<G>>>) -> bool {
    m.is_some()
}

/// The shared systems for one game: bots, the end of the match, the hand-over screen.
pub fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (drive_bots::<G>, finish_match::<G>)
            .in_set(TableSet::Decide)
            .run_if(playing::<G>),
    );
    app.add_systems(Update, track_progress::<G>.run_if(playing::<G>));
    app.add_systems(
        OnEnter(Screen::Table),
        (|mut commands: Commands, m: Res<Match<G>>| {
            commands.insert_resource(Bots::for_match(&m));
        })
        .run_if(playing::<G>),
    );
    handover::register::<G>(app);
    crate::screens::results::register::<G>(app);
}

/// The game, seats and rules of the match last put on the table ("play again" repeats them).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct LastMatch {
    pub kind: GameKind,
    pub seats: Vec<SeatInfo>,
    pub variants: Vec<String>,
}

/// Makes `m` the match on the table, removing any match of another game.
pub fn install<G: TableGame>(commands: &mut Commands, m: Match<G>) {
    commands.remove_resource::<Match<GoblinMarket>>();
    commands.remove_resource::<Match<Mykonos>>();
    commands.remove_resource::<Match<Duchess>>();
    commands.insert_resource(LastMatch {
        kind: G::KIND,
        seats: m.seats.clone(),
        variants: m.setup.variants.clone(),
    });
    commands.insert_resource(m);
}

pub fn no_overlay(overlay: Res<Overlay>) -> bool {
    *overlay == Overlay::None
}

fn sync_speed(settings: Res<Settings>, mut clock: ResMut<AnimClock>) {
    if settings.is_changed() {
        clock.speed = settings.speed();
    }
}

fn drive_bots<G: TableGame>(
    time: Res<Time>,
    clock: Res<AnimClock>,
    presenter: Res<Presenter>,
    mut m: ResMut<Match<G>>,
    bots: Option<ResMut<Bots<G>>>,
) {
    let Some(mut bots) = bots else { return };
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
fn finish_match<G: TableGame>(
    time: Res<Time>,
    clock: Res<AnimClock>,
    m: Res<Match<G>>,
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
