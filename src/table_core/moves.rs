//! The one way in for a move: whoever makes it (a person at this screen, a phone, a bot, a
//! friend at another table, a replay), it arrives as a [`Move`] message and [`take_moves`]
//! alone asks the gate ([`Turn`]) whether that source may play that seat now, applies it to the
//! match (or sends it to the host from a friend's table, [`super::remote::play`]) and answers the
//! source ([`Answer`]). The effects go to the table's queue, which shows them. The source is
//! data, never a code path: the rules for each source are the table [`Source::control`] and
//! [`admits`] below.

use super::gate::{Control, Gate, Turn, Wait};
use super::{Match, Mode, Presenter, Remote, TableGame};
use bevy::prelude::*;
use come_buy_engine::game::{RuleError, Seat};

/// Who made a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// A person at this screen (keyboard, mouse, touch, a pad; a guided game's move too).
    Screen,
    /// The phone on this connection.
    Phone(u64),
    /// A bot at this table.
    Bot,
    /// A friend at another table (at the host's table).
    Friend,
    /// A replay steps through its recorded match.
    Replay,
}

impl Source {
    /// Who the gate must say plays the seat for this source's move to go in (a replay plays
    /// every seat).
    pub fn control(self) -> Option<Control> {
        match self {
            Source::Screen => Some(Control::Screen),
            Source::Phone(_) => Some(Control::Phone),
            Source::Bot => Some(Control::Bot),
            Source::Friend => Some(Control::Away),
            Source::Replay => None,
        }
    }
}

/// A move for `seat`, chosen for match `serial` when it had `step` actions.
#[derive(Debug, Clone, PartialEq)]
pub struct Move<G: TableGame> {
    pub serial: u64,
    pub step: usize,
    pub seat: Seat,
    pub action: G::Action,
    pub source: Source,
}

impl<G: TableGame> Message for Move<G> {}

impl<G: TableGame> Move<G> {
    /// A move for `seat` at match `m` as it stands.
    pub fn now(m: &Match<G>, seat: Seat, action: G::Action, source: Source) -> Move<G> {
        Move {
            serial: m.serial,
            step: m.actions.len(),
            seat,
            action,
            source,
        }
    }
}

/// Why a move did not go in (nothing changed).
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The match moved on (or was replaced) since the move was chosen.
    Stale,
    /// Someone else plays that seat now, or it is not that seat's turn.
    NotYours,
    /// The table is held (a guide's explanation, the lobby, a replay, the host gone, a move
    /// already sent to the host).
    Held(Wait),
    /// A menu is over the table: a phone's move waits with the screen's choices (its list is
    /// empty meanwhile; a tap sent before it emptied is refused).
    Menu,
    /// The rules refused it.
    Rules(RuleError),
}

impl Refusal {
    /// The refusal in the player's words.
    pub fn words(&self) -> String {
        match self {
            Refusal::Stale => come_buy_text::tr("phone-moved-on"),
            Refusal::NotYours => come_buy_text::tr("phone-not-your-turn"),
            Refusal::Held(Wait::Sent) => come_buy_text::tr("online-wait-host"),
            Refusal::Held(_) | Refusal::Menu => come_buy_text::tr("phone-wait"),
            Refusal::Rules(e) => come_buy_text::names::rule_error(e),
        }
    }
}

/// What became of a move: each source hears of its own.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub source: Source,
    pub seat: Seat,
    /// `Ok(true)`: it went in; `Ok(false)`: a copy of a move already in, dropped.
    pub result: Result<bool, Refusal>,
}

impl Message for Answer {}

/// Where moves go in: after everyone decided (the phones and the friends' rooms before the
/// table's sets, the screen, the bots and a replay in [`super::TableSet::Decide`]), under any
/// menu (friends far away keep playing; the table's own deciders wait under a menu).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveSet;

/// What the gate says of move `mv` now: go in (`Ok(true)`), wait (`Ok(false)`: the table is
/// still showing the moves so far, or a dropped friend's seat waits), or a refusal.
/// `skipping`: the table shows its effects at once.
pub fn admits<G: TableGame>(
    turn: &Turn,
    m: &Match<G>,
    mv: &Move<G>,
    skipping: bool,
) -> Result<bool, Refusal> {
    if mv.serial != m.serial || mv.step != m.actions.len() || !turn.is_of(m) {
        return Err(Refusal::Stale);
    }
    match mv.source.control() {
        // A replay plays its record, whoever sat there.
        None if turn.mode == Mode::Replay && turn.seat == Some(mv.seat) => return Ok(true),
        None => return Err(Refusal::NotYours),
        Some(c) if turn.seat != Some(mv.seat) || turn.control != Some(c) => {
            return Err(Refusal::NotYours);
        }
        // This table's own deciders wait under a menu (the screen's and the bots' decide
        // nothing meanwhile); a phone's tap comes whenever its person taps.
        Some(Control::Phone) if turn.menu => return Err(Refusal::Menu),
        Some(_) => {}
    }
    match turn.wait {
        None => Ok(true),
        // The bots play on through a table showing its effects at once; a friend far away
        // saw the moves so far on its own table, and does not wait for this one's.
        Some(Wait::Effects) if skipping && mv.source == Source::Bot => Ok(true),
        Some(Wait::Effects) if mv.source == Source::Friend => Ok(true),
        Some(Wait::Effects | Wait::Dropped) => Ok(false),
        Some(w) => Err(Refusal::Held(w)),
    }
}

/// The one system a move goes in by (see the module's words). A move the gate makes wait
/// (effects still shown) stays, one per seat, until it may go in or goes stale; the turn is
/// read again after each move, so the rest of the frame reads the match as it is.
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_moves<G: TableGame>(
    mut moves: MessageReader<Move<G>>,
    mut waiting: Local<Vec<Move<G>>>,
    mut m: ResMut<Match<G>>,
    mut remote: Option<ResMut<Remote<G>>>,
    presenter: Res<Presenter>,
    mut gate: ResMut<Gate>,
    mut turn: ResMut<Turn>,
    mut answers: MessageWriter<Answer>,
) {
    let fresh: Vec<Move<G>> = moves.read().cloned().collect();
    if fresh.is_empty() && waiting.is_empty() {
        return;
    }
    let mut queue = std::mem::take(&mut *waiting);
    queue.extend(fresh);
    for mv in queue {
        let verdict = match admits(&turn, &m, &mv, presenter.skipping()) {
            Err(Refusal::Stale) if copy_of_one_made(&m, &mv) => Ok(false),
            Ok(false) => {
                // It waits, the seat's latest only.
                waiting.retain(|w| w.seat != mv.seat);
                waiting.push(mv);
                continue;
            }
            Ok(true) => {
                super::remote::play(&mut m, remote.as_deref_mut(), mv.seat, mv.action.clone())
                    .map(|()| true)
                    .map_err(Refusal::Rules)
            }
            Err(r) => Err(r),
        };
        if let Err(Refusal::Rules(e)) = &verdict
            && matches!(mv.source, Source::Bot | Source::Replay)
        {
            error!(
                "{:?} chose an illegal action for seat {}: {e}",
                mv.source, mv.seat
            );
        } else if let Err(why) = &verdict {
            debug!(
                "moves: {:?}'s move for seat {} at step {} refused: {why:?}",
                mv.source, mv.seat, mv.step
            );
        }
        if verdict == Ok(true) {
            // A move sent from a friend's table waits for the host's answer.
            super::remote::write_sent(&mut gate, remote.as_deref());
            let now = Turn::read(&m, &presenter, &gate);
            turn.set_if_neq(now);
        }
        answers.write(Answer {
            source: mv.source,
            seat: mv.seat,
            result: verdict,
        });
    }
}

/// A copy of a move already made at its step (a friend's move sent again while the first was
/// on its way): dropped quietly.
fn copy_of_one_made<G: TableGame>(m: &Match<G>, mv: &Move<G>) -> bool {
    mv.serial == m.serial
        && m.actions.get(mv.step) == Some(&mv.action)
        && m.acted_by.get(mv.step) == Some(&mv.seat)
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_message::<Move<G>>();
    app.add_systems(
        Update,
        take_moves::<G>.in_set(MoveSet).run_if(super::playing::<G>),
    );
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Answer>();
    app.configure_sets(Update, MoveSet.after(super::TableSet::Decide));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table_core::gate::tests::duel as dealt;
    use crate::table_core::{MatchKind, SeatKind};
    use come_buy_engine::Game;
    use come_buy_engine::duchess::Duchess;

    /// A match of two seats, its deal shown.
    fn duel(kinds: [SeatKind; 2]) -> Match<Duchess> {
        let mut m = dealt(kinds);
        m.pending.clear();
        m
    }

    /// A table with only the one way in: the match, the gate read, and `take_moves`.
    fn table(m: Match<Duchess>, gate: Gate) -> App {
        let mut app = App::new();
        app.add_message::<Move<Duchess>>();
        app.add_message::<Answer>();
        let turn = Turn::read(&m, &Presenter::default(), &gate);
        app.insert_resource(m)
            .insert_resource(gate)
            .insert_resource(turn)
            .init_resource::<Presenter>();
        app.add_systems(Update, take_moves::<Duchess>);
        app
    }

    /// Sends `mv` in through the real system: its answer, and the match's step after it.
    fn send(app: &mut App, mv: Move<Duchess>) -> (Result<bool, Refusal>, usize) {
        app.world_mut().write_message(mv);
        app.update();
        let answers = app.world().resource::<Messages<Answer>>();
        let a = answers
            .iter_current_update_messages()
            .last()
            .cloned()
            .unwrap();
        (
            a.result,
            app.world().resource::<Match<Duchess>>().actions.len(),
        )
    }

    fn first(m: &Match<Duchess>) -> (Seat, <Duchess as Game>::Action) {
        (
            m.game.current_player().unwrap(),
            m.game.legal_actions()[0].clone(),
        )
    }

    /// Every source's move asks the same gate: only the source that plays the seat gets in, a
    /// held table or a stale move changes nothing, and after a move the turn is read again
    /// (the next move of the frame reads the match as it is).
    #[test]
    fn every_source_goes_in_by_the_gate_alone() {
        let m = duel([SeatKind::Person, SeatKind::Bot("normal".into())]);
        let (seat, action) = first(&m);
        let person = seat == 0;
        let mut app = table(m, Gate::default());
        let at = |app: &App| {
            Move::<Duchess>::now(app.world().resource(), seat, action.clone(), Source::Screen)
        };
        // The wrong sources for this seat are refused, nothing changes.
        for source in [
            Source::Phone(1),
            Source::Friend,
            Source::Replay,
            if person { Source::Bot } else { Source::Screen },
        ] {
            let mv = Move { source, ..at(&app) };
            assert_eq!(
                send(&mut app, mv),
                (Err(Refusal::NotYours), 0),
                "{source:?}"
            );
        }
        // A stale move (another step, another match) is refused.
        let own = if person { Source::Screen } else { Source::Bot };
        let stale = Move {
            step: 3,
            source: own,
            ..at(&app)
        };
        assert_eq!(send(&mut app, stale), (Err(Refusal::Stale), 0));
        let other = Move {
            serial: u64::MAX,
            source: own,
            ..at(&app)
        };
        assert_eq!(send(&mut app, other), (Err(Refusal::Stale), 0));
        // Its own source gets in; the turn is read again at once.
        let mv = Move {
            source: own,
            ..at(&app)
        };
        assert_eq!(send(&mut app, mv), (Ok(true), 1));
        let turn = *app.world().resource::<Turn>();
        assert!(turn.is_of(app.world().resource::<Match<Duchess>>()));
        assert_eq!(
            turn.wait,
            Some(Wait::Effects),
            "its effects are to be shown"
        );
        // The same move again is a copy, dropped quietly.
        let again = Move {
            step: 0,
            serial: turn.serial,
            seat,
            action: action.clone(),
            source: own,
        };
        assert_eq!(send(&mut app, again), (Ok(false), 1));
    }

    /// What holds the table refuses every source but a replay's own; the moves still shown
    /// make a move wait (it goes in once they are), except a friend's (its table showed them)
    /// and a bot's while the table skips.
    #[test]
    fn holds_refuse_and_the_moves_shown_make_a_move_wait() {
        let m = duel([
            SeatKind::Bot("normal".into()),
            SeatKind::Bot("normal".into()),
        ]);
        let (seat, action) = first(&m);
        let lobby = Gate {
            lobby: true,
            ..Gate::default()
        };
        let mut app = table(m, lobby);
        let mv = Move::<Duchess>::now(app.world().resource(), seat, action.clone(), Source::Bot);
        assert_eq!(
            send(&mut app, mv.clone()),
            (Err(Refusal::Held(Wait::Lobby)), 0)
        );
        // The table still shows a move: the bot's waits, then goes in.
        let m = dealt([
            SeatKind::Bot("normal".into()),
            SeatKind::Bot("normal".into()),
        ]);
        let mv = Move {
            serial: m.serial,
            ..mv
        };
        let presenter = Presenter::default();
        let turn = Turn::read(&m, &presenter, &Gate::default());
        assert_eq!(turn.wait, Some(Wait::Effects));
        assert_eq!(admits(&turn, &m, &mv, false), Ok(false));
        assert_eq!(
            admits(&turn, &m, &mv, true),
            Ok(true),
            "skipping: the bots play on"
        );
        let mut app = table(m, Gate::default());
        app.world_mut().write_message(mv.clone());
        app.update();
        assert_eq!(
            app.world().resource::<Match<Duchess>>().actions.len(),
            0,
            "it waits"
        );
        app.world_mut()
            .resource_mut::<Match<Duchess>>()
            .pending
            .clear();
        let now = Turn::read::<Duchess>(app.world().resource(), &presenter, &Gate::default());
        app.insert_resource(now);
        app.update();
        assert_eq!(
            app.world().resource::<Match<Duchess>>().actions.len(),
            1,
            "in once shown"
        );
        // A friend's seat at the host's table: its move does not wait for the effects.
        let m = dealt([SeatKind::Online, SeatKind::Online]);
        let turn = Turn::read(&m, &presenter, &Gate::default());
        let friend = Move {
            source: Source::Friend,
            serial: m.serial,
            ..mv.clone()
        };
        assert_eq!(admits(&turn, &m, &friend, false), Ok(true));
        // A replay plays its record through the replay's hold, and nothing else does.
        let mut m = duel([SeatKind::Person, SeatKind::Person]);
        m.kind = MatchKind::Replay;
        let turn = Turn::read(&m, &presenter, &Gate::default());
        let mv = Move {
            serial: m.serial,
            ..mv
        };
        let replay = Move {
            source: Source::Replay,
            ..mv.clone()
        };
        assert_eq!(admits(&turn, &m, &replay, false), Ok(true));
        let screen = Move {
            source: Source::Screen,
            ..mv
        };
        assert_eq!(
            admits(&turn, &m, &screen, false),
            Err(Refusal::Held(Wait::Replay))
        );
    }

    /// A menu over the table: a phone's move is refused (its person is told to wait), a
    /// friend's far away goes in.
    #[test]
    fn under_a_menu_a_phones_move_waits_and_a_friends_goes_in() {
        use crate::table_core::gate::{Remote as Far, Remotes};
        let presenter = Presenter::default();
        let (to_act, _) = first(&duel([SeatKind::Person, SeatKind::Person]));
        // The seat to act a person's, on a phone.
        let mut kinds = [SeatKind::Online, SeatKind::Online];
        kinds[to_act] = SeatKind::Person;
        let m = duel(kinds);
        let (seat, action) = first(&m);
        let phone = Gate {
            menu: true,
            remote: Remotes::default().with(seat, Far::Phone),
            ..Gate::default()
        };
        let turn = Turn::read(&m, &presenter, &phone);
        assert_eq!(turn.control, Some(Control::Phone));
        let mv = Move::<Duchess>::now(&m, seat, action, Source::Phone(7));
        assert_eq!(admits(&turn, &m, &mv, false), Err(Refusal::Menu));
        assert_eq!(Refusal::Menu.words(), come_buy_text::tr("phone-wait"));
        let open = Gate {
            menu: false,
            ..phone
        };
        let turn = Turn::read(&m, &presenter, &open);
        assert_eq!(admits(&turn, &m, &mv, false), Ok(true), "no menu: in");
        // The seat to act a friend's: under the same menu, its move goes in.
        let mut kinds = [SeatKind::Person, SeatKind::Person];
        kinds[to_act] = SeatKind::Online;
        let m = duel(kinds);
        let (seat, action) = first(&m);
        let menu = Gate {
            menu: true,
            ..Gate::default()
        };
        let turn = Turn::read(&m, &presenter, &menu);
        let mv = Move::<Duchess>::now(&m, seat, action, Source::Friend);
        assert_eq!(admits(&turn, &m, &mv, false), Ok(true), "a friend plays on");
    }

    /// At a friend's table, the friend's move goes to the host (the outbox), not into the
    /// match; the turn then waits for the host, and a second move is refused meanwhile.
    #[test]
    fn a_friends_move_goes_to_the_host() {
        // The friend's person sits where the deal's first decision is.
        let (first_seat, _) = first(&duel([SeatKind::Person, SeatKind::Person]));
        let mut kinds = [SeatKind::Online, SeatKind::Online];
        kinds[first_seat] = SeatKind::Person;
        let mut m = duel(kinds);
        m.kind = MatchKind::Guest;
        let (seat, action) = first(&m);
        assert_eq!(seat, first_seat);
        let mut app = table(m, Gate::default());
        app.insert_resource(Remote::<Duchess>::new(Vec::new()));
        let mv = Move::<Duchess>::now(app.world().resource(), seat, action, Source::Screen);
        // Only the friend's own seat is played here (not even by a bot or a phone).
        let bot = Move {
            source: Source::Bot,
            ..mv.clone()
        };
        assert_eq!(send(&mut app, bot), (Err(Refusal::NotYours), 0));
        assert_eq!(
            send(&mut app, mv.clone()),
            (Ok(true), 0),
            "sent, not applied"
        );
        assert_eq!(app.world().resource::<Remote<Duchess>>().outbox.len(), 1);
        assert!(app.world().resource::<Gate>().sent);
        assert_eq!(app.world().resource::<Turn>().wait, Some(Wait::Sent));
        assert_eq!(send(&mut app, mv), (Err(Refusal::Held(Wait::Sent)), 0));
    }
}
