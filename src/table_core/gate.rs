//! The table's gate: the one place that says, each frame, which seat is to act, who plays it
//! (a person at this screen, a phone, a friend at another table, a bot) and whether it may act
//! now ([`Turn`]), and what the table is (its [`Mode`], from the match). The features that hold
//! the table write their hold into [`Gate`] (a guided game's explanation; a menu over the
//! table; the remote seats' one writer: an online host's lobby, the friends dropped, the host
//! gone, the seats the phones hold). The choice, the bots, the hand-over, undo, the seats'
//! devices, the log, the dock, the online banner and the phones read [`Turn`] (or the gate's
//! [`Gate::on_phone`]), and every move goes in by the one way that asks it
//! ([`super::moves`]), so nothing below those features has to know about them.

use super::{Match, MatchKind, Mode, Presenter, TableGame, TableSet, queue_idle};
use bevy::prelude::*;
use come_buy_engine::game::Seat;

/// What holds the table now. The guide and the remote seats' one writer (the online rooms and
/// the phones) write their part here each frame (the latter in [`GateSet`]); [`read_turn`]
/// reads it with the match (whose [`Mode`] says whether it is a replay).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gate {
    /// A guided game's explanation waits for Continue: nobody acts.
    pub guide_holds: bool,
    /// A guided game's scripted part is under way (its moves are the guide's).
    pub guided: bool,
    /// A guided game's explanation of the moves made is due once the match has this many
    /// moves: from then the table shows their effects up to the next round of decisions
    /// ([`super::TableGame::opens_decisions`]) and waits there for it (it came after the next
    /// auction's banner).
    pub guide_due_at: Option<usize>,
    /// An online host's lobby is open (the match has not started): nobody acts.
    pub lobby: bool,
    /// At a friend's table: the host closed the table or dropped; no move can reach it.
    pub host_gone: bool,
    /// At a friend's table: its move is on its way to the host, whose answer is not back
    /// ([`super::Remote`]).
    pub sent: bool,
    /// This table hosts an online room: leaving it closes the table for its friends (the
    /// pause menu asks first).
    pub hosting: bool,
    /// The seats played far away, each with how: a phone's, a friend's online, a friend's
    /// who dropped (the table waits for them to come back, or for a bot the host lets sit
    /// in). The one mark of a remote seat, whichever room holds it.
    pub remote: Remotes,
    /// A menu is open over the table, or the table is not on screen: this table's own
    /// deciders (its screen, its bots, its phones) wait; a friend far away plays on at their
    /// own table ([`hold_for_menus`] writes it).
    pub menu: bool,
}

impl Gate {
    /// Whether a phone plays `seat` (its hand is not the screen's).
    pub fn on_phone(&self, seat: Seat) -> bool {
        self.remote.of(seat) == Some(Remote::Phone)
    }

    /// Whether `seat`'s friend dropped (the host's table waits for them).
    pub fn dropped(&self, seat: Seat) -> bool {
        self.remote.of(seat) == Some(Remote::Dropped)
    }
}

/// How a seat is played from far away this frame: by a person's phone at this table, or by a
/// friend online at their own table. The two rooms are two ways to the same thing, a seat
/// whose moves come from elsewhere; the remote seats' one writer marks them ([`GateSet`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Remote {
    /// A person's hand on a phone at this table (the phones' room).
    Phone,
    /// A friend online, at the host's table (the online room).
    Friend,
    /// A friend online who dropped: the host's table waits for them.
    Dropped,
}

/// The remote seats, one mark a seat (none: played at this table). A table has at most
/// [`Remotes::SEATS`] seats; a mark past them is not kept.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Remotes([Option<Remote>; Remotes::SEATS]);

impl Remotes {
    pub const SEATS: usize = 8;

    /// How `seat` is played from far away, if it is.
    pub fn of(&self, seat: Seat) -> Option<Remote> {
        self.0.get(seat).copied().flatten()
    }

    /// These marks with `seat` marked `remote`.
    pub fn with(mut self, seat: Seat, remote: Remote) -> Remotes {
        if let Some(mark) = self.0.get_mut(seat) {
            *mark = Some(remote);
        }
        self
    }
}

/// Who plays the seat to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// A person at this screen (its keyboard, mouse, touch or a pad).
    Screen,
    /// A person on a phone.
    Phone,
    /// Someone at another table: an online friend at the host's, the host's people and bots
    /// at a friend's.
    Away,
    /// A bot at this table.
    Bot,
}

/// Why the seat to act may not act yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// The table is still showing the moves so far.
    Effects,
    /// A guided game's explanation waits for Continue.
    Guide,
    /// A replay plays the table.
    Replay,
    /// An online host's lobby is open.
    Lobby,
    /// A friend's table sent its move; the host's answer is not back.
    Sent,
    /// At a friend's table, the host is gone (closed the table, or dropped).
    HostGone,
    /// At the host's table, the friend whose turn it is dropped.
    Dropped,
}

impl Wait {
    /// A hold of the whole table (nothing but the screen's menus moves), not a pause between
    /// moves.
    pub fn holds(self) -> bool {
        matches!(
            self,
            Wait::Guide | Wait::Replay | Wait::Lobby | Wait::HostGone
        )
    }
}

/// The turn as the gate reads it this frame (see the module's words).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The match it was read for, and its step (the number of actions so far).
    pub serial: u64,
    pub step: usize,
    /// The seat to act, if any (none: the game is over).
    pub seat: Option<Seat>,
    /// Who plays it.
    pub control: Option<Control>,
    /// Why it may not act yet, if it may not.
    pub wait: Option<Wait>,
    /// What the table is (its match's [`Match::mode`]), for those that read the turn without
    /// the match.
    pub mode: Mode,
    /// A menu is over the table (see [`Gate::menu`]): nothing is open to this table's own
    /// deciders ([`Turn::open_for`]); a phone's choices wait with the screen's.
    pub menu: bool,
}

impl Turn {
    /// Whether this reading is of match `m` as it stands (a move made later in the frame makes
    /// it stale: nobody acts on a stale reading).
    pub fn is_of<G: TableGame>(&self, m: &Match<G>) -> bool {
        self.serial == m.serial && self.step == m.actions.len()
    }

    /// The seat that `control` may act for now, reading `m`: its turn, nothing holding it,
    /// no menu over the table (this table's own deciders wait under one).
    pub fn open_for<G: TableGame>(&self, control: Control, m: &Match<G>) -> Option<Seat> {
        self.seat.filter(|_| {
            self.control == Some(control) && self.wait.is_none() && !self.menu && self.is_of(m)
        })
    }

    /// The seat a person at this screen is to play once the table has shown the moves (a
    /// hold of the whole table aside): the hand-over's cover waits for it.
    pub fn screen_next<G: TableGame>(&self, m: &Match<G>) -> Option<Seat> {
        self.seat.filter(|_| {
            self.control == Some(Control::Screen)
                && self.is_of(m)
                && !matches!(self.wait, Some(Wait::Sent))
        })
    }

    /// Whether the whole table is held (a guide's explanation, a replay, the lobby).
    pub fn held(&self) -> bool {
        self.wait.is_some_and(Wait::holds)
    }

    /// Reads the turn of match `m` (the table showing its moves as `presenter` says) through
    /// `gate`.
    pub fn read<G: TableGame>(m: &Match<G>, presenter: &Presenter, gate: &Gate) -> Turn {
        let seat = m.game.current_player();
        let control = seat.and_then(|s| {
            use super::SeatKind::{Bot, Online, Person};
            let info = m.seats.get(s)?;
            Some(match (&info.kind, gate.remote.of(s)) {
                // At a friend's table, only its own person plays here.
                _ if m.kind == MatchKind::Guest && !info.is_person() => Control::Away,
                // A guided game's scripted part offers its moves at the screen, phone or not.
                (Person, Some(Remote::Phone)) if !gate.guided => Control::Phone,
                (_, Some(Remote::Friend | Remote::Dropped)) | (Online, _) => Control::Away,
                (Person, _) => Control::Screen,
                (Bot(_), _) => Control::Bot,
            })
        });
        let mode = m.mode();
        let wait = if mode == Mode::Replay {
            Some(Wait::Replay)
        } else if gate.lobby {
            Some(Wait::Lobby)
        } else if gate.guide_holds {
            Some(Wait::Guide)
        } else if gate.host_gone && m.kind == MatchKind::Guest {
            Some(Wait::HostGone)
        } else if gate.sent && m.kind == MatchKind::Guest {
            Some(Wait::Sent)
        } else if !queue_idle(m, presenter) {
            Some(Wait::Effects)
        } else if seat.is_some_and(|s| gate.dropped(s)) {
            Some(Wait::Dropped)
        } else {
            None
        };
        Turn {
            serial: m.serial,
            step: m.actions.len(),
            seat,
            control,
            wait,
            mode,
            menu: gate.menu,
        }
    }
}

/// The systems that write the gate's holds: they run before the turn is read in a frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GateSet;

/// Where the turn is read: after the table showed this frame's effects and a guide's step
/// decided whether it holds the table, before anyone decides.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TurnSet;

pub fn plugin(app: &mut App) {
    app.init_resource::<Gate>();
    app.init_resource::<Turn>();
    app.configure_sets(
        Update,
        GateSet
            .after(crate::state::MenuSet)
            .before(TableSet::Present),
    );
    app.configure_sets(
        Update,
        TurnSet.after(TableSet::Guide).before(TableSet::Decide),
    );
    app.add_systems(Update, hold_for_menus.in_set(GateSet));
}

/// Writes whether a menu is over the table (or another screen is up): the screen's choice
/// and the bots do not run then ([`TableSet::Decide`]'s condition), and the phones read it
/// here rather than the screen's state.
fn hold_for_menus(
    overlay: Res<State<crate::state::Overlay>>,
    screen: Res<State<crate::state::Screen>>,
    mut gate: ResMut<Gate>,
) {
    let menu = *overlay.get() != crate::state::Overlay::None
        || *screen.get() != crate::state::Screen::Table;
    set_hold(&mut gate, |g| g.menu = menu);
}

/// Reads the turn of game `G`'s match (the table's plugin adds it for each game).
pub(crate) fn read_turn<G: TableGame>(
    m: Res<Match<G>>,
    presenter: Res<Presenter>,
    gate: Res<Gate>,
    mut turn: ResMut<Turn>,
    mut pace: ResMut<crate::pace::Pace>,
) {
    let now = Turn::read(&m, &presenter, &gate);
    if *turn != now {
        *turn = now;
        // Whoever reads it before the turn is read next frame (the phones) gets that frame.
        pace.stir();
    }
}

/// Sets one hold of the gate, marking it changed only when it changes.
pub fn set_hold(gate: &mut ResMut<Gate>, write: impl FnOnce(&mut Gate)) {
    let mut next = **gate;
    write(&mut next);
    gate.set_if_neq(next);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::table_core::{Match, SeatInfo, SeatKind};
    use come_buy_engine::Game;
    use come_buy_engine::duchess::Duchess;

    /// A Duchess duel of these seats (seed 7), its deal still to be shown.
    pub(crate) fn duel(kinds: [SeatKind; 2]) -> Match<Duchess> {
        let seats = kinds
            .into_iter()
            .enumerate()
            .map(|(i, kind)| SeatInfo {
                name: format!("P{i}"),
                color: i,
                kind,
            })
            .collect();
        Match::<Duchess>::new(seats, 7, vec![]).unwrap()
    }

    /// The one reading of the turn: whose it is, who plays it (this screen, a phone, a bot,
    /// another table) and what holds it, in that order of holds; a reading goes stale once a
    /// move is made, and nobody acts on a stale one.
    #[test]
    fn the_turn_says_who_plays_the_seat_and_what_holds_it() {
        let p = Presenter::default();
        let open = Gate::default();
        let mut m = duel([SeatKind::Person, SeatKind::Person]);
        let seat = m.game.current_player().unwrap();
        assert!(!m.pending.is_empty(), "the deal is still to be shown");
        let t = Turn::read(&m, &p, &open);
        assert_eq!(
            (t.seat, t.control, t.wait),
            (Some(seat), Some(Control::Screen), Some(Wait::Effects))
        );
        assert_eq!(
            t.open_for(Control::Screen, &m),
            None,
            "not before the deal is shown"
        );
        assert_eq!(
            t.screen_next(&m),
            Some(seat),
            "the hand-over may wait for it"
        );
        m.pending.clear();
        let t = Turn::read(&m, &p, &open);
        assert_eq!(t.open_for(Control::Screen, &m), Some(seat));
        assert_eq!(t.open_for(Control::Phone, &m), None);
        assert_eq!(t.open_for(Control::Bot, &m), None);
        // A phone holds the seat: the phone plays it, not the screen.
        let phone = Gate {
            remote: Remotes::default().with(seat, Remote::Phone),
            ..open
        };
        let t = Turn::read(&m, &p, &phone);
        assert_eq!(t.open_for(Control::Phone, &m), Some(seat));
        assert_eq!(t.open_for(Control::Screen, &m), None);
        assert_eq!(t.screen_next(&m), None, "no hand-over for a phone's seat");
        // A guided game's scripted part plays it at the screen (its moves are the guide's).
        let guided = Gate {
            guided: true,
            ..phone
        };
        let t = Turn::read(&m, &p, &guided);
        assert_eq!(t.open_for(Control::Screen, &m), Some(seat));
        assert_eq!(t.open_for(Control::Phone, &m), None);
        // The holds, in order: a replay (the match's own mode), the lobby, a guide's
        // explanation.
        m.kind = MatchKind::Replay;
        let all = Gate {
            lobby: true,
            guide_holds: true,
            ..open
        };
        let t = Turn::read(&m, &p, &all);
        assert_eq!((t.wait, t.mode), (Some(Wait::Replay), Mode::Replay));
        assert!(t.held());
        m.kind = MatchKind::Played;
        for (gate, wait) in [
            (
                Gate {
                    lobby: true,
                    guide_holds: true,
                    ..open
                },
                Wait::Lobby,
            ),
            (
                Gate {
                    guide_holds: true,
                    ..open
                },
                Wait::Guide,
            ),
        ] {
            let t = Turn::read(&m, &p, &gate);
            assert_eq!(t.wait, Some(wait));
            assert!(t.held());
            assert_eq!(t.open_for(Control::Screen, &m), None);
        }
        // A move made: the reading is stale.
        let t = Turn::read(&m, &p, &open);
        let a = m.game.legal_actions()[0].clone();
        m.act(seat, a).unwrap();
        assert!(!t.is_of(&m));
        assert_eq!(t.open_for(Control::Screen, &m), None);
        // A bot's seat is the bot's.
        let mut m = duel([
            SeatKind::Bot("normal".into()),
            SeatKind::Bot("normal".into()),
        ]);
        m.pending.clear();
        let t = Turn::read(&m, &p, &open);
        assert_eq!(t.open_for(Control::Bot, &m), m.game.current_player());
        // At a friend's table, the others' seats (people and bots) are played away, and its
        // own waits for the host once its move is sent.
        let mut m = duel([SeatKind::Person, SeatKind::Online]);
        m.kind = MatchKind::Guest;
        m.pending.clear();
        let seat = m.game.current_player().unwrap();
        let t = Turn::read(&m, &p, &open);
        let own = if seat == 0 {
            Control::Screen
        } else {
            Control::Away
        };
        assert_eq!(t.control, Some(own));
        m.seats[1].kind = SeatKind::Bot("normal".into());
        let t = Turn::read(&m, &p, &open);
        assert_eq!(t.control, Some(own), "the host's bots are played away too");
        let sent = Gate { sent: true, ..open };
        let t = Turn::read(&m, &p, &sent);
        assert_eq!(t.wait, Some(Wait::Sent));
        assert_eq!(t.screen_next(&m), None);
    }

    /// Both rooms mark their seats in one [`Remotes`]: a phone's seat is the phone's, a
    /// friend's online is played away, and one who dropped holds the host's table; a mark
    /// past a table's seats is not kept.
    #[test]
    fn one_mark_of_a_remote_seat_for_phones_and_friends() {
        let p = Presenter::default();
        let mut m = duel([SeatKind::Person, SeatKind::Online]);
        m.pending.clear();
        let seat = m.game.current_player().unwrap();
        let other = 1 - seat;
        m.seats[seat].kind = SeatKind::Online;
        m.seats[other].kind = SeatKind::Person;
        let marks = Remotes::default()
            .with(other, Remote::Phone)
            .with(seat, Remote::Friend)
            .with(Remotes::SEATS, Remote::Phone);
        assert_eq!(marks.of(Remotes::SEATS), None);
        let gate = Gate {
            remote: marks,
            ..Gate::default()
        };
        assert!(gate.on_phone(other) && !gate.on_phone(seat));
        let t = Turn::read(&m, &p, &gate);
        assert_eq!((t.control, t.wait), (Some(Control::Away), None));
        let gate = Gate {
            remote: marks.with(seat, Remote::Dropped),
            ..gate
        };
        let t = Turn::read(&m, &p, &gate);
        assert_eq!(
            (t.control, t.wait),
            (Some(Control::Away), Some(Wait::Dropped))
        );
        assert!(gate.dropped(seat) && !gate.dropped(other));
    }
}
