//! Every RON file in `levels/` parses, validates, and round-trips; broken files are named errors.

use come_buy_engine::decktet::Decktet;
use come_buy_engine::goblin_market::Config;
use come_buy_engine::levels::{self, DataError, LevelFile, Validate};
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use std::path::Path;

fn round_trip<T>(file: &LevelFile)
where
    T: DeserializeOwned + Serialize + Validate + PartialEq + Debug,
{
    let parsed: T = file.parse().unwrap_or_else(|e| panic!("{e}"));
    let written = levels::to_ron(&parsed);
    let again: T = levels::parse(file.path, &written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(parsed, again, "{} does not round-trip", file.path);
    // The file on disk is the one embedded in the engine.
    let disk = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(file.path);
    let loaded: T = levels::load(&disk).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed, loaded);
}

#[test]
fn every_level_file_round_trips() {
    round_trip::<Decktet>(&levels::DECKTET);
    round_trip::<come_buy_engine::daily::DailyFile>(&come_buy_engine::daily::FILE);
    round_trip::<Config>(&come_buy_engine::goblin_market::LEVEL);
    round_trip::<come_buy_engine::duchess::Config>(&come_buy_engine::duchess::deck::LEVEL);
    round_trip::<come_buy_engine::mykonos::Config>(&come_buy_engine::mykonos::LEVEL);
}

#[test]
fn the_deals_of_the_day_are_games_with_their_seats_and_bots() {
    use come_buy_engine::catalog::deal_problems;
    use come_buy_engine::daily::file;
    assert_eq!(deal_problems(file()), Vec::<String>::new());
    let mut broken = file().clone();
    broken.deals[0].game = "chess".into();
    broken.deals[1].players = 40;
    broken.bot = "grandmaster".into();
    let problems = deal_problems(&broken).join("; ");
    for want in ["no game \"chess\"", "40 players", "no bot \"grandmaster\""] {
        assert!(problems.contains(want), "{want}: {problems}");
    }
}

#[test]
fn every_file_in_levels_is_known_to_the_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let in_dir = |sub: &str| -> Vec<String> {
        std::fs::read_dir(dir.join(sub))
            .unwrap()
            .map(|e| format!("levels/{sub}{}", e.unwrap().file_name().to_string_lossy()))
            .filter(|p| p.ends_with(".ron"))
            .collect()
    };
    let mut on_disk = in_dir("");
    // The game built only for the tests keeps its file apart, known with its feature.
    if cfg!(feature = "test-game") {
        on_disk.extend(in_dir("tests/"));
    }
    on_disk.sort();
    let mut known: Vec<String> = come_buy_engine::catalog::level_files()
        .iter()
        .map(|f| f.path.to_string())
        .collect();
    known.sort();
    assert_eq!(
        on_disk, known,
        "a RON file in levels/ has no round-trip test"
    );
}

fn config_error(from: &str, to: &str) -> DataError {
    let text = come_buy_engine::goblin_market::LEVEL.text.replace(from, to);
    assert_ne!(
        text,
        come_buy_engine::goblin_market::LEVEL.text,
        "fixture {from:?} not found"
    );
    levels::parse::<Config>("levels/goblin_market.ron", &text).unwrap_err()
}

#[test]
fn broken_goblin_market_files_are_named_errors() {
    let e = config_error("starting_coins: 10", "starting_coins: 0");
    assert_eq!(e.file, "levels/goblin_market.ron");
    assert!(e.message.contains("starting_coins"), "{e}");
    let e = config_error("crown: 3", "crown: 0");
    assert!(e.message.contains("auction_size.crown"), "{e}");
    let e = config_error("max_players: 6", "max_players: 2");
    assert!(e.message.contains("players"), "{e}");
    let e = config_error("tie_break: MostPositive", "tie_break: Coinflip");
    assert!(
        e.to_string()
            .starts_with("levels/goblin_market.ron: not valid RON"),
        "{e}"
    );
    let e = config_error("sisterhood: [3, 2, 1]", "sisterhood: []");
    assert!(e.message.contains("sisterhood"), "{e}");
    let e = config_error("positive_suits: 3,", "");
    assert!(e.message.contains("positive_suits"), "{e}");
    let missing = levels::load::<Config>(Path::new("no/such/file.ron")).unwrap_err();
    assert_eq!(missing.file, "no/such/file.ron");
    assert!(missing.message.contains("cannot read"));
}

#[test]
fn truncated_and_garbled_files_never_panic() {
    let text = levels::DECKTET.text;
    for cut in (0..text.len()).step_by(97) {
        if text.is_char_boundary(cut) {
            let _ = levels::parse::<Decktet>("d.ron", &text[..cut]);
        }
    }
    let r = levels::parse::<Decktet>(
        "d.ron",
        "(cards: [(key: \"x\", rank: Number(12), suits: [Moons, Suns])])",
    );
    let e = r.unwrap_err();
    assert!(e.message.contains("rank 12"), "{e}");
}

fn mykonos_error(from: &str, to: &str) -> DataError {
    let text = come_buy_engine::mykonos::LEVEL.text.replace(from, to);
    assert_ne!(
        text,
        come_buy_engine::mykonos::LEVEL.text,
        "fixture {from:?} not found"
    );
    levels::parse::<come_buy_engine::mykonos::Config>("levels/mykonos.ron", &text).unwrap_err()
}

#[test]
fn broken_mykonos_files_are_named_errors() {
    let e = mykonos_error(
        "(players: 3, removed_ranks: [1, 2])",
        "(players: 3, removed_ranks: [1, 14])",
    );
    assert_eq!(e.file, "levels/mykonos.ron");
    assert!(e.message.contains("rank 14"), "{e}");
    let e = mykonos_error("(players: 4, removed_ranks: []),", "");
    assert!(e.message.contains("ranks 4 players remove"), "{e}");
    let e = mykonos_error("max_workers_per_card: 4", "max_workers_per_card: 3");
    assert!(e.message.contains("2 players place 12 workers"), "{e}");
    let e = mykonos_error("pair: 2,", "pair: 5,");
    assert!(e.message.contains("prices must fall"), "{e}");
    let e = mykonos_error("single_card: 1", "single_card: 0");
    assert!(e.message.contains("prices must be 1-1000"), "{e}");
    let e = mykonos_error("neutral_workers: 4", "neutral_workers: 8");
    assert!(e.message.contains("neutral_workers 8"), "{e}");
    let e = mykonos_error("hand_limit: 5", "hand_limit: 0");
    assert!(e.message.contains("hand_limit 0"), "{e}");
    let e = mykonos_error("secret_cards: 2", "secret_cards: 20");
    assert!(e.message.contains("cannot deal and fill one row"), "{e}");
    let e = mykonos_error("    workers: 4,", "    workers: 0,");
    assert!(e.message.contains("workers 0 must be 1-10"), "{e}");
    let e = mykonos_error("income: (base: 2,", "income: (bass: 2,");
    assert!(
        e.to_string()
            .starts_with("levels/mykonos.ron: not valid RON"),
        "{e}"
    );
    let e = mykonos_error("max_players: 4", "max_players: 1");
    assert!(e.message.contains("players 2-1"), "{e}");
}

fn duchess_error(from: &str, to: &str) -> DataError {
    let text = come_buy_engine::duchess::deck::LEVEL
        .text
        .replacen(from, to, 1);
    assert_ne!(
        text,
        come_buy_engine::duchess::deck::LEVEL.text,
        "fixture {from:?} not found"
    );
    levels::parse::<come_buy_engine::duchess::Config>("levels/duchess.ron", &text).unwrap_err()
}

#[test]
fn broken_duchess_files_are_named_errors() {
    let e = duchess_error("removed: 3,", "removed: 4,");
    assert_eq!(e.file, "levels/duchess.ron");
    assert!(e.message.contains("must be pairs"), "{e}");
    let e = duchess_error(
        "gold_florins: [0, 5, 14, 27, 44]",
        "gold_florins: [0, 5, 14, 27]",
    );
    assert!(e.message.contains("gold_florins"), "{e}");
    let e = duchess_error("(key: \"officer\", min: 31)", "(key: \"officer\", min: 26)");
    assert!(e.message.contains("solo_ranks"), "{e}");
    let e = duchess_error("turns_after_empty: 3", "turns_after_empty: 0");
    assert!(e.message.contains("turns_after_empty 0"), "{e}");
    let e = duchess_error(
        "wish: None",
        "wish: Some((gem: Ruby, count: 2, florins: 3))",
    );
    assert!(e.message.contains("must carry no wish"), "{e}");
    let e = duchess_error(
        "gem: Emerald, count: 4, florins: 12",
        "gem: Emerald, count: 4, florins: 13",
    );
    assert!(e.message.contains("4 Emeralds, worth 12"), "{e}");
    let e = duchess_error("set: Base", "set: Gold");
    assert!(
        e.message.contains("Base has 17 cards") && e.message.contains("Gold has 5"),
        "{e}"
    );
    let e = duchess_error("set: Rainbow", "set: Rainbows");
    assert!(
        e.to_string()
            .starts_with("levels/duchess.ron: not valid RON"),
        "{e}"
    );
    let e = duchess_error("top: [Amber", "top: [Topaz");
    assert!(e.message.contains("not valid RON"), "{e}");
    // A cut anywhere is an error, never a panic.
    let text = come_buy_engine::duchess::deck::LEVEL.text;
    for cut in (0..text.len()).step_by(89) {
        if text.is_char_boundary(cut) {
            assert!(
                levels::parse::<come_buy_engine::duchess::Config>("d.ron", &text[..cut]).is_err()
            );
        }
    }
}
