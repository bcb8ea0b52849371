//! The layout audit: every screen and menu laid out for real (egui over the app's own menu
//! systems, Bevy's layout of the table's words) at every window size the game is played at,
//! every text size, TV margin and language, and what a player would find wrong on each:
//! text cut or covered, the focus out of sight, words too small to read from the sofa.
//! (Its own test binary: the language is the process's.)

mod clicks;
#[path = "../common/mod.rs"]
mod common;
mod look;
mod online;
mod places;
mod questions;
mod record;
mod replays;
mod rows;
mod sofa;
mod tables;
mod under;

use bevy::prelude::*;
use come_buy::audit::{AuditWindow, LaidOut};
use come_buy::settings::Settings;
use look::TableWord;

/// The windows: 720p, 1080p and 4K on the desktop, and the web page on a phone held sideways
/// and upright (touch: finger-sized buttons).
pub const WINDOWS: [(f32, f32, bool); 5] = [
    (1280.0, 720.0, false),
    (1920.0, 1080.0, false),
    (3840.0, 2160.0, false),
    (844.0, 390.0, true),
    (390.0, 844.0, true),
];
pub const SCALES: [f32; 3] = [1.0, 1.5, 2.0];
pub const MARGINS: [u8; 3] = [0, 3, 6];
pub const LANGUAGES: [&str; 3] = ["en", "es", "it"];

/// The texts that may be smaller than the sofa's size, each with its reason. A text is
/// matched by its start, in every language (the message's words, as said now).
pub fn exempt(text: &str) -> bool {
    exceptions()
        .iter()
        .any(|(start, _)| text.starts_with(start.as_str()))
}

fn exceptions() -> Vec<(String, &'static str)> {
    vec![]
}

/// One app per window; `place` puts it where the audit looks (a screen, a menu, a moment of
/// a game), once, before the settings go round.
pub struct Audit {
    pub app: App,
    pub window: AuditWindow,
    pub touch: bool,
    /// Every fault seen, with where it was seen.
    pub faults: Vec<String>,
    /// Combinations laid out.
    pub seen: usize,
    /// The table's words judged against what lies under them, those that could not be (an
    /// image under them not made yet), and the lowest contrast found.
    pub ink: (usize, usize, f32),
}

impl Audit {
    pub fn new((w, h, touch): (f32, f32, bool)) -> Audit {
        let mut app = come_buy::audit::app(None, (w, h), touch);
        app.insert_resource(Settings {
            anim_speed: come_buy::settings::ANIM_SPEEDS.len() - 1,
            ..Settings::default()
        });
        for _ in 0..3 {
            app.update();
        }
        Audit {
            app,
            window: AuditWindow {
                width: w,
                height: h,
            },
            touch,
            faults: Vec::new(),
            seen: 0,
            ink: (0, 0, f32::INFINITY),
        }
    }

    /// Sets the text size, margin and language as the settings menu does, and lets the
    /// screen settle (the strip under the table eases to its height).
    pub fn set(&mut self, scale: f32, margin: u8, lang: &str) {
        let mut s = self.app.world().resource::<Settings>().clone();
        if s.ui_scale != scale || s.safe_area != margin || s.language.as_deref() != Some(lang) {
            s.ui_scale = scale;
            s.safe_area = margin;
            s.language = Some(lang.to_string());
            self.app.insert_resource(s);
        }
        settle(&mut self.app);
    }

    /// Looks at the screen as it is now; `label` says where, for the report.
    pub fn look(&mut self, label: &str, scale: f32, margin: u8, lang: &str) {
        let laid = self.app.world().resource::<LaidOut>().clone();
        let sight = look::sight(&laid);
        let mut words = if table_words_open(&self.app) {
            table_words(&mut self.app, laid.pixels_per_point)
        } else {
            Vec::new()
        };
        // The notices are lines over everything on purpose, for a few seconds: the table's
        // words under them are hidden meanwhile (a menu's would not be).
        if let Some(n) = laid.notices {
            words.retain(|w| !w.rect.intersects(n));
        }
        let found = look::faults(&sight, self.window, (scale, self.touch), &words, &exempt);
        self.seen += 1;
        for w in &words {
            match w.ink {
                Some((ink, back)) => {
                    self.ink.0 += 1;
                    self.ink.2 = self.ink.2.min(look::contrast(ink, back));
                }
                None => self.ink.1 += 1,
            }
        }
        for f in found {
            self.faults.push(format!(
                "{label} at {}x{} text {scale} margin {margin}% {lang}: {f}",
                self.window.width, self.window.height
            ));
        }
    }

    /// The window becomes `w` (see `come_buy::audit::resize`).
    pub fn resize(&mut self, (w, h, touch): (f32, f32, bool)) {
        come_buy::audit::resize(&mut self.app, (w, h), touch);
        self.window = AuditWindow {
            width: w,
            height: h,
        };
        self.touch = touch;
    }

    /// Every window, text size, margin and language at the place the app is in now (back
    /// at the first window and the default settings after).
    pub fn every_setting(&mut self, label: &str) {
        for w in WINDOWS {
            self.resize(w);
            for scale in SCALES {
                for margin in MARGINS {
                    for lang in LANGUAGES {
                        self.set(scale, margin, lang);
                        self.look(label, scale, margin, lang);
                    }
                }
            }
        }
        self.back();
    }

    /// Every window at the corners of the settings: the smallest and largest text with no
    /// margin and the widest, in each language once.
    pub fn corners(&mut self, label: &str) {
        for w in WINDOWS {
            self.resize(w);
            for (scale, margin, lang) in [
                (1.0, 0, "en"),
                (2.0, 6, "es"),
                (2.0, 6, "it"),
                (1.5, 3, "en"),
            ] {
                self.set(scale, margin, lang);
                self.look(label, scale, margin, lang);
            }
        }
        self.back();
    }

    /// The first window (a desktop's) and the default settings.
    fn back(&mut self) {
        self.resize(WINDOWS[0]);
        self.set(1.25, 0, "en");
    }
}

/// Frames until nothing laid out moves: the egui shapes of two frames in a row are the same
/// (at most 60 frames: an animation that never stops is reported as it is then).
fn settle(app: &mut App) {
    let mut last: Option<Vec<String>> = None;
    for _ in 0..60 {
        app.update();
        let mut now: Vec<String> = app
            .world()
            .resource::<LaidOut>()
            .shapes
            .iter()
            .map(|s| format!("{:?}", s.shape.visual_bounding_rect()))
            .collect();
        // The table's camera too (the strip under it eases to a new panel's height).
        let world = app.world_mut();
        let mut cams = world.query_filtered::<(&Projection, &Transform), With<Camera2d>>();
        for (p, t) in cams.iter(world) {
            if let Projection::Orthographic(o) = p {
                now.push(format!("{:.4} {:.2}", o.scale, t.translation));
            }
        }
        if last.as_ref() == Some(&now) {
            return;
        }
        last = Some(now);
    }
}

/// Whether the table's words are in view: no menu dims them on purpose, the player has not
/// opened the log over them, and the hand-over cover does not hide the table (its purpose).
fn table_words_open(app: &App) -> bool {
    let w = app.world();
    *w.resource::<State<come_buy::screens::Overlay>>().get() == come_buy::screens::Overlay::None
        && !w
            .get_resource::<come_buy::table::log::GameLog>()
            .is_some_and(|l| l.open)
        && w.get_resource::<come_buy::table::handover::Privacy>()
            .is_none_or(|p| p.waiting_for.is_none())
}

/// Every word of the table in sight (shown, not transparent), where it is on the screen in
/// egui's points, and its size in pixels.
pub fn table_words(app: &mut App, ppp: f32) -> Vec<TableWord> {
    let to_screen = come_buy::audit::world_to_screen(app.world_mut());
    let world = app.world_mut();
    let k = {
        let a = to_screen(Vec2::ZERO);
        let b = to_screen(Vec2::X);
        (b - a).x
    };
    let mut q = world.query::<(
        Entity,
        &Text2d,
        &bevy::text::TextLayoutInfo,
        &GlobalTransform,
        &bevy::sprite::Anchor,
        &TextFont,
        Option<&TextColor>,
    )>();
    let found: Vec<_> = q
        .iter(world)
        .map(|(e, t, l, g, a, f, c)| {
            (
                e,
                t.0.trim().to_string(),
                l.size,
                *g,
                a.as_vec(),
                f.font_size.eval(Vec2::new(1920.0, 1080.0), 16.0),
                c.map_or(Color::WHITE, |c| c.0),
            )
        })
        .collect();
    let layers = under::layers(world, shown);
    // A closer look frames one part of the table (a person's corner, the lot): what lies
    // around it is context, cut by the screen's edges and under the corner buttons; only the
    // words of the framed part must stay clear.
    let framed = world
        .get_resource::<come_buy::table::dock::Closeup>()
        .filter(|c| c.on && c.t > 0.0)
        .and_then(|c| c.area);
    let mut out = Vec::new();
    for (e, text, size, g, anchor, font, color) in found {
        if text.is_empty() || color.alpha() < 0.5 || size.x < 1.0 || !shown(world, e) {
            continue;
        }
        if framed.is_some_and(|r| !r.contains(g.translation().truncate())) {
            continue;
        }
        let corners = [
            Vec2::new(-0.5 - anchor.x, -0.5 - anchor.y),
            Vec2::new(0.5 - anchor.x, 0.5 - anchor.y),
        ]
        .map(|c| to_screen(g.transform_point((c * size).extend(0.0)).truncate()) / ppp);
        let rect = bevy_egui::egui::Rect::from_two_pos(
            bevy_egui::egui::pos2(corners[0].x, corners[0].y),
            bevy_egui::egui::pos2(corners[1].x, corners[1].y),
        );
        let (scale, _, _) = g.to_scale_rotation_translation();
        // Its ink, and what the screen shows under it (see `under::under_word`).
        let world_corners = [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map(|(x, y)| {
            let c = Vec2::new(x - anchor.x, y - anchor.y) * size;
            g.transform_point(c.extend(0.0)).truncate()
        });
        let back = under::under_word(world, &layers, world_corners, g.translation().z);
        out.push(TableWord {
            text,
            rect,
            px: font * scale.y * k,
            ink: back.map(|b| (under::egui_colour(color), b)),
        });
    }
    out
}

/// Whether an entity and every one of its parents are shown.
fn shown(world: &World, mut e: Entity) -> bool {
    loop {
        if world.get::<Visibility>(e) == Some(&Visibility::Hidden) {
            return false;
        }
        match world.get::<ChildOf>(e) {
            Some(p) => e = p.parent(),
            None => return true,
        }
    }
}

/// The language is the process's: one test at a time.
pub fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static ONE: std::sync::Mutex<()> = std::sync::Mutex::new(());
    ONE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A fault's class: the place (without its decision number), the window and the kind of
/// fault, as `tests/audit/known.txt` names the faults still open.
fn class(fault: &str) -> Option<(String, String, &'static str)> {
    let (head, what) = fault.split_once(": ")?;
    let (place, rest) = head.split_once(" at ")?;
    let window = rest.split(' ').next()?.to_string();
    let place = place.split(", decision").next()?.to_string();
    let kind = if what.starts_with("cut short") {
        "cut short"
    } else if what.starts_with("cut by its panel") {
        "cut by its panel"
    } else if what.starts_with("off the screen") {
        "off the screen"
    } else if what.starts_with("in the TV margin") {
        "in the TV margin"
    } else if what.starts_with("too small") {
        "too small"
    } else if what.starts_with("the focus") {
        "focus out of sight"
    } else if what.starts_with("hard to read") {
        "hard to read"
    } else if what.contains(" covers the table's ") {
        "covers the table"
    } else {
        "covers text"
    };
    Some((place, window, kind))
}

/// The faults still open, one class a line: `test | place | window | kind | why`, from
/// `tests/audit/known.txt` (what the audit may still find until they are fixed; a line whose
/// fault is gone fails the audit too, so the list only shrinks).
fn known() -> Vec<[String; 5]> {
    let text = include_str!("known.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.split('|').map(|p| p.trim().to_string());
            std::array::from_fn(|_| parts.next().unwrap_or_default())
        })
        .collect()
}

/// Fails with every fault seen that is not a known open one (the first 80, and how many in
/// all), and with every known one no longer seen.
pub fn report(what: &str, audits: &[Audit]) {
    let seen: usize = audits.iter().map(|a| a.seen).sum();
    let mut all: Vec<&String> = audits.iter().flat_map(|a| a.faults.iter()).collect();
    all.dedup();
    println!("audit {what}: {seen} layouts, {} faults", all.len());
    let (judged, not) = audits
        .iter()
        .fold((0, 0), |(j, n), a| (j + a.ink.0, n + a.ink.1));
    if judged + not > 0 {
        let lowest = audits.iter().map(|a| a.ink.2).fold(f32::INFINITY, f32::min);
        println!(
            "audit {what}: {judged} of the table's words judged against what lies under them \
             ({not} not: an image not made yet), the lowest contrast {lowest:.1}:1"
        );
        // The check must see the table: most words are judged.
        assert!(
            judged >= 3 * not,
            "{what}: only {judged} of {} table words could be judged for contrast",
            judged + not
        );
    }
    if let Ok(dir) = std::env::var("AUDIT_OUT") {
        let name: String = what
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        let lines: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
        let _ = std::fs::write(format!("{dir}/{name}.txt"), lines.join("\n"));
    }
    let known: Vec<[String; 5]> = known().into_iter().filter(|k| k[0] == what).collect();
    let mut used = vec![false; known.len()];
    let mut new = Vec::new();
    for f in &all {
        let hit = class(f).and_then(|(place, window, kind)| {
            known
                .iter()
                .position(|k| place == k[1] && (k[2] == "*" || k[2] == window) && k[3] == kind)
        });
        match hit {
            Some(i) => used[i] = true,
            None => new.push(f.as_str()),
        }
    }
    let gone: Vec<String> = known
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(k, _)| k[..4].join(" | "))
        .collect();
    println!(
        "audit {what}: {} of them open and known ({} classes), {} new",
        all.len() - new.len(),
        used.iter().filter(|u| **u).count(),
        new.len()
    );
    // New faults are shown even where known ones are gone (a change may do both).
    for f in new.iter().take(80).filter(|_| !gone.is_empty()) {
        println!("new: {f}");
    }
    assert!(
        gone.is_empty(),
        "{what}: fixed, so take these lines out of tests/audit/known.txt:\n{}",
        gone.join("\n")
    );
    if !new.is_empty() {
        let shown: Vec<&str> = new.iter().take(80).copied().collect();
        panic!(
            "{what}: {} faults in {seen} layouts:\n{}",
            new.len(),
            shown.join("\n")
        );
    }
}
