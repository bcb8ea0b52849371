//! Undo at the table: a person takes back their last decision (and the bot moves after it)
//! by the engine's rule ([`come_buy_engine::undo`]: never past a moment something was shown
//! to them, never after another person has acted). The match is put on the table again from
//! its record without the tail, caught up at once, so the state is exact by construction;
//! the autosave follows. U, Ctrl+Z, Backspace, the gamepad's X and the panel's Undo ask for
//! it; the Undo setting turns it off for strict play.

use super::{Match, TableGame, TableSet};
use crate::audio::PlayCue;
use crate::lang::Rebuild;
use crate::nav::{Inbox, Nav, Owner};
use crate::settings::Settings;
use crate::state::Screen;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::undo::{Refusal, UndoPoint, undo_point};
use come_buy_media::synth::Cue;

/// Whether the last person's decision can be taken back now, worked out once per move.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct UndoNow {
    /// The match (its serial), the move count and the guide's step it was worked out for.
    key: (u64, usize, usize, Option<Seat>, super::gate::Remotes),
    pub point: Result<UndoPoint, Refusal>,
    /// Why the last request was refused, in words (shown until the next move).
    pub refused: Option<String>,
}

impl UndoNow {
    /// Why undo is not possible now, in words (`None` when it is).
    pub fn why_not(&self) -> Option<String> {
        self.point.err().map(|r| come_buy_text::say(&r.text()))
    }

    /// Whether this table offers undo at all: not where every move stands for the whole
    /// match (today's deal, a guided game, an online table), whatever the moment.
    pub fn offered(&self) -> bool {
        !matches!(
            self.point,
            Err(Refusal::Daily | Refusal::Guided | Refusal::Online)
        )
    }
}

/// Undos done in this run (tests and figures).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undos(pub usize);

pub fn plugin(app: &mut App) {
    app.init_resource::<Undos>();
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        (undo_state::<G>, undo_input::<G>)
            .chain()
            .in_set(TableSet::Decide)
            .before(super::handover::update_privacy::<G>)
            .run_if(super::deciding::<G>),
    );
    app.add_systems(OnExit(Screen::Table), |mut commands: Commands| {
        commands.remove_resource::<UndoNow>();
    });
}

/// Where an undo would take match `m` back to.
pub(crate) fn point_of<G: TableGame>(m: &Match<G>) -> Result<UndoPoint, Refusal> {
    let steps = crate::save::steps_of(m);
    undo_point::<G>(&m.setup, &steps, |s| {
        m.seats.get(s).is_some_and(|s| s.is_person())
    })
}

fn undo_state<G: TableGame>(
    mut commands: Commands,
    m: Res<Match<G>>,
    now: Option<Res<UndoNow>>,
    guide: Option<Res<super::tutorial::Tutorial>>,
    (gate, privacy): (Res<super::gate::Gate>, Res<super::handover::Privacy>),
    mut holder: Local<Option<Seat>>,
    (turn, daily): (Res<super::gate::Turn>, Res<crate::daily::DailyNow>),
) {
    // At one screen with several people, the screen's holder is the person it was last
    // handed to (hidden hands: the hand-over; open hands: the person to act), until it is
    // handed to someone else; they may take back only their own moves.
    let people = (0..m.seats.len())
        .filter(|&s| m.seats[s].is_person() && !gate.on_phone(s))
        .count();
    let holding_now = if privacy.all_open {
        turn.screen_next(&m)
    } else {
        privacy.revealed
    };
    if holding_now.is_some() {
        *holder = holding_now;
    }
    let holder = holder.filter(|_| people > 1);
    // A guide moves on without a move (an explanation continued): work it out again then.
    let key = (
        m.serial,
        m.actions.len(),
        guide.as_ref().map_or(0, |t| t.step),
        holder,
        gate.remote,
    );
    if now.is_some_and(|n| n.key == key) && !daily.is_changed() {
        return;
    }
    // The day's try of a deal of the day and an online match: every move stands (said before
    // anything else, from the first move on).
    let point = if daily.counted(m.serial) {
        Err(Refusal::Daily)
    } else if m.online() {
        Err(Refusal::Online)
    } else {
        point_of(&m)
    };
    let point = point.and_then(|p| match &guide {
        Some(t) if !t.allows_undo_to(p.keep) => Err(Refusal::Guided),
        // The last decision was made on a phone: it is not the TV's to take back.
        _ if gate.on_phone(p.seat) => Err(Refusal::Nothing),
        // Another person's move at a shared screen (or the hand-over is up): theirs to keep.
        _ if holder.is_some_and(|h| h != p.seat) => Err(Refusal::OtherPerson),
        _ => Ok(p),
    });
    commands.insert_resource(UndoNow {
        key,
        point,
        refused: None,
    });
}

/// Takes the table's undo presses (before the hand-over cover, which swallows the rest):
/// puts the match back, or says why not.
fn undo_input<G: TableGame>(
    m: Res<Match<G>>,
    mut commands: Commands,
    mut inbox: ResMut<Inbox>,
    settings: Res<Settings>,
    now: Option<ResMut<UndoNow>>,
    mut next: ResMut<NextState<Screen>>,
    (mut cues, mut undos): (MessageWriter<PlayCue>, ResMut<Undos>),
) {
    let asked = inbox.take_counted(Owner::Table, |p| p.nav == Some(Nav::Undo) || p.erase) > 0;
    let Some(mut now) = now else { return };
    if !asked || !settings.undo {
        return;
    }
    match now.point {
        Ok(p) => {
            info!(
                "undo: {} back to move {} of {}, {} to decide",
                G::ID,
                p.keep,
                m.actions.len(),
                m.seats[p.seat].name
            );
            // The screen's holder taking back their own move keeps the screen: no cover.
            if now.key.3 == Some(p.seat) {
                commands.insert_resource(super::handover::KeepHand(p.seat));
            }
            commands.queue(Rebuild { keep: Some(p.keep) });
            next.set(Screen::Table);
            undos.0 += 1;
            cues.write(PlayCue(Cue::Click));
        }
        Err(_) => {
            now.refused = now.why_not();
            cues.write(PlayCue(Cue::Error));
        }
    }
}
