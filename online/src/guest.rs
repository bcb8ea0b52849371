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
/// Effects a friend's table keeps (its history for a rebuilt table, and those waiting to be
/// shown): a host sends states without end, and the world in each is whole, so the oldest
/// effects beyond this many may go (a state's own are at most [`msg::MAX_BYTES`], a couple of
/// thousand).
pub const MAX_KEPT_EFFECTS: usize = 4096;

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
    /// Our part of our mark for this hello (its hash went with the hello; it goes itself
    /// with our ask), and the hash of the host's part its welcome carried: one welcome per
    /// hello, so the part it committed to can never be swapped once ours is out.
    part: String,
    host_commit: Option<String>,
}

/// A guest.
///
/// Finding the host: the guest says hello to every peer of the room. Holding a seat's token
/// (coming back), it takes for the host only the peer whose welcome proves that it holds the
/// token too, for our hello's nonce and both peers' ids ([`crate::code::host_proof`]), then
/// proves the token back for the host's challenge ([`crate::code::seat_proof`]); the token
/// itself never leaves. A peer whose welcome does not prove it is ignored from then on.
///
/// A guest without a token (joining for the first time) cannot tell the host from another
/// guest who answers first with a welcome of its own making; it takes the first welcome. That
/// guest learns no secret of anyone's seat from it, and its mark (three letters, see
/// [`GuestEvent::Asking`]) differs from the one on the host's screen but by a chance of 1 in
/// 4,096 it cannot better: our hello carries only the hash of our part of the mark
/// ([`crate::code::commit`]), shown with our ask, after the welcome fixed the answerer's part
/// (by its hash; one welcome per hello), and the host shows its part only to a peer whose ask
/// is on its screen. (Before, the answerer saw our part first and tried parts of its own until
/// the letters matched the host's: about 4,096 tries, a moment's work.)
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
            part: String::new(),
            host_commit: None,
        });
        if self.me.is_some() {
            self.hello(peer);
        }
    }

    /// Says hello to `peer` with a fresh nonce and a fresh part of our mark (committed to, not
    /// shown), asking for our seat back if we hold a token.
    fn hello(&mut self, peer: P) {
        let (Ok(nonce), Ok(part)) = (crate::code::new_token(), crate::code::new_token()) else {
            return;
        };
        let Some(k) = self.knocked.iter_mut().find(|k| k.peer == peer) else {
            return;
        };
        k.nonce = Some(nonce.clone());
        let commit = crate::code::commit(&part);
        k.part = part;
        k.host_commit = None;
        let hello: ToHost<()> = ToHost::Hello {
            v: msg::VERSION,
            room: self.code.clone(),
            nonce,
            back: self.token.as_ref().and(self.seat),
            commit: Some(commit),
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
        let (part, host_commit) = (knock.part.clone(), knock.host_commit.clone());
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
            w @ ToGuest::Welcome { .. } => {
                return self.welcomed(peer, &nonce, host_commit.is_some(), w);
            }
            ToGuest::Seats { seats } => {
                self.seats = seats;
                GuestEvent::Seats
            }
            ToGuest::Asking { seat, reveal, .. } => {
                return self.asking(seat, host_commit, reveal, &part);
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
            ToGuest::Over { code } => {
                // Another game's code, or one for another number of players, never reaches
                // the results.
                if !fits_room(&code, &self.game, self.seats.len()) {
                    self.counts.refused += 1;
                    return Some(GuestEvent::Refused(Why::Malformed));
                }
                GuestEvent::Over { code }
            }
            ToGuest::Closed => {
                self.host = None;
                GuestEvent::Closed
            }
        })
    }

    /// The host's welcome to our hello (`nonce`) from `peer`: taken only once per hello
    /// (`committed`: one came already), only from a peer that proves it is the host, and only
    /// with a commitment to its part of the seat mark.
    fn welcomed(
        &mut self,
        peer: P,
        nonce: &str,
        committed: bool,
        welcome: ToGuest<Value, Value>,
    ) -> Option<GuestEvent> {
        let ToGuest::Welcome {
            v,
            game,
            variants,
            seats,
            started,
            challenge,
            host_proof,
            commit,
        } = welcome
        else {
            return None;
        };
        if v != msg::VERSION {
            return Some(GuestEvent::Refused(Why::Version));
        }
        // One welcome per hello: a second could swap the part it committed to.
        if committed {
            self.counts.refused += 1;
            return None;
        }
        let Some(commit) = commit.filter(|c| c.len() == 64) else {
            self.counts.refused += 1;
            return None;
        };
        if !crate::code::fair_random(&challenge)
            || !self.proves_host(peer, nonce, host_proof.as_deref())
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
        if let Some(k) = self.knocked.iter_mut().find(|k| k.peer == peer) {
            k.host_commit = Some(commit);
        }
        self.challenge = challenge;
        self.game = game;
        self.variants = variants;
        self.seats = seats;
        self.started = started;
        self.prove_seat(peer);
        Some(GuestEvent::Welcome)
    }

    /// The host asks its person about our request for `seat`: the letters both screens show,
    /// made from the part the host committed to (`host_commit`) and revealed now, and ours (`part`).
    fn asking(
        &mut self,
        seat: Seat,
        host_commit: Option<String>,
        reveal: Option<String>,
        part: &str,
    ) -> Option<GuestEvent> {
        // Our own letters, not the host's word: of the part the host committed to before
        // it could see ours, and ours. A peer between us cannot make them match the host's
        // screen; a part that is not the one committed to shows nothing.
        let host = self.host?;
        let (Some(commit), Some(theirs)) = (host_commit, reveal) else {
            self.counts.refused += 1;
            return None;
        };
        if !crate::code::opens(&commit, &theirs) {
            self.counts.refused += 1;
            return None;
        }
        let mark = crate::code::mark(&theirs, part, &host.key(), &self.me?.key());
        self.mark = Some(mark.clone());
        Some(GuestEvent::Asking { seat, mark })
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
            let reveal = self
                .knocked
                .iter()
                .find(|k| k.peer == host)
                .map(|k| k.part.clone());
            let ask: ToHost<A> = ToHost::Ask {
                seat,
                name: self.name.clone(),
                reveal,
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
/// seats do not match the room's `players`, a world that does not hold together, see
/// [`Game::check`], or an effect that names what this world has not, a seat past the last, a
/// card not in play, a slot past the row: see [`Game::check_effect`]). The table is given
/// nothing until all of it passes.
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
    if effects.iter().any(|e| world.check_effect(e).is_err()) {
        return Err(Why::Malformed);
    }
    Ok((world, effects))
}

/// Whether a match code from the host (its `Over`) is one the table can show: a code of the
/// room's `game` for as many players as the room's seats, whose moves replay (see
/// [`come_buy_engine::code::decode_text`]). Any other would put a match of another size under
/// the table's results.
pub fn fits_room(code: &str, game: &str, seats: usize) -> bool {
    if come_buy_engine::code::game_of(code) != Ok(game) {
        return false;
    }
    let Ok(json) = come_buy_engine::code::decode_text(code, true) else {
        return false;
    };
    #[derive(serde::Deserialize)]
    struct Size {
        players: usize,
        #[serde(default)]
        seats: Vec<serde::de::IgnoredAny>,
    }
    serde_json::from_str::<Size>(&json)
        .is_ok_and(|s| s.players == seats && (s.seats.is_empty() || s.seats.len() == seats))
}

#[cfg(test)]
mod tests;
