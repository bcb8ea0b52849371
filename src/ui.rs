//! egui look and shared widgets: our fonts, a warm dark theme, and big focusable buttons that
//! the keyboard, a gamepad, the mouse and touch all drive the same way.

use crate::settings::Settings;
use crate::theme;
use bevy::prelude::*;
use bevy_egui::egui::{self, Color32, FontFamily, FontId, RichText, Stroke};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use std::sync::Arc;

pub const GOLD: Color32 = Color32::from_rgb(245, 199, 77);
pub const CREAM: Color32 = Color32::from_rgb(250, 242, 219);
pub const PANEL: Color32 = Color32::from_rgba_premultiplied(18, 24, 22, 235);
pub const MUTED: Color32 = Color32::from_rgb(170, 176, 168);
/// A warning a player must read (a meeting server that does not answer): a warm coral, readable
/// on the dark panels.
pub const WARN: Color32 = Color32::from_rgb(255, 150, 120);

pub fn display() -> FontFamily {
    FontFamily::Name("display".into())
}

#[derive(Resource, Default)]
pub struct EguiStyled(bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<EguiStyled>();
    // Keys belong to our navigation alone (see `nav`): egui gets the mouse and touch only,
    // so a focused egui button can never take an Enter that a menu already handled.
    let mut egui_settings = app
        .world_mut()
        .get_resource_or_insert_with(bevy_egui::EguiGlobalSettings::default);
    egui_settings
        .input_system_settings
        .run_write_keyboard_input_messages_system = false;
    egui_settings
        .input_system_settings
        .run_write_ime_messages_system = false;
    app.add_systems(EguiPrimaryContextPass, style_egui);
}

/// The smallest text a player needs, in points before the menus' zoom: 28 px on a 1080-line
/// screen at the default text size (1.25), the sofa's size that the layout audit
/// (`tests/audit/`) holds every screen to.
pub const SMALL: f32 = 23.0;

/// The smallest a button may be under a finger, in logical pixels (CSS pixels in a browser):
/// the usual 44-point touch target.
pub const TOUCH_TARGET: f32 = 44.0;

/// The height of our menu and choice buttons before zoom, in egui points; on a touch screen
/// every button is at least this tall (see [`finger_sized`]).
pub const BUTTON_HEIGHT: f32 = 48.0;

/// The style of a touch screen: egui grows every button to the interact height, so the
/// steppers' small arrows become [`BUTTON_HEIGHT`] tall too and, with [`zoom_for`], none is
/// under [`TOUCH_TARGET`].
pub fn finger_sized(style: &mut egui::Style) {
    style.spacing.interact_size.y = style.spacing.interact_size.y.max(BUTTON_HEIGHT);
}

/// How many of the page's own (CSS) pixels one of the window's logical pixels covers: 1 on
/// the desktop and wherever a browser reports its canvas in device pixels at its pixel ratio;
/// more where the window comes out smaller than the page (headless Chromium's emulated
/// densities report the canvas at the ratio twice over). Menus are sized from the page's own
/// height through it, so a screen looks the same at ratio 1, 2 and 3, only sharper.
pub fn css_per_logical(window: &Window) -> f32 {
    #[cfg(target_arch = "wasm32")]
    if let Some(page) = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|v| v.as_f64())
        && window.height() > 1.0
        && page > 1.0
    {
        return (page as f32 / window.height()).clamp(0.25, 4.0);
    }
    let _ = window;
    1.0
}

/// [`zoom_for`] the window's page: the zoom for egui, in the window's logical pixels, never
/// so large that the menus get fewer than [`MIN_POINTS_WIDE`] points across or
/// [`MIN_POINTS_TALL`] down (a phone at the largest text would otherwise have no room for a
/// button and its words, or for the table above a choice).
pub fn window_zoom(window: &Window, ui_scale: f32, touch: bool) -> f32 {
    let r = css_per_logical(window);
    zoom_within(window.width() * r, window.height() * r, ui_scale, touch) / r
}

/// The fewest points across and down the menus are laid out in: a big button and its
/// margins across; a table above a docked choice down. A phone (390 CSS px one way) then
/// gets its finger-sized zoom at every text size: at 400 its largest text was 6% larger, and
/// a docked choice of three rows of buttons outgrew its strip and covered the table (the
/// layout audit's faults at text 2.0).
pub const MIN_POINTS_WIDE: f32 = 425.0;
pub const MIN_POINTS_TALL: f32 = 425.0;

/// [`zoom_for`] a window `width` x `height`, capped by its size (see [`window_zoom`]): a
/// phone's screen cannot hold the largest text a TV can; a finger's button size still comes
/// first on a touch screen.
pub fn zoom_within(width: f32, height: f32, ui_scale: f32, touch: bool) -> f32 {
    let zoom = zoom_for(height, ui_scale, touch);
    let floor = if touch {
        TOUCH_TARGET / BUTTON_HEIGHT
    } else {
        0.0
    };
    let cap = (width / MIN_POINTS_WIDE).min(height / MIN_POINTS_TALL);
    zoom.min(cap.max(floor))
}

/// The zoom that keeps menus in proportion with the table (laid out for 1080 lines), times
/// the player's own "text and menu size"; on a touch screen never so small that a button is
/// under [`TOUCH_TARGET`] (a tablet or a phone held sideways).
pub fn zoom_for(window_height: f32, ui_scale: f32, touch: bool) -> f32 {
    let zoom = ui_scale * (window_height / 1080.0).clamp(0.55, 2.0);
    if touch {
        zoom.max(TOUCH_TARGET / BUTTON_HEIGHT)
    } else {
        zoom
    }
}

pub fn style_egui(
    mut contexts: EguiContexts,
    mut done: ResMut<EguiStyled>,
    settings: Res<Settings>,
    touch: Res<crate::nav::TouchScreen>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if !done.0 {
        done.0 = true;
        ctx.add_plugin(settle::SettleAreas::default());
        let mut fonts = egui::FontDefinitions::empty();
        fonts.font_data.insert(
            "lato".into(),
            Arc::new(egui::FontData::from_static(theme::TEXT_FONT)),
        );
        fonts.font_data.insert(
            "vollkorn".into(),
            Arc::new(egui::FontData::from_static(theme::DISPLAY_FONT)),
        );
        fonts.font_data.insert(
            "suits".into(),
            Arc::new(egui::FontData::from_static(theme::SUIT_FONT)),
        );
        fonts.families.insert(
            FontFamily::Proportional,
            vec!["lato".into(), "suits".into()],
        );
        fonts
            .families
            .insert(FontFamily::Monospace, vec!["lato".into(), "suits".into()]);
        fonts.families.insert(
            display(),
            vec!["vollkorn".into(), "lato".into(), "suits".into()],
        );
        ctx.set_fonts(fonts);
        let mut visuals = egui::Visuals::dark();
        visuals.window_fill = PANEL;
        visuals.panel_fill = PANEL;
        visuals.window_stroke = Stroke::new(2.0, GOLD.gamma_multiply(0.6));
        visuals.window_corner_radius = 14.0.into();
        visuals.override_text_color = Some(CREAM);
        visuals.selection.bg_fill = Color32::from_rgb(120, 84, 20);
        ctx.set_visuals(visuals);
        ctx.global_style_mut(|s| {
            s.spacing.item_spacing = egui::vec2(10.0, 10.0);
            s.spacing.button_padding = egui::vec2(16.0, 8.0);
            s.text_styles
                .insert(egui::TextStyle::Body, FontId::proportional(SMALL));
            s.text_styles
                .insert(egui::TextStyle::Button, FontId::proportional(24.0));
            s.text_styles
                .insert(egui::TextStyle::Heading, FontId::new(34.0, display()));
        });
    }
    if touch.0 && ctx.global_style().spacing.interact_size.y < BUTTON_HEIGHT {
        ctx.global_style_mut(finger_sized);
    }
    // What the menus' widgets ask (see `by_touch`): written only when it changes.
    if by_touch(ctx) != touch.0 {
        ctx.data_mut(|d| d.insert_temp(egui::Id::new(TOUCH), touch.0));
    }
    let Ok(window) = windows.single() else {
        return Ok(());
    };
    let zoom = window_zoom(window, settings.ui_scale, touch.0);
    if (ctx.zoom_factor() - zoom).abs() > 1e-3 {
        ctx.set_zoom_factor(zoom);
        // In the page's own pixels (CSS pixels in a browser), whatever its pixel density.
        let r = css_per_logical(window);
        info!(
            "menus: zoom {:.2} for a window {:.0} px tall{}, buttons {:.0} px tall",
            zoom * r,
            window.height() * r,
            if touch.0 { " (touch)" } else { "" },
            BUTTON_HEIGHT * zoom * r
        );
    }
    Ok(())
}

/// Where the egui context keeps whether people play by touch.
const TOUCH: &str = "played by touch";

/// Whether people play by touch (the web page on a phone): no keys to explain.
pub fn by_touch(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp(egui::Id::new(TOUCH)))
        .unwrap_or(false)
}

/// A labelled value row that Left/Right changes: "< value >" with clickable arrows.
/// Returns -1, 0 or +1 for a click on the arrows, and the row's response (to scroll to it).
pub fn stepper_row(
    ui: &mut egui::Ui,
    label: &str,
    value: &str,
    focused: bool,
) -> (i32, egui::Response) {
    stepper_row_sized(ui, label, value, focused, 0.0)
}

/// [`stepper_row`] with its value centred in a slot `value_width` points wide (a column of
/// rows then has its arrows at the same x on every row).
pub fn stepper_row_sized(
    ui: &mut egui::Ui,
    label: &str,
    value: &str,
    focused: bool,
    value_width: f32,
) -> (i32, egui::Response) {
    stepper(ui, (label, value), focused, value_width, (560.0, false))
}

/// A stepper row `min_width` points wide at least, its label above the arrows when
/// `stacked` (see [`stacked_arrows`]).
fn stepper(
    ui: &mut egui::Ui,
    (label, value): (&str, &str),
    focused: bool,
    value_width: f32,
    (min_width, stacked): (f32, bool),
) -> (i32, egui::Response) {
    let mut delta = 0;
    let r = focus_frame(focused).show(ui, |ui| {
        ui.set_min_width(min_width);
        if stacked {
            delta = stacked_arrows(ui, label, value);
            return;
        }
        // A row of fixed height (finger-sized buttons make it taller), so every item centres
        // on the same line.
        let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y.max(44.0));
        ui.allocate_ui_with_layout(
            size,
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                ui.label(RichText::new(label).size(24.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button(RichText::new("  >  ").size(24.0)).clicked() {
                        delta = 1;
                    }
                    let value = egui::Label::new(RichText::new(value).size(24.0).color(GOLD));
                    if value_width > 0.0 {
                        ui.add_sized([value_width, 30.0], value);
                    } else {
                        ui.add(value);
                    }
                    if ui.button(RichText::new("  <  ").size(24.0)).clicked() {
                        delta = -1;
                    }
                });
            },
        );
    });
    (delta, r.response)
}

/// A stepper row's label on a line of its own, then "<" and ">" as narrow as a finger's
/// button at either end of the next with the value between them (wrapped where it is long).
/// -1, 0 or +1 for a click on the arrows.
fn stacked_arrows(ui: &mut egui::Ui, label: &str, value: &str) -> i32 {
    let mut delta = 0;
    ui.add(egui::Label::new(RichText::new(label).size(24.0)).wrap_mode(egui::TextWrapMode::Wrap));
    let arrow = |text: &str| {
        egui::Button::new(RichText::new(text).size(24.0)).min_size(egui::vec2(BUTTON_HEIGHT, 0.0))
    };
    let gap = ui.spacing().item_spacing.x;
    let text = widest(ui, &[" < ".to_string(), " > ".to_string()], 24.0);
    let arrow_w = (text + 2.0 * ui.spacing().button_padding.x).max(BUTTON_HEIGHT);
    // (Never negative: a window's first, measuring frame may have less room than that.)
    let slot = (ui.available_width() - 2.0 * (arrow_w + gap)).max(BUTTON_HEIGHT);
    ui.horizontal(|ui| {
        if ui.add(arrow(" < ")).clicked() {
            delta = -1;
        }
        let value = egui::Label::new(RichText::new(value).size(24.0).color(GOLD))
            .wrap_mode(egui::TextWrapMode::Wrap);
        ui.add_sized([slot, 30.0], value);
        if ui.add(arrow(" > ")).clicked() {
            delta = 1;
        }
    });
    delta
}

/// A compact "< value >" stepper for a row of several (a seat's kind and colour).
pub fn mini_stepper(ui: &mut egui::Ui, value: &str, focused: bool) -> (i32, egui::Response) {
    mini_stepper_sized(ui, value, focused, 150.0)
}

/// The width the widest of `labels` takes at `size` points (a stepper sized by it shows
/// every value whole, its arrows at the same place on every row).
pub fn widest(ui: &egui::Ui, labels: &[String], size: f32) -> f32 {
    labels
        .iter()
        .map(|l| {
            ui.painter()
                .layout_no_wrap(l.clone(), egui::FontId::proportional(size), GOLD)
                .size()
                .x
        })
        .fold(0.0, f32::max)
        .ceil()
        + 4.0
}

/// [`mini_stepper`] with its value `value_width` points wide (narrower on a phone).
pub fn mini_stepper_sized(
    ui: &mut egui::Ui,
    value: &str,
    focused: bool,
    value_width: f32,
) -> (i32, egui::Response) {
    let mut delta = 0;
    let r = focus_frame(focused).show(ui, |ui| {
        let size = egui::vec2(
            mini_stepper_inner(ui, value_width),
            ui.spacing().interact_size.y.max(40.0),
        );
        // The arrows as wide as `mini_stepper_width` reckons them: a line of steppers ends
        // where it was measured to.
        let arrow = |ui: &mut egui::Ui, text: &str| {
            let b = egui::Button::new(RichText::new(text).size(SMALL))
                .min_size(egui::vec2(mini_arrow_width(ui), 0.0));
            ui.add(b).clicked()
        };
        ui.allocate_ui_with_layout(
            size,
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                if arrow(ui, " < ") {
                    delta = -1;
                }
                ui.add_sized(
                    [value_width, 30.0],
                    egui::Label::new(RichText::new(value).size(SMALL).color(GOLD)).truncate(),
                );
                if arrow(ui, " > ") {
                    delta = 1;
                }
            },
        );
    });
    (delta, r.response)
}

/// A name shown as a text field (the screen's logic does the typing); click to focus it.
pub fn name_field(ui: &mut egui::Ui, text: &str, focused: bool) -> egui::Response {
    name_field_sized(ui, text, focused, 190.0)
}

/// [`name_field`] `width` points wide (narrower on a phone).
pub fn name_field_sized(
    ui: &mut egui::Ui,
    text: &str,
    focused: bool,
    width: f32,
) -> egui::Response {
    // The name's line in the middle of the field: the margins share what the line leaves of
    // the box's 30 points (a label added in a box of its own sat at the box's top).
    let line = ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(24.0)));
    let pad = ((30.0 - line) / 2.0).round().max(0.0) as i8;
    // A thinner line unfocused, its difference given to the margin: the field keeps its size.
    let stroke = if focused { FOCUS_STROKE } else { 1.0 };
    let grow = (FOCUS_STROKE - stroke) as i8;
    let (x, y) = (10 + grow, 6 + pad + grow);
    let r = egui::Frame::new()
        .fill(if focused {
            Color32::from_rgb(60, 48, 22)
        } else {
            Color32::from_rgb(14, 20, 18)
        })
        .stroke(Stroke::new(
            stroke,
            GOLD.gamma_multiply(if focused { 1.0 } else { 0.4 }),
        ))
        .corner_radius(8.0)
        .inner_margin(egui::Margin {
            left: x,
            right: x,
            top: y,
            bottom: y,
        })
        .show(ui, |ui| {
            ui.set_width(width);
            ui.vertical_centered(|ui| {
                ui.add(egui::Label::new(RichText::new(text).size(24.0).color(CREAM)).truncate());
            });
        });
    r.response.interact(egui::Sense::click())
}

/// The height a [`name_field_sized`] takes: a row beside it is centred on this.
pub const NAME_FIELD_HEIGHT: f32 = 30.0 + 2.0 * (6.0 + FOCUS_STROKE);

fn focus_frame(focused: bool) -> egui::Frame {
    // A thinner line unfocused, its difference given to the margin: the frame keeps its size
    // as the focus comes and goes (else the row it stands in shifts by 4 points).
    let stroke = if focused { FOCUS_STROKE } else { 1.0 };
    let grow = (FOCUS_STROKE - stroke) as i8;
    egui::Frame::new()
        .fill(if focused {
            Color32::from_rgb(70, 54, 20)
        } else {
            Color32::from_rgb(32, 42, 38)
        })
        .stroke(Stroke::new(
            stroke,
            GOLD.gamma_multiply(if focused { 1.0 } else { 0.25 }),
        ))
        .corner_radius(10.0)
        .inner_margin(egui::Margin::symmetric(14 + grow, 6 + grow))
}

/// The focus ring's line: the widest a framed control draws.
const FOCUS_STROKE: f32 = 3.0;

pub fn heading(ui: &mut egui::Ui, text: &str) {
    // Wrapped where the window is narrower than the words (a phone held upright).
    ui.add(
        egui::Label::new(
            RichText::new(text)
                .font(FontId::new(44.0, display()))
                .color(GOLD),
        )
        .wrap(),
    );
}

// Fitting a menu to the screen: scroll areas of whole rows, keys lines, rows of buttons.
mod buttons;
pub use buttons::*;
mod fit;
pub use fit::*;
// How far a reading panel is scrolled: one rule for How to play, the credits, the statistics.
mod reading;
pub use reading::ReadingScroll;
mod settle;
// The seat question of both rooms of remote seats (a phone's claim, a friend's ask).
mod ask;
pub use ask::{Ask, Asked, seat_question};
mod room;
pub use room::{Line, Room, WayIn, room_panel};

/// A centred window without a title bar.
pub fn panel(title: &str) -> egui::Window<'_> {
    egui::Window::new(title)
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
}

/// Seat colour `color` (a seat's index into [`theme::SEAT_COLORS`]) as the menus draw it.
pub fn seat_color(color: usize) -> egui::Color32 {
    let c = theme::SEAT_COLORS[color % theme::SEAT_COLORS.len()].0;
    egui::Color32::from_rgb(c[0], c[1], c[2])
}

/// The width a centred panel's contents may take on `screen`: `most`, or what the screen leaves
/// beside the panel's frame where that is less (the largest text on a small window, a phone
/// held upright). One rule for every panel: a width of a panel's own once cut its words on a
/// narrow window (`tools/one_rule.py` holds the app to it).
pub fn panel_width(screen: egui::Rect, most: f32) -> f32 {
    (screen.width() - 80.0).min(most)
}

/// A centred panel that text is read in (how to play, statistics, the Watch list): opaque,
/// so nothing busy shows through.
pub(crate) fn reading_panel<'a>(ctx: &egui::Context, name: &'a str) -> egui::Window<'a> {
    panel(name)
        .frame(egui::Frame::window(&ctx.global_style()).fill(egui::Color32::from_rgb(18, 24, 22)))
}

/// Darkens everything under a menu; `alpha` 255 hides it completely.
pub(crate) fn dim(ctx: &egui::Context, alpha: u8) {
    let screen = ctx.content_rect();
    // Under every window (windows share the middle layer and may sort either way).
    ctx.layer_painter(egui::LayerId::new(egui::Order::Background, "dim".into()))
        .rect_filled(screen, 0.0, egui::Color32::from_black_alpha(alpha));
}

#[cfg(test)]
mod tests {
    #[test]
    fn menus_scale_with_the_window() {
        assert_eq!(super::zoom_for(1080.0, 1.25, false), 1.25);
        assert!((super::zoom_for(720.0, 1.5, false) - 1.0).abs() < 1e-6);
        assert_eq!(super::zoom_for(100.0, 1.0, false), 0.55);
    }

    #[test]
    fn touch_buttons_keep_a_fingers_size() {
        use super::{BUTTON_HEIGHT, TOUCH_TARGET, zoom_for};
        // A phone held sideways (390 CSS px tall), a tablet (768), at the smallest menu size.
        for h in [390.0, 768.0, 820.0] {
            for scale in [0.8, 1.0] {
                assert!(BUTTON_HEIGHT * zoom_for(h, scale, true) >= TOUCH_TARGET - 1e-3);
                // Without touch the menus keep their proportions (smaller than a finger).
                assert!(BUTTON_HEIGHT * zoom_for(h, scale, false) < TOUCH_TARGET);
            }
        }
        // A big screen is never made smaller by touch.
        assert_eq!(zoom_for(2160.0, 1.0, true), 2.0);
        // A phone held upright (390 CSS px across) at the largest text: 425 points across
        // at most, and never under a finger's button.
        let upright = super::zoom_within(390.0, 844.0, 2.0, true);
        assert!(
            (upright - 390.0 / super::MIN_POINTS_WIDE).abs() < 1e-6,
            "{upright}"
        );
        assert!(BUTTON_HEIGHT * upright >= TOUCH_TARGET - 1e-3);
        // Every desktop and TV window keeps the height's zoom at every text size: 28 px text
        // at 1080p at the default size is the sofa's.
        for (w, h) in [(1280.0, 720.0), (1920.0, 1080.0), (3840.0, 2160.0)] {
            for scale in [1.0, 1.25, 1.5, 2.0] {
                assert_eq!(
                    super::zoom_within(w, h, scale, false),
                    zoom_for(h, scale, false)
                );
            }
        }
        assert_eq!(super::SMALL * zoom_for(1080.0, 1.25, false), 28.75);
    }

    #[test]
    fn touch_style_makes_every_button_finger_sized() {
        use super::{BUTTON_HEIGHT, finger_sized, mini_stepper};
        use bevy_egui::egui;
        // The new-game screen's compact stepper has the smallest buttons: lay it out with the
        // plain style and with the touch style.
        let heights = |touch: bool| {
            let ctx = egui::Context::default();
            if touch {
                ctx.global_style_mut(finger_sized);
            }
            let (mut arrow, mut row) = (0.0, 0.0);
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                row = mini_stepper(ui, "Normal bot", false).1.rect.height();
                // The same kind of button as its arrows.
                let b = egui::Button::new(egui::RichText::new(" < ").size(22.0));
                arrow = ui.add(b).rect.height();
            });
            // No painter here: the font atlas egui made is dropped on purpose.
            out.textures_delta.clear();
            (arrow, row)
        };
        let (plain_arrow, plain_row) = heights(false);
        let (touch_arrow, touch_row) = heights(true);
        assert!(plain_arrow < BUTTON_HEIGHT, "plain arrows {plain_arrow}");
        assert!(touch_arrow >= BUTTON_HEIGHT, "touch arrows {touch_arrow}");
        assert!(touch_row >= BUTTON_HEIGHT && touch_row > plain_row);
    }

    /// A line of steppers is measured before it is drawn (New game's seat lines fill the
    /// form's width by it): a stepper is drawn exactly as wide as `mini_stepper_width` says,
    /// with the plain style and the touch style, at any value width.
    #[test]
    fn a_mini_stepper_is_drawn_as_wide_as_it_is_reckoned() {
        use super::{finger_sized, mini_stepper_sized, mini_stepper_width};
        use bevy_egui::egui;
        for touch in [false, true] {
            let ctx = egui::Context::default();
            if touch {
                ctx.global_style_mut(finger_sized);
            }
            let mut seen = Vec::new();
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                for (value, w) in [("Red", 92.0), ("Normal bot", 150.0), ("Bot difícil", 210.0)] {
                    let drawn = mini_stepper_sized(ui, value, false, w).1.rect.width();
                    seen.push((drawn, mini_stepper_width(ui, w)));
                }
            });
            out.textures_delta.clear();
            for (drawn, reckoned) in seen {
                assert!(
                    (drawn - reckoned).abs() < 0.5,
                    "touch {touch}: drawn {drawn}, reckoned {reckoned}"
                );
            }
        }
    }

    #[test]
    fn colours_are_opaque_where_text_sits() {
        assert_eq!(super::CREAM.a(), 255);
        assert_eq!(super::GOLD.a(), 255);
    }
}
