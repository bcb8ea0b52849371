//! The table's one room of remote seats: the people who play a seat of this table from
//! elsewhere, on a phone at the sofa or as a friend far away, and the two ways they reach it.
//! The room ([`RoomOf`], one resource) holds each way's part: the phones on the local network
//! (always there, its server started from the pause menu and kept across matches) and the
//! online friends (while this table hosts a room, opened for one match from the title). Both
//! parts keep their seats, questions and tokens in the same rule layer
//! ([`come_buy_online::host::Host`]); what differs is the transport (a WebSocket server here,
//! a WebRTC link through a meeting server) and how long each lives. Both can be open at once.
//!
//! The phones' part is a type parameter only because its server lives above the table core
//! (`crate::phones`, whose `RemoteRoom` is this room); the online host's part is kept here.

use bevy::prelude::*;
use come_buy_online::host::Host;
use come_buy_online::link::{Link, PeerId};

/// The room of remote seats (see the module's words): `phones`, the phones' way in; `online`,
/// the online host's, while this table hosts a room.
#[derive(Resource)]
pub struct RoomOf<L> {
    pub phones: L,
    pub online: Option<OnlineHost>,
}

impl<L> RoomOf<L> {
    /// Whether this table hosts an online room now.
    pub fn hosting(&self) -> bool {
        self.online.is_some()
    }
}

/// The online host's way into the room: its rule layer for the friends' seats (`room`), its
/// link to the meeting server, and where its lobby stands (its systems: `crate::online::host`).
pub struct OnlineHost {
    pub room: Host<PeerId>,
    pub(crate) link: Link,
    /// How the link reaches the meeting server, and what it wakes: kept to open it again.
    pub(crate) reach: come_buy_online::link::Reach,
    pub(crate) wake: come_buy_online::link::Wake,
    /// Opening the link again once the meeting server is gone (see [`Redial`]).
    pub(crate) redial: Redial,
    /// The signaling server the room meets at (friends need the same).
    pub signal: String,
    /// Start was pressed: the match is under way.
    pub started: bool,
    /// Start was pressed this frame (the game's system puts the seats right).
    pub(crate) start_now: bool,
    /// The match code has gone out.
    pub(crate) finished: bool,
    /// When the room opened (the meeting server's first answer is awaited from then).
    pub(crate) since: f64,
    /// The meeting server answered once.
    pub(crate) reached: bool,
    /// The meeting server does not answer: the lobby says so.
    pub no_server: bool,
    /// The meeting server refused this page (its address is not allowed there), which the
    /// lobby tells apart from a server that does not answer.
    pub refused_page: bool,
    /// Start was pressed once with seats still open: the next press starts (bots take them).
    pub start_asked: bool,
    /// Close the table was pressed once (or Esc): the next press closes it for every friend.
    pub close_asked: bool,
}

/// A link whose meeting server is gone for good (it gave up trying) opens again by itself:
/// after 1 s, then 2, 4, 8 and every 15 s, until the server answers.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Redial {
    /// Links opened again since the server last answered.
    pub tries: u32,
    /// When the next one opens (set once the link gave up).
    pub at: Option<f64>,
}

/// The longest wait between two tries, in seconds.
const REDIAL_MOST: f64 = 15.0;

impl Redial {
    /// Whether to open the link again now: `closed` says the link gave up. The first call
    /// after it gave up sets the time; the call at or after it says yes.
    pub(crate) fn due(&mut self, closed: bool, now: f64) -> bool {
        if !closed {
            return false;
        }
        match self.at {
            None => {
                let wait = f64::from(1u32 << self.tries.min(4)).min(REDIAL_MOST);
                self.at = Some(now + wait);
                false
            }
            Some(at) if now >= at => {
                self.tries += 1;
                self.at = None;
                true
            }
            Some(_) => false,
        }
    }

    /// The server answered: the next loss starts again at 1 s.
    pub(crate) fn reached(&mut self) {
        *self = Redial::default();
    }
}
