//! Results: each player's suits (positive in green, negative in red), the totals counting up
//! row by row, the winner, and play again / new game / title.

use super::{MenuFocus, Overlay, Screen, menu_nav};
use crate::anim::{Counter, Ease, MoveTween};
use crate::art::Art;
use crate::audio::PlayCue;
use crate::nav::Nav;
use crate::screens::new_game::GameSetup;
use crate::table::Match;
use crate::theme::{self, Fonts};
use crate::ui;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::sprite::Text2dShadow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::decktet::Suit;
use come_buy_engine::game::Game;
use come_buy_media::synth::Cue;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Results), spawn_results);
    app.add_systems(
        EguiPrimaryContextPass,
        results_menu.run_if(in_state(Screen::Results)),
    );
}

/// One row of the results table, in finishing order.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub seat: usize,
    pub name: String,
    pub counts: [u32; 6],
    pub positive: [bool; 6],
    pub plus: i64,
    pub minus: i64,
    pub total: i64,
    pub winner: bool,
}

/// The rows of the results table: winners first, then by points and positive points.
pub fn result_rows(m: &Match) -> Vec<ResultRow> {
    let (Some(scores), Some(breakdown)) = (m.game.scores(), m.breakdown.as_ref()) else {
        return Vec::new();
    };
    let mut rows: Vec<ResultRow> = breakdown
        .iter()
        .enumerate()
        .map(|(s, b)| ResultRow {
            seat: s,
            name: m.seats[s].name.clone(),
            counts: b.counts,
            positive: b.positive,
            plus: b.plus,
            minus: b.minus,
            total: b.total,
            winner: scores.winners.contains(&s),
        })
        .collect();
    rows.sort_by_key(|r| (!r.winner, -r.total, -r.plus, r.seat));
    rows
}

pub fn winners_line(rows: &[ResultRow]) -> String {
    let w: Vec<&str> = rows
        .iter()
        .filter(|r| r.winner)
        .map(|r| r.name.as_str())
        .collect();
    match w.len() {
        0 => "No winner".into(),
        1 => format!("{} wins!", w[0]),
        _ => format!("{} share the win!", w.join(" and ")),
    }
}

fn spawn_results(
    mut commands: Commands,
    art: Res<Art>,
    fonts: Res<Fonts>,
    m: Option<Res<Match>>,
    mut cues: MessageWriter<PlayCue>,
) {
    commands.spawn((
        DespawnOnExit(Screen::Results),
        crate::art::felt_sprite(&art),
    ));
    let Some(m) = m else { return };
    let rows = result_rows(&m);
    cues.write(PlayCue(Cue::Win));
    commands.spawn((
        DespawnOnExit(Screen::Results),
        Text2d::new(winners_line(&rows)),
        fonts.display(110.0),
        TextColor(theme::GOLD),
        Text2dShadow {
            offset: Vec2::new(5.0, -5.0),
            color: Color::srgba(0.0, 0.0, 0.0, 0.7),
        },
        Transform::from_xyz(0.0, 400.0, 5.0),
    ));
    let x0 = -760.0;
    let header_y = 290.0;
    for suit in Suit::ALL {
        commands.spawn((
            DespawnOnExit(Screen::Results),
            Sprite {
                image: art.suit(suit),
                custom_size: Some(Vec2::splat(58.0)),
                ..default()
            },
            Transform::from_xyz(x0 + 430.0 + suit.index() as f32 * 120.0, header_y, 2.0),
        ));
    }
    commands.spawn((
        DespawnOnExit(Screen::Results),
        Text2d::new("Points"),
        fonts.text(30.0),
        TextColor(theme::CREAM),
        Transform::from_xyz(x0 + 1380.0, header_y, 2.0),
    ));
    for (r, row) in rows.iter().enumerate() {
        let y = header_y - 95.0 - r as f32 * 92.0;
        let delay = 0.35 + r as f32 * 0.35;
        let color =
            theme::rgb(theme::SEAT_COLORS[m.seats[row.seat].color % theme::SEAT_COLORS.len()].0);
        let slide = |x: f32, z: f32| {
            MoveTween::new(Vec3::new(x - 1400.0, y, z), Vec3::new(x, y, z), 0.6)
                .delay(delay)
                .ease(Ease::CubicOut)
        };
        commands.spawn((
            DespawnOnExit(Screen::Results),
            Sprite {
                color: if row.winner {
                    Color::srgba(0.45, 0.33, 0.05, 0.75)
                } else {
                    Color::srgba(0.02, 0.06, 0.05, 0.6)
                },
                custom_size: Some(Vec2::new(1600.0, 78.0)),
                ..default()
            },
            Transform::from_xyz(-1400.0, y, 1.0),
            slide(0.0, 1.0),
        ));
        commands.spawn((
            DespawnOnExit(Screen::Results),
            Text2d::new(row.name.clone()),
            fonts.display(46.0),
            TextColor(color),
            Anchor::CENTER_LEFT,
            Transform::from_xyz(-1400.0, y, 2.0),
            slide(x0, 2.0),
        ));
        for suit in Suit::ALL {
            let i = suit.index();
            let n = row.counts[i];
            let (text, c) = if n == 0 {
                ("0".to_string(), theme::CREAM.with_alpha(0.4))
            } else if row.positive[i] {
                (format!("+{n}"), Color::srgb(0.55, 0.95, 0.55))
            } else {
                (format!("-{n}"), Color::srgb(1.0, 0.55, 0.5))
            };
            commands.spawn((
                DespawnOnExit(Screen::Results),
                Text2d::new(text),
                fonts.text(40.0),
                TextColor(c),
                Transform::from_xyz(-1400.0, y, 2.0),
                slide(x0 + 430.0 + i as f32 * 120.0, 2.0),
            ));
        }
        let mut counter = Counter::new(0.0);
        counter.target = row.total as f32;
        commands.spawn((
            DespawnOnExit(Screen::Results),
            Text2d::new("0"),
            counter,
            fonts.display(54.0),
            TextColor(theme::GOLD),
            Transform::from_xyz(-1400.0, y, 2.0),
            slide(x0 + 1380.0, 2.0),
        ));
    }
    commands.spawn((
        DespawnOnExit(Screen::Results),
        Text2d::new("The three suits you hold most score +1 per symbol; the other three score -1. Ties go to the most positive points."),
        fonts.text(24.0),
        TextColor(theme::CREAM.with_alpha(0.8)),
        Transform::from_xyz(0.0, header_y - 95.0 - rows.len() as f32 * 92.0 - 10.0, 2.0),
    ));
}

const ITEMS: [&str; 3] = ["Play again", "New game", "Title screen"];

fn results_menu(
    mut commands: Commands,
    mut contexts: EguiContexts,
    mut navs: MessageReader<Nav>,
    mut focus: ResMut<MenuFocus>,
    overlay: Res<Overlay>,
    mut setup: ResMut<GameSetup>,
    m: Option<Res<Match>>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    if *overlay != Overlay::None {
        return Ok(());
    }
    let mut chosen = None;
    for nav in menu_nav(&mut navs, &mut focus, ITEMS.len()) {
        if nav == Nav::Confirm {
            chosen = Some(focus.0);
        }
    }
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("results-menu".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -40.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for (i, label) in ITEMS.iter().enumerate() {
                    if ui::big_button(ui, label, focus.0 == i, true) {
                        chosen = Some(i);
                    }
                }
            });
        });
    match chosen {
        Some(0) => {
            if let Some(m) = m {
                setup.seats = m.seats.clone();
            }
            setup.seed = None;
            match setup.start() {
                Ok(m) => {
                    commands.insert_resource(m);
                    next.set(Screen::Table);
                }
                Err(e) => error!("cannot start: {e}"),
            }
        }
        Some(1) => next.set(Screen::NewGame),
        Some(2) => next.set(Screen::Title),
        _ => {}
    }
    Ok(())
}
