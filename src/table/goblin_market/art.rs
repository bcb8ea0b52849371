//! Goblin Market's own images: the Decktet card faces (one accent per first suit, and a
//! neutral one) and the six suit symbols, which the log shows too.

use crate::art::{Art, CARD_PIXELS, IconSet, LaterArt};
use bevy::prelude::*;
use come_buy_engine::decktet::Suit;
use come_buy_media::art::{self, SuitShape};

#[derive(Default, Clone)]
pub struct DecktetArt {
    /// A card face per suit accent (index = `Suit::index`), and a neutral one.
    pub faces: Vec<Handle<Image>>,
    pub neutral_face: Handle<Image>,
    pub suits: Vec<Handle<Image>>,
}

impl DecktetArt {
    pub fn suit(&self, s: Suit) -> Handle<Image> {
        self.suits.get(s.index()).cloned().unwrap_or_default()
    }

    pub fn face(&self, first_suit: Option<Suit>) -> Handle<Image> {
        first_suit
            .and_then(|s| self.faces.get(s.index()).cloned())
            .unwrap_or_else(|| self.neutral_face.clone())
    }
}

pub(crate) fn shape(s: Suit) -> SuitShape {
    match s {
        Suit::Moons => SuitShape::Moons,
        Suit::Suns => SuitShape::Suns,
        Suit::Waves => SuitShape::Waves,
        Suit::Leaves => SuitShape::Leaves,
        Suit::Wyrms => SuitShape::Wyrms,
        Suit::Knots => SuitShape::Knots,
    }
}

/// Every image is reserved here and drawn after the first frame (`crate::art::LaterArt`):
/// those the title's cards show (their faces and suits) first.
pub(super) fn make(art: &mut Art, later: &mut LaterArt, images: &Assets<Image>) -> DecktetArt {
    let (w, h) = CARD_PIXELS;
    let made = DecktetArt {
        faces: Suit::ALL
            .iter()
            .map(|&s| {
                later.reserve(images, move || {
                    art::card_face(w, h, art::suit_color(shape(s)))
                })
            })
            .collect(),
        neutral_face: later.reserve(images, move || art::card_face(w, h, [120, 100, 70])),
        suits: Suit::ALL
            .iter()
            .map(|&s| later.reserve(images, move || art::suit_symbol(shape(s), 128)))
            .collect(),
    };
    art.add_icons(IconSet::Suit, made.suits.clone());
    made
}
