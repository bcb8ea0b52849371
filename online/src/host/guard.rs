//! What keeps one peer from holding the room: copies of an old move answered once a while per
//! step (a seated friend who floods them, or moves refused, is let go), asks for a seat that
//! expire unanswered, several askers waiting for one seat in turn, and a bound on the asks an
//! online room takes a minute. Every time here is the room's own clock ([`Host::tick`]).

use super::{Host, HostEvent};
use crate::asking::SAID_NO_WAIT;
use crate::code::PeerKey;
use crate::msg::{ToGuest, Why};
use come_buy_engine::game::Seat;
use std::hash::Hash;

/// Seconds before the room answers another copy of an old move for the same step (a friend's
/// table sends its move again every 3 s while the answer is long in coming: each is answered).
pub const COPY_AGAIN: f64 = 2.0;
/// Copies of old moves and refused moves a seated friend may send for one step of the match
/// beyond those answered: one more and its connection is let go (its token still brings it
/// back, on a new connection).
pub const MAX_FLOOD: u32 = 16;
/// Seconds an ask for a seat waits for the host's yes or no: then it is a no.
pub const ASK_EXPIRES: f64 = 120.0;
/// People who may wait for one seat at a time (the host sees each with their mark; a yes for
/// one sends the others away).
pub const ASKERS_PER_SEAT: usize = 3;
/// Asks an online room takes from friends (peers with no place, see [`PeerKey::place`]) in
/// [`ASK_WINDOW`] seconds: someone told no who keeps coming back under new peer ids waits.
pub const ASKS_PER_WINDOW: usize = 8;
pub const ASK_WINDOW: f64 = 60.0;

/// A seat's copies of old moves since the room last sent it a new step.
#[derive(Debug, Default)]
pub(super) struct Copies {
    /// The step of the last state sent to the seat.
    sent: Option<u32>,
    /// When a copy was last answered (for `sent`).
    answered: Option<f64>,
    /// Copies dropped and moves refused since `sent`.
    flood: u32,
}

impl Copies {
    /// The seat was sent the match at `step`: a new step starts the count again.
    pub(super) fn sent(&mut self, step: u32) {
        if self.sent.is_none_or(|s| step > s) {
            *self = Copies {
                sent: Some(step),
                ..Copies::default()
            };
        }
    }

    /// One of the seat's moves was refused.
    pub(super) fn refused(&mut self) {
        self.flood = self.flood.saturating_add(1);
    }
}

/// What the room does with a seated friend's move.
pub(super) enum Copy {
    /// The app judges it (a new move, or a copy answered now).
    Judge,
    /// A copy answered a moment ago: dropped.
    Drop,
    /// One too many: the friend is let go.
    Flood,
}

impl<P: std::marker::Copy + Eq + Hash + std::fmt::Debug + PeerKey> Host<P> {
    /// A seated friend's move chosen at `step`: a copy of an old one (the seat was sent a later
    /// step) is judged once per [`COPY_AGAIN`] seconds; beyond [`MAX_FLOOD`] dropped copies
    /// and refused moves for one step, the friend floods.
    pub(super) fn copy_check(&mut self, seat: Seat, step: u32) -> Copy {
        let clock = self.clock;
        let c = &mut self.seats[seat].copies;
        if c.flood > MAX_FLOOD {
            return Copy::Flood;
        }
        let old = c.sent.is_some_and(|s| step < s);
        if !old {
            return Copy::Judge;
        }
        if c.answered.is_none_or(|t| clock - t >= COPY_AGAIN) {
            c.answered = Some(clock);
            return Copy::Judge;
        }
        c.flood += 1;
        if c.flood > MAX_FLOOD {
            Copy::Flood
        } else {
            Copy::Drop
        }
    }

    /// A seated friend who flooded is let go and not heard again on this connection; the
    /// seat waits for its token as after a drop.
    pub(super) fn strike_seated<A>(&mut self, peer: P, seat: Seat) -> Option<HostEvent<A>> {
        self.note(format!("{peer:?}: let go, seat {seat} flooded the room"));
        let refused: ToGuest<(), ()> = ToGuest::Refused {
            why: Why::Malformed,
        };
        self.send(peer, &refused);
        self.peers.remove(&peer);
        self.ban(peer);
        self.gone.push(peer);
        self.seats[seat].peer = None;
        self.seats[seat].copies = Copies::default();
        self.send_seats();
        Some(HostEvent::Dropped { seat })
    }

    /// Whether the room takes another ask from `peer` now: a friend online (no place) finds
    /// at most [`ASKS_PER_WINDOW`] asks taken in the last [`ASK_WINDOW`] seconds.
    pub(super) fn ask_budget(&mut self, peer: &P) -> Result<(), Why> {
        if peer.place().is_some() {
            return Ok(());
        }
        let clock = self.clock;
        while self
            .recent_asks
            .front()
            .is_some_and(|t| clock - t >= ASK_WINDOW)
        {
            self.recent_asks.pop_front();
        }
        if self.recent_asks.len() >= ASKS_PER_WINDOW {
            return Err(Why::Busy);
        }
        Ok(())
    }

    /// An ask from `peer` was taken (it counts against [`ASKS_PER_WINDOW`]).
    pub(super) fn spent_ask(&mut self, peer: &P) {
        if peer.place().is_none() {
            self.recent_asks.push_back(self.clock);
        }
    }

    /// The host said yes to `peer` for `seat`: anyone else asking for it is told it is taken.
    pub(super) fn seat_given(&mut self, seat: Seat, peer: P) {
        for r in self.asking.others_for(seat, peer) {
            let taken: ToGuest<(), ()> = ToGuest::Refused { why: Why::Taken };
            self.send(r.peer, &taken);
            if let Some(info) = self.peers.get_mut(&r.peer) {
                info.quiet_since = self.clock;
            }
        }
    }

    /// Asks left unanswered for [`ASK_EXPIRES`] are a no (each asker told so, and waiting
    /// [`SAID_NO_WAIT`] before asking again).
    pub(super) fn expire_asks(&mut self, now: f64) {
        for r in self.asking.expire(now, ASK_EXPIRES) {
            self.note(format!("{:?}: its ask for seat {} expired", r.peer, r.seat));
            if let Some(info) = self.peers.get_mut(&r.peer) {
                info.quiet_since = now + SAID_NO_WAIT;
            }
            let no: ToGuest<(), ()> = ToGuest::Refused { why: Why::Declined };
            self.send(r.peer, &no);
        }
    }
}
