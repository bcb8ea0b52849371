//! The phones at the table each frame: the seats a match offers them, the turn as a phone sees
//! it ([`TableNow`]), and [`serve_phones`], which hears the phones (seats asked for, moves
//! made, phones gone) and sends each phone its seat's view when it changes.

use super::*;
use crate::table_core::moves::{Answer, Move, Source};
use crate::table_core::{Far, phone_hand, room_plans};

/// The seats a phone may take in this match: the people's seats of a game with hidden hands.
pub fn phone_seats<G: TableGame>(m: &Match<G>) -> Vec<Seat> {
    (0..m.seats.len())
        .filter(|&s| phone_hand(m, s, false))
        .collect()
}

/// What the table needs to know about itself to speak to the phones.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableNow {
    /// The table's turn through its gate (whose it is, who plays it, what holds it, and
    /// whether a menu is open on the TV: then the table waits).
    pub turn: crate::table_core::gate::Turn,
}

/// What became of the phones' moves (the table's one way in answers each): a move that went
/// in is counted, a refused one's reason goes to its phone with its next view. True if any
/// was a phone's.
fn heard_answers(phones: &mut Phones, answers: &mut MessageReader<Answer>) -> bool {
    let mut any = false;
    for a in answers.read() {
        let Source::Phone(c) = a.source else {
            continue;
        };
        any = true;
        match &a.result {
            Ok(true) => phones.moves += 1,
            Ok(false) => {}
            Err(why) => phones.refused(c, why.words()),
        }
    }
    any
}

/// Everything the phones' messages are built from besides what the phones said: while it stays
/// the same and no phone says anything, no message is built again.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Stamp {
    /// With the turn's match and step.
    now: TableNow,
    language: &'static str,
    seats: Vec<come_buy_online::msg::SeatLine>,
    claims: Vec<PhonePeer>,
    /// Each connection, with its seat and whether it is welcomed.
    conns: Vec<(Conn, Option<Seat>, bool)>,
}

/// Hears the phones (seats asked for, moves made, phones gone) and sends each phone its
/// seat's view when it changes.
pub fn serve_phones<G: TableGame>(
    (mut phones_res, mut offer, mut notices): (
        ResMut<super::RemoteRoom>,
        ResMut<panel::PhoneOffer>,
        ResMut<crate::notice::Notices>,
    ),
    m: Res<Match<G>>,
    (turn, time, overlay): (
        Res<crate::table_core::gate::Turn>,
        Res<Time>,
        Res<State<crate::state::Overlay>>,
    ),
    (mut moves, mut answers): (MessageWriter<Move<G>>, MessageReader<Answer>),
) {
    let clock = time.elapsed_secs_f64();
    // Only a change marks the phones changed (the undo and others look at that): the room's
    // bookkeeping each frame does not.
    let phones = &mut phones_res.bypass_change_detection().phones;
    // Another match (or another game) on the table: the seats a phone may take are offered
    // again, and the phones keep only the same seats (none while a replay plays).
    let replay = m.mode() == crate::table_core::Mode::Replay;
    let plans = room_plans(&m, Far::Phones { replay });
    let replanned = !phones.planned(G::NAME_KEY, &plans);
    if replanned {
        phones.replan(G::NAME_KEY, plans);
        let offered = panel::PhoneOffer(
            (0..m.seats.len())
                .filter(|&s| phone_hand(&m, s, replay))
                .map(|s| (s, m.seats[s].name.clone(), m.seats[s].color))
                .collect(),
        );
        if *offer != offered {
            *offer = offered;
        }
    }
    if phones.room.is_none() {
        if replanned {
            phones_res.set_changed();
        }
        return;
    }
    phones.open_room();
    // The turn as the gate read it (a seat a phone takes this frame is the phone's in the
    // next reading).
    let now = TableNow { turn: *turn };
    let wrong_before = phones.door.wrong_codes;
    let (heard, door) = phones.take_heard();
    let door_moved = door != phones.door;
    phones.door = door;
    if phones.door.wrong_codes > wrong_before {
        info!("phones: {} wrong room codes tried", phones.door.wrong_codes);
    }
    // The room sees that someone is guessing: a notice, unless the Phones panel is up (it
    // says so itself, and a notice over it would cover its words).
    if *overlay.get() == crate::state::Overlay::Phones {
        notices.clear(panel::WRONG_CODES);
    } else if phones.door.wrong_codes > wrong_before {
        notices.show(
            panel::WRONG_CODES,
            Text::new("notice-wrong-codes").num("n", phones.door.wrong_codes as i64),
            Some(8.0),
        );
    }
    let answered = heard_answers(phones, &mut answers);
    let said_something = !heard.is_empty() || answered;
    let mut made = Vec::new();
    for h in heard {
        hear(phones, (&m, &mut made), h, clock);
    }
    moves.write_batch(made);
    if let Some(h) = &mut phones.host {
        h.tick(clock);
    }
    let conns: Vec<(Conn, Option<Seat>, bool)> = phones
        .conns
        .iter()
        .map(|&c| {
            let door = phones
                .peer(c)
                .zip(phones.host.as_ref())
                .is_some_and(|(p, h)| h.at_door(p));
            (c, phones.seat_of(c), door)
        })
        .collect();
    let stamp = Stamp {
        now,
        language: come_buy_text::language().tag,
        seats: phones.host.as_ref().map_or(Vec::new(), |h| h.lines()),
        claims: phones.claims().iter().map(|c| c.peer).collect(),
        conns,
    };
    if !said_something && phones.stamp.as_ref() == Some(&stamp) {
        phones.flush();
        if replanned || door_moved {
            phones_res.set_changed();
        }
        return;
    }
    let conns = stamp.conns.clone();
    phones.stamp = Some(stamp);
    for (conn, seat, _) in conns {
        let note = phones.notes.get(&conn);
        let view = match (seat, phones.claim_of(conn)) {
            (Some(seat), _) => {
                // (web/phone.sh times a move from here to the phone's page having drawn it.)
                debug!("phones: step {} sent to seat {seat}", m.actions.len());
                let view = state_message(&m, seat, &now, note);
                phones.send_view(conn, Some((seat, m.actions.len())), view);
                continue;
            }
            (None, Some(claim)) => asking_message(&m, claim),
            (None, None) => seats_message(&m, phones, note),
        };
        phones.send_view(conn, None, view);
    }
    phones.flush();
    phones_res.set_changed();
}
