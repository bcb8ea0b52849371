//! Where the title's menu stands, so that it covers nothing of the title's picture: below the
//! tagline and between the fans of cards when there is room; the fans step aside, then leave,
//! then the tagline goes, as the text grows or the window shrinks; and when even the space
//! under the name is too short, the menu scrolls, showing whole rows only. The layout audit
//! (`tests/audit/`) checks the result at every window, text size, margin and language.

use bevy::prelude::*;
use bevy_egui::egui;

/// The bottom of the name's line ("Come Buy", 190 points at y 300: a box 229 tall), on the
/// 1080-line table, y up.
pub(crate) const NAME_BOTTOM: f32 = 185.0;
/// The bottom of the tagline's line (44 points at y 170: a box 53 tall).
pub(crate) const TAGLINE_BOTTOM: f32 = 143.0;
/// How near the centre the fans' cards reach (their turned corners included), beside one
/// column and spread for two.
const NEAR_EDGE: f32 = 425.0;
const FAR_EDGE: f32 = 570.0;
/// A button's row: its height and the space under it, in points.
pub(crate) const ROW: f32 = crate::ui::BUTTON_HEIGHT + 10.0;
/// Space kept between the menu and what it must not touch, in points.
pub(crate) const GAP: f32 = 12.0;

/// Where the fans of cards lie.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Fans {
    /// Beside one column.
    #[default]
    Near,
    /// Further out and a little smaller, beside two columns.
    Far,
    /// Gone: the menu needs the width.
    Hidden,
}

/// What of the title's picture is shown around the menu.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleRoom {
    pub fans: Fans,
    pub tagline: bool,
}

impl Default for TitleRoom {
    fn default() -> Self {
        TitleRoom {
            fans: Fans::Near,
            tagline: true,
        }
    }
}

/// The title's table as the menu sees it, in egui points: where the table's y = 0 is, how
/// many points a unit of the table is, and the safe area.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub center: egui::Pos2,
    pub ppu: f32,
    pub safe: egui::Rect,
}

impl Frame {
    /// The frame of a window `whole` points big at the menus' `zoom`, with a TV margin of
    /// `margin` (a fraction) and the safe area `safe`: the camera as `dock::fit_camera` fits
    /// the title (no strip).
    pub(crate) fn of(whole: egui::Rect, safe: egui::Rect, zoom: f32, margin: f32) -> Frame {
        let (k, _) =
            crate::table::dock::fit_safe(whole.width() * zoom, whole.height() * zoom, 0.0, margin);
        Frame {
            center: whole.center(),
            ppu: k / zoom,
            safe,
        }
    }

    fn y(&self, table_y: f32) -> f32 {
        self.center.y - table_y * self.ppu
    }
}

/// How the menu stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Plan {
    pub room: TitleRoom,
    pub columns: usize,
    /// The menu's top edge, in points.
    pub top: f32,
    /// Rows shown at once when the menu scrolls.
    pub rows_shown: Option<usize>,
}

/// The plan for `n` buttons of `width` points under `above` points of other lines (the
/// saves' problems): the first arrangement, in order of how much of the picture it keeps,
/// that fits; else the menu scrolls under the name.
pub(crate) fn plan(frame: &Frame, n: usize, width: f32, above: f32) -> Plan {
    let bottom = frame.safe.bottom() - GAP;
    let height = |columns: usize| above + n.div_ceil(columns) as f32 * ROW - 10.0;
    let wide = |columns: usize| columns as f32 * width + (columns - 1) as f32 * 10.0;
    let choices = [
        (Fans::Near, true, 1),
        (Fans::Far, true, 2),
        (Fans::Hidden, true, 1),
        (Fans::Hidden, true, 2),
        (Fans::Hidden, false, 1),
        (Fans::Hidden, false, 2),
    ];
    for (fans, tagline, columns) in choices {
        let top = frame.y(if tagline { TAGLINE_BOTTOM } else { NAME_BOTTOM }) + GAP;
        let room_w = match fans {
            Fans::Near => 2.0 * (NEAR_EDGE * frame.ppu - GAP),
            Fans::Far => 2.0 * (FAR_EDGE * frame.ppu - GAP),
            Fans::Hidden => frame.safe.width() - 2.0 * GAP,
        }
        .min(frame.safe.width() - 2.0 * GAP);
        let need = height(columns);
        if need <= bottom - top && wide(columns) <= room_w {
            return Plan {
                room: TitleRoom { fans, tagline },
                columns,
                // In the middle of the room, nearer its top than its bottom.
                top: top + (bottom - top - need) / 3.0,
                rows_shown: None,
            };
        }
    }
    let top = frame.y(NAME_BOTTOM) + GAP;
    let columns = if wide(2) <= frame.safe.width() - 2.0 * GAP {
        2
    } else {
        1
    };
    let rows = (((bottom - top - above + 10.0) / ROW).floor() as usize).max(1);
    Plan {
        room: TitleRoom {
            fans: Fans::Hidden,
            tagline: false,
        },
        columns,
        top,
        rows_shown: Some(rows),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(w: f32, h: f32, zoom: f32, margin: f32) -> Frame {
        let whole = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h) / zoom);
        let safe = whole.shrink2(whole.size() * margin);
        Frame::of(whole, safe, zoom, margin)
    }

    #[test]
    fn the_picture_stays_whole_while_there_is_room_and_gives_way_in_order() {
        // 1080p at the default text size: eight buttons in one column between the fans.
        let p = plan(&frame(1920.0, 1080.0, 1.25, 0.0), 8, 280.0, 0.0);
        assert_eq!(
            (p.room, p.columns, p.rows_shown),
            (TitleRoom::default(), 1, None)
        );
        // Three games to continue at 720p and the largest text: the menu scrolls under the
        // name, two columns wide if they fit, showing whole rows.
        let p = plan(&frame(1280.0, 720.0, 1.333, 0.06), 11, 480.0, 0.0);
        assert_eq!(
            p.room,
            TitleRoom {
                fans: Fans::Hidden,
                tagline: false
            }
        );
        assert_eq!(p.columns, 1);
        let rows = p.rows_shown.expect("it scrolls");
        assert!(rows >= 3, "{rows} rows shown");
    }
}
