//! A friend's side of an online match: the moves chosen at a friend's table wait here to go
//! to the host, whose answer is the next state. The match itself ([`Match`]) holds only rules
//! and history; this resource sits beside it at a friend's table and nowhere else.

use super::gate::{Gate, set_hold};
use super::{Match, TableGame};
use bevy::prelude::*;
use come_buy_engine::game::{RuleError, Seat};

/// A friend's side of an online match (see the module's words). [`crate::games::install`]
/// removes it with any match, so a match dealt afterwards is never played through it.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Remote<G: TableGame> {
    /// Chosen here, not yet sent (the room takes them).
    pub outbox: Vec<G::Action>,
    /// A move is on its way: no other choice until the host answers.
    pub waiting: bool,
    /// Every effect this table was given, in order (a rebuilt table shows them again).
    pub history: Vec<G::Effect>,
}

impl<G: TableGame> Remote<G> {
    /// A friend's side whose table was first shown `history`.
    pub fn new(history: Vec<G::Effect>) -> Remote<G> {
        Remote {
            outbox: Vec::new(),
            waiting: false,
            history,
        }
    }

    /// The host's next state arrived: its effects join the history, and the table may
    /// choose again.
    pub fn took(&mut self, effects: &[G::Effect]) {
        self.waiting = false;
        self.history.extend(effects.iter().cloned());
    }
}

/// Plays `action` for `seat` on the table: by the rules into `m`, or at a friend's table (a
/// `remote`) checked on a copy of the seat's world and sent to the host (no second move until
/// the host answers). On error nothing changes.
pub fn play<G: TableGame>(
    m: &mut Match<G>,
    remote: Option<&mut Remote<G>>,
    seat: Seat,
    action: G::Action,
) -> Result<(), RuleError> {
    let Some(remote) = remote else {
        return m.act(seat, action);
    };
    if remote.waiting {
        return Err(RuleError::forbid("online-wait-host"));
    }
    // Checked on a copy: the world here is the seat's, the rules are the same.
    if let Err(e) = m.game.clone().apply(seat, &action) {
        m.last_error = Some(come_buy_text::names::rule_error(&e));
        return Err(e);
    }
    remote.outbox.push(action);
    remote.waiting = true;
    m.last_error = None;
    Ok(())
}

/// Writes into the gate whether a friend's table sent its move and waits for the host (runs
/// while game `G`'s match is on the table).
pub(crate) fn gate_sent<G: TableGame>(remote: Option<Res<Remote<G>>>, mut gate: ResMut<Gate>) {
    let sent = remote.is_some_and(|r| r.waiting);
    set_hold(&mut gate, |g| g.sent = sent);
}
