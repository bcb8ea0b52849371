//! Lines over the table: an online table's banner, today's deal's tag. Each is drawn at the
//! top centre, as wide as the window leaves between the corner buttons, and reports its
//! bottom edge; once a frame the dock takes the lowest as [`Dock::top_line`] and the table is
//! framed below it, so no line covers a plaque, a card or the table's words.

use super::dock::Dock;
use crate::state::Overlay;
use bevy::prelude::*;
use bevy_egui::egui;

/// Space between a line and the window's top (or the corner buttons' side), in egui points.
const GAP: f32 = 6.0;

/// The narrowest room between the corners a line is drawn in, in egui points; with less, it
/// goes under them, the whole width.
const NARROWEST: f32 = 260.0;

/// A piece of a line over the table: words, or a button.
pub(crate) enum Piece {
    Words(egui::RichText),
    Button(egui::RichText),
}

/// The pieces of a line side by side where they all fit in the room at hand, else one under
/// another, each wrapping (a wrapped piece's rows then keep their own height and place, which
/// egui's wrapped rows of mixed sizes do not). Returns the button clicked, by its index.
pub(crate) fn pieces(ui: &mut egui::Ui, pieces: Vec<Piece>) -> Option<usize> {
    let wide = |ui: &egui::Ui, t: &egui::RichText| {
        egui::WidgetText::from(t.clone())
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::FontSelection::Default,
            )
            .size()
            .x
    };
    let pad = 2.0 * ui.spacing().button_padding.x;
    let gap = ui.spacing().item_spacing.x;
    let need: f32 = pieces
        .iter()
        .map(|p| match p {
            Piece::Words(t) => wide(ui, t),
            Piece::Button(t) => wide(ui, t) + pad,
        })
        .sum::<f32>()
        + gap * pieces.len().saturating_sub(1) as f32;
    let mut clicked = None;
    let add = |ui: &mut egui::Ui| {
        for (i, p) in pieces.into_iter().enumerate() {
            match p {
                Piece::Words(t) => {
                    ui.add(egui::Label::new(t).wrap_mode(egui::TextWrapMode::Wrap));
                }
                Piece::Button(t) => {
                    if ui
                        .add(egui::Button::new(t).wrap_mode(egui::TextWrapMode::Wrap))
                        .clicked()
                    {
                        clicked = Some(i);
                    }
                }
            }
        }
    };
    if need <= ui.available_width() {
        ui.horizontal(add);
    } else {
        ui.vertical_centered(add);
    }
    clicked
}

/// Draws a line over the table named `name`: `add` lays out its contents in a frame centred
/// between the top corners' buttons (or under them, where the room between them is narrower
/// than [`NARROWEST`]: a phone held upright), and its bottom is reported to the dock.
pub(crate) fn show<R>(
    ctx: &egui::Context,
    name: &'static str,
    dock: &mut ResMut<Dock>,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let screen = ctx.content_rect();
    let [left, right] = dock.corners;
    let between = (
        screen.left() + left.width + GAP,
        screen.right() - right.width - GAP,
    );
    let (middle, top, width) = if between.1 - between.0 >= NARROWEST {
        (
            (between.0 + between.1) / 2.0,
            screen.top() + GAP,
            between.1 - between.0,
        )
    } else {
        let under = left.bottom.max(right.bottom).max(screen.top());
        (screen.center().x, under + GAP, screen.width() - 2.0 * GAP)
    };
    let shown = egui::Area::new(name.into())
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2(middle, top))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(crate::ui::PANEL.to_opaque())
                .stroke(egui::Stroke::new(1.5, crate::ui::GOLD))
                .corner_radius(10.0)
                .inner_margin(egui::Margin::symmetric(14, 6))
                .show(ui, |ui| {
                    ui.set_max_width(width - 28.0);
                    add(ui)
                })
                .inner
        });
    report(
        dock.bypass_change_detection(),
        shown.response.rect.bottom() + 4.0,
    );
    shown.inner
}

/// A line over the table reaches down to `bottom` this frame (written without marking the
/// dock changed: only a new [`Dock::top_line`] does).
fn report(dock: &mut Dock, bottom: f32) {
    if bottom > dock.top_now {
        dock.top_now = bottom;
    }
}

/// Takes the lowest line reported this frame as the dock's top line (0 with none), except
/// while the online room's lobby is open over the table (its banner is hidden then; the
/// table keeps its frame).
fn settle(
    mut dock: ResMut<Dock>,
    (overlay, screen): (Res<State<Overlay>>, Res<State<crate::state::Screen>>),
    mut notices: ResMut<crate::notice::NoticeTop>,
) {
    let now = std::mem::take(&mut dock.bypass_change_detection().top_now);
    if *overlay.get() != Overlay::Online && (dock.top_line - now).abs() > 0.5 {
        dock.top_line = now;
    }
    // The notices begin under the lines and keep clear of the corner buttons (the same
    // points: all are egui's); away from the table nothing stands in their way.
    let [left, right] = dock.corners;
    let (side, below) = if *screen.get() == crate::state::Screen::Table {
        (left.width.max(right.width), left.bottom.max(right.bottom))
    } else {
        (0.0, 0.0)
    };
    notices.set_if_neq(crate::notice::NoticeTop {
        top: now,
        side,
        below,
    });
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, settle);
}
