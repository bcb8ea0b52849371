//! A seat's place at the table: its plaque, its name as the plaque says it (who plays it),
//! and where the seats sit round the table.

use super::{Piece, SeatName, TurnGlow};
use crate::art::Art;
use crate::state::Screen;
use bevy::prelude::*;
use come_buy_engine::game::Seat;

/// A seat's name on its plaque, with who plays it: "Bram  (Hard bot)", "Ana  (online)",
/// "Ana  (phone)". A bot named as its level, or as the level's words (a friend's table names
/// the host's bots so), is not named twice.
pub fn seat_label(info: &crate::table_core::SeatInfo, on_phone: bool) -> String {
    let tag = match &info.kind {
        crate::table_core::SeatKind::Person if on_phone => come_buy_text::tr("table-phone"),
        crate::table_core::SeatKind::Person => return info.name.clone(),
        // A friend's table names the host's bots by their level ("normal").
        crate::table_core::SeatKind::Bot(b)
            if info.name == *b || info.name == crate::table_core::bot_label(b) =>
        {
            return crate::table_core::bot_label(b);
        }
        crate::table_core::SeatKind::Bot(b) => crate::table_core::bot_label(b),
        crate::table_core::SeatKind::Online => come_buy_text::tr("table-online"),
    };
    if tag == info.name {
        return info.name.clone();
    }
    format!("{}  ({tag})", info.name)
}

/// The plaques' names follow their seats: a bot that takes a dropped friend's seat, a
/// person's seat a phone plays (the gate knows which).
pub(crate) fn label_seats<G: crate::table_core::TableGame>(
    m: Res<crate::table_core::Match<G>>,
    gate: Res<crate::table_core::gate::Gate>,
    mut names: Query<(&SeatName, &mut Text2d)>,
) {
    for (seat, mut text) in &mut names {
        let Some(info) = m.seats.get(seat.0) else {
            continue;
        };
        let want = seat_label(info, gate.on_phone(seat.0));
        if text.0 != want {
            text.0 = want;
        }
    }
}

/// A seat's plaque (with the turn glow behind it); returns the plaque entity for children.
pub fn plaque(
    commands: &mut Commands,
    art: &Art,
    at: Vec2,
    size: Vec2,
    seat: Seat,
    color: Color,
) -> Entity {
    commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        TurnGlow(seat),
        Sprite {
            image: art.glow.clone(),
            custom_size: Some(size * 1.5),
            color: Color::NONE,
            ..default()
        },
        Transform::from_xyz(at.x, at.y, 0.5),
    ));
    commands
        .spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            Sprite {
                image: art.plaque.clone(),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 1.0),
        ))
        .with_children(|c| {
            c.spawn((
                Sprite {
                    color,
                    custom_size: Some(Vec2::new(10.0, size.y - 40.0)),
                    ..default()
                },
                Transform::from_xyz(-size.x / 2.0 + 14.0, 0.0, 0.1),
            ));
        })
        .id()
}

/// Seats round the table: clockwise along the bottom (right to left) then the top (left to
/// right), at `y` below and above the middle, `xs(k)` giving the x of `k` seats in a row,
/// turned so the first person sits at the bottom, near the middle. Returns each seat's
/// place and whether it is at the top.
pub(crate) fn seat_places(
    players: usize,
    first_person: Option<Seat>,
    y: f32,
    xs: impl Fn(usize) -> Vec<f32>,
) -> (Vec<Vec2>, Vec<bool>) {
    let bottom = players.div_ceil(2);
    let top = players - bottom;
    let mut slots: Vec<(Vec2, bool)> = xs(bottom)
        .iter()
        .rev()
        .map(|&x| (Vec2::new(x, -y), false))
        .collect();
    slots.extend(xs(top).iter().map(|&x| (Vec2::new(x, y), true)));
    let target = bottom / 2;
    let shift = first_person.map_or(0, |p| (target + players - p % players) % players);
    (0..players).map(|s| slots[(s + shift) % players]).unzip()
}
