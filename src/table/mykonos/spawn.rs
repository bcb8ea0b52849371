//! Mýkonos's table as it starts: the draw pile, labels, the bank, empty price tags over the
//! quay, a plaque per seat with money and workers at home, the neutral crew and the start token.

use super::layout::{HOME_MEEPLE, Layout};
use super::{Label, Match, Meeple, MoneyCounter, StartMarker, TableView, meeple_image, spawn_card};
use crate::state::Screen;
use crate::table::kit::{Grows, Painter, Piece, text2d};
use crate::theme;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use come_buy_engine::mykonos::{Account, Worker, config};
use come_buy_text::tr;
use std::collections::HashSet;

pub(super) fn spawn_table(
    mut paint: Painter,
    m: Res<Match>,
    mut view: ResMut<TableView>,
    near: Option<Res<crate::table::NearSeat>>,
) {
    let cfg = config();
    let n = m.seats.len();
    let row = cfg.row_size(n);
    let first_person = crate::table::near_person(&m, near.as_deref());
    let layout = Layout::new(n, row, first_person);
    *view = TableView {
        layout: Some(layout.clone()),
        row: vec![None; row],
        hands: vec![Vec::new(); n],
        known: vec![HashSet::new(); n],
        queues: vec![Vec::new(); row],
        money: vec![0; n],
        rounds: cfg.rounds(n),
        ..default()
    };
    let mut deck = cfg.deck_for(n);
    deck.sort_by_key(|c| c.id());
    for (i, &c) in deck.iter().enumerate() {
        let e = spawn_card(
            &mut paint.commands,
            &paint.art,
            &paint.fonts,
            c,
            layout.deck(i),
            1.0,
        );
        view.cards.insert(c, e);
    }
    view.deck = deck;
    let bank = layout.coin_spot(Account::Bank);
    for (p, label, room) in super::layout::labels(&layout) {
        let at = p.extend(1.0);
        paint.label(
            at,
            &tr(label),
            (28.0, room),
            theme::CREAM.with_alpha(0.8),
            false,
        );
    }
    let (round_at, round_room) = layout.round_label();
    paint.commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        Label::Round,
        text2d(&paint.fonts, "", 28.0, theme::GOLD, true),
        Grows {
            base: 28.0,
            room: round_room,
        },
        Anchor::CENTER_LEFT,
        Transform::from_translation(round_at.extend(1.0)),
    ));
    paint.bank_heap(bank);
    // Price tags on the quay cards' top corners (a gold tag that moves with its card).
    for slot in 0..row {
        paint
            .commands
            .spawn((
                Piece,
                DespawnOnExit(Screen::Table),
                Label::Price(slot),
                Text2d::new(""),
                paint.fonts.display(36.0),
                TextColor(theme::INK),
                Visibility::Hidden,
                Transform::from_translation(layout.price_tag(slot, 0.0)),
            ))
            .with_children(|c| {
                c.spawn((
                    Sprite {
                        color: theme::GOLD,
                        custom_size: Some(super::layout::PRICE_TAG),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, -0.05),
                ));
            });
    }
    for s in 0..n {
        paint.seat_plaque(
            s,
            &m.seats[s],
            layout.seats[s],
            layout.plaque(s),
            paint.art.coin.clone(),
            MoneyCounter(s),
        );
    }
    spawn_workers(&mut paint, &m, &layout, &mut view);
}

/// Every worker at home (on its seat's plaque; the neutral crew beside the deck), and the
/// start token, hidden until the game starts.
fn spawn_workers(paint: &mut Painter, m: &Match, layout: &Layout, view: &mut TableView) {
    let cfg = config();
    let n = m.seats.len();
    let mut workers: Vec<(Worker, usize)> =
        (0..n).map(|s| (Worker::Player(s), cfg.workers)).collect();
    workers.push((Worker::Neutral, cfg.neutral_for(n)));
    for (w, count) in workers {
        let image = meeple_image(&paint.art, m, w);
        let home = (0..count)
            .map(|k| {
                paint
                    .commands
                    .spawn((
                        Piece,
                        Meeple(w),
                        DespawnOnExit(Screen::Table),
                        Sprite {
                            image: image.clone(),
                            custom_size: Some(Vec2::splat(HOME_MEEPLE)),
                            ..default()
                        },
                        Transform::from_translation(layout.home(w, k)),
                    ))
                    .id()
            })
            .collect();
        view.home.insert(w, home);
    }
    if cfg.neutral_for(n) > 0 {
        let p = layout.home(Worker::Neutral, 0);
        let at = Vec3::new(p.x + 28.0, p.y + 46.0, 1.0);
        paint.label(
            at,
            &tr("mykonos-neutral-crew"),
            (28.0, super::layout::NEUTRAL_ROOM),
            theme::CREAM.with_alpha(0.8),
            false,
        );
    }
    paint.commands.spawn((
        Piece,
        StartMarker,
        DespawnOnExit(Screen::Table),
        Sprite {
            image: paint
                .art
                .of::<super::art::MykonosArt>()
                .start_marker
                .clone(),
            custom_size: Some(Vec2::splat(72.0)),
            ..default()
        },
        Transform::from_translation(layout.marker(0)).with_scale(Vec3::ZERO),
    ));
}
