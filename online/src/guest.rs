//! A guest's side of a room: find the host among the room's peers, ask for a seat, then take
//! the host's word for the match (a world for this seat and what it saw happen) and send
//! moves. Transport-free, like [`crate::host`].

use crate::msg::{self, SeatLine, ToGuest, ToHost, Why};
use come_buy_engine::game::{Game, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::hash::Hash;

/// Peers a guest says hello to while looking for the host (the rest of a room are guests).
pub const MAX_KNOCKS: usize = 16;

/// What the guest's table must know. The world and effects of a state stay JSON here (a
/// guest learns the room's game from the host's welcome); [`world_of`] reads them as the
/// game's own.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent {
    /// The host answered: the game, its variants and seats are known.
    Welcome,
    /// The seats changed.
    Seats,
    /// The host said yes: this is our seat, and the token that brings us back to it.
    Seated {
        seat: Seat,
        token: String,
    },
    Refused(Why),
    /// The match as our seat knows it after `step` moves, and what we saw happen since.
    State {
        step: u32,
        world: Value,
        effects: Vec<Value>,
        fresh: bool,
    },
    /// The match is over; its code watches it again.
    Over {
        code: String,
    },
    /// The host closed the room.
    Closed,
    /// The host's connection dropped (it may come back under the same code).
    Lost,
}

/// A guest.
#[derive(Debug)]
pub struct Guest<P> {
    pub code: String,
    pub name: String,
    host: Option<P>,
    knocked: Vec<P>,
    pub game: String,
    pub variants: Vec<String>,
    pub seats: Vec<SeatLine>,
    pub started: bool,
    /// Our seat, once the host said yes.
    pub seat: Option<Seat>,
    /// The key back to our seat.
    pub token: Option<String>,
    /// Moves in the match so far, as the host last said.
    pub step: u32,
    out: Vec<(P, Vec<u8>)>,
    /// Messages and bytes each way.
    pub counts: crate::host::Counts,
}

impl<P: Copy + Eq + Hash + std::fmt::Debug> Guest<P> {
    /// A guest knocking on room `code` under `name`.
    pub fn new(code: &str, name: &str) -> Self {
        Guest {
            code: code.to_string(),
            name: name.to_string(),
            host: None,
            knocked: Vec::new(),
            game: String::new(),
            variants: Vec::new(),
            seats: Vec::new(),
            started: false,
            seat: None,
            token: None,
            step: 0,
            out: Vec::new(),
            counts: Default::default(),
        }
    }

    /// A guest coming back to `seat` with its token (asked for as soon as the host answers).
    pub fn back(code: &str, name: &str, seat: Seat, token: String) -> Self {
        let mut g = Self::new(code, name);
        g.seat = Some(seat);
        g.token = Some(token);
        g
    }

    /// Whether the host has answered.
    pub fn met(&self) -> bool {
        self.host.is_some()
    }

    /// A peer in the room: it may be the host, so we say hello.
    pub fn peer_up<A: Serialize>(&mut self, peer: P) {
        if self.host.is_some() || self.knocked.len() >= MAX_KNOCKS || self.knocked.contains(&peer) {
            return;
        }
        self.knocked.push(peer);
        let hello: ToHost<A> = ToHost::Hello {
            v: msg::VERSION,
            room: self.code.clone(),
        };
        self.send(peer, &hello);
    }

    /// A peer left; if it was the host, the table hears so.
    pub fn peer_down(&mut self, peer: P) -> Option<GuestEvent> {
        self.knocked.retain(|p| *p != peer);
        if self.host == Some(peer) {
            self.host = None;
            return Some(GuestEvent::Lost);
        }
        None
    }

    /// What a peer said. Only the host is heard.
    pub fn heard(&mut self, peer: P, bytes: &[u8]) -> Option<GuestEvent> {
        if self.host.is_some_and(|h| h != peer) || !self.knocked.contains(&peer) {
            return None;
        }
        self.counts.heard += 1;
        self.counts.heard_bytes += bytes.len() as u64;
        let m = match msg::decode::<ToGuest<Value, Value>>(bytes) {
            Ok(m) => m,
            Err(why) => {
                self.counts.refused += 1;
                return self.host.is_some().then_some(GuestEvent::Refused(why));
            }
        };
        if self.host.is_none() {
            let ToGuest::Welcome { .. } = m else {
                return None;
            };
        }
        Some(match m {
            ToGuest::Welcome {
                v,
                game,
                variants,
                seats,
                started,
            } => {
                if v != msg::VERSION {
                    return Some(GuestEvent::Refused(Why::Version));
                }
                self.host = Some(peer);
                self.game = game;
                self.variants = variants;
                self.seats = seats;
                self.started = started;
                if let (Some(seat), Some(token)) = (self.seat, self.token.clone()) {
                    let back: ToHost<()> = ToHost::Back { seat, token };
                    self.send(peer, &back);
                }
                GuestEvent::Welcome
            }
            ToGuest::Seats { seats } => {
                self.seats = seats;
                GuestEvent::Seats
            }
            ToGuest::Seated { seat, token } => {
                self.seat = Some(seat);
                self.token = Some(token.clone());
                GuestEvent::Seated { seat, token }
            }
            ToGuest::Refused { why } => GuestEvent::Refused(why),
            ToGuest::State {
                step,
                seat,
                world,
                effects,
                fresh,
            } => {
                if Some(seat) != self.seat {
                    self.counts.refused += 1;
                    return Some(GuestEvent::Refused(Why::Malformed));
                }
                self.started = true;
                self.step = step;
                GuestEvent::State {
                    step,
                    world,
                    effects,
                    fresh,
                }
            }
            ToGuest::Over { code } => GuestEvent::Over { code },
            ToGuest::Closed => {
                self.host = None;
                GuestEvent::Closed
            }
        })
    }

    /// Ask the host for a seat.
    pub fn ask<A: Serialize>(&mut self, seat: Seat) {
        if let Some(host) = self.host {
            let ask: ToHost<A> = ToHost::Ask {
                seat,
                name: self.name.clone(),
            };
            self.send(host, &ask);
        }
    }

    /// Our move, as of the last state the host sent.
    pub fn act<A: Serialize>(&mut self, action: A) {
        if let Some(host) = self.host {
            let act = ToHost::Act {
                step: self.step,
                action,
            };
            self.send(host, &act);
        }
    }

    /// What to send, to whom.
    pub fn take_out(&mut self) -> Vec<(P, Vec<u8>)> {
        std::mem::take(&mut self.out)
    }

    fn send<T: Serialize>(&mut self, peer: P, m: &T) {
        let bytes = msg::encode(m);
        self.counts.sent += 1;
        self.counts.sent_bytes += bytes.len() as u64;
        self.out.push((peer, bytes));
    }
}

/// A state's world and effects as game `G`'s, or `Malformed` (another game, or a world whose
/// seats do not match the room's `players`).
pub fn world_of<G>(
    world: Value,
    effects: Vec<Value>,
    players: usize,
) -> Result<(G, Vec<G::Effect>), Why>
where
    G: Game + DeserializeOwned,
    G::Effect: DeserializeOwned,
{
    let world: G = serde_json::from_value(world).map_err(|_| Why::Malformed)?;
    if world.players() != players {
        return Err(Why::Malformed);
    }
    let effects = effects
        .into_iter()
        .map(serde_json::from_value)
        .collect::<Result<Vec<G::Effect>, _>>()
        .map_err(|_| Why::Malformed)?;
    Ok((world, effects))
}
