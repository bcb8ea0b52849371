//! Mýkonos's own images: the poker face and its four suit pips (which the log shows too), the
//! workers in each seat's colour and the neutral grey one, and the start marker.

use crate::art::{Art, CARD_PIXELS, IconSet, LaterArt};
use bevy::prelude::*;
use come_buy_media::art::{self, PokerSuit};

#[derive(Default, Clone)]
pub struct MykonosArt {
    pub poker_face: Handle<Image>,
    /// The four suit pips (index = engine `Suit::index`).
    pub poker_suits: Vec<Handle<Image>>,
    /// Workers per seat colour (index = `SEAT_COLORS`).
    pub meeples: Vec<Handle<Image>>,
    pub neutral_meeple: Handle<Image>,
    pub start_marker: Handle<Image>,
}

/// Every image is reserved here and drawn after the first frame (`crate::art::LaterArt`):
/// those the title's cards show (their face and pips) first.
pub(super) fn make(art: &mut Art, later: &mut LaterArt, images: &Assets<Image>) -> MykonosArt {
    let (w, h) = CARD_PIXELS;
    let made = MykonosArt {
        meeples: crate::theme::SEAT_COLORS
            .iter()
            .map(|(c, _)| {
                let c = *c;
                later.reserve(images, move || art::meeple(96, c))
            })
            .collect(),
        neutral_meeple: later.reserve(images, || art::meeple(96, [150, 150, 155])),
        start_marker: later.reserve(images, || art::start_marker(128)),
        poker_face: later.reserve(images, move || art::poker_card_face(w, h)),
        poker_suits: PokerSuit::ALL
            .iter()
            .map(|&s| later.reserve(images, move || art::poker_suit_symbol(s, 128)))
            .collect(),
    };
    art.add_icons(IconSet::Pip, made.poker_suits.clone());
    made
}
