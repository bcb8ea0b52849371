//! Short lines over everything, at the top of the screen: a save that could not be written
//! (a full disk, a browser's quota), wrong room codes tried on the phones' page. A line stays
//! for a few seconds, or (a failing file) until the problem is gone.

use bevy::prelude::*;
use come_buy_engine::text::Text;

/// One line on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    /// What it is about: a newer line with the same key replaces it.
    pub key: String,
    pub text: Text,
    /// Seconds left on screen; `None` stays until its key is cleared.
    pub left: Option<f32>,
}

/// The lines on screen now, oldest first.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Notices {
    pub lines: Vec<Notice>,
    /// The store's failures last looked at (see [`crate::store::failures`]).
    seen: u64,
}

/// The most lines shown at once (the oldest go first).
const MOST: usize = 4;

impl Notices {
    /// Shows `text` under `key` for `secs` seconds (or until cleared, with `None`).
    pub fn show(&mut self, key: impl Into<String>, text: Text, secs: Option<f32>) {
        let key = key.into();
        self.lines.retain(|n| n.key != key);
        self.lines.push(Notice {
            key,
            text,
            left: secs,
        });
        let over = self.lines.len().saturating_sub(MOST);
        self.lines.drain(..over);
    }

    pub fn clear(&mut self, key: &str) {
        self.lines.retain(|n| n.key != key);
    }

    pub fn has(&self, key: &str) -> bool {
        self.lines.iter().any(|n| n.key == key)
    }
}

/// Where the notices may stand, in egui points: from `top` down (under the lines over the
/// table where it has some: its banner, today's deal's tag), `side` in from each side of the
/// safe area (clear of the table's corner buttons, Look closer and the Log), or from `below`
/// down (under those buttons) where that leaves them too narrow. Kept by the table's dock; all
/// zero away from the table.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct NoticeTop {
    pub top: f32,
    pub side: f32,
    pub below: f32,
}

/// A notice's frame: its padding beside the words, and its gold edge.
const PADDING: i8 = 18;
const EDGE: f32 = 2.0;

/// The least width a notice is given between the table's corner buttons (else it goes under
/// them, the whole width).
const NARROWEST: f32 = 420.0;

impl NoticeTop {
    /// Where the notices begin and how wide their words may be on `screen` (the safe area).
    fn place(&self, screen: bevy_egui::egui::Rect) -> (f32, f32) {
        let frame = 2.0 * (f32::from(PADDING) + EDGE);
        let between = screen.width() - 2.0 * (self.side + 8.0);
        let (top, width) = if between >= NARROWEST {
            (self.top, between)
        } else {
            (self.top.max(self.below), screen.width() - 32.0)
        };
        (16.0_f32.max(top + 6.0), width.min(1400.0) - frame)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Notices>();
    app.init_resource::<NoticeTop>();
    app.add_systems(Update, (watch_store, age));
}

/// The key of a failing file's line.
fn write_key(path: &std::path::Path) -> String {
    format!("write:{}", path.display())
}

/// A file whose last write failed has a line on screen until a later write works.
fn watch_store(mut notices: ResMut<Notices>) {
    let (generation, failing) = crate::store::failures();
    if generation == notices.seen {
        return;
    }
    notices.seen = generation;
    let keys: Vec<String> = failing.iter().map(|(p, _)| write_key(p)).collect();
    notices
        .lines
        .retain(|n| !n.key.starts_with("write:") || keys.contains(&n.key));
    for (path, why) in failing {
        let file = path.file_name().map_or_else(
            || path.display().to_string(),
            |f| f.to_string_lossy().into(),
        );
        let text = Text::new("notice-write-failed")
            .raw("file", file)
            .raw("why", why);
        let key = write_key(&path);
        if !notices.lines.iter().any(|n| n.key == key && n.text == text) {
            error!("{}", come_buy_text::say(&text));
            notices.show(key, text, None);
        }
    }
}

fn age(time: Res<Time<Real>>, mut notices: ResMut<Notices>) {
    if notices.lines.iter().all(|n| n.left.is_none()) {
        return;
    }
    let dt = time.delta_secs();
    for n in &mut notices.lines {
        if let Some(left) = &mut n.left {
            *left -= dt;
        }
    }
    notices.lines.retain(|n| n.left.is_none_or(|l| l > 0.0));
}

/// The notices' area (the layout audit finds them by it).
pub const AREA: &str = "notices";

/// Draws the lines at the top centre, over every screen and menu.
pub(crate) fn draw(
    mut contexts: bevy_egui::EguiContexts,
    notices: Res<Notices>,
    top: Res<NoticeTop>,
) -> Result {
    use bevy_egui::egui;
    if notices.lines.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (y, width) = top.place(ctx.content_rect());
    egui::Area::new(AREA.into())
        .order(egui::Order::Tooltip)
        .anchor(egui::Align2::CENTER_TOP, [0.0, y])
        .interactable(false)
        .show(ctx, |ui| {
            for n in &notices.lines {
                egui::Frame::new()
                    .fill(egui::Color32::from_rgb(60, 18, 14))
                    .stroke(egui::Stroke::new(EDGE, crate::ui::GOLD))
                    .corner_radius(8.0)
                    .inner_margin(egui::Margin::symmetric(PADDING, 8))
                    .show(ui, |ui| {
                        ui.set_max_width(width);
                        ui.label(
                            egui::RichText::new(come_buy_text::say(&n.text))
                                .size(28.0)
                                .color(crate::ui::CREAM),
                        );
                    });
                ui.add_space(6.0);
            }
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui;

    /// Away from the table a notice takes the screen less a margin (at most 1400 points); at the
    /// table it keeps between the corner buttons, and goes under them (the whole width again)
    /// where they would leave it less than its narrowest.
    #[test]
    fn a_notice_keeps_clear_of_the_corner_buttons() {
        let screen = |w: f32| egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, 720.0));
        let frame = 40.0;
        let title = NoticeTop::default();
        assert_eq!(title.place(screen(1920.0)), (16.0, 1400.0 - frame));
        assert_eq!(title.place(screen(640.0)), (16.0, 640.0 - 16.0 - frame));
        let table = NoticeTop {
            top: 0.0,
            side: 150.0,
            below: 60.0,
        };
        // 1280 wide: 1280 - 2 x 158 between the buttons, beside them.
        assert_eq!(table.place(screen(1280.0)), (16.0, 964.0 - frame));
        // 640 wide: 324 between them is too narrow; under them, the whole width.
        assert_eq!(table.place(screen(640.0)), (66.0, 608.0 - frame));
    }
}
