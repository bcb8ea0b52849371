//! Coins between the bank and the seats, shared by the games that pay (Goblin Market, Mýkonos):
//! who holds them, and one transfer that keeps the seats' money and the bank's counts.

use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// Who holds coins: the unlimited bank or a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Account {
    /// The bank (never runs out).
    Bank,
    /// A player's money.
    Player(Seat),
}

/// Moves `amount` from `from` to `to`: out of and into `seats` (each seat's money), and for
/// the bank into its counts of coins paid out and taken in (`bank`: out, in). Returns whether
/// anything moved (nothing does for 0, so no effect is reported). The rules make sure a seat
/// can pay before they ask.
pub fn transfer(
    seats: &mut [u32],
    (bank_out, bank_in): (&mut u64, &mut u64),
    (from, to): (Account, Account),
    amount: u32,
) -> bool {
    if amount == 0 {
        return false;
    }
    match from {
        Account::Bank => *bank_out += amount as u64,
        Account::Player(s) => seats[s] -= amount,
    }
    match to {
        Account::Bank => *bank_in += amount as u64,
        Account::Player(s) => seats[s] += amount,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transfer_moves_coins_and_counts_the_bank() {
        let mut seats = vec![5, 3];
        let (mut out, mut inn) = (0u64, 0u64);
        assert!(transfer(
            &mut seats,
            (&mut out, &mut inn),
            (Account::Bank, Account::Player(1)),
            4
        ));
        assert!(transfer(
            &mut seats,
            (&mut out, &mut inn),
            (Account::Player(0), Account::Bank),
            2
        ));
        assert!(transfer(
            &mut seats,
            (&mut out, &mut inn),
            (Account::Player(1), Account::Player(0)),
            7
        ));
        assert_eq!((seats, out, inn), (vec![10, 0], 4, 2));
        // Nothing moves for nothing.
        let mut seats = vec![1];
        assert!(!transfer(
            &mut seats,
            (&mut out, &mut inn),
            (Account::Bank, Account::Player(0)),
            0
        ));
        assert_eq!(seats, vec![1]);
    }
}
