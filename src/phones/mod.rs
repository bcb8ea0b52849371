//! Phones as private hands. On the desktop, the pause menu's "Phones as hands" starts a small
//! server on the local network (see `net`) and shows its address, a QR code and a room code.
//! A person opens the page on a phone, gives the room code and takes their seat: from then
//! on the phone shows that seat's cards, money and choices, and its choices are the seat's
//! moves; the TV keeps that hand face down and never asks to pass the screen for it.
//!
//! Only the seat's own view ever leaves the machine: everything a phone is sent is built from
//! `view(Some(seat))` (its cards, its money) and the seat's own legal moves. A phone that
//! drops keeps its seat and takes it back when it reconnects (it proves it is the same phone
//! with a token it chose); the TV's Phones panel can give a seat back to the TV.
//!
//! The logic below is the same on every platform (the browser build simply never starts a
//! server, so no seat is ever on a phone there).

#[cfg(not(target_arch = "wasm32"))]
pub mod net;
pub mod panel;

use crate::screens::{Overlay, Screen};
use crate::table::{Match, Presenter, TableGame, queue_idle};
use crate::theme::SEAT_COLORS;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};
use serde::Deserialize;
use serde_json::json;
use std::collections::HashMap;

/// One connection to a phone.
pub type Conn = u64;

/// The room code's letters: no two that a phone's keyboard or a tired eye mixes up.
pub const ROOM_LETTERS: &str = "ACDEFHJKMNPRTWXY";

/// What the server hears from the phones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromPhone {
    /// A phone connected with the right room code.
    Opened(Conn),
    /// A phone said something (a JSON object).
    Said(Conn, String),
    /// A phone went away.
    Closed(Conn),
    /// A phone gave a wrong room code (it was refused before it could say anything).
    Refused,
}

/// What a phone may say.
#[derive(Debug, Default, Deserialize)]
struct PhoneSays {
    /// Take this seat, with the phone's own token (the same token takes it back later).
    join: Option<Seat>,
    token: Option<String>,
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
}

/// Where the phones connect (shown on the TV).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Room {
    pub code: String,
    pub port: u16,
    /// The page's address on the local network, room code included.
    pub url: String,
}

/// The phones and the seats they play.
#[derive(Resource, Default)]
pub struct Phones {
    pub room: Option<Room>,
    /// Why the server could not start, if it could not.
    pub failed: Option<String>,
    /// Seats played from phones in the match on the table.
    pub seats: Vec<PhoneSeat>,
    /// The game and match seats these bindings belong to (names and kinds).
    key: Option<(&'static str, Vec<(String, bool)>)>,
    /// What the messages were last built from (see [`Stamp`]).
    stamp: Option<Stamp>,
    /// Open connections, in the order they came.
    pub conns: Vec<Conn>,
    /// The last message each connection was sent (only changes are sent).
    last: HashMap<Conn, String>,
    /// A line for one connection, shown with its next message (why a move was refused).
    notes: HashMap<Conn, String>,
    /// Phones refused for a wrong room code.
    pub refused: u32,
    /// Moves made from phones.
    pub moves: usize,
    #[cfg(not(target_arch = "wasm32"))]
    server: Option<net::Server>,
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

    /// Gives `seat` back to the TV (its phone, if connected, is shown the seats again).
    pub fn give_back(&mut self, seat: Seat) {
        self.seats.retain(|p| p.seat != seat);
    }

    /// Starts the server if it is not running (desktop); the room's address, or why not.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn start(&mut self, port: Option<u16>) -> Result<&Room, String> {
        if self.room.is_none() {
            let code = room_code(rand::random());
            let server = net::Server::start(code.clone(), port).map_err(|e| e.to_string());
            match server {
                Ok(s) => {
                    let url = format!("http://{}:{}/?room={code}", net::lan_address(), s.port);
                    info!("phones: serving {url}");
                    self.room = Some(Room {
                        code,
                        port: s.port,
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

    fn take_heard(&mut self) -> Vec<FromPhone> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(s) = &self.server {
            return s
                .from
                .lock()
                .map(|r| r.try_iter().collect())
                .unwrap_or_default();
        }
        Vec::new()
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
}

/// A room code from a random number: four letters of [`ROOM_LETTERS`].
pub fn room_code(mut n: u64) -> String {
    let letters: Vec<char> = ROOM_LETTERS.chars().collect();
    (0..4)
        .map(|_| {
            let c = letters[(n % letters.len() as u64) as usize];
            n /= letters.len() as u64;
            c
        })
        .collect()
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Phones>();
    app.init_resource::<panel::PhoneOffer>();
    panel::plugin(app);
}

/// The phones' systems for game `G` (each game's table registers them). The browser build
/// never serves phones, so it leaves them out (and the JSON they write with them).
pub fn register<G: TableGame>(app: &mut App) {
    #[cfg(target_arch = "wasm32")]
    let _ = app;
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(
        Update,
        (serve_phones::<G>, tag_phone_seats::<G>)
            .chain()
            .after(crate::screens::MenuSet)
            .before(crate::table::TableSet::Present)
            .run_if(crate::table::playing::<G>),
    );
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
pub struct TableNow {
    /// The table has shown every move so far (a phone acts on what the room has seen).
    pub idle: bool,
    /// A menu is open on the TV: the table waits.
    pub paused: bool,
    /// A guide holds the table.
    pub holding: bool,
}

/// Everything the phones' messages are built from besides what the phones said: while it stays
/// the same and no phone says anything, no message is built again.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    serial: u64,
    step: usize,
    idle: bool,
    paused: bool,
    holding: bool,
    language: &'static str,
    seats: Vec<PhoneSeat>,
    conns: Vec<Conn>,
}

/// Hears the phones (seats taken, moves made, phones gone) and sends each phone its seat's
/// view when it changes.
pub fn serve_phones<G: TableGame>(
    (mut phones, mut offer): (ResMut<Phones>, ResMut<panel::PhoneOffer>),
    mut m: ResMut<Match<G>>,
    presenter: Res<Presenter>,
    overlay: Res<Overlay>,
    screen: Res<State<Screen>>,
    guide: Option<Res<crate::table::tutorial::Tutorial>>,
    replay: Option<Res<crate::table::replay::Replay>>,
) {
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
        phones.key = Some((G::NAME_KEY, key));
    }
    if phones.room.is_none() && phones.seats.is_empty() {
        return;
    }
    if replay.is_some() {
        phones.seats.clear();
    }
    let now = TableNow {
        idle: queue_idle(&m, &presenter),
        paused: *overlay != Overlay::None || *screen.get() != Screen::Table,
        holding: guide.as_ref().is_some_and(|t| t.holding || !t.over()),
    };
    let heard = phones.take_heard();
    let said_something = !heard.is_empty();
    for h in heard {
        hear(&mut phones, &mut m, &now, h);
    }
    let stamp = Stamp {
        serial: m.serial,
        step: m.actions.len(),
        idle: now.idle,
        paused: now.paused,
        holding: now.holding,
        language: come_buy_text::language().tag,
        seats: phones.seats.clone(),
        conns: phones.conns.clone(),
    };
    if !said_something && phones.stamp.as_ref() == Some(&stamp) {
        return;
    }
    let conns = stamp.conns.clone();
    phones.stamp = Some(stamp);
    for conn in conns {
        let text = match phones.seat_of(conn) {
            Some(seat) => state_message(&m, seat, &now, phones.notes.get(&conn)),
            None => seats_message(&m, &phones, phones.notes.get(&conn)),
        };
        phones.send(conn, text);
    }
}

/// One thing a phone said or did.
pub fn hear<G: TableGame>(phones: &mut Phones, m: &mut Match<G>, now: &TableNow, heard: FromPhone) {
    match heard {
        FromPhone::Opened(c) => {
            phones.conns.push(c);
            info!("phones: a phone connected ({c})");
        }
        FromPhone::Closed(c) => {
            phones.conns.retain(|&x| x != c);
            phones.last.remove(&c);
            phones.notes.remove(&c);
            for p in phones.seats.iter_mut().filter(|p| p.conn == Some(c)) {
                p.conn = None;
                info!("phones: seat {}'s phone went away", p.seat);
            }
        }
        FromPhone::Refused => {
            phones.refused += 1;
            info!("phones: refused a wrong room code");
        }
        FromPhone::Said(c, text) => {
            let says: PhoneSays = serde_json::from_str(&text).unwrap_or_default();
            phones.notes.remove(&c);
            if let Some(seat) = says.join {
                let token = says.token.unwrap_or_default();
                if let Err(why) = join(phones, m, c, seat, token) {
                    phones.notes.insert(c, why);
                }
            } else if let (Some(i), Some(step)) = (says.act, says.step) {
                match phone_move(phones, m, now, c, i, step) {
                    Ok(()) => phones.moves += 1,
                    Err(why) => {
                        phones.notes.insert(c, why);
                    }
                }
            }
        }
    }
}

/// A phone takes a seat (or takes back its own after dropping).
fn join<G: TableGame>(
    phones: &mut Phones,
    m: &Match<G>,
    conn: Conn,
    seat: Seat,
    token: String,
) -> Result<(), String> {
    if !phone_seats(m).contains(&seat) {
        return Err(tr("phone-no-such-seat"));
    }
    if token.len() < 8 {
        return Err(tr("phone-no-such-seat"));
    }
    let name = m.seats[seat].name.clone();
    if let Some(p) = phones.seats.iter().find(|p| p.seat == seat)
        && p.token != token
    {
        return Err(say(&Text::new("phone-seat-taken").raw("name", name)));
    }
    // One seat per phone: a phone that held another seat gives it back to the TV.
    phones
        .seats
        .retain(|p| p.conn != Some(conn) || p.seat == seat);
    match phones.seats.iter_mut().find(|p| p.seat == seat) {
        Some(p) => p.conn = Some(conn),
        None => phones.seats.push(PhoneSeat {
            seat,
            token,
            conn: Some(conn),
        }),
    }
    info!("phones: seat {seat} ({name}) plays on a phone");
    Ok(())
}

/// The options a phone is offered for `seat` now, in the choice panel's order; empty when it
/// is not that seat's decision or the table is not ready for one.
pub fn phone_options<G: TableGame>(m: &Match<G>, seat: Seat, now: &TableNow) -> Vec<G::Action> {
    if m.game.current_player() != Some(seat) || !now.idle || now.paused || now.holding {
        return Vec::new();
    }
    let mut options = m.game.legal_actions();
    G::display_order(&mut options);
    options
}

/// A move from a phone: option `index` of the decision at engine step `step`.
fn phone_move<G: TableGame>(
    phones: &Phones,
    m: &mut Match<G>,
    now: &TableNow,
    conn: Conn,
    index: usize,
    step: usize,
) -> Result<(), String> {
    let Some(seat) = phones.seat_of(conn) else {
        return Err(tr("phone-no-seat-yet"));
    };
    if m.game.current_player() != Some(seat) {
        return Err(tr("phone-not-your-turn"));
    }
    if step != m.actions.len() {
        return Err(tr("phone-moved-on"));
    }
    let options = phone_options(m, seat, now);
    let Some(action) = options.get(index).cloned() else {
        return Err(tr("phone-wait"));
    };
    m.act(seat, action)
        .map_err(|e| come_buy_text::names::rule_error(&e))
}

fn hex(color: usize) -> String {
    let c = SEAT_COLORS[color % SEAT_COLORS.len()].0;
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The page's own words, in the table's language.
fn words() -> serde_json::Value {
    let keys = [
        "phone-title",
        "phone-pick-seat",
        "phone-your-turn",
        "phone-your-cards",
        "phone-reconnecting",
        "phone-wrong-room",
        "phone-room-label",
        "phone-go",
        "phone-other-seat",
    ];
    let mut map = serde_json::Map::new();
    for k in keys {
        map.insert(k.to_string(), json!(tr(k)));
    }
    serde_json::Value::Object(map)
}

/// For a phone without a seat: the seats it may take.
pub fn seats_message<G: TableGame>(m: &Match<G>, phones: &Phones, note: Option<&String>) -> String {
    let seats: Vec<serde_json::Value> = phone_seats(m)
        .into_iter()
        .map(|s| {
            let taken = phones.seats.iter().find(|p| p.seat == s);
            json!({
                "seat": s,
                "name": m.seats[s].name,
                "color": hex(m.seats[s].color),
                "taken": taken.is_some(),
                "away": taken.is_some_and(|p| p.conn.is_none()),
            })
        })
        .collect();
    json!({
        "t": "seats",
        "game": come_buy_text::names::game(G::NAME_KEY),
        "seats": seats,
        "note": note,
        "words": words(),
        "none": if G::HIDDEN_HANDS { None } else { Some(tr("phones-no-hidden-hands")) },
    })
    .to_string()
}

/// For a phone playing `seat`: that seat's view (its own cards and money), whose turn it is,
/// and its choices when it has one. Built from `view(Some(seat))` and the seat's own moves
/// only.
pub fn state_message<G: TableGame>(
    m: &Match<G>,
    seat: Seat,
    now: &TableNow,
    note: Option<&String>,
) -> String {
    let view = m.game.view(Some(seat));
    let (hand, info) = G::phone_hand(m, &view);
    let options = phone_options(m, seat, now);
    let choices: Vec<String> = options.iter().map(|a| G::label(m, seat, a)).collect();
    let prompt = (!options.is_empty()).then(|| G::prompt(m, seat, &options));
    let status = if m.game.is_over() {
        match m.game.scores() {
            Some(s) if s.winners.contains(&seat) => tr("phone-you-won"),
            Some(s) => {
                let names: Vec<String> =
                    s.winners.iter().map(|&w| m.seats[w].name.clone()).collect();
                say(&Text::new("phone-winner").raw("name", names.join(", ")))
            }
            None => tr("phone-over"),
        }
    } else if now.paused {
        tr("phone-paused")
    } else if !options.is_empty() {
        tr("phone-your-turn")
    } else if let Some(s) = m.game.current_player() {
        if s == seat {
            tr("phone-watch")
        } else {
            say(&Text::new("phone-waiting").raw("name", m.seats[s].name.clone()))
        }
    } else {
        tr("phone-watch")
    };
    json!({
        "t": "state",
        "game": come_buy_text::names::game(G::NAME_KEY),
        "seat": seat,
        "name": m.seats[seat].name,
        "color": hex(m.seats[seat].color),
        "status": status,
        "hand": hand,
        "info": info,
        "prompt": prompt,
        "choices": choices,
        "step": m.actions.len(),
        "over": m.game.is_over(),
        "note": note,
        "words": words(),
    })
    .to_string()
}
