//! How to play: the rules in our own words (of the game on the table, or of every game from
//! the title), scrolled by keys, the wheel or a finger; from the title its Back, Guided games
//! and Credits stand under the text.

use crate::games::{GameKind, LastMatch};
use crate::menu::{click, take_if_owner};
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::state::{MenuFocus, Overlay, OverlayReturn, Screen};
use crate::ui::{self, ReadingScroll, dim, reading_panel};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_text::tr;

/// The help for the game on the table, or for every game from the title screen.
pub(crate) fn rules_help(game: Option<GameKind>) -> String {
    let parts: Vec<String> = match game {
        Some(k) => vec![k.help()],
        None => GameKind::all().into_iter().map(GameKind::help).collect(),
    };
    format!("{}\n\n{}", parts.join("\n\n"), tr("help-controls"))
}

/// The rules help: Up/Down scroll by lines, Left/Right or PageUp/PageDown by pages, within the
/// text; Enter, Esc or B close it.
pub(crate) fn rules_logic(
    (screen, owner): (Res<State<Screen>>, Res<State<Owner>>),
    mut inbox: ResMut<Inbox>,
    mut overlay: crate::state::Overlays,
    back: Res<OverlayReturn>,
    mut scroll: ResMut<ReadingScroll>,
    mut focus: ResMut<MenuFocus>,
) {
    let Some(presses) = take_if_owner(&mut inbox, &owner, Owner::Rules) else {
        return;
    };
    // On the title, Left and Right choose between Back, the guided games and the credits.
    let learn = *screen.get() == Screen::Title;
    let focus = focus.claim(Owner::Rules);
    for p in presses {
        let to = match p.nav {
            Some(Nav::Pick(i)) if learn => i,
            Some(Nav::Confirm) if learn => *focus,
            _ => 0,
        };
        if let Some(to) = [Overlay::Learn, Overlay::Credits].get(to.wrapping_sub(1)) {
            scroll.top();
            overlay.set(*to);
            break;
        }
        match p.nav {
            Some(Nav::Right) if learn => *focus = (*focus + 1) % 3,
            Some(Nav::Left) if learn => *focus = (*focus + 2) % 3,
            Some(Nav::Confirm | Nav::Back | Nav::Pause | Nav::Pick(_)) => {
                // Opens at the top next time.
                scroll.top();
                overlay.set(back.0);
                break;
            }
            Some(nav) => {
                scroll.press(nav);
            }
            None => {}
        }
    }
}

pub(crate) fn rules_overlay(
    screen: Res<State<Screen>>,
    last: Option<Res<LastMatch>>,
    mut contexts: EguiContexts,
    mut scroll: ResMut<ReadingScroll>,
    mut out: MessageWriter<UiPress>,
    focus: Res<MenuFocus>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Opaque: the rules are read over nothing busy.
    dim(ctx, 235);
    let screen_rect = ctx.content_rect();
    let game = match screen.get() {
        Screen::Table | Screen::Results => last.as_ref().map(|l| l.kind),
        _ => None,
    };
    reading_panel(ctx, "rules").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen_rect, 1000.0));
        ui.vertical_centered(|ui| ui::heading(ui, &tr("menu-how-to-play")));
        // From the title, the guided games and the credits are one step away.
        let learn = *screen.get() == Screen::Title;
        let f = if learn { focus.of(Owner::Rules) } else { 0 };
        let mut labels = vec![tr("menu-back")];
        if learn {
            labels.extend([tr("rules-learn"), tr("rules-credits")]);
        }
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        let keys = come_buy_text::tr_keys("rules-keys");
        // The text scrolls in whole lines between the heading and the buttons, which stay
        // on the screen with the keys line under them.
        let width = ui.available_width();
        let below = ui::button_row_height(ui, &labels, width)
            + ui.spacing().item_spacing.y
            + ui::keys_line_height(ui, &keys, width);
        let height = ui::scroll_room(ui, screen_rect, below, ui::row_height(ui, 24.0));
        let area = egui::ScrollArea::vertical()
            .max_height(height)
            .min_scrolled_height(height)
            .auto_shrink([false, false]);
        scroll.show(ui, area, |ui| {
            // The same margin on both sides of the text (the scroll bar sits in the right).
            egui::Frame::NONE
                .inner_margin(egui::Margin::symmetric(24, 0))
                .show(ui, |ui| {
                    ui.label(egui::RichText::new(rules_help(game)).size(24.0));
                });
        });
        let buttons: Vec<(&str, bool)> = labels
            .iter()
            .enumerate()
            .map(|(i, l)| (*l, f == i))
            .collect();
        for (i, r) in ui::button_row(ui, &buttons).iter().enumerate() {
            if r.clicked() {
                click(&mut out, Owner::Rules, Nav::Pick(i));
            }
        }
        ui::keys_line(ui, &keys);
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_help_covers_the_game_on_the_table_or_all() {
        let gm = rules_help(GameKind::from_id("goblin-market"));
        assert!(gm.contains("GOBLIN MARKET") && !gm.contains("MYKONOS"));
        assert!(gm.contains("Controls"));
        let all = rules_help(None);
        for title in ["GOBLIN MARKET", "MYKONOS", "DUCHESS"] {
            assert!(all.contains(title), "{title}");
        }
    }
}
