//! Where everything sits on the Duchess's 1920x1080 virtual table (origin at the centre).

use crate::art::CARD;
use bevy::prelude::*;
use come_buy_engine::duchess::Zone;
use come_buy_engine::game::Seat;

pub(crate) const ROW_Y: f32 = 150.0;
pub(crate) const PILE: f32 = 0.75;
/// The bottom hand's scale (see [`Layout::slot`]).
pub(crate) const OWN_HAND: f32 = 1.4;
/// Where the bottom hand is centred (between the table's left edge and the panel).
const OWN_HAND_CENTRE: f32 = -312.0;
/// The space between the bottom hand's cards.
const OWN_HAND_GAP: f32 = 4.0;
/// Lines on a panel: a hand of five while it discards, and the common card (it counts for
/// everyone, so its wish is always shown).
pub(crate) const NECKLACE_LINES: usize = 6;
/// A seat's panel: its name, its necklace's value and a line per card's wish.
pub(crate) const PANEL: Vec2 = Vec2::new(620.0, 300.0);
/// The wish lines' size (smaller only where a line would not fit) and spacing.
pub(crate) const PANEL_LINE: f32 = 28.0;
pub(crate) const PANEL_LINE_STEP: f32 = 40.0;

/// A card on offer whose wish a line spells out at a sofa's size.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Offer {
    /// The top of the discard pile (a duel's take-or-draw).
    Discard,
    /// Solo: the card of the pair looked at (keep it or the unseen one).
    Looked,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub players: usize,
    /// Per seat: whether its hand sits along the bottom (large) or the top.
    pub bottom: Vec<bool>,
}

impl Layout {
    /// The piles' labels (under their cards): where each sits, its words, and the room it has
    /// before it would meet a neighbour.
    pub fn labels(&self) -> Vec<(Vec2, &'static str, f32)> {
        let under = |zone: Zone| {
            let p = self.slot(zone, 0, 1).0;
            Vec2::new(p.x, p.y - CARD.y / 2.0 - 26.0)
        };
        let mut v = vec![
            (under(Zone::DrawPile), "table-draw-pile", 240.0),
            (under(Zone::Common), "duchess-common-card", 240.0),
            (under(Zone::Discard), "table-discards", 260.0),
        ];
        if self.players == 1 {
            v.push((
                Vec2::new(140.0, ROW_Y - CARD.y / 2.0 - 26.0),
                "duchess-two-cards",
                380.0,
            ));
        }
        // The cards set aside unseen at the start (a small stack, so its label sits closer).
        let removed = self.slot(Zone::Removed, 0, 1).0;
        v.push((
            Vec2::new(removed.x + 14.0, removed.y - CARD.y * 0.25 - 30.0),
            "duchess-out-of-play",
            300.0,
        ));
        v
    }

    /// Where the line that spells out a card on offer sits (under its pile's label, in the
    /// necklace panels' size), and its room: the top discard, and solo the card looked at.
    pub(crate) fn offer_line(&self, offer: Offer) -> (Vec2, f32) {
        match offer {
            Offer::Discard => {
                // Under the pile's label (which sits a whole card's half below the row, as
                // every pile label does), never on it.
                let p = self.slot(Zone::Discard, 0, 1).0;
                (
                    Vec2::new(p.x, ROW_Y - CARD.y / 2.0 - 68.0),
                    if self.players == 1 { 420.0 } else { 520.0 },
                )
            }
            Offer::Looked => (Vec2::new(140.0, ROW_Y - CARD.y / 2.0 - 68.0), 420.0),
        }
    }

    pub fn new(players: usize, first_person: Option<Seat>) -> Layout {
        let low = first_person.unwrap_or(0);
        Layout {
            players,
            bottom: (0..players).map(|s| s == low).collect(),
        }
    }

    /// The bottom hand is the person's own: large enough to read its gems and wishes from a
    /// sofa (at least 235 px tall at 1080p whatever the choice docked under the table, the
    /// layout audit's sofa figures), filling the band between the row and the table's edge.
    fn hand_scale(&self, seat: Seat) -> f32 {
        if self.bottom.get(seat).copied().unwrap_or(true) {
            OWN_HAND
        } else {
            0.72
        }
    }

    pub fn slot(&self, zone: Zone, index: usize, count: usize) -> (Vec3, f32) {
        let i = index as f32;
        match zone {
            Zone::DrawPile => (
                Vec3::new(-560.0 + i * 0.3, ROW_Y + i * 0.6, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::Removed => (
                Vec3::new(-800.0 + i * 14.0, ROW_Y - 40.0 + i * 8.0, 2.0 + i * 0.01),
                0.5,
            ),
            Zone::Common => (Vec3::new(-270.0, ROW_Y, 4.0), 1.0),
            Zone::Pair(w) => (Vec3::new(40.0 + w as f32 * 200.0, ROW_Y, 6.0), 1.0),
            Zone::Discard => (
                Vec3::new(
                    if self.players == 1 { 560.0 } else { 200.0 } + (i * 2.1).sin() * 5.0,
                    ROW_Y + (i * 1.3).cos() * 4.0,
                    2.0 + i * 0.1,
                ),
                PILE,
            ),
            Zone::Hand(s) => {
                let scale = self.hand_scale(s);
                let w = CARD.x * scale;
                let gap = if self.bottom.get(s).copied().unwrap_or(true) {
                    OWN_HAND_GAP
                } else {
                    22.0
                };
                let step = w + gap;
                let bottom = self.bottom.get(s).copied().unwrap_or(true);
                // The large bottom hand is centred between the table's left edge and the
                // panel, so five cards (the drawn one with the four) fit as well as four.
                let x0 = if bottom {
                    let n = count.max(1) as f32;
                    OWN_HAND_CENTRE - (n * step - gap) / 2.0 + w / 2.0
                } else {
                    -620.0 + w / 2.0
                };
                let y = if bottom { -318.0 } else { 380.0 };
                (Vec3::new(x0 + i * step, y, 10.0 + i * 0.02), scale)
            }
        }
    }

    /// A seat's corner for the closer look (see [`crate::table::dock::Closeup`]): its hand of
    /// five (the drawn card with the four, so the frame keeps still as cards come and go), with
    /// room for a chosen card's rise.
    pub fn own_area(&self, seat: Seat) -> Rect {
        let (first, scale) = self.slot(Zone::Hand(seat), 0, 5);
        let (last, _) = self.slot(Zone::Hand(seat), 4, 5);
        let half = CARD * scale / 2.0;
        let pad = 8.0;
        Rect::new(
            first.x - half.x - pad,
            first.y - half.y - pad,
            last.x + half.x + pad,
            last.y + half.y + 34.0 + pad,
        )
    }

    /// The necklace panel's top-left corner for a seat.
    pub fn panel(&self, seat: Seat) -> Vec3 {
        if self.bottom.get(seat).copied().unwrap_or(true) {
            Vec3::new(330.0, -180.0, 5.0)
        } else {
            Vec3::new(330.0, 470.0, 5.0)
        }
    }

    /// Where a seat's words appear: above its panel at the bottom, below it at the top.
    pub fn bubble(&self, seat: Seat) -> Vec3 {
        let p = self.panel(seat);
        if self.bottom.get(seat).copied().unwrap_or(true) {
            Vec3::new(p.x + 280.0, p.y + 45.0, 60.0)
        } else {
            Vec3::new(p.x + 280.0, p.y - PANEL.y - 45.0, 60.0)
        }
    }
}

#[cfg(test)]
mod label_tests {
    use super::*;
    use crate::table::kit::boxes_meet as meets;

    /// At the largest text and the widest TV margin the table keeps its room (the panel is
    /// compact): one's own hand at least 120 px tall at 720p and 180 at 1080p.
    #[test]
    fn the_largest_text_leaves_the_own_hand_readable() {
        use crate::table::dock::figures::largest_text;
        for (w, h, least) in [(1280.0, 720.0, 120.0), (1920.0, 1080.0, 180.0)] {
            let px = CARD.y * OWN_HAND * largest_text(w, h);
            assert!(px >= least, "{h}p: the own hand's cards {px} px");
        }
    }

    /// On a phone held sideways the closer look shows a person's hand at least as large as a
    /// 720p desktop shows it, whole hands of five inside the frame, for either seat.
    #[test]
    fn the_closer_look_reads_the_own_hand_on_a_phone() {
        use crate::table::dock::figures;
        for (players, seat) in [(1, 0), (2, 0), (2, 1)] {
            let l = Layout::new(players, Some(0));
            let area = l.own_area(seat);
            let card = CARD.y * l.slot(Zone::Hand(seat), 0, 5).1;
            // (A second person's hand lies along the top, smaller, on the desktop too.)
            let desk = card * figures::desk_720p();
            let phone = card * figures::phone_closeup(area);
            assert!(
                phone >= desk,
                "{players} players, seat {seat}: {phone} px < {desk}"
            );
            for n in [4, 5] {
                for i in 0..n {
                    let (p, scale) = l.slot(Zone::Hand(seat), i, n);
                    let half = CARD * scale / 2.0;
                    assert!(
                        area.contains(p.truncate() - half) && area.contains(p.truncate() + half),
                        "card {i} of {n} outside the frame"
                    );
                }
            }
        }
    }

    #[test]
    fn the_own_hand_is_large_and_meets_nothing_else() {
        // Four cards, or five while a person holds the one just drawn.
        for (players, held) in [(1, 4), (1, 5), (2, 4), (2, 5)] {
            let l = Layout::new(players, Some(0));
            let card = |zone: Zone, i: usize| {
                let (at, scale) = l.slot(zone, i, if zone == Zone::Hand(0) { held } else { 1 });
                (at.truncate(), CARD * scale)
            };
            let hand: Vec<_> = (0..held).map(|i| card(Zone::Hand(0), i)).collect();
            // Readable from a sofa: well over the 180 px a person's cards need at 1080p.
            assert!(hand[0].1.y >= 280.0, "{}", hand[0].1.y);
            let mut others = vec![
                card(Zone::DrawPile, 0),
                card(Zone::Common, 0),
                card(Zone::Discard, 0),
                card(Zone::Pair(0), 0),
                card(Zone::Pair(1), 0),
                card(Zone::Removed, 0),
            ];
            for s in 0..players {
                let p = l.panel(s);
                others.push((Vec2::new(p.x + PANEL.x / 2.0, p.y - PANEL.y / 2.0), PANEL));
            }
            for (at, _, room) in l.labels() {
                others.push((at, Vec2::new(room, 40.0)));
            }
            for (i, h) in hand.iter().enumerate() {
                let (lo, hi) = (h.0 - h.1 / 2.0, h.0 + h.1 / 2.0);
                assert!(
                    lo.x >= -960.0 && hi.x <= 960.0 && lo.y >= -540.0,
                    "card {i} off the table"
                );
                // A chosen card rises 34 px (see choice.rs).
                let lifted = (h.0 + Vec2::new(0.0, 34.0), h.1);
                for (j, o) in others.iter().enumerate() {
                    assert!(
                        !meets(lifted, *o),
                        "{players} players: card {i} lifted meets {j}"
                    );
                    assert!(
                        !meets(*h, *o),
                        "{players} players: card {i} meets thing {j}"
                    );
                }
                for (j, o) in hand.iter().enumerate().skip(i + 1) {
                    assert!(!meets(*h, *o), "cards {i} and {j} overlap");
                }
            }
        }
    }

    #[test]
    fn every_label_keeps_its_sofa_size_in_every_language() {
        for players in 1..=2 {
            let labels = Layout::new(players, Some(0)).labels();
            assert_eq!(labels.len(), if players == 1 { 5 } else { 4 });
            let all: Vec<(&str, f32)> = labels.iter().map(|l| (l.1, l.2)).collect();
            crate::table::kit::assert_labels_keep(28.0, &all);
            // A line spelling out a card on offer sits under its pile's label at the largest
            // text size, never over it ("On top: ..." drawn over "Discards").
            let offers: &[Offer] = if players == 1 {
                &[Offer::Discard, Offer::Looked]
            } else {
                &[Offer::Discard]
            };
            let tall = PANEL_LINE * crate::table::kit::TABLE_TEXT_MOST;
            for &offer in offers {
                let (at, room) = Layout::new(players, Some(0)).offer_line(offer);
                for (l, key, width) in &labels {
                    let apart_x = (at.x - l.x).abs() >= (room + width) / 2.0;
                    let apart_y = (at.y - l.y).abs() >= tall;
                    assert!(
                        apart_x || apart_y,
                        "{players} players: {offer:?}'s line at {at} meets {key} at {l}"
                    );
                }
            }
        }
    }
}
