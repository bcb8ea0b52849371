//! The host's side of a room: who sits where, who waits at the door, and what each guest is
//! sent (`send`). The host runs the only real match; a guest gets a world it cannot tell from
//! the real one ([`come_buy_engine::game::Search::determinize`] from its seat) and the effects
//! redacted for its seat, so no message to a guest ever holds another seat's hidden card.
//!
//! Transport-free: the app (or a test) passes in what a peer said and sends what
//! [`Host::take_out`] returns, and tells the host its own peer id ([`Host::set_me`]): the
//! proofs are bound to it. Every count is bounded: peers, people asking, refusals per peer,
//! the time a peer may hold a place at the door without asking for a seat, the time an ask may
//! wait for the host's answer, the asks an online room takes a minute, and the copies of an
//! old move a seated friend may send (see `guard`).
//!
//! A seat's token goes to its friend once, with the host's yes. A friend coming back proves it
//! holds it for the challenge of the host's welcome, bound to both peers' ids (see
//! [`crate::code::seat_proof`]): another friend who holds the room's code and relays it gets a
//! refusal, never the seat.

use crate::asking::{Asking, Refused};
use crate::code::{self, PeerKey};
use crate::msg::{self, Holder, SeatLine, ToGuest, ToHost, Why};
use come_buy_engine::game::Seat;

use serde::de::DeserializeOwned;
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;

mod door;
mod guard;
mod seats;
mod send;

pub use guard::{ASK_EXPIRES, ASK_WINDOW, ASKERS_PER_SEAT, ASKS_PER_WINDOW, COPY_AGAIN, MAX_FLOOD};

/// Peers connected at once (guests and people at the door). When the room is full, a newcomer
/// takes the place of the oldest peer who holds no seat and asks for none.
pub const MAX_PEERS: usize = 16;
/// People waiting for the host's yes or no.
pub const MAX_ASKING: usize = 8;
/// Refused messages a peer may send before it is no longer heard.
pub const MAX_STRIKES: u32 = 8;
/// Seconds a new peer has to say hello.
pub const HELLO_WITHIN: f64 = 10.0;
/// Seconds a welcomed peer (or one told no) has to ask for a seat: one holding no seat and
/// asking for none is then let go (forgotten, not banned: a new hello brings it back in).
pub const ASK_WITHIN: f64 = 60.0;
/// Refusals kept for the host's log.
const MAX_NOTES: usize = 64;
/// Peers no longer heard, remembered (the oldest is forgotten first).
const MAX_BANNED: usize = 256;

/// Who a seat is for when the room opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// A person at the host's screen.
    Local(String),
    /// A bot (its name as the table shows it).
    Bot(String),
    /// A friend online, to be approved.
    Online,
    /// A person at the host's screen whose hand may be played from elsewhere (a phone), with
    /// the host's yes; the seat keeps its name whoever holds it.
    Hand(String),
}

#[derive(Debug)]
struct HostSeat<P> {
    name: String,
    plan: Plan,
    token: Option<String>,
    peer: Option<P>,
    /// A bot plays for the friend who holds this seat (they dropped, or the host chose so).
    stand_in: bool,
    /// The peer the host's yes was for (or who came back since): a proof from another place
    /// ([`PeerKey::place`]) asks the host again.
    place: Option<P>,
    /// Copies of old moves and refused moves since the seat's last new step.
    copies: guard::Copies,
}

impl<P> HostSeat<P> {
    fn new(plan: Plan) -> Self {
        HostSeat {
            name: match &plan {
                Plan::Local(n) | Plan::Bot(n) | Plan::Hand(n) => n.clone(),
                Plan::Online => String::new(),
            },
            plan,
            token: None,
            peer: None,
            stand_in: false,
            place: None,
            copies: guard::Copies::default(),
        }
    }
}

/// A hello waiting for the host's own id: its nonce, the seat it wants back, its commitment.
type HelloWait = (String, Option<Seat>, Option<String>);

#[derive(Debug)]
struct PeerInfo {
    since: f64,
    /// Its place in the order of arrival (the oldest idle peer is let go first).
    order: u64,
    hello: bool,
    /// A hello heard before the host knew its own id: its nonce, the seat it wants back and
    /// its commitment, answered by [`Host::set_me`].
    hello_wait: Option<HelloWait>,
    /// When it was welcomed (or told no): the start of its [`ASK_WITHIN`].
    quiet_since: f64,
    strikes: u32,
    seat: Option<Seat>,
    /// The host's challenge in its welcome (a `Back` proves the token for it), and the
    /// guest's nonce in its hello.
    challenge: String,
    nonce: String,
    /// The host's part of this peer's mark (its hash went with the welcome; it goes itself
    /// only with [`ToGuest::Asking`]), and the hash of the guest's part its hello carried.
    mark_part: String,
    guest_commit: Option<String>,
}

/// Someone at the door asking for a seat (the room's one queue, [`crate::asking`]). Its mark
/// is three letters from both sides' randomness, shown by the name (`Ana · KTR`); the asker's
/// table shows the same ones, so the friend can say them to the host.
pub type Request<P> = crate::asking::Request<P>;

/// Whom the host's no sticks to: the place a peer connects from when the room can tell
/// ([`PeerKey::place`]: a phone's address, so a new connection from there waits too), else
/// the peer.
type Whom<P> = (Option<std::net::IpAddr>, Option<P>);

fn whom<P: Copy + PeerKey>(r: &Request<P>) -> Whom<P> {
    whom_of(&r.peer)
}

fn whom_of<P: Copy + PeerKey>(peer: &P) -> Whom<P> {
    match peer.place() {
        Some(addr) => (Some(addr), None),
        None => (None, Some(*peer)),
    }
}

/// What happened that the host's table must know.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent<A> {
    /// Someone asks for a seat (see [`Host::asking`] and [`Host::answer`]).
    Asked {
        seat: Seat,
        name: String,
        mark: String,
    },
    /// A friend is back on their seat (send them the match with [`Host::send_world`]).
    Back { seat: Seat },
    /// A seated friend's connection dropped.
    Dropped { seat: Seat },
    /// A seated friend's move, to be checked with [`check_act`] and the rules.
    Act { seat: Seat, step: u32, action: A },
}

/// Messages and bytes each way (the closing figures).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub sent: u64,
    pub sent_bytes: u64,
    pub heard: u64,
    pub heard_bytes: u64,
    pub refused: u64,
}

/// A room's host.
#[derive(Debug)]
pub struct Host<P> {
    /// The room's code (without separators).
    pub code: String,
    game: String,
    variants: Vec<String>,
    secret: u64,
    seats: Vec<HostSeat<P>>,
    /// Our own peer id (the proofs are bound to it); hellos wait for it.
    me: Option<P>,
    peers: HashMap<P, PeerInfo>,
    /// Peers admitted so far (their order of arrival).
    arrivals: u64,
    /// The latest time the app gave (a peer's arrival or a tick).
    clock: f64,
    banned: VecDeque<P>,
    asking: Asking<P, Whom<P>>,
    /// When the room took each of the last asks from friends online ([`ASKS_PER_WINDOW`]).
    recent_asks: VecDeque<f64>,
    out: Vec<(P, Vec<u8>)>,
    /// Peers the room let go that may still be connected (the transport closes them).
    gone: Vec<P>,
    started: bool,
    over: Option<String>,
    pub counts: Counts,
    /// What was refused, and why (the host's log).
    pub notes: VecDeque<String>,
}

/// What the host does with a seated friend's move at engine step `steps`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Apply it.
    Apply,
    /// A copy of a move already applied (the friend sent it again, its answer lost or late):
    /// nothing happens but the friend's seat gets the state again, whole.
    Again,
    /// Refuse it, with this reason.
    Refuse(Why),
}

/// Judges a friend's move (see [`Verdict`]): a move for an earlier step is a copy of one the
/// host applied, never a new one.
pub fn judge_act(current: Option<Seat>, steps: usize, seat: Seat, step: u32) -> Verdict {
    match check_act(current, steps, seat, step) {
        Ok(()) => Verdict::Apply,
        Err(_) if (step as usize) < steps => Verdict::Again,
        Err(why) => Verdict::Refuse(why),
    }
}

/// Whether a move from `seat`, chosen at `step`, may go to the rules now.
pub fn check_act(current: Option<Seat>, steps: usize, seat: Seat, step: u32) -> Result<(), Why> {
    if current.is_none() {
        return Err(Why::NotPlaying);
    }
    if step as usize != steps {
        return Err(Why::Stale);
    }
    if current != Some(seat) {
        return Err(Why::NotYourTurn);
    }
    Ok(())
}

impl<P: Copy + Eq + Hash + std::fmt::Debug + PeerKey> Host<P> {
    /// A new room for `game` with these seats, under a fresh code.
    pub fn open(game: &str, variants: Vec<String>, plans: Vec<Plan>) -> Result<Self, String> {
        Self::reopen(&code::new_code()?, game, variants, plans)
    }

    /// A room under a known code (a saved online match, reopened).
    pub fn reopen(
        room: &str,
        game: &str,
        variants: Vec<String>,
        plans: Vec<Plan>,
    ) -> Result<Self, String> {
        let seats = plans.into_iter().map(HostSeat::new).collect();
        Ok(Host {
            code: room.to_string(),
            game: game.to_string(),
            variants,
            secret: code::new_secret()?,
            seats,
            me: None,
            peers: HashMap::new(),
            arrivals: 0,
            clock: 0.0,
            banned: VecDeque::new(),
            // A friend told no waits before asking again (each peer, or each place a phone
            // connects from: a new peer id, a new hello, is let in, and strikes bound the rest).
            asking: Asking::new(MAX_ASKING, whom).per_seat(ASKERS_PER_SEAT),
            recent_asks: VecDeque::new(),
            out: Vec::new(),
            gone: Vec::new(),
            started: false,
            over: None,
            counts: Counts::default(),
            notes: VecDeque::new(),
        })
    }

    /// The room with a known secret for the worlds it deals (tests compare what two rooms
    /// send; a real room keeps the random one it opened with).
    pub fn with_secret(mut self, secret: u64) -> Self {
        self.secret = secret;
        self
    }

    /// Every seat as the tables show it.
    pub fn lines(&self) -> Vec<SeatLine> {
        self.seats
            .iter()
            .map(|s| SeatLine {
                name: s.name.clone(),
                holder: match (&s.plan, &s.token) {
                    (Plan::Local(_), _) => Holder::Local,
                    (Plan::Bot(_), _) => Holder::Bot,
                    (Plan::Online | Plan::Hand(_), None) => Holder::Open,
                    (Plan::Online | Plan::Hand(_), Some(_)) => Holder::Online {
                        here: s.peer.is_some(),
                        bot: s.stand_in,
                    },
                },
            })
            .collect()
    }

    /// People waiting for a yes or no, oldest first.
    pub fn asking(&self) -> &[Request<P>] {
        self.asking.list()
    }

    /// Whether every seat has someone (a friend or a bot): the match may start.
    pub fn ready(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.plan != Plan::Online || s.token.is_some())
    }

    /// The seat is a friend's and a bot does not stand in: the table waits for their move.
    pub fn friend_plays(&self, seat: Seat) -> bool {
        self.seats
            .get(seat)
            .is_some_and(|s| s.plan == Plan::Online && !s.stand_in)
    }

    /// The seat is a friend's who is connected now.
    pub fn friend_here(&self, seat: Seat) -> bool {
        self.seats.get(seat).is_some_and(|s| s.peer.is_some())
    }

    /// The seats the match starts with, named: an open seat is filled by `bot` first.
    pub fn start(&mut self, bot: &str) {
        for s in &mut self.seats {
            if s.plan == Plan::Online && s.token.is_none() {
                s.plan = Plan::Bot(bot.to_string());
                s.name = bot.to_string();
            }
        }
        self.rename_clashes();
        self.started = true;
        self.send_seats();
    }

    /// A friend whose name another seat already has (two people called Ana) is told apart
    /// on every table: "Ana 2" (the host's own people keep theirs; names stay within
    /// [`msg::MAX_NAME`]).
    fn rename_clashes(&mut self) {
        let same = |a: &str, b: &str| a.trim().to_lowercase() == b.trim().to_lowercase();
        for i in 0..self.seats.len() {
            if !(self.seats[i].plan == Plan::Online && self.seats[i].token.is_some()) {
                continue;
            }
            let taken = |name: &str, seats: &[HostSeat<P>]| {
                seats
                    .iter()
                    .enumerate()
                    .any(|(j, s)| j != i && same(&s.name, name))
            };
            if !taken(&self.seats[i].name, &self.seats) {
                continue;
            }
            let base = self.seats[i].name.trim().to_string();
            for k in 2.. {
                let suffix = format!(" {k}");
                let keep = msg::MAX_NAME.saturating_sub(suffix.chars().count());
                let name: String = base.chars().take(keep).collect::<String>() + &suffix;
                if !taken(&name, &self.seats) {
                    self.seats[i].name = name;
                    break;
                }
            }
        }
    }

    /// A bot plays for a friend's seat (`yes`), or the friend again.
    pub fn stand_in(&mut self, seat: Seat, yes: bool) {
        if let Some(s) = self.seats.get_mut(seat)
            && s.plan == Plan::Online
        {
            s.stand_in = yes;
            self.send_seats();
        }
    }

    /// What a peer said: refused (and answered why) unless it is well-formed and in place. A
    /// peer let go (or never let in) is heard again only through a new hello.
    pub fn heard<A: DeserializeOwned>(&mut self, peer: P, bytes: &[u8]) -> Option<HostEvent<A>> {
        if !self.peers.contains_key(&peer) {
            let hello = matches!(msg::decode::<ToHost<A>>(bytes), Ok(ToHost::Hello { .. }));
            if !hello || !self.admit(peer, self.clock) {
                return None;
            }
        }
        self.counts.heard += 1;
        self.counts.heard_bytes += bytes.len() as u64;
        match msg::decode::<ToHost<A>>(bytes).and_then(|m| self.take(peer, m)) {
            Ok(event) => event,
            Err(why) => {
                self.refuse(peer, why);
                None
            }
        }
    }

    fn take<A>(&mut self, peer: P, m: ToHost<A>) -> Result<Option<HostEvent<A>>, Why> {
        let info = &self.peers[&peer];
        let hello = info.hello;
        let held = info.seat;
        match m {
            ToHost::Hello {
                v,
                room,
                nonce,
                back,
                commit,
            } => {
                if v != msg::VERSION {
                    return Err(Why::Version);
                }
                if !code::same_secret(&room, &self.code) {
                    return Err(Why::WrongRoom);
                }
                if !code::fair_random(&nonce) || commit.as_deref().is_some_and(|c| c.len() != 64) {
                    return Err(Why::Malformed);
                }
                self.hello(peer, nonce, back, commit);
                Ok(None)
            }
            _ if !hello => Err(Why::WrongRoom),
            ToHost::Ask { seat, name, reveal } => self.ask(peer, seat, &name, reveal.as_deref()),
            ToHost::Back { seat, proof } => self.back(peer, seat, &proof),
            ToHost::Act { step, action } => {
                let seat = held.ok_or(Why::NotSeated)?;
                if !self.started || self.over.is_some() {
                    return Err(Why::NotPlaying);
                }
                if self.seats[seat].stand_in {
                    return Err(Why::NotYourTurn);
                }
                match self.copy_check(seat, step) {
                    guard::Copy::Judge => Ok(Some(HostEvent::Act { seat, step, action })),
                    guard::Copy::Drop => Ok(None),
                    guard::Copy::Flood => Ok(self.strike_seated(peer, seat)),
                }
            }
        }
    }

    fn ask<A>(
        &mut self,
        peer: P,
        seat: Seat,
        name: &str,
        reveal: Option<&str>,
    ) -> Result<Option<HostEvent<A>>, Why> {
        let info = &self.peers[&peer];
        if info.seat.is_some() || self.asking.of(peer).is_some() {
            return Err(Why::Taken);
        }
        // The guest's part of its mark: the one its hello committed to, or (a phone's page,
        // which committed to none) its hello's nonce.
        let part = match (&info.guest_commit, reveal) {
            (Some(c), Some(r)) if code::opens(c, r) => r.to_string(),
            (None, None) => info.nonce.clone(),
            _ => return Err(Why::Malformed),
        };
        let s = self.seats.get(seat).ok_or(Why::NoSeat)?;
        let name = match &s.plan {
            Plan::Online => msg::clean_name(name)?,
            // A hand keeps its seat's name: the host is asked about that seat.
            Plan::Hand(n) => n.clone(),
            Plan::Local(_) | Plan::Bot(_) => return Err(Why::NoSeat),
        };
        if s.token.is_some() {
            return Err(Why::Taken);
        }
        self.queue(peer, seat, name, &part)
    }

    /// Puts `peer`'s question for `seat` to the host (its mark, of the host's part and the
    /// guest's `part`, shown by `name`); the host's part goes to the asker with it.
    pub(super) fn queue<A>(
        &mut self,
        peer: P,
        seat: Seat,
        name: String,
        part: &str,
    ) -> Result<Option<HostEvent<A>>, Why> {
        let info = &self.peers[&peer];
        let me = self.me.ok_or(Why::NotSeated)?;
        let mine = info.mark_part.clone();
        let mark = code::mark(&mine, part, &me.key(), &peer.key());
        self.ask_budget(&peer)?;
        self.asking
            .ask(
                Request {
                    peer,
                    seat,
                    name: name.clone(),
                    mark: mark.clone(),
                },
                self.clock,
            )
            .map_err(|r| match r {
                Refused::Full => Why::Busy,
                Refused::Asking => Why::Taken,
                // Someone else asked for it first: the host answers them first.
                Refused::SeatAsked => Why::Busy,
                // The host's no stands a while.
                Refused::SaidNo => Why::Declined,
            })?;
        self.spent_ask(&peer);
        let asking: ToGuest<(), ()> = ToGuest::Asking {
            seat,
            mark: mark.clone(),
            reveal: Some(mine),
        };
        self.send(peer, &asking);
        Ok(Some(HostEvent::Asked { seat, name, mark }))
    }
}

#[cfg(test)]
mod tests;
