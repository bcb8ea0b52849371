//! Results: each player's score in the game's own columns, the totals counting up row by row,
//! the winner (or, solo, the rank earned), and play again / new game / title.
use crate::anim::{Counter, Ease, MoveTween};
use crate::art::Art;
use crate::audio::PlayCue;
use crate::games::LastMatch;
use crate::menu::{MenuAct, MenuInput};
use crate::nav::Owner;
use crate::screens::new_game::GameSetup;
use crate::state::{Overlay, Screen};
use crate::table::{Match, SeatInfo, TableGame};
// What a game reports for its results is part of the table's contract (`table::scores`).
pub use crate::table::scores::{ResultColumn, ResultRow, ResultTable};
use crate::theme::{self, Fonts};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::sprite::Text2dShadow;
use bevy_egui::EguiPrimaryContextPass;
use come_buy_media::synth::Cue;

pub fn plugin(app: &mut App) {
    crate::games::for_each(&mut EachGame(app));
    app.add_systems(OnEnter(Screen::Results), spawn_felt);
    app.init_resource::<ResultsOpened>();
    app.add_systems(
        OnEnter(Screen::Results),
        |time: Res<Time>, mut opened: ResMut<ResultsOpened>| {
            opened.0 = time.elapsed_secs_f64();
        },
    );
    app.add_systems(
        EguiPrimaryContextPass,
        results_menu.run_if(in_state(Screen::Results).and_then(in_state(Overlay::None))),
    );
    app.add_systems(Update, fall_confetti);
    // The results stand above their menu (measured as egui laid it out last frame).
    app.init_resource::<MenuTop>();
    app.add_systems(OnExit(Screen::Results), |mut top: ResMut<MenuTop>| {
        top.0 = None
    });
    app.add_systems(
        PostUpdate,
        fit_results
            .run_if(in_state(Screen::Results))
            .before(bevy::transform::TransformSystems::Propagate),
    );
}

/// The results screen for game `G` (added by `table::register`).
/// Registers every game's results systems (the screen comes to the games, not the table to it).
struct EachGame<'a>(&'a mut App);

impl crate::games::EachGame for EachGame<'_> {
    fn visit<G: TableGame>(&mut self) {
        register::<G>(self.0);
    }
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
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
pub(crate) struct Rematch {
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

pub(crate) fn winners_line(rows: &[ResultRow]) -> String {
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
    let geo = Geometry::of(table.rows.len(), table.columns.len(), G::HIDDEN_HANDS);
    // Everything below hangs from one root, fitted above the menu (see `menu::fit_results`):
    // from the headline's top to under the footnote, the bands' width across.
    let root = commands
        .spawn((
            DespawnOnExit(Screen::Results),
            Transform::default(),
            Visibility::default(),
            ResultsRoot {
                top: 480.0,
                bottom: geo.footnote_y() - 24.0,
                half_width: 810.0,
            },
        ))
        .id();
    let rows = spawn_table(&mut commands, (&fonts, root), &m.seats, &table, &geo);
    // Games with secret hands show every final hand (the Duchess: every necklace), as large
    // as the rows allow.
    if G::HIDDEN_HANDS {
        for (seat, y, delay) in rows {
            let cards = G::spawn_final_hand(&mut commands, &art, &fonts, &m, seat);
            let n = cards.len().max(1);
            for (i, e) in cards.into_iter().enumerate() {
                let x = geo.card_x(i, n);
                let z = 3.0 + i as f32 * 0.1;
                commands.entity(e).insert((
                    ChildOf(root),
                    crate::anim::CardSide { face_up: true },
                    Transform::from_xyz(x - 1400.0, y, z).with_scale(Vec3::splat(geo.card_scale)),
                    MoveTween::new(Vec3::new(x - 1400.0, y, z), Vec3::new(x, y, z), 0.6)
                        .delay(delay + 0.1)
                        .ease(Ease::CubicOut),
                ));
            }
        }
    }
    // A short celebration for the winner (solo: for finishing), in their colour and gold.
    let colors: Vec<Color> = table
        .rows
        .iter()
        .filter(|r| r.winner)
        .filter_map(|r| m.seats.get(r.seat))
        .map(crate::table::kit::seat_color)
        .collect();
    celebrate(&mut commands, root, &colors, m.setup.seed);
    cues.write(PlayCue(Cue::Win));
}

/// A piece of confetti: it falls, turns and fades, then goes.
#[derive(Component, Debug, Clone)]
pub(crate) struct Confetti {
    pub velocity: Vec2,
    pub spin: f32,
    pub age: f32,
    pub life: f32,
}

/// Confetti pieces for a winner.
pub(crate) const CONFETTI: usize = 110;

/// Where confetti melts away: above the column heads, so that it dresses the headline and
/// never crosses a row, a score or the lines under them (it used to fall through them all).
pub(crate) const CONFETTI_FLOOR: f32 = ROWS_TOP + 90.0;

/// Confetti falling around the headline in `colors` (the winners' seats) and gold, spread by
/// `seed` (the same match celebrates the same way), under the results' `root`.
pub(crate) fn celebrate(commands: &mut Commands, root: Entity, colors: &[Color], seed: u64) {
    let mut rng = come_buy_engine::rng::Rng::new(seed ^ 0x00c0_ffee);
    let mut unit = move || rng.below(10_000) as f32 / 10_000.0;
    for i in 0..CONFETTI {
        let color = match (i % 3, colors.get(i % colors.len().max(1))) {
            (0, _) | (_, None) => theme::GOLD,
            (1, Some(c)) => *c,
            _ => theme::CREAM,
        };
        let x = -900.0 + 1800.0 * unit();
        let y = 550.0 + 260.0 * unit();
        commands.spawn((
            ChildOf(root),
            Sprite {
                color,
                custom_size: Some(Vec2::new(10.0 + 8.0 * unit(), 18.0 + 10.0 * unit())),
                ..default()
            },
            // Behind the headline.
            Transform::from_xyz(x, y, 0.5)
                .with_rotation(Quat::from_rotation_z(std::f32::consts::TAU * unit())),
            Confetti {
                velocity: Vec2::new(-120.0 + 240.0 * unit(), -110.0 - 130.0 * unit()),
                spin: -6.0 + 12.0 * unit(),
                age: 0.0,
                life: 2.6 + 1.4 * unit(),
            },
        ));
    }
}

/// Confetti falls with a little drift, turning, and fades out at the end of its life or as
/// it nears [`CONFETTI_FLOOR`].
pub(crate) fn fall_confetti(
    mut commands: Commands,
    time: Res<Time>,
    mut pace: ResMut<crate::pace::Pace>,
    mut q: Query<(Entity, &mut Transform, &mut Sprite, &mut Confetti)>,
) {
    let dt = time.delta_secs().min(0.1);
    for (e, mut tf, mut sprite, mut c) in &mut q {
        pace.stir();
        c.age += dt;
        if c.age >= c.life || tf.translation.y < CONFETTI_FLOOR {
            commands.entity(e).try_despawn();
            continue;
        }
        c.velocity.x += (c.age * 3.0 + c.spin).sin() * 40.0 * dt;
        tf.translation += (c.velocity * dt).extend(0.0);
        tf.rotate_z(c.spin * dt);
        let fade = ((c.life - c.age) / 0.6)
            .min((tf.translation.y - CONFETTI_FLOOR) / 80.0)
            .clamp(0.0, 1.0);
        sprite.color.set_alpha(fade);
    }
}

/// Where the results' rows, columns and final cards go: rows share the height between the
/// headline and the buttons (taller, with larger cards, when there are fewer), columns sit
/// after the names, a final hand between the columns and the total.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Geometry {
    pub rows: usize,
    pub pitch: f32,
    /// The first row's centre.
    pub first_y: f32,
    /// The first column's centre and the columns' spacing.
    pub col_x: f32,
    pub col_w: f32,
    /// The final hand's cards: the first card's centre, the room they share, their scale.
    pub hand_x: f32,
    pub hand_width: f32,
    pub card_scale: f32,
    pub total_x: f32,
}

/// The rows' band: from under the column heads to above the footnote and the buttons.
pub(crate) const ROWS_TOP: f32 = 250.0;
pub(crate) const ROWS_BOTTOM: f32 = -320.0;
/// Where the names start, and the totals' centre.
pub(crate) const NAME_X: f32 = -760.0;
pub(crate) const TOTAL_X: f32 = 620.0;

impl Geometry {
    pub fn of(rows: usize, columns: usize, hands: bool) -> Geometry {
        let band = ROWS_TOP - ROWS_BOTTOM;
        let n = rows.max(1) as f32;
        let cols = columns.max(1) as f32;
        let pitch = if hands {
            (band / n).clamp(110.0, 250.0)
        } else {
            (band / n).clamp(80.0, 110.0)
        };
        let (col_x, col_w) = if hands {
            (-330.0, 150.0)
        } else {
            // Columns share the space between the names and the total.
            let w = (820.0 / cols).min(130.0);
            (NAME_X + 430.0 + (820.0 - w * cols) / 2.0, w)
        };
        let hand_x = col_x + cols * col_w - col_w / 2.0 + 40.0;
        let card_scale = (pitch - 26.0) / crate::art::CARD.y;
        Geometry {
            rows,
            pitch,
            first_y: ROWS_TOP - pitch / 2.0,
            col_x,
            col_w,
            hand_x: hand_x + crate::art::CARD.x * card_scale / 2.0,
            hand_width: TOTAL_X - 90.0 - hand_x,
            card_scale,
            total_x: TOTAL_X,
        }
    }

    pub(crate) fn row_y(&self, r: usize) -> f32 {
        self.first_y - r as f32 * self.pitch
    }

    pub(crate) fn column_x(&self, i: usize) -> f32 {
        self.col_x + i as f32 * self.col_w
    }

    /// Card `i` of a final hand of `n`: side by side, overlapping only when they must.
    pub(crate) fn card_x(&self, i: usize, n: usize) -> f32 {
        let w = crate::art::CARD.x * self.card_scale;
        let step = ((self.hand_width - w) / (n.max(2) - 1) as f32).min(w + 10.0);
        self.hand_x + i as f32 * step
    }

    /// The line under the rows.
    pub(crate) fn footnote_y(&self) -> f32 {
        self.row_y(self.rows.saturating_sub(1)) - self.pitch / 2.0 - 34.0
    }
}

/// Lays out the results: the headline, the column heads, and the rows sliding in one by one
/// with their totals counting up.
/// Returns each row's seat, height and slide-in delay.
pub(crate) fn spawn_table(
    commands: &mut Commands,
    (fonts, root): (&Fonts, Entity),
    seats: &[SeatInfo],
    t: &ResultTable,
    geo: &Geometry,
) -> Vec<(usize, f32, f32)> {
    spawn_heads(commands, (fonts, root), t, geo);
    let placed = (t.rows.iter().enumerate())
        .map(|(r, row)| spawn_row(commands, (fonts, root), seats, (r, row), geo))
        .collect();
    commands.spawn((
        ChildOf(root),
        Text2d::new(t.footnote.clone()),
        fonts.text(26.0),
        TextColor(theme::CREAM.with_alpha(0.85)),
        Transform::from_xyz(0.0, geo.footnote_y(), 2.0),
    ));
    placed
}

/// The headline, and the column heads (an icon or a word each) with the total's over the
/// rows.
fn spawn_heads(
    commands: &mut Commands,
    (fonts, root): (&Fonts, Entity),
    t: &ResultTable,
    geo: &Geometry,
) {
    let headline = t.headline.clone().unwrap_or_else(|| winners_line(&t.rows));
    commands.spawn((
        ChildOf(root),
        Text2d::new(headline),
        fonts.display(110.0),
        TextColor(theme::GOLD),
        Text2dShadow {
            offset: Vec2::new(5.0, -5.0),
            color: Color::srgba(0.0, 0.0, 0.0, 0.7),
        },
        Transform::from_xyz(0.0, 410.0, 5.0),
    ));
    let header_y = ROWS_TOP + 42.0;
    let col_x = |i: usize| geo.column_x(i);
    for (i, c) in t.columns.iter().enumerate() {
        match &c.icon {
            Some(icon) => {
                commands.spawn((
                    ChildOf(root),
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
                    ChildOf(root),
                    Text2d::new(c.label.clone()),
                    fonts.text(28.0),
                    TextColor(theme::CREAM),
                    Transform::from_xyz(col_x(i), header_y, 2.0),
                ));
            }
        }
    }
    commands.spawn((
        ChildOf(root),
        Text2d::new(t.total_label.clone()),
        fonts.text(30.0),
        TextColor(theme::CREAM),
        Transform::from_xyz(geo.total_x, header_y, 2.0),
    ));
}

/// Row `r` of the results (`row`), sliding in after the rows above it: its band (gold-edged
/// for a winner), the seat's colour and name, its cells and its total counting up. Returns
/// the row's seat, height and slide-in delay.
fn spawn_row(
    commands: &mut Commands,
    (fonts, root): (&Fonts, Entity),
    seats: &[SeatInfo],
    (r, row): (usize, &ResultRow),
    geo: &Geometry,
) -> (usize, f32, f32) {
    let y = geo.row_y(r);
    let delay = 0.35 + r as f32 * 0.35;
    let color = seats
        .get(row.seat)
        .map(|s| theme::rgb(theme::SEAT_COLORS[s.color % theme::SEAT_COLORS.len()].0))
        .unwrap_or(theme::CREAM);
    let slide = |x: f32, z: f32| {
        MoveTween::new(Vec3::new(x - 1400.0, y, z), Vec3::new(x, y, z), 0.6)
            .delay(delay)
            .ease(Ease::CubicOut)
    };
    // A winner's band glows gold at its edge; every band is dark enough that every word
    // on it reads at 4.5:1 or more (see `row_colours_read`).
    if row.winner {
        commands.spawn((
            ChildOf(root),
            Sprite {
                color: theme::GOLD,
                custom_size: Some(Vec2::new(1608.0, geo.pitch - 6.0)),
                ..default()
            },
            Transform::from_xyz(-1400.0, y, 0.9),
            slide(0.0, 0.9),
        ));
    }
    commands.spawn((
        ChildOf(root),
        Sprite {
            color: if row.winner { WINNER_BAND } else { ROW_BAND },
            custom_size: Some(Vec2::new(1600.0, geo.pitch - 14.0)),
            ..default()
        },
        Transform::from_xyz(-1400.0, y, 1.0),
        slide(0.0, 1.0),
    ));
    // The seat's colour as a swatch beside the name, the name in cream: a red or blue
    // name on a band read at 1.6:1.
    commands.spawn((
        ChildOf(root),
        Sprite {
            color,
            custom_size: Some(Vec2::new(14.0, 56.0)),
            ..default()
        },
        Transform::from_xyz(-1400.0, y, 2.0),
        slide(NAME_X - 24.0, 2.0),
    ));
    commands.spawn((
        ChildOf(root),
        Text2d::new(row.name.clone()),
        fonts.display(46.0),
        TextColor(theme::CREAM),
        Anchor::CENTER_LEFT,
        Transform::from_xyz(-1400.0, y, 2.0),
        slide(NAME_X, 2.0),
    ));
    for (i, (text, c)) in row.cells.iter().enumerate() {
        commands.spawn((
            ChildOf(root),
            Text2d::new(text.clone()),
            fonts.text(40.0),
            TextColor(*c),
            Transform::from_xyz(-1400.0, y, 2.0),
            slide(geo.column_x(i), 2.0),
        ));
    }
    let mut counter = Counter::new(0.0);
    counter.target = row.total as f32;
    commands.spawn((
        ChildOf(root),
        Text2d::new("0"),
        counter,
        fonts.display(54.0),
        TextColor(theme::GOLD),
        Transform::from_xyz(-1400.0, y, 2.0),
        slide(geo.total_x, 2.0),
    ));
    (row.seat, y, delay)
}

const ITEMS: [&str; 5] = [
    "results-play-again",
    "results-watch-again",
    "results-copy-code",
    "menu-new-game",
    "results-title",
];

/// How long the results take no press after they open (seconds): an Enter meant for the last
/// move of the table never deals a new game before the results are seen.
pub const RESULTS_GRACE: f64 = 0.8;

/// When the results opened (the app's clock, seconds).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub(crate) struct ResultsOpened(pub f64);

/// What the results' copy button reads and writes: the code, the clipboard and its note, and
/// the day's result when the match was the day's try.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Copying<'w> {
    code: Option<Res<'w, MatchCode>>,
    clipboard: ResMut<'w, bevy::clipboard::Clipboard>,
    note: ResMut<'w, crate::clip::ClipNote>,
    daily: Res<'w, crate::daily::DailyNow>,
    stats: Res<'w, crate::stats::Stats>,
}

/// The results' buttons a press may reach: all, but Copy the code when there is no code.
fn reachable(has_code: bool) -> Vec<usize> {
    (0..ITEMS.len())
        .filter(|&i| has_code || ITEMS[i] != "results-copy-code")
        .collect()
}

/// The results menu, one row of buttons: Play again (first), Watch again, Copy the code, New
/// game, Title; Left and Right move along the row, Esc or B go to the title. Nothing is chosen
/// for [`RESULTS_GRACE`] after the results open (the focus moves in it).
pub(crate) fn results_logic(
    (mut menu, time, opened): (MenuInput, Res<Time>, Res<ResultsOpened>),
    mut commands: Commands,
    mut overlay: crate::state::Overlays,
    mut setup: ResMut<GameSetup>,
    (last, rematch): (Option<Res<LastMatch>>, Option<Res<Rematch>>),
    (dir, mut saves, mut pending): (
        Res<crate::save::SaveDir>,
        ResMut<crate::save::Saves>,
        ResMut<super::overlay::PendingStart>,
    ),
    mut copy: Copying,
) {
    let acts = menu.acts(Owner::Results, ITEMS.len());
    // In the grace only choosing waits: a step along the row is kept (on a slow device the
    // grace lasts several frames, and a Right pressed in it must not be lost, or the next
    // Enter lands on the button before the one the player chose).
    let grace = time.elapsed_secs_f64() - opened.0 < RESULTS_GRACE;
    let row = reachable(copy.code.as_ref().is_some_and(|c| c.0.is_some()));
    let next = &mut menu.next;
    for act in acts {
        // Each act reads the focus as the acts before it left it: two Rights in one slow frame
        // are two steps, and an Enter after them chooses where they led.
        let focused = menu.focus.of(Owner::Results);
        let act = match act {
            MenuAct::Confirm(_) => MenuAct::Confirm(focused),
            other => other,
        };
        match act {
            MenuAct::Step(_, d) => {
                // Along the row (Up and Down have nowhere to go).
                let at = row.iter().position(|&r| r == focused).unwrap_or(0) as i32;
                let to = (at + d).clamp(0, row.len() as i32 - 1) as usize;
                *menu.focus.claim(Owner::Results) = row[to];
                continue;
            }
            _ if grace => continue,
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
                if let Some(c) = copy.code.as_ref().and_then(|c| c.0.clone()) {
                    let (text, copied) = super::daily::copy_what(&c, &copy.daily, &copy.stats);
                    info!("results: copy ({copied}): {}", text.replace('\n', " | "));
                    crate::clip::copy_as(&mut copy.clipboard, &mut copy.note, &text, copied);
                }
                continue;
            }
            MenuAct::Confirm(3) => next.set(Screen::NewGame),
            MenuAct::Confirm(_) | MenuAct::Back => next.set(Screen::Title),
        }
        break;
    }
}

/// The results' row bands (nearly opaque, over the felt): a winner's and the others'.
const WINNER_BAND: Color = Color::srgba(0.16, 0.11, 0.02, 0.94);
const ROW_BAND: Color = Color::srgba(0.02, 0.06, 0.05, 0.9);

// The menu and the room it leaves the table: their own file.
mod menu;
use menu::{MenuTop, ResultsRoot, fit_results, results_menu};
pub use menu::{code_line, shown_code};

#[cfg(test)]
mod contrast_tests;
