//! Where a click, a tap or a resting mouse lands on the table, through the camera (whatever it
//! frames: the whole table or the closer look).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The mouse, touches, window and camera: where a click or tap lands on the table.
#[derive(SystemParam)]
pub struct Pointer<'w, 's> {
    mouse: Option<Res<'w, ButtonInput<MouseButton>>>,
    touches: Option<Res<'w, Touches>>,
    windows: Query<'w, 's, &'static Window, With<bevy::window::PrimaryWindow>>,
    cameras: Query<'w, 's, (&'static Camera, &'static GlobalTransform)>,
    egui: Option<Res<'w, bevy_egui::input::EguiWantsInput>>,
}

impl Pointer<'_, '_> {
    /// Where a left click or a tap landed this frame, in table coordinates (not over egui).
    pub fn pressed(&self) -> Option<Vec2> {
        let window = self.windows.single().ok();
        let mouse_pos = self
            .mouse
            .as_ref()
            .filter(|m| m.just_pressed(MouseButton::Left))
            .and_then(|_| window.and_then(|w| w.cursor_position()));
        self.on_table(mouse_pos.or_else(|| {
            self.touches
                .as_ref()
                .and_then(|t| t.iter_just_pressed().next().map(|t| t.position()))
        }))
    }

    /// Where the mouse rests (or a finger is held) now, in table coordinates (not over egui).
    pub(crate) fn hovered(&self) -> Option<Vec2> {
        let window = self.windows.single().ok();
        self.on_table(window.and_then(|w| w.cursor_position()).or_else(|| {
            self.touches
                .as_ref()
                .and_then(|t| t.iter().next().map(|t| t.position()))
        }))
    }

    /// A window position in table coordinates, unless egui's panels are under the pointer.
    fn on_table(&self, screen: Option<Vec2>) -> Option<Vec2> {
        if self.egui.as_ref().is_some_and(|e| e.is_pointer_over_area()) {
            return None;
        }
        let (camera, cam_tf) = self.cameras.iter().next()?;
        camera.viewport_to_world_2d(cam_tf, screen?).ok()
    }
}
