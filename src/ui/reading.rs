//! How far a reading panel is scrolled (How to play, the credits, the statistics): one rule
//! for the three. Keys and the pad move it by lines and pages, the wheel and the scroll bar in
//! egui; a page is what the panel shows now (measured as it is drawn), so a page down never
//! skips a line the reader did not see, whatever the window and text size; and it stays
//! within the text.

use crate::nav::Nav;
use bevy::prelude::*;
use bevy_egui::egui;

/// The open reading panel's scroll, in egui points (one panel reads at a time: each opens at
/// the top, [`ReadingScroll::top`]).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct ReadingScroll {
    pub offset: f32,
    /// The largest offset (text height minus the visible height), measured when drawn.
    pub max: f32,
    /// A page: most of the visible height, measured when drawn.
    pub page: f32,
    /// The logic moved the offset: the drawing applies it once.
    pub moved: bool,
    /// A line's step where the panel says it (the rows of its text, so that a step never
    /// leaves one cut in half: [`ReadingScroll::show_rows`]); [`ReadingScroll::LINE`] else.
    pub line: f32,
}

impl ReadingScroll {
    /// A line's step.
    pub const LINE: f32 = 60.0;
    /// How much of the visible height a page step moves (a line of it stays in view).
    pub const PAGE_OF_VIEW: f32 = 0.9;

    /// Back to the top, for the next panel to open there (egui remembers the old offset
    /// otherwise).
    pub fn top(&mut self) {
        *self = ReadingScroll {
            moved: true,
            ..ReadingScroll::default()
        };
    }

    pub fn scroll_by(&mut self, d: f32) {
        self.offset = (self.offset + d).clamp(0.0, self.max.max(0.0));
        self.moved = true;
    }

    /// A page's step: the measured page (three lines before the first drawing).
    fn page_step(&self) -> f32 {
        self.page.max(Self::LINE * 3.0)
    }

    /// Scrolls for `nav` (Up and Down a line; Left and Right, the shoulders and Page Up and
    /// Down a page); whether it was a scroll.
    pub fn press(&mut self, nav: Nav) -> bool {
        let page = self.page_step();
        let line = if self.line > 0.0 {
            self.line
        } else {
            Self::LINE
        };
        let d = match nav {
            Nav::Down => line,
            Nav::Up => -line,
            Nav::Right | Nav::BigRight | Nav::PageDown => page,
            Nav::Left | Nav::BigLeft | Nav::PageUp => -page,
            _ => return false,
        };
        self.scroll_by(d);
        true
    }

    /// [`ReadingScroll::show`] for a text of rows `pitch` apart: a line's step is a row.
    pub fn show_rows(
        &mut self,
        ui: &mut egui::Ui,
        area: egui::ScrollArea,
        pitch: f32,
        add: impl FnOnce(&mut egui::Ui),
    ) {
        if self.line != pitch {
            self.line = pitch;
        }
        self.show(ui, area, add);
    }

    /// Shows `area` at this scroll (with a bar that can be seen), `add` filling it, and keeps
    /// what it measured: the offset the wheel or bar left, the end, a page.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        mut area: egui::ScrollArea,
        add: impl FnOnce(&mut egui::Ui),
    ) {
        if self.moved {
            area = area.vertical_scroll_offset(self.offset);
        }
        let shown = ui
            .scope(|ui| {
                super::visible_scroll_bar(ui);
                area.show(ui, add)
            })
            .inner;
        let max = (shown.content_size.y - shown.inner_rect.height()).max(0.0);
        let now = ReadingScroll {
            offset: shown.state.offset.y.clamp(0.0, max),
            max,
            page: shown.inner_rect.height() * Self::PAGE_OF_VIEW,
            moved: false,
            line: self.line,
        };
        if *self != now {
            *self = now;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_what_the_panel_shows_and_the_text_bounds_every_step() {
        let mut s = ReadingScroll {
            max: 1000.0,
            page: 180.0,
            ..ReadingScroll::default()
        };
        assert!(s.press(Nav::PageDown));
        assert_eq!(s.offset, 180.0, "a measured page, not a fixed step");
        assert!(s.press(Nav::Down));
        assert_eq!(s.offset, 240.0);
        assert!(s.press(Nav::BigLeft));
        assert_eq!(s.offset, 60.0);
        assert!(s.press(Nav::Left));
        assert_eq!(s.offset, 0.0, "not above the top");
        for _ in 0..20 {
            s.press(Nav::Right);
        }
        assert_eq!(s.offset, 1000.0, "not past the end");
        assert!(s.moved);
        assert!(!s.press(Nav::Confirm), "not a scroll");
        // Before the first drawing a page is three lines.
        let mut fresh = ReadingScroll {
            max: 1000.0,
            ..ReadingScroll::default()
        };
        fresh.press(Nav::PageDown);
        assert_eq!(fresh.offset, ReadingScroll::LINE * 3.0);
        fresh.top();
        assert_eq!((fresh.offset, fresh.max, fresh.moved), (0.0, 0.0, true));
    }
}
