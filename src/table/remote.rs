//! A friend's side of an online match, as the match on the friend's table holds it.

/// A friend's side of an online match: the moves chosen here, waiting to go to the host.
#[derive(Debug, Clone, PartialEq)]
pub struct Remote<A, E> {
    /// Chosen here, not yet sent (the room takes them).
    pub outbox: Vec<A>,
    /// A move is on its way: no other choice until the host answers.
    pub waiting: bool,
    /// Every effect this table was given, in order (a rebuilt table shows them again).
    pub history: Vec<E>,
}

impl<A, E> Default for Remote<A, E> {
    fn default() -> Self {
        Remote {
            outbox: Vec::new(),
            waiting: false,
            history: Vec::new(),
        }
    }
}
