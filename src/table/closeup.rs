//! The closer look's controls: V at any table, and on a short screen or a touch screen a
//! button in the top-left corner ("Look closer" / "Whole table"; "Whole table" on any screen
//! while the look is on). The camera's easing and the area each game frames are in
//! [`super::dock`]; this room only turns the look on and off.

use super::TableSet;
use super::dock::Closeup;
use super::handover::Privacy;
use crate::audio::PlayCue;
use crate::menu::click;
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::state::{Overlay, Screen};
use crate::ui::{GOLD, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_media::synth::Cue;
use come_buy_text::tr;

pub fn plugin(app: &mut App) {
    // Before every system that reads the table's presses (a replay's, a guide's, a person's
    // choice), so V works in all of them.
    app.add_systems(
        Update,
        toggle
            .before(TableSet::Decide)
            .run_if(in_state(Screen::Table).and_then(in_state(Overlay::None))),
    );
}

pub(crate) fn windowed(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        corner_button.run_if(in_state(Screen::Table).and_then(in_state(Overlay::None))),
    );
}

/// V (or the corner button) turns the closer look on or off, where the table has a corner to
/// look at (a table of bots has none).
fn toggle(
    mut inbox: ResMut<Inbox>,
    mut closeup: ResMut<Closeup>,
    mut cues: MessageWriter<PlayCue>,
) {
    let presses = inbox.take_counted(Owner::Table, |p| p.nav == Some(Nav::Closer));
    if presses % 2 == 1 && closeup.area.is_some() {
        closeup.on = !closeup.on;
        cues.write(PlayCue(Cue::Click));
    }
}

/// The corner button, where keys are not the way to ask: on a short screen (a phone held
/// sideways) or a touch screen; and anywhere while the closer look is on, so a mouse can
/// always go back to the whole table.
fn corner_button(
    mut contexts: EguiContexts,
    privacy: Res<Privacy>,
    (closeup, mut dock): (Res<Closeup>, ResMut<super::dock::Dock>),
    mut out: MessageWriter<UiPress>,
) -> Result {
    if privacy.waiting_for.is_some()
        || closeup.area.is_none()
        || !(dock.short || dock.touch || closeup.on)
    {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let label = tr(if closeup.on {
        "closeup-out"
    } else {
        "closeup-in"
    });
    egui::Area::new("closeup button".into())
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .show(ctx, |ui| {
            let b = egui::Button::new(egui::RichText::new(label).size(24.0).color(if closeup.on {
                GOLD
            } else {
                MUTED
            }))
            .min_size(egui::vec2(64.0, 36.0))
            .wrap_mode(egui::TextWrapMode::Extend);
            let r = ui.add(b);
            if r.clicked() {
                click(&mut out, Owner::Table, Nav::Closer);
            }
            // The closer look frames its corner below the button (written only when it moved:
            // a table at rest draws nothing).
            super::dock::Corner::keep(&mut dock, 0, r.rect, ui.ctx().content_rect());
        });
    Ok(())
}
