//! A friend's side of an online table. *Join a table* (the title; `--join CODE`; a page's
//! `?join=CODE`) takes a room's code, finds the host through the signaling server, offers the
//! seats the host left to friends, and waits for the host's yes. Then the friend plays on
//! their own animated table from their seat: the host's world for the seat is the match on
//! this table, its effects are animated as at home, and a move chosen here goes to the host
//! (the next state shows it). A dropped connection comes back to the same seat with its token.

use super::kept::{forget_seat, keep_seat, kept_seats};
use super::{Closing, OnlineAsk, reach};
use crate::games::{GameKind, install};
use crate::notice::Notices;
use crate::settings::Settings;
use crate::state::{Overlay, Screen};
use crate::table::{Match, Remote, SeatInfo, SeatKind, TableGame};
use bevy::prelude::*;
use come_buy_engine::text::Text;
use come_buy_online::guest::{Guest, GuestEvent, MAX_KEPT_EFFECTS, world_of};
use come_buy_online::link::{Link, LinkEvent, PeerId};
use come_buy_online::msg::{Holder, Why};
use come_buy_text::{say, tr};
use std::collections::VecDeque;

/// Seconds a friend waits for a host to answer before the code is called wrong.
pub const NO_HOST_AFTER: f64 = 20.0;

/// Where a friend's joining stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Looking for the host in the code's room.
    Looking,
    /// The host answered: choose a seat.
    Choosing,
    /// Asked for a seat: waiting for the host's yes.
    Asking,
    /// Seated: waiting for the host to start (or playing).
    Seated,
    /// No host answered: a wrong code, or the host is not there (yet).
    NoTable,
    /// The meeting server does not answer (no network, a wrong `--signal`, none configured).
    NoServer,
    /// The meeting server refused this page (its address is not allowed there).
    Refused,
    /// The host closed the room.
    Closed,
    /// The host's connection dropped (it may come back).
    Lost,
}

/// A friend's link to a room.
#[derive(Resource)]
pub struct OnlineGuest {
    pub room: Guest<PeerId>,
    link: Link,
    /// How the link reaches the meeting server, and what it wakes: kept to open it again.
    reach: come_buy_online::link::Reach,
    wake: come_buy_online::link::Wake,
    /// Opening the link again once the meeting server is gone (see [`super::Redial`]).
    pub(crate) redial: super::Redial,
    pub status: Status,
    /// The host's last refusal, in words.
    pub refused: Option<String>,
    /// States, the end and the goodbye, for the game's own system.
    events: VecDeque<GuestEvent>,
    pub(crate) since: f64,
    /// When our last move went to the host, while its answer is awaited (it goes again after
    /// [`RESEND_AFTER`]).
    pub(crate) act_at: Option<f64>,
}

impl OnlineGuest {
    /// Whether the host closed the table or dropped.
    pub fn host_gone(&self) -> bool {
        matches!(self.status, Status::Closed | Status::Lost)
    }

    /// Whether every state that arrived is on the table (none waits for the game's system).
    pub fn settled(&self) -> bool {
        self.events.is_empty()
    }
}

/// Seconds a friend's move waits for the host's answer before it goes again (a message lost
/// on the way; the host applies a move once).
pub(crate) const RESEND_AFTER: f64 = 3.0;

/// Join a table's form: the code being typed, and what went wrong.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct JoinForm {
    pub code: String,
    /// The name this friend plays under (None: the first person's name on New game, shown
    /// until it is changed here).
    pub name: Option<String>,
    pub error: Option<String>,
    /// Join is pressed for the player (a code given at launch).
    pub go: bool,
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        guest_play::<G>
            .after(guest_poll)
            .run_if(|g: Option<Res<OnlineGuest>>| g.is_some_and(|g| g.room.game == G::ID)),
    );
}

/// Opens a friend's link to room `code` (back to a kept seat of that room, if there is one).
pub(super) fn join(
    commands: &mut Commands,
    (code, name): (&str, &str),
    (signal, settings, dir): (&str, &Settings, &crate::save::SaveDir),
    (now, wake): (f64, &crate::pace::Wake),
) {
    info!("online: joining {code} at {signal}");
    let room = match kept_seats(dir).0.into_iter().find(|(c, ..)| c == code) {
        Some((_, seat, token)) => {
            info!("online: back to seat {seat} of {code}");
            Guest::back(code, name, seat, token)
        }
        None => Guest::new(code, name),
    };
    let (reach, wake) = (reach(signal, settings), wake.handle());
    commands.insert_resource(OnlineGuest {
        room,
        link: Link::open_waking(&reach, code, Some(wake.clone())),
        reach,
        wake,
        redial: super::Redial::default(),
        status: Status::Looking,
        refused: None,
        act_at: None,
        events: VecDeque::new(),
        since: now,
    });
}

/// `--join CODE` (or a page's `?join=CODE`): Join a table opens on the title with the code.
pub(crate) fn join_at_launch(
    mut ask: ResMut<OnlineAsk>,
    screen: Res<State<Screen>>,
    mut overlay: crate::state::Overlays,
    mut form: ResMut<JoinForm>,
    frames: Res<bevy::diagnostic::FrameCount>,
    blocked: Res<crate::state::OnlineBlocked>,
) {
    if frames.0 < 2 || *screen.get() != Screen::Title {
        return;
    }
    if let Some(code) = ask.join.take() {
        form.code = code;
        // Where online play cannot work no link is started: the panel says why (in a browser
        // without WebRTC matchbox panicked without RTCPeerConnection; a page with no meeting
        // server said "Looking for the table..." under the sentence saying it has none).
        let why = blocked.0;
        if let Some(why) = why {
            info!("online: no link started here: {why}");
        }
        form.error = why.map(tr);
        form.go = why.is_none();
        overlay.set(Overlay::Online);
    }
}

/// The friend's link at work: the host's words become the status, and the states wait for
/// the game's system.
pub(crate) fn guest_poll(
    mut og: ResMut<OnlineGuest>,
    time: Res<Time<Real>>,
    mut notices: ResMut<Notices>,
    dir: Res<crate::save::SaveDir>,
) {
    let og = &mut *og;
    let now = time.elapsed_secs_f64();
    // Our own id (the signaling server gives it before any peer comes up): our hellos wait
    // for it, and the proofs of our seat are bound to it.
    if og.link.refused() && matches!(og.status, Status::Looking | Status::NoServer) {
        warn!("online: the meeting server refused this page");
        og.status = Status::Refused;
    }
    if let Some(me) = og.link.me().filter(|p| !p.0.is_nil()) {
        og.room.set_me(me);
    }
    for e in og.link.poll() {
        let event = match e {
            LinkEvent::Up(p) => {
                og.room.peer_up(p);
                None
            }
            LinkEvent::Down(p) => og.room.peer_down(p),
            LinkEvent::Data(p, bytes) => og.room.heard(p, &bytes),
        };
        let Some(event) = event else {
            continue;
        };
        match &event {
            GuestEvent::Welcome => {
                info!("online: the host answered ({})", og.room.game);
                if GameKind::from_id(&og.room.game).is_none() {
                    og.refused = Some(tr(Why::Version.key()));
                    og.status = Status::NoTable;
                } else if og.room.seat.is_none() {
                    og.status = Status::Choosing;
                }
            }
            // The host has our ask; our mark (shown while we wait) is in `og.room.mark`.
            GuestEvent::Asking { .. } => og.status = Status::Asking,
            GuestEvent::Seated { seat, token } => {
                og.status = Status::Seated;
                keep_seat(&dir, &og.room.code, *seat, token);
            }
            GuestEvent::Refused(why) => {
                og.refused = Some(tr(why.key()));
                if og.status == Status::Asking {
                    og.status = Status::Choosing;
                }
                notices.show("online:refused", Text::new(why.key()), Some(5.0));
            }
            // The banner over the table says so, beside its Leave button (a notice over
            // everything covered that button and followed the friend to the title).
            GuestEvent::Closed => og.status = Status::Closed,
            GuestEvent::Lost => og.status = Status::Lost,
            GuestEvent::State { .. } => {
                og.status = Status::Seated;
                notices.clear("online");
            }
            // The match is over: its seat's token has nothing left to open.
            GuestEvent::Over { .. } => forget_seat(&dir, &og.room.code),
            GuestEvent::Seats => {}
        }
        og.events.push_back(event);
    }
    redial(og, &dir, now);
    if og.status == Status::Looking && super::server_missing(&mut og.link, og.since, now) {
        warn!("online: the meeting server does not answer");
        og.status = Status::NoServer;
    } else if og.status == Status::NoServer && og.link.reached() {
        // It answered after all: looking for the table again.
        og.status = Status::Looking;
        og.since = now;
    }
    if og.status == Status::Looking && now - og.since > NO_HOST_AFTER {
        og.status = Status::NoTable;
    }
    for (p, bytes) in og.room.take_out() {
        og.link.send(p, bytes);
    }
}

/// The meeting server gone for good (the link gave up, and the host's connection with it):
/// the link opens again by itself until the server answers, and the friend asks for their
/// seat again with its kept token, as after a drop (the host's answer puts the whole match
/// back on the table). Not after the host closed the table, nor for a code no table answered.
fn redial(og: &mut OnlineGuest, dir: &crate::save::SaveDir, now: f64) {
    if og.link.reached() && !og.link.closed() {
        og.redial.reached();
    }
    if matches!(
        og.status,
        Status::Closed | Status::NoTable | Status::Refused
    ) {
        return;
    }
    let gave_up = og.link.closed();
    if gave_up && og.redial.at.is_none() && og.status == Status::Seated {
        warn!("online: the meeting server is gone; trying again");
        og.status = Status::Lost;
    }
    if !og.redial.due(gave_up, now) {
        return;
    }
    let code = og.room.code.clone();
    let name = og.room.name.clone();
    info!("online: the meeting server: trying {code} again");
    og.room = match kept_seats(dir).0.into_iter().find(|(c, ..)| *c == code) {
        Some((_, seat, token)) => Guest::back(&code, &name, seat, token),
        None => Guest::new(&code, &name),
    };
    let link = Link::open_waking(&og.reach, &code, Some(og.wake.clone()));
    drop(std::mem::replace(&mut og.link, link));
    og.since = now;
    og.act_at = None;
    if og.status != Status::Lost {
        og.status = Status::Looking;
    }
}

/// The seats of a friend's table: their own (a person, here), everyone else decided elsewhere.
fn seats_of(og: &OnlineGuest, own: usize) -> Vec<SeatInfo> {
    og.room
        .seats
        .iter()
        .enumerate()
        .map(|(i, line)| {
            // The host names its bots by their level ("hard"): this table says the level in
            // its own words, and keeps it (its statistics count whom the friend met).
            let level = (line.holder == Holder::Bot)
                .then(|| super::bot_level(&line.name))
                .flatten();
            SeatInfo {
                // As the host names each seat (ours too: "Ana 2" where the host's person is
                // also Ana), so every table reads the same names.
                name: match level {
                    Some(l) => crate::screens::setup::bot_label(l),
                    None if line.name.trim().is_empty() => og.room.name.clone(),
                    None => line.name.clone(),
                },
                color: i,
                // Every seat but our own is decided at the host's table (its bots there too:
                // a friend's table runs no bots, see `crate::table::bots`).
                kind: match &line.holder {
                    _ if i == own => SeatKind::Person,
                    Holder::Bot => SeatKind::Bot(level.unwrap_or("normal").into()),
                    // A bot plays for a friend who dropped, as at the host's table.
                    Holder::Online { bot: true, .. } => SeatKind::Bot("normal".into()),
                    _ => SeatKind::Online,
                },
            }
        })
        .collect()
}

/// A friend's table for game `G`: each state from the host is the match here (the first one,
/// or a fresh one after a drop, puts it on the table); moves chosen here go to the host.
fn guest_play<G: TableGame>(
    mut commands: Commands,
    mut og: ResMut<OnlineGuest>,
    m: Option<ResMut<Match<G>>>,
    mut remote: Option<ResMut<Remote<G>>>,
    mut next: ResMut<NextState<Screen>>,
    (mut overlay, pace): (crate::state::Overlays, Res<crate::pace::Pace>),
) {
    let og = &mut *og;
    let mut m = m;
    while let Some(event) = og.events.pop_front() {
        match event {
            // The host refused our move: it did not happen, the person chooses again (waiting
            // for an answer that will not come would hold the table for ever).
            GuestEvent::Refused(_) => {
                if let Some(remote) = remote.as_deref_mut()
                    && remote.waiting
                {
                    remote.waiting = false;
                    og.room.drop_act();
                    og.act_at = None;
                }
            }
            GuestEvent::State {
                world,
                effects,
                fresh,
                step,
            } => {
                info!("online: step {step} here");
                let Some(own) = og.room.seat else { continue };
                let (world, effects) = match world_of::<G>(world, effects, og.room.seats.len()) {
                    Ok(w) => w,
                    Err(why) => {
                        warn!("online: a state refused: {}", why.key());
                        continue;
                    }
                };
                match (m.as_deref_mut(), remote.as_deref_mut()) {
                    // A table that would keep more than MAX_KEPT_EFFECTS effects (a host
                    // sending states without end) starts again from the latest world.
                    (Some(here), Some(remote))
                        if !fresh
                            && remote.history.len() + effects.len() <= MAX_KEPT_EFFECTS
                            && here.pending.len() + effects.len() <= MAX_KEPT_EFFECTS =>
                    {
                        remote.took(&effects);
                        here.take_state(world, effects);
                    }
                    _ => {
                        let side = Remote::<G>::new(effects.clone());
                        let mut new = Match::<G>::guest(
                            seats_of(og, own),
                            og.room.variants.clone(),
                            world,
                            effects,
                        );
                        new.restored = fresh;
                        install(&mut commands, new);
                        commands.insert_resource(side);
                        overlay.set(Overlay::None);
                        next.set(Screen::Table);
                        info!("online: seated at {} as seat {own}", og.room.code);
                        // The rest waits for the match to be on the table.
                        return;
                    }
                }
            }
            GuestEvent::Over { code } => {
                // The whole match (the host's seed and moves): the results' code and Watch
                // again work here as at the host's.
                if let (Some(here), Ok(record)) =
                    (m.as_deref_mut(), come_buy_engine::code::decode::<G>(&code))
                {
                    // The real end, every hand as it was (the worlds were the seat's).
                    match crate::save::restore::<G>(&record) {
                        Ok(real) => here.game = real.game,
                        Err(e) => warn!("online: the match code does not replay: {}", say(&e)),
                    }
                    here.setup.seed = record.seed;
                    here.acted_by = record.steps.iter().map(|s| s.seat).collect();
                    here.actions = record.steps.into_iter().map(|s| s.action).collect();
                    info!("online: the match is over: {code}");
                }
            }
            // Who holds each seat changed (a bot took a dropped friend's seat, or the friend
            // is back): the plaques follow.
            GuestEvent::Seats => {
                if let (Some(here), Some(own)) = (m.as_deref_mut(), og.room.seat) {
                    for (seat, info) in here.seats.iter_mut().zip(seats_of(og, own)) {
                        if seat.kind != info.kind {
                            seat.kind = info.kind;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(remote) = remote.as_deref_mut() {
        let now = pace.now;
        for action in remote.outbox.drain(..) {
            og.room.act(action);
            og.act_at = Some(now);
            // (The browser check times a move's way to the host by this line.)
            let step = m.as_deref().map_or(0, |m| m.actions.len());
            info!("online: our move at step {step} goes to the host");
        }
        if !remote.waiting {
            og.act_at = None;
        } else if og.act_at.is_some_and(|t| now - t > RESEND_AFTER) && og.room.resend_act() {
            info!("online: our move goes again (no answer yet)");
            og.act_at = Some(now);
        }
    }
    // Our words leave now: a table at rest draws no next frame to send them.
    for (p, bytes) in og.room.take_out() {
        og.link.send(p, bytes);
    }
}

/// Leaving a friend's table (or the join) lets the room go.
pub(crate) fn leave_room(mut commands: Commands) {
    let_go(&mut commands);
}

/// Lets a friend's room go: its link closes once its last words have left.
/// A table its host closed takes its code with it (Join a table starts empty again), and
/// nothing said about the room outlives it.
pub(super) fn let_go(commands: &mut Commands) {
    commands.queue(|world: &mut World| {
        if let Some(og) = world.remove_resource::<OnlineGuest>() {
            if og.status == Status::Closed
                && let Some(mut form) = world.get_resource_mut::<JoinForm>()
            {
                form.code.clear();
            }
            if let Some(mut notices) = world.get_resource_mut::<crate::notice::Notices>() {
                notices.clear("online");
                notices.clear("online:refused");
            }
            world.resource_mut::<Closing>().keep(og.link);
        }
    });
}

/// The seats a friend may ask for (the host left them open).
pub(super) fn open_seats(og: &OnlineGuest) -> Vec<usize> {
    og.room
        .seats
        .iter()
        .enumerate()
        .filter(|(_, l)| l.holder == Holder::Open)
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
impl OnlineGuest {
    /// A friend's side of `room` as `status` says, with `events` waiting, whose link leads
    /// nowhere (tests without a network).
    pub(crate) fn for_tests(room: Guest<PeerId>, status: Status, events: Vec<GuestEvent>) -> Self {
        let reach = reach("ws://127.0.0.1:9", &Settings::default());
        OnlineGuest {
            room,
            link: Link::open(&reach, "TESTCODE"),
            reach,
            wake: std::sync::Arc::new(|| {}),
            redial: super::Redial::default(),
            status,
            refused: None,
            events: events.into(),
            since: 0.0,
            act_at: None,
        }
    }
}

#[cfg(test)]
#[path = "guest_tests.rs"]
mod tests;
