//! How to play: the rules in our own words (of the game on the table, or of every game from
//! the title), scrolled by keys, the wheel or a finger; from the title its Back, Guided games
//! and Credits stand under the text.

use crate::games::{GameKind, LastMatch};
use crate::menu::{click, take_if_owner};
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::state::{MenuFocus, Overlay, OverlayReturn, Screen};
use crate::ui::{self, dim, reading_panel};
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

/// How far the rules text is scrolled, in egui points: keys and the pad move it here, the
/// wheel and scrollbar move it in egui; both stay within the text.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct RulesScroll {
    pub offset: f32,
    /// The largest offset (text height minus the visible height), measured when drawn.
    pub max: f32,
    /// The visible height (a page), measured when drawn.
    pub page: f32,
    /// The logic moved the offset: the drawing applies it once.
    pub moved: bool,
}

impl RulesScroll {
    pub const LINE: f32 = 60.0;

    pub(crate) fn scroll_by(&mut self, d: f32) {
        self.offset = (self.offset + d).clamp(0.0, self.max.max(0.0));
        self.moved = true;
    }
}

/// The rules help: Up/Down scroll by lines, Left/Right or PageUp/PageDown by pages, within the
/// text; Enter, Esc or B close it.
pub(crate) fn rules_logic(
    (screen, owner): (Res<State<Screen>>, Res<State<Owner>>),
    mut inbox: ResMut<Inbox>,
    mut overlay: crate::state::Overlays,
    back: Res<OverlayReturn>,
    mut scroll: ResMut<RulesScroll>,
    mut focus: ResMut<MenuFocus>,
) {
    let Some(presses) = take_if_owner(&mut inbox, &owner, Owner::Rules) else {
        return;
    };
    // On the title, Left and Right choose between Back, the guided games and the credits.
    let learn = *screen.get() == Screen::Title;
    let focus = focus.claim(Owner::Rules);
    let page = scroll.page.max(RulesScroll::LINE * 3.0);
    for p in presses {
        let to = match p.nav {
            Some(Nav::Pick(i)) if learn => i,
            Some(Nav::Confirm) if learn => *focus,
            _ => 0,
        };
        if let Some(to) = [Overlay::Learn, Overlay::Credits].get(to.wrapping_sub(1)) {
            *scroll = RulesScroll {
                moved: true,
                ..RulesScroll::default()
            };
            overlay.set(*to);
            break;
        }
        match p.nav {
            Some(Nav::Down) => scroll.scroll_by(RulesScroll::LINE),
            Some(Nav::Up) => scroll.scroll_by(-RulesScroll::LINE),
            Some(Nav::Right) if learn => *focus = (*focus + 1) % 3,
            Some(Nav::Left) if learn => *focus = (*focus + 2) % 3,
            Some(Nav::Right | Nav::BigRight | Nav::PageDown) => scroll.scroll_by(page),
            Some(Nav::Left | Nav::BigLeft | Nav::PageUp) => scroll.scroll_by(-page),
            Some(Nav::Confirm | Nav::Back | Nav::Pause | Nav::Pick(_)) => {
                // Opens at the top next time (egui remembers the old offset otherwise).
                *scroll = RulesScroll {
                    moved: true,
                    ..RulesScroll::default()
                };
                overlay.set(back.0);
                break;
            }
            _ => {}
        }
    }
}

pub(crate) fn rules_overlay(
    screen: Res<State<Screen>>,
    last: Option<Res<LastMatch>>,
    mut contexts: EguiContexts,
    mut scroll: ResMut<RulesScroll>,
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
        ui.set_max_width((screen_rect.width() - 80.0).min(1000.0));
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
        let mut area = egui::ScrollArea::vertical()
            .max_height(height)
            .min_scrolled_height(height)
            .auto_shrink([false, false]);
        if scroll.moved {
            area = area.vertical_scroll_offset(scroll.offset);
        }
        let shown = ui
            .scope(|ui| {
                ui::visible_scroll_bar(ui);
                area.show(ui, |ui| {
                    // The same margin on both sides of the text (the scroll bar sits in the
                    // right).
                    egui::Frame::NONE
                        .inner_margin(egui::Margin::symmetric(24, 0))
                        .show(ui, |ui| {
                            ui.label(egui::RichText::new(rules_help(game)).size(24.0));
                        });
                })
            })
            .inner;
        let max = (shown.content_size.y - shown.inner_rect.height()).max(0.0);
        let now = RulesScroll {
            offset: shown.state.offset.y.clamp(0.0, max),
            max,
            page: shown.inner_rect.height() * 0.9,
            moved: false,
        };
        if *scroll != now {
            *scroll = now;
        }
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
