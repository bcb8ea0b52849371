//! Where everything sits on Mýkonos's 1920x1080 virtual table (origin at the centre).

use crate::art::CARD;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::mykonos::{Account, Worker};

pub const PLAQUE: Vec2 = Vec2::new(640.0, 250.0);
pub const ROW_Y: f32 = 120.0;
pub const SLOT_W: f32 = 230.0;
pub const HAND: f32 = 0.55;
pub const PILE: f32 = 0.6;
pub const MEEPLE: f32 = 50.0;
pub const HOME_MEEPLE: f32 = 40.0;

/// Where everything sits: seats along the bottom (right to left) then the top (left to
/// right), turned so the first person sits at the bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub seats: Vec<Vec2>,
    pub top: Vec<bool>,
    pub row: usize,
}

/// Room for the neutral crew's label, by the left edge of the table.
pub const NEUTRAL_ROOM: f32 = 240.0;
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
        let (seats, top) =
            crate::table::kit::seat_places(players, first_person, 405.0, |k| match k {
                1 => vec![0.0],
                _ => vec![-470.0, 470.0],
            });
        Layout { seats, top, row }
    }

    pub fn row_slot(&self, slot: usize) -> Vec3 {
        let x = (slot as f32 - (self.row.max(1) - 1) as f32 / 2.0) * SLOT_W;
        Vec3::new(x, ROW_Y, 4.0)
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
        let w = CARD.x * HAND;
        let span = PLAQUE.x - 60.0 - w;
        let step = if n > 1 {
            (span / (n - 1) as f32).min(w + 8.0)
        } else {
            0.0
        };
        let x = base.x - PLAQUE.x / 2.0 + 36.0 + w / 2.0 + i as f32 * step;
        Vec3::new(x, base.y - 48.0, 10.0 + i as f32 * 0.02)
    }

    /// Where a worker waits at home: on its seat's plaque, or (neutral) beside the deck.
    pub fn home(&self, worker: Worker, k: usize) -> Vec3 {
        match worker {
            Worker::Player(s) => {
                let base = self.seats.get(s).copied().unwrap_or_default();
                Vec3::new(
                    base.x - PLAQUE.x / 2.0 + 48.0 + k as f32 * 44.0,
                    base.y + 42.0,
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

    pub fn coin_spot(&self, account: Account) -> Vec3 {
        match account {
            Account::Bank => Vec3::new(840.0, -150.0, 30.0),
            Account::Player(s) => {
                let p = self.seats.get(s).copied().unwrap_or_default();
                Vec3::new(p.x + 200.0, p.y + 88.0, 30.0)
            }
        }
    }

    /// The round line's left end and its room. Top left of the table, unless a plaque sits
    /// there (four players): then under the draw pile's label, left of the first queue.
    pub fn round_label(&self) -> (Vec2, f32) {
        let top_left_taken = self
            .seats
            .iter()
            .zip(&self.top)
            .any(|(p, &top)| top && p.x - PLAQUE.x / 2.0 < ROUND_LEFT + ROUND_ROOM);
        let y = if top_left_taken { -110.0 } else { 300.0 };
        (Vec2::new(ROUND_LEFT, y), ROUND_ROOM)
    }

    /// The start token beside a seat's plaque.
    pub fn marker(&self, seat: Seat) -> Vec3 {
        let p = self.seats.get(seat).copied().unwrap_or_default();
        Vec3::new(p.x + PLAQUE.x / 2.0 + 46.0, p.y + 70.0, 25.0)
    }

    /// The `i`-th of `n` cards of a sale, shown where the quay was.
    pub fn showcase(&self, i: usize, n: usize) -> Vec3 {
        let x = (i as f32 - (n.max(1) - 1) as f32 / 2.0) * 150.0;
        Vec3::new(x, ROW_Y, 50.0 + i as f32 * 0.1)
    }

    pub fn bubble(&self, seat: Seat) -> Vec3 {
        let p = self.seats.get(seat).copied().unwrap_or_default();
        let dy = if self.top.get(seat).copied().unwrap_or(false) {
            -150.0
        } else {
            150.0
        };
        Vec3::new(p.x + 170.0, p.y + dy, 60.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let mut things: Vec<(Vec2, Vec2)> = l.seats.iter().map(|p| (*p, PLAQUE)).collect();
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
}
