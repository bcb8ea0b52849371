//! The one seat question of both rooms of remote seats: a phone's claim (over whatever is on
//! the TV) and a friend's ask (a row of the online lobby) are drawn alike. Who asks for which
//! seat, in the seat's colour; the letters the asker's own screen shows, for the room to
//! compare; what else the room should know before it answers; yes and no under it. The words
//! are each room's ([`Ask`]); the answer is the one rule of both (`crate::menu::Steady` and the
//! rooms' `Host::answer`).

use super::{CREAM, GOLD, Stops, button_row, row_height};
use bevy_egui::egui::{self, RichText};

/// The question's sizes: who asks, the mark, the notes (all of sofa size).
const QUESTION: f32 = 34.0;
const MARK: f32 = 30.0;
const NOTE: f32 = 28.0;

/// A question as its room words it.
pub struct Ask {
    /// Who asks for what: "A phone asks for Bram's hand", "Ana asks for seat 2".
    pub question: String,
    /// The question's colour: the seat's, where the room knows it.
    pub color: egui::Color32,
    /// The letters the asker's screen shows, in the room's words ("Its screen shows: KXM").
    pub mark: String,
    /// What else the room should know (where a phone asks from, what a yes gives away).
    pub notes: Vec<String>,
}

/// What the question drew: where it is, and whether yes (0) or no (1) was clicked.
pub struct Asked {
    pub rect: egui::Rect,
    pub clicked: Option<usize>,
}

/// Draws `ask` centred, with `yes` and `no` under it (side by side where they fit, else one
/// under the other); `focus`: the one of the two the menu's focus is on. Each line's rows and
/// the buttons are marked in `stops`, where the question sits in a scrolled list.
pub fn seat_question(
    ui: &mut egui::Ui,
    ask: &Ask,
    (yes, no): (&str, &str),
    focus: Option<usize>,
    mut stops: Option<&mut Stops>,
) -> Asked {
    let lines = [
        (&ask.question, QUESTION, ask.color, true),
        (&ask.mark, MARK, GOLD, false),
    ]
    .into_iter()
    .chain(ask.notes.iter().map(|n| (n, NOTE, CREAM, false)));
    let mut rect = egui::Rect::NOTHING;
    for (text, size, color, strong) in lines {
        let mut words = RichText::new(text.as_str()).size(size).color(color);
        if strong {
            words = words.strong();
        }
        let r = ui.label(words);
        rect = rect.union(r.rect);
        if let Some(stops) = stops.as_deref_mut() {
            stops.mark_rows(&r, row_height(ui, size));
        }
    }
    ui.add_space(8.0);
    let pressed = button_row(ui, &[(yes, focus == Some(0)), (no, focus == Some(1))]);
    if let Some(stops) = stops {
        stops.mark(ui);
    }
    let clicked = pressed.iter().position(|r| r.clicked());
    Asked {
        rect: pressed.iter().fold(rect, |all, r| all.union(r.rect)),
        clicked,
    }
}
