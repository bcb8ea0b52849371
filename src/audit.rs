//! The layout audit's app: the real app's screens, menus and table laid out for a window of a
//! given size without a window, a GPU or a frame drawn. egui runs every menu system of the app
//! over a context of that size (its shapes and clip rectangles are kept in [`LaidOut`]), and
//! Bevy lays out the table's text on the CPU as it does for a frame. The audit
//! (`tests/audit/`) reads what a player would see from these.

use bevy::camera::visibility::VisibleEntities;
use bevy::camera::{ComputedCameraValues, RenderTargetInfo};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowResolution};
use bevy_egui::egui;
use bevy_egui::{
    EguiContext, EguiContextSettings, EguiInput, EguiPreUpdateSet, EguiPrimaryContextPass,
    PrimaryEguiContext,
};

/// What egui laid out in the last frame: every shape with its clip rectangle, in points, and
/// the screen and its safe area (the TV margin) in the same points.
#[derive(Resource, Clone)]
pub struct LaidOut {
    pub shapes: Vec<egui::epaint::ClippedShape>,
    /// Physical pixels per point (the menus' zoom).
    pub pixels_per_point: f32,
    pub screen: egui::Rect,
    /// The screen less the TV margin.
    pub safe: egui::Rect,
    /// Where the notices are, while some are shown: lines over everything on purpose, which
    /// may cover the table's words for their few seconds (never a menu's).
    pub notices: Option<egui::Rect>,
}

impl Default for LaidOut {
    fn default() -> Self {
        LaidOut {
            shapes: Vec::new(),
            pixels_per_point: 1.0,
            screen: egui::Rect::NOTHING,
            safe: egui::Rect::NOTHING,
            notices: None,
        }
    }
}

/// The window the audit lays out for, in logical (= physical) pixels.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AuditWindow {
    pub width: f32,
    pub height: f32,
}

/// A headless app with the real menus and table at `width` x `height` (`touch`: a phone's
/// page, whose buttons are finger-sized). Saves go to `dir` (`None`: none).
pub fn app(dir: Option<std::path::PathBuf>, (width, height): (f32, f32), touch: bool) -> App {
    // Bevy's own text layout (as a frame lays the table's words out), before the core puts
    // our fonts among its assets.
    let mut app = crate::headless_core_with(dir, |app| {
        app.add_plugins(bevy::image::TextureAtlasPlugin);
        app.add_plugins(bevy::text::TextPlugin);
    });
    crate::ui::plugin(&mut app);
    app.add_systems(
        EguiPrimaryContextPass,
        crate::notice::draw.after(crate::ui::style_egui),
    );
    crate::table::windowed(&mut app);
    crate::wiring::windowed(&mut app);
    crate::games::for_each(&mut crate::table::RegisterWindowed(&mut app));
    crate::games::for_each(&mut crate::wiring::FeaturesWindowed(&mut app));
    app.init_resource::<bevy_egui::EguiUserTextures>();
    // Where things are on the screen (each piece's place under its parents).
    app.add_plugins(bevy::transform::TransformPlugin);
    app.add_systems(
        PostUpdate,
        bevy::sprite::update_text2d_layout
            .after(bevy::text::detect_text_needs_rerender)
            .after(bevy::text::load_font_assets_into_font_collection),
    );
    app.world_mut().resource_mut::<crate::nav::TouchScreen>().0 = touch;
    app.insert_resource(AuditWindow { width, height });
    app.init_resource::<LaidOut>();
    app.world_mut().spawn((
        Window {
            resolution: WindowResolution::new(width as u32, height as u32)
                .with_scale_factor_override(1.0),
            ..default()
        },
        PrimaryWindow,
    ));
    spawn_camera(app.world_mut(), (width, height));
    app.add_systems(
        PreUpdate,
        screen_rect
            .in_set(EguiPreUpdateSet::ProcessInput)
            .before(crate::table::dock::safe_area_for_egui),
    );
    app.add_systems(PostUpdate, egui_pass);
    app
}

/// The app's camera (as `spawn_camera` makes it on a GPU) carrying the egui context, its target the
/// window's size, and seeing sprites (so Bevy lays out the table's text for it).
fn spawn_camera(world: &mut World, (width, height): (f32, f32)) {
    world.spawn(crate::camera(Msaa::Sample4));
    let cam = world
        .query_filtered::<Entity, With<Camera2d>>()
        .single(world)
        .expect("one camera");
    let mut visible = VisibleEntities::default();
    visible.push(Entity::PLACEHOLDER, std::any::TypeId::of::<Sprite>());
    world.entity_mut(cam).insert((
        Camera {
            computed: ComputedCameraValues {
                target_info: Some(RenderTargetInfo {
                    physical_size: UVec2::new(width as u32, height as u32),
                    scale_factor: 1.0,
                }),
                ..default()
            },
            ..default()
        },
        visible,
        PrimaryEguiContext,
        EguiContextSettings::default(),
        EguiInput::default(),
    ));
}

/// The screen in points, as bevy_egui gives it: the window's pixels over the last zoom.
fn screen_rect(
    window: Res<AuditWindow>,
    mut q: Query<(&mut EguiContext, &mut EguiInput), With<PrimaryEguiContext>>,
) {
    for (mut ctx, mut input) in &mut q {
        let ppp = ctx.get_mut().pixels_per_point();
        input.screen_rect = Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(window.width, window.height) / ppp,
        ));
    }
}

/// One egui pass over every menu system of the app (the `EguiPrimaryContextPass` schedule),
/// as bevy_egui runs it, keeping what it laid out.
fn egui_pass(world: &mut World) {
    let mut q =
        world.query_filtered::<(&mut EguiContext, &mut EguiInput), With<PrimaryEguiContext>>();
    let Ok((mut ctx, mut input)) = q.single_mut(world) else {
        return;
    };
    let ctx = ctx.get_mut().clone();
    let raw = input.take();
    let mut out = ctx.run_ui(raw, |_| {
        let _ = world.try_run_schedule(EguiPrimaryContextPass);
    });
    // Nothing is drawn: the font atlas's updates go nowhere.
    out.textures_delta.clear();
    let shown = !world.resource::<crate::notice::Notices>().lines.is_empty();
    let notices = shown
        .then(|| ctx.memory(|m| m.area_rect(crate::notice::AREA)))
        .flatten();
    world.insert_resource(LaidOut {
        shapes: out.shapes,
        pixels_per_point: out.pixels_per_point,
        screen: ctx.viewport_rect(),
        safe: ctx.content_rect(),
        notices,
    });
}

/// Where a point of the table's world is on the screen, in pixels from the window's top left:
/// the camera as `dock::fit_camera` placed it.
pub fn world_to_screen(world: &mut World) -> impl Fn(Vec2) -> Vec2 + use<> {
    let window = *world.resource::<AuditWindow>();
    let (scale, at) = world
        .query_filtered::<(&Projection, &Transform), With<Camera2d>>()
        .iter(world)
        .map(|(p, t)| {
            let s = match p {
                Projection::Orthographic(o) => o.scale,
                _ => 1.0,
            };
            (s, t.translation.truncate())
        })
        .next()
        .unwrap_or((1.0, Vec2::ZERO));
    let k = 1.0 / scale;
    move |p: Vec2| {
        Vec2::new(
            window.width / 2.0 + (p.x - at.x) * k,
            window.height / 2.0 - (p.y - at.y) * k,
        )
    }
}

/// The window becomes `width` x `height` (`touch`: a phone's page), as a player resizing it
/// or a phone turning would: the window, the camera's target and the pointer kind change.
/// (A touch screen's finger-sized buttons stay once set: take the desktop sizes first.)
pub fn resize(app: &mut App, (width, height): (f32, f32), touch: bool) {
    app.insert_resource(AuditWindow { width, height });
    app.world_mut().resource_mut::<crate::nav::TouchScreen>().0 = touch;
    let world = app.world_mut();
    let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
    for mut w in windows.iter_mut(world) {
        w.resolution.set(width, height);
    }
    let mut cams = world.query_filtered::<&mut Camera, With<Camera2d>>();
    for mut cam in cams.iter_mut(world) {
        cam.computed.target_info = Some(RenderTargetInfo {
            physical_size: UVec2::new(width as u32, height as u32),
            scale_factor: 1.0,
        });
    }
}
