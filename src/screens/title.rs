//! The title screen: the name over a living table, and the main menu.

use super::{MenuFocus, Overlay, OverlayReturn, Screen, menu_nav};
use crate::anim::{Bob, CardSide};
use crate::art::Art;
use crate::nav::Nav;
use crate::save::SaveStatus;
use crate::theme::{self, Fonts};
use crate::ui;
use bevy::prelude::*;
use bevy::sprite::Text2dShadow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::decktet::decktet;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), spawn_title);
    app.add_systems(Update, drift_cards.run_if(in_state(Screen::Title)));
    app.add_systems(
        EguiPrimaryContextPass,
        title_menu.run_if(in_state(Screen::Title)),
    );
}

#[derive(Component)]
struct Drifting {
    spin: f32,
}

fn spawn_title(mut commands: Commands, art: Res<Art>, fonts: Res<Fonts>) {
    commands.spawn((DespawnOnExit(Screen::Title), crate::art::felt_sprite(&art)));
    commands.spawn((
        DespawnOnExit(Screen::Title),
        Text2d::new("Come Buy"),
        fonts.display(190.0),
        TextColor(theme::GOLD),
        Text2dShadow {
            offset: Vec2::new(6.0, -6.0),
            color: Color::srgba(0.0, 0.0, 0.0, 0.7),
        },
        Transform::from_xyz(0.0, 300.0, 5.0),
    ));
    commands.spawn((
        DespawnOnExit(Screen::Title),
        Text2d::new("a table for small card games"),
        fonts.display(44.0),
        TextColor(theme::CREAM),
        Text2dShadow::default(),
        Transform::from_xyz(0.0, 170.0, 5.0),
    ));
    // A fan of face-up cards from the three games drifting gently on either side.
    let d = decktet();
    let poker = |rank, suit| come_buy_engine::mykonos::cards::Card::new(rank, suit);
    use come_buy_engine::mykonos::cards::Suit as P;
    let mut spawned: Vec<Entity> = Vec::new();
    if let Some(c) = d.by_name("The Huntress") {
        spawned.push(crate::table::goblin_market::spawn_card(
            &mut commands,
            &art,
            &fonts,
            c,
            Vec3::ZERO,
            1.15,
        ));
    }
    if let Some(c) = poker(13, P::Hearts) {
        spawned.push(crate::table::mykonos::spawn_card(
            &mut commands,
            &art,
            &fonts,
            c,
            Vec3::ZERO,
            1.15,
        ));
    }
    spawned.push(crate::table::duchess::spawn_card(
        &mut commands,
        &art,
        &fonts,
        come_buy_engine::duchess::deck::Card(4),
        Vec3::ZERO,
        1.15,
    ));
    spawned.push(crate::table::duchess::spawn_card(
        &mut commands,
        &art,
        &fonts,
        come_buy_engine::duchess::deck::Card(11),
        Vec3::ZERO,
        1.15,
    ));
    if let Some(c) = poker(12, P::Clubs) {
        spawned.push(crate::table::mykonos::spawn_card(
            &mut commands,
            &art,
            &fonts,
            c,
            Vec3::ZERO,
            1.15,
        ));
    }
    if let Some(c) = d.by_name("The Market") {
        spawned.push(crate::table::goblin_market::spawn_card(
            &mut commands,
            &art,
            &fonts,
            c,
            Vec3::ZERO,
            1.15,
        ));
    }
    for (i, e) in spawned.into_iter().enumerate() {
        let side = if i < 3 { -1.0 } else { 1.0 };
        let k = (i % 3) as f32;
        let base = Vec3::new(side * (520.0 + k * 120.0), -120.0 + k * 40.0, 1.0 + k);
        // (This DespawnOnExit replaces the one the table's spawn gave it.)
        commands.entity(e).insert((
            Transform::from_translation(base).with_scale(Vec3::splat(1.15)),
            DespawnOnExit(Screen::Title),
            CardSide { face_up: true },
            Bob {
                base,
                amplitude: 10.0,
                speed: 0.9 + 0.2 * k,
                phase: i as f32,
            },
            Drifting {
                spin: side * (0.08 + 0.05 * k),
            },
        ));
    }
}

fn drift_cards(time: Res<Time>, mut q: Query<(&mut Transform, &Drifting)>) {
    let t = time.elapsed_secs();
    for (mut tf, d) in &mut q {
        tf.rotation = Quat::from_rotation_z(d.spin + 0.03 * (t * 0.7 + d.spin * 10.0).sin());
    }
}

/// The main menu's entries; Continue appears when a game in progress was saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Continue,
    Play,
    Settings,
    Rules,
    Quit,
}

pub fn entries(save: &SaveStatus) -> Vec<(Entry, &'static str)> {
    let mut v = Vec::new();
    if matches!(save, SaveStatus::Ready(_)) {
        v.push((Entry::Continue, "Continue"));
    }
    v.push((Entry::Play, "New game"));
    v.push((Entry::Settings, "Settings"));
    v.push((Entry::Rules, "How to play"));
    if !cfg!(target_arch = "wasm32") {
        v.push((Entry::Quit, "Quit"));
    }
    v
}

fn title_menu(
    mut commands: Commands,
    mut contexts: EguiContexts,
    mut navs: MessageReader<Nav>,
    mut focus: ResMut<MenuFocus>,
    mut overlay: ResMut<Overlay>,
    mut back: ResMut<OverlayReturn>,
    mut save: ResMut<SaveStatus>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    if *overlay != Overlay::None {
        return Ok(());
    }
    let items = entries(&save);
    let mut chosen = None;
    for nav in menu_nav(&mut navs, &mut focus, items.len()) {
        if nav == Nav::Confirm {
            chosen = Some(items[focus.0].0);
        }
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("title-menu".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -70.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                if let SaveStatus::Broken(msg) = &*save {
                    ui.label(egui::RichText::new(msg).size(16.0).color(ui::MUTED));
                }
                for (i, (entry, label)) in items.iter().enumerate() {
                    if ui::big_button(ui, label, focus.0 == i, true) {
                        chosen = Some(*entry);
                    }
                }
            });
        });
    match chosen {
        Some(Entry::Continue) => {
            if let SaveStatus::Ready(saved) = &*save {
                match saved.continue_match(&mut commands) {
                    Ok(()) => next.set(Screen::Table),
                    Err(e) => {
                        *save = SaveStatus::Broken(format!(
                            "The saved game could not be continued ({e})."
                        ))
                    }
                }
            }
        }
        Some(Entry::Play) => next.set(Screen::NewGame),
        Some(Entry::Settings) => {
            back.0 = Overlay::None;
            *overlay = Overlay::Settings;
        }
        Some(Entry::Rules) => {
            back.0 = Overlay::None;
            *overlay = Overlay::Rules;
        }
        Some(Entry::Quit) => {
            exit.write(AppExit::Success);
        }
        None => {}
    }
    Ok(())
}
