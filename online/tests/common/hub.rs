//! A room over an in-memory network where every peer sees every other (as matchbox's full
//! mesh does); peer 0 hosts. A peer may be tapped (a thief's own doings on top of its table),
//! and the host's messages to one peer may be held back a few rounds (a slow host).

use super::{Ev, GuestTable, HostTable, Playable};
use std::collections::VecDeque;

/// A peer's own doings on top of its table: it sees every message the peer gets first, may
/// keep it from the table, and may send messages of its own.
pub trait Tap {
    /// `from` sent `bytes` to the tapped peer: whether its table gets it too. What the tap
    /// sends goes into `send`.
    fn heard(&mut self, from: u32, bytes: &[u8], send: &mut Vec<(u32, Vec<u8>)>) -> bool;
}

pub struct Hub<G: Playable> {
    pub host: HostTable<G, u32>,
    pub guests: Vec<GuestTable<G, u32>>,
    pub inbox: Vec<VecDeque<Ev<u32>>>,
    /// Every message delivered to each guest peer (for the leak check).
    pub delivered: Vec<Vec<Vec<u8>>>,
    /// The tapped peers.
    pub taps: Vec<(u32, Box<dyn Tap>)>,
    /// The host's messages to this peer arrive this many rounds late.
    pub lag: Option<(u32, usize)>,
    late: Vec<(usize, u32, Ev<u32>)>,
}

impl<G: Playable> Hub<G> {
    pub fn new(mut host: HostTable<G, u32>) -> Self {
        host.host.set_me(0);
        Hub {
            host,
            guests: Vec::new(),
            inbox: vec![VecDeque::new()],
            delivered: vec![Vec::new()],
            taps: Vec::new(),
            lag: None,
            late: Vec::new(),
        }
    }

    /// A guest joins the room under `code` (every peer there comes up for it, and it for them).
    pub fn join(&mut self, mut g: GuestTable<G, u32>) -> u32 {
        let id = self.inbox.len() as u32;
        g.guest.set_me(id);
        self.inbox.push(VecDeque::new());
        self.delivered.push(Vec::new());
        for other in 0..id {
            if other == 0 || self.guests.get(other as usize - 1).is_some() {
                self.inbox[other as usize].push_back(Ev::Up(id));
                self.inbox[id as usize].push_back(Ev::Up(other));
            }
        }
        self.guests.push(g);
        id
    }

    /// A guest's connection ends, and the host hears so.
    pub fn drop_guest(&mut self, id: u32) {
        self.inbox[0].push_back(Ev::Down(id));
        self.inbox[id as usize].clear();
    }

    pub fn route(&mut self, from: u32, out: Vec<(u32, Vec<u8>)>) {
        for (to, bytes) in out {
            if to != 0 {
                self.delivered[to as usize].push(bytes.clone());
            }
            match self.lag {
                Some((slow, rounds)) if from == 0 && to == slow => {
                    self.late.push((rounds, to, Ev::Data(from, bytes)))
                }
                _ => self.inbox[to as usize].push_back(Ev::Data(from, bytes)),
            }
        }
    }

    /// Delivers everything and lets every table move, `rounds` times; the peers in `dropped`
    /// neither hear nor say anything (their connection may still look up to the others).
    pub fn run(&mut self, rounds: usize, dropped: &[u32]) {
        for _ in 0..rounds {
            for (left, to, ev) in std::mem::take(&mut self.late) {
                if left <= 1 {
                    self.inbox[to as usize].push_back(ev);
                } else {
                    self.late.push((left - 1, to, ev));
                }
            }
            while let Some(ev) = self.inbox[0].pop_front() {
                self.host.event(ev, 0.0);
            }
            self.host.tick();
            let out = self.host.host.take_out();
            let out = out
                .into_iter()
                .filter(|(to, _)| !dropped.contains(to))
                .collect();
            self.route(0, out);
            for i in 0..self.guests.len() {
                let id = i as u32 + 1;
                if dropped.contains(&id) {
                    continue;
                }
                let mut sent = Vec::new();
                while let Some(ev) = self.inbox[id as usize].pop_front() {
                    let tap = self.taps.iter_mut().find(|(t, _)| *t == id);
                    if let (Some((_, tap)), Ev::Data(from, bytes)) = (tap, &ev)
                        && !tap.heard(*from, bytes, &mut sent)
                    {
                        continue;
                    }
                    self.guests[i].event(ev);
                }
                self.guests[i].tick();
                sent.extend(self.guests[i].guest.take_out());
                self.route(id, sent);
            }
        }
    }
}
