//! The one panel of both rooms of remote seats: the TV's Phones panel and the online host's
//! lobby are drawn alike. The room's heading; its way in (a page's address with a QR code for
//! phones on the local network, a code to send for friends online); a line for each seat and
//! who holds it; what else the room should know; the seat questions waiting ([`Ask`]); and the
//! room's buttons. The words and the way in are each room's ([`Room`]); the layout is one:
//! everything above the buttons scrolls in whole rows, the focused entry kept in view, and the
//! buttons stay on screen under it while they take at most half of the panel's room.

use super::{Ask, Column, Stops, seat_question};
use bevy_egui::egui::{self, Color32, RichText};

/// One line of the room's words.
pub struct Line {
    pub text: String,
    pub size: f32,
    pub color: Color32,
    /// Drawn in the monospace font (a code to copy letter by letter).
    pub mono: bool,
}

impl Line {
    pub fn new(text: impl Into<String>, size: f32, color: Color32) -> Line {
        Line {
            text: text.into(),
            size,
            color,
            mono: false,
        }
    }

    /// The same line in the monospace font.
    pub fn mono(self) -> Line {
        Line { mono: true, ..self }
    }

    fn show(&self, ui: &mut egui::Ui, stops: &mut Stops) {
        let mut words = RichText::new(self.text.as_str())
            .size(self.size)
            .color(self.color);
        if self.mono {
            words = words.monospace();
        }
        let r = ui.label(words);
        let pitch = if self.mono {
            r.rect.height()
        } else {
            super::row_height(ui, self.size)
        };
        stops.mark_rows(&r, pitch);
    }
}

/// How someone reaches the room: a QR code of a page's address (phones), and the lines.
#[derive(Default)]
pub struct WayIn {
    pub qr: Option<String>,
    pub lines: Vec<Line>,
}

/// A room as its transport words it (see the module's words).
pub struct Room {
    pub heading: String,
    pub way_in: WayIn,
    /// A line per seat: who holds it (in the seat's colour where the room knows it).
    pub seats: Vec<Line>,
    /// What else the room should know (what the door turned away, what stays private).
    pub notes: Vec<Line>,
    /// The seat questions waiting for the room's yes or no, oldest first.
    pub questions: Vec<Ask>,
    /// The words of yes and no.
    pub answers: [String; 2],
    pub buttons: Vec<String>,
}

/// The entries of a room's panel, in the menu's order: each question's yes (`2k`) and no
/// (`2k + 1`), then the buttons. The entry clicked, if one was.
pub fn room_panel(ctx: &egui::Context, name: &str, room: &Room, focus: usize) -> Option<usize> {
    let screen = ctx.content_rect();
    super::dim(ctx, 200);
    let mut clicked = None;
    super::reading_panel(ctx, name).show(ctx, |ui| {
        ui.set_max_width(super::panel_width(screen, 1100.0));
        let first_button = room.questions.len() * 2;
        let column = Column::of(ui, &room.buttons);
        let spacing = ui.spacing().item_spacing.y;
        let buttons: f32 = room
            .buttons
            .iter()
            .map(|b| column.height(ui, b) + spacing)
            .sum();
        let id = egui::Id::new(name).with("room rows");
        // The buttons stay under the list while they leave it half of the room; else they
        // scroll with it (many seats on phones at the largest text on a small window).
        let pinned = buttons <= super::room_below(ui, screen, 0.0) / 2.0;
        let room_left = super::room_below(ui, screen, if pinned { buttons } else { 0.0 });
        let follow = super::focus_moved(ui, id, focus);
        super::whole_rows_scroll(ui, id, room_left, follow, |ui| {
            ui.vertical_centered(|ui| {
                let mut stops = Stops::begin(ui);
                let heading = ui.scope(|ui| super::heading(ui, &room.heading));
                stops.mark_rows(&heading.response, heading.response.rect.height());
                way_in(ui, &room.way_in, &mut stops);
                ui.add_space(10.0);
                for line in room.seats.iter().chain(&room.notes) {
                    line.show(ui, &mut stops);
                }
                ui.add_space(10.0);
                let [yes, no] = &room.answers;
                for (k, ask) in room.questions.iter().enumerate() {
                    let mine = (focus / 2 == k && focus < first_button).then_some(focus % 2);
                    let asked = seat_question(ui, ask, (yes, no), mine, Some(&mut stops));
                    if let Some(j) = asked.clicked {
                        clicked = Some(k * 2 + j);
                    }
                    if follow && mine.is_some() {
                        ui.scroll_to_rect(asked.rect, None);
                    }
                }
                if !pinned {
                    let shown = button_column(ui, room, &column, focus, Some(&mut stops));
                    clicked = clicked.or(shown.clicked);
                    if follow && let Some(rect) = shown.focused {
                        ui.scroll_to_rect(rect, None);
                    }
                }
                stops.keep(ui, id);
            });
        });
        if pinned {
            ui.vertical_centered(|ui| {
                clicked = clicked.or(button_column(ui, room, &column, focus, None).clicked);
            });
        }
    });
    clicked
}

/// What the buttons drew: the entry clicked, and where the focused button is.
struct Shown {
    clicked: Option<usize>,
    focused: Option<egui::Rect>,
}

/// The room's buttons, one under the other and of one width, each a place a scrolled list
/// may end (`stops`).
fn button_column(
    ui: &mut egui::Ui,
    room: &Room,
    column: &Column,
    focus: usize,
    mut stops: Option<&mut Stops>,
) -> Shown {
    let first = room.questions.len() * 2;
    let mut shown = Shown {
        clicked: None,
        focused: None,
    };
    for (i, label) in room.buttons.iter().enumerate() {
        let b = column.button(ui, label, focus == first + i);
        if b.clicked() {
            shown.clicked = Some(first + i);
        }
        if focus == first + i {
            shown.focused = Some(b.rect);
        }
        if let Some(stops) = stops.as_deref_mut() {
            stops.mark_around(&b);
        }
    }
    shown
}

/// The way in: the QR code beside its lines where both fit side by side, else above them.
fn way_in(ui: &mut egui::Ui, way: &WayIn, stops: &mut Stops) {
    let Some(text) = &way.qr else {
        for line in &way.lines {
            line.show(ui, stops);
        }
        return;
    };
    let side = QR_SIDE.min(ui.available_width());
    if ui.available_width() >= side + 24.0 + BESIDE_QR {
        let block = ui.horizontal(|ui| {
            qr(ui, text, side);
            ui.add_space(24.0);
            ui.vertical(|ui| {
                // (The block is one stop: its lines end beside the code.)
                let mut inner = Stops::begin(ui);
                for line in &way.lines {
                    line.show(ui, &mut inner);
                    ui.add_space(8.0);
                }
            });
        });
        stops.mark_rows(&block.response, block.response.rect.height());
    } else {
        let code = ui.scope(|ui| qr(ui, text, side));
        stops.mark_rows(&code.response, code.response.rect.height());
        for line in &way.lines {
            line.show(ui, stops);
        }
    }
}

/// The QR code's side, and the least room its lines need beside it (points).
const QR_SIDE: f32 = 260.0;
const BESIDE_QR: f32 = 420.0;

/// The browser build never serves phones (no page, so no code to draw).
#[cfg(target_arch = "wasm32")]
fn qr(_ui: &mut egui::Ui, _text: &str, _side: f32) {}

/// A QR code drawn with egui: dark modules on white with the usual quiet zone.
#[cfg(not(target_arch = "wasm32"))]
fn qr(ui: &mut egui::Ui, text: &str, side: f32) {
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return;
    };
    let width = code.width();
    let dark = code.to_colors();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, Color32::WHITE);
    let quiet = 4.0;
    let module = side / (width as f32 + 2.0 * quiet);
    for y in 0..width {
        for x in 0..width {
            if dark[y * width + x] == qrcode::Color::Dark {
                let min =
                    rect.min + egui::vec2((x as f32 + quiet) * module, (y as f32 + quiet) * module);
                painter.rect_filled(
                    egui::Rect::from_min_size(min, egui::vec2(module + 0.5, module + 0.5)),
                    0.0,
                    Color32::BLACK,
                );
            }
        }
    }
}
