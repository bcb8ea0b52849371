//! The one handler of what a remote seat's peer said, phones and friends online alike. Both
//! rooms' rule layer ([`come_buy_online::host::Host`]) hears its peers and tells the app an
//! event: someone asks for a seat, a peer is back on its seat, one dropped, a seated peer's
//! move. Here each event does the same for both: an ask is shown, a peer back gets its seat's
//! state whole, a move is judged by the room's one rule ([`judge_act`]: apply it, send a copy's
//! sender the state again, or refuse it) and goes to the table's one way in
//! ([`super::moves`]) as a [`Move`].
//!
//! What differs by transport sits behind [`SeatRoom`]: what a peer names as its move (a phone
//! an option of its list, a friend the action itself), where a refusal's words go, how a
//! seat's state goes again, and the words the room shows.

use super::moves::{Move, Source};
use super::{Match, TableGame};
use come_buy_engine::game::Seat;
use come_buy_online::host::{HostEvent, Verdict, judge_act};
use come_buy_online::msg::Why;

/// One transport's part of a remote seat's room, for one event (see the module's words).
pub trait SeatRoom<G: TableGame> {
    /// What a peer names as its move.
    type Choice;
    /// The match the room serves.
    fn table(&self) -> &Match<G>;
    /// Where the room's moves come from (the way in answers there).
    fn source(&self) -> Source;
    /// The action `seat`'s peer named; `None`: nothing of the kind is on offer.
    fn action(&self, seat: Seat, choice: Self::Choice) -> Option<G::Action>;
    /// Tells `seat`'s peer its move was refused, and why.
    fn refuse(&mut self, seat: Seat, why: Why);
    /// Sends `seat`'s peer the seat's state again, whole.
    fn send_whole(&mut self, seat: Seat);
    /// Someone asks for `seat` (the host answers in the room's question).
    fn asked(&mut self, seat: Seat, name: &str, mark: &str);
    /// `seat`'s peer is back (its state goes whole after this).
    fn back(&mut self, seat: Seat);
    /// `seat`'s peer dropped (the gate holds its seat meanwhile).
    fn dropped(&mut self, seat: Seat);
}

/// What one event of `room`'s rule layer means: a move for the table's one way in, or
/// nothing to play (the room did what the event asked).
pub fn heard<G: TableGame, R: SeatRoom<G>>(
    room: &mut R,
    event: HostEvent<R::Choice>,
) -> Option<Move<G>> {
    match event {
        HostEvent::Asked { seat, name, mark } => room.asked(seat, &name, &mark),
        HostEvent::Back { seat } => {
            room.back(seat);
            room.send_whole(seat);
        }
        HostEvent::Dropped { seat } => room.dropped(seat),
        HostEvent::Act { seat, step, action } => {
            let m = room.table();
            match judge_act(m.game.current_player(), m.actions.len(), seat, step) {
                Verdict::Apply => match room.action(seat, action) {
                    Some(action) => {
                        let m = room.table();
                        return Some(Move::now(m, seat, action, room.source()));
                    }
                    None => room.refuse(seat, Why::Illegal),
                },
                // A copy of a move applied (its answer lost or late, a double tap): the seat's
                // state again, nothing played.
                Verdict::Again => room.send_whole(seat),
                Verdict::Refuse(why) => room.refuse(seat, why),
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table_core::SeatKind;
    use come_buy_engine::Game;

    /// A room that writes down what the handler asked of it.
    struct Log<'a> {
        m: &'a Match<come_buy_engine::duchess::Duchess>,
        said: Vec<String>,
    }

    impl SeatRoom<come_buy_engine::duchess::Duchess> for Log<'_> {
        type Choice = usize;
        fn table(&self) -> &Match<come_buy_engine::duchess::Duchess> {
            self.m
        }
        fn source(&self) -> Source {
            Source::Friend
        }
        fn action(
            &self,
            _: Seat,
            k: usize,
        ) -> Option<<come_buy_engine::duchess::Duchess as Game>::Action> {
            self.m.game.legal_actions().get(k).cloned()
        }
        fn refuse(&mut self, seat: Seat, why: Why) {
            self.said.push(format!("refuse {seat} {}", why.key()));
        }
        fn send_whole(&mut self, seat: Seat) {
            self.said.push(format!("whole {seat}"));
        }
        fn asked(&mut self, seat: Seat, name: &str, mark: &str) {
            self.said.push(format!("asked {seat} {name} {mark}"));
        }
        fn back(&mut self, seat: Seat) {
            self.said.push(format!("back {seat}"));
        }
        fn dropped(&mut self, seat: Seat) {
            self.said.push(format!("dropped {seat}"));
        }
    }

    /// Each event does its one thing for any transport: a move of the seat to act at this step
    /// goes to the way in; a copy of one applied sends the state again; one out of turn, one
    /// not on offer, and one for a later step are refused, each with its reason; a peer back
    /// gets its state whole.
    #[test]
    fn one_handler_judges_every_transports_events() {
        let mut m = crate::table_core::gate::tests::duel([SeatKind::Person, SeatKind::Person]);
        let seat = m.game.current_player().unwrap();
        let first = m.game.legal_actions()[0].clone();
        m.act(seat, first).unwrap();
        let seat = m.game.current_player().unwrap();
        let step = m.actions.len() as u32;
        let mut room = Log {
            m: &m,
            said: Vec::new(),
        };
        let act = |seat, step, action| HostEvent::Act { seat, step, action };
        let mv = heard(&mut room, act(seat, step, 0)).expect("a move of the seat to act");
        assert_eq!(
            (mv.seat, mv.step, mv.source),
            (seat, m.actions.len(), Source::Friend)
        );
        assert_eq!(mv.action, m.game.legal_actions()[0]);
        for event in [
            act(seat, step - 1, 0),
            act(1 - seat, step, 0),
            act(seat, step, 999),
            act(seat, step + 1, 0),
            HostEvent::Back { seat },
            HostEvent::Dropped { seat },
            HostEvent::Asked {
                seat,
                name: "Ana".into(),
                mark: "KX".into(),
            },
        ] {
            assert!(heard(&mut room, event).is_none());
        }
        let other = 1 - seat;
        assert_eq!(
            room.said,
            [
                format!("whole {seat}"),
                format!("refuse {other} {}", Why::NotYourTurn.key()),
                format!("refuse {seat} {}", Why::Illegal.key()),
                format!("refuse {seat} {}", Why::Stale.key()),
                format!("back {seat}"),
                format!("whole {seat}"),
                format!("dropped {seat}"),
                format!("asked {seat} Ana KX"),
            ]
        );
    }
}
