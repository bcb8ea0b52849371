//! Where everything sits on Mýkonos's 1920x1080 virtual table (origin at the centre).

use crate::art::CARD;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::mykonos::{Account, Worker};

/// A plaque along the top of the table (the far side: its hand face down, or a second
/// person's): its size and its cards' scale (134 px tall on the 1080p table).
pub const PLAQUE: Vec2 = Vec2::new(640.0, 250.0);
pub(crate) const HAND: f32 = 0.6;
/// A plaque along the bottom (the near side, where the first person sits): taller, with
/// cards 213 px tall on the 1080p table (about 175 px on screen above a choice), and with two
/// players as wide as the table allows.
pub(crate) const NEAR_PLAQUE: Vec2 = Vec2::new(640.0, 320.0);
pub(crate) const NEAR_PLAQUE_TWO: Vec2 = Vec2::new(860.0, 320.0);
pub(crate) const NEAR_HAND: f32 = 0.95;
pub(crate) const ROW_Y: f32 = 120.0;
pub(crate) const SLOT_W: f32 = 230.0;
/// A quay card's price tag.
pub(crate) const PRICE_TAG: Vec2 = Vec2::new(76.0, 46.0);
/// Space kept clear between a plaque and the table's edge.
const EDGE: f32 = 6.0;
pub(crate) const PILE: f32 = 0.6;
pub(crate) const MEEPLE: f32 = 50.0;
pub(crate) const HOME_MEEPLE: f32 = 40.0;

/// Where everything sits: seats along the bottom (right to left) then the top (left to
/// right), turned so the first person sits at the bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub seats: Vec<Vec2>,
    pub top: Vec<bool>,
    pub row: usize,
    /// Two players: the near plaque takes the table's width.
    two: bool,
}

/// Room for the neutral crew's label, by the left edge of the table.
pub(crate) const NEUTRAL_ROOM: f32 = 240.0;
/// The round line's left end and its room (see [`Layout::round_label`]).
const ROUND_LEFT: f32 = -930.0;
const ROUND_ROOM: f32 = 340.0;

/// The piles' labels: where each sits, its words, and the room it has.
pub fn labels(layout: &Layout) -> [(Vec2, &'static str, f32); 3] {
    let below = Vec2::new(0.0, -150.0);
    let bank = layout.coin_spot(Account::Bank).truncate();
    [
        (layout.deck(0).truncate() + below, "table-draw-pile", 230.0),
        (
            layout.discard(0).truncate() + below,
            "table-discards",
            230.0,
        ),
        (bank + Vec2::new(0.0, -62.0), "table-bank", 230.0),
    ]
}

impl Layout {
    pub fn new(players: usize, row: usize, first_person: Option<Seat>) -> Layout {
        let (mut seats, top) =
            crate::table::kit::seat_places(players, first_person, 400.0, |k| match k {
                1 => vec![0.0],
                _ => vec![-470.0, 470.0],
            });
        // Each row of plaques against its edge of the table.
        for (p, &t) in seats.iter_mut().zip(&top) {
            p.y = if t {
                540.0 - EDGE - PLAQUE.y / 2.0
            } else {
                -540.0 + EDGE + NEAR_PLAQUE.y / 2.0
            };
        }
        Layout {
            seats,
            top,
            row,
            two: players == 2,
        }
    }

    /// Seat `seat`'s plaque size.
    pub fn plaque(&self, seat: Seat) -> Vec2 {
        match (self.top.get(seat).copied().unwrap_or(false), self.two) {
            (true, _) => PLAQUE,
            (false, true) => NEAR_PLAQUE_TWO,
            (false, false) => NEAR_PLAQUE,
        }
    }

    /// A seat's corner for the closer look (see [`crate::table::dock::Closeup`]): its plaque,
    /// with its name, money, workers and hand.
    pub fn own_area(&self, seat: Seat) -> Rect {
        let c = self.seats.get(seat).copied().unwrap_or_default();
        Rect::from_center_size(c, self.plaque(seat) + Vec2::splat(24.0))
    }

    /// The scale of seat `seat`'s hand cards.
    pub fn hand_scale(&self, seat: Seat) -> f32 {
        if self.top.get(seat).copied().unwrap_or(false) {
            HAND
        } else {
            NEAR_HAND
        }
    }

    /// How far below its plaque's middle a seat's hand sits (its name and workers above).
    pub(crate) fn hand_dy(&self, seat: Seat) -> f32 {
        let top = self.plaque(seat).y / 2.0;
        // The cards' top edge is 106 under the plaque's (the name line and the workers'
        // row above them).
        106.0 + CARD.y * self.hand_scale(seat) / 2.0 - top
    }

    pub(crate) fn row_slot(&self, slot: usize) -> Vec3 {
        let x = (slot as f32 - (self.row.max(1) - 1) as f32 / 2.0) * SLOT_W;
        Vec3::new(x, ROW_Y, 4.0)
    }

    /// The price tag of `slot`: on its card's top right corner, `lift` up with the card.
    pub(crate) fn price_tag(&self, slot: usize, lift: f32) -> Vec3 {
        let p = self.row_slot(slot);
        Vec3::new(
            p.x + CARD.x / 2.0 - PRICE_TAG.x / 2.0 + 10.0,
            p.y + CARD.y / 2.0 - PRICE_TAG.y / 2.0 + 10.0 + lift,
            40.0,
        )
    }

    /// The `pos`-th worker in the queue on `slot` (0 = first, just under the card).
    pub fn queue_spot(&self, slot: usize, pos: usize) -> Vec3 {
        let p = self.row_slot(slot);
        Vec3::new(
            p.x,
            ROW_Y - CARD.y / 2.0 - 42.0 - pos as f32 * 52.0,
            20.0 - pos as f32 * 0.1,
        )
    }

    pub fn deck(&self, i: usize) -> Vec3 {
        Vec3::new(
            -840.0 + i as f32 * 0.2,
            ROW_Y + i as f32 * 0.4,
            2.0 + i as f32 * 0.01,
        )
    }

    pub fn discard(&self, i: usize) -> Vec3 {
        let k = i as f32;
        Vec3::new(
            840.0 + (k * 2.3).sin() * 6.0,
            ROW_Y + (k * 1.7).cos() * 5.0,
            2.0 + k * 0.1,
        )
    }

    /// The `i`-th of `n` cards in a seat's hand, inside its plaque.
    pub fn hand(&self, seat: Seat, i: usize, n: usize) -> Vec3 {
        let base = self.seats.get(seat).copied().unwrap_or_default();
        let plaque = self.plaque(seat);
        let w = CARD.x * self.hand_scale(seat);
        let span = plaque.x - 60.0 - w;
        let step = if n > 1 {
            (span / (n - 1) as f32).min(w + 8.0)
        } else {
            0.0
        };
        let x = base.x - plaque.x / 2.0 + 36.0 + w / 2.0 + i as f32 * step;
        Vec3::new(x, base.y - self.hand_dy(seat), 10.0 + i as f32 * 0.02)
    }

    /// Where a worker waits at home: on its seat's plaque, or (neutral) beside the deck.
    pub fn home(&self, worker: Worker, k: usize) -> Vec3 {
        match worker {
            Worker::Player(s) => {
                let base = self.seats.get(s).copied().unwrap_or_default();
                let plaque = self.plaque(s);
                Vec3::new(
                    base.x - plaque.x / 2.0 + 48.0 + k as f32 * 44.0,
                    base.y + plaque.y / 2.0 - 80.0,
                    12.0 + k as f32 * 0.01,
                )
            }
            Worker::Neutral => Vec3::new(
                -870.0 + (k % 2) as f32 * 56.0,
                -120.0 - (k / 2) as f32 * 56.0,
                12.0,
            ),
        }
    }

    pub(crate) fn coin_spot(&self, account: Account) -> Vec3 {
        match account {
            Account::Bank => Vec3::new(840.0, -150.0, 30.0),
            Account::Player(s) => {
                let p = self.seats.get(s).copied().unwrap_or_default();
                let plaque = self.plaque(s);
                Vec3::new(
                    p.x + plaque.x / 2.0 - 120.0,
                    p.y + plaque.y / 2.0 - 37.0,
                    30.0,
                )
            }
        }
    }

    /// The round line's left end and its room. Top left of the table, unless a plaque sits
    /// there (four players): then under the draw pile's label, left of the first queue.
    pub(crate) fn round_label(&self) -> (Vec2, f32) {
        let top_left_taken = self
            .seats
            .iter()
            .zip(&self.top)
            .any(|(p, &top)| top && p.x - PLAQUE.x / 2.0 < ROUND_LEFT + ROUND_ROOM);
        // (Top plaques are all PLAQUE wide.)
        let y = if top_left_taken { -110.0 } else { 300.0 };
        (Vec2::new(ROUND_LEFT, y), ROUND_ROOM)
    }

    /// The start token beside a seat's plaque.
    pub(crate) fn marker(&self, seat: Seat) -> Vec3 {
        let p = self.seats.get(seat).copied().unwrap_or_default();
        let plaque = self.plaque(seat);
        Vec3::new(
            p.x + plaque.x / 2.0 + 46.0,
            p.y + plaque.y / 2.0 - 55.0,
            25.0,
        )
    }

    /// The `i`-th of `n` cards of a sale, shown where the quay was.
    pub(crate) fn showcase(&self, i: usize, n: usize) -> Vec3 {
        let x = (i as f32 - (n.max(1) - 1) as f32 / 2.0) * 150.0;
        Vec3::new(x, ROW_Y, 50.0 + i as f32 * 0.1)
    }

    pub fn bubble(&self, seat: Seat) -> Vec3 {
        let p = self.seats.get(seat).copied().unwrap_or_default();
        let half = self.plaque(seat).y / 2.0;
        let dy = if self.top.get(seat).copied().unwrap_or(false) {
            -half - 30.0
        } else {
            half + 30.0
        };
        Vec3::new(p.x + 170.0, p.y + dy, 60.0)
    }
}

#[cfg(test)]
mod tests {

    /// On a phone held sideways the closer look shows a person's near hand at least as large
    /// as a 720p desktop shows it, with the plaque whole.
    #[test]
    fn the_closer_look_reads_the_near_hand_on_a_phone() {
        use crate::table::dock::figures;
        for players in 2..=4 {
            let l = Layout::new(players, players + 1, Some(0));
            let area = l.own_area(0);
            let desk = CARD.y * NEAR_HAND * figures::desk_720p();
            let phone = CARD.y * l.hand_scale(0) * figures::phone_closeup(area);
            assert!(phone >= desk, "{players} players: {phone} px < {desk}");
            let (c, size) = (l.seats[0], l.plaque(0));
            assert!(area.contains(c - size / 2.0) && area.contains(c + size / 2.0));
        }
    }
    use super::*;

    /// At the largest text and the widest TV margin the table keeps its room (the panel is
    /// compact): the near hand's cards at least 88 px tall at 720p and 130 at 1080p.
    #[test]
    fn the_largest_text_leaves_the_near_hand_readable() {
        use crate::table::dock::figures::largest_text;
        for (w, h, least) in [(1280.0, 720.0, 88.0), (1920.0, 1080.0, 130.0)] {
            let px = CARD.y * NEAR_HAND * largest_text(w, h);
            assert!(px >= least, "{h}p: the near hand's cards {px} px");
        }
    }

    #[test]
    fn every_label_keeps_its_sofa_size_in_every_language() {
        for players in 2..=4 {
            let layout = Layout::new(players, players + 1, Some(0));
            let mut all: Vec<(&str, f32)> = labels(&layout).iter().map(|l| (l.1, l.2)).collect();
            all.push(("mykonos-neutral-crew", NEUTRAL_ROOM));
            crate::table::kit::assert_labels_keep(28.0, &all);
        }
    }

    /// The round line ("Round 10 of 10" and the phase) meets no plaque, pile, label, worker
    /// queue or neutral worker, with every player count, at its largest size.
    #[test]
    fn the_round_line_meets_nothing() {
        use crate::table::kit::boxes_meet as meets;
        for players in 2..=4 {
            let l = Layout::new(players, players + 1, Some(0));
            let (left, room) = l.round_label();
            // Two lines at up to 120% of 28 px, as wide as the room.
            let size = Vec2::new(room, 2.0 * 28.0 * 1.2 * 1.25);
            let line = (left + Vec2::new(room / 2.0, 0.0), size);
            assert!(left.x >= -944.0, "on the table");
            let mut things: Vec<(Vec2, Vec2)> =
                (0..players).map(|s| (l.seats[s], l.plaque(s))).collect();
            for slot in 0..l.row {
                let at = l.row_slot(slot).truncate();
                things.push((at, CARD));
                let last = l.queue_spot(slot, 3).truncate();
                let first = l.queue_spot(slot, 0).truncate();
                things.push((
                    (first + last) / 2.0,
                    Vec2::new(MEEPLE, (first - last).y.abs() + MEEPLE),
                ));
            }
            things.push((l.deck(0).truncate(), CARD * PILE));
            // The neutral crew waits there with two players only.
            for k in 0..if players == 2 { 4 } else { 0 } {
                things.push((
                    l.home(Worker::Neutral, k).truncate(),
                    Vec2::splat(HOME_MEEPLE),
                ));
            }
            for (at, _, room) in labels(&l) {
                things.push((at, Vec2::new(room, 40.0)));
            }
            for (i, t) in things.iter().enumerate() {
                assert!(
                    !meets(line, *t),
                    "{players} players: the round line meets thing {i}"
                );
            }
        }
    }

    /// A person's own hand (the near plaque) is at least 150 px tall on a 1080p screen with a
    /// choice panel docked under the table, fits its plaque, and no plaque leaves the table or
    /// meets another, the quay or the first three workers of a queue.
    #[test]
    fn the_near_hand_is_large_and_every_plaque_keeps_its_place() {
        use crate::table::kit::boxes_meet as meets;
        for players in 2..=4 {
            let l = Layout::new(players, players + 1, Some(0));
            let (k, _) = crate::table::dock::fit(1920.0, 1080.0, 230.0);
            let on_screen = CARD.y * l.hand_scale(0) * k;
            assert!(on_screen >= 150.0, "{players} players: {on_screen} px");
            assert!(!l.top[0], "the first person sits near");
            for s in 0..players {
                let (p, size) = (l.seats[s], l.plaque(s));
                assert!(
                    p.y + size.y / 2.0 <= 540.0 && p.y - size.y / 2.0 >= -540.0,
                    "{players} players: plaque {s} leaves the table"
                );
                assert!(p.x.abs() + size.x / 2.0 <= 960.0);
                for t in (s + 1)..players {
                    assert!(!meets((p, size), (l.seats[t], l.plaque(t))));
                }
                for slot in 0..l.row {
                    assert!(!meets((p, size), (l.row_slot(slot).truncate(), CARD)));
                    for pos in 0..3 {
                        let w = l.queue_spot(slot, pos).truncate();
                        assert!(
                            !meets((p, size), (w, Vec2::splat(MEEPLE))),
                            "{players} players: plaque {s} meets worker {pos} of queue {slot}"
                        );
                    }
                }
                let card = CARD * l.hand_scale(s);
                for n in 1..=5 {
                    for i in 0..n {
                        let c = l.hand(s, i, n).truncate();
                        assert!(
                            (c.y - card.y / 2.0) >= p.y - size.y / 2.0
                                && (c.y + card.y / 2.0) <= p.y + size.y / 2.0
                                && (c.x + card.x / 2.0) <= p.x + size.x / 2.0,
                            "{players} players: seat {s}'s card {i} of {n} leaves its plaque"
                        );
                    }
                }
            }
        }
    }
}
