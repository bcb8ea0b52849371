//! The host's lobby as drawn: the room's code and how to join, the seats and who holds each,
//! yes or no for each friend asking, Start and Close (`lobby.rs` holds its logic).

use super::host::OnlineHost;
use super::lobby::join_lines;
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
        Holder::Bot => super::bot_level(&line.name)
            .map_or_else(|| line.name.clone(), crate::screens::setup::bot_label),
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
    oh: Res<OnlineHost>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    ui::dim(ctx, 200);
    let f = focus.of(Owner::Online);
    ui::reading_panel(ctx, "lobby").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen, 1000.0));
        // The heading, the code, how to join, the seats and the friends asking scroll above
        // Start / Close (which stay on the screen), ending under a whole row; the focused yes
        // or no is kept in view. (A phone held upright at the largest text has room for the
        // list only with the heading in it.)
        let asking = oh.room.asking();
        let start = asking.len() * 2;
        let start_label = if oh.room.ready() {
            tr("online-start")
        } else if oh.start_asked {
            tr("online-start-bots-sure")
        } else {
            tr("online-start-bots")
        };
        let close_label = tr(if oh.close_asked {
            "pause-close-table-sure"
        } else {
            "online-close"
        });
        // Start and Close of one width, never wider than the window (their words wrap
        // instead).
        let column = ui::Column::of(ui, &[&start_label, &close_label]);
        let below = column.height(ui, &start_label)
            + column.height(ui, &close_label)
            + ui.spacing().item_spacing.y;
        let id = egui::Id::new("lobby rows");
        let room = ui::room_below(ui, screen, below);
        let follow = ui::focus_moved(ui, id, f);
        ui::whole_rows_scroll(ui, id, room, follow, |ui| {
            ui.vertical_centered(|ui| {
                let mut stops = ui::Stops::begin(ui);
                let heading = ui.scope(|ui| ui::heading(ui, &tr("online-lobby-heading")));
                stops.mark_rows(&heading.response, heading.response.rect.height());
                room_lines(ui, &oh, &mut stops);
                let (yes, no) = (tr("online-yes"), tr("online-no"));
                for (k, r) in asking.iter().enumerate() {
                    // The asker's mark under the name: the friend's table shows the same
                    // letters.
                    let ask = ui::Ask {
                        question: say(&Text::new("online-asks")
                            .raw("name", r.name.clone())
                            .num("seat", r.seat as i64 + 1)),
                        color: GOLD,
                        mark: say(&Text::new("online-asks-mark").raw("mark", r.mark.clone())),
                        notes: Vec::new(),
                    };
                    let mine = (f / 2 == k && f < start).then_some(f % 2);
                    let asked = ui::seat_question(ui, &ask, (&yes, &no), mine, Some(&mut stops));
                    if let Some(j) = asked.clicked {
                        click(&mut out, Owner::Online, Nav::Pick(k * 2 + j));
                    }
                    if follow && mine.is_some() {
                        ui.scroll_to_rect(asked.rect, None);
                    }
                }
                stops.keep(ui, id);
            });
        });
        ui.vertical_centered(|ui| {
            for (i, label) in [(start, &start_label), (start + 1, &close_label)] {
                let b = column.button(ui, label, f == i);
                if b.clicked() {
                    click(&mut out, Owner::Online, Nav::Pick(i));
                }
            }
        });
    });
    Ok(())
}

/// The room's code, how to join it (or why nobody can now), and the seats, each line's rows
/// marked as places the lobby's list may end.
fn room_lines(ui: &mut egui::Ui, oh: &OnlineHost, stops: &mut ui::Stops) {
    let line = |ui: &mut egui::Ui,
                stops: &mut ui::Stops,
                text: String,
                (size, color): (f32, egui::Color32)| {
        let r = ui.label(egui::RichText::new(text).size(size).color(color));
        stops.mark_rows(&r, ui::row_height(ui, size));
    };
    line(ui, stops, tr("online-code-is"), (26.0, CREAM));
    let code = ui.label(
        egui::RichText::new(spaced(&oh.room.code))
            .size(56.0)
            .monospace()
            .color(GOLD),
    );
    stops.mark_rows(&code, code.rect.height());
    if oh.no_server {
        // Nobody can join while the meeting server does not answer: said plainly, with the
        // way back (Close the table, below).
        let key = if oh.refused_page {
            "online-refused-page"
        } else {
            super::page_key("online-no-server-host")
        };
        let text = say(&Text::new(key).raw("server", oh.signal.clone()));
        line(ui, stops, text, (28.0, ui::WARN));
    } else {
        for text in join_lines(oh) {
            line(ui, stops, text, (crate::ui::SMALL, MUTED));
        }
    }
    ui.add_space(10.0);
    for (i, seat) in oh.room.lines().iter().enumerate() {
        let text = say(&Text::new("online-seat-line")
            .num("seat", i as i64 + 1)
            .raw("who", holder_words(seat)));
        line(ui, stops, text, (28.0, CREAM));
    }
    ui.add_space(10.0);
}
