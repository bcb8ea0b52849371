//! The game catalog: the one list of the games the engine knows ([`games!`]). The simulator's
//! commands and the table reach every game through it: [`IDS`], [`CODE_NUMBERS`] and
//! [`dispatch`] here, and the app's visitors, are all made from that one list, so adding a
//! game means one line in it (see docs/architecture.md, "Adding a game").

use crate::game::Game;
use serde::Serialize;

// Each game's part of the catalog lives in its folder (`<game>/catalog.rs`).
pub use crate::duchess::catalog::{JewelCardInfo, WishInfo};
pub use crate::goblin_market::catalog::DecktetCardInfo;
pub use crate::mykonos::catalog::PokerCardInfo;

pub use crate::entry::CatalogGame;

/// Every guided game, game by game in the catalog's order (the menu's).
pub fn guided_files() -> Vec<&'static crate::tutorial::TutorialFile> {
    struct Guided;
    impl ForGame for Guided {
        type Out = &'static [crate::tutorial::TutorialFile];
        fn run<G: CatalogGame>(self) -> Self::Out {
            G::GUIDED
        }
    }
    IDS.iter()
        .filter_map(|id| dispatch(id, Guided))
        .flatten()
        .collect()
}

/// The guided game `id`'s file.
pub fn guided_file(id: &str) -> Option<&'static crate::tutorial::TutorialFile> {
    guided_files().into_iter().find(|t| t.id == id)
}

/// Every level file the engine embeds: the Decktet's, the deals of the day and each game's (the round-trip tests
/// and `come-buy-sim check-levels` walk this list).
pub fn level_files() -> Vec<&'static crate::levels::LevelFile> {
    struct Level;
    impl ForGame for Level {
        type Out = &'static crate::levels::LevelFile;
        fn run<G: CatalogGame>(self) -> Self::Out {
            G::LEVEL
        }
    }
    let mut files = vec![&crate::levels::DECKTET, &crate::daily::FILE];
    files.extend(IDS.iter().filter_map(|id| dispatch(id, Level)));
    files
}

/// What is wrong with the deals of the day against the games: a game the catalog lacks, a
/// seat count the game does not take, a bot level it does not have (empty: nothing).
pub fn deal_problems(file: &crate::daily::DailyFile) -> Vec<String> {
    let games = games();
    let mut v = Vec::new();
    for d in &file.deals {
        let Some(g) = games.iter().find(|g| g.id == d.game) else {
            v.push(format!("deal {:?}: no game {:?}", d.id, d.game));
            continue;
        };
        if !(g.min_players..=g.max_players).contains(&d.players) {
            v.push(format!(
                "deal {:?}: {} players ({} seats {}-{})",
                d.id, d.players, g.id, g.min_players, g.max_players
            ));
        }
        if d.players > 1 && !g.bots.contains(&file.bot.as_str()) {
            v.push(format!(
                "deal {:?}: {} has no bot {:?}",
                d.id, g.id, file.bot
            ));
        }
    }
    v
}

/// Code to run for one game type (see [`dispatch`]).
pub trait ForGame {
    type Out;
    fn run<G: CatalogGame>(self) -> Self::Out;
}

/// The one list of games, in the order menus and lists show them, each with its number in
/// match codes: fixed once given, whatever the order of the list (a new game takes the next
/// free number; a number is never reused; codes made before numbers existed used the
/// catalog's order, which these keep). Hands the list to macro `$then`, which makes what it
/// needs of it (this catalog's [`IDS`], [`CODE_NUMBERS`] and [`dispatch`]; the app's visitors).
#[macro_export]
macro_rules! games {
    ($then:ident) => {
        $crate::with_test_game! {
            $then,
            $crate::goblin_market::GoblinMarket = 0,
            $crate::mykonos::Mykonos = 1,
            $crate::duchess::Duchess = 2,
        }
    };
}

/// Hands [`games!`]'s list on, with Goofspiel, the game built only for the tests (cargo
/// feature `test-game`, never shipped), at its end.
#[cfg(feature = "test-game")]
#[doc(hidden)]
#[macro_export]
macro_rules! with_test_game {
    ($then:ident, $($list:tt)*) => {
        $then! { $($list)* $crate::goofspiel::Goofspiel = 3, }
    };
}

/// Hands [`games!`]'s list on as it is (the shipped games only).
#[cfg(not(feature = "test-game"))]
#[doc(hidden)]
#[macro_export]
macro_rules! with_test_game {
    ($then:ident, $($list:tt)*) => {
        $then! { $($list)* }
    };
}

macro_rules! catalog_lists {
    ($($game:ty = $number:expr),* $(,)?) => {
        /// The games' ids, in the order menus and lists show them.
        pub const IDS: [&str; [$(stringify!($game)),*].len()] = [$(<$game>::ID),*];

        /// Each game's number in match codes (see [`games!`]).
        pub const CODE_NUMBERS: [(&str, u8); [$(stringify!($game)),*].len()] =
            [$((<$game>::ID, $number)),*];

        /// Runs `f` with the game whose id is `id`; `None` for an unknown id.
        pub fn dispatch<F: ForGame>(id: &str, f: F) -> Option<F::Out> {
            $(
                if id == <$game>::ID {
                    return Some(f.run::<$game>());
                }
            )*
            None
        }
    };
}

games!(catalog_lists);

/// The number that names game `id` in match codes.
pub fn code_number(id: &str) -> Option<u8> {
    CODE_NUMBERS.iter().find(|(g, _)| *g == id).map(|&(_, n)| n)
}

/// The game a match code's number names.
pub fn of_code_number(n: u8) -> Option<&'static str> {
    CODE_NUMBERS.iter().find(|&&(_, k)| k == n).map(|&(g, _)| g)
}

/// The error for an unknown game id.
pub fn unknown_game(id: &str) -> String {
    format!("unknown game {id:?}; game ids: {}", IDS.join(", "))
}

/// A game as the catalog lists it (`come-buy-sim games` prints these as JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    pub id: &'static str,
    pub name_key: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub variants: Vec<&'static str>,
    /// Strongest last.
    pub bots: Vec<&'static str>,
}

struct Info;

impl ForGame for Info {
    type Out = GameInfo;
    fn run<G: CatalogGame>(self) -> GameInfo {
        let range = G::seat_range();
        GameInfo {
            id: G::ID,
            name_key: G::NAME_KEY,
            min_players: *range.start(),
            max_players: *range.end(),
            variants: G::VARIANTS.to_vec(),
            bots: G::BOTS.to_vec(),
        }
    }
}

/// Every game, in the catalog's order.
pub fn games() -> Vec<GameInfo> {
    IDS.iter().filter_map(|id| dispatch(id, Info)).collect()
}

/// A Decktet card in Goblin Market's list.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::decktet::decktet;
    use crate::duchess::{self, Duchess};
    use crate::goblin_market::GoblinMarket;
    use crate::mykonos::Mykonos;

    struct Id;
    impl ForGame for Id {
        type Out = &'static str;
        fn run<G: CatalogGame>(self) -> &'static str {
            G::ID
        }
    }

    #[test]
    fn every_game_is_listed_once_with_its_level_files_seats() {
        let games = games();
        assert_eq!(games.len(), 3 + usize::from(cfg!(feature = "test-game")));
        for (i, g) in games.iter().enumerate() {
            assert!(
                games[i + 1..].iter().all(|h| h.id != g.id),
                "{} twice",
                g.id
            );
            assert_eq!(dispatch(g.id, Id), Some(g.id), "dispatch reaches {}", g.id);
            assert!(!g.bots.is_empty() && g.name_key.starts_with("game-"));
        }
        assert_eq!(dispatch("chess", Id), None);
        assert!(unknown_game("chess").contains("goblin-market"));
        // The seat ranges are the level files' own.
        let text = |f: &str| std::fs::read_to_string(format!("../levels/{f}")).unwrap();
        for (id, file) in [
            ("goblin-market", "goblin_market.ron"),
            ("mykonos", "mykonos.ron"),
            ("duchess", "duchess.ron"),
        ] {
            let t = text(file);
            let field = |name: &str| -> usize {
                let i = t.find(&format!("{name}:")).unwrap() + name.len() + 1;
                let digits: String = t[i..]
                    .trim_start()
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                digits.parse().unwrap()
            };
            let g = games.iter().find(|g| g.id == id).unwrap();
            assert_eq!(
                (g.min_players, g.max_players),
                (field("min_players"), field("max_players")),
                "{id}"
            );
        }
    }

    #[test]
    fn card_lists_cover_every_card() {
        assert_eq!(GoblinMarket::cards().len(), decktet().cards.len());
        assert_eq!(Mykonos::cards().len(), 52);
        assert_eq!(Duchess::cards().len(), duchess::deck::config().cards.len());
    }
}
