//! The Duchess's table as it starts: every card in the draw pile, the pile labels, the turn
//! line, and a necklace panel per seat.

use super::layout::{Layout, NECKLACE_LINES, Offer, PANEL, PANEL_LINE, PANEL_LINE_STEP, ROW_Y};
use super::{Match, NecklaceValue, PanelLine, Status, TableView, spawn_card};
use crate::state::Screen;
use crate::table::kit::{Grows, Painter, Piece, text2d};
use crate::theme;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use come_buy_engine::duchess::Zone;
use come_buy_engine::duchess::deck::config;
use come_buy_text::tr;

pub(super) fn spawn_table(
    mut paint: Painter,
    m: Res<Match>,
    mut view: ResMut<TableView>,
    near: Option<Res<crate::table::NearSeat>>,
) {
    let n = m.seats.len();
    let first_person = crate::table::near_person(&m, near.as_deref());
    let layout = Layout::new(n, first_person);
    *view = TableView {
        layout: Some(layout.clone()),
        known: vec![Vec::new(); n],
        ..default()
    };
    let opts = m.game.options();
    let mut cards = config().cards_in_play(opts.rainbow, opts.gold);
    cards.sort();
    for (i, &c) in cards.iter().enumerate() {
        let (at, scale) = layout.slot(Zone::DrawPile, i, cards.len());
        let e = spawn_card(&mut paint.commands, &paint.art, &paint.fonts, c, at, scale);
        view.cards.insert(c, e);
    }
    view.zones.insert(Zone::DrawPile, cards);
    let label_ink = theme::CREAM.with_alpha(0.8);
    for (at, label, room) in layout.labels() {
        paint.label(at.extend(1.0), &tr(label), (28.0, room), label_ink, false);
    }
    // The wish of a card on offer, spelled out as large as the necklace panels' lines.
    let offers: &[Offer] = if n == 1 {
        &[Offer::Discard, Offer::Looked]
    } else {
        &[Offer::Discard]
    };
    for &offer in offers {
        let (at, room) = layout.offer_line(offer);
        let e = paint.label(at.extend(1.0), "", (PANEL_LINE, room), theme::GOLD, false);
        paint.commands.entity(e).insert(offer);
    }
    paint.commands.spawn((
        Piece,
        Status,
        DespawnOnExit(Screen::Table),
        text2d(&paint.fonts, "", 30.0, theme::GOLD, true),
        Transform::from_xyz(-800.0, ROW_Y + 170.0, 1.0),
    ));
    for s in 0..n {
        let top_left = layout.panel(s);
        let centre = Vec2::new(top_left.x + PANEL.x / 2.0, top_left.y - PANEL.y / 2.0);
        let icon = paint.art.of::<super::art::DuchessArt>().florin.clone();
        let plate = paint.seat_plaque(s, &m.seats[s], centre, PANEL, icon, NecklaceValue(s));
        let fonts = &*paint.fonts;
        paint.commands.entity(plate).with_children(|c| {
            for line in 0..NECKLACE_LINES {
                c.spawn((
                    PanelLine(s, line),
                    text2d(fonts, "", PANEL_LINE, theme::CREAM, false),
                    // Readable from a sofa, following the text size; a long line (another
                    // language) shrinks to its panel.
                    Grows {
                        base: PANEL_LINE,
                        room: PANEL.x - 64.0,
                    },
                    Anchor::CENTER_LEFT,
                    Transform::from_xyz(
                        -PANEL.x / 2.0 + 32.0,
                        PANEL.y / 2.0 - 78.0 - line as f32 * PANEL_LINE_STEP,
                        0.2,
                    ),
                ));
            }
        });
    }
}
