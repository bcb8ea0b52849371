//! The dock's panels, the same for every game: the docked choice panel (the question, the
//! buttons a game draws, a hint's advice and the keys line), and the line shown while someone
//! else decides. Each reports its height to the dock so the table stays above it.

use crate::table_core::dock::{self, Dock};
use crate::ui::{self, CREAM, MUTED};
use bevy_egui::egui;
use come_buy_engine::text::Text;
use come_buy_text::say;

/// "X is thinking..." in the dock while a bot decides.
pub(crate) fn thinking_line(ctx: &egui::Context, dock: &mut Dock, name: &str) {
    waiting_line(ctx, dock, name, "choice-thinking");
}

/// A line at the bottom while someone else decides (a bot thinking, a person on a phone, a
/// friend at their own table): one line where it fits, else wrapped within the window (a
/// phone held upright), centred.
pub(crate) fn waiting_line(ctx: &egui::Context, dock: &mut Dock, name: &str, key: &'static str) {
    let width = ctx.content_rect().width() - 4.0 * dock::MARGIN;
    let shown = egui::Area::new("waiting".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -dock::MARGIN])
        .show(ctx, |ui| {
            ui.set_max_width(width);
            ui.vertical_centered(|ui| {
                ui.add(
                    egui::Label::new(
                        egui::RichText::new(say(&Text::new(key).raw("name", name)))
                            .size(26.0)
                            .color(CREAM),
                    )
                    .wrap(),
                );
            });
        });
    dock.report((shown.response.rect.height() + 2.0 * dock::MARGIN) * ctx.zoom_factor());
}

/// A docked choice panel: `prompt` in the seat's colour, the buttons `body` draws (wrapping
/// within the window), a hint's advice in gold when there is one, and the controls line.
/// Reports its height to the dock.
pub(crate) fn docked_panel(
    ctx: &egui::Context,
    dock: &mut Dock,
    (prompt, advice): (&str, Option<&str>),
    seat_color: egui::Color32,
    hint: &str,
    body: impl FnOnce(&mut egui::Ui),
) {
    let screen = ctx.content_rect();
    // The dock spans the window; its buttons are centred (by last frame's width) and wrap
    // onto a second row only when they must. A short screen saves a line: the question
    // leads the row of buttons.
    let width = screen.width() - 6.0 * dock::MARGIN;
    // A compact panel (the largest text sizes) keeps the question on its own line: beside
    // the buttons, a long one would push a stepper apart.
    let short = dock.short;
    let shown = egui::Window::new("choice")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -dock::MARGIN])
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            if !short {
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new(prompt).size(28.0).color(seat_color));
                });
            }
            let id = egui::Id::new("choice row width");
            let last: f32 = ui.data(|d| d.get_temp(id)).unwrap_or(width);
            let row = ui.horizontal_wrapped(|ui| {
                ui.add_space(((ui.available_width() - last) / 2.0).max(0.0));
                let start = ui.cursor().min.x;
                if short {
                    ui.add(
                        egui::Label::new(egui::RichText::new(prompt).size(26.0).color(seat_color))
                            .extend(),
                    );
                }
                body(ui);
                ui.min_rect().max.x - start
            });
            // A row that wrapped is left-aligned (a second row cannot be centred).
            let wrapped = row.response.rect.height() > 80.0;
            let used = if wrapped { width } else { row.inner.min(width) };
            if (used - last).abs() > 0.5 {
                ui.data_mut(|d| d.insert_temp(id, used));
                ui.ctx().request_repaint();
            }
            if advice.is_none() && hint.is_empty() {
                // Nothing under the buttons: no empty line either (a compact panel).
                return 0.0;
            }
            ui.vertical_centered(|ui| {
                let advice_height = advice.map_or(0.0, |advice| {
                    let shown = ui.label(egui::RichText::new(advice).size(28.0).color(ui::GOLD));
                    shown.rect.height()
                });
                if !hint.is_empty() {
                    ui.label(
                        egui::RichText::new(hint)
                            .size(crate::ui::SMALL)
                            .color(MUTED),
                    );
                }
                advice_height
            })
            .inner
        });
    if let Some(r) = shown {
        // The strip keeps room for a line of advice whether or not one is shown, so a hint
        // that appears (or a refusal) does not move the table; a short screen keeps its room
        // for the table instead.
        let advice = r.inner.unwrap_or(0.0);
        let reserve = if dock.compact {
            0.0
        } else {
            (ADVICE_ROOM - advice).max(0.0)
        };
        dock.report((r.response.rect.height() + reserve + 2.0 * dock::MARGIN) * ctx.zoom_factor());
    }
}

/// The room kept in the dock for a hint's advice: a line of its 28-point text (a hint is one
/// line on a 1080p window; the table stays as large as it can be).
const ADVICE_ROOM: f32 = 34.0;
