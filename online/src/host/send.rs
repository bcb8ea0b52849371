//! What the host sends: each friend's world and effects as their seat may know them, the end
//! of a match, the room closing, and the queue of bytes the app carries to the peers (with the
//! refusals and the notes the host keeps of them).

use super::{Host, MAX_BANNED, MAX_NOTES, MAX_STRIKES};
use crate::code::PeerKey;
use crate::msg::{self, ToGuest, Why};
use come_buy_engine::game::{Search, Seat};
use come_buy_engine::rng::Rng;
use serde::Serialize;
use std::hash::Hash;

impl<P: Copy + Eq + Hash + std::fmt::Debug + PeerKey> Host<P> {
    /// Sends every connected friend the match as their seat may know it after `step` moves,
    /// with `effects` (everything that happened since the last send) redacted for them.
    pub fn send_worlds<G>(&mut self, game: &G, step: usize, effects: &[G::Effect])
    where
        G: Search + Serialize,
        G::Effect: Serialize,
    {
        for seat in 0..self.seats.len() {
            self.send_world(seat, game, step, effects, false);
        }
    }

    /// Sends one friend the match as their seat may know it (`fresh`: they just arrived).
    pub fn send_world<G>(
        &mut self,
        seat: Seat,
        game: &G,
        step: usize,
        effects: &[G::Effect],
        fresh: bool,
    ) where
        G: Search + Serialize,
        G::Effect: Serialize,
    {
        let Some(peer) = self.seats.get(seat).and_then(|s| s.peer) else {
            return;
        };
        self.seats[seat].copies.sent(step as u32);
        let mut rng = Rng::derive(self.secret, (step as u64) << 8 | seat as u64);
        let world = game.determinize(seat, &mut rng);
        let mut effects: Vec<G::Effect> =
            effects.iter().map(|e| G::redact(e, Some(seat))).collect();
        // A whole match's history (a friend coming back) may not fit one message: its oldest
        // effects give way (the friend's table then shows the latest of it).
        loop {
            let state: ToGuest<G, G::Effect> = ToGuest::State {
                step: step as u32,
                seat,
                world: world.clone(),
                effects: effects.clone(),
                fresh,
            };
            let bytes = msg::encode(&state);
            if bytes.len() <= msg::MAX_BYTES || effects.is_empty() {
                self.counts.sent += 1;
                self.counts.sent_bytes += bytes.len() as u64;
                self.out.push((peer, bytes));
                return;
            }
            let cut = effects.len().div_ceil(4);
            self.note(format!(
                "seat {seat}: {cut} oldest effects left out of a long state"
            ));
            effects.drain(..cut);
        }
    }

    /// A friend's move was refused by the checks or the rules (nothing changed). It is no
    /// strike: a seated friend's stale or doubled clicks over a long match must not shut them
    /// out of their own seat; but more than [`MAX_FLOOD`] refused or dropped for one step of
    /// the match (a friend online's table sends one move and waits) let the friend go.
    pub fn refuse_seat(&mut self, seat: Seat, why: Why) {
        if let Some(peer) = self.seats.get(seat).and_then(|s| s.peer) {
            // (A friend online sends one move and waits: many refused is a flood. A phone's
            // taps are not counted.)
            if peer.place().is_none() {
                self.seats[seat].copies.refused();
            }
            self.counts.refused += 1;
            self.note(format!("{peer:?}: {}", why.key()));
            let refused: ToGuest<(), ()> = ToGuest::Refused { why };
            self.send(peer, &refused);
        }
    }

    /// The match is over: every friend gets its code.
    pub fn finish(&mut self, code: String) {
        self.over = Some(code.clone());
        let over: ToGuest<(), ()> = ToGuest::Over { code };
        for p in self.seated_peers() {
            self.send(p, &over);
        }
    }

    /// The host leaves: every peer is told.
    pub fn close(&mut self) {
        let closed: ToGuest<(), ()> = ToGuest::Closed;
        let peers: Vec<P> = self.peers.keys().copied().collect();
        for p in peers {
            self.send(p, &closed);
        }
    }

    /// What to send, to whom.
    pub fn take_out(&mut self) -> Vec<(P, Vec<u8>)> {
        std::mem::take(&mut self.out)
    }

    pub(super) fn seated_peers(&self) -> Vec<P> {
        self.seats.iter().filter_map(|s| s.peer).collect()
    }

    pub(super) fn send_seats(&mut self) {
        let seats: ToGuest<(), ()> = ToGuest::Seats {
            seats: self.lines(),
        };
        let peers: Vec<P> = self
            .peers
            .iter()
            .filter(|(_, i)| i.hello)
            .map(|(p, _)| *p)
            .collect();
        for p in peers {
            self.send(p, &seats);
        }
    }

    pub(super) fn send<T: Serialize>(&mut self, peer: P, m: &T) {
        let bytes = msg::encode(m);
        self.counts.sent += 1;
        self.counts.sent_bytes += bytes.len() as u64;
        self.out.push((peer, bytes));
    }

    /// Refuses what a peer said. A peer holding no seat is shut out after [`MAX_STRIKES`]; a
    /// seated friend never is (their seat would wait for a connection no longer heard, and
    /// their token brings them back under another id anyway).
    pub(super) fn refuse(&mut self, peer: P, why: Why) {
        self.counts.refused += 1;
        self.note(format!("{peer:?}: {}", why.key()));
        let Some(info) = self.peers.get_mut(&peer) else {
            return;
        };
        if info.seat.is_none() {
            info.strikes += 1;
        }
        if info.strikes > MAX_STRIKES {
            self.peers.remove(&peer);
            self.ban(peer);
            self.gone.push(peer);
            return;
        }
        let refused: ToGuest<(), ()> = ToGuest::Refused { why };
        self.send(peer, &refused);
    }

    pub(super) fn ban(&mut self, peer: P) {
        if self.banned.len() >= MAX_BANNED {
            self.banned.pop_front();
        }
        self.banned.push_back(peer);
    }

    pub(super) fn note(&mut self, line: String) {
        if self.notes.len() >= MAX_NOTES {
            self.notes.pop_front();
        }
        self.notes.push_back(line);
    }
}
