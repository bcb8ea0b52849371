//! What every game's [`crate::game::Game::check`] is made of: a state read from elsewhere (an
//! online host's world) is refused with the first problem found, in English, for the log. Each
//! helper returns [`RuleError::BadData`] with the problem.

use crate::game::{RuleError, Seat};
use std::fmt::Display;
use std::ops::RangeInclusive;

/// A refusal with `problem`.
pub(crate) fn bad(problem: impl Into<String>) -> RuleError {
    RuleError::BadData {
        problem: problem.into(),
    }
}

/// `ok`, or a refusal with the problem `why` writes (only written when refused).
pub(crate) fn ensure(ok: bool, why: impl FnOnce() -> String) -> Result<(), RuleError> {
    if ok { Ok(()) } else { Err(bad(why())) }
}

/// The player count is one the game is played with.
pub(crate) fn players(players: usize, range: RangeInclusive<usize>) -> Result<(), RuleError> {
    ensure(range.contains(&players), || {
        format!(
            "{players} players, the game is for {} to {}",
            range.start(),
            range.end()
        )
    })
}

/// A seat number stored as `what` exists at a table of `players`.
pub(crate) fn seat(what: &str, seat: Seat, players: usize) -> Result<(), RuleError> {
    ensure(seat < players, || {
        format!("{what} names seat {seat} at a table of {players}")
    })
}

/// A per-seat list `what` has one entry per seat.
pub(crate) fn per_seat(what: &str, len: usize, players: usize) -> Result<(), RuleError> {
    ensure(len == players, || {
        format!("{what} has {len} entries for {players} seats")
    })
}

/// A number stored as `what` is at most `max`.
pub(crate) fn at_most<T: PartialOrd + Display>(what: &str, n: T, max: T) -> Result<(), RuleError> {
    ensure(n <= max, || format!("{what} is {n}, more than {max}"))
}

/// An account named as `what` (the bank, or a seat at a table of `players`).
pub(crate) fn account(
    what: &str,
    account: crate::money::Account,
    players: usize,
) -> Result<(), RuleError> {
    match account {
        crate::money::Account::Bank => Ok(()),
        crate::money::Account::Player(s) => seat(what, s, players),
    }
}

/// Final scores named as `what`: one entry per seat in the points and the tie-breaks, and
/// winners that are seats (at least one, none twice).
pub(crate) fn scores(
    what: &str,
    scores: &crate::game::FinalScores,
    players: usize,
) -> Result<(), RuleError> {
    per_seat(&format!("{what}' points"), scores.points.len(), players)?;
    per_seat(
        &format!("{what}' tie-breaks"),
        scores.tiebreak.len(),
        players,
    )?;
    winners(what, &scores.winners, players)
}

/// Winners named as `what`: seats of the table, at least one, none twice.
pub(crate) fn winners(what: &str, winners: &[Seat], players: usize) -> Result<(), RuleError> {
    ensure(!winners.is_empty() && winners.len() <= players, || {
        format!(
            "{what} name {} winners at a table of {players}",
            winners.len()
        )
    })?;
    for (i, &w) in winners.iter().enumerate() {
        seat(&format!("{what}' winners"), w, players)?;
        ensure(!winners[..i].contains(&w), || {
            format!("{what} name seat {w} a winner twice")
        })?;
    }
    Ok(())
}

/// Money kept the way the games pay it (every coin from or to the bank, see
/// [`crate::money::transfer`]): the seats hold exactly what the bank paid out less what it took
/// in, and no seat more than `most` (far above what a game can pay, so that nothing overflows).
pub(crate) fn ledger(
    seats: &[u32],
    bank_out: u64,
    bank_in: u64,
    most: u32,
) -> Result<(), RuleError> {
    for (s, &m) in seats.iter().enumerate() {
        at_most(&format!("seat {s}'s money"), m, most)?;
    }
    let held: u64 = seats.iter().map(|&m| m as u64).sum();
    ensure(bank_in <= bank_out && bank_out - bank_in == held, || {
        format!(
            "the seats hold {held} coins, but the bank paid out {bank_out} and took in {bank_in}"
        )
    })
}

/// Where cards lie: each card of a game's deck found at most once, and only cards in play.
pub(crate) struct Census {
    /// Per card id: in play in this match.
    in_play: Vec<bool>,
    /// Per card id: found somewhere.
    placed: Vec<bool>,
}

impl Census {
    /// A census of a deck of `cards` ids, those for which `in_play` holds being in play.
    pub(crate) fn new(cards: usize, in_play: impl Fn(usize) -> bool) -> Census {
        Census {
            in_play: (0..cards).map(in_play).collect(),
            placed: vec![false; cards],
        }
    }

    /// Card `id` found in `zone` (a name for the problem: "the draw pile"): refused if the deck
    /// has no such card, if it is not in play, or if it was found before.
    pub(crate) fn place(&mut self, id: usize, zone: impl Display) -> Result<(), RuleError> {
        match self.in_play.get(id) {
            None => Err(bad(format!(
                "{zone} holds card {id}, which this game's deck does not have"
            ))),
            Some(false) => Err(bad(format!(
                "{zone} holds card {id}, which is not in play in this match"
            ))),
            Some(true) if self.placed[id] => Err(bad(format!(
                "card {id} is in {zone} and somewhere else too"
            ))),
            Some(true) => {
                self.placed[id] = true;
                Ok(())
            }
        }
    }

    /// Every card of `zone` (see [`Census::place`]).
    pub(crate) fn place_all(
        &mut self,
        ids: impl IntoIterator<Item = usize>,
        zone: impl Display,
    ) -> Result<(), RuleError> {
        ids.into_iter().try_for_each(|id| self.place(id, &zone))
    }

    /// Every card in play was found (for a game that keeps its whole deck on the table).
    pub(crate) fn complete(&self) -> Result<(), RuleError> {
        match (0..self.placed.len()).find(|&id| self.in_play[id] && !self.placed[id]) {
            None => Ok(()),
            Some(id) => Err(bad(format!("card {id} of the deck is nowhere"))),
        }
    }
}

/// The cards of `known` (the ones everyone knows are in a hand) are all in `hand`, once each.
pub(crate) fn known_in_hand<T: PartialEq + Copy>(
    seat: Seat,
    known: &[T],
    hand: &[T],
) -> Result<(), RuleError> {
    for (i, c) in known.iter().enumerate() {
        ensure(hand.contains(c) && !known[..i].contains(c), || {
            format!("seat {seat}'s known cards are not cards of its hand, once each")
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(r: Result<(), RuleError>) -> String {
        match r {
            Err(RuleError::BadData { problem }) => problem,
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn a_census_finds_unknown_out_of_play_twice_placed_and_missing_cards() {
        let mut c = Census::new(5, |id| id != 3);
        c.place_all([0, 1], "the pile").unwrap();
        assert!(problem(c.place(9, "a hand")).contains("does not have"));
        assert!(problem(c.place(3, "a hand")).contains("not in play"));
        assert!(problem(c.place(1, "a hand")).contains("somewhere else"));
        assert!(problem(c.complete()).contains("card 2"));
        c.place_all([2, 4], "the discard pile").unwrap();
        c.complete().unwrap();
    }

    #[test]
    fn seats_lists_money_and_known_cards() {
        assert!(problem(seat("the stage", 9, 2)).contains("seat 9"));
        seat("the stage", 1, 2).unwrap();
        assert!(problem(per_seat("hands", 3, 2)).contains("3 entries"));
        assert!(problem(players(9, 1..=2)).contains("9 players"));
        ledger(&[3, 4], 10, 3, 100).unwrap();
        assert!(problem(ledger(&[3, 5], 10, 3, 100)).contains("hold 8"));
        assert!(problem(ledger(&[3, 4], 3, 10, 100)).contains("took in 10"));
        assert!(problem(ledger(&[300, 4], 307, 3, 100)).contains("seat 0"));
        known_in_hand(0, &[2, 3], &[1, 2, 3]).unwrap();
        assert!(known_in_hand(0, &[2, 2], &[1, 2, 3]).is_err());
        assert!(known_in_hand(0, &[5], &[1, 2, 3]).is_err());
    }
}
