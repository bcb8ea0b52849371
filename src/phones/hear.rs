//! What a phone says, checked like any other input before anything happens: the room's
//! messages (hello, a claim for a seat asked of the TV, a phone coming back), heard by the
//! room ([`Host::heard`]); a move (only the seat's own, only its legal choices), judged here
//! with the table; a goodbye.

use super::*;
use crate::table_core::moves::{Move, Source};
use come_buy_online::host::HostEvent;
use come_buy_online::msg::Why;

/// One thing a phone said or did.
pub fn hear<G: TableGame>(
    phones: &mut Phones,
    (m, moves): (&Match<G>, &mut Vec<Move<G>>),
    now: &TableNow,
    heard: FromPhone,
    clock: f64,
) {
    match heard {
        FromPhone::Opened(c, addr) => {
            phones.conns.push(c);
            phones.addrs.insert(c, addr);
            if let Some(h) = &mut phones.host {
                h.peer_up(PhonePeer::Phone(c, addr), clock);
            }
            info!("phones: a phone connected ({c})");
        }
        FromPhone::Closed(c) => {
            if let (Some(peer), Some(h)) = (phones.peer(c), &mut phones.host)
                && let Some(HostEvent::<usize>::Dropped { seat }) = h.peer_down(peer)
            {
                info!("phones: seat {seat}'s phone went away");
            }
            phones.conns.retain(|&x| x != c);
            phones.addrs.remove(&c);
            phones.last.remove(&c);
            phones.notes.remove(&c);
        }
        FromPhone::Said(c, text) => {
            let (Some(peer), Some(h)) = (phones.peer(c), &mut phones.host) else {
                return;
            };
            phones.notes.remove(&c);
            match h.heard::<usize>(peer, text.as_bytes()) {
                Some(HostEvent::Act { seat, step, action }) => {
                    // The move goes in by the table's one way; its answer comes back to this
                    // connection ([`super::serve::heard_answers`]).
                    match phone_move(m, now, (c, seat), action, step) {
                        Ok(mv) => moves.push(mv),
                        Err(why) => phones.refused(c, why),
                    }
                }
                Some(HostEvent::Asked { seat, name, .. }) => {
                    info!("phones: a phone asks for seat {seat} ({name}); the TV decides");
                }
                Some(HostEvent::Back { seat }) => {
                    info!("phones: seat {seat} plays on a phone again");
                    // Its view goes whole to its new connection.
                    phones.last.remove(&c);
                }
                Some(HostEvent::Dropped { .. }) | None => {}
            }
        }
    }
}

/// The options a phone is offered for `seat` now, in the choice panel's order; empty when it
/// is not that seat's decision or the table is not ready for one.
pub fn phone_options<G: TableGame>(m: &Match<G>, seat: Seat, now: &TableNow) -> Vec<G::Action> {
    // The gate says whether it is this seat's turn on a phone with nothing holding it (a
    // menu over the TV included).
    if now
        .turn
        .open_for(crate::table_core::gate::Control::Phone, m)
        != Some(seat)
    {
        return Vec::new();
    }
    let mut options = m.game.legal_actions();
    G::display_order(&mut options);
    options
}

/// A move from the phone on connection `c` holding `seat`: option `index` of the decision at
/// engine step `step`, as the move it names (the table's one way in takes it,
/// [`crate::table_core::moves`]).
pub(super) fn phone_move<G: TableGame>(
    m: &Match<G>,
    now: &TableNow,
    (c, seat): (Conn, Seat),
    index: usize,
    step: u32,
) -> Result<Move<G>, String> {
    // The same check as a friend's move online (the room's rule layer), in a phone's words.
    let checked =
        come_buy_online::host::check_act(m.game.current_player(), m.actions.len(), seat, step);
    match checked {
        Err(Why::Stale) => return Err(tr("phone-moved-on")),
        Err(_) => return Err(tr("phone-not-your-turn")),
        Ok(()) => {}
    }
    let options = phone_options(m, seat, now);
    let Some(action) = options.get(index).cloned() else {
        return Err(tr("phone-wait"));
    };
    Ok(Move::now(m, seat, action, Source::Phone(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::gate::{Remote, Remotes};

    /// A phone is offered its seat's choices only while the gate opens that seat to a phone
    /// and no menu is over the TV: the gate's reading, not a rule of the phones' own.
    #[test]
    fn a_phone_is_offered_its_choices_only_while_the_gate_opens_its_seat() {
        use crate::table_core::gate::{Gate, Turn};
        use crate::table_core::{Presenter, SeatKind};
        use come_buy_engine::Game;
        let mut m = crate::table_core::gate::tests::duel([SeatKind::Person, SeatKind::Person]);
        m.pending.clear();
        let seat = m.game.current_player().unwrap();
        let p = Presenter::default();
        let read = |gate: &Gate| TableNow {
            turn: Turn::read(&m, &p, gate),
        };
        let phone = Gate {
            remote: Remotes::default().with(seat, Remote::Phone),
            ..Gate::default()
        };
        let now = read(&phone);
        assert_eq!(
            phone_options(&m, seat, &now).len(),
            m.game.legal_actions().len()
        );
        assert!(
            phone_options(&m, 1 - seat, &now).is_empty(),
            "not the other seat's turn"
        );
        let paused = read(&Gate {
            menu: true,
            ..phone
        });
        assert!(paused.turn.menu);
        assert!(
            phone_options(&m, seat, &paused).is_empty(),
            "a menu over the TV: the phone waits"
        );
        assert!(
            phone_options(&m, seat, &read(&Gate::default())).is_empty(),
            "a seat played at the screen"
        );
    }

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
