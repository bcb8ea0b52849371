//! A guest's side of a room: find the host among the room's peers, ask for a seat, then take
//! the host's word for the match (a world for this seat and what it saw happen) and send
//! moves. Transport-free, like [`crate::host`].

use crate::code::PeerKey;
use crate::msg::{self, SeatLine, ToGuest, ToHost, Why};
use come_buy_engine::game::{Game, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::hash::Hash;

/// Peers a guest says hello to while looking for the host (the rest of a room are guests;
/// the in-process signaling server holds 64 connections).
pub const MAX_KNOCKS: usize = 64;

/// What the guest's table must know. The world and effects of a state stay JSON here (a
/// guest learns the room's game from the host's welcome); [`world_of`] reads them as the
/// game's own.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEvent {
    /// The host answered: the game, its variants and seats are known.
    Welcome,
    /// The seats changed.
    Seats,
    /// The host has our ask for `seat` and shows it with our `mark` (three letters worked out
    /// here, on our side of the link: the friend says them to the host, whose lobby shows the
    /// same ones by our name unless someone sits between us).
    Asking {
        seat: Seat,
        mark: String,
    },
    /// The host said yes (or took us back): this is our seat, and the token that brings us
    /// back to it.
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

/// A peer of the room we said hello to (or will, once we know our own id).
#[derive(Debug)]
struct Knock<P> {
    peer: P,
    /// The nonce of our hello to it (none yet: our id is not known).
    nonce: Option<String>,
    /// Its welcome did not prove our seat's token: not the host, never heard again.
    shunned: bool,
}

/// A guest.
///
/// Finding the host: the guest says hello to every peer of the room. Holding a seat's token
/// (coming back), it takes for the host only the peer whose welcome proves that it holds the
/// token too, for our hello's nonce and both peers' ids ([`crate::code::host_proof`]), then
/// proves the token back for the host's challenge ([`crate::code::seat_proof`]); the token
/// itself never leaves. A peer whose welcome does not prove it is ignored from then on.
///
/// Limitation: a guest without a token (joining for the first time) cannot tell the host
/// from another guest who answers first with a welcome of its own making; it takes the first
/// welcome. That guest learns no secret of anyone's seat from it, and its mark (three
/// letters, see [`GuestEvent::Asking`]) then differs from the one on the host's screen.
#[derive(Debug)]
pub struct Guest<P> {
    pub code: String,
    pub name: String,
    /// Our own peer id (hellos wait for it: the proofs are bound to it).
    me: Option<P>,
    host: Option<P>,
    knocked: Vec<Knock<P>>,
    /// The host's challenge in its welcome.
    challenge: String,
    /// The host let us go for asking nothing: our next ask says hello again first.
    let_go: bool,
    pub game: String,
    pub variants: Vec<String>,
    pub seats: Vec<SeatLine>,
    pub started: bool,
    /// Our seat, once the host said yes.
    pub seat: Option<Seat>,
    /// The key back to our seat.
    pub token: Option<String>,
    /// Our mark while we ask (see [`GuestEvent::Asking`]).
    pub mark: Option<String>,
    /// Moves in the match so far, as the host last said.
    pub step: u32,
    /// Our last move, until the host's next state: sent again if the host's answer is long in
    /// coming (a message lost on the way), see [`Guest::resend_act`].
    last_act: Option<Vec<u8>>,
    out: Vec<(P, Vec<u8>)>,
    /// Messages and bytes each way.
    pub counts: crate::host::Counts,
}

impl<P: Copy + Eq + Hash + std::fmt::Debug + PeerKey> Guest<P> {
    /// A guest knocking on room `code` under `name`.
    pub fn new(code: &str, name: &str) -> Self {
        Guest {
            code: code.to_string(),
            name: name.to_string(),
            me: None,
            host: None,
            knocked: Vec::new(),
            challenge: String::new(),
            let_go: false,
            game: String::new(),
            variants: Vec::new(),
            seats: Vec::new(),
            started: false,
            seat: None,
            token: None,
            mark: None,
            step: 0,
            last_act: None,
            out: Vec::new(),
            counts: Default::default(),
        }
    }

    /// A guest coming back to `seat` with its token (proved as soon as the host answers).
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

    /// Our own peer id, once the signaling server gave it: the hellos waiting for it leave.
    pub fn set_me(&mut self, me: P) {
        if self.me == Some(me) {
            return;
        }
        self.me = Some(me);
        let waiting: Vec<P> = self
            .knocked
            .iter()
            .filter(|k| k.nonce.is_none())
            .map(|k| k.peer)
            .collect();
        for p in waiting {
            self.hello(p);
        }
    }

    /// A peer in the room: it may be the host, so we say hello (once our id is known).
    pub fn peer_up(&mut self, peer: P) {
        if self.host.is_some()
            || self.knocked.len() >= MAX_KNOCKS
            || self.knocked.iter().any(|k| k.peer == peer)
        {
            return;
        }
        self.knocked.push(Knock {
            peer,
            nonce: None,
            shunned: false,
        });
        if self.me.is_some() {
            self.hello(peer);
        }
    }

    /// Says hello to `peer` with a fresh nonce, asking for our seat back if we hold a token.
    fn hello(&mut self, peer: P) {
        let Ok(nonce) = crate::code::new_token() else {
            return;
        };
        let Some(k) = self.knocked.iter_mut().find(|k| k.peer == peer) else {
            return;
        };
        k.nonce = Some(nonce.clone());
        let hello: ToHost<()> = ToHost::Hello {
            v: msg::VERSION,
            room: self.code.clone(),
            nonce,
            back: self.token.as_ref().and(self.seat),
        };
        self.send(peer, &hello);
    }

    /// A peer left; if it was the host, the table hears so.
    pub fn peer_down(&mut self, peer: P) -> Option<GuestEvent> {
        self.knocked.retain(|k| k.peer != peer);
        if self.host == Some(peer) {
            self.host = None;
            return Some(GuestEvent::Lost);
        }
        None
    }

    /// What a peer said. Only the host is heard.
    pub fn heard(&mut self, peer: P, bytes: &[u8]) -> Option<GuestEvent> {
        if self.host.is_some_and(|h| h != peer) {
            return None;
        }
        let knock = self.knocked.iter().find(|k| k.peer == peer)?;
        let nonce = knock.nonce.clone()?;
        if knock.shunned {
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
                challenge,
                host_proof,
            } => {
                if v != msg::VERSION {
                    return Some(GuestEvent::Refused(Why::Version));
                }
                if !crate::code::fair_random(&challenge)
                    || !self.proves_host(peer, &nonce, host_proof.as_deref())
                {
                    // Not the host (another guest answering for it, or passing its answer on).
                    self.counts.refused += 1;
                    if self.host.is_none()
                        && let Some(k) = self.knocked.iter_mut().find(|k| k.peer == peer)
                    {
                        k.shunned = true;
                    }
                    return None;
                }
                self.host = Some(peer);
                self.challenge = challenge;
                self.game = game;
                self.variants = variants;
                self.seats = seats;
                self.started = started;
                self.prove_seat(peer);
                GuestEvent::Welcome
            }
            ToGuest::Seats { seats } => {
                self.seats = seats;
                GuestEvent::Seats
            }
            ToGuest::Asking { seat, mark: _ } => {
                // Our own letters, not the host's word: a peer between us cannot make them
                // match the host's screen.
                let host = self.host?;
                let mark = crate::code::mark(&self.challenge, &nonce, &host.key(), &self.me?.key());
                self.mark = Some(mark.clone());
                GuestEvent::Asking { seat, mark }
            }
            ToGuest::Seated { seat, token } => {
                let Some(token) = token.or_else(|| self.token.clone()) else {
                    self.counts.refused += 1;
                    return Some(GuestEvent::Refused(Why::Malformed));
                };
                self.seat = Some(seat);
                self.token = Some(token.clone());
                self.mark = None;
                GuestEvent::Seated { seat, token }
            }
            ToGuest::Refused { why } => {
                if why == Why::Idle {
                    self.let_go = true;
                }
                GuestEvent::Refused(why)
            }
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
                self.last_act = None;
                GuestEvent::State {
                    step,
                    world,
                    effects,
                    fresh,
                }
            }
            // A phone page's look: an online friend's table draws its own.
            ToGuest::View { .. } => return None,
            ToGuest::Over { code } => GuestEvent::Over { code },
            ToGuest::Closed => {
                self.host = None;
                GuestEvent::Closed
            }
        })
    }

    /// Whether a welcome from `peer` to our hello with `nonce` may be the host's: always
    /// without a token (see the limitation on [`Guest`]); with one, only if `host_proof`
    /// proves it for our nonce, that peer and us.
    fn proves_host(&self, peer: P, nonce: &str, host_proof: Option<&str>) -> bool {
        let (Some(seat), Some(token)) = (self.seat, self.token.as_deref()) else {
            return true;
        };
        let (Some(me), Some(proof)) = (self.me, host_proof) else {
            return false;
        };
        let want = crate::code::host_proof(token, nonce, &peer.key(), &me.key(), seat);
        crate::code::same_secret(&want, proof)
    }

    /// Back to our seat: the proof of its token for the host's challenge (never the token).
    fn prove_seat(&mut self, host: P) {
        let (Some(seat), Some(token), Some(me)) = (self.seat, self.token.as_deref(), self.me)
        else {
            return;
        };
        let proof = crate::code::seat_proof(token, &self.challenge, &host.key(), &me.key(), seat);
        let back: ToHost<()> = ToHost::Back { seat, proof };
        self.send(host, &back);
    }

    /// Ask the host for a seat (saying hello again first if the host let us go).
    pub fn ask<A: Serialize>(&mut self, seat: Seat) {
        if let Some(host) = self.host {
            if std::mem::take(&mut self.let_go) {
                self.hello(host);
            }
            let ask: ToHost<A> = ToHost::Ask {
                seat,
                name: self.name.clone(),
            };
            self.send(host, &ask);
        }
    }

    /// Our move, as of the last state the host sent (kept until the host's next state, to be
    /// sent again if need be).
    pub fn act<A: Serialize>(&mut self, action: A) {
        let act = ToHost::Act {
            step: self.step,
            action,
        };
        let bytes = msg::encode(&act);
        self.last_act = Some(bytes.clone());
        if let Some(host) = self.host {
            self.push(host, bytes);
        }
    }

    /// Sends our last move again (the host's answer is long in coming: a message may have been
    /// lost). The host applies a move once: a copy of one it applied only brings its state
    /// again. Whether there was a move to send.
    pub fn resend_act(&mut self) -> bool {
        match (self.host, self.last_act.clone()) {
            (Some(host), Some(bytes)) => {
                self.push(host, bytes);
                true
            }
            _ => false,
        }
    }

    /// Forgets our last move (the host refused it: the person chooses again).
    pub fn drop_act(&mut self) {
        self.last_act = None;
    }

    /// What to send, to whom.
    pub fn take_out(&mut self) -> Vec<(P, Vec<u8>)> {
        std::mem::take(&mut self.out)
    }

    fn send<T: Serialize>(&mut self, peer: P, m: &T) {
        self.push(peer, msg::encode(m));
    }

    fn push(&mut self, peer: P, bytes: Vec<u8>) {
        self.counts.sent += 1;
        self.counts.sent_bytes += bytes.len() as u64;
        self.out.push((peer, bytes));
    }
}

/// A state's world and effects as game `G`'s, or `Malformed` (another game, a world whose
/// seats do not match the room's `players`, or one that does not hold together: see
/// [`Game::check`], whose reason the log may show).
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
    if world.players() != players || world.check().is_err() {
        return Err(Why::Malformed);
    }
    let effects = effects
        .into_iter()
        .map(serde_json::from_value)
        .collect::<Result<Vec<G::Effect>, _>>()
        .map_err(|_| Why::Malformed)?;
    Ok((world, effects))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code;

    const ROOM: &str = "ACDEFHJKMNPR";

    fn welcome(challenge: &str, host_proof: Option<String>) -> Vec<u8> {
        msg::encode(&ToGuest::<(), ()>::Welcome {
            v: msg::VERSION,
            game: "duchess".into(),
            variants: vec![],
            seats: vec![],
            started: true,
            challenge: challenge.into(),
            host_proof,
        })
    }

    /// The hellos `g` sent: to whom, with which nonce, asking which seat back.
    fn hellos(g: &mut Guest<u32>) -> Vec<(u32, String, Option<Seat>)> {
        g.take_out()
            .into_iter()
            .filter_map(|(p, b)| match msg::decode::<ToHost<()>>(&b) {
                Ok(ToHost::Hello { nonce, back, .. }) => Some((p, nonce, back)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn no_hello_before_our_own_id_then_one_to_each_peer() {
        let mut g = Guest::<u32>::new(ROOM, "Ana");
        g.peer_up(1);
        g.peer_up(2);
        assert!(g.take_out().is_empty());
        g.set_me(7);
        let said = hellos(&mut g);
        assert_eq!(said.len(), 2);
        assert_ne!(said[0].1, said[1].1, "a fresh nonce for each hello");
        assert!(
            said.iter()
                .all(|(_, n, back)| code::fair_random(n) && back.is_none())
        );
        g.peer_up(3);
        assert_eq!(hellos(&mut g).len(), 1);
    }

    #[test]
    fn coming_back_only_the_peer_that_proves_the_token_is_the_host() {
        let token = code::new_token().unwrap();
        let mut g = Guest::<u32>::back(ROOM, "Ana", 1, token.clone());
        g.set_me(9);
        for p in [1, 2, 3] {
            g.peer_up(p);
        }
        let said = hellos(&mut g);
        assert!(said.iter().all(|(_, _, back)| *back == Some(1)));
        let nonce = |p: u32| said.iter().find(|h| h.0 == p).unwrap().1.clone();
        let c = code::new_token().unwrap();
        // Peer 2 answers first, without a proof; peer 3 passes on a proof the host made for
        // itself (another nonce, another guest); neither is taken for the host.
        assert_eq!(g.heard(2, &welcome(&c, None)), None);
        let relayed = code::host_proof(&token, &nonce(3), "0", "3", 1);
        assert_eq!(g.heard(3, &welcome(&c, Some(relayed))), None);
        let for_other = code::host_proof(&token, &nonce(1), "1", "3", 1);
        assert_eq!(g.heard(3, &welcome(&c, Some(for_other))), None);
        assert!(!g.met());
        assert!(
            g.take_out().is_empty(),
            "nothing sent to a peer that is not the host"
        );
        // Shunned: even a right proof from peer 2 now is not heard.
        let right2 = code::host_proof(&token, &nonce(2), "2", "9", 1);
        assert_eq!(g.heard(2, &welcome(&c, Some(right2))), None);
        // The host proves it: met, and back with a proof of the token, never the token.
        let proof = code::host_proof(&token, &nonce(1), "1", "9", 1);
        assert_eq!(
            g.heard(1, &welcome(&c, Some(proof))),
            Some(GuestEvent::Welcome)
        );
        let out = g.take_out();
        assert_eq!(out.len(), 1);
        let (to, bytes) = &out[0];
        assert_eq!(*to, 1);
        assert!(!String::from_utf8_lossy(bytes).contains(&token));
        assert_eq!(
            msg::decode::<ToHost<()>>(bytes),
            Ok(ToHost::Back {
                seat: 1,
                proof: code::seat_proof(&token, &c, "1", "9", 1)
            })
        );
        let seated = msg::encode(&ToGuest::<(), ()>::Seated {
            seat: 1,
            token: None,
        });
        assert_eq!(
            g.heard(1, &seated),
            Some(GuestEvent::Seated { seat: 1, token })
        );
    }

    #[test]
    fn a_first_join_takes_the_first_welcome_and_shows_its_own_mark() {
        let mut g = Guest::<u32>::new(ROOM, "Ana");
        g.set_me(4);
        g.peer_up(1);
        let nonce = hellos(&mut g)[0].1.clone();
        let c = code::new_token().unwrap();
        assert_eq!(g.heard(1, &welcome(&c, None)), Some(GuestEvent::Welcome));
        g.ask::<()>(1);
        g.take_out();
        let asking = msg::encode(&ToGuest::<(), ()>::Asking {
            seat: 1,
            mark: "AAA".into(),
        });
        let mark = code::mark(&c, &nonce, "1", "4");
        assert_eq!(
            g.heard(1, &asking),
            Some(GuestEvent::Asking {
                seat: 1,
                mark: mark.clone()
            })
        );
        // Let go for asking nothing: the next ask says hello again first.
        let idle = msg::encode(&ToGuest::<(), ()>::Refused { why: Why::Idle });
        assert_eq!(g.heard(1, &idle), Some(GuestEvent::Refused(Why::Idle)));
        g.ask::<()>(1);
        let out: Vec<ToHost<()>> = g
            .take_out()
            .iter()
            .map(|(_, b)| msg::decode(b).unwrap())
            .collect();
        assert!(matches!(out[0], ToHost::Hello { .. }));
        assert!(matches!(out[1], ToHost::Ask { seat: 1, .. }));
    }

    /// Our move is kept until the host's next state and can go again, the same bytes (the
    /// host applies it once); a state, or a refusal dropped, leaves nothing to send again.
    #[test]
    fn a_move_is_kept_to_go_again_until_the_hosts_next_state() {
        let mut g = Guest::<u32>::new(ROOM, "Ana");
        g.set_me(4);
        g.peer_up(1);
        let _ = hellos(&mut g);
        let c = code::new_token().unwrap();
        assert_eq!(g.heard(1, &welcome(&c, None)), Some(GuestEvent::Welcome));
        g.take_out();
        assert!(!g.resend_act(), "no move yet");
        g.act(7u32);
        let first = g.take_out();
        assert_eq!(first.len(), 1);
        assert!(g.resend_act());
        assert_eq!(g.take_out(), first, "the same move again");
        g.seat = Some(1);
        let state = msg::encode(&ToGuest::<u32, u32>::State {
            step: 1,
            seat: 1,
            world: 0,
            effects: vec![],
            fresh: false,
        });
        assert!(matches!(g.heard(1, &state), Some(GuestEvent::State { .. })));
        assert!(!g.resend_act(), "answered: nothing to send again");
        g.act(8u32);
        g.drop_act();
        assert!(!g.resend_act(), "refused and dropped");
    }
}
