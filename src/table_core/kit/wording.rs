//! How a game words its choices on the panel: a part of the table's contract
//! ([`crate::table_core::TableGame`]) that the choice panel (`crate::table::kit`) reads.

use crate::table_core::{Match, TableGame};
use come_buy_engine::game::Seat;

/// How a game words its choices on the panel.
pub trait Wording: come_buy_engine::game::Game + Sized {
    /// The question ("Ana, place a worker").
    fn prompt(m: &Match<Self>, seat: Seat, options: &[Self::Action]) -> String
    where
        Self: TableGame;
    /// A short label for one option ("Buy for 3", "Full house 7 7 7 K K: 8").
    fn label(m: &Match<Self>, seat: Seat, action: &Self::Action) -> String
    where
        Self: TableGame;
    /// The option that declines (no sale, step out), kept one click away in long lists.
    fn declines(_action: &Self::Action) -> bool {
        false
    }
    /// A line under the options when something needs saying ("you cannot outbid: pass").
    fn hint(_m: &Match<Self>, _seat: Seat, _options: &[Self::Action]) -> Option<String>
    where
        Self: TableGame,
    {
        None
    }
    /// Why `action` is a good move for `seat` now, in the game's terms, for the Hint ("the Ten
    /// of Hearts adds about $5 to your hand, for $3"); the game's rules engine gives the
    /// reason as data and the table words it.
    fn reason(_m: &Match<Self>, _seat: Seat, _action: &Self::Action) -> Option<String>
    where
        Self: TableGame,
    {
        None
    }
    /// The number an action carries when a person sets it with a stepper (a bid); all the
    /// legal actions with a number become one option whose number Left and Right change.
    fn amount(_action: &Self::Action) -> Option<u32> {
        None
    }
    /// `action` with its number set to `n`.
    fn with_amount(action: &Self::Action, _n: u32) -> Self::Action {
        action.clone()
    }
}
