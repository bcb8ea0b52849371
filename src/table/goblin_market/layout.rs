//! Where everything sits on Goblin Market's 1920x1080 virtual table (origin at the centre).

use crate::art::CARD;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::goblin_market::{Account, Zone};

pub const PLAQUE: Vec2 = Vec2::new(600.0, 210.0);
/// How far above and below the middle the plaques' centres sit.
pub(crate) const SEATS_Y: f32 = 420.0;
pub(crate) const SMALL: f32 = 0.44;
pub(crate) const PILE: f32 = 0.45;
pub(crate) const ROW_Y: f32 = 0.0;
pub(crate) const ROW_X: f32 = -100.0;
/// The cards up for auction are drawn large, for the sofa: over 300 px tall at 1080p, their
/// names and ranks over 28 px (tests/audit/sofa.rs measures them).
pub(crate) const LOT: f32 = 1.85;
/// From one card up for auction to the next.
const LOT_STEP: f32 = CARD.x * LOT + 14.0;
/// How far below its plaque's centre a seat's won cards sit.
pub(crate) const CARDS_DOWN: f32 = 52.0;
/// The size the piles' labels are drawn at, for a sofa 3 m away (a long word in another
/// language shrinks to fit its room, see [`labels`]).
pub(crate) const LABEL_SIZE: f32 = 30.0;
/// A bid or pass bubble's size (the kit draws short words at least this size).
pub(crate) const BUBBLE: Vec2 = Vec2::new(180.0, 76.0);
/// Where the high bid is announced, above the cards up for auction.
pub(crate) const HIGH_BID: Vec2 = Vec2::new(ROW_X, ROW_Y + CARD.y * LOT / 2.0 + 38.0);
/// How big a won card grows when looked at (C, a pad's right trigger, the mouse): 235 px
/// tall on the 1080p table.
pub const LOOK_ZOOM: f32 = 1.05;
/// The line under a looked-at card naming its owner and the card (the card's own name is
/// printed small): its size, and the text size it is drawn at.
pub(crate) const LOOK_NAME: Vec2 = Vec2::new(520.0, 50.0);
pub(crate) const LOOK_NAME_SIZE: f32 = 38.0;
/// Where the piles of set-aside, discarded and used goblin cards lie.
pub(crate) const PILES_Y: f32 = -130.0;
const SET_ASIDE_X: f32 = -840.0;
const DISCARD_X: f32 = -660.0;
const GOBLIN_X: f32 = 520.0;
/// The decks beside the lot (the auction deck and the Size card on the left, the goblins on
/// the right) stand a little above its middle, the piles and their labels below them.
const SIDE_Y: f32 = 60.0;
const REVEAL_X: f32 = 690.0;
const SIZE_X: f32 = -660.0;
const DECK_X: f32 = -840.0;
const BANK_X: f32 = 860.0;

/// Each pile's label: its centre, its message, and the room it has before it would meet a
/// neighbour. The auction deck and the goblins' offer are labelled above their cards (below
/// them lie the piles, and the goblin deck's label), the piles below theirs.
pub fn labels() -> [(Vec2, &'static str, f32); 7] {
    let above_row = SIDE_Y + CARD.y / 2.0 + 36.0;
    let pile_bottom = PILES_Y - CARD.y * PILE / 2.0;
    let goblin_half = CARD.y * 0.75 / 2.0;
    [
        (Vec2::new(DECK_X, above_row), "gm-auction-deck", 270.0),
        (Vec2::new(SIZE_X, above_row), "gm-size", 110.0),
        (
            Vec2::new(SET_ASIDE_X, pile_bottom - 26.0),
            "gm-set-aside",
            180.0,
        ),
        (
            Vec2::new(DISCARD_X, pile_bottom - 26.0),
            "gm-discard",
            180.0,
        ),
        (
            Vec2::new(GOBLIN_X, SIDE_Y - goblin_half - 22.0),
            "gm-goblin-deck",
            300.0,
        ),
        (
            Vec2::new(REVEAL_X, SIDE_Y + goblin_half + 30.0),
            "gm-goblins-offer",
            290.0,
        ),
        (
            Vec2::new(GOBLIN_X, pile_bottom - 26.0),
            "gm-used-goblins",
            250.0,
        ),
    ]
}

/// The bank's label, under its heap of coins (see [`labels`]).
pub(crate) const BANK_LABEL: (Vec2, &str, f32) =
    (Vec2::new(BANK_X, ROW_Y - 70.0), "table-bank", 150.0);

/// Where each seat sits: seats run clockwise along the bottom (right to left) and then the
/// top (left to right), turned so the first person sits at the bottom, near the middle.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub seats: Vec<Vec2>,
    pub top: Vec<bool>,
}

impl Layout {
    pub fn new(players: usize, first_person: Option<Seat>) -> Layout {
        let (seats, top) =
            crate::table::kit::seat_places(players, first_person, SEATS_Y, |k| match k {
                1 => vec![0.0],
                2 => vec![-450.0, 450.0],
                _ => vec![-640.0, 0.0, 640.0],
            });
        Layout { seats, top }
    }

    /// A seat's corner for the closer look (see [`crate::table::dock::Closeup`]): its plaque,
    /// with its name, money, suits and won cards.
    pub fn own_area(&self, seat: Seat) -> Rect {
        let c = self.seats.get(seat).copied().unwrap_or_default();
        Rect::from_center_size(c, PLAQUE + Vec2::splat(32.0))
    }

    /// The cards up for auction (`count` of them) with the high bid above them: what a
    /// winner taking one card or all decides about (the closer look frames it).
    pub fn lot_area(&self, count: usize) -> Rect {
        let (first, _) = self.slot(Zone::AuctionRow, 0, count);
        let (last, _) = self.slot(Zone::AuctionRow, count.saturating_sub(1), count);
        let half = CARD * LOT / 2.0 + Vec2::splat(40.0);
        let low = Vec2::new(first.x - half.x, ROW_Y - half.y);
        let high = Vec2::new(last.x + half.x, HIGH_BID.y + 40.0);
        Rect::from_corners(low, high)
    }

    /// Where a won card of `seat`'s, lying at `from`, shows when looked at (its centre; its
    /// name line just below it): the nearest place on the table that covers nothing a
    /// decision needs (the cards up for auction and the high bid, a bid bubble, another
    /// seat's plaque, its own seat's name and money). Piles and their labels may hide under it
    /// for the moment of the look.
    pub fn look_spot(&self, seat: Seat, from: Vec2) -> Vec2 {
        let half = CARD * LOOK_ZOOM / 2.0;
        let kept = self.look_kept(seat);
        let cost = |c: Vec2| -> f32 {
            let covered = look_boxes(c);
            let mut cost = c.distance(from);
            for (r, weight) in &kept {
                for b in &covered {
                    let i = r.intersect(*b);
                    if !i.is_empty() {
                        cost += weight * i.width() * i.height();
                    }
                }
            }
            cost
        };
        let wide = half.x.max(LOOK_NAME.x / 2.0);
        let (lo, hi) = (
            Vec2::new(-960.0 + wide, -540.0 + half.y + LOOK_NAME.y),
            Vec2::new(960.0 - wide, 540.0 - half.y),
        );
        let mut best = (from.clamp(lo, hi), f32::INFINITY);
        let mut y = lo.y;
        while y <= hi.y {
            let mut x = lo.x;
            while x <= hi.x {
                let c = Vec2::new(x, y);
                let k = cost(c);
                if k < best.1 {
                    best = (c, k);
                }
                x += 12.0;
            }
            y += 12.0;
        }
        best.0
    }

    /// What a looked-at card must not cover, each with how much covering it costs.
    pub(crate) fn look_kept(&self, seat: Seat) -> Vec<(Rect, f32)> {
        let mut kept = vec![
            (self.lot_area(3), 100.0),
            (
                Rect::from_center_size(HIGH_BID, Vec2::new(600.0, 60.0)),
                100.0,
            ),
            // The Size card says how many cards the next auction puts up.
            (
                Rect::from_center_size(Vec2::new(SIZE_X, SIDE_Y), CARD + Vec2::splat(8.0)),
                100.0,
            ),
        ];
        for s in 0..self.seats.len() {
            kept.push((
                Rect::from_center_size(self.bubble(s).truncate(), BUBBLE),
                100.0,
            ));
            let p = self.seats[s];
            if s == seat {
                // Its own name and money, along the plaque's top.
                let top = p.y + PLAQUE.y / 2.0;
                kept.push((
                    Rect::new(p.x - PLAQUE.x / 2.0, top - 80.0, p.x + PLAQUE.x / 2.0, top),
                    100.0,
                ));
            } else {
                kept.push((Rect::from_center_size(p, PLAQUE), 100.0));
            }
        }
        kept
    }

    /// The position and scale of the `index`-th of `count` cards in `zone`.
    pub fn slot(&self, zone: Zone, index: usize, count: usize) -> (Vec3, f32) {
        let i = index as f32;
        match zone {
            Zone::AuctionDeck => (
                Vec3::new(DECK_X + i * 0.25, SIDE_Y + i * 0.3, 2.0 + i * 0.01),
                1.0,
            ),
            Zone::SizeCard => (Vec3::new(SIZE_X, SIDE_Y, 3.0), 1.0),
            Zone::AuctionRow => {
                let x = ROW_X + (i - (count.max(1) - 1) as f32 / 2.0) * LOT_STEP;
                (Vec3::new(x, ROW_Y, 4.0 + i * 0.01), LOT)
            }
            Zone::SetAside => (
                Vec3::new(SET_ASIDE_X + i * 1.2, PILES_Y + i * 0.4, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::Discard => (
                Vec3::new(DISCARD_X + i * 1.2, PILES_Y + i * 0.4, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::GoblinDeck => (
                Vec3::new(GOBLIN_X + i * 0.3, SIDE_Y + i * 0.5, 2.0 + i * 0.01),
                0.75,
            ),
            Zone::GoblinReveal => (Vec3::new(REVEAL_X, SIDE_Y, 3.0), 0.75),
            Zone::GoblinUsed => (Vec3::new(GOBLIN_X + i * 6.0, PILES_Y, 2.0 + i * 0.01), PILE),
            Zone::Player(s) => {
                let base = self.seats.get(s).copied().unwrap_or_default();
                let w = CARD.x * SMALL;
                let span = PLAQUE.x - 60.0 - w;
                let step = if count > 1 {
                    (span / (count - 1) as f32).min(w + 6.0)
                } else {
                    0.0
                };
                let x = base.x - PLAQUE.x / 2.0 + 30.0 + w / 2.0 + i * step;
                (Vec3::new(x, base.y - CARDS_DOWN, 10.0 + i * 0.02), SMALL)
            }
        }
    }

    pub fn bank(&self) -> Vec3 {
        Vec3::new(BANK_X, ROW_Y, 6.0)
    }

    pub(crate) fn coin_spot(&self, account: Account) -> Vec3 {
        match account {
            Account::Bank => self.bank(),
            Account::Player(s) => {
                let p = self.seats.get(s).copied().unwrap_or_default();
                Vec3::new(p.x + 175.0, p.y + 80.0, 30.0)
            }
        }
    }

    /// Where a seat's "+n"/"-n" starts and which way it floats (`1.0` up, `-1.0` down): from
    /// its coins, down into its own plaque, never through the bid and pass bubbles (above a
    /// bottom plaque, below a top one's centre; see [`Layout::coin_label_box`]).
    pub(crate) fn coin_label(&self, s: Seat) -> (Vec3, f32) {
        (self.coin_spot(Account::Player(s)), -1.0)
    }

    /// The box a seat's floating "+n" sweeps (centre, half size), for the layout test.
    #[cfg(test)]
    pub(crate) fn coin_label_box(&self, s: Seat) -> (Vec2, Vec2) {
        let (at, dir) = self.coin_label(s);
        // The kit floats it from 30 to 90 px along `dir`; a 40 px line about 70 px wide.
        let centre = at.truncate() + Vec2::new(0.0, 60.0 * dir);
        (centre, Vec2::new(40.0, 30.0 + 20.0))
    }

    /// Where a seat's bid and pass bubbles appear: on the edge of a top plaque toward the
    /// centre, just above a bottom plaque (on its edge it would cover the seat's coins).
    pub fn bubble(&self, s: Seat) -> Vec3 {
        let p = self.seats.get(s).copied().unwrap_or_default();
        let (dx, dy) = if self.top.get(s).copied().unwrap_or(false) {
            // Over the plaque's lower edge, clear of the high bid above the lot.
            (140.0, -112.0)
        } else {
            (160.0, PLAQUE.y / 2.0 + BUBBLE.y / 2.0 + 4.0)
        };
        Vec3::new(p.x + dx, p.y + dy, 40.0)
    }
}

/// What a looked-at card at `c` covers: the card, and its name line below it.
pub(crate) fn look_boxes(c: Vec2) -> [Rect; 2] {
    let half = CARD * LOOK_ZOOM / 2.0;
    [
        Rect::from_center_half_size(c, half),
        Rect::from_center_size(Vec2::new(c.x, c.y - half.y - LOOK_NAME.y / 2.0), LOOK_NAME),
    ]
}

#[cfg(test)]
mod tests {

    /// At the largest text and the widest TV margin the table keeps its room (the panel is
    /// compact): the cards up for auction at least 90 px tall at 720p (the report: 65) and 140
    /// at 1080p, the piles' labels at least 12 px at 720p and 19 at 1080p.
    #[test]
    fn the_largest_text_leaves_goblin_market_readable() {
        use crate::table::dock::figures::largest_text;
        for (w, h, card, label) in [(1280.0, 720.0, 90.0, 12.0), (1920.0, 1080.0, 140.0, 19.0)] {
            let k = largest_text(w, h);
            assert!(CARD.y * k >= card, "{h}p: a card {} px", CARD.y * k);
            assert!(
                LABEL_SIZE * k >= label,
                "{h}p: a label {} px",
                LABEL_SIZE * k
            );
        }
    }

    /// A won card looked at (C, the mouse) shows at its large size beside the decision, never
    /// over it: not over the cards up for auction or the high bid, a bid bubble, another
    /// seat's plaque, or its own seat's name and money; whole on the table (3-6 players,
    /// every seat, every card of 1, 2, 5, 8 or 12 won). The old place (just outside the
    /// plaque, toward the middle) covered the high bid and a neighbour's name in the playtest.
    #[test]
    fn a_looked_at_card_covers_nothing_a_decision_needs() {
        const {
            assert!(
                CARD.y * LOOK_ZOOM >= 190.0,
                "as large as docs/playing.md says"
            )
        };
        let mut far = 0.0f32;
        for players in 3..=6 {
            let l = Layout::new(players, Some(0));
            for seat in 0..players {
                let kept = l.look_kept(seat);
                for count in [1, 2, 5, 8, 12] {
                    for i in 0..count {
                        let (from, _) = l.slot(Zone::Player(seat), i, count);
                        let at = l.look_spot(seat, from.truncate());
                        for b in look_boxes(at) {
                            assert!(
                                b.min.x >= -960.5
                                    && b.max.x <= 960.5
                                    && b.min.y >= -540.5
                                    && b.max.y <= 540.5,
                                "{players} players, seat {seat}, card {i}/{count}: {b:?} off the table"
                            );
                            for (r, _) in &kept {
                                assert!(
                                    r.intersect(b).is_empty(),
                                    "{players} players, seat {seat}, card {i}/{count}: {b:?} covers {r:?}"
                                );
                            }
                        }
                        far = far.max(at.distance(from.truncate()));
                    }
                }
            }
        }
        println!("the farthest a looked-at card moves: {far:.0}");
    }

    /// On a phone held sideways the closer look shows a person's plaque with its won cards at
    /// least as large as a 720p desktop shows them, the plaque whole.
    #[test]
    fn the_closer_look_reads_the_own_plaque_on_a_phone() {
        use crate::table::dock::figures;
        for players in 3..=6 {
            let l = Layout::new(players, Some(0));
            let area = l.own_area(0);
            let desk = CARD.y * SMALL * figures::desk_720p();
            let phone = CARD.y * SMALL * figures::phone_closeup(area);
            assert!(phone >= desk, "{players} players: {phone} px < {desk}");
            let c = l.seats[0];
            assert!(area.contains(c - PLAQUE / 2.0) && area.contains(c + PLAQUE / 2.0));
        }
    }
    /// While a winner takes one card or all, the closer look frames the cards up for auction
    /// and the high bid, each card at least as large as a 720p desktop shows it.
    #[test]
    fn the_closer_look_at_a_take_frames_the_lot() {
        use crate::table::dock::figures;
        for players in 3..=6 {
            let l = Layout::new(players, Some(0));
            for count in 1..=3 {
                let area = l.lot_area(count);
                for i in 0..count {
                    let (p, scale) = l.slot(Zone::AuctionRow, i, count);
                    let half = CARD * scale / 2.0;
                    assert!(
                        area.contains(p.truncate() - half) && area.contains(p.truncate() + half)
                    );
                }
                assert!(area.contains(HIGH_BID), "the high bid is in sight");
                let (_, scale) = l.slot(Zone::AuctionRow, 0, count);
                let desk = CARD.y * figures::desk_720p();
                let phone = CARD.y * scale * figures::phone_closeup(area);
                assert!(phone >= desk, "{count} cards: {phone} px < {desk}");
            }
        }
    }

    use super::*;
    use crate::table::kit::TABLE_TEXT_MOST;
    use crate::theme;
    use come_buy_engine::goblin_market::Zone;
    use come_buy_engine::text::Text;
    use come_buy_text::{LANGUAGES, catalog_of};

    /// A box on the table: what it is, its centre and its half size.
    type Boxed = (String, Vec2, Vec2);

    fn meet(a: &Boxed, b: &Boxed) -> bool {
        crate::table::kit::boxes_meet((a.1, a.2 * 2.0), (b.1, b.2 * 2.0))
    }

    /// A text's box at `size` (Lato Bold's letters average under 0.52 of the size wide:
    /// measured over these labels in the three languages).
    fn text_box(what: &str, at: Vec2, text: &str, size: f32) -> Boxed {
        let w = text.chars().count() as f32 * 0.52 * size;
        (what.to_string(), at, Vec2::new(w / 2.0, size * 0.6))
    }

    /// The box covering the first and last cards of a pile of `count` in `zone`.
    fn pile(layout: &Layout, zone: Zone, count: usize) -> Boxed {
        let (a, s) = layout.slot(zone, 0, count);
        let (b, _) = layout.slot(zone, count - 1, count);
        let half = CARD * s / 2.0;
        let lo = a.truncate().min(b.truncate()) - half;
        let hi = a.truncate().max(b.truncate()) + half;
        (format!("{zone:?}"), (lo + hi) / 2.0, (hi - lo) / 2.0)
    }

    #[test]
    fn labels_are_sofa_sized_and_nothing_on_the_table_meets_anything_else() {
        for (lang, language) in LANGUAGES.iter().enumerate() {
            let cat = catalog_of(lang);
            let mut labelled = Vec::new();
            for (at, key, width) in labels().into_iter().chain([BANK_LABEL]) {
                let text = cat.say(&Text::new(key));
                let size = theme::fit(LABEL_SIZE, &text, width);
                assert!(
                    size >= 28.0,
                    "{}: {key} ({text}) at {size} px",
                    language.tag
                );
                // The largest the text-size setting draws it.
                let largest = theme::fit(LABEL_SIZE * TABLE_TEXT_MOST, &text, width);
                labelled.push(text_box(key, at, &text, largest));
            }
            // The longest high bid a table shows: two digits and a 12-letter name.
            let high = cat.say(
                &Text::new("gm-high-bid")
                    .num("amount", 10)
                    .raw("name", "Bartholomews"),
            );
            labelled.push(text_box("high bid", HIGH_BID, &high, 40.0));
            for players in 3..=6 {
                let layout = Layout::new(players, Some(0));
                let mut boxes = labelled.clone();
                // The shipped rules put at most 3 cards up for auction; the decks are full.
                for (zone, count) in [
                    (Zone::AuctionDeck, 36),
                    (Zone::SizeCard, 1),
                    (Zone::AuctionRow, 3),
                    (Zone::SetAside, 12),
                    (Zone::Discard, 12),
                    (Zone::GoblinDeck, 12),
                    (Zone::GoblinReveal, 1),
                    (Zone::GoblinUsed, 12),
                ] {
                    boxes.push(pile(&layout, zone, count));
                }
                let plaques: Vec<Boxed> = (0..players)
                    .map(|s| (format!("plaque {s}"), layout.seats[s], PLAQUE / 2.0))
                    .collect();
                for s in 0..players {
                    let b = layout.bubble(s).truncate();
                    let bubble = (format!("bubble {s}"), b, BUBBLE / 2.0);
                    // A top seat's bubble sits on its own plaque's lower edge.
                    for (i, p) in plaques.iter().enumerate() {
                        assert!(
                            i == s && layout.top[s] || !meet(&bubble, p),
                            "{players} players: {} meets {}",
                            bubble.0,
                            p.0
                        );
                    }
                    boxes.push(bubble);
                }
                // A seat's floating "+n" never crosses a bid or pass bubble ("Pa+3ss").
                for s in 0..players {
                    let (c, half) = layout.coin_label_box(s);
                    let label = (format!("coins {s}"), c, half);
                    for t in 0..players {
                        let bubble = (
                            format!("bubble {t}"),
                            layout.bubble(t).truncate(),
                            BUBBLE / 2.0,
                        );
                        assert!(
                            !meet(&label, &bubble),
                            "{players} players: {label:?} meets {bubble:?}"
                        );
                    }
                }
                boxes.extend(plaques);
                for (i, a) in boxes.iter().enumerate() {
                    for b in &boxes[i + 1..] {
                        let bubbles = a.0.starts_with("bubble") && b.0.starts_with("bubble");
                        let own = a.0.starts_with("bubble") && b.0.starts_with("plaque");
                        assert!(
                            bubbles || own || !meet(a, b),
                            "{}, {players} players: {a:?} meets {b:?}",
                            language.tag
                        );
                    }
                }
            }
        }
    }
}
