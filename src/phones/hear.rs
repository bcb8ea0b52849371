//! What a phone says, checked like any other input before anything happens: the room's
//! messages (hello, a claim for a seat asked of the TV, a phone coming back), heard by the
//! room ([`Host::heard`]); what they mean, by the remote seats' one handler
//! ([`seat_room::heard`], a friend's online the same), with a phone's part here: its move
//! names an option of its list, its refusals go with its next view.

use super::*;
use crate::table_core::moves::{Move, Source};
use crate::table_core::seat_room::{self, SeatRoom};
use come_buy_online::msg::Why;

/// One thing a phone said or did.
pub fn hear<G: TableGame>(
    phones: &mut Phones,
    (m, moves): (&Match<G>, &mut Vec<Move<G>>),
    heard: FromPhone,
    clock: f64,
) {
    let (c, event) = match heard {
        FromPhone::Opened(c, addr) => {
            phones.conns.push(c);
            phones.addrs.insert(c, addr);
            if let Some(h) = &mut phones.host {
                h.peer_up(PhonePeer::Phone(c, addr), clock);
            }
            info!("phones: a phone connected ({c})");
            return;
        }
        FromPhone::Closed(c) => {
            let event = phones
                .peer(c)
                .zip(phones.host.as_mut())
                .and_then(|(peer, h)| h.peer_down::<usize>(peer));
            phones.conns.retain(|&x| x != c);
            phones.addrs.remove(&c);
            phones.last.remove(&c);
            phones.notes.remove(&c);
            (c, event)
        }
        FromPhone::Said(c, text) => {
            let (Some(peer), Some(h)) = (phones.peer(c), &mut phones.host) else {
                return;
            };
            let event = h.heard::<usize>(peer, text.as_bytes());
            phones.notes.remove(&c);
            (c, event)
        }
    };
    if let Some(event) = event {
        let mut room = PhoneRoom { phones, m, c };
        moves.extend(seat_room::heard(&mut room, event));
    }
}

/// The room of the phone on connection `c`, for one of its events.
struct PhoneRoom<'a, G: TableGame> {
    phones: &'a mut Phones,
    m: &'a Match<G>,
    c: Conn,
}

impl<G: TableGame> SeatRoom<G> for PhoneRoom<'_, G> {
    /// Option `k` of the list the phone shows (see [`offered`]).
    type Choice = usize;

    fn table(&self) -> &Match<G> {
        self.m
    }

    fn source(&self) -> Source {
        Source::Phone(self.c)
    }

    fn action(&self, _: Seat, k: usize) -> Option<G::Action> {
        // Whether the table takes it now is the gate's to say, at the way in.
        offered(self.m).get(k).cloned()
    }

    fn refuse(&mut self, _: Seat, why: Why) {
        self.phones.refused(self.c, tr(refusal_key(why)));
    }

    fn send_whole(&mut self, _: Seat) {
        // Its view is sent again, whole (the same view is never sent twice otherwise).
        self.phones.last.remove(&self.c);
    }

    fn asked(&mut self, seat: Seat, name: &str, _: &str) {
        // The claim's question opens on the TV ([`super::panel::open_claims`]).
        info!("phones: a phone asks for seat {seat} ({name}); the TV decides");
    }

    fn back(&mut self, seat: Seat) {
        info!("phones: seat {seat} plays on a phone again");
    }

    fn dropped(&mut self, seat: Seat) {
        info!("phones: seat {seat}'s phone went away");
    }
}

/// The decision's options in the order a phone lists them (the choice panel's).
fn offered<G: TableGame>(m: &Match<G>) -> Vec<G::Action> {
    let mut options = m.game.legal_actions();
    G::display_order(&mut options);
    options
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
    offered(m)
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
