//! Today's deal (from the title): the day's four deals, each with how it stands today (not
//! played, the try in progress, given up, or its result), the days played and the streak.
//! Enter / A or a click deals one (or continues the day's try from its save); a game of that
//! kind in progress elsewhere is asked about first, as New game does. `--daily ID` and a
//! page's `?daily=ID` open a deal through the same door.

use crate::daily::{DayState, Today, deal_name};
use crate::games::GameKind;
use crate::menu::{MenuAct, MenuInput, click};
use crate::nav::{Nav, Owner, UiPress};
use crate::save::{SaveDir, Saves};
use crate::state::{MenuFocus, Overlay, OverlayReturn, Screen};
use crate::stats::Stats;
use crate::table::{SeatInfo, SeatKind};
use crate::theme::{DEFAULT_NAMES, SEAT_COLORS};
use crate::ui::{self, CREAM, GOLD, MUTED};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_engine::daily::{self, Deal, deals};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

use super::setup::{GameSetup, PendingStart, start_or_ask};

/// The match of `deal` on `day`: the person of the last setup (name and colour) first, Hard
/// bots in the other seats, standard rules, the day's seed.
pub fn deal_setup(deal: &Deal, day: i64, last: &GameSetup) -> Result<GameSetup, String> {
    let game = GameKind::from_id(&deal.game).ok_or_else(|| format!("no game {}", deal.game))?;
    let person = last.seats.iter().find(|s| s.kind == SeatKind::Person);
    let name = super::learn::person_name(last);
    let color = person.map_or(0, |s| s.color);
    let mut seats = vec![SeatInfo {
        name: name.clone(),
        color,
        kind: SeatKind::Person,
    }];
    let mut names = DEFAULT_NAMES.iter().filter(|n| **n != name);
    let mut colors = (0..SEAT_COLORS.len()).filter(|c| *c != color);
    for _ in 1..deal.players {
        seats.push(SeatInfo {
            name: names.next().copied().unwrap_or("Bot").to_string(),
            color: colors.next().unwrap_or(0),
            kind: SeatKind::Bot(daily::bot().to_string()),
        });
    }
    Ok(GameSetup {
        game,
        seats,
        variant: 0,
        seed: Some(deal.seed(day)),
    })
}

/// What opening a deal needs: the day, the log, the saves and the Replace question (the
/// launcher puts its other matches on the table through it too, see `crate::launch`).
#[derive(SystemParam)]
pub(crate) struct DealDoor<'w, 's> {
    commands: Commands<'w, 's>,
    today: Res<'w, Today>,
    stats: Res<'w, Stats>,
    setup: Res<'w, GameSetup>,
    dir: Res<'w, SaveDir>,
    saves: ResMut<'w, Saves>,
    pending: ResMut<'w, PendingStart>,
    pub overlay: crate::state::Overlays<'w>,
}

impl<'w, 's> DealDoor<'w, 's> {
    /// The commands that put a match on the table (the launcher's other matches use them).
    pub fn commands(&mut self) -> &mut Commands<'w, 's> {
        &mut self.commands
    }

    /// The last new-game setup (whose person plays).
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// Today's try of `deal` continued from its save, or the deal dealt (asking first when a
    /// game of its kind is in progress); true when the table may open now.
    pub fn open(&mut self, deal: &Deal) -> Result<bool, String> {
        let day = self.today.0;
        let game = GameKind::from_id(&deal.game).ok_or("no such game")?;
        if let (DayState::Begun, Some(entry)) = (
            self.stats.daily.state(&deal.id, day),
            self.stats.daily.entry(&deal.id, day),
        ) {
            self.saves.refresh(&self.dir, game);
            if self
                .saves
                .of(game)
                .is_some_and(|s| s.game.seed == entry.seed)
            {
                return Ok(super::title::continue_saved(
                    &mut self.commands,
                    &mut self.saves,
                    game,
                ));
            }
        }
        let setup = deal_setup(deal, day, &self.setup)?;
        self.start(setup)
    }

    /// `setup` dealt, asking first when a game of its kind is in progress (as New game does);
    /// true when the table may open now.
    pub fn start(&mut self, setup: GameSetup) -> Result<bool, String> {
        start_or_ask(
            &mut self.commands,
            setup,
            (&self.dir, &mut self.saves),
            &mut self.pending,
            &mut self.overlay,
        )
    }
}

/// The list's logic: the four deals, then Back.
pub(crate) fn daily_logic(mut menu: MenuInput, mut door: DealDoor, back: Res<OverlayReturn>) {
    let n = deals().len();
    for act in menu.acts(Owner::Daily, n + 1) {
        match act {
            MenuAct::Confirm(i) if i < n => {
                match door.open(&deals()[i]) {
                    Ok(true) => {
                        door.overlay.set(Overlay::None);
                        menu.next.set(Screen::Table);
                    }
                    Ok(false) => {}
                    Err(e) => error!("cannot deal today's {}: {e}", deals()[i].id),
                }
                break;
            }
            MenuAct::Confirm(_) | MenuAct::Back => {
                door.overlay.set(back.0);
                break;
            }
            MenuAct::Step(..) => {}
        }
    }
}

/// How a deal stands today, in words.
pub fn state_line(stats: &Stats, deal: &Deal, day: i64) -> String {
    match stats.daily.state(&deal.id, day) {
        DayState::New => tr("daily-new"),
        DayState::Begun => tr("daily-begun"),
        DayState::GivenUp => tr("daily-given-up"),
        DayState::Done(r) => format!("{} {}", say(&result_text(&r)), tr("daily-done-again")),
    }
}

/// A result in words: a solo deal's rank and florins, or the place and points.
pub fn result_text(r: &crate::daily::DailyResult) -> Text {
    match &r.rank {
        Some((key, _, _)) => Text::new("daily-done-solo")
            .raw("rank", come_buy_text::names::solo_rank(key))
            .num("points", r.points),
        None => Text::new("daily-done-place")
            .num("place", r.place as i64)
            .num("of", r.of as i64)
            .num("points", r.points),
    }
}

/// The days played and the streaks, in words.
pub fn streak_line(stats: &Stats, today: i64) -> String {
    let (streak, best) = stats.daily.streaks(today);
    say(&Text::new("daily-streak")
        .num("days", stats.daily.days_played() as i64)
        .num("streak", streak as i64)
        .num("best", best as i64))
}

/// The heading: the date (UTC) and the day's number.
fn heading(day: i64) -> String {
    let (y, m, d) = daily::date(day);
    say(&Text::new("daily-heading")
        .raw("date", format!("{y}-{m:02}-{d:02}"))
        .num("number", daily::number(day)))
}

pub(crate) fn daily_overlay(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    (stats, today): (Res<Stats>, Res<Today>),
    mut out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen_rect = ctx.content_rect();
    ui::dim(ctx, 235);
    let f = focus.of(Owner::Daily);
    ui::reading_panel(ctx, "daily").show(ctx, |ui| {
        ui.set_max_width(ui::panel_width(screen_rect, 1000.0));
        ui.vertical_centered(|ui| ui::heading(ui, &heading(today.0)));
        // The words and the deals scroll between the heading and Back (which stays on the
        // screen with the keys line under it), ending under a whole entry.
        let back = tr("menu-back");
        let keys = come_buy_text::tr_keys("daily-keys");
        let width = ui.available_width();
        // The deals and Back of one width.
        let mut labels: Vec<String> = deals().iter().map(|d| say(&deal_name(d))).collect();
        labels.push(back.clone());
        let column = ui::Column::of(ui, &labels).at_most(ui::rows_width(ui));
        let names = &labels[..labels.len() - 1];
        let below = column.height(ui, &back)
            + ui.spacing().item_spacing.y
            + ui::keys_line_height(ui, &keys, width);
        let id = egui::Id::new("daily deals");
        let room = ui::room_below(ui, screen_rect, below);
        let follow = ui::focus_moved(ui, id, f);
        ui::whole_rows_scroll(ui, id, room, follow, |ui| {
            ui.vertical_centered(|ui| {
                deal_list(
                    ui,
                    (&stats, today.0),
                    (f, follow),
                    (column, names),
                    &mut out,
                    id,
                )
            });
        });
        ui.vertical_centered(|ui| {
            let n = deals().len();
            if column.button(ui, &back, f == n).clicked() {
                click(&mut out, Owner::Daily, Nav::Pick(n));
            }
            ui::keys_line(ui, &keys);
        });
    });
    Ok(())
}

/// What a deal of the day is, the day's deals, each with how it stands today, and the
/// streak: the list Today's deal
/// scrolls (`follow`: bring the focused deal into view), its ends kept under `id`.
fn deal_list(
    ui: &mut egui::Ui,
    (stats, today): (&Stats, i64),
    (f, follow): (usize, bool),
    (column, names): (ui::Column, &[String]),
    out: &mut MessageWriter<UiPress>,
    id: egui::Id,
) {
    let mut stops = ui::Stops::begin(ui);
    let intro = ui.label(
        egui::RichText::new(tr("daily-intro"))
            .size(26.0)
            .color(CREAM),
    );
    stops.mark_rows(&intro, ui::row_height(ui, 26.0));
    let pitch = ui::row_height(ui, 28.0);
    for (i, (deal, label)) in deals().iter().zip(names).enumerate() {
        let r = column.button(ui, label, f == i);
        if r.clicked() {
            click(out, Owner::Daily, Nav::Pick(i));
        }
        stops.mark(ui);
        let state = stats.daily.state(&deal.id, today);
        let color = if matches!(state, DayState::Done(_)) {
            GOLD
        } else {
            MUTED
        };
        let line = ui.label(
            egui::RichText::new(state_line(stats, deal, today))
                .size(28.0)
                .color(color),
        );
        stops.mark_rows(&line, pitch);
        if f == i && follow {
            // The first deal with the words above it (the list opens at its top).
            let top = if i == 0 { intro.rect } else { r.rect };
            ui.scroll_to_rect(top.union(line.rect), None);
        }
        ui.add_space(6.0);
    }
    let streak = ui.label(
        egui::RichText::new(streak_line(stats, today))
            .size(28.0)
            .color(CREAM),
    );
    stops.mark_rows(&streak, pitch);
    stops.keep(ui, id);
}

/// The tag the table wears through a deal of the day (a line over the table, which is
/// framed below it): which day's deal it is, and whether this try counts (undo is off) or is a
/// deal played again. `None` off a deal of the day.
pub fn table_tag(now: &crate::daily::DailyNow) -> Option<(String, String)> {
    let tag = now.0.as_ref()?;
    let head = say(&Text::new("daily-tag-head").num("number", daily::number(tag.day)));
    let how = tr(if tag.counted {
        "daily-tag-counts"
    } else {
        "daily-tag-again"
    });
    Some((head, how))
}

/// Draws [`table_tag`] over the table, as a line over it (see
/// `crate::table_core::top_line`): the table is framed below it, so it covers no pile or
/// plaque at any size.
pub(crate) fn draw_table_tag(
    mut contexts: EguiContexts,
    now: Res<crate::daily::DailyNow>,
    mut dock: ResMut<crate::table::dock::Dock>,
) -> Result {
    let Some((head, how)) = table_tag(&now) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    crate::table_core::top_line::show(ctx, "daily tag", &mut dock, |ui| {
        use crate::table_core::top_line::{Piece, pieces};
        pieces(
            ui,
            vec![
                Piece::Words(egui::RichText::new(head).size(28.0).color(GOLD)),
                Piece::Words(egui::RichText::new(how).size(24.0).color(CREAM)),
            ],
        );
    });
    Ok(())
}

/// The day's result, when the match on the results is the day's try.
fn day_result<'a>(
    now: &crate::daily::DailyNow,
    stats: &'a Stats,
) -> Option<(&'static Deal, i64, &'a crate::daily::DailyResult)> {
    let tag = now.0.as_ref().filter(|t| t.counted)?;
    let entry = stats.daily.entry(&tag.deal.id, tag.day)?;
    Some((tag.deal, tag.day, entry.result.as_ref()?))
}

/// What the results' copy button puts on the clipboard, and the note it then shows: after the
/// day's try, the shared line and the match's link; elsewhere the link where the game runs on
/// a page with an address, else the code.
pub fn copy_what(
    code: &str,
    now: &crate::daily::DailyNow,
    stats: &Stats,
) -> (String, &'static str) {
    let link = crate::clip::page_link("watch", code);
    if let Some((deal, day, r)) = day_result(now, stats) {
        let line = crate::daily::share_line(deal, day, r, link.as_deref().unwrap_or(code));
        return (line, "clip-result-copied");
    }
    match link {
        Some(link) => (link, "clip-link-copied"),
        None => (code.to_string(), "clip-copied"),
    }
}

/// The copy button's words (see [`copy_what`]).
pub fn copy_label(now: &crate::daily::DailyNow, stats: &Stats) -> &'static str {
    if day_result(now, stats).is_some() {
        "results-copy-result"
    } else if cfg!(target_arch = "wasm32") {
        "results-copy-link"
    } else {
        "results-copy-code"
    }
}

/// The results' line after the day's try: the shared line without its link.
pub fn result_line(now: &crate::daily::DailyNow, stats: &Stats) -> Option<String> {
    let (deal, day, r) = day_result(now, stats)?;
    Some(crate::daily::screen_line(deal, day, r))
}

/// The statistics' lines on the deals of the day: days played and streaks, then each deal's
/// best result (nothing before the first deal of the day).
pub fn stats_lines(stats: &Stats, today: i64) -> Vec<String> {
    if stats.daily.entries.is_empty() {
        return Vec::new();
    }
    let (streak, best) = stats.daily.streaks(today);
    let mut lines = vec![say(&Text::new("stats-daily")
        .num("days", stats.daily.days_played() as i64)
        .num("streak", streak as i64)
        .num("best", best as i64))];
    for deal in deals() {
        if let Some(r) = stats.daily.best(&deal.id) {
            lines.push(say(&Text::new("stats-daily-best")
                .text("deal", deal_name(deal))
                .text("how", result_text(r))));
        }
    }
    lines
}
