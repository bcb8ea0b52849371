//! Come Buy's table: a Bevy app over the rules engine (`come-buy-engine`).
//!
//! `build` assembles the real app (window, rendering, egui, kira); `core` is the logic the
//! tests run headless with `MinimalPlugins` (screens, the match, the effect queue, tweens,
//! bots, input), so what is tested is what is played.

pub mod anim;
pub mod art;
pub mod audio;
#[doc(hidden)]
pub mod audit;
pub(crate) mod autoplay;
pub mod cli;
pub mod clip;
pub mod daily;
pub mod games;
pub(crate) mod lang;
#[doc(hidden)]
pub mod launch;
pub(crate) mod menu;
pub mod nav;
pub mod notice;
pub mod online;
pub(crate) mod pace;
pub mod phones;
pub(crate) mod rest;
pub mod save;
pub mod screens;
pub mod settings;
pub(crate) mod soak;
pub(crate) mod state;
pub mod stats;
pub mod store;
pub mod table;
pub mod table_core;
pub mod theme;
pub mod ui;
mod wiring;

use bevy::asset::AssetMetaCheck;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use std::process::ExitCode;

// The crate root's shared words live in `state` (the lowest room); named here for the tools.
pub use state::{LAUNCHED, VIEW, after_first_frame};

/// The app's core without a window, 50 ms a frame, silent: what the tests drive (the crate's
/// own and `tests/`). `dir`: where saves go (`None`: no saving at all).
#[doc(hidden)]
pub fn headless_core(dir: Option<std::path::PathBuf>) -> App {
    headless_core_with(dir, |_| {})
}

/// [`headless_core`] with `before` adding plugins ahead of the core (the layout audit's text
/// layout, whose font assets the core's fonts go into).
#[doc(hidden)]
pub fn headless_core_with(dir: Option<std::path::PathBuf>, before: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        AssetPlugin::default(),
        bevy::input::InputPlugin,
    ));
    app.init_asset::<Image>();
    app.init_asset::<Font>();
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(50),
    ));
    audio::silent_plugin(&mut app);
    before(&mut app);
    let saving = dir.is_some();
    app.insert_resource(save::SaveDir(dir));
    core(&mut app);
    if saving {
        save::plugin(&mut app);
    }
    app
}

/// The logic shared by the app and the headless tests.
pub fn core(app: &mut App) {
    theme::plugin(app);
    art::plugin(app);
    anim::plugin(app);
    nav::plugin(app);
    notice::plugin(app);
    rest::plugin(app);
    screens::plugin(app);
    table::plugin(app);
    wiring::core(app);
    games::for_each(&mut table::Register(app));
    games::for_each(&mut wiring::Features(app));
    lang::plugin(app);
    stats::plugin(app);
    clip::plugin(app);
    phones::plugin(app);
    phones::panel::plugin(app);
    games::for_each(&mut phones::Register(app));
    app.init_resource::<settings::Settings>();
    app.add_systems(Update, settings::toggle_fullscreen);
    if !app.world().contains_resource::<save::SaveDir>() {
        app.insert_resource(save::SaveDir(None));
    }
    app.init_resource::<save::Saves>();
}

/// The full app: window, rendering, egui, sound, and the autoplay when asked for.
pub fn build(app: &mut App, options: &cli::Options) {
    window_plugins(app, options.window.unwrap_or((1600, 900)));
    // The autoplay never touches a player's saves or settings.
    let dir = if options.autoplay.is_none() && options.soak.is_none() {
        save::SaveDir::from_env()
    } else {
        save::SaveDir(None)
    };
    app.insert_resource(first_settings(&dir, options));
    app.insert_resource(dir);
    core(app);
    ui::plugin(app);
    // The notices' lines over everything, in our fonts (styled first).
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        notice::draw.after(ui::style_egui),
    );
    table::windowed(app);
    wiring::windowed(app);
    games::for_each(&mut table::RegisterWindowed(app));
    games::for_each(&mut wiring::FeaturesWindowed(app));
    audio::plugin(app);
    // Frames only while something moves (see `pace`); the tools that photograph or time
    // the table keep drawing every frame.
    if options.autoplay.is_some() || options.soak.is_some() || options.screenshot.is_some() {
        app.insert_resource(bevy::winit::WinitSettings::continuous());
    } else {
        app.insert_resource(bevy::winit::WinitSettings::desktop_app());
        app.add_systems(Last, rest::apply);
        app.add_systems(
            PreUpdate,
            rest::quiet_egui_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
        app.add_systems(Startup, wake_for_phones);
    }
    app.add_systems(Update, settings::apply_window_mode);
    app.add_systems(Startup, spawn_camera);
    // In `First`: before the second frame's own work (the music, the table's textures), which
    // would otherwise be counted in the first frame's time.
    app.add_systems(First, first_frame_drawn.run_if(after_first_frame));
    save::plugin(app);
    if let Some(minutes) = options.soak {
        soak::plugin(app, minutes);
    }
    if let Some(a) = &options.autoplay {
        autoplay::plugin(app, a.clone());
    }
    app.insert_resource(online::page_ask(online::OnlineAsk {
        join: options.join.clone(),
        signal: options.signal.clone(),
    }));
    // `--watch CODE`, or a page's `?watch=CODE` (a link to a match).
    if let Some(code) = options
        .watch
        .clone()
        .or_else(|| launch::page_param("watch"))
    {
        launch::watch(app, code);
    }
    // `--daily ID`, or a page's `?daily=ID` (today's deal of a game).
    if let Some(id) = options
        .daily
        .clone()
        .or_else(|| launch::page_param("daily"))
    {
        launch::daily(app, id);
    }
    if options.play {
        launch::play_last(app);
    }
    if let Some(port) = options.phones {
        app.add_systems(Startup, move |mut room: ResMut<phones::RemoteRoom>| {
            let _ = room.phones.start(port);
        });
    }
    if let Some(id) = &options.guided {
        launch::guided(app, id.clone());
    }
    if let Some((path, at)) = &options.screenshot {
        autoplay::single_shot(app, path.clone(), *at);
    }
}

/// Bevy's plugins for a window of `w` x `h` (a page's canvas fills its parent), and egui.
fn window_plugins(app: &mut App, (w, h): (u32, u32)) {
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Come Buy".into(),
                    resolution: (w, h).into(),
                    fit_canvas_to_parent: true,
                    prevent_default_event_handling: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    );
    app.add_plugins(bevy_egui::EguiPlugin::default());
    app.insert_resource(ClearColor(Color::srgb(0.05, 0.16, 0.11)));
}

/// The player's settings from `dir`, with what the command line asks over them, in the
/// language they speak (which is set for the whole process here).
fn first_settings(dir: &save::SaveDir, options: &cli::Options) -> settings::Settings {
    let mut settings = settings::Settings::load(dir);
    if options.fullscreen {
        settings.fullscreen = true;
    }
    if let Some(tag) = &options.lang {
        settings.language = Some(tag.clone());
    }
    if settings.language.is_none() {
        // The first start speaks the system's (or browser's) language.
        settings.language = Some(lang::system_language().to_string());
    }
    come_buy_text::set_language(lang::wanted(&settings));
    info!("language: {}", come_buy_text::language().tag);
    settings
}

/// A phone's message, an online table's, or a gamepad's wakes a sleeping app (from their own
/// threads).
fn wake_for_phones(
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    room: Res<phones::RemoteRoom>,
    wake: Res<pace::Wake>,
) {
    let Some(proxy) = proxy else {
        return;
    };
    let proxy: bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent> = (**proxy).clone();
    let pad_proxy = proxy.clone();
    // One waker for phones and online links (the phones' room shares this one).
    debug_assert!(std::sync::Arc::ptr_eq(&room.phones.waker, &wake.0));
    let _ = wake.0.set(Box::new(move || {
        let _ = proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    }));
    #[cfg(not(target_arch = "wasm32"))]
    rest::watch_pads(move || {
        let _ = pad_proxy.send_event(bevy::winit::WinitUserEvent::WakeUp);
    });
    #[cfg(target_arch = "wasm32")]
    let _ = pad_proxy;
}

/// One line when the first frame has been drawn: the browser check times the start by it.
fn first_frame_drawn(mut said: Local<bool>) {
    if !*said {
        *said = true;
        info!("first frame drawn");
    }
}

/// The camera's edge smoothing: 4x multisampling, except in a browser whose WebGL is drawn by
/// the processor (no GPU, or one the browser refuses). There every sample is drawn in software,
/// and four of them halved the frames a page draws (measured in the online browser check: a
/// frame every 300 ms instead of 650, a host's move on a friend's page p50 152 ms against 356).
pub(crate) fn edge_smoothing(device: Option<wgpu_types::DeviceType>, web: bool) -> Msaa {
    if web && device == Some(wgpu_types::DeviceType::Cpu) {
        Msaa::Off
    } else {
        Msaa::Sample4
    }
}

pub fn spawn_camera(
    mut commands: Commands,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
) {
    let smoothing = edge_smoothing(adapter.map(|a| a.device_type), cfg!(target_arch = "wasm32"));
    if smoothing == Msaa::Off {
        info!("renderer: drawn in software in the browser: edge smoothing off");
    }
    commands.spawn(camera(smoothing));
}

/// The table's one camera: the whole view at any window's shape, with `smoothing`.
pub(crate) fn camera(smoothing: Msaa) -> impl Bundle {
    (
        Camera2d,
        smoothing,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: VIEW.x,
                min_height: VIEW.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    )
}

include!(concat!(env!("OUT_DIR"), "/used_keys.rs"));

/// `come-buy --check-locales`: every language has every message the code writes and every
/// message of the others, and each formats; exit 0 if so, 1 with the problems if not.
pub fn check_locales() -> ExitCode {
    match come_buy_text::check(USED_KEYS) {
        Ok(summary) => {
            println!("locales: {summary}");
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for p in &problems {
                eprintln!("locales: {p}");
            }
            eprintln!("locales: {} problems", problems.len());
            ExitCode::FAILURE
        }
    }
}

pub fn run(options: cli::Options) -> ExitCode {
    let mut app = App::new();
    build(&mut app, &options);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only a browser drawing in software gives up the edge smoothing; a GPU keeps it, and so
    /// does the desktop (its software renderer draws one window, not a page in a browser's).
    #[test]
    fn edge_smoothing_is_left_out_only_in_a_browser_drawing_in_software() {
        use wgpu_types::DeviceType::{Cpu, DiscreteGpu, IntegratedGpu};
        assert_eq!(edge_smoothing(Some(Cpu), true), Msaa::Off);
        assert_eq!(edge_smoothing(Some(IntegratedGpu), true), Msaa::Sample4);
        assert_eq!(edge_smoothing(Some(DiscreteGpu), true), Msaa::Sample4);
        assert_eq!(edge_smoothing(Some(Cpu), false), Msaa::Sample4);
        assert_eq!(edge_smoothing(None, true), Msaa::Sample4);
    }
}
