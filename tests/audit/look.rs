//! What a player would see wrong on one laid-out screen: text cut by its panel, the screen or
//! the TV margin; text that covers other text or a word of the table; the focus out of sight;
//! text too small to read from the sofa. Read from egui's shapes and clip rectangles and from
//! Bevy's layout of the table's words: no pixels.

use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, Rect, Shape, epaint::ClippedShape};
use come_buy::audit::{AuditWindow, LaidOut};

/// How much a shape may overhang its clip or another shape before it counts, in points (a
/// glyph's anti-aliasing, a rounding).
const SLACK: f32 = 1.5;

/// Text a player needs is at least [`NEEDED_PX`] pixels tall on a 1080-line screen at the
/// default text size.
pub const NEEDED_PX: f32 = 28.0;
/// The default text size (`Settings::default().ui_scale`): the sizes are stated at it and a
/// player's own choice scales them.
pub const DEFAULT_SCALE: f32 = 1.25;

/// One text egui drew: what it says, where (in points, clipped by `clip`), its largest font
/// size in physical pixels, and whether egui cut it short with an ellipsis.
#[derive(Clone, Debug)]
pub struct Drawn {
    pub text: String,
    pub rect: Rect,
    pub clip: Rect,
    pub px: f32,
    pub elided: bool,
    /// A row the text's wrapping began (not one after a line break of its own).
    pub wrapped: bool,
    /// The whole text this row is of.
    pub of: String,
    /// The row before it ends in a letter.
    pub after_word: bool,
    /// Its colour, and the colour of the filled shape drawn last under it (none: the table,
    /// or a panel that lets it show through).
    pub color: Color32,
    pub back: Option<Color32>,
}

/// Whether a row begins with a number ("1)", "340", "-2."): the wrapping cut it from the word
/// before it.
fn number_first(row: &str) -> bool {
    let mut c = row
        .chars()
        .skip_while(|c| matches!(c, '-' | '+' | '\u{2212}'));
    c.next().is_some_and(|c| c.is_ascii_digit())
}

/// A word of the table (Bevy's `Text2d`), on the screen in points of egui's zoom.
#[derive(Clone, Debug)]
pub struct TableWord {
    pub text: String,
    pub rect: Rect,
    pub px: f32,
    /// Its colour and what lies under it (`None`: an image under it not made yet).
    pub ink: Option<(Color32, Color32)>,
}

/// Every text egui drew, every filled panel or button (the rectangles that hide what is
/// under them), and the focus rings.
pub struct Sight {
    pub texts: Vec<Drawn>,
    pub fills: Vec<(Rect, Rect)>,
    pub focus: Vec<(Rect, Rect)>,
    /// The big buttons (`ui::big_button`'s fills), whose labels stand in their middle.
    pub buttons: Vec<Rect>,
    pub screen: Rect,
    pub safe: Rect,
}

fn flatten(shape: &Shape, clip: Rect, out: &mut Vec<(Shape, Rect)>) {
    match shape {
        Shape::Vec(v) => v.iter().for_each(|s| flatten(s, clip, out)),
        s => out.push((s.clone(), clip)),
    }
}

/// The focus ring: `ui::wide_button`'s and `ui::focus_frame`'s gold stroke of 3 points.
fn is_focus_ring(r: &egui::epaint::RectShape) -> bool {
    r.stroke.width >= 2.5 && r.stroke.color == come_buy::ui::GOLD
}

pub fn sight(laid: &LaidOut) -> Sight {
    let mut flat = Vec::new();
    for ClippedShape { clip_rect, shape } in &laid.shapes {
        flatten(shape, *clip_rect, &mut flat);
    }
    let mut texts = Vec::new();
    let mut fills = Vec::new();
    let mut focus = Vec::new();
    let mut buttons = Vec::new();
    // The opaque fills so far, in the order they are drawn: a text's background is the last
    // one under it.
    let mut backs: Vec<(Rect, Color32)> = Vec::new();
    for (shape, clip) in flat {
        match &shape {
            Shape::Text(t) => {
                let text = t.galley.text().trim().to_string();
                if text.is_empty() || t.opacity_factor < 0.5 {
                    continue;
                }
                let size = t
                    .galley
                    .job
                    .sections
                    .iter()
                    .map(|s| s.format.font_id.size)
                    .fold(0.0, f32::max);
                // A long text is judged row by row: in a scrolled panel the rows out of
                // sight are fine, a row cut in half is not.
                let rows: Vec<(String, Rect, bool, bool)> = if t.galley.rows.len() > 1
                    && t.angle == 0.0
                {
                    let rows = &t.galley.rows;
                    let said =
                        |i: usize| -> String { rows[i].row.glyphs.iter().map(|g| g.chr).collect() };
                    rows.iter()
                        .enumerate()
                        .map(|(i, r)| {
                            let wrapped = i > 0 && !rows[i - 1].ends_with_newline;
                            let after_word = i > 0
                                && said(i - 1)
                                    .trim_end()
                                    .chars()
                                    .last()
                                    .is_some_and(char::is_alphabetic);
                            let rect = r.rect().translate(t.pos.to_vec2());
                            (said(i).trim().to_string(), rect, wrapped, after_word)
                        })
                        .filter(|(text, ..)| !text.is_empty())
                        .collect()
                } else {
                    vec![(text.clone(), shape.visual_bounding_rect(), false, false)]
                };
                let color = t.override_text_color.unwrap_or_else(|| {
                    let first = t.galley.job.sections.first().map(|s| s.format.color);
                    first
                        .filter(|c| *c != Color32::PLACEHOLDER)
                        .unwrap_or(t.fallback_color)
                });
                for (row, rect, wrapped, after_word) in rows {
                    let back = backs
                        .iter()
                        .rev()
                        .find(|(r, _)| r.contains_rect(rect))
                        .map(|(_, c)| *c);
                    texts.push(Drawn {
                        color,
                        back,
                        text: row,
                        of: text.clone(),
                        rect,
                        clip,
                        px: size * laid.pixels_per_point,
                        elided: t.galley.elided,
                        wrapped,
                        after_word,
                    });
                }
            }
            Shape::Rect(r) => {
                if is_focus_ring(r) {
                    focus.push((r.rect, clip));
                }
                if [come_buy::ui::BUTTON_FILL, come_buy::ui::BUTTON_FOCUS_FILL].contains(&r.fill) {
                    buttons.push(r.rect);
                }
                if r.fill.a() >= 200 && r.fill != Color32::TRANSPARENT {
                    backs.push((r.rect, r.fill));
                    fills.push((r.rect, clip));
                }
            }
            _ => {}
        }
    }
    Sight {
        texts,
        fills,
        focus,
        buttons,
        screen: laid.screen,
        safe: laid.safe,
    }
}

fn visible(r: Rect, clip: Rect) -> Rect {
    r.intersect(clip)
}

fn overlaps(a: Rect, b: Rect) -> bool {
    let i = a.intersect(b);
    i.width() > SLACK && i.height() > SLACK
}

fn contains(outer: Rect, inner: Rect) -> bool {
    outer.expand(SLACK).contains_rect(inner)
}

/// What a player would find wrong on this screen, one line each. `exempt` says whether a text
/// may be smaller than the sofa's size (the named exceptions, with their reasons, live with
/// the caller); `ui_scale` is the player's text size, `touch` a phone's page.
pub fn faults(
    s: &Sight,
    window: AuditWindow,
    (ui_scale, touch): (f32, bool),
    words: &[TableWord],
    exempt: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    // At least the smallest size at the zoom the window gives this text size: on desktops
    // and TVs that is the sofa's 28 px at 1080p at the default text size, scaled by the
    // window's height and the player's choice (`ui::zoom_for`); a phone caps it by its size
    // (`ui::zoom_within`).
    let zoom = come_buy::ui::zoom_within(window.width, window.height, ui_scale, touch);
    let needed = NEEDED_PX / DEFAULT_SCALE * zoom;
    let shown: Vec<&Drawn> = s
        .texts
        .iter()
        .filter(|t| overlaps(t.rect, t.clip) || t.clip.contains_rect(t.rect))
        .collect();
    for t in &shown {
        if t.elided {
            out.push(format!("cut short: \"{}\"", t.text));
        } else if !contains(t.clip, t.rect) {
            out.push(format!("cut by its panel: \"{}\"", t.text));
        } else if !contains(s.screen, t.rect) {
            out.push(format!("off the screen: \"{}\"", t.text));
        } else if !contains(s.safe, t.rect) {
            out.push(format!("in the TV margin: \"{}\"", t.text));
        }
        // A number the wrapping cut from its word ("move" / "1)"): a non-breaking space
        // between them keeps them on one row.
        if t.wrapped && number_first(&t.text) && t.after_word {
            out.push(format!(
                "a number cut from its word: a row \"{}\" of \"{}\"",
                t.text, t.of
            ));
        }
        // A big button's label, every row of it, stands in the button's middle (a wrapped
        // label once sat at its left).
        if let Some(b) = s.buttons.iter().find(|b| contains(**b, t.rect))
            && (t.rect.center().x - b.center().x).abs() > 4.0
        {
            out.push(format!(
                "a button's label off its middle by {:.0} points: \"{}\"",
                t.rect.center().x - b.center().x,
                t.text
            ));
        }
        // Every text stands out from what it is drawn on: WCAG's 3:1 for large text (ours is
        // 28 px and more at 1080p).
        if let Some(back) = t.back
            && contrast(t.color, back) < 3.0
        {
            out.push(format!(
                "hard to read: \"{}\" {:?} on {:?}, contrast {:.1}:1",
                t.text,
                t.color,
                back,
                contrast(t.color, back)
            ));
        }
        if t.px + 0.05 < needed && !exempt(&t.text) {
            out.push(format!(
                "too small: \"{}\" {:.1} px (needs {:.1})",
                t.text, t.px, needed
            ));
        }
    }
    for (i, a) in shown.iter().enumerate() {
        for b in &shown[i + 1..] {
            let (ra, rb) = (visible(a.rect, a.clip), visible(b.rect, b.clip));
            if overlaps(ra, rb) && a.text != b.text {
                out.push(format!("\"{}\" covers \"{}\"", a.text, b.text));
            }
        }
    }
    for w in words {
        let text = shown
            .iter()
            .find(|t| overlaps(visible(t.rect, t.clip), w.rect))
            .map(|t| format!("\"{}\"", t.text));
        let fill = || {
            s.fills
                .iter()
                .map(|(r, c)| visible(*r, *c))
                .find(|r| overlaps(*r, w.rect))
                .map(|r| format!("a panel at {r:?}"))
        };
        if let Some(by) = text.or_else(fill) {
            out.push(format!("{by} covers the table's \"{}\"", w.text));
        }
        // The table's words stand out from the felt, plaque or card under them, as egui's do.
        if let Some((ink, back)) = w.ink
            && contrast(ink, back) < 3.0
        {
            out.push(format!(
                "hard to read on the table: \"{}\" {ink:?} on {back:?}, contrast {:.1}:1",
                w.text,
                contrast(ink, back)
            ));
        }
    }
    out.extend(ragged_columns(s));
    out.extend(wrapped_with_room(s, &shown));
    out.extend(rows_a_little_off(s));
    for (ring, clip) in &s.focus {
        if !contains(*clip, *ring) || !contains(s.safe, *ring) {
            out.push(format!("the focus is out of sight at {ring:?}"));
        }
    }
    out
}

/// A menu's column of big buttons (each at least a big button's 280 points less a tenth),
/// one under the next, shares one width and one middle: a column of ragged or shifted buttons
/// looks unkept. A list whose buttons share their left edge is not a menu's column, nor rows of
/// small buttons wrapped on a narrow screen. Each fault names the two labels.
fn ragged_columns(s: &Sight) -> Vec<String> {
    let label = |b: Rect| words_in(s, b, " ");
    let menu = |b: &&Rect| b.width() >= come_buy::ui::MIN_BUTTON_WIDTH * 0.9;
    let mut out = Vec::new();
    for a in s.buttons.iter().filter(menu) {
        // The button right under `a`: less than half a button below, its middle near `a`'s.
        let under = s
            .buttons
            .iter()
            .filter(menu)
            .filter(|b| {
                let gap = b.top() - a.bottom();
                let off = (a.center().x - b.center().x).abs();
                (-SLACK..a.height() / 2.0).contains(&gap) && off < a.width().min(b.width()) / 4.0
            })
            .min_by(|x, y| x.top().total_cmp(&y.top()));
        if let Some(b) = under
            && (a.left() - b.left()).abs() > 2.0
            && ((a.width() - b.width()).abs() > 2.0 || (a.center().x - b.center().x).abs() > 2.0)
        {
            out.push(format!(
                "a ragged column of buttons: \"{}\" {:.0} wide at {:.0}, \"{}\" {:.0} at {:.0}",
                label(*a),
                a.width(),
                a.center().x,
                label(*b),
                b.width(),
                b.center().x
            ));
        }
    }
    out
}

/// A big button's label wrapped onto more rows where the screen had room for it on one (the
/// button could have been wider): a panel sized by the frame before kept it narrow once.
/// Room: the label's rows side by side, with the screen's width inside the TV margin less 160
/// points (a panel's margins and frame) to spare.
fn wrapped_with_room(s: &Sight, shown: &[&Drawn]) -> Vec<String> {
    let mut out = Vec::new();
    for b in &s.buttons {
        let rows: Vec<&&Drawn> = shown.iter().filter(|t| contains(*b, t.rect)).collect();
        if !rows.iter().any(|t| t.wrapped) {
            continue;
        }
        let one_line: f32 = rows.iter().map(|t| t.rect.width() + 6.0).sum();
        if one_line + 160.0 < s.safe.width() {
            out.push(format!(
                "a button's label wrapped with room on the screen: \"{}\" ({:.0} points on one line, the button {:.0})",
                rows[0].of,
                one_line,
                b.width()
            ));
        }
    }
    out
}

/// A row of big buttons (one button, or several on one line) that stands a little off the
/// middle of its panel: meant to be centred, it is not quite (a row once stood 10 points left,
/// a space of its own taking the item spacing away twice). A row well off the middle is laid
/// out so on purpose (a form's buttons at its left) and is not judged, nor a row at its
/// panel's start, nor a row with other things beside it.
fn rows_a_little_off(s: &Sight) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen: Vec<f32> = Vec::new();
    for b in &s.buttons {
        if seen.iter().any(|top| (top - b.top()).abs() <= 1.0) {
            continue;
        }
        seen.push(b.top());
        let row: Vec<&Rect> = s
            .buttons
            .iter()
            .filter(|o| (o.top() - b.top()).abs() <= 1.0)
            .collect();
        let span = row.iter().fold(*row[0], |a, r| a.union(**r));
        // The panel: the smallest fill around the row that is not a button of it.
        let panel = s
            .fills
            .iter()
            .map(|(r, _)| *r)
            .filter(|r| !s.buttons.contains(r) && r.expand(SLACK).contains_rect(span))
            .min_by(|x, y| x.area().total_cmp(&y.area()));
        let Some(panel) = panel else { continue };
        // A row with other things beside it (a choice's Hint and Undo, a replay's speed) is
        // centred as a whole, not by its big buttons.
        let on_the_line = |r: Rect| {
            panel.contains_rect(r) && r.y_range().intersection(span.y_range()).span() > SLACK
        };
        let beside = s
            .fills
            .iter()
            .any(|(r, _)| *r != panel && !row.contains(&r) && on_the_line(*r))
            || s.texts
                .iter()
                .any(|t| on_the_line(t.rect) && !row.iter().any(|b| contains(**b, t.rect)));
        // A row at the start of its panel (a reading panel's buttons under its text) is laid
        // out at the left on purpose, however little room a phone leaves beside it.
        if beside || span.left() - panel.left() < 24.0 {
            continue;
        }
        let off = span.center().x - panel.center().x;
        if (2.0..20.0).contains(&off.abs()) {
            out.push(format!(
                "a row of buttons {off:.0} points off its panel's middle, at y {:.0} (the row \
                 {:.0}-{:.0}, its panel {:.0}-{:.0}: \"{}\")",
                span.top(),
                span.left(),
                span.right(),
                panel.left(),
                panel.right(),
                words_in(s, span, " | ")
            ));
        }
    }
    out
}

/// The texts drawn within `r`, joined by `between` (what a fault names a place by).
fn words_in(s: &Sight, r: Rect, between: &str) -> String {
    s.texts
        .iter()
        .filter(|t| contains(r, t.rect))
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(between)
}

/// WCAG's contrast ratio of two colours (1:1 to 21:1): the art's one rule.
pub fn contrast(a: Color32, b: Color32) -> f32 {
    come_buy_media::art::contrast([a.r(), a.g(), a.b()], [b.r(), b.g(), b.b()])
}
