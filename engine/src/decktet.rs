//! The extended Decktet: six suits, 36 basic cards, 4 Pawns, 4 Courts and the Excuse.
//! The card list is data (`levels/decktet.ron`); this module gives it types and checks it.

use crate::levels::{self, DataError, Validate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;
use std::sync::{Arc, OnceLock};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    Moons,
    Suns,
    Waves,
    Leaves,
    Wyrms,
    Knots,
}

impl Suit {
    pub const ALL: [Suit; 6] = [
        Suit::Moons,
        Suit::Suns,
        Suit::Waves,
        Suit::Leaves,
        Suit::Wyrms,
        Suit::Knots,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's message key (its name in the player's language).
    pub fn key(self) -> &'static str {
        match self {
            Suit::Moons => "decktet-suit-moons",
            Suit::Suns => "decktet-suit-suns",
            Suit::Waves => "decktet-suit-waves",
            Suit::Leaves => "decktet-suit-leaves",
            Suit::Wyrms => "decktet-suit-wyrms",
            Suit::Knots => "decktet-suit-knots",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rank {
    Ace,
    Number(u8),
    Crown,
    Pawn,
    Court,
    Excuse,
}

impl Rank {
    /// The rank on the sisterhood cycle: Ace 1, numbers 2-9, Crown 10; others have none.
    pub fn cycle_value(self) -> Option<u8> {
        match self {
            Rank::Ace => Some(1),
            Rank::Number(n) => Some(n),
            Rank::Crown => Some(10),
            _ => None,
        }
    }

    pub fn is_basic(self) -> bool {
        self.cycle_value().is_some()
    }

    /// The rank as data: "ace", "2" to "9", "crown", "pawn", "court", "excuse" (its name is
    /// the message `decktet-rank-<id>`).
    pub fn id(self) -> String {
        match self {
            Rank::Ace => "ace".into(),
            Rank::Number(n) => n.to_string(),
            Rank::Crown => "crown".into(),
            Rank::Pawn => "pawn".into(),
            Rank::Court => "court".into(),
            Rank::Excuse => "excuse".into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    /// The card's key: its name is the message `decktet-card-<key>`.
    pub key: String,
    pub rank: Rank,
    pub suits: Vec<Suit>,
}

/// A card of the Decktet, by its index in `levels/decktet.ron` (serialized as that number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Card(pub u8);

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match decktet().cards.get(self.0 as usize) {
            Some(def) => write!(f, "#{} {}", self.0, def.key),
            None => write!(f, "#{}", self.0),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decktet {
    pub cards: Vec<CardDef>,
}

impl Decktet {
    pub fn def(&self, card: Card) -> &CardDef {
        &self.cards[card.0 as usize]
    }

    pub fn get(&self, card: Card) -> Option<&CardDef> {
        self.cards.get(card.0 as usize)
    }

    fn ids_where(&self, keep: impl Fn(&CardDef) -> bool) -> Vec<Card> {
        (0..self.cards.len())
            .filter(|&i| keep(&self.cards[i]))
            .map(|i| Card(i as u8))
            .collect()
    }

    /// The 36 basic cards (Aces, 2-9, Crowns).
    pub fn basic(&self) -> Vec<Card> {
        self.ids_where(|c| c.rank.is_basic())
    }

    /// The Pawns and Courts.
    pub fn pawns_and_courts(&self) -> Vec<Card> {
        self.ids_where(|c| matches!(c.rank, Rank::Pawn | Rank::Court))
    }

    /// The card with this key ("castle" for The Castle).
    pub fn by_key(&self, key: &str) -> Option<Card> {
        self.cards
            .iter()
            .position(|c| c.key == key)
            .map(|i| Card(i as u8))
    }
}

impl Validate for Decktet {
    fn problems(&self) -> Vec<String> {
        let mut p = Vec::new();
        if self.cards.len() > 255 {
            p.push(format!("{} cards is too many", self.cards.len()));
        }
        let mut names = BTreeSet::new();
        for c in &self.cards {
            if c.key.trim().is_empty() {
                p.push("a card has an empty key".into());
            } else if !names.insert(c.key.to_lowercase()) {
                p.push(format!("card key {:?} appears twice", c.key));
            }
            let distinct: BTreeSet<_> = c.suits.iter().collect();
            if distinct.len() != c.suits.len() {
                p.push(format!("{:?} repeats a suit", c.key));
            }
            let want = match c.rank {
                Rank::Ace | Rank::Crown => 1,
                Rank::Number(n) if (2..=9).contains(&n) => 2,
                Rank::Number(n) => {
                    p.push(format!("{:?} has rank {n}; numbered ranks are 2-9", c.key));
                    2
                }
                Rank::Pawn | Rank::Court => 3,
                Rank::Excuse => 0,
            };
            if c.suits.len() != want {
                p.push(format!(
                    "{:?} ({}) has {} suits, expected {want}",
                    c.key,
                    c.rank.id(),
                    c.suits.len()
                ));
            }
        }
        let count = |r: &dyn Fn(Rank) -> bool| self.cards.iter().filter(|c| r(c.rank)).count();
        for (label, want, pred) in [
            ("Aces", 6, &(|r| r == Rank::Ace) as &dyn Fn(Rank) -> bool),
            ("Crowns", 6, &|r| r == Rank::Crown),
            ("Pawns", 4, &|r| r == Rank::Pawn),
            ("Courts", 4, &|r| r == Rank::Court),
            ("Excuses", 1, &|r| r == Rank::Excuse),
        ] {
            let n = count(pred);
            if n != want {
                p.push(format!("{n} {label}, expected {want}"));
            }
        }
        // Each numbered rank has three cards that together show all six suits, and each of
        // Aces and Crowns shows every suit once.
        let mut ranks: Vec<(String, Vec<Rank>)> = vec![
            ("Aces".into(), vec![Rank::Ace]),
            ("Crowns".into(), vec![Rank::Crown]),
        ];
        for n in 2..=9 {
            ranks.push((format!("rank {n}"), vec![Rank::Number(n)]));
        }
        ranks.push(("Pawns".into(), vec![Rank::Pawn]));
        ranks.push(("Courts".into(), vec![Rank::Court]));
        for (label, rs) in ranks {
            let cards: Vec<&CardDef> = self.cards.iter().filter(|c| rs.contains(&c.rank)).collect();
            let mut per_suit = [0usize; 6];
            for c in &cards {
                for s in &c.suits {
                    per_suit[s.index()] += 1;
                }
            }
            let expect_each = match label.as_str() {
                "Pawns" | "Courts" => 2,
                _ => 1,
            };
            if label.starts_with("rank") && cards.len() != 3 {
                p.push(format!("{label} has {} cards, expected 3", cards.len()));
            } else if per_suit.iter().any(|&k| k != expect_each) {
                p.push(format!(
                    "{label} should show each suit {expect_each} time(s), shows {:?}",
                    Suit::ALL
                        .iter()
                        .zip(per_suit)
                        .map(|(s, k)| format!("{s:?} {k}"))
                        .collect::<Vec<_>>()
                ));
            }
        }
        p
    }
}

/// The Decktet from the embedded `levels/decktet.ron`, parsed once.
pub fn decktet() -> Arc<Decktet> {
    static DECK: OnceLock<Result<Arc<Decktet>, DataError>> = OnceLock::new();
    match DECK.get_or_init(|| levels::DECKTET.parse().map(Arc::new)) {
        Ok(d) => d.clone(),
        // The embedded file is checked by the test suite; reaching this is a build error.
        Err(e) => panic!("embedded level data is broken: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_deck_is_complete() {
        let d = decktet();
        assert_eq!(d.cards.len(), 45);
        assert_eq!(d.basic().len(), 36);
        assert_eq!(d.pawns_and_courts().len(), 8);
        let castle = d.by_key("castle").unwrap();
        assert_eq!(d.def(castle).rank, Rank::Number(7));
        assert_eq!(d.def(castle).suits, vec![Suit::Suns, Suit::Knots]);
        // Each suit shows on 8 numbered cards, as in the printed deck.
        for s in Suit::ALL {
            let n = d
                .cards
                .iter()
                .filter(|c| matches!(c.rank, Rank::Number(_)) && c.suits.contains(&s))
                .count();
            assert_eq!(n, 8, "{s:?}");
        }
    }

    #[test]
    fn broken_decks_are_named_errors() {
        let text = levels::DECKTET.text.replace(
            "(key: \"castle\", rank: Number(7), suits: [Suns, Knots])",
            "(key: \"castle\", rank: Number(7), suits: [Suns, Suns])",
        );
        assert_ne!(text, levels::DECKTET.text, "fixture must change the file");
        let err = levels::parse::<Decktet>("levels/decktet.ron", &text).unwrap_err();
        assert_eq!(err.file, "levels/decktet.ron");
        assert!(err.message.contains("castle"), "{err}");
        let err = levels::parse::<Decktet>("x.ron", "(cards: [(name: 1)])").unwrap_err();
        assert!(err.to_string().starts_with("x.ron: not valid RON"), "{err}");
        let dup = levels::DECKTET.text.replace("\"cave\"", "\"castle\"");
        let err = levels::parse::<Decktet>("d.ron", &dup).unwrap_err();
        assert!(err.message.contains("appears twice"), "{err}");
    }
}
