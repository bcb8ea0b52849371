//! Phones as private hands. On the desktop, the pause menu's "Phones as hands" starts a small
//! server on the local network (see `net`) and shows its address, a QR code and a room code.
//! A person opens the page on a phone, gives the room code and asks for their seat; the TV
//! asks the room ("A phone asks for Bram's hand") and only after its yes does the phone show
//! that seat's cards, money and choices, its choices becoming the seat's moves; the TV then
//! keeps that hand face down and never asks to pass the screen for it.
//!
//! Only the seat's own view ever leaves the machine, and only to the phone the TV allowed:
//! everything a phone is sent is built from `view(Some(seat))` (its cards, its money) and the
//! seat's own legal moves. A phone that drops keeps its seat and takes it back when it
//! reconnects from the same address: the token it chose went to the TV once, with its first
//! claim, and coming back it proves it holds it for this connection's challenge (the online
//! friends' proof, [`come_buy_online::code::seat_proof`]), so a reconnection overheard on the
//! Wi-Fi gives nobody the token. The token itself sent again, a proof from another address, or
//! one from a second connection while the first is still there needs the TV's yes again. The TV's
//! Phones panel takes a hand back (the phone is closed and its token forgotten) and stops
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
pub use hear::*;
pub use messages::*;

use crate::state::{Overlay, Screen};
use crate::table::{Match, Presenter, TableGame};
use crate::theme::SEAT_COLORS;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_online::asking::{Asking, Refused};
use come_buy_text::{say, tr};
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;
use std::net::IpAddr;

/// One connection to a phone.
pub type Conn = u64;

/// The room code's letters: no two that a phone's keyboard or a tired eye mixes up.
pub const ROOM_LETTERS: &str = "ACDEFHJKMNPRTWXY";

/// Letters in a room code: 8 of 16 letters, 32 bits of chance.
pub const ROOM_CODE_LEN: usize = 8;

/// How long an address the TV said no to must wait before asking again (seconds): the online
/// friends' rule too (the queue's, [`come_buy_online::asking`]).
pub use come_buy_online::asking::SAID_NO_WAIT;

/// Claims waiting for the TV at once (more are refused until it has answered).
pub const MAX_CLAIMS: usize = 4;

/// What the server hears from the phones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromPhone {
    /// A phone connected with the right room code, from this address.
    Opened(Conn, IpAddr),
    /// A phone said something (a JSON object).
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
    /// Connections being served now.
    pub open: usize,
}

/// What a phone may say.
#[derive(Debug, Default, Deserialize)]
struct PhoneSays {
    /// Ask for this seat, with the phone's own token (a first claim: the TV decides)...
    join: Option<Seat>,
    token: Option<String>,
    /// ... or with the proof that it holds the seat's token, for this connection's challenge
    /// (a phone coming back: see [`phone_proof`]).
    proof: Option<String>,
    /// Choose option `act` of the decision at engine step `step`.
    act: Option<usize>,
    step: Option<usize>,
}

/// A seat played from a phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneSeat {
    pub seat: Seat,
    /// The phone's token: only it can take the seat back after dropping.
    pub token: String,
    /// Its open connection; `None` while the phone is away.
    pub conn: Option<Conn>,
    /// The address the TV said yes to: a phone back from it (with its proof) takes the seat
    /// again at once; the same token proved from another address asks the TV again.
    pub addr: IpAddr,
}

/// What a phone asking for a seat brings, kept until the TV answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneAsk {
    pub token: String,
    pub addr: IpAddr,
}

/// A phone asking for a seat, waiting for the TV's yes: a request in the room's one queue
/// ([`come_buy_online::asking`], the online friends' too). Its name is the seat's (the TV asks
/// with it); its mark, three letters the phone shows and the TV shows beside the question: the
/// room can see that the phone asking is the one in their friend's hand.
pub type Claim = come_buy_online::asking::Request<Conn, PhoneAsk>;

/// The phones asking, oldest first, at most [`MAX_CLAIMS`]; the TV's no sticks to the phone's
/// address (a new connection from there waits too).
#[derive(Debug, Clone)]
pub struct Claims(Asking<Conn, PhoneAsk, IpAddr>);

impl Default for Claims {
    fn default() -> Self {
        Claims(Asking::new(MAX_CLAIMS, |claim| claim.with.addr))
    }
}

impl std::ops::Deref for Claims {
    type Target = Asking<Conn, PhoneAsk, IpAddr>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Claims {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

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
    /// The code as the TV shows it: two groups of four.
    pub fn spaced_code(&self) -> String {
        let (a, b) = self.code.split_at(self.code.len() / 2);
        format!("{a} {b}")
    }
}

/// The phones and the seats they play.
#[derive(Resource, Default)]
pub struct Phones {
    pub room: Option<Room>,
    /// Why the server could not start, if it could not.
    pub failed: Option<String>,
    /// Seats played from phones in the match on the table (each allowed by the TV).
    pub seats: Vec<PhoneSeat>,
    /// Phones asking for a seat, oldest first (the TV answers the first).
    pub claims: Claims,
    /// The game and match seats these bindings belong to (names and kinds).
    key: Option<(&'static str, Vec<(String, bool)>)>,
    /// What the messages were last built from (see [`Stamp`]).
    stamp: Option<Stamp>,
    /// Open connections, in the order they came, and their addresses.
    pub conns: Vec<Conn>,
    addrs: HashMap<Conn, IpAddr>,
    /// Each connection's challenge (drawn when it opened, sent with the seats): a phone coming
    /// back proves its token for it.
    challenges: HashMap<Conn, String>,
    /// The last message each connection was sent (only changes are sent).
    last: HashMap<Conn, String>,
    /// A line for one connection, shown with its next message (why a move was refused).
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
/// `challenge`: the online friends' seat proof ([`come_buy_online::code::seat_proof`], one
/// scheme to audit), the host's key being the phones' door. The page computes the same
/// (`seatProof` in `assets/phone/index.html`).
pub fn phone_proof(token: &str, challenge: &str, seat: Seat) -> String {
    come_buy_online::code::seat_proof(token, challenge, PROOF_HOST, "", seat)
}

/// The phones' door as a proof's host key (the page uses the same).
const PROOF_HOST: &str = "phones";

/// A new connection's challenge: 128 random bits in hex.
fn new_challenge() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Whether a phone's token is one a page makes: 16 to 64 letters, digits, `-` or `_`.
pub fn token_ok(token: &str) -> bool {
    (16..=64).contains(&token.len())
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Phones {
    /// Is `seat` played from a phone (connected or away)?
    pub fn holds(&self, seat: Seat) -> bool {
        self.seats.iter().any(|p| p.seat == seat)
    }

    /// The seat a connection plays, if any.
    pub fn seat_of(&self, conn: Conn) -> Option<Seat> {
        self.seats
            .iter()
            .find(|p| p.conn == Some(conn))
            .map(|p| p.seat)
    }

    /// Gives `seat` back to the TV for real: its phone is told and closed, and its token no
    /// longer takes the seat back (asking again needs the TV's yes).
    pub fn give_back(&mut self, seat: Seat) {
        let conns: Vec<Conn> = self
            .seats
            .iter()
            .filter(|p| p.seat == seat)
            .filter_map(|p| p.conn)
            .collect();
        self.seats.retain(|p| p.seat != seat);
        for c in conns {
            self.bye(c, tr("phone-taken-back"));
        }
    }

    /// Tells connection `conn` why it ends, then closes it.
    fn bye(&mut self, conn: Conn, note: String) {
        let text = json!({"t": "bye", "note": note, "words": words()}).to_string();
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = &self.server {
            s.send(conn, text);
            s.close(conn);
        }
        #[cfg(target_arch = "wasm32")]
        let _ = text;
        self.claims.withdraw(conn);
        self.last.remove(&conn);
    }

    /// The TV's answer to phone `conn`'s claim for `seat` (the one the TV showed: if that phone
    /// is gone, the answer goes to nobody): yes gives the phone its seat (a phone that had the
    /// seat with the same token is closed); no closes the phone and its address waits
    /// [`SAID_NO_WAIT`] before it may ask again.
    pub fn answer(&mut self, (conn, seat): (Conn, Seat), yes: bool, now: f64) -> Option<Claim> {
        // Told no, the phone's address waits a while before it may ask again (the queue's rule).
        let claim = self.claims.decide((conn, seat), yes, now)?;
        if !self.conns.contains(&claim.peer) {
            return Some(claim);
        }
        if yes {
            let before: Vec<Conn> = self
                .seats
                .iter()
                .filter(|p| p.seat == claim.seat)
                .filter_map(|p| p.conn)
                .filter(|&c| c != claim.peer)
                .collect();
            for c in before {
                self.bye(c, tr("phone-moved"));
            }
            self.seats
                .retain(|p| p.seat != claim.seat && p.conn != Some(claim.peer));
            self.seats.push(PhoneSeat {
                seat: claim.seat,
                token: claim.with.token.clone(),
                conn: Some(claim.peer),
                addr: claim.with.addr,
            });
            info!(
                "phones: seat {} ({}) plays on a phone",
                claim.seat, claim.name
            );
        } else {
            self.bye(claim.peer, tr("phone-said-no"));
            info!(
                "phones: the TV refused a phone seat {} ({})",
                claim.seat, claim.name
            );
        }
        Some(claim)
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
            let code = room_code(rand::random());
            let waker = self.waker.clone();
            let wake: Box<dyn Fn() + Send + Sync> = Box::new(move || {
                if let Some(w) = waker.get() {
                    w();
                }
            });
            match net::Server::start(code.clone(), ip, port, wake) {
                Ok(s) => {
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
                    self.failed = Some(e.to_string());
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
        self.seats.clear();
        self.claims.clear();
        self.conns.clear();
        self.addrs.clear();
        self.challenges.clear();
        self.last.clear();
        self.notes.clear();
        self.stamp = None;
    }

    /// What the phones said since the last look, and the door's counts now.
    fn take_heard(&self) -> (Vec<FromPhone>, DoorCounts) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = &self.server {
            return (s.poll(), s.counts());
        }
        (Vec::new(), self.door)
    }

    fn send(&mut self, conn: Conn, text: String) {
        if self.last.get(&conn) == Some(&text) {
            return;
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = &self.server {
            s.send(conn, text.clone());
        }
        self.last.insert(conn, text);
    }

    /// The claim connection `conn` is waiting on, if any.
    pub fn claim_of(&self, conn: Conn) -> Option<&Claim> {
        self.claims.of(conn)
    }
}

/// A room code from a random number: [`ROOM_CODE_LEN`] letters of [`ROOM_LETTERS`].
pub fn room_code(mut n: u64) -> String {
    let letters: Vec<char> = ROOM_LETTERS.chars().collect();
    (0..ROOM_CODE_LEN)
        .map(|_| {
            let c = letters[(n % letters.len() as u64) as usize];
            n /= letters.len() as u64;
            c
        })
        .collect()
}

/// The phones' room. The app adds the TV's panel (`panel::plugin`) and each game's systems
/// (`games::for_each` with [`Register`]): the phones come to the table, not the table to them.
pub fn plugin(app: &mut App) {
    // The phones wake the app through its one waker (pace::Wake), set once by the window.
    app.init_resource::<crate::pace::Wake>();
    let waker = app.world().resource::<crate::pace::Wake>().0.clone();
    app.insert_resource(Phones { waker, ..default() });
}

/// Registers a game's phone systems.
pub struct Register<'a>(pub &'a mut App);

impl crate::table::EachGame for Register<'_> {
    fn visit<G: TableGame>(&mut self) {
        register::<G>(self.0);
    }
}

/// The phones' systems for game `G`. The browser build
/// never serves phones, so it leaves them out (and the JSON they write with them).
pub fn register<G: TableGame>(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    let _ = app;
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        Update,
        (serve_phones::<G>, tag_phone_seats::<G>, hold_gate)
            .chain()
            .after(crate::table::gate::GateSet)
            .before(crate::table::TableSet::Present)
            .run_if(crate::table::playing::<G>),
    );
}

/// The seats the phones hold go into the table's gate (its turn says a phone plays them).
#[cfg(not(target_arch = "wasm32"))]
fn hold_gate(phones: Res<Phones>, mut gate: ResMut<crate::table::gate::Gate>) {
    let seats = phone_bits(&phones);
    crate::table::gate::set_hold(&mut gate, |g| g.phone_seats = seats);
}

/// A person playing on a phone is named so on the table ("Ana  (phone)"), as bots are.
pub fn tag_phone_seats<G: TableGame>(
    phones: Res<Phones>,
    m: Res<Match<G>>,
    mut names: Query<(&crate::table::kit::SeatName, &mut Text2d)>,
) {
    for (seat, mut text) in &mut names {
        let Some(info) = m.seats.get(seat.0) else {
            continue;
        };
        if !info.is_person() {
            continue;
        }
        let want = if phones.holds(seat.0) {
            format!("{}  ({})", info.name, tr("table-phone"))
        } else {
            info.name.clone()
        };
        if text.0 != want {
            text.0 = want;
        }
    }
}

/// The seats a phone may take in this match: the people's seats of a game with hidden hands.
pub fn phone_seats<G: TableGame>(m: &Match<G>) -> Vec<Seat> {
    if !G::HIDDEN_HANDS {
        return Vec::new();
    }
    (0..m.seats.len())
        .filter(|&s| m.seats[s].is_person())
        .collect()
}

/// What the table needs to know about itself to speak to the phones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableNow {
    /// The table's turn through its gate (whose it is, who plays it, what holds it).
    pub turn: crate::table::gate::Turn,
    /// A menu is open on the TV: the table waits.
    pub paused: bool,
    /// A guided game's scripted part: its moves are the guide's, not a phone's.
    pub guided: bool,
}

/// The seats the phones hold, as the table's gate keeps them (bit `s` for seat `s`).
fn phone_bits(phones: &Phones) -> u64 {
    phones
        .seats
        .iter()
        .fold(0u64, |bits, p| bits | (1u64 << p.seat.min(63)))
}

/// Everything the phones' messages are built from besides what the phones said: while it stays
/// the same and no phone says anything, no message is built again.
#[derive(Debug, Clone, PartialEq)]
struct Stamp {
    /// With the turn's match and step.
    now: TableNow,
    language: &'static str,
    seats: Vec<PhoneSeat>,
    claims: Vec<Conn>,
    conns: Vec<Conn>,
}

/// Hears the phones (seats asked for, moves made, phones gone) and sends each phone its
/// seat's view when it changes.
pub fn serve_phones<G: TableGame>(
    (mut phones, mut offer, mut notices): (
        ResMut<Phones>,
        ResMut<panel::PhoneOffer>,
        ResMut<crate::notice::Notices>,
    ),
    mut m: ResMut<Match<G>>,
    (presenter, time): (Res<Presenter>, Res<Time>),
    overlay: Res<State<Overlay>>,
    screen: Res<State<Screen>>,
    gate: Res<crate::table::gate::Gate>,
    mut remote: Option<ResMut<crate::table::Remote<G>>>,
) {
    let clock = time.elapsed_secs_f64();
    // Another match (or another game) on the table: the seats a phone may take are offered
    // again, and the phones keep only the same seats.
    let same_match = phones.key.as_ref().is_some_and(|(game, seats)| {
        *game == G::NAME_KEY
            && seats.len() == m.seats.len()
            && seats
                .iter()
                .zip(&m.seats)
                .all(|((name, person), s)| *name == s.name && *person == s.is_person())
    });
    if !same_match {
        let allowed = phone_seats(&m);
        let offered = panel::PhoneOffer(
            allowed
                .iter()
                .map(|&s| (s, m.seats[s].name.clone(), m.seats[s].color))
                .collect(),
        );
        if *offer != offered {
            *offer = offered;
        }
        let key: Vec<(String, bool)> = m
            .seats
            .iter()
            .map(|s| (s.name.clone(), s.is_person()))
            .collect();
        let same: Vec<Seat> = phones.key.as_ref().map_or(Vec::new(), |(_, k)| {
            (0..key.len())
                .filter(|&s| k.get(s) == Some(&key[s]))
                .collect()
        });
        phones
            .seats
            .retain(|p| allowed.contains(&p.seat) && same.contains(&p.seat));
        phones.claims.clear();
        phones.key = Some((G::NAME_KEY, key));
    }
    if phones.room.is_none() && phones.seats.is_empty() {
        return;
    }
    if gate.replay && !(phones.seats.is_empty() && phones.claims.is_empty()) {
        phones.seats.clear();
        phones.claims.clear();
    }
    // The turn as the gate reads it, with the seats the phones hold now (the gate hears of a
    // seat taken this frame after this system).
    let held = crate::table::gate::Gate {
        phone_seats: phone_bits(&phones),
        ..*gate
    };
    let now = TableNow {
        turn: crate::table::gate::Turn::read(&m, &presenter, &held),
        paused: *overlay != Overlay::None || *screen.get() != Screen::Table,
        guided: gate.guided,
    };
    let wrong_before = phones.door.wrong_codes;
    // Only a change marks the phones changed (the undo and others look at that).
    let (heard, door) = phones.take_heard();
    if door != phones.door {
        phones.door = door;
    }
    if phones.door.wrong_codes > wrong_before {
        info!("phones: {} wrong room codes tried", phones.door.wrong_codes);
        // The room sees that someone is guessing.
        notices.show(
            "wrong room codes",
            Text::new("notice-wrong-codes").num("n", phones.door.wrong_codes as i64),
            Some(8.0),
        );
    }
    let said_something = !heard.is_empty();
    for h in heard {
        hear(&mut phones, (&mut m, remote.as_deref_mut()), &now, h, clock);
    }
    let stamp = Stamp {
        now,
        language: come_buy_text::language().tag,
        seats: phones.seats.clone(),
        claims: phones.claims.list().iter().map(|c| c.peer).collect(),
        conns: phones.conns.clone(),
    };
    if !said_something && phones.stamp.as_ref() == Some(&stamp) {
        return;
    }
    let conns = stamp.conns.clone();
    phones.stamp = Some(stamp);
    for conn in conns {
        let note = phones.notes.get(&conn);
        let text = match (phones.seat_of(conn), phones.claim_of(conn)) {
            (Some(seat), _) => {
                // (web/phone.sh times a move from here to the phone's page having drawn it.)
                debug!("phones: step {} sent to seat {seat}", m.actions.len());
                state_message(&m, seat, &now, note)
            }
            (None, Some(claim)) => asking_message(&m, claim),
            (None, None) => seats_message(&m, &phones, conn, note),
        };
        phones.send(conn, text);
    }
}
