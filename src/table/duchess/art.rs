//! The Duchess's own images: the jeweller's card face and back, the gems (which the log shows
//! too) and the florin.

use crate::art::{Art, CARD_PIXELS, IconSet, LaterArt};
use bevy::prelude::*;
use come_buy_media::art::{self, GemShape};

#[derive(Default, Clone)]
pub struct DuchessArt {
    pub jewel_face: Handle<Image>,
    pub jewel_back: Handle<Image>,
    /// The gems, in the engine's `Gem` order (`GemShape::ALL`: then the rainbow stone and
    /// the gold ingot).
    pub gems: Vec<Handle<Image>>,
    pub florin: Handle<Image>,
}

/// Every image is reserved here and drawn after the first frame (`crate::art::LaterArt`):
/// those the title's cards show (their face and gems) first.
pub(super) fn make(art: &mut Art, later: &mut LaterArt, images: &Assets<Image>) -> DuchessArt {
    let (w, h) = CARD_PIXELS;
    let made = DuchessArt {
        jewel_back: later.reserve(images, move || art::jewel_card_back(w, h)),
        florin: later.reserve(images, || art::florin(96)),
        jewel_face: later.reserve(images, move || art::jewel_card_face(w, h)),
        gems: GemShape::ALL
            .iter()
            .map(|&g| later.reserve(images, move || art::gem_symbol(g, 128)))
            .collect(),
    };
    art.add_icons(IconSet::Gem, made.gems.clone());
    made
}
