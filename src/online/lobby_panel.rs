//! The host's lobby as drawn: the room's code and how to join, the seats and who holds each,
//! yes or no for each friend asking, Start and Close (`host.rs` holds its logic).

use super::host::{OnlineHost, join_lines};
use crate::menu::click;
use crate::nav::{Nav, Owner, UiPress};
use crate::state::MenuFocus;
use crate::ui::{self, CREAM, GOLD, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_engine::text::Text;
use come_buy_online::code::spaced;
use come_buy_online::msg::Holder;
use come_buy_text::{say, tr};

/// The words a holder has in the lobby.
fn holder_words(line: &come_buy_online::msg::SeatLine) -> String {
    match &line.holder {
        Holder::Local => say(&Text::new("online-holder-here").raw("name", line.name.clone())),
        Holder::Bot => line.name.clone(),
        Holder::Open => tr("online-holder-open"),
        Holder::Online { here, .. } => say(&Text::new(if *here {
            "online-holder-friend"
        } else {
            "online-holder-gone"
        })
        .raw("name", line.name.clone())),
    }
}

/// The lobby: the code to send, how to join, the seats, the friends asking, Start.
pub(crate) fn lobby_overlay(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    oh: Option<Res<OnlineHost>>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let Some(oh) = oh else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    ui::dim(ctx, 200);
    let f = focus.of(Owner::Online);
    ui::reading_panel(ctx, "lobby").show(ctx, |ui| {
        ui.set_max_width((screen.width() - 60.0).min(1000.0));
        ui.vertical_centered(|ui| {
            ui::heading(ui, &tr("online-lobby-heading"));
            ui.label(
                egui::RichText::new(tr("online-code-is"))
                    .size(26.0)
                    .color(CREAM),
            );
            ui.label(
                egui::RichText::new(spaced(&oh.room.code))
                    .size(56.0)
                    .monospace()
                    .color(GOLD),
            );
            if oh.no_server {
                // Nobody can join while the meeting server does not answer: said plainly,
                // with the way back (Close the table, below).
                let key = if oh.refused_page {
                    "online-refused-page"
                } else {
                    super::page_key("online-no-server-host")
                };
                let text = say(&Text::new(key).raw("server", oh.signal.clone()));
                ui.label(egui::RichText::new(text).size(28.0).color(ui::WARN));
            } else {
                for line in join_lines(&oh) {
                    ui.label(
                        egui::RichText::new(line)
                            .size(crate::ui::SMALL)
                            .color(MUTED),
                    );
                }
            }
            ui.add_space(10.0);
            for (i, line) in oh.room.lines().iter().enumerate() {
                let text = say(&Text::new("online-seat-line")
                    .num("seat", i as i64 + 1)
                    .raw("who", holder_words(line)));
                ui.label(egui::RichText::new(text).size(28.0).color(CREAM));
            }
            ui.add_space(10.0);
            let asking = oh.room.asking();
            for (k, r) in asking.iter().enumerate() {
                // The asker's mark by the name: the friend's table shows the same letters.
                let q = say(&Text::new("online-asks")
                    .raw("name", format!("{} · {}", r.name, r.mark))
                    .num("seat", r.seat as i64 + 1));
                ui.label(egui::RichText::new(q).size(28.0).color(GOLD));
                ui.horizontal(|ui| {
                    // Centred under the question, as every row of the lobby is.
                    let keys = ["online-yes", "online-no"];
                    let wide: f32 = keys
                        .iter()
                        .map(|k| ui::button_width(ui, &tr(k)).max(ui::MIN_BUTTON_WIDTH))
                        .sum::<f32>()
                        + ui.spacing().item_spacing.x;
                    ui.add_space(((ui.available_width() - wide) / 2.0).max(0.0));
                    for (j, key) in keys.into_iter().enumerate() {
                        let i = k * 2 + j;
                        if ui::big_button(ui, &tr(key), f == i, true) {
                            click(&mut out, Owner::Online, Nav::Pick(i));
                        }
                    }
                });
            }
            let start = asking.len() * 2;
            let label = if oh.room.ready() {
                tr("online-start")
            } else if oh.start_asked {
                tr("online-start-bots-sure")
            } else {
                tr("online-start-bots")
            };
            if ui::big_button(ui, &label, f == start, true) {
                click(&mut out, Owner::Online, Nav::Pick(start));
            }
            let close = if oh.close_asked {
                "pause-close-table-sure"
            } else {
                "online-close"
            };
            if ui::big_button(ui, &tr(close), f == start + 1, true) {
                click(&mut out, Owner::Online, Nav::Pick(start + 1));
            }
        });
    });
    Ok(())
}
