//! The games on the table. The app names no game: everything reaches one through
//! [`GameKind`] (a handle by id) and the per-game table contract, [`TableGame`]; the visitors
//! below are made from the engine's one list of games (`come_buy_engine::games!`), so adding
//! a game adds it here too (see docs/architecture.md, "Adding a game").

use crate::table_core::{Match, SeatInfo, TableGame};
use bevy::prelude::*;
use come_buy_engine::game::Game;
use std::ops::RangeInclusive;

// The visitors' shapes belong to the table's contract; the list of games is the engine's.
pub use crate::table_core::{EachGame, ForGame};

macro_rules! app_visitors {
    ($($game:ty = $number:expr),* $(,)?) => {
        /// Visits every game, in the order the menus list them.
        pub(crate) fn for_each<V: EachGame>(v: &mut V) {
            $(v.visit::<$game>();)*
        }

        /// Runs `f` with the game type whose engine id is `id` (`None`: no such game).
        pub(crate) fn dispatch<F: ForGame>(id: &str, f: F) -> Option<F::Out> {
            $(
                if id == <$game as Game>::ID {
                    return Some(f.run::<$game>());
                }
            )*
            None
        }
    };
}

come_buy_engine::games!(app_visitors);

/// A game on the table, by its engine id ("goblin-market"): cheap to copy and compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameKind(&'static str);

impl Default for GameKind {
    fn default() -> Self {
        GameKind::all()[0]
    }
}

struct Ids(Vec<GameKind>);

impl EachGame for Ids {
    fn visit<G: TableGame>(&mut self) {
        self.0.push(GameKind(G::ID));
    }
}

/// Facts about one game, read through its table contract.
#[derive(Clone, Debug)]
struct Facts {
    title: String,
    name_key: &'static str,
    players: RangeInclusive<usize>,
    bots: &'static [&'static str],
    variants: Vec<(&'static str, Vec<String>)>,
    help: String,
}

struct GetFacts;

impl ForGame for GetFacts {
    type Out = Facts;
    fn run<G: TableGame>(self) -> Facts {
        Facts {
            title: come_buy_text::names::game(G::NAME_KEY),
            name_key: G::NAME_KEY,
            players: G::seat_range(),
            bots: G::BOTS,
            variants: G::variant_choices(),
            help: come_buy_text::tr(G::HELP),
        }
    }
}

impl GameKind {
    /// Every game, in the menus' order.
    pub fn all() -> Vec<GameKind> {
        let mut ids = Ids(Vec::new());
        for_each(&mut ids);
        ids.0
    }

    /// The game of type `G`.
    pub fn of<G: TableGame>() -> GameKind {
        GameKind(G::ID)
    }

    /// The engine's id (saves and the simulator use it).
    pub fn id(self) -> &'static str {
        self.0
    }

    pub(crate) fn from_id(id: &str) -> Option<GameKind> {
        Self::all().into_iter().find(|k| k.0 == id)
    }

    fn facts(self) -> Facts {
        dispatch(self.0, GetFacts).unwrap_or_else(|| GameKind::default().facts())
    }

    /// The game's name in the player's words (the catalog's message for its name key).
    pub fn title(self) -> String {
        self.facts().title
    }

    /// The catalog key of the game's name.
    pub(crate) fn name_key(self) -> &'static str {
        self.facts().name_key
    }

    /// How many may sit at the table (from the game's level file).
    pub fn players(self) -> RangeInclusive<usize> {
        self.facts().players
    }

    /// The bots a seat can be, strongest first.
    pub fn bots(self) -> Vec<&'static str> {
        let mut v = self.facts().bots.to_vec();
        v.reverse();
        v
    }

    /// Rule variants a player can pick on the new-game screen: (label's message key, variant
    /// names).
    pub(crate) fn variant_choices(self) -> Vec<(&'static str, Vec<String>)> {
        self.facts().variants
    }

    /// How to play it, in our words (the rules overlay), in the player's language.
    pub fn help(self) -> String {
        self.facts().help
    }

    /// Runs `f` with this game's type.
    pub(crate) fn dispatch<F: ForGame>(self, f: F) -> F::Out {
        match dispatch(self.0, f) {
            Some(out) => out,
            // A GameKind is only ever made from the list above.
            None => unreachable!("GameKind {:?} is not in the game list", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_is_listed_once_and_dispatches() {
        let all = GameKind::all();
        assert_eq!(all.len(), come_buy_engine::catalog::IDS.len());
        for (i, k) in all.iter().enumerate() {
            assert!(!all[i + 1..].contains(k), "{k:?} listed twice");
            assert_eq!(GameKind::from_id(k.id()), Some(*k));
            assert!(!k.title().is_empty());
            assert!(!k.bots().is_empty());
            assert!(!k.help().is_empty());
            assert!(!k.players().is_empty());
        }
        assert_eq!(GameKind::from_id("chess"), None);
        // The table has every game of the engine's catalog, in its order.
        let ids: Vec<&str> = all.iter().map(|k| k.id()).collect();
        assert_eq!(ids, come_buy_engine::catalog::IDS);
    }
}

/// The game, seats and rules of the match last put on the table ("play again" repeats them).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct LastMatch {
    pub kind: GameKind,
    pub seats: Vec<SeatInfo>,
    pub variants: Vec<String>,
}

/// Makes `m` the match on the table, removing any match of another game.
pub(crate) fn install<G: TableGame>(commands: &mut Commands, m: Match<G>) {
    crate::games::for_each(&mut Remove(commands));
    commands.insert_resource(LastMatch {
        kind: GameKind::of::<G>(),
        seats: m.seats.clone(),
        variants: m.setup.variants.clone(),
    });
    commands.insert_resource(m);
}

struct Remove<'a, 'w, 's>(&'a mut Commands<'w, 's>);

impl EachGame for Remove<'_, '_, '_> {
    fn visit<G: TableGame>(&mut self) {
        self.0.remove_resource::<Match<G>>();
        // A friend's side goes with its match: a match dealt next is never played through it.
        self.0.remove_resource::<crate::table_core::Remote<G>>();
    }
}
