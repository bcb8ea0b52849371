//! The standard 52-card deck Mýkonos plays with: four suits, ranks Ace (1, always low) to
//! King (13).
//!
//! A card's id (its JSON and RON form in actions, effects and views) is a number from 0 to 51:
//! `suit * 13 + rank - 1` with the suits in the order Spades (0), Hearts (1), Diamonds (2),
//! Clubs (3). So 0 is the Ace of Spades, 12 the King of Spades, 22 the 10 of Hearts and 51 the
//! King of Clubs. Any other number is refused when an action is read.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// One of the four suits, in id order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♠, id 0-12.
    Spades,
    /// ♥, id 13-25.
    Hearts,
    /// ♦, id 26-38.
    Diamonds,
    /// ♣, id 39-51.
    Clubs,
}

impl Suit {
    /// The four suits in id order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// 0 for Spades to 3 for Clubs.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The suit's message key (its name in the player's language).
    pub fn key(self) -> &'static str {
        match self {
            Suit::Spades => "poker-suit-spades",
            Suit::Hearts => "poker-suit-hearts",
            Suit::Diamonds => "poker-suit-diamonds",
            Suit::Clubs => "poker-suit-clubs",
        }
    }

    /// The suit's symbol ("♠", "♥", "♦", "♣").
    pub fn symbol(self) -> &'static str {
        match self {
            Suit::Spades => "♠",
            Suit::Hearts => "♥",
            Suit::Diamonds => "♦",
            Suit::Clubs => "♣",
        }
    }

    /// The suit's ASCII letter ("S", "H", "D", "C").
    pub fn letter(self) -> &'static str {
        match self {
            Suit::Spades => "S",
            Suit::Hearts => "H",
            Suit::Diamonds => "D",
            Suit::Clubs => "C",
        }
    }

    /// Hearts and Diamonds are red (for the table's card faces).
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// The lowest rank (the Ace).
pub const ACE: u8 = 1;
/// The Jack.
pub const JACK: u8 = 11;
/// The Queen.
pub const QUEEN: u8 = 12;
/// The highest rank (the King).
pub const KING: u8 = 13;
/// Every rank from Ace (1) to King (13).
pub const RANKS: std::ops::RangeInclusive<u8> = ACE..=KING;

/// A rank's short label: "A", "2", ..., "10", "J", "Q", "K" ("?" outside 1-13).
pub fn rank_label(rank: u8) -> &'static str {
    const LABELS: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    match rank {
        1..=13 => LABELS[rank as usize - 1],
        _ => "?",
    }
}

/// A rank's message key (its name in the player's language): "poker-rank-1" (Ace) to
/// "poker-rank-13" (King).
pub fn rank_key(rank: u8) -> &'static str {
    const KEYS: [&str; 13] = [
        "poker-rank-1",
        "poker-rank-2",
        "poker-rank-3",
        "poker-rank-4",
        "poker-rank-5",
        "poker-rank-6",
        "poker-rank-7",
        "poker-rank-8",
        "poker-rank-9",
        "poker-rank-10",
        "poker-rank-11",
        "poker-rank-12",
        "poker-rank-13",
    ];
    match rank {
        1..=13 => KEYS[rank as usize - 1],
        _ => "poker-rank-1",
    }
}

/// Jacks, Queens and Kings are face cards (they pay income while held).
pub fn is_face_rank(rank: u8) -> bool {
    (JACK..=KING).contains(&rank)
}

/// One card of the 52, by id (see the module docs). Every value of this type is a real card:
/// ids outside 0-51 are refused when read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Card(u8);

impl Card {
    /// The number of cards in a full deck.
    pub const COUNT: usize = 52;

    /// The card with this rank (1-13) and suit, if the rank exists.
    pub fn new(rank: u8, suit: Suit) -> Option<Card> {
        RANKS
            .contains(&rank)
            .then(|| Card(suit.index() as u8 * 13 + rank - 1))
    }

    /// The card with this id (0-51).
    pub fn from_id(id: u8) -> Option<Card> {
        (usize::from(id) < Self::COUNT).then_some(Card(id))
    }

    /// All 52 cards in id order.
    pub fn all() -> Vec<Card> {
        (0..Self::COUNT as u8).map(Card).collect()
    }

    /// The card's id, 0-51.
    pub fn id(self) -> u8 {
        self.0
    }

    /// 1 (Ace) to 13 (King).
    pub fn rank(self) -> u8 {
        self.0 % 13 + 1
    }

    /// The card's suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[usize::from(self.0 / 13)]
    }

    /// Jack, Queen or King.
    pub fn is_face(self) -> bool {
        is_face_rank(self.rank())
    }

    /// The rank's label ("A", "2", ..., "10", "J", "Q", "K").
    pub fn rank_label(self) -> &'static str {
        rank_label(self.rank())
    }

    /// ASCII form, e.g. "10H", "KS", "AD" (the `Display` form uses suit symbols: "10♥").
    pub fn short(self) -> String {
        format!("{}{}", self.rank_label(), self.suit().letter())
    }

    /// The card in words ("Ten of Hearts" in English), as a message.
    pub fn text(self) -> crate::text::Text {
        crate::text::Text::new("poker-card")
            .text("rank", crate::text::Text::new(rank_key(self.rank())))
            .text("suit", crate::text::Text::new(self.suit().key()))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_label(), self.suit().symbol())
    }
}

impl TryFrom<u8> for Card {
    type Error = String;

    fn try_from(id: u8) -> Result<Card, String> {
        Card::from_id(id).ok_or_else(|| format!("card id {id} is not 0-51"))
    }
}

impl From<Card> for u8 {
    fn from(card: Card) -> u8 {
        card.0
    }
}

impl FromStr for Card {
    type Err = String;

    /// Reads "10H", "KS", "AD", "10♥" or "Q♣" (rank label then suit letter or symbol).
    fn from_str(s: &str) -> Result<Card, String> {
        let t = s.trim();
        let bad = || format!("{s:?} is not a card (write e.g. \"10H\", \"KS\" or \"A♦\")");
        let suit_at = t.char_indices().last().map(|(i, _)| i).ok_or_else(bad)?;
        let (rank, suit) = t.split_at(suit_at);
        let suit = Suit::ALL
            .into_iter()
            .find(|x| x.letter().eq_ignore_ascii_case(suit) || x.symbol() == suit)
            .ok_or_else(bad)?;
        let rank = RANKS
            .into_iter()
            .find(|&r| rank_label(r).eq_ignore_ascii_case(rank))
            .ok_or_else(bad)?;
        Card::new(rank, suit).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_ranks_suits_and_names() {
        let all = Card::all();
        assert_eq!(all.len(), 52);
        for (i, c) in all.iter().enumerate() {
            assert_eq!(c.id() as usize, i);
            assert_eq!(Card::new(c.rank(), c.suit()), Some(*c));
            assert_eq!(c.short().parse::<Card>(), Ok(*c));
            assert_eq!(c.to_string().parse::<Card>(), Ok(*c));
        }
        let ten_hearts = Card::new(10, Suit::Hearts).unwrap();
        assert_eq!(ten_hearts.id(), 22);
        assert_eq!(ten_hearts.to_string(), "10♥");
        assert_eq!(ten_hearts.short(), "10H");
        assert_eq!(
            ten_hearts.text().to_string(),
            "poker-card(rank: poker-rank-10, suit: poker-suit-hearts)"
        );
        assert_eq!(Card::from_id(51).map(|c| c.short()), Some("KC".into()));
        assert_eq!(Card::from_id(52), None);
        assert_eq!(Card::new(0, Suit::Spades), None);
        assert_eq!(Card::new(14, Suit::Spades), None);
        assert!(Card::new(11, Suit::Clubs).unwrap().is_face());
        assert!(!Card::new(10, Suit::Clubs).unwrap().is_face());
        assert!(!Card::new(1, Suit::Clubs).unwrap().is_face());
        assert_eq!(rank_label(1), "A");
        assert_eq!(rank_label(13), "K");
        assert_eq!(rank_label(0), "?");
        assert!("1H".parse::<Card>().is_err());
        assert!("10X".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("ks".parse::<Card>().is_ok());
    }

    #[test]
    fn serialized_as_an_id_and_checked_when_read() {
        let c: Card = "QD".parse().unwrap();
        assert_eq!(serde_json::to_string(&c).unwrap(), "37");
        assert_eq!(serde_json::from_str::<Card>("37").unwrap(), c);
        assert!(serde_json::from_str::<Card>("52").is_err());
        assert!(serde_json::from_str::<Card>("-1").is_err());
        assert_eq!(ron::from_str::<Card>("0"), Ok("AS".parse().unwrap()));
        assert!(ron::from_str::<Card>("99").is_err());
    }
}
