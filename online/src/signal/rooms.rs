//! What the signaling server holds: the connections by address, the rooms and their peers.
//! Every place is given back by a guard ([`Ticket`], [`Member`]) however its connection ends,
//! and a room that empties is forgotten, its maps shrunk: the server holds what is open now,
//! nothing of what was.

use super::{Limits, Stats};
use crate::room::ROOM_PREFIX;
use matchbox_protocol::{PeerEvent, PeerId};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::mpsc::Sender;
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// One peer's way out: its connection's queue of text frames.
pub(super) type Outbox = Sender<Utf8Bytes>;

/// A room: its peers, in the order they came (never more than the limit).
#[derive(Default)]
struct Room {
    peers: Vec<(PeerId, Outbox)>,
}

#[derive(Default)]
struct Held {
    /// Connections open (from their accept to their close, WebSocket or not).
    connections: usize,
    /// Connections open by address ([`address_key`]); none at zero.
    by_address: HashMap<IpAddr, usize>,
    /// The open rooms by name; none empty.
    rooms: HashMap<String, Room>,
}

/// The server's state, shared by its connections (and [`super::Signal::stats`]).
pub(super) struct Shared {
    pub(super) limits: Limits,
    pub(super) allowed: Vec<String>,
    held: Mutex<Held>,
}

/// The key an address counts under: an IPv4 address itself (an IPv4-mapped IPv6 one too), an
/// IPv6 address by its /64 (one household or server has a whole /64 to draw from).
pub(super) fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// A map that emptied by three quarters gives the memory back.
fn shrink<K: std::hash::Hash + Eq, V>(map: &mut HashMap<K, V>) {
    if map.len() * 4 <= map.capacity() {
        map.shrink_to(map.len() * 2);
    }
}

/// The first 8 hex digits of a room's hashed name: what the log says of it.
fn short(room: &str) -> &str {
    let hash = room.strip_prefix(ROOM_PREFIX).unwrap_or(room);
    hash.get(..8).unwrap_or(hash)
}

/// What a peer sends another through the server: relayed as it came, never parsed.
pub(super) type Data = Box<serde_json::value::RawValue>;

/// A server event as matchbox's sockets read it (`{"NewPeer":"<uuid>"}`...).
pub(super) fn event(e: &PeerEvent<Data>) -> Utf8Bytes {
    serde_json::to_string(e).unwrap_or_default().into()
}

/// Sends each letter (to one peer, or `None`: to all of them). A peer whose queue is full (it
/// does not read) or gone is put out of the room, and the others hear that it left.
fn post(peers: &mut Vec<(PeerId, Outbox)>, mut letters: Vec<(Option<PeerId>, Utf8Bytes)>) {
    while let Some((to, text)) = letters.pop() {
        let mut gone = Vec::new();
        for (id, out) in peers.iter() {
            if to.is_none_or(|t| t == *id) && out.try_send(text.clone()).is_err() {
                gone.push(*id);
            }
        }
        for g in gone {
            peers.retain(|(id, _)| *id != g);
            letters.push((None, event(&PeerEvent::PeerLeft(g))));
        }
    }
}

impl Shared {
    pub(super) fn new(allowed: Vec<String>, limits: Limits) -> Shared {
        Shared {
            limits,
            allowed,
            held: Mutex::new(Held::default()),
        }
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        self.held.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn stats(&self) -> Stats {
        let held = self.held();
        let room_bytes: usize = held
            .rooms
            .iter()
            .map(|(name, r)| {
                name.capacity() + r.peers.capacity() * std::mem::size_of::<(PeerId, Outbox)>()
            })
            .sum();
        Stats {
            connections: held.connections,
            addresses: held.by_address.len(),
            rooms: held.rooms.len(),
            peers: held.rooms.values().map(|r| r.peers.len()).sum(),
            held_bytes: held.by_address.capacity() * std::mem::size_of::<(IpAddr, usize)>()
                + held.rooms.capacity() * std::mem::size_of::<(String, Room)>()
                + room_bytes,
        }
    }

    pub(super) fn room_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.held().rooms.keys().cloned().collect();
        names.sort();
        names
    }

    /// Whether `room` could take one more peer now (the answer to a WebSocket request; the
    /// join itself checks again).
    pub(super) fn has_place(&self, room: &str) -> bool {
        let held = self.held();
        match held.rooms.get(room) {
            Some(r) => r.peers.len() < self.limits.peers_per_room,
            None => held.rooms.len() < self.limits.rooms,
        }
    }

    /// Relays `data` from `from` to `to`, both in `room` (else nothing).
    pub(super) fn relay(&self, room: &str, from: PeerId, to: PeerId, data: Data) {
        let mut held = self.held();
        let Some(r) = held.rooms.get_mut(room) else {
            return;
        };
        if from == to || !r.peers.iter().any(|(id, _)| *id == from) {
            return;
        }
        // Only `to` can be put out here: the room keeps `from`.
        let text = event(&PeerEvent::Signal { sender: from, data });
        post(&mut r.peers, vec![(Some(to), text)]);
    }

    fn forget(held: &mut Held, room: &str) {
        if held.rooms.remove(room).is_some() {
            shrink(&mut held.rooms);
            tracing::info!("signal: room {} closed", short(room));
        }
    }
}

/// A connection's place on the server, from its accept to its close: given back when dropped.
pub(super) struct Ticket {
    shared: Arc<Shared>,
    key: IpAddr,
}

impl Ticket {
    /// A place for a connection from `ip`, if the server has one and the address has one left.
    pub(super) fn take(shared: &Arc<Shared>, ip: IpAddr) -> Option<Ticket> {
        let key = address_key(ip);
        let mut held = shared.held();
        let from_there = held.by_address.get(&key).copied().unwrap_or(0);
        if held.connections >= shared.limits.connections || from_there >= shared.limits.per_address
        {
            return None;
        }
        held.connections += 1;
        held.by_address.insert(key, from_there + 1);
        Some(Ticket {
            shared: shared.clone(),
            key,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut held = self.shared.held();
        held.connections = held.connections.saturating_sub(1);
        if let Some(n) = held.by_address.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                held.by_address.remove(&self.key);
                shrink(&mut held.by_address);
            }
        }
    }
}

/// A peer in a room: it leaves when dropped (the others hear it), and the room is forgotten
/// once empty.
pub(super) struct Member {
    shared: Arc<Shared>,
    pub(super) room: String,
    pub(super) id: PeerId,
}

impl Member {
    /// Puts the peer `id` in `room` (if the room, or the server for a new room, has a place):
    /// its id first in its own queue, then the news to the others.
    pub(super) fn join(
        shared: &Arc<Shared>,
        room: &str,
        id: PeerId,
        out: Outbox,
    ) -> Option<Member> {
        let mut held = shared.held();
        let is_new = !held.rooms.contains_key(room);
        let full = match held.rooms.get(room) {
            Some(r) => r.peers.len() >= shared.limits.peers_per_room,
            None => held.rooms.len() >= shared.limits.rooms || shared.limits.peers_per_room == 0,
        };
        if full || out.try_send(event(&PeerEvent::IdAssigned(id))).is_err() {
            return None;
        }
        let r = held.rooms.entry(room.to_string()).or_default();
        post(&mut r.peers, vec![(None, event(&PeerEvent::NewPeer(id)))]);
        r.peers.push((id, out));
        if is_new {
            tracing::info!("signal: room {} opened", short(room));
        }
        Some(Member {
            shared: shared.clone(),
            room: room.to_string(),
            id,
        })
    }
}

impl Drop for Member {
    fn drop(&mut self) {
        let mut held = self.shared.held();
        let Some(r) = held.rooms.get_mut(&self.room) else {
            return;
        };
        let before = r.peers.len();
        r.peers.retain(|(id, _)| *id != self.id);
        if r.peers.len() < before {
            post(
                &mut r.peers,
                vec![(None, event(&PeerEvent::PeerLeft(self.id)))],
            );
        }
        if r.peers.is_empty() {
            Shared::forget(&mut held, &self.room);
        }
    }
}
