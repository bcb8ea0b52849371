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
            phones.challenges.insert(c, new_challenge());
            info!("phones: a phone connected ({c})");
        }
        FromPhone::Closed(c) => {
            phones.conns.retain(|&x| x != c);
            phones.addrs.remove(&c);
            phones.challenges.remove(&c);
            phones.last.remove(&c);
            phones.notes.remove(&c);
            phones.claims.withdraw(c);
            for p in phones.seats.iter_mut().filter(|p| p.conn == Some(c)) {
                p.conn = None;
                info!("phones: seat {}'s phone went away", p.seat);
            }
        }
        FromPhone::Said(c, text) => {
            let says: PhoneSays = serde_json::from_str(&text).unwrap_or_default();
            phones.notes.remove(&c);
            if let Some(seat) = says.join {
                let asked = match says.proof {
                    Some(proof) => back(phones, m, (c, clock), seat, &proof),
                    None => ask(phones, m, (c, clock), seat, says.token.unwrap_or_default()),
                };
                if let Err(why) = asked {
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

/// A phone asks for a seat with its token (a first claim): the TV decides (see
/// [`Phones::answer`]). The token in clear takes nothing back by itself: a phone coming back
/// proves it holds it ([`back`]), so the same token sent again (overheard on the Wi-Fi,
/// perhaps) asks the room again.
pub(super) fn ask<G: TableGame>(
    phones: &mut Phones,
    m: &Match<G>,
    (conn, clock): (Conn, f64),
    seat: Seat,
    token: String,
) -> Result<(), String> {
    if !token_ok(&token) {
        return Err(tr("phone-no-such-seat"));
    }
    let (addr, name) = may_ask(phones, m, (conn, clock), seat)?;
    if let Some(p) = phones.seats.iter().find(|p| p.seat == seat) {
        if !come_buy_online::code::same_secret(&p.token, &token) {
            return Err(say(&Text::new("phone-seat-taken").raw("name", name)));
        }
        if p.conn == Some(conn) {
            return Ok(());
        }
    }
    claim(phones, (conn, clock), seat, (name, token, addr))
}

/// A phone coming back for `seat`, with the proof that it holds the seat's token for its
/// connection's challenge ([`phone_proof`]). From the address the TV said yes to, while the
/// seat's phone is away, it has the seat again at once; from another address, or while the
/// seat's phone is still there, the TV decides. A wrong proof gets the seat's "taken".
pub(super) fn back<G: TableGame>(
    phones: &mut Phones,
    m: &Match<G>,
    (conn, clock): (Conn, f64),
    seat: Seat,
    proof: &str,
) -> Result<(), String> {
    let (addr, name) = may_ask(phones, m, (conn, clock), seat)?;
    let challenge = phones.challenges.get(&conn).cloned().unwrap_or_default();
    let Some(i) = phones.seats.iter().position(|p| {
        p.seat == seat
            && !challenge.is_empty()
            && come_buy_online::code::same_secret(&phone_proof(&p.token, &challenge, seat), proof)
    }) else {
        if !phones.holds(seat) {
            // Its hand went back to the TV (or another match began): nothing to take back,
            // and the page shows the seats to ask for.
            return Ok(());
        }
        return Err(say(&Text::new("phone-seat-taken").raw("name", name)));
    };
    let p = &phones.seats[i];
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
    let token = p.token.clone();
    claim(phones, (conn, clock), seat, (name, token, addr))
}

/// Whether connection `conn` may ask for `seat` now: the seat's name and the phone's address,
/// or why not.
fn may_ask<G: TableGame>(
    phones: &Phones,
    m: &Match<G>,
    (conn, clock): (Conn, f64),
    seat: Seat,
) -> Result<(IpAddr, String), String> {
    if !phone_seats(m).contains(&seat) {
        return Err(tr("phone-no-such-seat"));
    }
    let Some(&addr) = phones.addrs.get(&conn) else {
        return Err(tr("phone-no-such-seat"));
    };
    if phones.claims.waits(&addr, clock) {
        return Err(tr("phone-said-no-wait"));
    }
    Ok((addr, m.seats[seat].name.clone()))
}

/// Puts a phone's question for `seat` on the TV.
fn claim(
    phones: &mut Phones,
    (conn, clock): (Conn, f64),
    seat: Seat,
    (name, token, addr): (String, String, IpAddr),
) -> Result<(), String> {
    // A phone asking again asks for its new seat, at the back.
    phones.claims.withdraw(conn);
    let mark = room_code(rand::random())[..3].to_string();
    let request = Claim {
        peer: conn,
        seat,
        name: name.clone(),
        mark,
        with: PhoneAsk { token, addr },
    };
    // The queue is full, or another phone asks for this seat: the TV answers that first.
    phones.claims.ask(request, clock).map_err(|why| match why {
        Refused::SaidNo => tr("phone-said-no-wait"),
        Refused::Full | Refused::Asking | Refused::SeatAsked => tr("phone-tv-busy"),
    })?;
    info!("phones: a phone asks for seat {seat} ({name}); the TV decides");
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The page computes the same proof (web/phone.mjs checks its `seatProof` against this
    /// example): one scheme on both sides.
    #[test]
    fn the_proof_of_a_phone_coming_back_is_the_pages() {
        let proof = phone_proof(
            "token-of-phone-a-0123",
            "00112233445566778899aabbccddeeff",
            1,
        );
        assert_eq!(
            proof,
            "5cd2bab6c7303f435018854835e81106b528575854c9530dac5560a9f9a4444e"
        );
        // Bound to the challenge, the seat and the token.
        assert_ne!(
            proof,
            phone_proof(
                "token-of-phone-a-0123",
                "00112233445566778899aabbccddeefe",
                1
            )
        );
        assert_ne!(
            proof,
            phone_proof(
                "token-of-phone-a-0123",
                "00112233445566778899aabbccddeeff",
                0
            )
        );
        assert_ne!(
            proof,
            phone_proof(
                "token-of-phone-b-0123",
                "00112233445566778899aabbccddeeff",
                1
            )
        );
    }
}
