//! Phones as private hands. On the desktop, the pause menu's "Phones as hands" starts a small
//! server on the local network (see `net`) and shows its address, a QR code and a room code.
//! A person opens the page on a phone, gives the room code and asks for their seat; the TV
//! asks the room ("A phone asks for Bram's hand") and only after its yes does the phone show
//! that seat's cards, money and choices, its choices becoming the seat's moves; the TV then
//! keeps that hand face down and never asks to pass the screen for it.
//!
//! The phones are one more way into the online friends' room ([`come_buy_online::host`]): the
//! page speaks its protocol (hello, welcome, ask, back, act) over the WebSocket, and the same
//! [`Host`] keeps the seats, the questions to the TV, the tokens and every bound. A seat open to
//! a phone is a [`Plan::Hand`]; the payload a phone gets is built here from the seat's own view
//! (`view(Some(seat))`, its cards and money) and its own legal moves, never a world.
//!
//! A phone that drops keeps its seat and takes it back when it reconnects from the same
//! address: the token the TV gave with its yes never crosses the wire again, and coming back
//! the page proves it holds it for its connection's challenge
//! ([`come_buy_online::code::seat_proof`]), so a reconnection overheard on the Wi-Fi gives
//! nobody the seat. A proof from another address needs the TV's yes again (the phone's address
//! is its peer's [`PeerKey::place`]), and the TV's no sticks to the address a while. The TV's
//! Phones panel takes a hand back (the phone is told and closed, its token forgotten) and stops
//! the phones altogether.
//!
//! The logic below is the same on every platform (the browser build simply never starts a
//! server, so no seat is ever on a phone there).

#[cfg(not(target_arch = "wasm32"))]
pub mod art;
#[cfg(not(target_arch = "wasm32"))]
mod door;
mod hear;
mod messages;
#[cfg(not(target_arch = "wasm32"))]
pub mod net;
#[cfg(not(target_arch = "wasm32"))]
pub mod page;
pub mod panel;
mod serve;
pub use hear::*;
pub use messages::*;
use serve::Stamp;
pub use serve::{TableNow, phone_seats, serve_phones};

use crate::table_core::{Match, TableGame};
use crate::theme::SEAT_COLORS;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_online::code::PeerKey;
use come_buy_online::host::{Host, Plan};
use come_buy_text::{say, tr};
use serde_json::json;
use std::collections::HashMap;
use std::net::IpAddr;

/// One connection to a phone.
pub type Conn = u64;

/// The room code's letters: the online tables' ([`come_buy_online::code::LETTERS`]), no two
/// that a phone's keyboard or a tired eye mixes up.
pub use come_buy_online::code::LETTERS as ROOM_LETTERS;

/// How long an address the TV said no to must wait before asking again (seconds): the online
/// friends' rule too (the room's, [`come_buy_online::asking`]).
pub use come_buy_online::asking::SAID_NO_WAIT;

/// Who speaks in the phones' room: the TV itself (the host), or a phone's connection and the
/// address it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhonePeer {
    Tv,
    Phone(Conn, IpAddr),
}

impl PeerKey for PhonePeer {
    /// The names a proof is bound to: the TV's is [`PROOF_HOST`]; a phone's is empty, as its
    /// connection is its own (its challenge is drawn for it alone and never sent to another),
    /// so the page needs no name the server gave it.
    fn key(&self) -> String {
        match self {
            PhonePeer::Tv => PROOF_HOST.to_string(),
            PhonePeer::Phone(..) => String::new(),
        }
    }

    fn place(&self) -> Option<IpAddr> {
        match self {
            PhonePeer::Tv => None,
            PhonePeer::Phone(_, addr) => Some(*addr),
        }
    }
}

/// What the server hears from the phones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromPhone {
    /// A phone connected with the right room code, from this address.
    Opened(Conn, IpAddr),
    /// A phone said something (one of the room's messages).
    Said(Conn, String),
    /// A phone went away.
    Closed(Conn),
}

/// What the door of the phones' page has counted (the TV shows it).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DoorCounts {
    /// WebSockets refused for a wrong room code.
    pub wrong_codes: u32,
    /// Connections turned away: too many at once, a locked-out address, a foreign page.
    pub turned_away: u32,
    /// Addresses locked out now for guessing.
    pub locked: u32,
    /// Connections served (given a thread) since the start.
    pub admitted: u32,
    /// Connections not yet a phone (a page, a picture, a handshake) closed to make room for
    /// a newcomer from an address holding fewer (see `net::admit`).
    pub evicted: u32,
    /// Connections being served now.
    pub open: usize,
}

/// A phone asking for a seat, waiting for the TV's yes: a question in the room's one queue
/// (the online friends' too). Its name is the seat's (the TV asks with it); its mark, three
/// letters the phone shows and the TV shows beside the question: the room can see that the
/// phone asking is the one in their friend's hand.
pub type Claim = come_buy_online::host::Request<PhonePeer>;

/// Where the phones connect (shown on the TV).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    pub code: String,
    pub port: u16,
    /// The address the server listens on (the one the page is shown with).
    pub ip: IpAddr,
    /// The page's address on the local network, room code included.
    pub url: String,
}

impl Room {
    /// The code as the TV shows it: two groups of four, written as an online table's code.
    pub fn spaced_code(&self) -> String {
        come_buy_online::code::spaced(&self.code)
    }
}

/// The table's one room of remote seats, with the phones' way in as this module keeps it
/// (see [`crate::table_core::room`]).
pub type RemoteRoom = crate::table_core::room::RoomOf<Phones>;

impl RemoteRoom {
    /// Which seats are played from afar now, and by whom: a friend's seat of a match under
    /// way (or the seat of one who dropped; a bot sitting in is played here), and each seat a
    /// phone holds. The gate's one writer marks them (`crate::table::gate::Remote`).
    pub fn remotes(&self) -> crate::table_core::gate::Remotes {
        use crate::table_core::gate::{Remote, Remotes};
        use come_buy_online::msg::Holder;
        let friends = self
            .online
            .as_ref()
            .filter(|h| h.started)
            .map(|h| h.room.lines());
        friends
            .iter()
            .flat_map(|lines| lines.iter().enumerate())
            .filter_map(|(s, l)| match l.holder {
                Holder::Online { here, bot: false } => Some((
                    s,
                    if here {
                        Remote::Friend
                    } else {
                        Remote::Dropped
                    },
                )),
                _ => None,
            })
            .chain(self.phones.seats().map(|s| (s, Remote::Phone)))
            .fold(Remotes::default(), |marks, (s, r)| marks.with(s, r))
    }
}

/// The phones' way into the room of remote seats: its server on the local network, the
/// phones connected, and the rule layer of the seats they play.
#[derive(Default)]
pub struct Phones {
    pub room: Option<Room>,
    /// Why the server could not start, if it could not.
    pub failed: Option<String>,
    /// The room (the online friends' kind): its seats, the phones asking, the tokens. There
    /// while the server runs.
    host: Option<Host<PhonePeer>>,
    /// The game and each seat's plan the room was last given.
    key: Option<(&'static str, Vec<Plan>)>,
    /// What the messages were last built from (see [`Stamp`]).
    stamp: Option<Stamp>,
    /// Open connections, in the order they came, and their addresses.
    pub conns: Vec<Conn>,
    addrs: HashMap<Conn, IpAddr>,
    /// The last view each connection was sent (only changes are sent).
    last: HashMap<Conn, String>,
    /// A line for one connection, shown with its next view (why a move was refused).
    notes: HashMap<Conn, String>,
    /// What the door has counted.
    pub door: DoorCounts,
    /// Moves made from phones.
    pub moves: usize,
    /// Wakes the app when a phone says something: the app's one [`crate::pace::Wake`] (set
    /// once by the windowed app, whenever the server started).
    pub waker: Waker,
    #[cfg(not(target_arch = "wasm32"))]
    server: Option<net::Server>,
}

/// What wakes a sleeping app from another thread (a phone's message): set once, shared.
pub type Waker = crate::pace::Waker;

/// What a phone coming back sends for `seat` to prove it holds `token`, for its connection's
/// `challenge`: the online friends' seat proof ([`come_buy_online::code::seat_proof`]) between
/// the TV and a phone ([`PhonePeer::key`]). The page computes the same (`seatProof` in
/// `assets/phone/index.html`).
pub fn phone_proof(token: &str, challenge: &str, seat: Seat) -> String {
    let (tv, phone) = (PhonePeer::Tv.key(), String::new());
    come_buy_online::code::seat_proof(token, challenge, &tv, &phone, seat)
}

/// The TV's name in a proof (the page uses the same).
const PROOF_HOST: &str = "phones";

impl Phones {
    /// A move from connection `c` was refused: its next view says `why` (the same view is not
    /// sent twice, so it goes again).
    fn refused(&mut self, c: Conn, why: String) {
        self.notes.insert(c, why);
        self.last.remove(&c);
    }

    /// The seats the phones hold (the table's gate marks them, [`crate::table::gate::Remote`]).
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        let seats = self.key.as_ref().map_or(0, |(_, plans)| plans.len());
        (0..seats).filter(|&s| self.holds(s))
    }

    /// Is `seat` played from a phone (connected or away)?
    pub fn holds(&self, seat: Seat) -> bool {
        self.host.as_ref().is_some_and(|h| h.held(seat))
    }

    /// Whether `seat`'s phone is connected now (`None`: no phone holds it).
    pub fn phone_here(&self, seat: Seat) -> Option<bool> {
        let host = self.host.as_ref()?;
        host.held(seat).then(|| host.friend_here(seat))
    }

    /// The peer a connection is.
    fn peer(&self, conn: Conn) -> Option<PhonePeer> {
        Some(PhonePeer::Phone(conn, *self.addrs.get(&conn)?))
    }

    /// The seat a connection plays, if any.
    pub fn seat_of(&self, conn: Conn) -> Option<Seat> {
        self.host.as_ref()?.seat_of(self.peer(conn)?)
    }

    /// The phones asking for a seat, oldest first (the TV answers the first).
    pub fn claims(&self) -> &[Claim] {
        self.host.as_ref().map_or(&[], |h| h.asking())
    }

    /// The claim connection `conn` is waiting on, if any.
    pub fn claim_of(&self, conn: Conn) -> Option<&Claim> {
        let peer = self.peer(conn)?;
        self.claims().iter().find(|c| c.peer == peer)
    }

    /// Gives `seat` back to the TV for real: its phone is told and closed, and its token no
    /// longer takes the seat back (asking again needs the TV's yes).
    pub fn give_back(&mut self, seat: Seat) {
        if let Some(h) = &mut self.host {
            h.release(seat);
        }
        self.flush();
    }

    /// The TV's answer to the claim of `peer` for `seat` (the one the TV showed: if that phone
    /// is gone, the answer goes to nobody): yes gives the phone the seat and its token (a phone
    /// that had the seat is told and closed); no tells the phone, and its address waits
    /// [`SAID_NO_WAIT`] before it may ask again.
    pub fn answer(&mut self, (peer, seat): (PhonePeer, Seat), yes: bool, now: f64) {
        let Some(h) = &mut self.host else {
            return;
        };
        h.tick(now);
        let name = h
            .asking()
            .iter()
            .find(|c| (c.peer, c.seat) == (peer, seat))
            .map(|c| c.name.clone())
            .unwrap_or_default();
        match h.answer(peer, seat, yes) {
            Some(seat) => info!("phones: seat {seat} ({name}) plays on a phone"),
            None if yes => {}
            None => info!("phones: the TV refused a phone seat {seat} ({name})"),
        }
        self.flush();
    }

    /// Sends what the room has for the phones, and closes those it let go.
    fn flush(&mut self) {
        let Some(h) = &mut self.host else {
            return;
        };
        let out = h.take_out();
        let gone = h.take_gone();
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = &self.server {
            for (peer, bytes) in out {
                if let PhonePeer::Phone(conn, _) = peer {
                    s.send(conn, String::from_utf8_lossy(&bytes).into_owned());
                }
            }
            for peer in gone {
                if let PhonePeer::Phone(conn, _) = peer {
                    s.close(conn);
                }
            }
        }
        #[cfg(target_arch = "wasm32")]
        let _ = (out, gone);
    }

    /// Starts the server on this machine's local-network address if it is not running
    /// (desktop); the room's address, or why not.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn start(&mut self, port: Option<u16>) -> Result<&Room, String> {
        self.start_on(net::lan_address(), port)
    }

    /// Starts the server on address `ip` (tests: loopback), with a new room code.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn start_on(&mut self, ip: IpAddr, port: Option<u16>) -> Result<&Room, String> {
        if self.room.is_none() {
            let waker = self.waker.clone();
            let wake: Box<dyn Fn() + Send + Sync> = Box::new(move || {
                if let Some(w) = waker.get() {
                    w();
                }
            });
            // The code is drawn and written as an online table's, shorter (PHONE_CODE_LEN).
            let started = come_buy_online::code::new_code_of(come_buy_online::code::PHONE_CODE_LEN)
                .and_then(|code| {
                    let s = net::Server::start(code.clone(), ip, port, wake);
                    s.map(|s| (code, s)).map_err(|e| e.to_string())
                });
            match started {
                Ok((code, s)) => {
                    let host = match s.addr {
                        std::net::SocketAddr::V6(a) => format!("[{}]", a.ip()),
                        std::net::SocketAddr::V4(a) => a.ip().to_string(),
                    };
                    let url = format!("http://{host}:{}/?room={code}", s.addr.port());
                    info!("phones: serving {url}");
                    self.room = Some(Room {
                        code,
                        port: s.addr.port(),
                        ip: s.addr.ip(),
                        url,
                    });
                    self.server = Some(s);
                    self.failed = None;
                }
                Err(e) => {
                    warn!("phones: could not start: {e}");
                    self.failed = Some(e);
                }
            }
        }
        self.room
            .as_ref()
            .ok_or_else(|| self.failed.clone().unwrap_or_default())
    }

    /// The browser build has no server: phones join a desktop table.
    #[cfg(target_arch = "wasm32")]
    pub fn start(&mut self, _port: Option<u16>) -> Result<&Room, String> {
        Err(tr("phones-desktop-only"))
    }

    /// Stops the phones: the listener and every connection close, every hand is back on the
    /// TV, and the next start has a new room code.
    pub fn stop(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(mut s) = self.server.take() {
            s.stop();
            info!("phones: stopped");
        }
        self.room = None;
        self.host = None;
        self.key = None;
        self.conns.clear();
        self.addrs.clear();
        self.last.clear();
        self.notes.clear();
        self.stamp = None;
    }

    /// Whether the room has these seats of game `game` (built by
    /// [`crate::table_core::room_plans`] for the match on the table).
    fn planned(&self, game: &'static str, plans: &[Plan]) -> bool {
        self.key
            .as_ref()
            .is_some_and(|(g, held)| *g == game && held.as_slice() == plans)
    }

    /// This match's seats for the room: a new match gives it its new seats, a seat with the
    /// same plan keeping its phone.
    fn replan(&mut self, game: &'static str, plans: Vec<Plan>) {
        if let Some(h) = &mut self.host {
            h.replan(plans.clone());
        }
        self.key = Some((game, plans));
    }

    /// Opens the room for the seats of [`Phones::replan`] once the server runs.
    fn open_room(&mut self) {
        let (Some(room), None, Some((_, plans))) = (&self.room, &self.host, &self.key) else {
            return;
        };
        match Host::reopen(&room.code, PROOF_HOST, Vec::new(), plans.clone()) {
            Ok(mut h) => {
                h.set_me(PhonePeer::Tv);
                // The match is on the table: a hand's moves are heard at once.
                h.start("");
                self.host = Some(h);
            }
            Err(e) => warn!("phones: no room: {e}"),
        }
    }

    /// What the phones said since the last look, and the door's counts now.
    fn take_heard(&self) -> (Vec<FromPhone>, DoorCounts) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = &self.server {
            return (s.poll(), s.counts());
        }
        (Vec::new(), self.door)
    }

    /// Sends connection `conn` its view (`seat`'s if it holds one, else what the door shows
    /// it) if it changed since the last.
    fn send_view(&mut self, conn: Conn, seat: Option<(Seat, usize)>, view: serde_json::Value) {
        let text = view.to_string();
        if self.last.get(&conn) == Some(&text) {
            return;
        }
        let (Some(peer), Some(h)) = (self.peer(conn), &mut self.host) else {
            return;
        };
        if seat.is_none() && !h.at_door(peer) {
            // Not welcomed (yet, or again after being let go): nothing to show it.
            return;
        }
        match seat {
            Some((seat, step)) => h.send_seat_view(seat, step, &view),
            None => h.send_view(peer, &view),
        }
        self.last.insert(conn, text);
    }
}

/// The phones' room. The app adds the TV's panel (`panel::plugin`) and each game's systems
/// (`games::for_each` with [`Register`]): the phones come to the table, not the table to them.
pub fn plugin(app: &mut App) {
    // The phones wake the app through its one waker (pace::Wake), set once by the window.
    app.init_resource::<crate::pace::Wake>();
    let waker = app.world().resource::<crate::pace::Wake>().0.clone();
    app.insert_resource(RemoteRoom {
        phones: Phones { waker, ..default() },
        online: None,
    });
}

/// Registers a game's phone systems.
pub struct Register<'a>(pub &'a mut App);

impl crate::table_core::EachGame for Register<'_> {
    fn visit<G: TableGame>(&mut self) {
        register::<G>(self.0);
    }
}

/// The phones' systems for game `G`. The browser build
/// never serves phones, so it leaves them out (and the JSON they write with them).
pub fn register<G: TableGame>(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    let _ = app;
    // Before the gate's writers: the seats the phones hold this frame go into the gate with
    // the online room's (`crate::online`'s one writer of the remote seats).
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        Update,
        serve_phones::<G>
            .after(crate::state::MenuSet)
            .before(crate::table_core::gate::GateSet)
            .run_if(crate::table_core::playing::<G>),
    );
}
