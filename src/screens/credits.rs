//! Credits (from the title's How to play): who designed the games, what of theirs the game
//! uses, and the licences, in our own words (CREDITS.md beside the game says which file is
//! under which). Up/Down, the wheel and PageUp/PageDown scroll; Enter, Esc, B or Back return to
//! How to play.

use crate::menu::{click, take_if_owner};
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::state::{MenuSet, Overlay};
use crate::ui::{self, CREAM, ReadingScroll};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_text::tr;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, credits_logic.in_set(MenuSet));
    app.add_systems(
        EguiPrimaryContextPass,
        credits_overlay.run_if(in_state(Overlay::Credits)),
    );
}

/// The credits' logic: keys scroll; any way out goes back to How to play.
pub(crate) fn credits_logic(
    owner: Res<State<Owner>>,
    mut inbox: ResMut<Inbox>,
    mut overlay: crate::state::Overlays,
    mut scroll: ResMut<ReadingScroll>,
) {
    let Some(presses) = take_if_owner(&mut inbox, &owner, Owner::Credits) else {
        return;
    };
    for p in presses {
        match p.nav {
            Some(Nav::Confirm | Nav::Back | Nav::Pause | Nav::Pick(_)) => {
                // Opens at the top next time.
                scroll.top();
                overlay.set(Overlay::Rules);
                break;
            }
            Some(nav) => {
                scroll.press(nav);
            }
            None => {}
        }
    }
}

fn credits_overlay(
    mut contexts: EguiContexts,
    mut scroll: ResMut<ReadingScroll>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen_rect = ctx.content_rect();
    ui::dim(ctx, 235);
    ui::reading_panel(ctx, "credits").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen_rect, 1000.0));
        ui.vertical_centered(|ui| ui::heading(ui, &tr("credits-heading")));
        let back = tr("menu-back");
        let keys = come_buy_text::tr_keys("rules-keys");
        // The text scrolls in whole lines between the heading and Back, which stays on the
        // screen with the keys line under it.
        let width = ui.available_width();
        let below = ui::button_row_height(ui, &[&back], width)
            + ui.spacing().item_spacing.y
            + ui::keys_line_height(ui, &keys, width);
        let height = ui::scroll_room(ui, screen_rect, below, ui::row_height(ui, 24.0));
        let area = egui::ScrollArea::vertical()
            .max_height(height)
            .min_scrolled_height(height)
            .auto_shrink([false, false]);
        scroll.show(ui, area, |ui| {
            egui::Frame::NONE
                .inner_margin(egui::Margin::symmetric(24, 0))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(tr("credits-text"))
                            .size(24.0)
                            .color(CREAM),
                    );
                });
        });
        if ui::button_row(ui, &[(&back, true)])[0].clicked() {
            click(&mut out, Owner::Credits, Nav::Pick(0));
        }
        ui::keys_line(ui, &keys);
    });
    Ok(())
}
