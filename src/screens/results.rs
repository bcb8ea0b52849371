//! Results: each player's score in the game's own columns, the totals counting up row by row,
//! the winner (or, solo, the rank earned), and play again / new game / title.
use super::{MenuAct, MenuFocus, MenuInput, Overlay, Screen, click};
use crate::anim::{Counter, Ease, MoveTween};
use crate::art::Art;
use crate::audio::PlayCue;
use crate::nav::{Nav, Owner, UiPress};
use crate::screens::new_game::GameSetup;
use crate::table::{LastMatch, Match, SeatInfo, TableGame};
use crate::theme::{self, Fonts};
use crate::ui;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::sprite::Text2dShadow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_media::synth::Cue;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Results), spawn_felt);
    app.add_systems(
        EguiPrimaryContextPass,
        results_menu.run_if(in_state(Screen::Results)),
    );
}

/// The results screen for game `G` (added by `table::register`).
pub fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Results),
        (
            spawn_results::<G>,
            |mut commands: Commands, m: Res<Match<G>>| {
                commands.insert_resource(Rematch {
                    seed: rematch_seed(&m),
                });
                let record = crate::save::record_of(&m);
                let code = come_buy_engine::code::encode::<G>(&record).ok();
                commands.insert_resource(MatchCode(code));
            },
        )
            .run_if(crate::table::playing::<G>),
    );
}

/// The finished match's code (`come-buy --watch CODE` replays it), shown under the results.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct MatchCode(pub Option<String>);

/// The seed "Play again" deals with: a new deal at which the start passes to the next seat.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rematch {
    pub seed: u64,
}

/// Who begins a match of `G` set up with `setup`.
pub fn first_player<G: TableGame>(setup: &come_buy_engine::game::Setup) -> Option<usize> {
    G::start(setup).ok().and_then(|(g, _)| g.current_player())
}

/// A seed for the rematch of `m`, the same seats and rules: a new deal (derived from `m`'s
/// seed, so a rematch replays exactly too) at which the seat after the one who began `m`
/// begins. Solo, simply a new deal.
pub fn rematch_seed<G: TableGame>(m: &Match<G>) -> u64 {
    let n = m.seats.len().max(1);
    let want = first_player::<G>(&m.setup).map(|s| (s + 1) % n);
    let candidate = |i: u64| come_buy_engine::rng::Rng::derive(m.setup.seed, i).next_u64();
    let mut setup = m.setup.clone();
    for i in 0..512 {
        setup.seed = candidate(i);
        if first_player::<G>(&setup) == want {
            return setup.seed;
        }
    }
    candidate(0)
}

/// A column of the results table: an icon (a suit symbol, a coin) or a word.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultColumn {
    pub icon: Option<Handle<Image>>,
    pub label: String,
}

/// One row of the results table, in finishing order.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub seat: usize,
    pub name: String,
    /// One entry per column: the text and its colour.
    pub cells: Vec<(String, Color)>,
    pub total: i64,
    pub winner: bool,
}

/// What the results screen shows for a finished match.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ResultTable {
    pub columns: Vec<ResultColumn>,
    pub rows: Vec<ResultRow>,
    /// The total's heading ("Points", "Money", "Florins").
    pub total_label: String,
    /// One line under the table on how the game was scored.
    pub footnote: String,
    /// A headline that replaces "X wins!" (solo: the rank earned).
    pub headline: Option<String>,
}

impl ResultTable {
    /// Sorts rows into finishing order: winners first, then by total.
    pub fn sort(&mut self) {
        self.rows.sort_by_key(|r| (!r.winner, -r.total, r.seat));
    }
}

pub fn winners_line(rows: &[ResultRow]) -> String {
    let w: Vec<&str> = rows
        .iter()
        .filter(|r| r.winner)
        .map(|r| r.name.as_str())
        .collect();
    come_buy_text::say(
        &come_buy_engine::text::Text::new("results-winners")
            .num("n", w.len() as i64)
            .raw("names", come_buy_text::and_list(&w)),
    )
}

fn spawn_felt(mut commands: Commands, art: Res<Art>) {
    commands.spawn((
        DespawnOnExit(Screen::Results),
        crate::art::felt_sprite(&art),
    ));
}

fn spawn_results<G: TableGame>(
    mut commands: Commands,
    art: Res<Art>,
    fonts: Res<Fonts>,
    m: Res<Match<G>>,
    mut cues: MessageWriter<PlayCue>,
) {
    let table = G::result_table(&m, &art);
    let pitch = if G::HIDDEN_HANDS {
        HAND_PITCH
    } else {
        ROW_PITCH
    };
    let rows = spawn_table(&mut commands, &fonts, &m.seats, &table, pitch);
    // Games with secret hands show every final hand (the Duchess: every necklace).
    if G::HIDDEN_HANDS {
        for (seat, y, delay) in rows {
            let cards = G::spawn_final_hand(&mut commands, &art, &fonts, &m, seat);
            let n = cards.len().max(1) as f32;
            let step = (HAND_WIDTH / n).min(HAND_SCALE * crate::art::CARD.x + 8.0);
            for (i, e) in cards.into_iter().enumerate() {
                let x = HAND_X + i as f32 * step;
                let z = 3.0 + i as f32 * 0.1;
                commands.entity(e).insert((
                    DespawnOnExit(Screen::Results),
                    crate::anim::CardSide { face_up: true },
                    Transform::from_xyz(x - 1400.0, y, z).with_scale(Vec3::splat(HAND_SCALE)),
                    MoveTween::new(Vec3::new(x - 1400.0, y, z), Vec3::new(x, y, z), 0.6)
                        .delay(delay + 0.1)
                        .ease(Ease::CubicOut),
                ));
            }
        }
    }
    cues.write(PlayCue(Cue::Win));
}

/// Rows of the results table, apart; taller when each row shows its final hand.
pub const ROW_PITCH: f32 = 92.0;
pub const HAND_PITCH: f32 = 124.0;
/// Where a row's final hand is laid out: from this x, over this width, at this scale.
pub const HAND_X: f32 = 190.0;
pub const HAND_WIDTH: f32 = 360.0;
pub const HAND_SCALE: f32 = 0.46;

/// Lays out the results: the headline, the column heads, and the rows sliding in one by one
/// with their totals counting up.
/// Returns each row's seat, height and slide-in delay.
pub fn spawn_table(
    commands: &mut Commands,
    fonts: &Fonts,
    seats: &[SeatInfo],
    t: &ResultTable,
    pitch: f32,
) -> Vec<(usize, f32, f32)> {
    let mut placed = Vec::new();
    let headline = t.headline.clone().unwrap_or_else(|| winners_line(&t.rows));
    commands.spawn((
        DespawnOnExit(Screen::Results),
        Text2d::new(headline),
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
    let cols = t.columns.len().max(1) as f32;
    // Columns share the space between the names and the total.
    let col_w = (820.0 / cols).min(130.0);
    let col_x = |i: usize| x0 + 430.0 + i as f32 * col_w + (820.0 - col_w * cols) / 2.0;
    for (i, c) in t.columns.iter().enumerate() {
        match &c.icon {
            Some(icon) => {
                commands.spawn((
                    DespawnOnExit(Screen::Results),
                    Sprite {
                        image: icon.clone(),
                        custom_size: Some(Vec2::splat(58.0)),
                        ..default()
                    },
                    Transform::from_xyz(col_x(i), header_y, 2.0),
                ));
            }
            None => {
                commands.spawn((
                    DespawnOnExit(Screen::Results),
                    Text2d::new(c.label.clone()),
                    fonts.text(26.0),
                    TextColor(theme::CREAM),
                    Transform::from_xyz(col_x(i), header_y, 2.0),
                ));
            }
        }
    }
    commands.spawn((
        DespawnOnExit(Screen::Results),
        Text2d::new(t.total_label.clone()),
        fonts.text(30.0),
        TextColor(theme::CREAM),
        Transform::from_xyz(x0 + 1380.0, header_y, 2.0),
    ));
    for (r, row) in t.rows.iter().enumerate() {
        let y = header_y - 95.0 - r as f32 * pitch;
        let delay = 0.35 + r as f32 * 0.35;
        placed.push((row.seat, y, delay));
        let color = seats
            .get(row.seat)
            .map(|s| theme::rgb(theme::SEAT_COLORS[s.color % theme::SEAT_COLORS.len()].0))
            .unwrap_or(theme::CREAM);
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
                custom_size: Some(Vec2::new(1600.0, pitch - 14.0)),
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
        for (i, (text, c)) in row.cells.iter().enumerate() {
            commands.spawn((
                DespawnOnExit(Screen::Results),
                Text2d::new(text.clone()),
                fonts.text(40.0),
                TextColor(*c),
                Transform::from_xyz(-1400.0, y, 2.0),
                slide(col_x(i), 2.0),
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
        Text2d::new(t.footnote.clone()),
        fonts.text(24.0),
        TextColor(theme::CREAM.with_alpha(0.8)),
        Transform::from_xyz(
            0.0,
            header_y - 95.0 - t.rows.len() as f32 * pitch + pitch / 2.0 - 40.0,
            2.0,
        ),
    ));
    placed
}

const ITEMS: [&str; 5] = [
    "results-play-again",
    "results-watch-again",
    "results-copy-code",
    "menu-new-game",
    "results-title",
];

/// The results menu: Play again (first), New game, Title; Esc or B go to the title.
pub fn results_logic(
    mut menu: MenuInput,
    mut commands: Commands,
    mut overlay: ResMut<Overlay>,
    mut setup: ResMut<GameSetup>,
    (last, rematch): (Option<Res<LastMatch>>, Option<Res<Rematch>>),
    (dir, mut saves, mut pending): (
        Res<crate::save::SaveDir>,
        ResMut<crate::save::Saves>,
        ResMut<super::overlay::PendingStart>,
    ),
    (code, mut clipboard, mut note): (
        Option<Res<MatchCode>>,
        ResMut<bevy::clipboard::Clipboard>,
        ResMut<crate::clip::ClipNote>,
    ),
) {
    let acts = menu.acts(&overlay, Owner::Results, ITEMS.len());
    let next = &mut menu.next;
    for act in acts {
        match act {
            MenuAct::Confirm(0) => {
                if let Some(last) = &last {
                    setup.game = last.kind;
                    setup.seats = last.seats.clone();
                    setup.variant = last
                        .kind
                        .variant_choices()
                        .iter()
                        .position(|(_, v)| *v == last.variants)
                        .unwrap_or(0);
                }
                // The same seats; the start passes on to the next seat. Only this rematch has
                // that seed: the next new game deals afresh.
                let deal = GameSetup {
                    seed: rematch.as_ref().map(|r| r.seed),
                    ..setup.clone()
                };
                match super::overlay::start_or_ask(
                    &mut commands,
                    deal,
                    (&dir, &mut saves),
                    &mut pending,
                    &mut overlay,
                ) {
                    Ok(true) => next.set(Screen::Table),
                    Ok(false) => {}
                    Err(e) => error!("cannot start: {e}"),
                }
            }
            MenuAct::Confirm(1) => {
                commands.queue(crate::table::replay::WatchAgain);
                next.set(Screen::Table);
            }
            MenuAct::Confirm(2) => {
                // Copying stays on the results (the note under the code says how it went).
                if let Some(c) = code.as_ref().and_then(|c| c.0.clone()) {
                    crate::clip::copy(&mut clipboard, &mut note, &c);
                }
                continue;
            }
            MenuAct::Confirm(3) => next.set(Screen::NewGame),
            MenuAct::Confirm(_) | MenuAct::Back => next.set(Screen::Title),
            MenuAct::Step(..) => continue,
        }
        break;
    }
}

fn results_menu(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    (overlay, code): (Res<Overlay>, Option<Res<MatchCode>>),
    mut out: MessageWriter<UiPress>,
    note: Res<crate::clip::ClipNote>,
) -> Result {
    if *overlay != Overlay::None {
        return Ok(());
    }
    let f = focus.of(Owner::Results);
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("results menu".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -40.0])
        .show(ctx, |ui| {
            // The match code, small, above the buttons (to watch the match again later).
            if let Some(code) = code.as_ref().and_then(|c| c.0.as_ref()) {
                ui.vertical_centered(|ui| {
                    ui.add(
                        egui::Label::new(
                            egui::RichText::new(come_buy_text::say(
                                &come_buy_engine::text::Text::new("results-code")
                                    .raw("code", code.clone()),
                            ))
                            .size(15.0)
                            .color(ui::MUTED),
                        )
                        .wrap(),
                    );
                });
                if let Some(n) = &note.0 {
                    ui.vertical_centered(|ui| {
                        ui.label(egui::RichText::new(n).size(20.0).color(ui::GOLD));
                    });
                }
                ui.add_space(6.0);
            }
            let has_code = code.as_ref().is_some_and(|c| c.0.is_some());
            ui.horizontal(|ui| {
                for (i, label) in ITEMS.iter().enumerate() {
                    if *label == "results-copy-code" && !has_code {
                        continue;
                    }
                    if ui::big_button(ui, &come_buy_text::tr(label), f == i, true) {
                        click(&mut out, Owner::Results, Nav::Pick(i));
                    }
                }
            });
        });
    Ok(())
}
