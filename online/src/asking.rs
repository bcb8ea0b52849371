//! The people asking a room for a seat, waiting for its yes or no: one queue, with one set of
//! rules, for phones asking the TV and friends asking an online host. Transport-free: who a
//! person is (`P`: a phone's connection, a friend's peer id) and what they bring with them
//! (`T`: a phone's address and token; nothing for a friend) are the room's business.
//!
//! - It holds at most its bound of people; one more is refused ([`Full`]), not queued.
//! - A person asks for one seat at a time, and a seat is asked for by one person at a time.
//! - Answers go to a person, never to a place in the list: a yes meant for one person cannot
//!   land on whoever took their place when they left (see also the app's `Steady`, which drops
//!   a press on an entry that moved under it).

use come_buy_engine::game::Seat;

/// Someone asking for a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request<P, T> {
    pub peer: P,
    pub seat: Seat,
    /// The seat's name as the room asks with it (the friend's chosen name, or the seat's).
    pub name: String,
    /// A few letters shown beside the question on the room's screen and on the asker's own,
    /// so the room can see that the one asking is the one in their friend's hand.
    pub mark: String,
    /// What the asker brought that the room keeps until it answers.
    pub with: T,
}

/// Why a request was not queued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// As many people are asking as the room waits for.
    Full,
    /// This person is asking already.
    Asking,
    /// Somebody else is asking for this seat.
    SeatAsked,
}

/// The people asking, oldest first.
#[derive(Clone, Debug)]
pub struct Asking<P, T> {
    list: Vec<Request<P, T>>,
    max: usize,
}

impl<P: Copy + PartialEq, T> Asking<P, T> {
    /// A queue of at most `max` people.
    pub fn new(max: usize) -> Self {
        Asking {
            list: Vec::new(),
            max,
        }
    }

    /// Everyone asking, oldest first.
    pub fn list(&self) -> &[Request<P, T>] {
        &self.list
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The oldest request (the one a room that answers in order answers next).
    pub fn first(&self) -> Option<&Request<P, T>> {
        self.list.first()
    }

    /// `peer`'s request, if it is asking.
    pub fn of(&self, peer: P) -> Option<&Request<P, T>> {
        self.list.iter().find(|r| r.peer == peer)
    }

    /// Whether somebody is asking for `seat`.
    pub fn seat_asked(&self, seat: Seat) -> bool {
        self.list.iter().any(|r| r.seat == seat)
    }

    /// Queues a request, or says why not (nothing changes then).
    pub fn ask(&mut self, request: Request<P, T>) -> Result<(), Refused> {
        if self.of(request.peer).is_some() {
            return Err(Refused::Asking);
        }
        if self.seat_asked(request.seat) {
            return Err(Refused::SeatAsked);
        }
        if self.list.len() >= self.max {
            return Err(Refused::Full);
        }
        self.list.push(request);
        Ok(())
    }

    /// `peer` no longer asks (it left, or asks for something else now): its request, if any.
    pub fn withdraw(&mut self, peer: P) -> Option<Request<P, T>> {
        let i = self.list.iter().position(|r| r.peer == peer)?;
        Some(self.list.remove(i))
    }

    /// Takes `peer`'s request for `seat` off the queue to answer it; `None` if that person is
    /// no longer asking for that seat (the answer then goes to nobody).
    pub fn answer(&mut self, peer: P, seat: Seat) -> Option<Request<P, T>> {
        let i = self
            .list
            .iter()
            .position(|r| r.peer == peer && r.seat == seat)?;
        Some(self.list.remove(i))
    }

    /// Nobody asks any more (the room closed, another match began).
    pub fn clear(&mut self) {
        self.list.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(peer: u32, seat: Seat) -> Request<u32, ()> {
        Request {
            peer,
            seat,
            name: format!("p{peer}"),
            mark: "KTR".into(),
            with: (),
        }
    }

    #[test]
    fn the_queue_is_bounded_and_one_request_per_person_and_per_seat() {
        let mut a = Asking::new(2);
        assert_eq!(a.ask(req(1, 0)), Ok(()));
        assert_eq!(a.ask(req(1, 1)), Err(Refused::Asking));
        assert_eq!(a.ask(req(2, 0)), Err(Refused::SeatAsked));
        assert_eq!(a.ask(req(2, 1)), Ok(()));
        assert_eq!(a.ask(req(3, 2)), Err(Refused::Full));
        assert_eq!(a.len(), 2, "a refused request changes nothing");
        assert_eq!(a.first().map(|r| r.peer), Some(1));
    }

    #[test]
    fn an_answer_goes_to_the_person_not_to_whoever_took_their_place() {
        let mut a = Asking::new(4);
        a.ask(req(1, 0)).unwrap();
        a.ask(req(2, 1)).unwrap();
        // Person 1 leaves; person 2 is now first. A yes meant for 1 reaches nobody.
        assert_eq!(a.withdraw(1).map(|r| r.seat), Some(0));
        assert_eq!(a.answer(1, 0), None);
        assert_eq!(a.len(), 1, "person 2 still waits");
        // An answer names the seat too: person 2 asking for seat 1 is not answered for seat 0.
        assert_eq!(a.answer(2, 0), None);
        assert_eq!(a.answer(2, 1).map(|r| r.peer), Some(2));
        assert!(a.is_empty());
        // Withdrawn, a person may ask again (at the back).
        a.ask(req(3, 2)).unwrap();
        a.ask(req(1, 0)).unwrap();
        assert_eq!(a.list().iter().map(|r| r.peer).collect::<Vec<_>>(), [3, 1]);
    }
}
