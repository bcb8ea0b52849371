//! New game's panel: the game, players and rules rows, each seat's line, Start and Back, the
//! keys line. It is laid out in one width every frame (its widest line's, at most the
//! screen's), its rows scroll between the heading and the buttons, ending under a whole row,
//! and on a phone its stepper rows put their label above their arrows and a seat's line
//! wraps.

use super::{GameSetup, Row, kinds, players_label, row_list};
use crate::menu::click;
use crate::nav::{Nav, Owner, UiPress};
use crate::state::MenuFocus;
use crate::theme::SEAT_COLORS;
use crate::ui;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_engine::text::Text;
use come_buy_text::{say, say_key, tr};

/// New game's Start and Back (`indices` their rows, `f` the focused one); logs where they are
/// in the page's own (CSS) pixels (`page`: the screen in points and the points' zoom) for the
/// browser checks that they fit the page at every pixel density.
fn start_and_back(
    ui: &mut egui::Ui,
    (f, indices, labels): (usize, [usize; 2], [&str; 2]),
    (screen, ctx_zoom): (egui::Vec2, f32),
    last_buttons: &mut Option<[i32; 6]>,
    send: &mut impl FnMut(Nav),
) {
    let shown = ui::button_row(
        ui,
        &[(labels[0], f == indices[0]), (labels[1], f == indices[1])],
    );
    for (r, i) in shown.iter().zip(indices) {
        if r.clicked() {
            send(Nav::Pick(i));
        }
    }
    let rect = shown[0].rect.union(shown[1].rect);
    let r = rect * ctx_zoom;
    let page = screen * ctx_zoom;
    let seen = [r.min.x, r.min.y, r.max.x, r.max.y, page.x, page.y];
    let seen = seen.map(|v| v.round() as i32);
    if *last_buttons != Some(seen) {
        *last_buttons = Some(seen);
        info!(
            "new game: Start and Back at x {}-{}, y {}-{} of a {}x{} page",
            seen[0], seen[2], seen[1], seen[3], seen[4], seen[5]
        );
    }
}

/// A friend's seat where online play cannot work (see [`crate::state::OnlineBlocked`]): said
/// here, by the seats.
fn online_note(
    ui: &mut egui::Ui,
    setup: &GameSetup,
    blocked: &crate::state::OnlineBlocked,
    stops: &mut ui::Stops,
) {
    if let Some(why) = blocked.0
        && setup
            .seats
            .iter()
            .any(|s| s.kind == crate::table::SeatKind::Online)
    {
        let r = ui.label(egui::RichText::new(tr(why)).size(26.0).color(ui::WARN));
        stops.mark_rows(&r, ui::row_height(ui, 26.0));
    }
}

pub(super) fn new_game_menu(
    mut contexts: EguiContexts,
    (focus, setup): (Res<MenuFocus>, Res<GameSetup>),
    (time, mut pace): (Res<Time>, ResMut<crate::pace::Pace>),
    (mut last_focus, mut last_buttons): (Local<Option<usize>>, Local<Option<[i32; 6]>>),
    (touch, windows): (
        Res<crate::nav::TouchScreen>,
        Query<&Window, With<bevy::window::PrimaryWindow>>,
    ),
    (mut out, blocked): (MessageWriter<UiPress>, Res<crate::state::OnlineBlocked>),
) -> Result {
    let rows = row_list(&setup);
    let f = focus.of(Owner::NewGame).min(rows.len() - 1);
    let scroll_to = *last_focus != Some(f);
    *last_focus = Some(f);
    let at = |row: Row| rows.iter().position(|r| *r == row).unwrap_or(usize::MAX);
    let caret = ((time.elapsed_secs() * 2.0) as u32).is_multiple_of(2);
    if matches!(rows[f], Row::Name(_)) {
        // The caret blinks twice a second, with nothing else moving.
        let t = f64::from(time.elapsed_secs()) * 2.0;
        pace.wake_in((t.floor() + 1.0 - t) / 2.0 + 0.01);
    }
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    // Points to the page's own (CSS) pixels, for the log line below.
    let ctx_zoom = ctx.zoom_factor() * windows.single().map_or(1.0, ui::css_per_logical);
    let mut send = |nav: Nav| click(&mut out, Owner::NewGame, nav);
    let frame = egui::Frame::window(&ctx.global_style())
        .total_margin()
        .sum()
        .x;
    ui::panel("new game")
        .max_width(screen.width() - 24.0)
        .show(ctx, |ui| {
            // As wide as its widest line needs, at most the screen's width: laid out in the
            // same width every frame (a window's own width follows its last contents).
            ui.set_width(panel_width(ui, &setup).min(screen.width() - 24.0 - frame));
            ui.vertical_centered(|ui| ui::heading(ui, &tr("new-game-heading")));
            // Heading and buttons stay put (with the keys line under them; a touch screen
            // has no keys to explain); the rows between them scroll, ending under a whole
            // row.
            let labels = [tr("new-game-start"), tr("menu-back")];
            let labels = [labels[0].as_str(), labels[1].as_str()];
            let keys = (!touch.0).then(|| come_buy_text::tr_keys("new-game-keys"));
            let width = ui.available_width();
            let spacing = ui.spacing().item_spacing.y;
            let below = 8.0
                + spacing
                + ui::button_row_height(ui, &labels, width)
                + keys
                    .as_ref()
                    .map_or(0.0, |k| spacing + ui::keys_line_height(ui, k, width));
            let id = egui::Id::new("new game rows");
            let room = ui::room_below(ui, screen, below);
            ui::whole_rows_scroll(ui, id, room, scroll_to, |ui| {
                let mut stops = ui::Stops::begin(ui);
                let focus = (f, scroll_to, rows.as_slice());
                game_rows(ui, &setup, focus, &mut send, &mut stops);
                ui.add_space(6.0);
                seat_lines(ui, &setup, (focus, caret), &mut send, &mut stops);
                online_note(ui, &setup, &blocked, &mut stops);
                stops.keep(ui, id);
            });
            ui.add_space(8.0);
            let indices = [at(Row::Start), at(Row::Back)];
            let page = (screen.size(), ctx_zoom);
            // Under the form, in its middle, as every menu's buttons and keys line.
            ui.vertical_centered(|ui| {
                start_and_back(ui, (f, indices, labels), page, &mut last_buttons, &mut send);
                if let Some(keys) = keys {
                    ui::keys_line(ui, &keys);
                }
            });
        });
    Ok(())
}

/// The width New game's lines need to stand on one line each: the stepper rows, a seat's
/// line with its wide boxes, beside the scroll bar.
fn panel_width(ui: &egui::Ui, setup: &GameSetup) -> f32 {
    let (labels, values): (Vec<String>, Vec<String>) = game_row_list(setup)
        .into_iter()
        .map(|(_, label, value)| (label, value))
        .unzip();
    let steppers = ui::stepper_line_width(ui, &labels, ui::widest(ui, &values, 24.0));
    let seat = seat_line_width(ui, &kinds(setup.game), false);
    // The scroll bar (`ui::visible_scroll_bar`): its width and its margin.
    steppers.max(seat) + 14.0
}

/// Where the focus is: the focused row, whether it moved this frame (bring it into view),
/// and the rows.
type Focus<'a> = (usize, bool, &'a [Row]);

/// The game, the number of players and the rules (where the game has a choice of them): each
/// row with its label and its value in words.
fn game_row_list(setup: &GameSetup) -> Vec<(Row, String, String)> {
    let range = setup.game.players();
    let game_label = say(&Text::new("new-game-game-value")
        .raw("game", setup.game.title())
        .num("min", *range.start() as i64)
        .num("max", *range.end() as i64));
    let mut list = vec![
        (Row::Game, tr("new-game-game"), game_label),
        (
            Row::Players,
            tr("new-game-players-row"),
            players_label(setup),
        ),
    ];
    if row_list(setup).contains(&Row::Rules) {
        list.push((Row::Rules, tr("new-game-rules"), setup.variant_label()));
    }
    list
}

/// The game, the number of players and the rules (with the rules' note), each a stepper row
/// (its label above its value where the width is short).
fn game_rows(
    ui: &mut egui::Ui,
    setup: &GameSetup,
    (f, scroll_to, rows): Focus,
    send: &mut impl FnMut(Nav),
    stops: &mut ui::Stops,
) {
    let list = game_row_list(setup);
    let labels: Vec<String> = list.iter().map(|r| r.1.clone()).collect();
    let values: Vec<String> = list.iter().map(|r| r.2.clone()).collect();
    let one_line = ui::steppers_fit(ui, &labels, ui::widest(ui, &values, 24.0));
    for (r, label, value) in &list {
        let i = rows.iter().position(|x| x == r).unwrap_or(usize::MAX);
        let (d, resp) = ui::stepper_row_fit(ui, (label, value), f == i, 0.0, one_line);
        stops.mark(ui);
        if scroll_to && f == i {
            resp.scroll_to_me(Some(egui::Align::Center));
        }
        if d != 0 {
            send(Nav::Step(i, d));
        }
    }
    if let Some(note) = rows
        .contains(&Row::Rules)
        .then(|| setup.variant_note())
        .flatten()
    {
        let r = ui.label(
            egui::RichText::new(note)
                .size(crate::ui::SMALL)
                .color(ui::MUTED),
        );
        stops.mark_rows(&r, ui::row_height(ui, crate::ui::SMALL));
    }
}

/// Each seat's line: its number, the name box, who plays it and its colour (wrapping, its
/// colour under its kind, where the window or the text size leaves no room for all of it).
fn seat_lines(
    ui: &mut egui::Ui,
    setup: &GameSetup,
    ((f, scroll_to, rows), caret): (Focus, bool),
    send: &mut impl FnMut(Nav),
    stops: &mut ui::Stops,
) {
    let at = |row: Row| rows.iter().position(|r| *r == row).unwrap_or(usize::MAX);
    let all_kinds = kinds(setup.game);
    // Where the width is short (a phone), the seats' boxes narrow so a seat's line still fits
    // (or wraps less).
    let full = seat_line_width(ui, &all_kinds, false);
    let compact = full > ui.available_width();
    let (name_w, kind_w, colour_w) = seat_widths(ui, &all_kinds, compact);
    // A seat's line ends where the rows above it do: the name box takes what the line leaves
    // of the panel's width (a name has room to grow).
    let line_width = if compact {
        seat_line_width(ui, &all_kinds, true)
    } else {
        full
    };
    let spare = (ui.available_width() - line_width - 1.0).max(0.0);
    let name_w = name_w + spare;
    for (s, seat) in setup.seats.iter().enumerate() {
        let color = SEAT_COLORS[seat.color % SEAT_COLORS.len()];
        let c = egui::Color32::from_rgb(color.0[0], color.0[1], color.0[2]);
        let seat_label = say_key("new-game-seat", &[("n", s as i64 + 1)]);
        let cells = [
            (
                Row::Kind(s),
                all_kinds[setup.kind_index(&seat.kind)].0.clone(),
                kind_w,
            ),
            (Row::Colour(s), tr(color.1), colour_w),
        ];
        let stepper = ui::mini_stepper_height(ui);
        let line = ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(crate::ui::SMALL)));
        let sizes = [
            (
                ui::widest(ui, std::slice::from_ref(&seat_label), crate::ui::SMALL),
                line,
            ),
            (ui::name_field_width(name_w), ui::NAME_FIELD_HEIGHT),
            (ui::mini_stepper_width(ui, kind_w), stepper),
            (ui::mini_stepper_width(ui, colour_w), stepper),
        ];
        ui::flow(ui, &sizes, |ui, k| match k {
            0 => {
                ui.label(
                    egui::RichText::new(&seat_label)
                        .size(crate::ui::SMALL)
                        .color(c),
                );
            }
            1 => {
                let i = at(Row::Name(s));
                let text = if f == i && caret {
                    format!("{}|", seat.name)
                } else {
                    seat.name.clone()
                };
                let resp = ui::name_field_sized(ui, &text, f == i, name_w);
                if resp.clicked() {
                    send(Nav::Pick(i));
                }
                if scroll_to && f == i {
                    resp.scroll_to_me(Some(egui::Align::Center));
                }
            }
            _ => {
                let (r, value, w) = &cells[k - 2];
                let i = at(*r);
                let (d, resp) = ui::mini_stepper_sized(ui, value, f == i, *w);
                if scroll_to && f == i {
                    resp.scroll_to_me(Some(egui::Align::Center));
                }
                if d != 0 {
                    send(Nav::Step(i, d));
                }
            }
        });
        stops.mark(ui);
    }
}

/// How wide a seat's line is on one line (`compact`: its boxes narrowed).
fn seat_line_width(
    ui: &egui::Ui,
    all_kinds: &[(String, crate::table::SeatKind)],
    compact: bool,
) -> f32 {
    let (name_w, kind_w, colour_w) = seat_widths(ui, all_kinds, compact);
    let label = say_key("new-game-seat", &[("n", 6)]);
    ui::widest(ui, &[label], crate::ui::SMALL)
        + ui::name_field_width(name_w)
        + ui::mini_stepper_width(ui, kind_w)
        + ui::mini_stepper_width(ui, colour_w)
        + 3.0 * ui.spacing().item_spacing.x
}

/// The widths of a seat's name box, kind stepper and colour stepper: every seat kind and
/// colour whole ("Bot difícil", "Online friend") in every language and text size, the
/// steppers as wide as their longest value, the same on every row.
fn seat_widths(
    ui: &egui::Ui,
    all_kinds: &[(String, crate::table::SeatKind)],
    compact: bool,
) -> (f32, f32, f32) {
    let (name_w, value_w) = if compact {
        (120.0, 92.0)
    } else {
        (190.0, 150.0)
    };
    let kind_labels: Vec<String> = all_kinds.iter().map(|k| k.0.clone()).collect();
    let colour_labels: Vec<String> = SEAT_COLORS.iter().map(|c| tr(c.1)).collect();
    (
        name_w,
        ui::widest(ui, &kind_labels, 22.0).max(value_w),
        ui::widest(ui, &colour_labels, 22.0).max(value_w),
    )
}
