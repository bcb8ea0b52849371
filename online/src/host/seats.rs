//! The host's seats: its yes or no to someone asking, a seat taken back or moved to another
//! connection, a new match's seats, and what the host's app shows a seat or a peer at the door
//! besides the match itself (a phone's view).

use super::{Host, HostSeat, Plan};
use crate::code::{self, PeerKey};
use crate::msg::{ToGuest, Why};
use come_buy_engine::game::Seat;
use serde::Serialize;
use std::hash::Hash;

impl<P: Copy + Eq + Hash + std::fmt::Debug + PeerKey> Host<P> {
    /// The host's yes or no to `peer`, asking for `seat` (the person the host saw asking: if
    /// they left, the answer goes to nobody, never to whoever asks after them). Yes gives them
    /// the seat and its token; returns the seat (send them the match with
    /// [`Host::send_world`] if it started).
    pub fn answer(&mut self, peer: P, seat: Seat, yes: bool) -> Option<Seat> {
        let clock = self.clock;
        // Told no, the friend waits a while before asking again (`SAID_NO_WAIT`).
        let r = self.asking.decide((peer, seat), yes, clock)?;
        let info = self.peers.get_mut(&r.peer)?;
        if !yes {
            // Told no: once its wait is over, a new while to ask again (or to be let go).
            info.quiet_since = clock + crate::asking::SAID_NO_WAIT;
            self.refuse(r.peer, Why::Declined);
            return None;
        }
        let token = code::new_token().ok()?;
        info.seat = Some(r.seat);
        let s = &mut self.seats[r.seat];
        if s.plan == Plan::Online {
            s.name = r.name;
        }
        // A yes for a seat someone held (its token proved from another place): the new token
        // is the seat's only one, and the connection that had it is let go.
        let before = s.peer.filter(|old| *old != r.peer);
        s.token = Some(token.clone());
        s.peer = Some(r.peer);
        s.place = Some(r.peer);
        let seated: ToGuest<(), ()> = ToGuest::Seated {
            seat: r.seat,
            token: Some(token),
        };
        self.send(r.peer, &seated);
        if let Some(old) = before {
            self.let_go(old, Why::Moved, "its seat moved with the host's yes");
        }
        // Told apart at once (the lobby showed two "Ana"s until the match started).
        self.rename_clashes();
        self.seat_given(r.seat, r.peer);
        self.send_seats();
        Some(r.seat)
    }

    /// The host takes `seat` back from whoever holds it: its token opens it no more, and its
    /// connection (returned, if still here) is told and let go.
    pub fn release(&mut self, seat: Seat) -> Option<P> {
        let s = self.seats.get_mut(seat)?;
        s.token.take()?;
        s.place = None;
        s.stand_in = false;
        if s.plan == Plan::Online {
            s.name.clear();
        }
        let peer = s.peer.take();
        if let Some(p) = peer {
            self.let_go(p, Why::TakenBack, "the host took its seat back");
        }
        self.send_seats();
        peer
    }

    /// Another match on the host's table, with these seats: a seat whose plan is the same keeps
    /// whoever holds it (a rematch keeps its phones); the others are open again, their holders
    /// back at the door. Every question waiting is dropped (it was about the other match).
    pub fn replan(&mut self, plans: Vec<Plan>) {
        if self.seats.len() == plans.len()
            && self.seats.iter().zip(&plans).all(|(s, p)| s.plan == *p)
        {
            return;
        }
        let mut old: Vec<Option<HostSeat<P>>> = std::mem::take(&mut self.seats)
            .into_iter()
            .map(Some)
            .collect();
        self.seats = plans
            .into_iter()
            .enumerate()
            .map(|(i, plan)| match old.get_mut(i).and_then(Option::take) {
                Some(kept) if kept.plan == plan => kept,
                _ => HostSeat::new(plan),
            })
            .collect();
        let clock = self.clock;
        for (p, info) in &mut self.peers {
            let holds = info.seat.and_then(|seat| self.seats.get(seat)?.peer) == Some(*p);
            if info.seat.is_some() && !holds {
                info.seat = None;
                info.quiet_since = clock;
            }
        }
        self.asking.clear();
        self.send_seats();
    }

    /// Whether someone holds `seat` (its token was given), here or away.
    pub fn held(&self, seat: Seat) -> bool {
        self.seats.get(seat).is_some_and(|s| s.token.is_some())
    }

    /// The seat `peer` holds.
    pub fn seat_of(&self, peer: P) -> Option<Seat> {
        self.peers.get(&peer)?.seat
    }

    /// Whether `peer` has been welcomed and holds no seat (it is at the door).
    pub fn at_door(&self, peer: P) -> bool {
        self.peers
            .get(&peer)
            .is_some_and(|i| i.hello && i.seat.is_none())
    }

    /// Sends a peer at the door what the host's app shows it ([`ToGuest::View`]).
    pub fn send_view<V: Serialize>(&mut self, peer: P, view: &V) {
        if self.at_door(peer) {
            let view: ToGuest<&V, ()> = ToGuest::View { view };
            self.send(peer, &view);
        }
    }

    /// Sends `seat`'s holder the match as the host's app shows that seat (a phone's hand and
    /// choices), whole (`fresh`, no effects): a payload the app built from the seat's own
    /// view, not a world (compare [`Host::send_world`]).
    pub fn send_seat_view<V: Serialize>(&mut self, seat: Seat, step: usize, view: &V) {
        let Some(peer) = self.seats.get(seat).and_then(|s| s.peer) else {
            return;
        };
        self.seats[seat].copies.sent(step as u32);
        let state: ToGuest<&V, ()> = ToGuest::State {
            step: step as u32,
            seat,
            world: view,
            effects: Vec::new(),
            fresh: true,
        };
        self.send(peer, &state);
    }

    /// Peers the room shut out that the transport should close: their seat taken back or
    /// moved, no hello in time, too many refusals, or a seat back on a new connection. (A
    /// peer let go for asking nothing is not: a new hello brings it back.)
    pub fn take_gone(&mut self) -> Vec<P> {
        std::mem::take(&mut self.gone)
    }
}
