//! Player settings: UI scale (for a TV across the room), animation speed, volumes. They apply
//! at once; on the desktop they are kept in a small RON file between runs.

use crate::anim::Speed;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Multiplies the size of every menu, panel and label (1.0 to 2.0).
    pub ui_scale: f32,
    /// Index into [`ANIM_SPEEDS`].
    pub anim_speed: usize,
    pub master_volume: f32,
    pub music_volume: f32,
    pub sfx_volume: f32,
    /// The language's tag ("es"); `None` until chosen: the first start follows the system's
    /// or browser's language.
    pub language: Option<String>,
    /// The window fills the screen (F11 / Alt+Enter, the setting or `--fullscreen`).
    pub fullscreen: bool,
    /// People may take back their decisions (off for strict play).
    pub undo: bool,
    /// A margin kept clear at every edge of the screen, in percent of its size, for TVs that
    /// crop their picture (overscan): 0 (off) to [`MAX_SAFE_AREA`].
    pub safe_area: u8,
    /// The signaling server online tables meet at (`ws://` or `wss://`); empty: the build's,
    /// else this machine's own (see `crate::online::signal_url`).
    pub signal: String,
    /// STUN and TURN servers for online tables (`stun:host:port`, `turn:host:port`).
    pub ice: Vec<String>,
    /// A TURN server's user name and password, if it wants them.
    pub turn_user: String,
    pub turn_password: String,
}

/// Where online tables learn their public address: STUN alone by default (a TURN server is
/// a setting, for networks where direct connections fail).
pub const DEFAULT_ICE: &str = "stun:stun.l.google.com:19302";

/// The largest safe-area margin offered, in percent.
pub(crate) const MAX_SAFE_AREA: u8 = 6;

/// The animation speeds offered: 1x, 2x, 4x and instant (a message key).
pub const ANIM_SPEEDS: [(Speed, &str); 4] = [
    (Speed::Times(1.0), "1x"),
    (Speed::Times(2.0), "2x"),
    (Speed::Times(4.0), "4x"),
    (Speed::Instant, "speed-instant"),
];

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 1.25,
            anim_speed: 0,
            master_volume: 0.8,
            music_volume: 0.5,
            sfx_volume: 0.8,
            language: None,
            fullscreen: false,
            undo: true,
            safe_area: 0,
            signal: String::new(),
            ice: vec![DEFAULT_ICE.to_string()],
            turn_user: String::new(),
            turn_password: String::new(),
        }
    }
}

impl Settings {
    /// The safe-area margin as a fraction of the screen's size at each edge.
    pub(crate) fn safe_fraction(&self) -> f32 {
        f32::from(self.safe_area.min(MAX_SAFE_AREA)) / 100.0
    }

    pub fn speed(&self) -> Speed {
        ANIM_SPEEDS[self.anim_speed.min(ANIM_SPEEDS.len() - 1)].0
    }

    /// The animation speed in the player's words ("2x", "Instant").
    pub(crate) fn speed_label(&self) -> String {
        let label = ANIM_SPEEDS[self.anim_speed.min(ANIM_SPEEDS.len() - 1)].1;
        if label.starts_with("speed-") {
            come_buy_text::tr(label)
        } else {
            label.to_string()
        }
    }

    /// Keeps every value in its range (a hand-edited file cannot break the game).
    pub(crate) fn clamped(mut self) -> Self {
        let unit = |v: f32| {
            if v.is_finite() {
                v.clamp(0.0, 1.0)
            } else {
                0.8
            }
        };
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(0.75, 2.0)
        } else {
            1.25
        };
        self.anim_speed = self.anim_speed.min(ANIM_SPEEDS.len() - 1);
        self.safe_area = self.safe_area.min(MAX_SAFE_AREA);
        self.master_volume = unit(self.master_volume);
        self.music_volume = unit(self.music_volume);
        self.sfx_volume = unit(self.sfx_volume);
        // Online tables: a signaling address is a WebSocket's; ICE servers are STUN or TURN
        // addresses, a few of them.
        let socket = self.signal.starts_with("ws://") || self.signal.starts_with("wss://");
        if !socket || self.signal.len() > 200 {
            self.signal.clear();
        }
        self.ice.retain(|u| {
            u.len() <= 200
                && ["stun:", "turn:", "turns:"]
                    .iter()
                    .any(|p| u.starts_with(p))
        });
        self.ice.truncate(8);
        // A language we do not speak (a hand-edited file) is the system's again.
        if let Some(tag) = &self.language
            && !come_buy_text::LANGUAGES.iter().any(|l| l.tag == tag)
        {
            self.language = None;
        }
        self
    }

    /// The settings saved in `dir`, or the defaults when there are none or the file is broken.
    pub fn load(dir: &crate::store::SaveDir) -> Settings {
        let Some(p) = dir.0.as_ref().map(|d| d.join("settings.ron")) else {
            return Settings::default();
        };
        let problem = match crate::store::read(&p) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Settings::default(),
            Err(e) => e.to_string(),
            Ok(text) => match ron::from_str::<Settings>(&text) {
                Ok(s) => {
                    info!("settings: read from {}", p.display());
                    crate::store::unguard(&p);
                    return s.clamped();
                }
                Err(e) => e.to_string(),
            },
        };
        // Kept aside, never written over (see `crate::store::set_aside`).
        match crate::store::set_aside(&p) {
            Ok(aside) => warn!(
                "settings file unreadable ({problem}): kept as {}",
                aside.display()
            ),
            Err(e) => warn!("settings file unreadable ({problem}), left in place ({e})"),
        }
        Settings::default()
    }

    /// Keeps the settings in `dir` (nothing when there is no folder: tests).
    pub fn save(&self, dir: &crate::store::SaveDir) {
        let Some(p) = dir.0.as_ref().map(|d| d.join("settings.ron")) else {
            return;
        };
        let text =
            ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default();
        if let Err(e) = crate::store::write_atomic(&p, &text) {
            warn!("cannot save settings to {}: {e}", p.display());
        }
    }
}

/// F11 / Alt+Enter turn full screen on or off, and the choice is kept.
pub(crate) fn toggle_fullscreen(
    mut asked: MessageReader<crate::nav::ToggleFullscreen>,
    mut settings: ResMut<Settings>,
    dir: Res<crate::store::SaveDir>,
) {
    if asked.read().count() % 2 == 1 {
        settings.fullscreen = !settings.fullscreen;
        settings.save(&dir);
    }
}

/// The window follows the full-screen setting.
pub(crate) fn apply_window_mode(
    settings: Res<Settings>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if !settings.is_changed() {
        return;
    }
    let mode = if settings.fullscreen {
        bevy::window::WindowMode::BorderlessFullscreen(bevy::window::MonitorSelection::Current)
    } else {
        bevy::window::WindowMode::Windowed
    };
    for mut w in &mut windows {
        if w.mode != mode {
            info!(
                "window: {}",
                if settings.fullscreen {
                    "full screen"
                } else {
                    "windowed"
                }
            );
            w.mode = mode;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_values_are_clamped() {
        let s = Settings {
            ui_scale: f32::NAN,
            anim_speed: 99,
            master_volume: 3.0,
            music_volume: -1.0,
            sfx_volume: f32::INFINITY,
            language: Some("tlh".into()),
            fullscreen: true,
            undo: false,
            safe_area: 40,
            signal: "http://not-a-socket".into(),
            ice: vec![
                "stun:ok.example:3478".into(),
                "ftp://no".into(),
                "x".repeat(500),
            ],
            turn_user: String::new(),
            turn_password: String::new(),
        }
        .clamped();
        assert_eq!(s.signal, "", "a signaling address must be ws:// or wss://");
        assert_eq!(s.ice, vec!["stun:ok.example:3478".to_string()]);
        assert_eq!(s.ui_scale, 1.25);
        assert_eq!(s.safe_area, MAX_SAFE_AREA, "a margin too wide is cut");
        assert_eq!(s.language, None, "an unknown language is dropped");
        assert_eq!(s.speed(), Speed::Instant);
        assert_eq!(
            (s.master_volume, s.music_volume, s.sfx_volume),
            (1.0, 0.0, 0.8)
        );
        let text = "(ui_scale: 1.5)";
        let parsed: Settings = ron::from_str(text).unwrap();
        assert_eq!(parsed.ui_scale, 1.5);
        assert_eq!(parsed.anim_speed, 0);
        assert!(parsed.undo, "settings from before Undo existed allow it");
        assert!(!s.undo, "strict play is kept");
    }
}
