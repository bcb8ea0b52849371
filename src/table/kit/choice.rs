//! The list choice: a person picks one of the legal actions (a number set with a stepper
//! where a game has one) with the mouse, the keyboard alone or a gamepad alone, on a panel
//! docked at the bottom of the window.

use super::turn_glow;
use crate::audio::PlayCue;
use crate::nav::{Inbox, Nav, Owner, step_focus};
use crate::state::Screen;
use crate::table::handover::{PersonInput, Privacy};
use crate::table::moves::{Answer, Move, Source};
use crate::table::{Match, TableGame, TableSet, TableSpawn, playing};
use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use come_buy_engine::bots::{Advice, Decision};
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_media::synth::Cue;
use come_buy_text::tr;

/// A person's decision in progress: the legal actions and the one in focus.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct ListChoice<A> {
    pub seat: Seat,
    pub options: Vec<A>,
    pub focus: usize,
    /// The engine's step this choice was built for.
    pub step: usize,
    /// The stepper, when the options include actions with a number (a bid).
    pub amount: Option<Amount>,
    /// The Hard bot's advice once asked for (the focus moved to its pick): the line shown.
    pub hint: Option<String>,
    /// A hint is being worked out.
    pub asking: bool,
    /// A guide's move step offers its one move.
    pub guided: bool,
}

/// A number a person sets with Left and Right (a bid), for the option at `index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    pub index: usize,
    pub value: u32,
    pub min: u32,
    pub max: u32,
}

impl<A: Clone + PartialEq> ListChoice<A> {
    /// The choice for `seat`'s decision, in the game's display order, with the focus on what
    /// the Normal bot would play: mashing Confirm is never the costly option.
    pub(crate) fn safe<G: TableGame<Action = A>>(m: &Match<G>, seat: Seat) -> ListChoice<A> {
        let legal = m.game.legal_actions();
        let mut options = legal.clone();
        G::display_order(&mut options);
        // Actions with a number collapse into one option with a stepper.
        let numbers: Vec<u32> = options.iter().filter_map(G::amount).collect();
        let mut amount = None;
        if let (Some(&min), Some(&max)) = (numbers.iter().min(), numbers.iter().max()) {
            let index = options
                .iter()
                .position(|a| G::amount(a).is_some())
                .unwrap_or(0);
            let mut first = true;
            options.retain(|a| G::amount(a).is_none() || std::mem::take(&mut first));
            amount = Some(Amount {
                index,
                value: min,
                min,
                max,
            });
        }
        let mut choice = ListChoice {
            seat,
            options,
            focus: 0,
            step: m.actions.len(),
            amount,
            hint: None,
            asking: false,
            guided: false,
        };
        if let Some(a) = suggestion(m, seat, &legal) {
            choice.focus_on::<G>(&a);
        }
        choice
    }

    /// Offers `a` alone (a guide's move), focused; a number is fixed to `a`'s.
    pub fn only<G: TableGame<Action = A>>(&mut self, a: &A) {
        self.options = vec![a.clone()];
        self.focus = 0;
        self.guided = true;
        self.amount = G::amount(a).map(|n| Amount {
            index: 0,
            value: n,
            min: n,
            max: n,
        });
    }

    /// Whether this choice offers `a` alone.
    pub(crate) fn is_only<G: TableGame<Action = A>>(&self, a: &A) -> bool {
        self.options.len() == 1 && self.with_number::<G>(&self.options[0]) == *a
    }

    /// Puts the focus on `a` (setting the stepper's number when it is a numbered action).
    pub fn focus_on<G: TableGame<Action = A>>(&mut self, a: &A) {
        match (G::amount(a), self.amount.as_mut()) {
            (Some(n), Some(amt)) => {
                amt.value = n.clamp(amt.min, amt.max);
                self.focus = amt.index;
            }
            _ => {
                self.focus = self
                    .options
                    .iter()
                    .position(|o| o == a)
                    .unwrap_or(self.focus)
            }
        }
    }

    /// The focused option (with the stepper's number when it is the stepper's).
    pub fn focused<G: TableGame<Action = A>>(&self) -> Option<A> {
        let a = self.options.get(self.focus)?;
        Some(self.with_number::<G>(a))
    }

    /// `a` as it would be played: the stepper's option carries the stepper's number.
    pub(crate) fn with_number<G: TableGame<Action = A>>(&self, a: &A) -> A {
        match self.amount {
            Some(amt) if G::amount(a).is_some() => G::with_amount(a, amt.value),
            _ => a.clone(),
        }
    }

    /// Arrows (or the D-pad) move the focus round the options; with a stepper, Left and Right
    /// (and the shoulder buttons, by 5) set its number and Up and Down move the focus.
    /// Confirm returns the action.
    pub(crate) fn navigate<G: TableGame<Action = A>>(&mut self, nav: Nav) -> Option<A> {
        if let Some(amt) = self.amount.as_mut() {
            let step: i64 = match nav {
                Nav::Left => -1,
                Nav::Right => 1,
                Nav::BigLeft | Nav::PageDown => -5,
                Nav::BigRight | Nav::PageUp => 5,
                Nav::Up | Nav::Down => {
                    let n = if nav == Nav::Up {
                        Nav::Left
                    } else {
                        Nav::Right
                    };
                    self.focus = step_focus(self.focus, self.options.len(), n, true);
                    return None;
                }
                Nav::Confirm => return self.focused::<G>(),
                _ => return None,
            };
            amt.value = (amt.value as i64 + step).clamp(amt.min as i64, amt.max as i64) as u32;
            self.focus = amt.index;
            return None;
        }
        match nav {
            Nav::Confirm => return self.focused::<G>(),
            Nav::Left | Nav::Up => {
                self.focus = step_focus(self.focus, self.options.len(), Nav::Left, true)
            }
            Nav::Right | Nav::Down => {
                self.focus = step_focus(self.focus, self.options.len(), Nav::Right, true)
            }
            Nav::BigLeft | Nav::PageUp => self.focus = self.focus.saturating_sub(5),
            Nav::BigRight | Nav::PageDown => {
                self.focus = (self.focus + 5).min(self.options.len().saturating_sub(1))
            }
            _ => {}
        }
        None
    }
}

/// What the Normal bot would play for `seat` now (seeded by the match and the step, so the
/// same position always suggests the same move).
pub fn suggestion<G: TableGame>(
    m: &Match<G>,
    seat: Seat,
    legal: &[G::Action],
) -> Option<G::Action> {
    if legal.is_empty() {
        return None;
    }
    let seed =
        come_buy_engine::rng::Rng::derive(m.setup.seed, 1000 + m.actions.len() as u64).next_u64();
    let mut bot = G::bot("normal", seed).ok()?;
    let d = come_buy_engine::bots::Decision::of(&m.game).filter(|d| d.seat == seat)?;
    let pick = bot.decide(&d);
    // The panel may show a subset or another order of the legal actions.
    Some(pick).filter(|a| legal.contains(a))
}

/// The Hard bot working out a hint for the choice of engine step `step`.
#[derive(Resource)]
pub(crate) struct HintTask<G: TableGame> {
    work: HintWork<G>,
    step: usize,
}

/// Where a hint is worked out: on a worker thread, or a slice per frame on this one (the web
/// build, like the bots' own decisions).
enum HintWork<G: TableGame> {
    Task(Task<Advice<G::Action>>),
    Slices(Box<dyn come_buy_engine::bots::Bot<G>>),
}

/// Starts working out a hint for `seat`'s decision (off the main thread where there are
/// threads), seeded by the match and the step like every bot decision.
fn ask_hint<G: TableGame>(
    commands: &mut Commands,
    m: &Match<G>,
    seat: Seat,
    in_slices: bool,
) -> bool {
    let Some(d) = Decision::of(&m.game).filter(|d| d.seat == seat) else {
        return false;
    };
    let seed =
        come_buy_engine::rng::Rng::derive(m.setup.seed, 2000 + m.actions.len() as u64).next_u64();
    let Ok(mut bot) = G::bot("hard", seed) else {
        return false;
    };
    let work = if in_slices && bot.begin(&d) {
        HintWork::Slices(bot)
    } else {
        HintWork::Task(AsyncComputeTaskPool::get().spawn(async move { bot.advise(&d) }))
    };
    commands.insert_resource(HintTask::<G> {
        work,
        step: m.actions.len(),
    });
    true
}

/// The hint's line: the pick, why it is good, and how it fared in the games the Hard bot
/// imagined.
pub(crate) fn hint_line<G: TableGame>(
    m: &Match<G>,
    seat: Seat,
    advice: &Advice<G::Action>,
) -> String {
    let pick = G::label(m, seat, &advice.action);
    let line = match G::reason(m, seat, &advice.action) {
        Some(reason) => Text::new("hint-line-reason")
            .raw("pick", pick)
            .raw("reason", reason),
        None => Text::new("hint-line").raw("pick", pick),
    };
    let mut out = come_buy_text::say(&line);
    if let Some(v) = advice.value.filter(|_| advice.after > 0) {
        let odds = Text::new("hint-odds")
            .num("percent", (v * 100.0).clamp(0.0, 100.0).round() as i64)
            .num("games", advice.after);
        out.push(' ');
        out.push_str(&come_buy_text::say(&odds));
    }
    out
}

/// Brings a finished hint to its choice: the focus moves to the pick and the line shows.
pub(crate) fn poll_hint<G: TableGame>(
    mut commands: Commands,
    m: Res<Match<G>>,
    task: Option<ResMut<HintTask<G>>>,
    choice: Option<ResMut<ListChoice<G::Action>>>,
    mut cues: MessageWriter<PlayCue>,
    (mut slices, real, mut pace): (
        ResMut<crate::table::ThinkInSlices>,
        Res<Time<Real>>,
        ResMut<crate::pace::Pace>,
    ),
) {
    let Some(mut task) = task else { return };
    // A hint being worked out: its answer is looked for each frame.
    pace.stir();
    let advice = match &mut task.work {
        HintWork::Task(t) => block_on(poll_once(t)),
        HintWork::Slices(bot) => {
            slices.slices += 1;
            let budget = slices.budget_ms(real.delta_secs_f64() * 1000.0);
            crate::table::think_slice(bot, budget).and_then(|_| bot.last_advice())
        }
    };
    let Some(advice) = advice else {
        return;
    };
    commands.remove_resource::<HintTask<G>>();
    let Some(mut choice) = choice.filter(|c| c.step == task.step && m.actions.len() == task.step)
    else {
        return; // the decision was taken (or the match left) while the hint was worked out
    };
    choice.asking = false;
    choice.focus_on::<G>(&advice.action);
    choice.hint = Some(hint_line(&m, choice.seat, &advice));
    cues.write(PlayCue(Cue::Click));
}

/// A click or tap that picks an action (a panel button, or a card on the table).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Pick<A>(pub A);

/// Builds the choice when a person's turn comes (the queue idle and, with several people,
/// after the hand-over), and turns navigation and picks into actions.
#[allow(clippy::too_many_arguments)] // a Bevy system: each argument is a resource it reads
pub(crate) fn person_choice<G: TableGame>(
    mut commands: Commands,
    m: Res<Match<G>>,
    (privacy, slices, mut hints): (
        Res<Privacy>,
        Res<crate::table::ThinkInSlices>,
        ResMut<crate::stats::HintsAsked>,
    ),
    choice: Option<ResMut<ListChoice<G::Action>>>,
    (mut inbox, turn): (ResMut<Inbox>, Res<crate::table::gate::Turn>),
    (mut picks, mut cues): (MessageReader<Pick<G::Action>>, MessageWriter<PlayCue>),
    (guide, script): (
        Option<Res<crate::table::tutorial::Tutorial>>,
        Option<Res<crate::table::tutorial::Script<G>>>,
    ),
    mut moves: MessageWriter<Move<G>>,
) {
    // The table owns its presses (the menus took theirs first): they are this choice's, or
    // dropped while no choice is open (a press during a bot's turn never carries over).
    let navs = inbox.navs(Owner::Table);
    // The gate says whose turn it is and whether anything holds it (the moves still shown, a
    // guide's explanation, a phone's seat...); a guide's move step offers that move only.
    let offered = crate::table::tutorial::offered(guide.as_deref(), script.as_deref(), &m).cloned();
    let Some(seat) = turn
        .open_for(crate::table::gate::Control::Screen, &m)
        .filter(|&s| privacy.ready_for(s))
    else {
        picks.clear();
        if choice.is_some() {
            commands.remove_resource::<ListChoice<G::Action>>();
        }
        return;
    };
    let mut choice = match choice {
        Some(c)
            if c.step == m.actions.len()
                && c.seat == seat
                && match &offered {
                    Some(a) => c.is_only::<G>(a),
                    None => !c.guided,
                } =>
        {
            c
        }
        _ => {
            let mut c = ListChoice::<G::Action>::safe(&m, seat);
            if let Some(a) = &offered {
                c.only::<G>(a);
            }
            commands.insert_resource(c);
            cues.write(PlayCue(Cue::TurnChime));
            // (The idle check waits for a person's decision by this line.)
            debug!("choice: seat {seat} decides at step {}", m.actions.len());
            picks.clear();
            return;
        }
    };
    let mut submit = None;
    for Pick(a) in picks.read() {
        submit = Some(a.clone());
    }
    for nav in navs {
        if nav == Nav::Hint {
            // A guide's move step: its caption is the hint (a bot's advice could name another
            // move), and it stays.
            if !choice.guided
                && choice.hint.is_none()
                && !choice.asking
                && ask_hint(&mut commands, &m, seat, slices.on)
            {
                choice.asking = true;
                hints.count(m.setup.seed, seat);
            }
            continue;
        }
        if let Some(a) = choice.navigate::<G>(nav) {
            submit = Some(a);
            break;
        } else if matches!(nav, Nav::Up | Nav::Down | Nav::Left | Nav::Right) {
            cues.write(PlayCue(Cue::Click));
        }
    }
    if let Some(action) = submit {
        if offered.as_ref().is_some_and(|a| *a != action) {
            // Not the guide's move: nothing happens but a word on the panel.
            cues.write(PlayCue(Cue::Error));
            choice.hint = Some(tr("tutorial-only-this"));
            return;
        }
        // The move goes in by the table's one way, later in this frame ([`answer_choice`]).
        moves.write(Move::now(&m, seat, action, Source::Screen));
    }
}

/// What became of this screen's move ([`crate::table::moves`]): in, the choice closes; refused
/// (the rules said no, or a friend's table still waits for the host's answer to the last
/// one), a word of error, and the choice stays as it was.
fn answer_choice<G: TableGame>(
    mut commands: Commands,
    mut answers: MessageReader<Answer>,
    mut cues: MessageWriter<PlayCue>,
) {
    for a in answers.read().filter(|a| a.source == Source::Screen) {
        match a.result {
            Ok(_) => commands.remove_resource::<ListChoice<G::Action>>(),
            Err(_) => {
                cues.write(PlayCue(Cue::Error));
            }
        }
    }
}

/// The list choice and its panel for game `G` (the panel only in the windowed app).
pub(crate) fn register_choice<G: TableGame>(app: &mut App) {
    app.add_message::<Pick<G::Action>>();
    app.add_systems(
        Update,
        (person_choice::<G>, poll_hint::<G>)
            .chain()
            .in_set(TableSet::Decide)
            .in_set(PersonInput)
            .run_if(crate::table::deciding::<G>),
    );
    app.add_systems(
        Update,
        answer_choice::<G>
            .after(crate::table::moves::MoveSet)
            .run_if(crate::table::deciding::<G>),
    );
    app.add_systems(OnExit(Screen::Table), |mut commands: Commands| {
        commands.remove_resource::<ListChoice<G::Action>>();
        commands.remove_resource::<HintTask<G>>();
    });
}

/// A game's own systems, registered alike for every game: its list choice, `spawn` (its
/// table, after the shared preamble), the turn glow, and `decide` (highlights, clicks on
/// cards, faces) after people's input.
pub(crate) fn register_table<G: TableGame, M1, M2>(
    app: &mut App,
    spawn: impl IntoScheduleConfigs<ScheduleSystem, M1>,
    decide: impl IntoScheduleConfigs<ScheduleSystem, M2>,
) {
    register_choice::<G>(app);
    app.add_systems(
        OnEnter(Screen::Table),
        spawn.in_set(TableSpawn).run_if(playing::<G>),
    );
    app.add_systems(
        Update,
        turn_glow::<G>
            .in_set(TableSet::Present)
            .run_if(playing::<G>),
    );
    app.add_systems(
        Update,
        decide
            .in_set(TableSet::Decide)
            .after(PersonInput)
            .run_if(playing::<G>),
    );
}
