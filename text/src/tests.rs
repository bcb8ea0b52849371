//! The catalog reads, has every message the engine can ask for, and says things right.

use super::*;
use come_buy_engine::decktet::{self, decktet};
use come_buy_engine::duchess::{self, Gem, RainbowUse};
use come_buy_engine::mykonos::{self, Category};
use come_buy_engine::{RuleError, catalog};

/// Every message key written as a literal in the engine's sources (`"forbid-..."` and so on).
fn keys_in_engine_sources() -> Vec<String> {
    keys_in_sources(
        "../engine/src",
        &[
            "\"forbid-",
            "\"move-",
            "\"moment-",
            "\"error-",
            "\"mykonos-",
            "\"poker-",
            "\"duchess-",
            "\"decktet-",
            "\"game-",
        ],
    )
}

/// Every message key with one of `prefixes` written as a literal under `dir` (relative to
/// this crate).
fn keys_in_sources(dir: &str, prefixes: &[&str]) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files = vec![root.clone()];
    let mut keys = Vec::new();
    while let Some(path) = files.pop() {
        // The game built only for the tests speaks only where its words are built in.
        if path.ends_with("goofspiel") && !cfg!(feature = "test-game") {
            continue;
        }
        if path.is_dir() {
            for e in std::fs::read_dir(&path).unwrap() {
                files.push(e.unwrap().path());
            }
            continue;
        }
        if path.extension().is_none_or(|x| x != "rs") || path.ends_with("tests.rs") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        for prefix in prefixes {
            for (i, _) in src.match_indices(prefix) {
                let rest = &src[i + 1..];
                let end = rest.find('"').unwrap();
                let key = &rest[..end];
                // Prefixes used to build keys (`"duchess-gem-".len()`) end in '-'; format
                // strings and developer forms in doc tests hold other characters.
                let plain = key
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if plain && !key.ends_with('-') {
                    keys.push(key.to_string());
                }
            }
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

#[test]
fn every_language_file_reads_and_keys_are_unique() {
    for lang in LANGUAGES {
        let c = Catalog::new(lang).unwrap();
        let mut keys = c.keys().to_vec();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n, "{}: a key is given twice", lang.tag);
        assert!(n > 150, "{}: {n} messages", lang.tag);
    }
}

#[test]
fn every_key_written_in_the_engine_is_in_the_catalog() {
    let keys = keys_in_engine_sources();
    assert!(keys.len() > 80, "found {} keys", keys.len());
    let missing: Vec<&String> = keys.iter().filter(|k| !english().has(k)).collect();
    assert!(missing.is_empty(), "missing messages: {missing:?}");
}

#[test]
fn every_hint_key_the_table_writes_is_in_the_catalog() {
    let keys = keys_in_sources("../src", &["\"hint-"]);
    assert!(keys.len() > 25, "found {} keys", keys.len());
    let missing: Vec<&String> = keys.iter().filter(|k| !english().has(k)).collect();
    assert!(missing.is_empty(), "missing messages: {missing:?}");
}

#[test]
fn every_name_the_engine_and_the_levels_can_ask_for_formats() {
    let en = english();
    let check = |t: come_buy_engine::Text| {
        let s = en.try_say(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(!s.is_empty() && !s.contains('{'), "{t} -> {s:?}");
    };
    for g in catalog::games() {
        assert!(en.has(g.name_key), "{}", g.name_key);
    }
    let deck = decktet();
    for i in 0..deck.cards.len() {
        let card = decktet::Card(i as u8);
        assert!(!names::decktet_card(&deck, card).starts_with("decktet-"));
        assert!(!names::decktet_rank(deck.def(card).rank).starts_with("decktet-"));
    }
    for s in decktet::Suit::ALL {
        assert!(en.has(s.key()));
    }
    for c in Category::ALL {
        check(c.text());
        check(c.what());
    }
    for p in [
        mykonos::Phase::Offer,
        mykonos::Phase::Demand,
        mykonos::Phase::Purchases,
        mykonos::Phase::Sales,
        mykonos::Phase::Income,
        mykonos::Phase::EndOfRound,
        mykonos::Phase::GameOver,
    ] {
        check(come_buy_engine::Text::new(p.key()));
    }
    for c in mykonos::Card::all() {
        check(c.text());
    }
    let cfg = duchess::config();
    for (i, def) in cfg.cards.iter().enumerate() {
        assert!(en.has(&format!("duchess-card-{}", def.key)), "{}", def.key);
        if let Some(w) = def.wish {
            check(w.text());
        }
        let _ = i;
    }
    for band in &cfg.solo_ranks {
        assert!(
            en.has(&format!("duchess-rank-{}", band.key)),
            "{}",
            band.key
        );
    }
    for g in Gem::ALL {
        check(g.text(1));
        check(g.text(3));
    }
    for u in RainbowUse::ALL {
        check(u.text());
    }
    for set in [
        duchess::CardSet::Base,
        duchess::CardSet::Rainbow,
        duchess::CardSet::Gold,
    ] {
        assert!(en.has(set.key()));
    }
    for e in [
        RuleError::GameOver,
        RuleError::NotYourTurn {
            expected: 1,
            got: 0,
        },
        RuleError::NoSuchSeat {
            seat: 7,
            players: 3,
        },
        RuleError::BidOutOfRange {
            bid: 9,
            min: 1,
            max: 5,
        },
        RuleError::BidOutOfRange {
            bid: 9,
            min: 6,
            max: 5,
        },
        RuleError::CardNotAvailable { card: 12 },
        RuleError::PlayerCount {
            min: 3,
            max: 6,
            got: 2,
        },
        RuleError::UnknownVariant {
            variant: "x".into(),
            known: vec!["a", "b"],
        },
        RuleError::BadData {
            problem: "p".into(),
        },
    ] {
        check(e.text());
    }
}

#[test]
fn english_says_things_right() {
    let en = |t: &come_buy_engine::Text| english().say(t);
    let cfg = duchess::config();
    let wish_of = |gem: Gem, count: u8| duchess::Wish {
        gem,
        count,
        florins: 1,
    };
    assert_eq!(names::wish(&wish_of(Gem::Ruby, 3)), "exactly\u{a0}3 Rubies");
    assert_eq!(
        names::wish(&wish_of(Gem::Rainbow, 1)),
        "exactly one rainbow stone used"
    );
    assert_eq!(names::gem(Gem::Ruby, 1), "Ruby");
    assert_eq!(
        names::rainbow_use(RainbowUse::As(Gem::Amber)),
        "as an Amber"
    );
    assert_eq!(names::rainbow_use(RainbowUse::As(Gem::Ruby)), "as a Ruby");
    assert_eq!(names::rainbow_use(RainbowUse::LeftOut), "left out");
    let ten_hearts = mykonos::Card::new(10, mykonos::Suit::Hearts).unwrap();
    assert_eq!(names::poker_card(ten_hearts), "Ten of Hearts");
    assert_eq!(names::hand(Category::FullHouse), "Full house");
    assert_eq!(
        names::mykonos_phase(mykonos::Phase::EndOfRound),
        "End of round"
    );
    let deck = decktet();
    assert_eq!(
        names::decktet_card(&deck, deck.by_key("castle").unwrap()),
        "The Castle"
    );
    assert_eq!(
        names::duchess_card(&cfg, duchess::Card(0)),
        "The Countess's Brooch"
    );
    assert_eq!(names::solo_rank("magister"), "Magister");
    assert_eq!(names::game("game-mykonos"), "Mýkonos");
    assert_eq!(
        en(&RuleError::Forbidden(
            come_buy_engine::Text::new("forbid-cannot-afford")
                .num("price", 3)
                .num("money", 2)
        )
        .text()),
        "The card costs $3 and you have $2: you must pass."
    );
    assert_eq!(
        names::rule_error(&RuleError::WrongMoment {
            action: "move-bid",
            expected: "moment-take-one"
        }),
        "Bidding is not possible now: take one of the remaining cards."
    );
    // A gap shows as the developer form, never as an empty string.
    assert_eq!(
        english().say(&come_buy_engine::Text::new("no-such-message").num("n", 1)),
        "no-such-message(n: 1)"
    );
    assert_eq!(tr("no-such-message"), "no-such-message");
}

#[test]
fn every_hint_message_formats_and_counts_right() {
    let en = english();
    let hints: Vec<&String> = en
        .keys()
        .iter()
        .filter(|k| k.starts_with("hint-"))
        .collect();
    assert!(hints.len() > 25);
    for n in [0i64, 1, 3] {
        let mut args = FluentArgs::new();
        for name in [
            "pick", "reason", "card", "rival", "hand", "suit", "points", "before", "after",
            "expect", "take", "now", "seen",
        ] {
            args.set(name, format!("<{name}>"));
        }
        for name in [
            "percent", "games", "gain", "price", "faces", "loss", "cards", "worth", "bid",
            "florins", "coins",
        ] {
            args.set(name, n);
        }
        for key in &hints {
            let line = en.format(key, &args).unwrap();
            assert!(!line.contains('{') && !line.is_empty(), "{key}: {line}");
        }
    }
    let say = |t: Text| en.say(&t);
    assert_eq!(
        say(Text::new("hint-duchess-florins").num("florins", 1)),
        "1 florin"
    );
    assert_eq!(
        say(Text::new("hint-gm-points").num("points", 4)),
        "4 points"
    );
    assert_eq!(
        say(Text::new("hint-mykonos-keep").num("faces", 2)),
        "your\u{a0}2 face cards pay income every round, and pairs may grow"
    );
}

#[test]
fn a_number_keeps_the_word_before_it_on_its_row() {
    let nb = '\u{a0}';
    assert_eq!(
        numbers_with_words("Continue Goblin Market (move 1)"),
        format!("Continue Goblin Market (move{nb}1)")
    );
    assert_eq!(
        numbers_with_words("Repetición: jugada 0 de 150"),
        format!("Repetición: jugada{nb}0 de{nb}150")
    );
    assert_eq!(
        numbers_with_words("buy it for 3? worth -2."),
        format!("buy it for{nb}3? worth{nb}-2.")
    );
    // Only after a word and before a number: the rest wraps as before.
    for plain in [
        "Today's deal · 2026-12-06 · the end",
        "Bot facile: 123/402",
        "12 florins and more",
        "a - b",
        "x -y",
    ] {
        assert_eq!(numbers_with_words(plain), plain);
    }
}
