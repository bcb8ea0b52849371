//! What a phone says, checked like any other input before anything happens: a claim for a
//! seat (asked of the TV), a move (only the seat's own, only its legal choices), a goodbye.

use super::*;

/// One thing a phone said or did.
pub fn hear<G: TableGame>(
    phones: &mut Phones,
    (m, remote): (&mut Match<G>, Option<&mut crate::table::Remote<G>>),
    now: &TableNow,
    heard: FromPhone,
    clock: f64,
) {
    match heard {
        FromPhone::Opened(c, addr) => {
            phones.conns.push(c);
            phones.addrs.insert(c, addr);
            info!("phones: a phone connected ({c})");
        }
        FromPhone::Closed(c) => {
            phones.conns.retain(|&x| x != c);
            phones.addrs.remove(&c);
            phones.last.remove(&c);
            phones.notes.remove(&c);
            phones.claims.retain(|k| k.conn != c);
            for p in phones.seats.iter_mut().filter(|p| p.conn == Some(c)) {
                p.conn = None;
                info!("phones: seat {}'s phone went away", p.seat);
            }
        }
        FromPhone::Said(c, text) => {
            let says: PhoneSays = serde_json::from_str(&text).unwrap_or_default();
            phones.notes.remove(&c);
            if let Some(seat) = says.join {
                let token = says.token.unwrap_or_default();
                if let Err(why) = ask(phones, m, (c, clock), seat, token) {
                    phones.notes.insert(c, why);
                }
            } else if let (Some(i), Some(step)) = (says.act, says.step) {
                match phone_move(phones, (m, remote), now, c, i, step) {
                    Ok(()) => phones.moves += 1,
                    Err(why) => {
                        phones.notes.insert(c, why);
                    }
                }
            }
        }
    }
}

/// A phone asks for a seat. Its own seat back after dropping (the same token from the same
/// address, the seat away) is given at once; anything else waits for the TV's yes (see
/// [`Phones::answer`]): a token overheard on the Wi-Fi and sent from another address asks
/// the room again.
pub(super) fn ask<G: TableGame>(
    phones: &mut Phones,
    m: &Match<G>,
    (conn, clock): (Conn, f64),
    seat: Seat,
    token: String,
) -> Result<(), String> {
    if !phone_seats(m).contains(&seat) || !token_ok(&token) {
        return Err(tr("phone-no-such-seat"));
    }
    let Some(&addr) = phones.addrs.get(&conn) else {
        return Err(tr("phone-no-such-seat"));
    };
    if phones.said_no.get(&addr).is_some_and(|&t| t > clock) {
        return Err(tr("phone-said-no-wait"));
    }
    let name = m.seats[seat].name.clone();
    if let Some(i) = phones.seats.iter().position(|p| p.seat == seat) {
        let p = &phones.seats[i];
        if p.token != token {
            return Err(say(&Text::new("phone-seat-taken").raw("name", name)));
        }
        if p.conn == Some(conn) {
            return Ok(());
        }
        if p.conn.is_none() && p.addr == addr {
            phones.seats[i].conn = Some(conn);
            // One seat per phone: a phone that held another seat gives it back to the TV.
            phones
                .seats
                .retain(|p| p.conn != Some(conn) || p.seat == seat);
            info!("phones: seat {seat} ({name}) plays on a phone again");
            return Ok(());
        }
        // The same token from another connection while the seat's phone is still there, or
        // from another address: the TV decides.
    }
    phones.claims.retain(|k| k.conn != conn);
    if phones.claims.len() >= MAX_CLAIMS {
        return Err(tr("phone-tv-busy"));
    }
    let mark = room_code(rand::random())[..3].to_string();
    info!("phones: a phone asks for seat {seat} ({name}); the TV decides");
    phones.claims.push_back(Claim {
        conn,
        seat,
        name,
        token,
        addr,
        mark,
        since: clock,
    });
    Ok(())
}

/// The options a phone is offered for `seat` now, in the choice panel's order; empty when it
/// is not that seat's decision or the table is not ready for one.
pub fn phone_options<G: TableGame>(m: &Match<G>, seat: Seat, now: &TableNow) -> Vec<G::Action> {
    // The gate says whether it is this seat's turn on a phone with nothing holding it.
    if now.paused
        || now.guided
        || now.turn.open_for(crate::table::gate::Control::Phone, m) != Some(seat)
    {
        return Vec::new();
    }
    let mut options = m.game.legal_actions();
    G::display_order(&mut options);
    options
}

/// A move from a phone: option `index` of the decision at engine step `step`.
pub(super) fn phone_move<G: TableGame>(
    phones: &Phones,
    (m, remote): (&mut Match<G>, Option<&mut crate::table::Remote<G>>),
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
    crate::table::play(m, remote, seat, action).map_err(|e| come_buy_text::names::rule_error(&e))
}
