//! The big buttons of our menus: their look (the audit knows one by its fill), their label in
//! their middle however it wraps, a row of them that stacks where the width is short, and a
//! menu's column of them, of one width.

use super::{BUTTON_HEIGHT, CREAM, GOLD, MUTED};
use bevy_egui::egui::{self, Color32, FontId, Stroke};

/// The narrowest big button, in points.
pub const MIN_BUTTON_WIDTH: f32 = 280.0;

/// The width a big button needs for `label` on one line.
pub fn button_width(ui: &egui::Ui, label: &str) -> f32 {
    let text = ui.fonts_mut(|f| {
        f.layout_no_wrap(label.to_string(), FontId::proportional(24.0), CREAM)
            .size()
            .x
    });
    text + 2.0 * ui.spacing().button_padding.x + 4.0
}

/// A big menu button; `focused` draws the keyboard/gamepad focus ring. Returns true on click.
pub fn big_button(ui: &mut egui::Ui, label: &str, focused: bool, enabled: bool) -> bool {
    wide_button(ui, label, focused, enabled, MIN_BUTTON_WIDTH)
}

/// [`big_button`] at least `width` points wide (a column of buttons of one width).
pub fn wide_button(
    ui: &mut egui::Ui,
    label: &str,
    focused: bool,
    enabled: bool,
    width: f32,
) -> bool {
    wide_button_response(ui, label, focused, enabled, width).clicked()
}

/// [`wide_button`]'s response (a menu that scrolls brings the focused one into view).
pub fn wide_button_response(
    ui: &mut egui::Ui,
    label: &str,
    focused: bool,
    enabled: bool,
    width: f32,
) -> egui::Response {
    // One line always ("Continue Goblin Market (move 4)" grows the button instead).
    labelled_button(ui, label, (focused, enabled), width, false)
}

/// [`wide_button_response`] that never grows past `width`: a label wider than that (a long
/// Continue on a phone held upright) breaks onto a second line instead.
pub fn wide_button_within(
    ui: &mut egui::Ui,
    label: &str,
    focused: bool,
    enabled: bool,
    width: f32,
) -> egui::Response {
    labelled_button(ui, label, (focused, enabled), width, true)
}

/// A big button at least `width` points wide whose label stands in its middle, every row of
/// it: on one line (the button grows to hold it), or, where `wrap`, wrapped within the
/// button's `width` (its frame included).
/// egui's own button puts its label where the surrounding layout aligns (the left of a
/// column) and a wrapped label's rows at its left, so the label is laid out centred here and
/// painted in the place the button keeps for it.
pub(crate) fn labelled_button(
    ui: &mut egui::Ui,
    label: &str,
    (focused, enabled): (bool, bool),
    width: f32,
    wrap: bool,
) -> egui::Response {
    let pad = ui.spacing().button_padding.x;
    let color = if enabled { CREAM } else { MUTED };
    let mut job = egui::text::LayoutJob::simple(
        label.to_string(),
        FontId::proportional(24.0),
        color,
        if wrap {
            (width - 2.0 * pad).max(1.0)
        } else {
            f32::INFINITY
        },
    );
    job.halign = egui::Align::Center;
    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let id = egui::Id::new("big button's label");
    let atoms = (
        egui::Atom::grow(),
        egui::Atom::custom(id, galley.size()),
        egui::Atom::grow(),
    );
    let b = egui::Button::new(atoms)
        .gap(0.0)
        .min_size(egui::vec2(width, BUTTON_HEIGHT));
    let b = big_look(b, focused);
    ui.add_enabled(enabled, |ui: &mut egui::Ui| {
        let shown = b.atom_ui(ui);
        if let Some(at) = shown.rect(id) {
            // A centred galley's rows stand either side of its x = 0.
            let top = egui::pos2(at.center().x, at.min.y);
            ui.painter().galley(top, galley, color);
        }
        // (What a screen reader says of it: its label, as egui's own button would.)
        let label = label.to_string();
        shown
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, enabled, &label));
        shown.response
    })
}

/// A big button's fill, and the focused one's (the layout audit knows a button by them).
pub const BUTTON_FILL: Color32 = Color32::from_rgb(40, 52, 46);
pub const BUTTON_FOCUS_FILL: Color32 = Color32::from_rgb(128, 88, 22);

/// A big button's corners, fill and stroke (the focus ring when `focused`).
fn big_look(b: egui::Button<'_>, focused: bool) -> egui::Button<'_> {
    let b = b.corner_radius(10.0);
    if focused {
        b.fill(BUTTON_FOCUS_FILL).stroke(Stroke::new(3.0, GOLD))
    } else {
        b.fill(BUTTON_FILL)
            .stroke(Stroke::new(1.0, GOLD.gamma_multiply(0.3)))
    }
}

/// How wide each of [`button_row`]'s buttons is `width` points wide: the big buttons' width
/// where they all stand side by side at it, else as wide as its words where they then do;
/// `None`: one under another.
pub(super) fn row_widths(ui: &egui::Ui, labels: &[&str], width: f32) -> Option<Vec<f32>> {
    let gap = ui.spacing().item_spacing.x;
    let fits = |w: &Vec<f32>| w.iter().sum::<f32>() + gap * (w.len() as f32 - 1.0) <= width;
    let words: Vec<f32> = labels.iter().map(|l| button_width(ui, l)).collect();
    let big: Vec<f32> = words.iter().map(|w| w.max(MIN_BUTTON_WIDTH)).collect();
    [big, words].into_iter().find(fits)
}

/// The height [`button_row`] takes `width` points wide.
pub fn button_row_height(ui: &egui::Ui, labels: &[&str], width: f32) -> f32 {
    let n = match row_widths(ui, labels, width) {
        Some(_) => 1.0,
        None => labels.len() as f32,
    };
    n * BUTTON_HEIGHT + (n - 1.0) * ui.spacing().item_spacing.y
}

/// Big buttons side by side where they fit in the width at hand (narrowed to their words
/// if need be), else one under another, each `(label, focused)`: the responses, in order.
/// In a centred layout the row is centred.
pub fn button_row(ui: &mut egui::Ui, buttons: &[(&str, bool)]) -> Vec<egui::Response> {
    let labels: Vec<&str> = buttons.iter().map(|b| b.0).collect();
    let widths = row_widths(ui, &labels, ui.available_width());
    let centred = ui.layout().horizontal_align() == egui::Align::Center;
    let show = |ui: &mut egui::Ui| -> Vec<egui::Response> {
        if let Some(w) = widths.as_ref().filter(|_| centred) {
            let gap = ui.spacing().item_spacing.x;
            let used = w.iter().sum::<f32>() + gap * (w.len() as f32 - 1.0);
            // (egui puts no item spacing after a space of one's own: a gap less here once set
            // every centred row 10 points to the left.)
            ui.add_space(((ui.available_width() - used) / 2.0).max(0.0));
        }
        buttons
            .iter()
            .enumerate()
            .map(|(i, (label, focused))| {
                let w = widths.as_ref().map_or(MIN_BUTTON_WIDTH, |w| w[i]);
                wide_button_response(ui, label, *focused, true, w)
            })
            .collect()
    };
    if widths.is_some() {
        ui.horizontal(show).inner
    } else {
        ui.vertical_centered(show).inner
    }
}

/// The height a big button `room` points wide takes for `label`, wrapped where one line does
/// not fit ([`Column::button`]).
pub fn fit_button_height(ui: &egui::Ui, label: &str, room: f32) -> f32 {
    if button_width(ui, label) <= room {
        return BUTTON_HEIGHT;
    }
    let pad = ui.spacing().button_padding;
    let words = ui.fonts_mut(|f| {
        f.layout(
            label.to_string(),
            FontId::proportional(24.0),
            CREAM,
            room - 2.0 * pad.x,
        )
        .size()
        .y
    });
    (words + 2.0 * pad.y).max(BUTTON_HEIGHT)
}

/// A menu's column of big buttons, one under another: all of one width, the widest label's
/// (at least a big button's, never wider than the room at hand, where every label wraps in
/// the room), each label in its button's middle. The layout audit fails on a column whose
/// buttons differ in width or middle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Column {
    pub width: f32,
}

impl Column {
    /// The column for `labels` in the width at hand.
    pub fn of<S: AsRef<str>>(ui: &egui::Ui, labels: &[S]) -> Column {
        Column {
            width: Column::widest(ui, labels).min(ui.available_width()),
        }
    }

    /// The column for `labels` in a panel that takes the width of what it holds (its own width
    /// comes from the frame before, so the width at hand would keep a label wrapped): no
    /// wider than the screen, less a panel's frame and a margin. The panel is then set to the
    /// column's width.
    pub fn on_screen<S: AsRef<str>>(ui: &egui::Ui, labels: &[S]) -> Column {
        let room = ui.ctx().content_rect().width() - 80.0;
        Column {
            width: Column::widest(ui, labels).min(room),
        }
    }

    fn widest<S: AsRef<str>>(ui: &egui::Ui, labels: &[S]) -> f32 {
        labels
            .iter()
            .map(|l| button_width(ui, l.as_ref()))
            .fold(MIN_BUTTON_WIDTH, f32::max)
    }

    /// The column no wider than `width` (a column that goes on under a list that scrolls is
    /// no wider than the list's rows, [`super::rows_width`]).
    pub fn at_most(self, width: f32) -> Column {
        Column {
            width: self.width.min(width),
        }
    }

    /// The column's button for `label`: the column's width, its label wrapped within it
    /// where it is wider.
    pub fn button(&self, ui: &mut egui::Ui, label: &str, focused: bool) -> egui::Response {
        labelled_button(ui, label, (focused, true), self.width, true)
    }

    /// The height [`Column::button`] takes for `label`.
    pub fn height(&self, ui: &egui::Ui, label: &str) -> f32 {
        fit_button_height(ui, label, self.width)
    }
}
