//! A friend's side of an online match: the moves chosen at a friend's table wait here to go
//! to the host, whose answer is the next state. The match itself ([`Match`]) holds only rules
//! and history; this resource sits beside it at a friend's table and nowhere else.

use super::gate::{Gate, set_hold};
use super::{Match, SeatKind, TableGame};
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
    write_sent(&mut gate, remote.as_deref());
}

/// Writes into the gate whether a friend's table's move is on its way to the host (no
/// `remote`: not a friend's table).
pub(super) fn write_sent<G: TableGame>(gate: &mut ResMut<Gate>, remote: Option<&Remote<G>>) {
    let sent = remote.is_some_and(|r| r.waiting);
    set_hold(gate, |g| g.sent = sent);
}

/// Where a room's seats are played from far away: phones at this table (a person's hidden
/// hand), or friends online at their own tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Far {
    /// Phones at this table; `replay`: a replay plays (no hand goes to a phone).
    Phones { replay: bool },
    /// Friends online.
    Friends,
}

/// Whether a phone may take seat `s`: a person's, in a game with hidden hands, and none while
/// a replay plays.
pub fn phone_hand<G: TableGame>(m: &Match<G>, s: Seat, replay: bool) -> bool {
    !replay && G::HIDDEN_HANDS && m.seats[s].is_person()
}

/// Each seat's plan in a room of seats played far away, the one builder for both ways (see
/// [`Far`]): a person's hidden hand a phone may take, a friend's seat online, a person at this
/// screen, a bot. The words differ by way: a friend's table names a bot by its level in its
/// own language, a phone by the name the TV shows.
pub fn room_plans<G: TableGame>(m: &Match<G>, far: Far) -> Vec<come_buy_online::host::Plan> {
    use come_buy_online::host::Plan;
    (0..m.seats.len())
        .map(|s| {
            let info = &m.seats[s];
            let name = info.name.clone();
            match (&info.kind, far) {
                (SeatKind::Person, Far::Phones { replay }) if phone_hand(m, s, replay) => {
                    Plan::Hand(name)
                }
                (SeatKind::Person, _) => Plan::Local(name),
                (SeatKind::Online, Far::Friends) => Plan::Online,
                (SeatKind::Bot(level), Far::Friends) => Plan::Bot(level.clone()),
                (SeatKind::Bot(_) | SeatKind::Online, Far::Phones { .. }) => Plan::Bot(name),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table_core::SeatInfo;
    use come_buy_engine::goblin_market::GoblinMarket;
    use come_buy_engine::mykonos::Mykonos;
    use come_buy_online::host::Plan;

    fn seats() -> Vec<SeatInfo> {
        [
            SeatKind::Person,
            SeatKind::Bot("hard".into()),
            SeatKind::Online,
        ]
        .into_iter()
        .enumerate()
        .map(|(i, kind)| SeatInfo {
            name: format!("S{i}"),
            color: i,
            kind,
        })
        .collect()
    }

    /// One builder, both ways: a phone may take a person's hidden hand (not in a replay, not
    /// in a game of open hands); friends get their seats; a bot is named by its level online,
    /// by the TV's name on a phone.
    #[test]
    fn one_plan_builder_for_phones_and_friends() {
        let m = Match::<Mykonos>::new(seats(), 3, vec![]).unwrap();
        let name = |s: usize| m.seats[s].name.clone();
        assert_eq!(
            room_plans(&m, Far::Phones { replay: false }),
            vec![Plan::Hand(name(0)), Plan::Bot(name(1)), Plan::Bot(name(2))]
        );
        assert_eq!(
            room_plans(&m, Far::Phones { replay: true })[0],
            Plan::Local(name(0))
        );
        assert_eq!(
            room_plans(&m, Far::Friends),
            vec![Plan::Local(name(0)), Plan::Bot("hard".into()), Plan::Online]
        );
        let open = Match::<GoblinMarket>::new(seats(), 3, vec![]).unwrap();
        assert_eq!(
            room_plans(&open, Far::Phones { replay: false })[0],
            Plan::Local(open.seats[0].name.clone()),
            "open hands: no phone"
        );
    }
}
