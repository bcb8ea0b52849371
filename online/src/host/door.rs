//! The host's door: who comes in (and whose place a newcomer takes when the room is full), who
//! is let go for asking nothing, the welcome with its challenge, and a friend coming back
//! with the proof of their seat's token.

use super::{ASK_WITHIN, HELLO_WITHIN, Host, HostEvent, MAX_PEERS, PeerInfo};
use crate::code::{self, PeerKey};
use crate::msg::{self, ToGuest, Why};
use come_buy_engine::game::Seat;
use std::hash::Hash;

impl<P: Copy + Eq + Hash + std::fmt::Debug + PeerKey> Host<P> {
    /// Our own peer id, once the signaling server gave it (every proof is bound to it). Hellos
    /// heard before it are answered now.
    pub fn set_me(&mut self, me: P) {
        if self.me == Some(me) {
            return;
        }
        self.me = Some(me);
        let waiting: Vec<(P, super::HelloWait)> = self
            .peers
            .iter_mut()
            .filter_map(|(p, i)| i.hello_wait.take().map(|w| (*p, w)))
            .collect();
        for (p, (nonce, back, commit)) in waiting {
            self.hello(p, nonce, back, commit);
        }
    }

    /// A peer connected. When the room is full, it takes the place of the oldest peer holding
    /// no seat and asking for none; if there is none, it is not let in (not banned: a hello
    /// later, once a place is free, lets it in).
    pub fn peer_up(&mut self, peer: P, now: f64) {
        self.clock = self.clock.max(now);
        if self.banned.contains(&peer) || self.peers.contains_key(&peer) {
            return;
        }
        self.admit(peer, now);
    }

    /// Lets `peer` in (see [`Host::peer_up`]); whether it is in.
    pub(super) fn admit(&mut self, peer: P, now: f64) -> bool {
        if self.banned.contains(&peer) {
            return false;
        }
        if self.peers.len() >= MAX_PEERS {
            match self.oldest_idle() {
                Some(idle) => self.let_go(idle, Why::Idle, "its place taken by a newcomer"),
                None => {
                    self.note(format!("{peer:?}: too many peers"));
                    return false;
                }
            }
        }
        self.arrivals += 1;
        self.peers.insert(
            peer,
            PeerInfo {
                since: now,
                order: self.arrivals,
                hello: false,
                hello_wait: None,
                quiet_since: now,
                strikes: 0,
                seat: None,
                challenge: String::new(),
                nonce: String::new(),
                mark_part: String::new(),
                guest_commit: None,
            },
        );
        true
    }

    /// The peer who came first of those holding no seat and asking for none.
    fn oldest_idle(&self) -> Option<P> {
        self.peers
            .iter()
            .filter(|(p, i)| i.seat.is_none() && self.asking.of(**p).is_none())
            .min_by_key(|(_, i)| i.order)
            .map(|(p, _)| *p)
    }

    /// Forgets a peer (not banned), telling it `why` if it had said hello (`reason` is for the
    /// host's log). Let go for anything but asking nothing ([`Why::Idle`]: a new hello brings it
    /// back), the transport closes it too ([`Host::take_gone`]).
    pub(super) fn let_go(&mut self, peer: P, why: Why, reason: &str) {
        let Some(info) = self.peers.get(&peer) else {
            return;
        };
        if info.hello {
            let told: ToGuest<(), ()> = ToGuest::Refused { why };
            self.send(peer, &told);
        }
        self.note(format!("{peer:?}: let go, {reason}"));
        self.peers.remove(&peer);
        self.asking.withdraw(peer);
        if why != Why::Idle {
            self.gone.push(peer);
        }
    }

    /// A peer's connection ended; the seat it held waits for its token.
    pub fn peer_down<A>(&mut self, peer: P) -> Option<HostEvent<A>> {
        let info = self.peers.remove(&peer)?;
        self.asking.withdraw(peer);
        let seat = info.seat?;
        self.seats[seat].peer = None;
        self.send_seats();
        Some(HostEvent::Dropped { seat })
    }

    /// Every peer's connection ended at once (the link to the meeting server gave up, and the
    /// friends' connections went with it): each seat held waits for its token.
    pub fn all_down<A>(&mut self) -> Vec<HostEvent<A>> {
        let peers: Vec<P> = self.peers.keys().copied().collect();
        peers
            .into_iter()
            .filter_map(|p| self.peer_down(p))
            .collect()
    }

    /// When [`Host::tick`] next has something to do (a hello, a seat's question or an ask due): a
    /// table at rest wakes for it.
    pub fn next_tick(&self) -> Option<f64> {
        self.peers
            .iter()
            .filter_map(|(p, i)| {
                if !i.hello && i.hello_wait.is_none() {
                    Some(i.since + HELLO_WITHIN)
                } else if i.hello && i.seat.is_none() && self.asking.of(*p).is_none() {
                    Some(i.quiet_since + ASK_WITHIN)
                } else {
                    None
                }
            })
            .chain(self.asking.next_expiry(super::ASK_EXPIRES))
            .reduce(f64::min)
    }

    /// Peers that never said hello in time are no longer heard; those welcomed who hold no
    /// seat and have not asked for one within [`ASK_WITHIN`] are let go; asks left unanswered
    /// for [`super::ASK_EXPIRES`] are a no.
    pub fn tick(&mut self, now: f64) {
        self.clock = self.clock.max(now);
        self.expire_asks(self.clock);
        let late: Vec<P> = self
            .peers
            .iter()
            .filter(|(_, i)| !i.hello && i.hello_wait.is_none() && now - i.since > HELLO_WITHIN)
            .map(|(p, _)| *p)
            .collect();
        for p in late {
            self.note(format!("{p:?}: no hello"));
            self.peers.remove(&p);
            self.ban(p);
            self.gone.push(p);
        }
        let idle: Vec<P> = self
            .peers
            .iter()
            .filter(|(p, i)| {
                i.hello
                    && i.seat.is_none()
                    && self.asking.of(**p).is_none()
                    && now - i.quiet_since > ASK_WITHIN
            })
            .map(|(p, _)| *p)
            .collect();
        for p in idle {
            self.let_go(p, Why::Idle, "no seat asked for");
        }
    }

    /// A hello in order: the welcome, with a fresh challenge for this peer and, when it asks
    /// for a seat back, the proof that we hold that seat's token.
    pub(super) fn hello(
        &mut self,
        peer: P,
        nonce: String,
        back: Option<Seat>,
        commit: Option<String>,
    ) {
        let Some(me) = self.me else {
            self.peers.get_mut(&peer).expect("known peer").hello_wait = Some((nonce, back, commit));
            return;
        };
        let (Ok(challenge), Ok(mark_part)) = (code::new_token(), code::new_token()) else {
            self.note(format!("{peer:?}: no randomness for a challenge"));
            return;
        };
        let host_proof = back.and_then(|seat| {
            let token = self.seats.get(seat)?.token.as_deref()?;
            Some(code::host_proof(
                token,
                &nonce,
                &me.key(),
                &peer.key(),
                seat,
            ))
        });
        let clock = self.clock;
        let info = self.peers.get_mut(&peer).expect("known peer");
        if !info.hello {
            info.quiet_since = clock;
        }
        info.hello = true;
        info.challenge = challenge.clone();
        info.nonce = nonce;
        info.guest_commit = commit;
        let commit = code::commit(&mark_part);
        info.mark_part = mark_part;
        let welcome: ToGuest<(), ()> = ToGuest::Welcome {
            v: msg::VERSION,
            game: self.game.clone(),
            variants: self.variants.clone(),
            seats: self.lines(),
            started: self.started,
            challenge,
            host_proof,
            commit: Some(commit),
        };
        self.send(peer, &welcome);
    }

    /// A friend back on `seat` if `proof` proves its token for this peer's challenge, us and
    /// this peer: a proof made for another peer (relayed) or another challenge is refused.
    /// The seat's old connection, if the host still has it, is let go. A proof from another
    /// place than the one the host's yes was for ([`PeerKey::place`]: a phone's token from
    /// another address) asks the host again, as a first claim does.
    pub(super) fn back<A>(
        &mut self,
        peer: P,
        seat: Seat,
        proof: &str,
    ) -> Result<Option<HostEvent<A>>, Why> {
        let me = self.me.ok_or(Why::BadToken)?;
        let info = &self.peers[&peer];
        let s = self.seats.get(seat).ok_or(Why::BadToken)?;
        let token = s.token.as_deref().ok_or(Why::BadToken)?;
        let want = code::seat_proof(token, &info.challenge, &me.key(), &peer.key(), seat);
        if !code::same_secret(&want, proof) || info.seat.is_some() || info.challenge.is_empty() {
            return Err(Why::BadToken);
        }
        // A place the host said no to waits, even with a proof.
        if self.asking.waits(&super::whom_of(&peer), self.clock) {
            return Err(Why::Declined);
        }
        if s.place.is_some_and(|place| place.place() != peer.place()) {
            let name = s.name.clone();
            let info = self.peers.get_mut(&peer).expect("known peer");
            info.challenge.clear();
            // (A place is a phone's: its part of the mark is its hello's nonce.)
            let part = info.nonce.clone();
            return self.queue(peer, seat, name, &part);
        }
        if let Some(old) = s.peer.filter(|old| *old != peer) {
            // The same friend on a new connection: the old one is let go (not banned).
            self.note(format!(
                "{old:?}: let go, seat {seat} back on a new connection"
            ));
            self.peers.remove(&old);
            self.gone.push(old);
        }
        self.asking.withdraw(peer);
        let info = self.peers.get_mut(&peer).expect("known peer");
        info.seat = Some(seat);
        // A proof opens the seat once.
        info.challenge.clear();
        self.seats[seat].peer = Some(peer);
        self.seats[seat].place = Some(peer);
        let seated: ToGuest<(), ()> = ToGuest::Seated { seat, token: None };
        self.send(peer, &seated);
        self.send_seats();
        if let Some(code) = self.over.clone() {
            let over: ToGuest<(), ()> = ToGuest::Over { code };
            self.send(peer, &over);
        }
        Ok(Some(HostEvent::Back { seat }))
    }
}
