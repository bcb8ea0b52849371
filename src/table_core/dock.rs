//! The dock: a strip along the bottom of the window where a person's choice panel (and the
//! "X is thinking..." line) sits, with the table laid out above it. The panel never covers
//! what the choice is about: the camera fits the whole virtual table (1920x1080) into the
//! window less the strip. The strip is as tall as the tallest panel of the match so far, so
//! the table does not jump from turn to turn; it is measured again when the window or the text
//! size changes.

use crate::settings::Settings;
use crate::state::Screen;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The strip reserved at the bottom of the window, in logical pixels.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub(crate) struct Dock {
    /// The tallest panel reported since the last reset.
    pub want: f32,
    /// The window is short (a phone held sideways, see [`is_short`]): panels keep to a
    /// finger's needs (no keys line, no room kept for advice not yet given).
    pub short: bool,
    /// People play by touch: no keys to explain under a panel.
    pub touch: bool,
    /// The panel keeps to one row (the question leads the buttons, no keys line, no room
    /// kept for advice not yet given): on a short window, and wherever the text is so large
    /// for the window that a full panel would squeeze the table (see [`is_compact`]).
    pub compact: bool,
    /// The strip as laid out now (eases toward `want`).
    pub shown: f32,
    /// The most the strip may take now (the window and the lines over the table allowing):
    /// a panel taller than this is covered at its top, or scrolls its words (a guided game's
    /// caption).
    pub most: f32,
    /// The bottom of the lines over the table (an online table's banner, today's deal's
    /// tag), in egui points: the table is laid out below them, so they cover no plaque or
    /// card. Settled once a frame from what the lines reported (see [`super::top_line`]).
    pub top_line: f32,
    /// The lowest bottom the lines over the table reported this frame.
    pub(crate) top_now: f32,
    /// What the top corners hold, left and right (Look closer / Whole table; the Log
    /// button), as last drawn: a line over the table keeps between them, and the closer look
    /// frames below the left one. Zero before they are drawn (a touch screen's are taller,
    /// finger-sized).
    pub corners: [Corner; 2],
    /// The window size and text size `want` was measured for.
    key: (u32, u32, u32, bool),
    /// The game whose panels `want` was measured for.
    game: Option<&'static str>,
    /// The tallest panel reported this frame, and the frame before: `want` takes a height
    /// only once two frames running reached it (see [`Dock::settle`]).
    now: f32,
    before: f32,
}

impl Dock {
    /// A table of `game` was entered (a new deal, Continue, an undo, a language change): the
    /// strip measured for the same game, window and text size stays, so the table is laid
    /// out as it was (it grew by a tenth when the strip was measured again from nothing).
    pub(crate) fn entered(&mut self, game: &'static str) {
        if self.game != Some(game) {
            self.game = Some(game);
            self.want = 0.0;
        }
    }

    /// A panel drawn this frame was `height` logical pixels tall.
    pub(crate) fn report(&mut self, height: f32) {
        self.now = self.now.max(height);
    }

    /// Once a frame: the strip grows to the tallest panel two frames running reached. A
    /// panel laid out once at a passing size (its row centred by the last panel's width, a
    /// pass egui draws again) is not kept: `want` never shrinks within a game, and such a
    /// frame left Mýkonos's strip at 45% of a 720p window for the rest of the evening (the
    /// own hand 61 px instead of 92).
    ///
    /// Returns whether a taller panel waits for its second frame (the app must draw one: a
    /// table at rest would otherwise leave the panel over it).
    pub(crate) fn settle(&mut self) -> bool {
        let steady = self.now.min(self.before);
        if steady > self.want {
            self.want = steady;
        }
        self.before = std::mem::take(&mut self.now);
        self.before > self.want
    }
}

/// What stands in a top corner of the window, in egui points: its width from the safe area's
/// side, its bottom from the window's top.
#[derive(Default, Debug, Clone, Copy, PartialEq)]
pub struct Corner {
    pub width: f32,
    pub bottom: f32,
}

impl Corner {
    /// Keeps what `rect` takes in corner `side` (0 left, 1 right) of `screen`, written only
    /// when it moved (a table at rest draws nothing).
    pub(crate) fn keep(
        dock: &mut ResMut<Dock>,
        side: usize,
        rect: bevy_egui::egui::Rect,
        screen: bevy_egui::egui::Rect,
    ) {
        let width = if side == 0 {
            rect.right() - screen.left()
        } else {
            screen.right() - rect.left()
        };
        let now = Corner {
            width,
            bottom: rect.bottom(),
        };
        let old = dock.corners[side];
        if (old.width - now.width).abs() > 0.5 || (old.bottom - now.bottom).abs() > 0.5 {
            dock.corners[side] = now;
        }
    }
}

/// Space between a docked panel and the window's edge, in egui points.
pub(crate) const MARGIN: f32 = 8.0;

/// A window under this many of the page's own (CSS) pixels tall is short (a phone held
/// sideways): the dock keeps only what a finger needs, and the table offers a closer look at
/// the person's own corner (see [`Closeup`]).
pub(crate) const SHORT_SCREEN: f32 = 560.0;

/// Under this many of egui's points tall (the window's height over the menus' zoom) a full
/// choice panel would take more than a quarter of the window: the panel keeps to one row.
/// With the zoom in proportion to the window, that is a text size over 1.74 at any size.
pub(crate) const COMPACT_POINTS: f32 = 620.0;

/// Whether the choice panel keeps to one row on a window `height` logical pixels tall drawn
/// at `zoom` (see [`COMPACT_POINTS`]), or one that is short.
pub(crate) fn is_compact(short: bool, height: f32, zoom: f32) -> bool {
    short || height / zoom.max(0.01) < COMPACT_POINTS
}

/// Whether a window `css_height` page pixels tall is short (see [`SHORT_SCREEN`]).
pub(crate) fn is_short(css_height: f32) -> bool {
    css_height < SHORT_SCREEN
}

/// A closer look at the table: the camera eases from the whole table onto `area` (the corner
/// of the person to act, or the first person's: their hand and what they hold) and back. On a
/// phone held sideways the whole 16:9 table is small; this is how its own cards read at least
/// as large as on a 720p desktop. A player's choice, kept for the run (V, or the corner button
/// on a short screen).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct Closeup {
    /// Whether the player asked for the closer look.
    pub on: bool,
    /// The part of the virtual table the closer look frames (set by each game's table while a
    /// match is on it; `None` elsewhere).
    pub area: Option<Rect>,
    /// How far the camera has eased toward the area (0 = the whole table, 1 = the area).
    pub t: f32,
}

impl Closeup {
    /// Where the camera is headed: 1 for the area, 0 for the whole table.
    pub fn target(&self) -> f32 {
        if self.on && self.area.is_some() {
            1.0
        } else {
            0.0
        }
    }
}

/// A game's table view that knows each seat's corner (see [`Closeup`]), for its game `G`.
pub(crate) trait OwnArea<G>: Resource {
    /// Seat `seat`'s corner of the virtual table, once the table is laid out.
    fn own_area(&self, seat: usize) -> Option<Rect>;
    /// What the closer look frames for `seat` in `game` now: its own corner, unless the
    /// decision it faces is about cards elsewhere (Goblin Market's take-one: the cards won).
    fn area_now(&self, seat: usize, _game: &G) -> Option<Rect> {
        self.own_area(seat)
    }
}

/// Keeps the closer look on the corner of the seat in focus (see [`seat_in_focus`]); a game's
/// table adds it for its view `V`.
pub(crate) fn frame_closeup<G: crate::table_core::TableGame, V: OwnArea<G>>(
    m: Res<crate::table_core::Match<G>>,
    view: Res<V>,
    closeup: ResMut<Closeup>,
) {
    let area = seat_in_focus(&m).and_then(|s| view.area_now(s, &m.game));
    // Only a new area marks the resource changed (the table at rest draws nothing).
    closeup.map_unchanged(|c| &mut c.area).set_if_neq(area);
}

/// Tells the dock which game's table was entered (see [`Dock::entered`]).
fn enter_dock<G: crate::table_core::TableGame>(dock: Option<ResMut<Dock>>) {
    if let Some(mut d) = dock {
        d.entered(std::any::type_name::<G>());
    }
}

/// Adds [`frame_closeup`] for game `G` and its view `V`.
pub(crate) fn register_closeup<G: crate::table_core::TableGame, V: OwnArea<G>>(app: &mut App) {
    app.add_systems(
        Update,
        frame_closeup::<G, V>
            .run_if(crate::table_core::playing::<G>.and_then(in_state(Screen::Table))),
    );
    app.add_systems(
        OnEnter(Screen::Table),
        enter_dock::<G>.run_if(crate::table_core::playing::<G>),
    );
}

/// The seat a closer look follows: the person to act now, or else the table's first person.
pub(crate) fn seat_in_focus<G: crate::table_core::TableGame>(
    m: &crate::table_core::Match<G>,
) -> Option<usize> {
    m.game
        .current_player()
        .filter(|&s| m.seats.get(s).is_some_and(|x| x.is_person()))
        .or_else(|| m.seats.iter().position(|x| x.is_person()))
}

/// What a table needs with or without a window: the closer look's state.
pub fn core(app: &mut App) {
    app.init_resource::<Closeup>();
    app.add_systems(OnExit(Screen::Table), |mut c: ResMut<Closeup>| {
        c.area = None;
        c.t = 0.0;
    });
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Dock>();
    app.add_systems(PostUpdate, fit_camera);
    app.add_systems(
        PreUpdate,
        safe_area_for_egui
            .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
            .before(bevy_egui::EguiPreUpdateSet::BeginPass),
    );
}

/// The scale that fits the virtual table into `w` x `h` less a bottom strip, and the camera's
/// height that puts the table's centre in the middle of what is left.
#[cfg(test)]
pub(crate) fn fit(w: f32, h: f32, strip: f32) -> (f32, f32) {
    fit_safe(w, h, strip, 0.0)
}

/// [`fit`] within a safe area: a margin of `margin` (a fraction of the window's size) kept
/// clear at every edge (TV overscan); the strip sits on the bottom margin.
pub(crate) fn fit_safe(w: f32, h: f32, strip: f32, margin: f32) -> (f32, f32) {
    let (w, h) = (w * (1.0 - 2.0 * margin), h * (1.0 - 2.0 * margin));
    let k = (w / crate::state::VIEW.x).min((h - strip).max(1.0) / crate::state::VIEW.y);
    (k, -(strip / 2.0) / k)
}

/// The scale and camera centre that frame `area` of the virtual table in `w` x `h` less a
/// bottom strip and the safe margin, the area's centre in the middle of what is left.
/// `top` pixels are kept clear under the top edge (the corner buttons).
pub(crate) fn fit_area(
    w: f32,
    h: f32,
    (strip, top): (f32, f32),
    margin: f32,
    area: Rect,
) -> (f32, Vec2) {
    let (w, h) = (w * (1.0 - 2.0 * margin), h * (1.0 - 2.0 * margin));
    let size = area.size().max(Vec2::ONE);
    let k = (w / size.x).min((h - strip - top).max(1.0) / size.y);
    let c = area.center();
    (k, Vec2::new(c.x, c.y - ((strip - top) / 2.0) / k))
}

/// The camera between the whole table (`t` = 0) and the closer look (1): its scale and centre.
pub(crate) fn blend(
    w: f32,
    h: f32,
    (strip, top): (f32, f32),
    margin: f32,
    closeup: &Closeup,
) -> (f32, Vec2) {
    let (k0, y0) = fit_safe(w, h, strip, margin);
    let Some(area) = closeup.area.filter(|_| closeup.t > 0.0) else {
        return (k0, Vec2::new(0.0, y0));
    };
    let (k1, c1) = fit_area(w, h, (strip, top), margin, area);
    let t = closeup.t * closeup.t * (3.0 - 2.0 * closeup.t);
    (k0 + (k1 - k0) * t, Vec2::new(0.0, y0).lerp(c1, t))
}

/// Keeps egui's panels inside the safe area (the same margin as the table's).
pub(crate) fn safe_area_for_egui(
    settings: Res<Settings>,
    mut inputs: Query<&mut bevy_egui::EguiInput>,
) {
    let f = settings.safe_fraction();
    for mut input in &mut inputs {
        let Some(rect) = input.screen_rect else {
            continue;
        };
        let (x, y) = (rect.width() * f, rect.height() * f);
        input.safe_area_insets = Some(bevy_egui::egui::SafeAreaInsets(
            bevy_egui::egui::epaint::MarginF32 {
                left: x,
                right: x,
                top: y,
                bottom: y,
            },
        ));
    }
}

fn fit_camera(
    (time, mut pace): (Res<Time>, ResMut<crate::pace::Pace>),
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    touch: Res<crate::nav::TouchScreen>,
    (mut dock, mut closeup): (ResMut<Dock>, ResMut<Closeup>),
    windows: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let (w, h) = (window.width(), window.height());
    let key = (
        w as u32,
        h as u32,
        (settings.ui_scale * 100.0) as u32,
        touch.0,
    );
    if dock.key != key {
        dock.key = key;
        dock.want = 0.0;
    }
    {
        // (Written unseen: only a new height marks the dock changed.)
        let d = dock.bypass_change_detection();
        let want = d.want;
        if d.settle() {
            pace.stir();
        }
        if d.want != want {
            dock.set_changed();
        }
    }
    let short = is_short(h * crate::ui::css_per_logical(window));
    let zoom = crate::ui::window_zoom(window, settings.ui_scale, touch.0);
    let compact = is_compact(short, h, zoom);
    if (dock.short, dock.touch, dock.compact) != (short, touch.0, compact) {
        (dock.short, dock.touch, dock.compact) = (short, touch.0, compact);
    }
    // The strip takes at most 45% of the window (65% upright), or all the table does not need where the
    // window is taller than the table at its full width (a phone held upright: a panel whose
    // question and buttons wrap onto several rows keeps clear of the table), below the lines
    // over the table and the corner buttons' band.
    let inside = 1.0 - 2.0 * settings.safe_fraction();
    let full_table = w * inside * crate::state::VIEW.y / crate::state::VIEW.x;
    let band = dock.corners[0].bottom.max(dock.corners[1].bottom) * zoom;
    let spare = h * inside - full_table - (dock.top_line * zoom).max(band);
    // (Upright, the table may shrink for a panel taller still: never covered by it.)
    let most = if h > w { 0.65 } else { 0.45 };
    let most = (h * most).max(spare);
    if dock.most != most {
        dock.most = most;
    }
    let target = if *screen.get() == Screen::Table {
        dock.want.max(44.0 * zoom).min(most)
    } else {
        0.0
    };
    let step = (time.delta_secs() * 8.0).min(1.0);
    let shown = if (dock.shown - target).abs() < 0.5 {
        target
    } else {
        dock.shown + (target - dock.shown) * step
    };
    if dock.shown != shown {
        dock.shown = shown;
    }
    if shown != target {
        pace.stir();
    }
    let aim = if *screen.get() == Screen::Table {
        closeup.target()
    } else {
        0.0
    };
    let moving = closeup.t != aim;
    if moving {
        let t = closeup.t + (aim - closeup.t).signum() * (time.delta_secs() * 3.0).min(1.0);
        closeup.t = t.clamp(0.0, 1.0);
        pace.stir();
    }
    // The closer look stays under the corner buttons: its Whole table button shows on every
    // screen while the look is on (see `closeup::corner_button`).
    let top = (dock.corners[0].bottom.max(44.0) + MARGIN) * zoom;
    // An online table's banner keeps its line: the table is framed in the window below it.
    let line = if *screen.get() == Screen::Table {
        // Below the corner buttons too where the window has the room (the table keeps its
        // full width), and always upright: their band is then empty felt, not the top seats'
        // plaques.
        let line = dock.top_line * zoom;
        if h > w || h * inside - shown - line.max(band) >= full_table {
            line.max(band)
        } else {
            line
        }
    } else {
        0.0
    };
    let (k, mut at) = blend(
        w,
        h - line,
        (shown, top),
        settings.safe_fraction(),
        &closeup,
    );
    at.y += (line / 2.0) / k;
    if moving && closeup.t == aim {
        // In the page's own pixels per unit of the 1080-line table (web/smoke.sh reads it).
        let css = crate::ui::css_per_logical(window);
        let whole = fit_safe(w, h, shown, settings.safe_fraction()).0;
        info!(
            "closer look {}: table scale {:.3} (the whole table {:.3})",
            if aim == 1.0 { "on" } else { "off" },
            k * css,
            whole * css
        );
    }
    for (mut proj, mut tf) in &mut cams {
        if let Projection::Orthographic(o) = &mut *proj {
            let scale = 1.0 / k;
            if !matches!(o.scaling_mode, ScalingMode::WindowSize) || (o.scale - scale).abs() > 1e-6
            {
                o.scaling_mode = ScalingMode::WindowSize;
                o.scale = scale;
            }
        }
        if tf.translation.truncate().distance(at) > 1e-3 {
            tf.translation.x = at.x;
            tf.translation.y = at.y;
        }
    }
}

/// The sizes the closer look is held to (the layouts' tests use them): a card on a phone held
/// sideways, in the closer look, is at least as tall as on a 720p desktop window showing the
/// whole table.
#[cfg(test)]
pub mod figures {
    use super::{fit, fit_area};
    use bevy::prelude::*;

    /// A 720p desktop window's choice strip (108 px, measured on its screenshots).
    pub(crate) const DESK_STRIP: f32 = 108.0;
    /// A phone held sideways (844x390 CSS px, most phones), its strip with two rows of buttons
    /// at the touch zoom (130 px, the tallest seen), and the corner buttons' band (52 points
    /// at that zoom).
    pub(crate) const PHONE: Vec2 = Vec2::new(844.0, 390.0);
    pub(crate) const PHONE_STRIP: f32 = 130.0;
    pub(crate) const PHONE_TOP: f32 = 52.0 * 44.0 / 48.0;

    /// A compact choice panel's height in egui points (the question line and one row of
    /// buttons): 109 points measured on Goblin Market's 720p screenshot at the largest text,
    /// with the dock's two margins and some room.
    pub(crate) const COMPACT_PANEL: f32 = 130.0;

    /// The whole table's scale on a `w` x `h` window at the largest text size (a compact
    /// panel) and the widest TV margin.
    pub(crate) fn largest_text(w: f32, h: f32) -> f32 {
        let zoom = crate::ui::zoom_for(h, 2.0, false);
        let margin = f32::from(crate::settings::MAX_SAFE_AREA) / 100.0;
        super::fit_safe(w, h, COMPACT_PANEL * zoom, margin).0
    }

    /// The whole table's scale on a 720p desktop window.
    pub(crate) fn desk_720p() -> f32 {
        fit(1280.0, 720.0, DESK_STRIP).0
    }

    /// The scale of the closer look at `area` on the phone.
    pub(crate) fn phone_closeup(area: Rect) -> f32 {
        fit_area(PHONE.x, PHONE.y, (PHONE_STRIP, PHONE_TOP), 0.0, area).0
    }

    /// The whole table's scale on the phone.
    pub(crate) fn phone_whole() -> f32 {
        fit(PHONE.x, PHONE.y, PHONE_STRIP).0
    }
}

#[cfg(test)]
mod tests {
    use super::fit;

    /// Entering the same game's table again (Continue, an undo, a language change) keeps the
    /// strip measured for it; another game's measures its own.
    #[test]
    fn the_strip_stays_when_the_same_game_comes_back() {
        let mut d = super::Dock::default();
        d.entered("duchess");
        let frame = |d: &mut super::Dock, height: f32| {
            d.report(height);
            d.settle()
        };
        assert!(
            frame(&mut d, 180.0),
            "a taller panel asks for a second frame"
        );
        assert_eq!(d.want, 0.0, "one frame is not kept");
        assert!(!frame(&mut d, 180.0), "kept: no more frames asked");
        assert_eq!(d.want, 180.0, "two frames are");
        d.entered("duchess");
        assert_eq!(d.want, 180.0, "the same game: the same strip");
        frame(&mut d, 120.0);
        frame(&mut d, 120.0);
        assert_eq!(d.want, 180.0, "a shorter panel does not shrink it");
        frame(&mut d, 400.0);
        frame(&mut d, 120.0);
        assert_eq!(d.want, 180.0, "a frame's spike is not kept");
        d.entered("mykonos");
        assert_eq!(d.want, 0.0, "another game measures its own");
    }

    /// The largest text sizes keep the choice panel to one row (no keys line) at every window
    /// size, so the table keeps its room; the default size keeps the full panel on a desktop.
    #[test]
    fn large_text_makes_the_panel_compact() {
        for h in [720.0, 1080.0, 2160.0] {
            let zoom = |scale| crate::ui::zoom_for(h, scale, false);
            assert!(
                super::is_compact(false, h, zoom(2.0)),
                "{h} lines at the largest text"
            );
            assert!(super::is_compact(false, h, zoom(1.75)), "{h} lines at 1.75");
            assert!(
                !super::is_compact(false, h, zoom(1.25)),
                "{h} lines at the default"
            );
            assert!(!super::is_compact(false, h, zoom(1.5)), "{h} lines at 1.5");
            assert!(super::is_compact(true, h, zoom(1.0)), "a short window");
        }
    }

    #[test]
    fn the_table_fits_above_the_strip() {
        let (k, y) = fit(1920.0, 1080.0, 0.0);
        assert_eq!((k, y), (1.0, 0.0));
        // A 180 px strip at 1080p: the table shrinks to fit the 900 px above it and its centre
        // moves up by half the strip.
        let (k, y) = fit(1920.0, 1080.0, 180.0);
        assert!((k - 900.0 / 1080.0).abs() < 1e-6);
        assert!((y * k + 90.0).abs() < 1e-3);
        // The table's bottom edge sits exactly on the strip.
        let bottom_px = 1080.0 / 2.0 + (-540.0 - y) * k;
        assert!((bottom_px - 180.0).abs() < 1e-3, "{bottom_px}");
        // A wide window is limited by its height, a tall one by its width.
        assert_eq!(fit(3840.0, 1080.0, 0.0).0, 1.0);
        assert_eq!(fit(1920.0, 2160.0, 0.0).0, 1.0);
    }

    #[test]
    fn the_closer_look_frames_its_area_above_the_strip_and_under_the_buttons() {
        use super::{Closeup, blend, fit_area};
        use bevy::prelude::*;
        let area = Rect::new(-600.0, -500.0, 200.0, -200.0);
        // 844x390 less a 100 px strip and a 40 px band: 250 px for 300 units, 844 for 800.
        let (k, c) = fit_area(844.0, 390.0, (100.0, 40.0), 0.0, area);
        assert!((k - 250.0 / 300.0).abs() < 1e-6, "{k}");
        // The area's edges land on the band and on the strip.
        let to_px = |y: f32| 390.0 / 2.0 - (y - c.y) * k;
        assert!((to_px(area.max.y) - 40.0).abs() < 1e-3);
        assert!((to_px(area.min.y) - (390.0 - 100.0)).abs() < 1e-3);
        assert!((c.x - area.center().x).abs() < 1e-6);
        // Eased: nothing at t = 0, the area at t = 1, in between on the way.
        let mut closeup = Closeup {
            on: true,
            area: Some(area),
            t: 0.0,
        };
        let whole = blend(844.0, 390.0, (100.0, 40.0), 0.0, &closeup);
        assert_eq!(
            whole,
            (
                fit(844.0, 390.0, 100.0).0,
                Vec2::new(0.0, fit(844.0, 390.0, 100.0).1)
            )
        );
        closeup.t = 1.0;
        let near = blend(844.0, 390.0, (100.0, 40.0), 0.0, &closeup);
        assert!((near.0 - k).abs() < 1e-6 && near.1.distance(c) < 1e-3);
        closeup.t = 0.5;
        let half = blend(844.0, 390.0, (100.0, 40.0), 0.0, &closeup);
        assert!(half.0 > whole.0 && half.0 < near.0);
        // No area (a table of bots): the whole table whatever the player asked.
        closeup.area = None;
        assert_eq!(closeup.target(), 0.0);
    }

    #[test]
    fn a_phone_shows_the_whole_table_smaller_than_a_720p_window() {
        // Why the closer look exists: the whole 16:9 table on a phone held sideways is about
        // half its size on a 720p window.
        let (phone, desk) = (super::figures::phone_whole(), super::figures::desk_720p());
        assert!(phone < 0.6 * desk, "{phone} vs {desk}");
    }

    #[test]
    fn a_phone_held_sideways_is_short_and_a_720p_window_is_not() {
        assert!(super::is_short(390.0) && super::is_short(430.0));
        assert!(!super::is_short(720.0) && !super::is_short(768.0));
    }

    #[test]
    fn a_safe_area_keeps_the_table_off_the_edges() {
        use super::fit_safe;
        // 5% at 1080p: the table fits 90% of the height; with a strip, what is left of it.
        let (k, _) = fit_safe(1920.0, 1080.0, 0.0, 0.05);
        assert!((k - 0.9).abs() < 1e-6);
        let (k, y) = fit_safe(1920.0, 1080.0, 100.0, 0.05);
        assert!((k - (972.0 - 100.0) / 1080.0).abs() < 1e-6);
        // The table's bottom edge sits on the strip, above the bottom margin.
        let bottom_px = 1080.0 / 2.0 + (-540.0 - y) * k;
        assert!((bottom_px - (100.0 + 54.0)).abs() < 1e-3, "{bottom_px}");
    }
}
