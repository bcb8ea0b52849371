//! Fitting a menu to the screen at every size, text size and TV margin: scroll areas that
//! end under a whole row (and show their bar), keys lines on their own wrapped line, stepper
//! rows no wider than the window, buttons flowing into rows ([`super::buttons`] has the big
//! buttons themselves). The layout audit (`tests/audit/`) holds the menus to it.

use super::buttons::row_widths;
use super::{
    CREAM, MUTED, SMALL, button_width, focus_frame, stepper, wide_button_response, widest,
};
use bevy_egui::egui::{self, FontId, RichText};

/// How far apart a label's rows of our text at `size` points are (egui rounds each row to
/// the screen's pixels).
pub fn row_height(ui: &egui::Ui, size: f32) -> f32 {
    let galley =
        ui.fonts_mut(|f| f.layout_no_wrap("A\nA".into(), FontId::proportional(size), CREAM));
    match galley.rows.as_slice() {
        [a, b, ..] => b.rect().min.y - a.rect().min.y,
        _ => galley.size().y,
    }
}

/// The most of `room` that holds whole rows `pitch` apart (at least one row): a scroll area
/// this tall (its `max_height` and `min_scrolled_height`) shows no row cut in half when it
/// opens.
pub fn whole_rows(room: f32, pitch: f32) -> f32 {
    (room / pitch).floor().max(1.0) * pitch
}

/// The height a scroll area may take in a centred window on `screen` (the safe area) under
/// what the window holds so far, leaving `below` for what comes under it: whole rows `pitch`
/// apart, so the first view cuts none, and the window's foot stays on the screen.
pub fn scroll_room(ui: &egui::Ui, screen: egui::Rect, below: f32, pitch: f32) -> f32 {
    whole_rows(room_below(ui, screen, below), pitch)
}

/// The room a scroll area has in a centred window on `screen` (the safe area) under what the
/// window holds so far, leaving `below` for what comes under it.
pub fn room_below(ui: &egui::Ui, screen: egui::Rect, below: f32) -> f32 {
    let frame = egui::Frame::window(ui.style()).total_margin().sum().y;
    let spacing = ui.spacing().item_spacing.y;
    screen.height() - frame - ui.min_rect().height() - 2.0 * spacing - below
}

/// Where a scrolled list may end without cutting anything in half: the bottom of each entry
/// (and of each row of a long text), measured from the list's top as it is laid out. egui
/// keeps them under the list's id for the next frame, whose area then ends at one
/// ([`Stops::height`]).
pub struct Stops {
    top: f32,
    ends: Vec<f32>,
}

impl Stops {
    /// Starts measuring at the top of the list's contents.
    pub fn begin(ui: &egui::Ui) -> Stops {
        Stops {
            top: ui.min_rect().top(),
            ends: Vec::new(),
        }
    }

    /// The list may end under what is laid out so far.
    pub fn mark(&mut self, ui: &egui::Ui) {
        self.ends.push(ui.min_rect().bottom() - self.top);
    }

    /// The list may end above and under `r` (an entry the focus may be brought to: a scroll
    /// that stops at its top shows it whole).
    pub fn mark_around(&mut self, r: &egui::Response) {
        self.ends.push(r.rect.top() - self.top);
        self.ends.push(r.rect.bottom() - self.top);
    }

    /// The list may end under each row of the text `r` laid out, its rows `pitch` apart.
    pub fn mark_rows(&mut self, r: &egui::Response, pitch: f32) {
        let rows = (r.rect.height() / pitch).round().max(1.0) as usize;
        for i in 1..=rows {
            self.ends.push(r.rect.top() - self.top + pitch * i as f32);
        }
    }

    /// Keeps the ends measured for the next frame of list `id`.
    pub fn keep(self, ui: &egui::Ui, id: egui::Id) {
        ui.data_mut(|d| d.insert_temp(id, self.ends));
    }

    /// The height of list `id`, kept scrolled to its end, in `room` points: from the top of
    /// an entry to the end, as much as fits (as measured last frame), so that its oldest
    /// visible entry shows whole; all of `room` before it was measured or when an entry alone
    /// is taller.
    pub fn height_from_end(ui: &egui::Ui, id: egui::Id, room: f32) -> f32 {
        let ends: Vec<f32> = ui.data(|d| d.get_temp(id)).unwrap_or_default();
        let Some(&total) = ends.last() else {
            return room;
        };
        std::iter::once(0.0)
            .chain(ends.iter().copied())
            .map(|top| total - top)
            .filter(|h| *h <= room && *h > 0.0)
            .fold(None, |a: Option<f32>, h| Some(a.map_or(h, |a| a.max(h))))
            .unwrap_or(room)
    }

    /// The height of list `id` in `room` points: down to its last end that fits (as measured
    /// last frame), or all of `room` before it was measured.
    pub fn height(ui: &egui::Ui, id: egui::Id, room: f32) -> f32 {
        Stops::fit(&Stops::kept(ui, id), 0.0, room)
    }

    /// The ends of list `id` measured last frame.
    fn kept(ui: &egui::Ui, id: egui::Id) -> Vec<f32> {
        ui.data(|d| d.get_temp(id)).unwrap_or_default()
    }

    /// How much of a list with these `ends` to show from `offset` down, at most `most`
    /// points: down to its last end that fits (all of `most` when none does).
    fn fit(ends: &[f32], offset: f32, most: f32) -> f32 {
        ends.iter()
            .map(|e| e - offset)
            .filter(|h| *h > 0.0 && *h <= most + 0.5)
            .fold(None, |a: Option<f32>, h| Some(a.map_or(h, |a| a.max(h))))
            .unwrap_or(most)
    }

    /// The first place at or below `offset` where a whole entry (or row) begins: the list's
    /// top or an end (`None` past the last).
    fn top_from(ends: &[f32], offset: f32) -> Option<f32> {
        std::iter::once(0.0)
            .chain(ends.iter().copied())
            .filter(|t| *t >= offset - 0.5)
            .reduce(f32::min)
    }
}

/// Whether a menu brings its focused entry into view this frame: for a few frames after the
/// focus moves, or the list's layout changes under it (a new window size, text size or
/// language: the entry must stay in sight), while the layout settles; so that a wheel or a
/// finger may scroll away from it afterwards. `id` names the menu (a [`whole_rows_scroll`]'s
/// list, whose ends measured last frame tell its layout).
pub fn focus_moved(ui: &egui::Ui, id: egui::Id, focus: usize) -> bool {
    let ends = Stops::kept(ui, id);
    let size = ui.ctx().content_rect().size();
    // What the list looks like, in whole points: the window, the zoom, and the list's length.
    let look = [
        size.x.round() as i32,
        size.y.round() as i32,
        (ui.ctx().zoom_factor() * 100.0).round() as i32,
        ends.len() as i32,
        ends.last().map_or(0, |e| e.round() as i32),
    ];
    ui.data_mut(|d| {
        let key = id.with("focus moved");
        let (last, seen, left) =
            d.get_temp::<(usize, [i32; 5], u8)>(key)
                .unwrap_or((usize::MAX, look, 0));
        let left = if last != focus || seen != look {
            3
        } else {
            left.saturating_sub(1)
        };
        d.insert_temp(key, (focus, look, left));
        left > 0
    })
}

/// A scroll area's style where a player can tell there is more: its bar always drawn, beside
/// the text (egui's own bar shows only under a mouse).
pub fn visible_scroll_bar(ui: &mut egui::Ui) {
    ui.spacing_mut().scroll = bar_style();
}

fn bar_style() -> egui::style::ScrollStyle {
    egui::style::ScrollStyle {
        bar_width: 10.0,
        dormant_background_opacity: 0.5,
        dormant_handle_opacity: 1.0,
        active_background_opacity: 0.6,
        active_handle_opacity: 1.0,
        ..egui::style::ScrollStyle::solid()
    }
}

/// The width [`whole_rows_scroll`]'s rows have at most in the width at hand: its bar on the
/// right and as much room on the left (a column of buttons in it and under it is no wider).
pub fn rows_width(ui: &egui::Ui) -> f32 {
    ui.available_width() - 2.0 * bar_style().allocated_width()
}

/// A list that scrolls in whole rows, in `room` points: as tall as whole rows from its top
/// allow ([`Stops::height`], its ends kept under `id`); scrolled, it shows whole rows from a
/// row's top down, a little shorter where they end sooner (a gap under it, so that what comes
/// under the list stays put). Its scroll bar is always drawn ([`visible_scroll_bar`]); it
/// jumps to a focused row rather than easing (an eased scroll would stop half way on a
/// resting app), and when `follow` (the focus moved: it was just brought into view) its top
/// moves down to where a whole row begins, never leaving a row cut in half above. `add` lays
/// the rows out (and keeps its stops under `id`).
pub fn whole_rows_scroll<R>(
    ui: &mut egui::Ui,
    id: egui::Id,
    room: f32,
    follow: bool,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let ends = Stops::kept(ui, id);
    let first = Stops::fit(&ends, 0.0, room);
    let at = id.with("whole rows offset");
    let offset: f32 = ui.data(|d| d.get_temp(at)).unwrap_or(0.0);
    let height = Stops::fit(&ends, offset, first);
    let shown = ui
        .scope(|ui| {
            visible_scroll_bar(ui);
            let outer = ui.available_width();
            egui::ScrollArea::vertical()
                .id_salt(id)
                .max_height(height)
                .min_scrolled_height(height)
                .auto_shrink([false, true])
                .animated(false)
                .show(ui, |ui| {
                    // As much room left of the rows as the bar takes right of them (all of it
                    // or, as it shows, part of it): the rows stay in the middle of the panel,
                    // under its heading and above its buttons, not half a bar to the left.
                    let bar = outer - ui.max_rect().width();
                    if bar <= 0.0 {
                        return add(ui);
                    }
                    let mut rect = ui.max_rect();
                    rect.min.x += bar;
                    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), add)
                        .inner
                })
        })
        .inner;
    let mut state = shown.state;
    if follow
        && let Some(top) = Stops::top_from(&ends, state.offset.y)
        && top != state.offset.y
    {
        state.offset.y = top;
        state.store(ui.ctx(), shown.id);
        ui.ctx().request_repaint();
    }
    ui.data_mut(|d| d.insert_temp(at, state.offset.y));
    if first > height && shown.content_size.y > shown.inner_rect.height() {
        ui.add_space(first - height);
    }
    shown.inner
}

/// A keys line ("Esc or B: back"): muted, at the smallest size a player reads, on its own
/// line and wrapped to the width at hand; none where people play by touch (no keys there).
pub fn keys_line(ui: &mut egui::Ui, text: &str) {
    if super::by_touch(ui.ctx()) {
        return;
    }
    let text = breakable(ui, text, ui.available_width());
    ui.add(
        egui::Label::new(RichText::new(text).size(SMALL).color(MUTED))
            .wrap_mode(egui::TextWrapMode::Wrap),
    );
}

/// The height [`keys_line`] takes `width` points wide.
pub fn keys_line_height(ui: &egui::Ui, text: &str, width: f32) -> f32 {
    if super::by_touch(ui.ctx()) {
        return 0.0;
    }
    let text = breakable(ui, text, width);
    ui.fonts_mut(|f| {
        f.layout(text, FontId::proportional(SMALL), MUTED, width)
            .size()
            .y
    })
}

/// A keys line's phrases ("Up/Down or the wheel to scroll", held together by no-break
/// spaces) break at their spaces where one is wider than `width` (a phone held upright),
/// instead of in the middle of a word.
fn breakable(ui: &egui::Ui, text: &str, width: f32) -> String {
    text.split(' ')
        .map(|phrase| {
            let wide = ui.fonts_mut(|f| {
                f.layout_no_wrap(phrase.to_string(), FontId::proportional(SMALL), MUTED)
                    .size()
                    .x
            });
            if wide > width {
                phrase.replace('\u{a0}', " ")
            } else {
                phrase.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a stepper row's words and arrows need on one line: the widest of `labels`, a value
/// `value_width` points wide and its arrows, without its frame.
fn stepper_need(ui: &egui::Ui, labels: &[String], value_width: f32) -> f32 {
    let arrow = widest(ui, &["  >  ".to_string()], 24.0) + 2.0 * ui.spacing().button_padding.x;
    let gap = ui.spacing().item_spacing.x;
    widest(ui, labels, 24.0) + value_width + 2.0 * arrow + 3.0 * gap
}

/// How wide stepper rows for `labels` (their values `value_width` points wide) stand on one
/// line with their frames: at least [`super::stepper_row_sized`]'s 560 points inside.
pub fn stepper_line_width(ui: &egui::Ui, labels: &[String], value_width: f32) -> f32 {
    let margin = focus_frame(true).total_margin().sum().x;
    margin + stepper_need(ui, labels, value_width).max(560.0)
}

/// Whether stepper rows for `labels` (their values `value_width` points wide) each stand on
/// one line in the width at hand (see [`stepper_row_fit`]).
pub fn steppers_fit(ui: &egui::Ui, labels: &[String], value_width: f32) -> bool {
    let margin = focus_frame(true).total_margin().sum().x;
    margin + stepper_need(ui, labels, value_width) <= ui.available_width()
}

/// [`super::stepper_row_sized`] in the width at hand (at most its 560 points): on `one_line`
/// (see [`steppers_fit`]), else its label above its "< value >" (a phone held upright).
pub fn stepper_row_fit(
    ui: &mut egui::Ui,
    (label, value): (&str, &str),
    focused: bool,
    value_width: f32,
    one_line: bool,
) -> (i32, egui::Response) {
    let margin = focus_frame(focused).total_margin().sum().x;
    let room = ui.available_width() - margin;
    stepper(
        ui,
        (label, value),
        focused,
        value_width,
        (560.0f32.min(room), !one_line),
    )
}

/// The width [`super::mini_stepper_sized`] takes with its value `value_width` points wide.
pub fn mini_stepper_width(ui: &egui::Ui, value_width: f32) -> f32 {
    mini_stepper_inner(ui, value_width) + focus_frame(true).total_margin().sum().x
}

/// The width inside a [`super::mini_stepper_sized`]'s frame: its two arrows and its value
/// (it draws its arrows [`mini_arrow_width`] wide, so a line of steppers measures what it
/// draws).
pub fn mini_stepper_inner(ui: &egui::Ui, value_width: f32) -> f32 {
    2.0 * mini_arrow_width(ui) + value_width + 2.0 * ui.spacing().item_spacing.x
}

/// The width of a [`super::mini_stepper_sized`]'s arrow button.
pub fn mini_arrow_width(ui: &egui::Ui) -> f32 {
    widest(ui, &[" < ".to_string()], SMALL) + 2.0 * ui.spacing().button_padding.x
}

/// The height a [`super::mini_stepper_sized`] takes.
pub fn mini_stepper_height(ui: &egui::Ui) -> f32 {
    ui.spacing().interact_size.y.max(40.0) + focus_frame(true).total_margin().sum().y
}

/// The width [`super::name_field_sized`] takes `width` points wide (its margin and stroke).
pub fn name_field_width(width: f32) -> f32 {
    width + 2.0 * (10.0 + 3.0)
}

/// Lays out items of known sizes (`(width, height)` each) in rows, as many to a row as the
/// width at hand holds: `add` puts item `i` in its row, on the row's middle line. (egui's
/// wrapping layout cannot wrap a framed widget, whose size it learns only once it is laid
/// out; and a frame in a row stands at the row's top whatever its alignment, so each item is
/// lowered by half of what it lacks of the row's height.)
pub fn flow(ui: &mut egui::Ui, sizes: &[(f32, f32)], mut add: impl FnMut(&mut egui::Ui, usize)) {
    let gap = ui.spacing().item_spacing.x;
    let room = ui.available_width();
    let mut i = 0;
    while i < sizes.len() {
        let mut used = sizes[i].0;
        let mut j = i + 1;
        while j < sizes.len() && used + gap + sizes[j].0 <= room {
            used += gap + sizes[j].0;
            j += 1;
        }
        let tallest = sizes[i..j].iter().map(|s| s.1).fold(0.0, f32::max);
        ui.horizontal(|ui| {
            for (k, size) in sizes.iter().enumerate().take(j).skip(i) {
                ui.vertical(|ui| {
                    ui.add_space((tallest - size.1) / 2.0);
                    add(ui, k);
                });
            }
        });
        i = j;
    }
}

/// Big buttons in rows, each `(label, focused)`: one row of big buttons where they all fit
/// in the width at hand, else as wide as their words and as many to a row as fit (a phone);
/// centred in a centred layout; `enabled` or all greyed. The responses, in order.
pub fn button_flow(
    ui: &mut egui::Ui,
    buttons: &[(&str, bool)],
    enabled: bool,
) -> Vec<egui::Response> {
    let labels: Vec<&str> = buttons.iter().map(|b| b.0).collect();
    let room = ui.available_width();
    let widths = row_widths(ui, &labels, room).unwrap_or_else(|| {
        labels
            .iter()
            .map(|l| button_width(ui, l).min(room))
            .collect()
    });
    let centred = ui.layout().horizontal_align() == egui::Align::Center;
    let gap = ui.spacing().item_spacing.x;
    let mut out = Vec::new();
    let mut i = 0;
    while i < widths.len() {
        let mut used = widths[i];
        let mut j = i + 1;
        while j < widths.len() && used + gap + widths[j] <= room {
            used += gap + widths[j];
            j += 1;
        }
        ui.horizontal(|ui| {
            if centred {
                ui.add_space(((room - used) / 2.0 - gap).max(0.0));
            }
            for k in i..j {
                let (label, focused) = buttons[k];
                out.push(wide_button_response(ui, label, focused, enabled, widths[k]));
            }
        });
        i = j;
    }
    out
}
