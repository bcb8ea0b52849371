//! "Learn to play": the guided games (one per game, two for the Duchess: a duel and solo),
//! opened from the title and from How to play. Enter / A or a click starts the one in focus;
//! Esc / B goes back to where the list was opened from.

use crate::menu::{MenuAct, MenuInput, click};
use crate::nav::{Nav, Owner, UiPress};
use crate::state::{MenuFocus, Overlay, OverlayReturn, Screen};
use crate::table::SeatKind;
use crate::ui::{self, CREAM};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_text::tr;

/// The name the person plays a guided game under: the first person of the last new-game setup.
pub(crate) fn person_name(setup: &super::new_game::GameSetup) -> String {
    setup
        .seats
        .iter()
        .find(|s| s.kind == SeatKind::Person && !s.name.trim().is_empty())
        .map(|s| s.name.clone())
        .unwrap_or_else(|| crate::theme::DEFAULT_NAMES[0].to_string())
}

/// The list's logic: the guided games, then Back.
pub(crate) fn learn_logic(
    mut menu: MenuInput,
    mut commands: Commands,
    mut overlay: crate::state::Overlays,
    back: Res<OverlayReturn>,
    setup: Res<super::new_game::GameSetup>,
) {
    let ids = crate::table::tutorial::ids();
    let n = ids.len();
    for act in menu.acts(Owner::Learn, n + 1) {
        match act {
            MenuAct::Confirm(i) if i < n => {
                match crate::table::tutorial::start(&mut commands, ids[i], &person_name(&setup)) {
                    Ok(()) => {
                        overlay.set(Overlay::None);
                        menu.next.set(Screen::Table);
                    }
                    Err(e) => error!("cannot start the guided game: {e}"),
                }
                break;
            }
            MenuAct::Confirm(_) | MenuAct::Back => {
                overlay.set(back.0);
                break;
            }
            MenuAct::Step(..) => {}
        }
    }
}

pub(crate) fn learn_overlay(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen_rect = ctx.content_rect();
    super::overlay::dim(ctx, 235);
    let f = focus.of(Owner::Learn);
    let list = crate::table::tutorial::list();
    super::overlay::reading_panel(ctx, "learn").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen_rect, 900.0));
        ui.vertical_centered(|ui| ui::heading(ui, &tr("learn-heading")));
        // The words and the guided games scroll between the heading and Back (which stays
        // on the screen with the keys line under it), ending under a whole entry.
        let n = list.len();
        let back = tr("menu-back");
        let keys = come_buy_text::tr_keys("learn-keys");
        let width = ui.available_width();
        // The guided games and Back of one width.
        let labels: Vec<&str> = list
            .iter()
            .map(|(_, l)| l.as_str())
            .chain([back.as_str()])
            .collect();
        let column = ui::Column::of(ui, &labels).at_most(ui::rows_width(ui));
        let below = column.height(ui, &back)
            + ui.spacing().item_spacing.y
            + ui::keys_line_height(ui, &keys, width);
        let id = egui::Id::new("guided games");
        let room = ui::room_below(ui, screen_rect, below);
        let follow = ui::focus_moved(ui, id, f);
        ui::whole_rows_scroll(ui, id, room, follow, |ui| {
            ui.vertical_centered(|ui| {
                let mut stops = ui::Stops::begin(ui);
                let intro = ui.label(
                    egui::RichText::new(tr("learn-intro"))
                        .size(24.0)
                        .color(CREAM),
                );
                stops.mark_rows(&intro, ui::row_height(ui, 24.0));
                ui.add_space(12.0);
                for (i, (_, label)) in list.iter().enumerate() {
                    let r = column.button(ui, label, f == i);
                    stops.mark(ui);
                    if r.clicked() {
                        click(&mut out, Owner::Learn, Nav::Pick(i));
                    }
                    if f == i && follow {
                        // The first with the words above it (the list opens at its top).
                        let top = if i == 0 { intro.rect } else { r.rect };
                        ui.scroll_to_rect(top.union(r.rect), None);
                    }
                }
                stops.keep(ui, id);
            });
        });
        ui.vertical_centered(|ui| {
            if column.button(ui, &back, f == n).clicked() {
                click(&mut out, Owner::Learn, Nav::Pick(n));
            }
            ui::keys_line(ui, &keys);
        });
    });
    Ok(())
}
