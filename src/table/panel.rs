//! The person's choice panel at the table, and clicks/taps on the auction row's cards. It only
//! draws the `Choice` model and reports clicks: the rules stay in `goblin_market::person_choice`.

use super::dock::Dock;
use super::goblin_market::{Choice, ChoiceClick, Match, TableView, option_label, row_card_at};
use super::kit;
use super::{Presenter, playing, queue_idle};
use crate::nav::{Nav, Owner, UiPress};
use crate::screens::{Overlay, Screen, click};
use crate::theme::SEAT_COLORS;
use crate::ui::{self, GOLD};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::{Action, GoblinMarket};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        choice_panel.run_if(in_state(Screen::Table).and_then(playing::<GoblinMarket>)),
    );
    app.add_systems(
        Update,
        click_cards.run_if(in_state(Screen::Table).and_then(resource_exists::<Choice>)),
    );
}

fn choice_panel(
    mut contexts: EguiContexts,
    m: Res<Match>,
    presenter: Res<Presenter>,
    choice: Option<Res<Choice>>,
    overlay: Res<Overlay>,
    mut dock: ResMut<Dock>,
    mut clicks: MessageWriter<ChoiceClick>,
    mut nav_out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if *overlay != Overlay::None {
        return Ok(());
    }
    let Some(choice) = choice else {
        // Whose turn it is, when it is not a person's here.
        if queue_idle(&m, &presenter)
            && let Some(s) = m.game.current_player()
        {
            kit::thinking_line(ctx, &mut dock, &m.seats[s].name);
        }
        return Ok(());
    };
    let seat = &m.seats[choice.seat];
    let c = SEAT_COLORS[seat.color % SEAT_COLORS.len()].0;
    let seat_color = egui::Color32::from_rgb(c[0], c[1], c[2]);
    let prompt = if choice.bidding {
        format!("{}, your bid", seat.name)
    } else if choice.options.first() == Some(&Action::TakeAll) {
        format!("{}, you won: take all, or just one?", seat.name)
    } else {
        format!("{}, pick one of the cards left", seat.name)
    };
    let hint = if choice.bidding && !choice.can_bid() {
        format!(
            "You cannot outbid the high bid: pass.   {}",
            kit::CHOICE_KEYS
        )
    } else {
        kit::CHOICE_KEYS.to_string()
    };
    kit::docked_panel(ctx, &mut dock, &prompt, seat_color, &hint, |ui| {
        if choice.bidding && choice.can_bid() {
            if ui
                .add(
                    egui::Button::new(egui::RichText::new(" - ").size(30.0))
                        .min_size(egui::vec2(52.0, 48.0)),
                )
                .clicked()
            {
                click(&mut nav_out, Owner::Table, Nav::Left);
            }
            ui.label(
                egui::RichText::new(format!("{:>2}", choice.bid))
                    .size(40.0)
                    .color(GOLD),
            );
            if ui
                .add(
                    egui::Button::new(egui::RichText::new(" + ").size(30.0))
                        .min_size(egui::vec2(52.0, 48.0)),
                )
                .clicked()
            {
                click(&mut nav_out, Owner::Table, Nav::Right);
            }
            ui.label(
                egui::RichText::new(format!("({}-{})", choice.min, choice.max))
                    .size(20.0)
                    .color(ui::MUTED),
            );
        }
        for (i, a) in choice.options.iter().enumerate() {
            let label = option_label(a, &choice);
            if ui::big_button(ui, &label, choice.focus == i, true) {
                clicks.write(ChoiceClick(a.clone()));
            }
        }
    });
    Ok(())
}

/// A click or tap on a card of the auction row takes it, when that is a legal choice.
fn click_cards(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    view: Res<TableView>,
    choice: Res<Choice>,
    mut contexts: EguiContexts,
    mut clicks: MessageWriter<ChoiceClick>,
) {
    let pressed_at: Option<Vec2> = {
        let window = windows.single().ok();
        let mouse_pos = mouse
            .filter(|m| m.just_pressed(MouseButton::Left))
            .and_then(|_| window.and_then(|w| w.cursor_position()));
        mouse_pos
            .or_else(|| touches.and_then(|t| t.iter_just_pressed().next().map(|t| t.position())))
    };
    let Some(screen) = pressed_at else { return };
    if contexts.ctx_mut().is_ok_and(|c| c.is_pointer_over_egui()) {
        return;
    }
    let Some((camera, cam_tf)) = cameras.iter().next() else {
        return;
    };
    let Ok(world) = camera.viewport_to_world_2d(cam_tf, screen) else {
        return;
    };
    if let Some(card) = row_card_at(&view, world) {
        let a = Action::TakeOne(card);
        if choice.options.contains(&a) {
            clicks.write(ChoiceClick(a));
        }
    }
}
