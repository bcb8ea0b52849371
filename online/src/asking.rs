//! The people asking a room for a seat, waiting for its yes or no: one queue, with one set of
//! rules, for phones asking the TV and friends asking an online host. Transport-free: who a
//! person is (`P`: a phone's connection and address, a friend's peer id) is the room's
//! business.
//!
//! - It holds at most its bound of people; one more is refused ([`Full`]), not queued.
//! - A person asks for one seat at a time, and a seat is asked for by at most its bound of
//!   people at a time (one unless the room says more, [`Asking::per_seat`]), in the order
//!   they asked: someone told no who comes back under a new name waits behind whoever asked
//!   meanwhile.
//! - An ask the room leaves unanswered expires ([`Asking::expire`], on the room's own clock)
//!   and counts as a no: nobody holds a seat's question for ever.
//! - Answers go to a person, never to a place in the list: a yes meant for one person cannot
//!   land on whoever took their place when they left (see also the app's `Steady`, which drops
//!   a press on an entry that moved under it).
//! - A no stands a while: whoever was told no (`K`: a phone's address, a friend's peer) may
//!   not ask again for [`SAID_NO_WAIT`] seconds ([`SaidNo`](Refused::SaidNo)), so nobody can put
//!   the same question on the room's screen again and again.

use come_buy_engine::game::Seat;
use std::collections::VecDeque;

/// How long whoever the room said no to waits before they may ask it again, in seconds.
pub const SAID_NO_WAIT: f64 = 60.0;
/// How many of those told no the queue remembers (the oldest forgotten first).
pub const MAX_TOLD_NO: usize = 64;

/// Someone asking for a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request<P> {
    pub peer: P,
    pub seat: Seat,
    /// The seat's name as the room asks with it (the friend's chosen name, or the seat's).
    pub name: String,
    /// A few letters shown beside the question on the room's screen and on the asker's own,
    /// so the room can see that the one asking is the one in their friend's hand.
    pub mark: String,
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
    /// The room said no to this asker less than [`SAID_NO_WAIT`] ago.
    SaidNo,
}

/// The people asking, oldest first, and those told no a while ago.
#[derive(Clone, Debug)]
pub struct Asking<P, K = P> {
    list: Vec<Request<P>>,
    /// When each of `list` asked (the room's clock).
    since: Vec<f64>,
    max: usize,
    /// People who may ask for one seat at a time.
    per_seat: usize,
    /// Whom a no sticks to, for a request: the asker itself, or where it asks from.
    who: fn(&Request<P>) -> K,
    /// Those told no, oldest first, with the time until which they wait.
    told_no: VecDeque<(K, f64)>,
}

impl<P: Copy + PartialEq, K: PartialEq> Asking<P, K> {
    /// A queue of at most `max` people, whose no sticks to `who` of each request.
    pub fn new(max: usize, who: fn(&Request<P>) -> K) -> Self {
        Asking {
            list: Vec::new(),
            since: Vec::new(),
            max,
            per_seat: 1,
            who,
            told_no: VecDeque::new(),
        }
    }

    /// The queue with up to `n` people asking for one seat at a time (the room answers each).
    pub fn per_seat(mut self, n: usize) -> Self {
        self.per_seat = n.max(1);
        self
    }

    /// Everyone asking, oldest first.
    pub fn list(&self) -> &[Request<P>] {
        &self.list
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The oldest request (the one a room that answers in order answers next).
    pub fn first(&self) -> Option<&Request<P>> {
        self.list.first()
    }

    /// `peer`'s request, if it is asking.
    pub fn of(&self, peer: P) -> Option<&Request<P>> {
        self.list.iter().find(|r| r.peer == peer)
    }

    /// Whether somebody is asking for `seat`.
    pub fn seat_asked(&self, seat: Seat) -> bool {
        self.list.iter().any(|r| r.seat == seat)
    }

    /// How many are asking for `seat`.
    fn askers(&self, seat: Seat) -> usize {
        self.list.iter().filter(|r| r.seat == seat).count()
    }

    /// Whether `who` was told no less than [`SAID_NO_WAIT`] before `now`.
    pub fn waits(&self, who: &K, now: f64) -> bool {
        self.told_no
            .iter()
            .any(|(k, until)| k == who && *until > now)
    }

    /// Queues a request made at `now`, or says why not (nothing changes then).
    pub fn ask(&mut self, request: Request<P>, now: f64) -> Result<(), Refused> {
        if self.waits(&(self.who)(&request), now) {
            return Err(Refused::SaidNo);
        }
        if self.of(request.peer).is_some() {
            return Err(Refused::Asking);
        }
        if self.askers(request.seat) >= self.per_seat {
            return Err(Refused::SeatAsked);
        }
        if self.list.len() >= self.max {
            return Err(Refused::Full);
        }
        self.list.push(request);
        self.since.push(now);
        Ok(())
    }

    fn remove(&mut self, i: usize) -> Request<P> {
        self.since.remove(i);
        self.list.remove(i)
    }

    /// `peer` no longer asks (it left, or asks for something else now): its request, if any.
    pub fn withdraw(&mut self, peer: P) -> Option<Request<P>> {
        let i = self.list.iter().position(|r| r.peer == peer)?;
        Some(self.remove(i))
    }

    /// Everyone else asking for `seat` (the room gave it to `peer`): their requests, off the
    /// queue.
    pub fn others_for(&mut self, seat: Seat, peer: P) -> Vec<Request<P>> {
        let mut gone = Vec::new();
        while let Some(i) = self
            .list
            .iter()
            .position(|r| r.seat == seat && r.peer != peer)
        {
            gone.push(self.remove(i));
        }
        gone
    }

    /// When the oldest request expires, `after` seconds from its ask.
    pub fn next_expiry(&self, after: f64) -> Option<f64> {
        self.since.iter().map(|t| t + after).reduce(f64::min)
    }

    /// The requests asked `after` seconds or more before `now`, unanswered: off the queue,
    /// each answered no at `now` (its asker waits [`SAID_NO_WAIT`] before asking again).
    pub fn expire(&mut self, now: f64, after: f64) -> Vec<Request<P>> {
        let mut gone = Vec::new();
        while let Some(i) = self.since.iter().position(|t| now - t >= after) {
            let r = self.remove(i);
            self.told(&r, now);
            gone.push(r);
        }
        gone
    }

    /// Takes `peer`'s request for `seat` off the queue to answer it; `None` if that person is
    /// no longer asking for that seat (the answer then goes to nobody).
    pub fn answer(&mut self, peer: P, seat: Seat) -> Option<Request<P>> {
        let i = self
            .list
            .iter()
            .position(|r| r.peer == peer && r.seat == seat)?;
        Some(self.remove(i))
    }

    /// Takes `peer`'s request for `seat` off the queue, answered no at `now`: its asker waits
    /// [`SAID_NO_WAIT`] before asking again. `None` (and nobody waits) if that person is no
    /// longer asking for that seat.
    pub fn refuse(&mut self, peer: P, seat: Seat, now: f64) -> Option<Request<P>> {
        let r = self.answer(peer, seat)?;
        self.told(&r, now);
        Some(r)
    }

    /// Whoever asked `r` was told no at `now`.
    fn told(&mut self, r: &Request<P>, now: f64) {
        let who = (self.who)(r);
        self.told_no.retain(|(k, until)| *until > now && *k != who);
        if self.told_no.len() >= MAX_TOLD_NO {
            self.told_no.pop_front();
        }
        self.told_no.push_back((who, now + SAID_NO_WAIT));
    }

    /// The room's answer to `peer`'s request for `seat` at `now`: the request, taken off the
    /// queue ([`Asking::answer`] for a yes, [`Asking::refuse`] for a no), or `None` if that
    /// person no longer asks for that seat.
    pub fn decide(&mut self, (peer, seat): (P, Seat), yes: bool, now: f64) -> Option<Request<P>> {
        if yes {
            self.answer(peer, seat)
        } else {
            self.refuse(peer, seat, now)
        }
    }

    /// Nobody asks any more (the room closed, another match began); a no said before still
    /// stands its while.
    pub fn clear(&mut self) {
        self.list.clear();
        self.since.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(peer: u32, seat: Seat) -> Request<u32> {
        Request {
            peer,
            seat,
            name: format!("p{peer}"),
            mark: "KTR".into(),
        }
    }

    fn queue(max: usize) -> Asking<u32> {
        Asking::new(max, |r| r.peer)
    }

    #[test]
    fn the_queue_is_bounded_and_one_request_per_person_and_per_seat() {
        let mut a = queue(2);
        assert_eq!(a.ask(req(1, 0), 0.0), Ok(()));
        assert_eq!(a.ask(req(1, 1), 0.0), Err(Refused::Asking));
        assert_eq!(a.ask(req(2, 0), 0.0), Err(Refused::SeatAsked));
        assert_eq!(a.ask(req(2, 1), 0.0), Ok(()));
        assert_eq!(a.ask(req(3, 2), 0.0), Err(Refused::Full));
        assert_eq!(a.len(), 2, "a refused request changes nothing");
        assert_eq!(a.first().map(|r| r.peer), Some(1));
    }

    #[test]
    fn an_answer_goes_to_the_person_not_to_whoever_took_their_place() {
        let mut a = queue(4);
        a.ask(req(1, 0), 0.0).unwrap();
        a.ask(req(2, 1), 0.0).unwrap();
        // Person 1 leaves; person 2 is now first. A yes meant for 1 reaches nobody.
        assert_eq!(a.withdraw(1).map(|r| r.seat), Some(0));
        assert_eq!(a.answer(1, 0), None);
        assert_eq!(a.len(), 1, "person 2 still waits");
        // An answer names the seat too: person 2 asking for seat 1 is not answered for seat 0.
        assert_eq!(a.answer(2, 0), None);
        assert_eq!(a.answer(2, 1).map(|r| r.peer), Some(2));
        assert!(a.is_empty());
        // Withdrawn, a person may ask again (at the back).
        a.ask(req(3, 2), 0.0).unwrap();
        a.ask(req(1, 0), 0.0).unwrap();
        assert_eq!(a.list().iter().map(|r| r.peer).collect::<Vec<_>>(), [3, 1]);
    }

    #[test]
    fn a_no_sticks_to_whom_the_room_names_for_a_while() {
        // The no sticks to where the asker asks from (a phone's address), not to the asker:
        // here a peer is (its id, its address).
        let mut a: Asking<(u32, u8), u8> = Asking::new(4, |r| r.peer.1);
        let from = |peer: u32, seat: Seat, addr: u8| Request {
            peer: (peer, addr),
            seat,
            name: format!("p{peer}"),
            mark: "KTR".into(),
        };
        a.ask(from(1, 0, 7), 10.0).unwrap();
        assert_eq!(
            a.refuse((1, 7), 1, 10.0),
            None,
            "not what was asked: no answer"
        );
        assert!(!a.waits(&7, 10.0));
        assert_eq!(a.refuse((1, 7), 0, 10.0).map(|r| r.peer), Some((1, 7)));
        // Anyone from there, for any seat, waits; from elsewhere, they ask at once.
        assert_eq!(a.ask(from(2, 1, 7), 11.0), Err(Refused::SaidNo));
        assert_eq!(
            a.ask(from(1, 0, 7), 10.0 + SAID_NO_WAIT - 0.5),
            Err(Refused::SaidNo)
        );
        assert!(a.is_empty(), "a refused ask changes nothing");
        assert_eq!(a.ask(from(2, 1, 8), 11.0), Ok(()));
        // The while over, they may ask again.
        assert_eq!(a.ask(from(1, 0, 7), 10.0 + SAID_NO_WAIT), Ok(()));
        // A peer who left before the answer is not remembered; the memory is bounded.
        a.withdraw((2, 8));
        assert_eq!(a.refuse((2, 8), 1, 80.0), None);
        assert!(!a.waits(&8, 80.0));
        let mut b = queue(1);
        for p in 0..(MAX_TOLD_NO as u32 + 10) {
            b.ask(req(p, 0), 0.0).unwrap();
            b.refuse(p, 0, 0.0).unwrap();
        }
        assert_eq!(b.told_no.len(), MAX_TOLD_NO);
        assert!(b.waits(&(MAX_TOLD_NO as u32 + 9), 1.0) && !b.waits(&0, 1.0));
    }
}
