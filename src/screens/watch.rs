//! Watch a match (from Statistics and the title): the matches kept to watch again, and a match
//! code typed or pasted, opened as a replay or dealt again.

use super::overlay::PendingStart;
use crate::clip::PasteFor;
use crate::games::GameKind;
use crate::menu::click;
use crate::nav::{Nav, Owner, UiPress};
use crate::save::{SaveDir, Saves};
use crate::state::{Overlay, OverlayReturn, Screen};
use crate::stats::Stats;
use crate::ui::{self, CREAM, GOLD, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// A kept match as the Watch list shows it: the game, who played, who won.
pub fn past_label(p: &crate::stats::PastMatch) -> String {
    let game = GameKind::from_id(&p.game)
        .map(|k| k.title())
        .unwrap_or_else(|| p.game.clone());
    let players: Vec<&str> = p.players.iter().map(String::as_str).collect();
    // A solo match has no winner over anybody: its rank and score say how it went.
    if let [player] = players.as_slice() {
        let line = Text::new("watch-solo")
            .raw("game", game)
            .raw("player", player.to_string());
        return say(&match &p.solo {
            Some((rank, score)) => line
                .raw("rank", come_buy_text::names::solo_rank(rank))
                .num("score", *score),
            None => line.raw("rank", "none".to_string()).num("score", 0),
        });
    }
    let winners: Vec<&str> = p.winners.iter().map(String::as_str).collect();
    say(&Text::new("watch-line")
        .raw("game", game)
        .raw("players", come_buy_text::and_list(&players))
        .text(
            "result",
            Text::new("results-winners")
                .num("n", winners.len() as i64)
                .raw("names", come_buy_text::and_list(&winners)),
        ))
}

/// The same deal as a kept match, to play again: its game, seats (names, people and bots,
/// colours), rules and seed.
pub fn deal_of(code: &str) -> Result<super::new_game::GameSetup, String> {
    let id = come_buy_engine::code::game_of(code).map_err(|e| e.to_string())?;
    crate::games::dispatch(id, DealOf(code)).ok_or_else(|| format!("no game {id:?}"))?
}

struct DealOf<'a>(&'a str);

impl crate::games::ForGame for DealOf<'_> {
    type Out = Result<super::new_game::GameSetup, String>;
    fn run<G: crate::table::TableGame>(self) -> Self::Out {
        let r = come_buy_engine::code::decode::<G>(self.0).map_err(|e| e.to_string())?;
        let kind = GameKind::of::<G>();
        let seats = crate::save::seats_of(&r).map_err(|e| say(&e))?;
        Ok(super::new_game::GameSetup {
            game: kind,
            seats,
            variant: kind
                .variant_choices()
                .iter()
                .position(|(_, v)| *v == r.variants)
                .unwrap_or(0),
            seed: Some(r.seed),
        })
    }
}

/// Puts match `code` on the table: its replay, or its deal played anew (the same seats, rules
/// and seed; asking first when a game of its kind is in progress, see
/// [`super::overlay::start_or_ask`]). True when the screen must then become the table.
pub(crate) fn open_code(
    commands: &mut Commands,
    code: &str,
    purpose: PasteFor,
    (saves, pending, overlay): (
        (&SaveDir, &mut Saves),
        &mut PendingStart,
        &mut crate::state::Overlays,
    ),
) -> Result<bool, String> {
    match purpose {
        PasteFor::Watch => crate::table::replay::watch_code(commands, code).map(|()| true),
        PasteFor::PlayDeal => {
            super::overlay::start_or_ask(commands, deal_of(code)?, saves, pending, overlay)
        }
        PasteFor::Join => Ok(false),
    }
}

/// The Watch list: the kept matches, newest first, then Paste a code, then Back. Enter watches
/// the one in focus; Right plays the same deal again (same seats, rules and seed). On Paste a
/// code, Enter watches the code on the clipboard and Right plays its deal.
pub(crate) fn watch_logic(
    mut menu: crate::menu::MenuInput,
    mut commands: Commands,
    mut overlay: crate::state::Overlays,
    back: Res<OverlayReturn>,
    (stats, dir, mut saves, mut pending): (
        Res<Stats>,
        Res<SaveDir>,
        ResMut<Saves>,
        ResMut<PendingStart>,
    ),
    mut clipboard: ResMut<bevy::clipboard::Clipboard>,
) {
    let n = stats.finished.len();
    for act in menu.acts(Owner::Watch, n + 2) {
        let (i, purpose) = match act {
            crate::menu::MenuAct::Confirm(i) if i <= n => (i, PasteFor::Watch),
            crate::menu::MenuAct::Step(i, d) if i <= n && d > 0 => (i, PasteFor::PlayDeal),
            crate::menu::MenuAct::Step(..) => continue,
            crate::menu::MenuAct::Confirm(_) | crate::menu::MenuAct::Back => {
                overlay.set(back.0);
                break;
            }
        };
        if i == n {
            crate::clip::paste(&mut commands, &mut clipboard, purpose);
            break;
        }
        let past = &stats.finished[n - 1 - i];
        let code = past.code.clone();
        match open_code(
            &mut commands,
            &code,
            purpose,
            ((&dir, &mut saves), &mut pending, &mut overlay),
        ) {
            Ok(true) => {
                overlay.set(Overlay::None);
                menu.next.set(Screen::Table);
            }
            Ok(false) => {}
            Err(e) => error!("cannot open a kept match: {e}"),
        }
        break;
    }
}

/// A paste for the Watch list, once it arrives: a match code opens (its replay or its deal);
/// anything else is refused with the reason, on the list.
pub(crate) fn poll_paste(
    mut commands: Commands,
    pasting: Option<ResMut<crate::clip::Pasting>>,
    mut overlay: crate::state::Overlays,
    mut next: ResMut<NextState<Screen>>,
    (dir, mut saves, mut pending): (Res<SaveDir>, ResMut<Saves>, ResMut<PendingStart>),
    mut note: ResMut<crate::clip::ClipNote>,
) {
    let Some(mut pasting) = pasting else { return };
    if pasting.purpose == crate::clip::PasteFor::Join {
        return; // Join a table's (crate::online::guest)
    }
    let Some(text) = crate::clip::poll(&mut pasting) else {
        return;
    };
    let purpose = pasting.purpose;
    commands.remove_resource::<crate::clip::Pasting>();
    if *overlay != Overlay::Watch {
        return; // the list was closed meanwhile
    }
    let opened = text.and_then(|code| {
        crate::table::replay::check_code(&code)
            .map_err(|why| say(&Text::new("clip-not-a-code").raw("why", why)))?;
        open_code(
            &mut commands,
            &code,
            purpose,
            ((&dir, &mut saves), &mut pending, &mut overlay),
        )
    });
    match opened {
        Ok(true) => {
            info!("a pasted match code opened ({purpose:?})");
            overlay.set(Overlay::None);
            next.set(Screen::Table);
        }
        Ok(false) => info!("a pasted match code waits for the replace question"),
        Err(why) => {
            info!("paste refused: {why}");
            note.0 = Some(why);
        }
    }
}

pub(crate) fn watch_overlay(
    mut contexts: EguiContexts,
    focus: Res<crate::state::MenuFocus>,
    stats: Res<Stats>,
    mut out: MessageWriter<UiPress>,
    (note, pasting): (
        Res<crate::clip::ClipNote>,
        Option<Res<crate::clip::Pasting>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen_rect = ctx.content_rect();
    super::overlay::dim(ctx, 235);
    let f = focus.of(Owner::Watch);
    let n = stats.finished.len();
    super::overlay::reading_panel(ctx, "watch").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen_rect, 1100.0));
        ui.vertical_centered(|ui| ui::heading(ui, &tr("menu-watch")));
        // The kept matches and Paste a code scroll between the heading and Back (which stays
        // on the screen with a note on the paste above it and the keys line under it),
        // ending under a whole entry.
        // Watch's own paste (to watch a code, or to play its deal), not Join a table's.
        let note = if pasting.is_some_and(|p| p.purpose != crate::clip::PasteFor::Join) {
            Some((tr("clip-pasting"), MUTED))
        } else {
            note.0.clone().map(|why| (why, GOLD))
        };
        let back = tr("menu-back");
        let keys = come_buy_text::tr_keys("watch-keys");
        let width = ui.available_width();
        let spacing = ui.spacing().item_spacing.y;
        let note_height = note.as_ref().map_or(0.0, |(text, _)| {
            ui.fonts_mut(|fo| {
                fo.layout(text.clone(), egui::FontId::proportional(24.0), CREAM, width)
                    .size()
                    .y
            }) + spacing
        });
        let below = note_height
            + ui::button_row_height(ui, &[&back], width)
            + spacing
            + ui::keys_line_height(ui, &keys, width);
        let id = egui::Id::new("watch list");
        let room = ui::room_below(ui, screen_rect, below);
        let follow = ui::focus_moved(ui, id, f);
        ui::whole_rows_scroll(ui, id, room, follow, |ui| {
            let mut stops = ui::Stops::begin(ui);
            watch_list(ui, &stats, (f, follow), &mut out, &mut stops);
            stops.keep(ui, id);
        });
        if let Some((text, color)) = note {
            ui.label(egui::RichText::new(text).size(24.0).color(color));
        }
        ui.vertical_centered(|ui| {
            if ui::button_row(ui, &[(&back, f == n + 1)])[0].clicked() {
                click(&mut out, Owner::Watch, Nav::Pick(n + 1));
            }
            ui::keys_line(ui, &keys);
        });
    });
    Ok(())
}

/// The Watch list's entries: the kept matches, newest first (or a line saying there are
/// none), then Paste a code, each with Play this deal (`follow`: bring the focused one into
/// view).
fn watch_list(
    ui: &mut egui::Ui,
    stats: &Stats,
    (f, follow): (usize, bool),
    out: &mut MessageWriter<UiPress>,
    stops: &mut ui::Stops,
) {
    let n = stats.finished.len();
    let mut top = None;
    if stats.finished.is_empty() {
        let r = ui.label(
            egui::RichText::new(tr("watch-none"))
                .size(crate::ui::SMALL)
                .color(MUTED),
        );
        stops.mark_rows(&r, ui::row_height(ui, crate::ui::SMALL));
        top = Some(r.rect);
    }
    let labels = stats.finished.iter().rev().map(past_label);
    for (i, label) in labels.chain([tr("watch-paste")]).enumerate() {
        let (main, deal) = watch_entry(ui, &label, f == i);
        stops.mark(ui);
        if main.clicked() {
            click(out, Owner::Watch, Nav::Pick(i));
        }
        if deal.clicked() {
            click(out, Owner::Watch, Nav::Step(i, 1));
        }
        if f == i && follow {
            let entry = main.rect.union(deal.rect);
            // Paste a code with the line above it when the list is empty.
            let rect = match top {
                Some(top) if i == n => top.union(entry),
                _ => entry,
            };
            ui.scroll_to_rect(rect, None);
        }
    }
}

/// One entry of the Watch list: its button (the match in words, or Paste a code) and Play
/// this deal beside it, or under it where the width is short (a phone held upright).
fn watch_entry(ui: &mut egui::Ui, label: &str, focused: bool) -> (egui::Response, egui::Response) {
    let deal_label = tr("watch-play-deal");
    let deal_width = ui::button_width(ui, &deal_label);
    let gap = ui.spacing().item_spacing.x;
    let side_by_side = ui.available_width() >= 200.0 + gap + deal_width;
    let main_width = if side_by_side {
        ui.available_width() - gap - deal_width
    } else {
        ui.available_width()
    };
    let main = |ui: &mut egui::Ui| {
        ui.scope(|ui| {
            ui.set_max_width(main_width);
            ui.add(
                egui::Button::new(
                    egui::RichText::new(label)
                        .size(crate::ui::SMALL)
                        .color(CREAM),
                )
                .wrap_mode(egui::TextWrapMode::Wrap)
                .selected(focused)
                .min_size(egui::vec2(main_width, ui::BUTTON_HEIGHT)),
            )
        })
        .inner
    };
    let deal = |ui: &mut egui::Ui| {
        ui.add(
            egui::Button::new(egui::RichText::new(&deal_label).size(24.0))
                .min_size(egui::vec2(0.0, ui::BUTTON_HEIGHT)),
        )
    };
    if side_by_side {
        ui.horizontal(|ui| (main(ui), deal(ui))).inner
    } else {
        let m = main(ui);
        let d = ui
            .with_layout(egui::Layout::top_down(egui::Align::Max), deal)
            .inner;
        (m, d)
    }
}
