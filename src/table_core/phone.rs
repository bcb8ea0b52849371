//! What a seat's phone is sent of its cards and choices, as the table's own art draws them
//! (each game's folder fills these in from the seat's own view; `crate::phones` sends them).

/// A card as a seat's phone draws it, with the pieces of the table's own art that
/// `crate::phones::art` serves (so the phone's card is the TV's card): its name for the page's
/// screen readers and matching, and what goes on its face.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PhoneCard {
    /// The card's short name ("Q♥", "Pearl, Ruby, Emerald, Sapphire · exactly 2 Rubies: 5").
    pub label: String,
    #[serde(flatten)]
    pub face: PhoneFace,
}

/// What a phone shows of one choice besides its words: the cards it is about, and whether the
/// choice is one card itself (to discard, to queue at, to take), so that tapping that card
/// chooses it; a sale of several cards (or of one, among other sales) stays a button that
/// shows its cards.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PhoneChoice {
    pub cards: Vec<PhoneCard>,
    pub tap: bool,
    /// The table log's symbols for what the choice moves (the coin where money changes
    /// hands), as the names of `crate::phones::art`'s files; shown on its button.
    pub icons: Vec<&'static str>,
}

impl PhoneChoice {
    /// The choice is `card` itself.
    pub fn card(card: PhoneCard) -> PhoneChoice {
        PhoneChoice {
            cards: vec![card],
            tap: true,
            icons: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum PhoneFace {
    /// A playing card: the rank in two corners in its suit's ink, its pip (`pip-N.png`), and a
    /// big pip or, on a face card, the big letter.
    Poker {
        rank: String,
        pip: usize,
        ink: String,
        face: bool,
    },
    /// A jeweller's card: four stones (`gem-N.png`), then in the cartouche the wish's words,
    /// its stone and its florins, or the court gold's words.
    Jewel {
        gems: Vec<usize>,
        words: String,
        /// The words' size as a fraction of the card's height (shrunk to fit, as on the TV).
        words_size: f32,
        wish_gem: Option<usize>,
        florins: String,
    },
}

/// What every seat sees of the table, for a phone whose seat waits while others choose: the
/// open cards (Mýkonos's row, the Duchess's discard pile and common card), who stands in line
/// at each, and lines such as the cards left to draw. From the seat's own view only: nothing
/// any view keeps hidden from it.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PhoneTable {
    /// Words over the table's part of the page ("On the table").
    pub title: String,
    pub spots: Vec<PhoneSpot>,
    pub lines: Vec<String>,
}

/// One place on the table: its card (none where it is gone), words under it, and who stands
/// there, first in line first.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct PhoneSpot {
    pub card: Option<PhoneCard>,
    pub caption: String,
    /// The line's workers, first to decide first (`crate::phones` names the seats with their
    /// names and colours).
    #[serde(skip)]
    pub line: Vec<InLine>,
}

/// One worker in a line on a phone's table.
#[derive(Clone, Debug, PartialEq)]
pub enum InLine {
    Seat(usize),
    /// Nobody's seat (Mýkonos's neutral crew), by name, drawn grey.
    Other(String),
}
