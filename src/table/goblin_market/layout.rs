//! Where everything sits on Goblin Market's 1920x1080 virtual table (origin at the centre).

use crate::art::CARD;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::goblin_market::{Account, Zone};

pub const PLAQUE: Vec2 = Vec2::new(600.0, 240.0);
pub const SMALL: f32 = 0.44;
pub const PILE: f32 = 0.45;
pub const ROW_Y: f32 = 60.0;
pub const ROW_X: f32 = -90.0;
/// How far below its plaque's centre a seat's won cards sit.
pub const CARDS_DOWN: f32 = 58.0;

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
            crate::table::kit::seat_places(players, first_person, 400.0, |k| match k {
                1 => vec![0.0],
                2 => vec![-450.0, 450.0],
                _ => vec![-640.0, 0.0, 640.0],
            });
        Layout { seats, top }
    }

    /// The position and scale of the `index`-th of `count` cards in `zone`.
    pub fn slot(&self, zone: Zone, index: usize, count: usize) -> (Vec3, f32) {
        let i = index as f32;
        match zone {
            Zone::AuctionDeck => (
                Vec3::new(-800.0 + i * 0.25, ROW_Y + i * 0.45, 2.0 + i * 0.01),
                1.0,
            ),
            Zone::SizeCard => (Vec3::new(-610.0, ROW_Y, 3.0), 1.0),
            Zone::AuctionRow => {
                let x = ROW_X + (i - (count.max(1) - 1) as f32 / 2.0) * 190.0;
                (Vec3::new(x, ROW_Y, 4.0 + i * 0.01), 1.0)
            }
            Zone::SetAside => (
                Vec3::new(-800.0 + i * 1.2, -150.0 + i * 0.6, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::Discard => (
                Vec3::new(-680.0 + i * 1.2, -150.0 + i * 0.6, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::GoblinDeck => (
                Vec3::new(380.0 + i * 0.3, ROW_Y + i * 0.5, 2.0 + i * 0.01),
                0.75,
            ),
            Zone::GoblinReveal => (Vec3::new(545.0, ROW_Y, 3.0), 0.75),
            Zone::GoblinUsed => (Vec3::new(380.0 + i * 6.0, -150.0, 2.0 + i * 0.01), PILE),
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
        Vec3::new(790.0, ROW_Y, 6.0)
    }

    pub fn coin_spot(&self, account: Account) -> Vec3 {
        match account {
            Account::Bank => self.bank(),
            Account::Player(s) => {
                let p = self.seats.get(s).copied().unwrap_or_default();
                Vec3::new(p.x + 175.0, p.y + 80.0, 30.0)
            }
        }
    }

    /// Where a seat's bid and pass bubbles appear (on the plaque's edge toward the centre).
    pub fn bubble(&self, s: Seat) -> Vec3 {
        let p = self.seats.get(s).copied().unwrap_or_default();
        let dy = if self.top.get(s).copied().unwrap_or(false) {
            -132.0
        } else {
            132.0
        };
        Vec3::new(p.x + 140.0, p.y + dy, 40.0)
    }
}
