//! The host's side of an online table. A match dealt from New game with an *Online friend*
//! seat opens a room: the lobby shows its code and the seats, asks the host yes or no for each
//! friend who asks for a seat (nothing of a seat is sent before the yes), and Start fills the
//! seats no friend took with bots. During play the host's table runs the only real match:
//! after every move each friend is sent their seat's world and what they saw happen; a
//! friend's move is checked like any other input (the remote seats' one handler,
//! `table_core::seat_room`, and the rules). A friend who drops keeps their seat for their
//! token; the table waits, or a bot plays for them if the host says so. At the end every
//! friend gets the match code.

use super::{Closing, OnlineAsk, OwnSignal, reach, signal_url};
use crate::notice::Notices;
use crate::settings::Settings;
use crate::state::{Overlay, Screen};
use crate::table::moves::{Answer, Move, Refusal, Source};
use crate::table::{Match, MatchKind, SeatKind, TableGame, playing};
use crate::table_core::seat_room::{self, SeatRoom};
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_online::host::Host;
use come_buy_online::link::{Link, LinkEvent};
use come_buy_online::msg::{Holder, Why};
use come_buy_text::tr;

pub use crate::table_core::room::OnlineHost;

/// The host lets a bot play for a friend who dropped (or the friend again).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandIn(pub usize);

/// What the room has still to send its friends: every effect of the match since the last
/// send, worked out again from the match's moves on a copy of its world (the rules are
/// deterministic), so the match itself knows nothing of rooms.
#[derive(Resource)]
pub(crate) struct HostTap<G: TableGame> {
    /// The match it followed last (a room is opened once per match).
    serial: u64,
    /// The world after the first `steps` moves.
    game: G,
    steps: usize,
    out: Vec<G::Effect>,
}

impl<G: TableGame> HostTap<G> {
    /// Follows `m` from now: what its table has still to show (the deal, at a fresh match)
    /// goes out first.
    fn open(m: &Match<G>) -> Self {
        HostTap {
            serial: m.serial,
            game: m.game.clone(),
            steps: m.actions.len(),
            out: m.pending.iter().cloned().collect(),
        }
    }

    /// Whether it follows `m` (the room of this very match was opened).
    fn follows(&self, m: &Match<G>) -> bool {
        self.serial == m.serial
    }

    /// The effects of the moves made since the last look (a table rebuilt with the same
    /// moves, for another language, goes on where it was).
    fn take(&mut self, m: &Match<G>) -> Vec<G::Effect> {
        self.serial = m.serial;
        if self.steps > m.actions.len() {
            // Moves taken back (never online; kept safe all the same): follow from here.
            *self = HostTap {
                out: Vec::new(),
                ..HostTap::open(m)
            };
        }
        while self.steps < m.actions.len() {
            match self
                .game
                .apply(m.acted_by[self.steps], &m.actions[self.steps])
            {
                Ok(effects) => self.out.extend(effects),
                Err(e) => {
                    // The match applied this move: a copy of its world cannot refuse it.
                    error!("online: the room's copy of the match refused a move: {e:?}");
                    *self = HostTap {
                        out: std::mem::take(&mut self.out),
                        ..HostTap::open(m)
                    };
                    break;
                }
            }
            self.steps += 1;
        }
        std::mem::take(&mut self.out)
    }
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        // Under any menu too (the lobby, the pause menu): friends far away keep playing.
        (
            open_room::<G>.run_if(not(super::hosting)),
            host_room::<G>.run_if(super::hosting.and_then(resource_exists::<HostTap<G>>)),
        )
            .chain()
            .after(crate::state::MenuSet)
            .before(crate::table::gate::GateSet)
            .run_if(playing::<G>.and_then(in_state(Screen::Table))),
    );
}

/// A played match with a friend's seat and no room yet: the room opens, with its lobby.
fn open_room<G: TableGame>(
    mut commands: Commands,
    mut m: ResMut<Match<G>>,
    tap: Option<Res<HostTap<G>>>,
    (ask, settings, wake, time): (
        Res<OnlineAsk>,
        Res<Settings>,
        Res<crate::pace::Wake>,
        Res<Time<Real>>,
    ),
    mut own: ResMut<OwnSignal>,
    (mut overlay, mut notices): (crate::state::Overlays, ResMut<Notices>),
    mut remote: ResMut<crate::phones::RemoteRoom>,
) {
    if m.kind != MatchKind::Played
        || tap.is_some_and(|t| t.follows(&m))
        || !m.seats.iter().any(|s| s.kind == SeatKind::Online)
    {
        return;
    }
    let plans = crate::table::room_plans(&m, crate::table::Far::Friends);
    let signal = signal_url(&ask, &settings);
    #[cfg(not(target_arch = "wasm32"))]
    if let Err(e) = super::own_signal(&signal, &mut own) {
        warn!("online: {e}");
    }
    let _ = &mut own;
    let room = match Host::open(G::ID, m.setup.variants.clone(), plans) {
        Ok(r) => r,
        Err(e) => {
            // No randomness for a code: the friends' seats go to bots.
            error!("online: cannot open a room: {e}");
            for s in &mut m.seats {
                if s.kind == SeatKind::Online {
                    s.kind = SeatKind::Bot("normal".into());
                }
            }
            notices.show("online", Text::new("online-cannot-open"), Some(8.0));
            return;
        }
    };
    info!("online: room {} open at {signal}", room.code);
    let (reach, wake) = (reach(&signal, &settings), wake.handle());
    let link = Link::open_waking(&reach, &room.code, Some(wake.clone()));
    commands.insert_resource(HostTap::open(&m));
    for s in &mut m.seats {
        if s.kind == SeatKind::Online {
            s.name = tr("online-open-seat");
        }
    }
    remote.online = Some(OnlineHost {
        room,
        link,
        reach,
        wake,
        redial: super::Redial::default(),
        signal,
        started: false,
        start_now: false,
        finished: false,
        since: time.elapsed_secs_f64(),
        reached: false,
        no_server: false,
        refused_page: false,
        start_asked: false,
        close_asked: false,
    });
    overlay.set(Overlay::Online);
}

/// The meeting server gone for good (the link gave up): the friends' connections went with
/// it, their seats wait for their tokens, and the room opens again by itself until the server
/// answers (the same code: friends come back to it as after a drop).
///
/// The server gone while friends are still connected: they play on (their connections need no
/// server), the line over the table says the server is gone, and a door for friends coming
/// back opens by itself, with the same waits, until the server answers it.
fn redial(oh: &mut OnlineHost, now: f64) {
    // (Never both: a link with friends still on it is not closed.)
    let lost = oh.link.signal_lost();
    let gave_up = oh.link.closed();
    if (lost || gave_up) && oh.reached {
        let then = if lost {
            "the friends at the table play on"
        } else {
            "trying again"
        };
        warn!("online: the meeting server {} is gone; {then}", oh.signal);
        oh.reached = false;
        oh.no_server = true;
        if gave_up {
            // Each seat's drop is said by the banner's line (the server is gone), not one by
            // one.
            let _ = oh.room.all_down::<()>();
        }
    }
    if oh.redial.due(lost || gave_up, now) {
        let wake = Some(oh.wake.clone());
        if lost {
            info!(
                "online: the meeting server {}: a door for friends coming back",
                oh.signal
            );
            oh.link.open_door(&oh.reach, &oh.room.code, wake);
        } else {
            info!("online: the meeting server {}: trying again", oh.signal);
            let link = Link::open_waking(&oh.reach, &oh.room.code, wake);
            drop(std::mem::replace(&mut oh.link, link));
        }
        oh.since = now;
    }
}

/// The room at work: friends come and go, ask, move; after every move each friend gets their
/// seat's world; at the end, the match code.
#[allow(clippy::too_many_arguments)]
fn host_room<G: TableGame>(
    mut m: ResMut<Match<G>>,
    (mut remote, mut tap): (ResMut<crate::phones::RemoteRoom>, ResMut<HostTap<G>>),
    (time, overlay): (Res<Time<Real>>, Res<State<Overlay>>),
    mut notices: ResMut<Notices>,
    mut stand_in: MessageReader<StandIn>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    (mut moves, mut answers): (MessageWriter<Move<G>>, MessageReader<Answer>),
) {
    // (The room and what it follows are opened together, see `open_room`.)
    let (Some(oh), tap) = (remote.online.as_mut(), &mut *tap) else {
        return;
    };
    refuse_friends(oh, &mut answers);
    let now = time.elapsed_secs_f64();
    watch_server(oh, now, &mut notices);
    for e in oh.link.poll() {
        let event = match e {
            LinkEvent::Up(p) => {
                oh.room.peer_up(p, now);
                None
            }
            LinkEvent::Down(p) => {
                info!("online: a peer's link went down");
                oh.room.peer_down::<G::Action>(p)
            }
            LinkEvent::Data(p, bytes) => oh.room.heard::<G::Action>(p, &bytes),
        };
        if let Some(event) = event {
            let lobby = *overlay.get() == Overlay::Online;
            let mut room = FriendRoom {
                m: &mut m,
                oh,
                lobby,
                notices: &mut notices,
            };
            moves.write_batch(seat_room::heard(&mut room, event));
        }
    }
    for StandIn(seat) in stand_in.read() {
        if m.seats
            .get(*seat)
            .is_some_and(|s| s.kind == SeatKind::Online)
        {
            m.seats[*seat].kind = SeatKind::Bot("normal".into());
            oh.room.stand_in(*seat, true);
        }
    }
    if oh.start_now {
        oh.start_now = false;
        start_match(&mut m, oh, tap);
        // The seats' new names go on the table.
        commands.queue(crate::lang::Rebuild { keep: None });
        next.set(Screen::Table);
    }
    if oh.started {
        send_news(&m, oh, tap);
    }
    oh.room.tick(now);
    for (p, bytes) in oh.room.take_out() {
        oh.link.send(p, bytes);
    }
    // A data channel cannot be shut from our side: a peer the room shut out is not heard
    // again (its next word, but a new hello, is dropped).
    oh.room.take_gone();
}

/// A friend's room for one event of its rule layer (the remote seats' one handler,
/// [`seat_room::heard`], says what it means, a phone's the same): a friend names the action
/// itself; a refusal goes to the friend's seat; an ask is shown by the lobby's own rows (a
/// line over it would cover its heading), elsewhere by a line; a friend back takes their
/// seat again from a bot sitting in.
struct FriendRoom<'a, G: TableGame> {
    m: &'a mut Match<G>,
    oh: &'a mut OnlineHost,
    lobby: bool,
    notices: &'a mut Notices,
}

impl<G: TableGame> SeatRoom<G> for FriendRoom<'_, G> {
    type Choice = G::Action;

    fn table(&self) -> &Match<G> {
        self.m
    }

    fn source(&self) -> Source {
        Source::Friend
    }

    fn action(&self, _: Seat, action: G::Action) -> Option<G::Action> {
        // The rules judge it at the way in (its refusal comes back, see `refuse_friends`).
        Some(action)
    }

    fn refuse(&mut self, seat: Seat, why: Why) {
        info!("online: a move from seat {seat} refused: {}", why.key());
        self.oh.room.refuse_seat(seat, why);
    }

    fn send_whole(&mut self, seat: Seat) {
        if self.oh.started {
            info!("online: seat {seat}'s state goes whole");
            send_whole(self.oh, self.m, seat);
        }
    }

    fn asked(&mut self, seat: Seat, name: &str, mark: &str) {
        info!("online: a friend asks for seat {seat}");
        if !self.lobby {
            self.notices.show(
                "online:ask",
                Text::new("online-asks")
                    .raw("name", format!("{name} · {mark}"))
                    .num("seat", seat as i64 + 1),
                Some(6.0),
            );
        }
    }

    fn back(&mut self, seat: Seat) {
        self.m.seats[seat].kind = SeatKind::Online;
        self.oh.room.stand_in(seat, false);
        self.notices.show(
            "online:back",
            Text::new("online-back").raw("name", self.m.seats[seat].name.clone()),
            Some(5.0),
        );
    }

    // The line over the table says so for as long as the friend is away (a passing notice
    // covered the table's top).
    fn dropped(&mut self, seat: Seat) {
        info!("online: the friend at seat {seat} dropped");
    }
}

/// Once the match is under way: what the last moves did goes to each friend as their seat's
/// world, and at the end the match code.
fn send_news<G: TableGame>(m: &Match<G>, oh: &mut OnlineHost, tap: &mut HostTap<G>) {
    let effects = tap.take(m);
    if !effects.is_empty() {
        oh.room.send_worlds(&m.game, m.actions.len(), &effects);
        // (The browser check times each move's way to a friend by these lines.)
        info!("online: step {} sent", m.actions.len());
    }
    if m.game.is_over() && !oh.finished {
        oh.finished = true;
        match come_buy_engine::code::encode::<G>(&crate::save::record_of(m)) {
            Ok(code) => oh.room.finish(code),
            Err(e) => error!("online: no match code: {e:?}"),
        }
    }
}

/// The room's link to the meeting server: whether it answers (the lobby says so when it does
/// not, and a line when it is back), a new try when it dropped, and our own id once it gives
/// one.
fn watch_server(oh: &mut OnlineHost, now: f64, notices: &mut Notices) {
    // Whether the meeting server answers: the lobby says so when it does not.
    // (A link that gave up still knows the id it had.)
    if oh.link.reached() && !oh.link.closed() {
        if !oh.reached && oh.redial.tries > 0 {
            info!("online: the meeting server {} is back", oh.signal);
            notices.show("online", Text::new("online-server-back"), Some(6.0));
        }
        oh.reached = true;
        oh.no_server = false;
        oh.redial.reached();
    } else if !oh.reached && !oh.no_server && super::server_missing(&mut oh.link, oh.since, now) {
        warn!("online: the meeting server {} does not answer", oh.signal);
        oh.no_server = true;
    }
    redial(oh, now);
    // Our own id (the signaling server gives it before any peer comes up): the seats'
    // proofs are bound to it, and hellos wait for it.
    if oh.link.refused() {
        oh.refused_page = true;
        oh.no_server = true;
    }
    if let Some(me) = oh.link.me().filter(|p| !p.0.is_nil()) {
        oh.room.set_me(me);
    }
}

/// The friends' moves refused at the table's one way in: each friend hears why.
fn refuse_friends(oh: &mut OnlineHost, answers: &mut MessageReader<Answer>) {
    for a in answers.read() {
        if let (Source::Friend, Err(r)) = (a.source, &a.result) {
            let why = match r {
                Refusal::Stale => Why::Stale,
                Refusal::NotYours | Refusal::Held(_) | Refusal::Menu => Why::NotYourTurn,
                Refusal::Rules(_) => Why::Illegal,
            };
            info!("online: a move from seat {} refused: {}", a.seat, why.key());
            oh.room.refuse_seat(a.seat, why);
        }
    }
}

/// Start: seats no friend took get a bot; the friends' seats their names.
fn start_match<G: TableGame>(m: &mut Match<G>, oh: &mut OnlineHost, tap: &mut HostTap<G>) {
    oh.room.start("normal");
    for (seat, line) in m.seats.iter_mut().zip(oh.room.lines()) {
        if seat.kind != SeatKind::Online {
            continue;
        }
        match line.holder {
            Holder::Online { .. } => seat.name = line.name.clone(),
            _ => {
                seat.kind = SeatKind::Bot("normal".into());
                seat.name = crate::screens::setup::bot_label("normal");
            }
        }
    }
    oh.started = true;
    info!("online: room {} starts", oh.room.code);
    // A continued match (Continue on the title opened its room again): each friend gets the
    // whole of it at once, as one coming back would.
    if !m.actions.is_empty() {
        tap.take(m);
        for seat in 0..m.seats.len() {
            if m.seats[seat].kind == SeatKind::Online {
                send_whole(oh, m, seat);
            }
        }
    }
}

/// Leaving the table (to the title or New game) closes the room: every friend is told.
pub(crate) fn leave_room(mut commands: Commands) {
    commands.queue(|world: &mut World| {
        let room = world.get_resource_mut::<crate::phones::RemoteRoom>();
        if let Some(mut oh) = room.and_then(|mut r| r.online.take()) {
            oh.room.close();
            for (p, bytes) in oh.room.take_out() {
                oh.link.send(p, bytes);
            }
            info!("online: room {} closed", oh.room.code);
            world.resource_mut::<Closing>().keep(oh.link);
        }
    });
}

/// Sends `seat` its whole match at once: its world and everything that happened as it saw
/// it (a friend back, or one whose last state may have been lost).
fn send_whole<G: TableGame>(oh: &mut OnlineHost, m: &Match<G>, seat: usize) {
    let history = crate::save::restore::<G>(&crate::save::record_of(m))
        .map(|again| Vec::from(again.pending))
        .unwrap_or_default();
    oh.room
        .send_world(seat, &m.game, m.actions.len(), &history, true);
}
