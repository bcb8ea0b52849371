//! The Statistics screen (from the title): per game, each person's games, wins and win rate,
//! their record against each bot level, their best score; for the Duchess solo, each person's
//! best rank, median florins and a small chart of the last 20 games. Back, Esc or B close it;
//! Up/Down, the wheel and PageUp/PageDown scroll.

use crate::games::GameKind;
use crate::menu::{click, take_if_owner};
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::state::OverlayReturn;
use crate::stats::{GameStats, Stats};
use crate::ui::{self, CREAM, GOLD, MUTED, ReadingScroll};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

pub(crate) fn stats_logic(
    owner: Res<State<Owner>>,
    mut inbox: ResMut<Inbox>,
    mut overlay: crate::state::Overlays,
    back: Res<OverlayReturn>,
    mut scroll: ResMut<ReadingScroll>,
) {
    let Some(presses) = take_if_owner(&mut inbox, &owner, Owner::Stats) else {
        return;
    };
    for p in presses {
        match p.nav {
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

/// A person's row in a game's table: name, played, won, rate, best, against each level.
pub fn rows(game: &GameStats) -> Vec<[String; 6]> {
    game.players
        .iter()
        .map(|(name, p)| {
            let against: Vec<String> = ["easy", "normal", "hard"]
                .iter()
                .filter_map(|level| {
                    let t = p.against.get(*level)?;
                    Some(say(&Text::new("stats-against")
                        .text("level", Text::new(level_key(level)))
                        .num("won", t.won)
                        .num("played", t.played)))
                })
                .collect();
            [
                name.clone(),
                p.games.played.to_string(),
                say(&Text::new("stats-won-rate")
                    .num("won", p.games.won)
                    .num("rate", p.games.rate())),
                p.best.map(|b| b.to_string()).unwrap_or_default(),
                p.hints.to_string(),
                against.join(", "),
            ]
        })
        .collect()
}

fn level_key(level: &str) -> &'static str {
    match level {
        "easy" => "bot-easy",
        "hard" => "bot-hard",
        _ => "bot-normal",
    }
}

/// The Duchess solo's lines for one person: best rank, median florins, the last 20 scores.
pub fn solo_summary(game: &GameStats, name: &str) -> Option<(String, Vec<i64>)> {
    let mine: Vec<&crate::stats::SoloGame> = game.solo.iter().filter(|g| g.name == name).collect();
    if mine.is_empty() {
        return None;
    }
    let mut florins: Vec<i64> = mine.iter().map(|g| g.florins).collect();
    let last: Vec<i64> = florins[florins.len().saturating_sub(20)..].to_vec();
    florins.sort_unstable();
    let median = florins[florins.len() / 2];
    let best = mine.iter().max_by_key(|g| g.florins).expect("not empty");
    let line = say(&Text::new("stats-solo")
        .raw("rank", come_buy_text::names::solo_rank(&best.rank))
        .num("best", best.florins)
        .num("median", median)
        .num("games", mine.len() as i64));
    Some((line, last))
}

pub(crate) fn stats_overlay(
    mut contexts: EguiContexts,
    (stats, today): (Res<Stats>, Res<crate::daily::Today>),
    mut scroll: ResMut<ReadingScroll>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen_rect = ctx.content_rect();
    super::overlay::dim(ctx, 235);
    super::overlay::reading_panel(ctx, "stats").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen_rect, 1100.0));
        ui.vertical_centered(|ui| ui::heading(ui, &tr("menu-statistics")));
        // The figures scroll between the heading and Back (which stays on the screen with
        // the keys line under it), ending under a whole line.
        let back = tr("menu-back");
        let keys = come_buy_text::tr_keys("rules-keys");
        let width = ui.available_width();
        let below = ui::button_row_height(ui, &[&back], width)
            + ui.spacing().item_spacing.y
            + ui::keys_line_height(ui, &keys, width);
        let id = egui::Id::new("statistics");
        let height = ui::Stops::height(ui, id, ui::room_below(ui, screen_rect, below));
        let area = egui::ScrollArea::vertical()
            .id_salt(id)
            .max_height(height)
            .min_scrolled_height(height)
            .auto_shrink([false, true]);
        scroll.show(ui, area, |ui| {
            let mut stops = ui::Stops::begin(ui);
            body(ui, &stats, today.0, &mut stops);
            stops.keep(ui, id);
        });
        if ui::button_row(ui, &[(&back, true)])[0].clicked() {
            click(&mut out, Owner::Stats, Nav::Pick(0));
        }
        ui::keys_line(ui, &keys);
    });
    Ok(())
}

/// A line of the statistics at `size` points, the list's ends marked under each of its rows.
fn line(ui: &mut egui::Ui, stops: &mut ui::Stops, text: &str, (size, color): (f32, egui::Color32)) {
    let r = ui.label(egui::RichText::new(text).size(size).color(color));
    stops.mark_rows(&r, ui::row_height(ui, size));
}

fn body(ui: &mut egui::Ui, stats: &Stats, today: i64, stops: &mut ui::Stops) {
    if let Some(p) = &stats.problem {
        line(ui, stops, &say(p), (24.0, ui::GOLD));
    }
    for (i, text) in super::daily::stats_lines(stats, today).iter().enumerate() {
        let look = if i == 0 { (30.0, GOLD) } else { (24.0, CREAM) };
        line(ui, stops, text, look);
    }
    if stats
        .games
        .values()
        .all(|g| g.players.is_empty() && g.solo.is_empty())
    {
        line(ui, stops, &tr("stats-empty"), (24.0, CREAM));
        return;
    }
    for kind in GameKind::all() {
        let Some(game) = stats.games.get(kind.id()) else {
            continue;
        };
        if game.players.is_empty() && game.solo.is_empty() {
            continue;
        }
        ui.add_space(10.0);
        line(ui, stops, &kind.title(), (30.0, GOLD));
        let rows = rows(game);
        if !rows.is_empty() {
            table(ui, kind, rows, stops);
        }
        // Solo players, in the order they first played (a solo game is no game won).
        let mut names: Vec<&str> = Vec::new();
        for g in &game.solo {
            if !names.contains(&g.name.as_str()) {
                names.push(&g.name);
            }
        }
        for name in names {
            if let Some((text, last)) = solo_summary(game, name) {
                line(ui, stops, &format!("{name}: {text}"), (24.0, CREAM));
                chart(ui, &last);
                stops.mark(ui);
            }
        }
    }
}

/// A game's table of people: played, won, best, hints, against each bot level.
fn table(ui: &mut egui::Ui, kind: GameKind, rows: Vec<[String; 6]>, stops: &mut ui::Stops) {
    let heads: Vec<String> = [
        "stats-player",
        "stats-played",
        "stats-won",
        "stats-best",
        "stats-hints",
        "stats-bots",
    ]
    .iter()
    .map(|k| tr(k))
    .collect();
    // As a grid where its columns fit the width, else each person's record in words (a
    // phone).
    let (gap, pitch) = (28.0, ui::row_height(ui, 24.0));
    let wide: f32 = (0..6)
        .map(|c| {
            let column: Vec<String> = std::iter::once(heads[c].clone())
                .chain(rows.iter().map(|r| r[c].clone()))
                .collect();
            ui::widest(ui, &column, 24.0)
        })
        .sum::<f32>()
        + 5.0 * gap;
    if wide > ui.available_width() {
        for row in rows {
            let r = ui.label(egui::RichText::new(&row[0]).size(24.0).color(GOLD));
            stops.mark_rows(&r, pitch);
            let said: Vec<String> = (1..6)
                .filter(|c| !row[*c].is_empty())
                .map(|c| format!("{}: {}", heads[c], row[c]))
                .collect();
            let r = ui.label(
                egui::RichText::new(said.join(" · "))
                    .size(24.0)
                    .color(CREAM),
            );
            stops.mark_rows(&r, pitch);
        }
        return;
    }
    egui::Grid::new(kind.id())
        .num_columns(6)
        .spacing([gap, 6.0])
        .show(ui, |ui| {
            for head in &heads {
                ui.label(egui::RichText::new(head).size(24.0).color(MUTED));
            }
            ui.end_row();
            stops.mark(ui);
            for row in rows {
                for cell in row {
                    ui.label(egui::RichText::new(cell).size(24.0).color(CREAM));
                }
                ui.end_row();
                stops.mark(ui);
            }
        });
}

/// A bar chart of the last solo scores (oldest first), said in words: a caption (how many
/// games, in florins), the highest score at the top of its scale, and each bar's florins
/// under it.
fn chart(ui: &mut egui::Ui, scores: &[i64]) {
    // The last games whose bars fit the width (all of them but on a phone).
    let fit = ((ui.available_width() - 60.0) / 40.0).floor().max(1.0) as usize;
    let scores = &scores[scores.len().saturating_sub(fit)..];
    ui.label(
        egui::RichText::new(say(
            &Text::new("stats-chart").num("games", scores.len() as i64)
        ))
        .size(crate::ui::SMALL)
        .color(MUTED),
    );
    let (step, h, under) = (40.0, 80.0, 26.0);
    let top = scores.iter().copied().max().unwrap_or(1).max(1);
    let w = 60.0 + step * scores.len() as f32;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(w, h + under), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let font = egui::FontId::proportional(crate::ui::SMALL);
    let base = rect.top() + h;
    painter.text(
        egui::pos2(rect.left() + 50.0, rect.top()),
        egui::Align2::RIGHT_TOP,
        top.to_string(),
        font.clone(),
        MUTED,
    );
    painter.line_segment(
        [
            egui::pos2(rect.left() + 56.0, rect.top()),
            egui::pos2(rect.left() + 56.0, base),
        ],
        egui::Stroke::new(1.5, MUTED),
    );
    for (i, s) in scores.iter().enumerate() {
        let bar = (*s).max(0) as f32 / top as f32 * (h - 4.0);
        let x = rect.left() + 60.0 + i as f32 * step;
        painter.rect_filled(
            egui::Rect::from_min_max(
                egui::pos2(x + 6.0, base - bar),
                egui::pos2(x + step - 6.0, base),
            ),
            2.0,
            GOLD,
        );
        painter.text(
            egui::pos2(x + step / 2.0, base + 2.0),
            egui::Align2::CENTER_TOP,
            s.to_string(),
            font.clone(),
            CREAM,
        );
    }
}
