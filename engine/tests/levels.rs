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
    round_trip::<Config>(&levels::GOBLIN_MARKET);
}

#[test]
fn every_file_in_levels_is_known_to_the_engine() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../levels");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| format!("levels/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|p| p.ends_with(".ron"))
        .collect();
    on_disk.sort();
    let mut known: Vec<String> = levels::ALL.iter().map(|f| f.path.to_string()).collect();
    known.sort();
    assert_eq!(
        on_disk, known,
        "a RON file in levels/ has no round-trip test"
    );
}

fn config_error(from: &str, to: &str) -> DataError {
    let text = levels::GOBLIN_MARKET.text.replace(from, to);
    assert_ne!(
        text,
        levels::GOBLIN_MARKET.text,
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
        "(cards: [(name: \"X\", rank: Number(12), suits: [Moons, Suns])])",
    );
    let e = r.unwrap_err();
    assert!(e.message.contains("rank 12"), "{e}");
}
