//! What the signaling server holds: the connections by address, the rooms and their peers.
//! Every place is given back by a guard ([`Ticket`], [`Member`]) however its connection ends,
//! and a room that empties is forgotten, its maps shrunk: the server holds what is open now,
//! nothing of what was.

use super::door::LogGate;
use super::queue::{self, Bounds, Inbox, Outbox, Over, Totals};
use super::{Limits, Stats};
use crate::room::ROOM_PREFIX;
use matchbox_protocol::{PeerEvent, PeerId};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio_tungstenite::tungstenite::Utf8Bytes;

/// A room: its peers, in the order they came (never more than the limit), and the bytes queued
/// for them all.
#[derive(Default)]
struct Room {
    peers: Vec<(PeerId, Outbox)>,
    queued: Arc<AtomicUsize>,
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
    /// The bytes queued for every connection.
    totals: Arc<Totals>,
    /// The lines about peers put out for their queues (a few a minute at most).
    put_out_log: LogGate,
    /// The lines about pages refused (a few a minute at most).
    pub(super) refused_log: LogGate,
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

/// Queues `text` for `out`, the peer `id` of `room`; the peers to put out for it (none if it
/// was queued). Over the room's bound, the peer of the room holding the most bytes queued goes:
/// the recipient itself, or another, and then the letter is queued past the room's bound.
fn offer(
    room: &Room,
    (id, out): (PeerId, &Outbox),
    text: &Utf8Bytes,
    bounds: Bounds,
) -> Vec<(PeerId, Over, usize)> {
    match out.offer(text.clone(), bounds) {
        Ok(()) => Vec::new(),
        Err(Over::Room(held)) => {
            let worst = room
                .peers
                .iter()
                .max_by_key(|(_, o)| o.queued())
                .filter(|(p, o)| *p != id && o.queued() > out.queued());
            let Some((p, o)) = worst else {
                return vec![(id, Over::Room(held), out.queued())];
            };
            let mut gone = vec![(*p, Over::Room(held), o.queued())];
            // Within its own bound and the server's, this peer gets its letter.
            let past_room = Bounds {
                room: usize::MAX,
                ..bounds
            };
            if let Err(over) = out.offer(text.clone(), past_room) {
                gone.push((id, over, out.queued()));
            }
            gone
        }
        Err(over) => vec![(id, over, out.queued())],
    }
}

impl Shared {
    /// Sends each letter (to one peer, or `None`: to all of them) in the room `name`. A peer
    /// whose queue is over a bound (it does not read) or gone is put out of the room (its
    /// connection closed), and the others hear that it left.
    fn post(&self, name: &str, r: &mut Room, mut letters: Vec<(Option<PeerId>, Utf8Bytes)>) {
        let bounds = self.bounds();
        while let Some((to, text)) = letters.pop() {
            let mut gone = Vec::new();
            for (id, out) in r.peers.iter() {
                if to.is_none_or(|t| t == *id) {
                    gone.extend(offer(r, (*id, out), &text, bounds));
                }
            }
            for (g, why, queued) in gone {
                let Some(at) = r.peers.iter().position(|(id, _)| *id == g) else {
                    continue;
                };
                let (_, out) = r.peers.remove(at);
                out.kick();
                self.log_put_out(name, why, queued);
                letters.push((None, event(&PeerEvent::PeerLeft(g))));
            }
        }
    }

    fn log_put_out(&self, room: &str, why: Over, queued: usize) {
        let l = &self.limits;
        let words = match why {
            Over::Gone => return,
            Over::Messages => format!("{} messages queued", queue::QUEUE),
            Over::Mine(_) => format!("its bound of {} bytes queued", l.queue_bytes),
            Over::Room(held) => {
                format!("the room's bound ({held} of {} bytes)", l.room_queue_bytes)
            }
            Over::Total(held) => {
                format!(
                    "the server's bound ({held} of {} bytes)",
                    l.total_queue_bytes
                )
            }
        };
        self.put_out_log.note(|more| {
            tracing::warn!(
                "signal: room {}: a peer that does not read put out ({queued} bytes queued for \
                 it; {words}){more}",
                short(room)
            );
        });
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            mine: self.limits.queue_bytes,
            room: self.limits.room_queue_bytes,
            total: self.limits.total_queue_bytes,
        }
    }

    pub(super) fn new(allowed: Vec<String>, limits: Limits) -> Shared {
        Shared {
            limits,
            allowed,
            held: Mutex::new(Held::default()),
            totals: Arc::new(Totals::default()),
            put_out_log: LogGate::new(),
            refused_log: LogGate::new(),
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
            queued_bytes: self.totals.now.load(Ordering::Relaxed),
            most_queued_bytes: self.totals.most.load(Ordering::Relaxed),
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
        let text = event(&PeerEvent::Signal { sender: from, data });
        self.post(room, r, vec![(Some(to), text)]);
    }

    fn forget(held: &mut Held, room: &str) {
        if held.rooms.remove(room).is_some() {
            shrink(&mut held.rooms);
            tracing::info!("signal: room {} closed", short(room));
        }
    }
}

/// A connection's place on the server, from its accept to its close: given back when dropped.
/// A trusted proxy's connection counts under no address until its request names the client's
/// ([`Ticket::place`]).
pub(super) struct Ticket {
    shared: Arc<Shared>,
    key: Option<IpAddr>,
}

impl Shared {
    /// Counts one more connection under `key` if it has a place left.
    fn count(&self, held: &mut Held, key: IpAddr) -> bool {
        let from_there = held.by_address.get(&key).copied().unwrap_or(0);
        if from_there >= self.limits.per_address {
            return false;
        }
        held.by_address.insert(key, from_there + 1);
        true
    }
}

impl Ticket {
    /// A place for a connection from `ip`, if the server has one and the address has one left
    /// (a trusted proxy's: the server alone).
    pub(super) fn take(shared: &Arc<Shared>, ip: IpAddr) -> Option<Ticket> {
        let mut held = shared.held();
        if held.connections >= shared.limits.connections {
            return None;
        }
        let key = if shared.limits.trust_proxy.trusts(ip) {
            None
        } else {
            let key = address_key(ip);
            if !shared.count(&mut held, key) {
                return None;
            }
            Some(key)
        };
        held.connections += 1;
        Some(Ticket {
            shared: shared.clone(),
            key,
        })
    }

    /// A trusted proxy's connection counted under the client's address, `forwarded` (the
    /// proxy's own if it named none): whether that address has a place left. Any other
    /// connection is counted already.
    pub(super) fn place(&mut self, forwarded: Option<IpAddr>, proxy: IpAddr) -> bool {
        if self.key.is_some() {
            return true;
        }
        let key = address_key(forwarded.unwrap_or(proxy));
        let mut held = self.shared.held();
        if !self.shared.count(&mut held, key) {
            return false;
        }
        self.key = Some(key);
        true
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut held = self.shared.held();
        held.connections = held.connections.saturating_sub(1);
        let Some(key) = self.key else {
            return;
        };
        if let Some(n) = held.by_address.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                held.by_address.remove(&key);
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
    /// its id first in its own queue, then the news to the others. Its queue's way out, for
    /// its session.
    pub(super) fn join(shared: &Arc<Shared>, room: &str, id: PeerId) -> Option<(Member, Inbox)> {
        let mut held = shared.held();
        let is_new = !held.rooms.contains_key(room);
        let full = match held.rooms.get(room) {
            Some(r) => r.peers.len() >= shared.limits.peers_per_room,
            None => held.rooms.len() >= shared.limits.rooms || shared.limits.peers_per_room == 0,
        };
        if full {
            return None;
        }
        let counted = held
            .rooms
            .get(room)
            .map(|r| r.queued.clone())
            .unwrap_or_default();
        let (out, inbox) = queue::channel(counted.clone(), shared.totals.clone());
        out.offer(event(&PeerEvent::IdAssigned(id)), shared.bounds())
            .ok()?;
        let r = held.rooms.entry(room.to_string()).or_insert_with(|| Room {
            peers: Vec::new(),
            queued: counted,
        });
        shared.post(room, r, vec![(None, event(&PeerEvent::NewPeer(id)))]);
        r.peers.push((id, out));
        if is_new {
            tracing::info!("signal: room {} opened", short(room));
        }
        let member = Member {
            shared: shared.clone(),
            room: room.to_string(),
            id,
        };
        Some((member, inbox))
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
            self.shared.post(
                &self.room,
                r,
                vec![(None, event(&PeerEvent::PeerLeft(self.id)))],
            );
        }
        if r.peers.is_empty() {
            Shared::forget(&mut held, &self.room);
        }
    }
}
