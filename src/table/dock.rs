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
pub struct Dock {
    /// The tallest panel reported since the last reset.
    pub want: f32,
    /// The strip as laid out now (eases toward `want`).
    pub shown: f32,
    /// The window size and text size `want` was measured for.
    key: (u32, u32, u32, bool),
}

impl Dock {
    /// A panel drawn this frame was `height` logical pixels tall.
    pub fn report(&mut self, height: f32) {
        if height > self.want {
            self.want = height;
        }
    }
}

/// Space between a docked panel and the window's edge, in egui points.
pub const MARGIN: f32 = 8.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<Dock>();
    app.add_systems(OnEnter(Screen::Table), |mut d: ResMut<Dock>| d.want = 0.0);
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
pub fn fit(w: f32, h: f32, strip: f32) -> (f32, f32) {
    fit_safe(w, h, strip, 0.0)
}

/// [`fit`] within a safe area: a margin of `margin` (a fraction of the window's size) kept
/// clear at every edge (TV overscan); the strip sits on the bottom margin.
pub fn fit_safe(w: f32, h: f32, strip: f32, margin: f32) -> (f32, f32) {
    let (w, h) = (w * (1.0 - 2.0 * margin), h * (1.0 - 2.0 * margin));
    let k = (w / crate::state::VIEW.x).min((h - strip).max(1.0) / crate::state::VIEW.y);
    (k, -(strip / 2.0) / k)
}

/// Keeps egui's panels inside the safe area (the same margin as the table's).
pub fn safe_area_for_egui(settings: Res<Settings>, mut inputs: Query<&mut bevy_egui::EguiInput>) {
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
    mut dock: ResMut<Dock>,
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
    let zoom = crate::ui::window_zoom(window, settings.ui_scale, touch.0);
    let target = if *screen.get() == Screen::Table {
        dock.want.max(44.0 * zoom).min(h * 0.45)
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
    let (k, y) = fit_safe(w, h, shown, settings.safe_fraction());
    for (mut proj, mut tf) in &mut cams {
        if let Projection::Orthographic(o) = &mut *proj {
            let scale = 1.0 / k;
            if !matches!(o.scaling_mode, ScalingMode::WindowSize) || (o.scale - scale).abs() > 1e-6
            {
                o.scaling_mode = ScalingMode::WindowSize;
                o.scale = scale;
            }
        }
        if (tf.translation.y - y).abs() > 1e-3 {
            tf.translation.y = y;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fit;

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
