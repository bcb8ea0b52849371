//! The title screen: the name over a living table, and the main menu.

use super::title_room::{Fans, Frame, TitleRoom, plan};
use crate::anim::{Bob, CardSide};
use crate::art::Art;
use crate::games::GameKind;
use crate::menu::{MenuAct, MenuInput, click, menu_acts, take_if_owner};
use crate::nav::{Nav, Owner, UiPress};
use crate::save::Saves;
use crate::state::{MenuFocus, Overlay, OverlayReturn, Screen};
use crate::theme::{self, Fonts};
use crate::ui;
use bevy::prelude::*;
use bevy::sprite::Text2dShadow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

pub fn plugin(app: &mut App) {
    app.init_resource::<TitleColumns>();
    app.init_resource::<TitleRoom>();
    app.init_resource::<QuitAsked>();
    app.add_systems(
        OnEnter(Screen::Title),
        (spawn_title, |mut asked: ResMut<QuitAsked>| asked.0 = false),
    );
    app.add_systems(
        Update,
        (spread_fans, reveal_fans, drift_cards)
            .chain()
            .run_if(in_state(Screen::Title)),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        title_menu.run_if(in_state(Screen::Title).and_then(in_state(Overlay::None))),
    );
}

#[derive(Component)]
struct Drifting {
    spin: f32,
}

/// A card of the title's fans: its side (-1 left, 1 right) and place in the fan.
#[derive(Component, Clone, Copy)]
struct Fan {
    side: f32,
    k: f32,
}

/// Whether the title's menu stands in two columns (then the fans make room for it).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TitleColumns(pub bool);

/// Where a fan's card sits: beside a one-column menu, or further out and a little smaller
/// beside two columns, so no card ever slides under a button (see `title_room`).
fn fan_place(f: Fan, fans: Fans) -> (Vec3, f32) {
    let (x0, scale) = if fans == Fans::Near {
        (520.0, 1.15)
    } else {
        (650.0, 0.95)
    };
    (
        Vec3::new(f.side * (x0 + f.k * 110.0), -120.0 + f.k * 40.0, 1.0 + f.k),
        scale,
    )
}

type AwaitingFans = (With<Fan>, With<AwaitsArt>);

/// Shows each fan card once its images are drawn.
fn reveal_fans(
    mut commands: Commands,
    room: Res<TitleRoom>,
    later: Res<crate::art::LaterArt>,
    mut fans: Query<(Entity, &mut Visibility), AwaitingFans>,
    children: Query<&Children>,
    sprites: Query<&Sprite>,
) {
    let waiting = fans.iter().len();
    let mut revealed = 0;
    for (e, mut shown) in &mut fans {
        let drawn = std::iter::once(e)
            .chain(children.iter_descendants(e))
            .filter_map(|d| sprites.get(d).ok())
            .all(|s| !later.pending(s.image.id()));
        if drawn {
            commands.entity(e).remove::<AwaitsArt>();
            *shown = fan_shown(&room, false);
            revealed += 1;
        }
    }
    if revealed > 0 && revealed == waiting {
        info!("title: the fans' cards all shown");
    }
}

/// The title's tagline (it gives its room to the menu when the menu needs it).
#[derive(Component)]
struct Tagline;

/// A fan's card whose images are still to be drawn (after the first frame, `crate::art`):
/// hidden until they all are, so no card shows its words without its face.
#[derive(Component)]
struct AwaitsArt;

fn fan_shown(room: &TitleRoom, awaits_art: bool) -> Visibility {
    if room.fans == Fans::Hidden || awaits_art {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    }
}

fn spread_fans(
    room: Res<TitleRoom>,
    mut q: Query<(
        &Fan,
        &mut Bob,
        &mut Transform,
        &mut Visibility,
        Has<AwaitsArt>,
    )>,
    mut tagline: Query<&mut Visibility, (With<Tagline>, Without<Fan>)>,
) {
    if !room.is_changed() {
        return;
    }
    for (f, mut bob, mut tf, mut shown, awaits) in &mut q {
        let (base, scale) = fan_place(*f, room.fans);
        bob.base = base;
        tf.translation = base;
        tf.scale = Vec3::splat(scale);
        *shown = fan_shown(&room, awaits);
    }
    for mut shown in &mut tagline {
        *shown = if room.tagline {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

fn spawn_title(mut commands: Commands, art: Res<Art>, fonts: Res<Fonts>, room: Res<TitleRoom>) {
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
        Text2d::new(tr("title-tagline")),
        crate::lang::Words("title-tagline"),
        Tagline,
        if room.tagline {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        },
        fonts.display(44.0),
        TextColor(theme::CREAM),
        Text2dShadow::default(),
        Transform::from_xyz(0.0, 170.0, 5.0),
    ));
    // A fan of face-up cards from every game drifting gently on either side: each game's
    // first card on the left, its second on the right (mirrored).
    let mut fans = TitleCards(&mut commands, &art, &fonts, Vec::new());
    crate::games::for_each(&mut fans);
    let pairs = fans.3;
    let n = pairs.len();
    let spawned: Vec<Entity> = pairs
        .iter()
        .map(|p| p[0])
        .chain(pairs.iter().rev().map(|p| p[1]))
        .collect();
    for (i, e) in spawned.into_iter().enumerate() {
        let side = if i < n { -1.0 } else { 1.0 };
        let k = (i % n.max(1)) as f32;
        let fan = Fan { side, k };
        let (base, scale) = fan_place(fan, room.fans);
        // (This DespawnOnExit replaces the one the table's spawn gave it.)
        commands.entity(e).insert((
            fan,
            Transform::from_translation(base).with_scale(Vec3::splat(scale)),
            DespawnOnExit(Screen::Title),
            CardSide { face_up: true },
            AwaitsArt,
            Visibility::Hidden,
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

struct TitleCards<'a, 'w, 's>(
    &'a mut Commands<'w, 's>,
    &'a Art,
    &'a Fonts,
    Vec<[Entity; 2]>,
);

impl crate::games::EachGame for TitleCards<'_, '_, '_> {
    fn visit<G: crate::table::TableGame>(&mut self) {
        let cards = G::title_cards(self.0, self.1, self.2);
        self.3.push(cards);
    }
}

fn drift_cards(ambient: Res<crate::pace::Ambient>, mut q: Query<(&mut Transform, &Drifting)>) {
    // Still once the title has been idle a moment (see `crate::pace`).
    for (mut tf, d) in &mut q {
        let r = Quat::from_rotation_z(d.spin + 0.03 * ambient.wave(0.7, d.spin * 10.0));
        if tf.rotation != r {
            tf.rotation = r;
        }
    }
}

/// The main menu's entries; one Continue per game with a match in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    Continue(GameKind),
    Play,
    /// The deals of the day.
    Daily,
    /// Join a friend's online table.
    Join,
    Learn,
    Settings,
    Rules,
    Stats,
    Watch,
    Quit,
}

pub fn entries(saves: &Saves) -> Vec<(Entry, String)> {
    entries_with(saves, true)
}

/// The entries, with Watch a match when asked (always, from the title: the last matches, or
/// a pasted code).
pub fn entries_with(saves: &Saves, watchable: bool) -> Vec<(Entry, String)> {
    let mut v: Vec<(Entry, String)> = saves
        .games
        .iter()
        .map(|e| {
            (
                Entry::Continue(e.game.kind),
                say(&Text::new("title-continue")
                    .raw("game", e.game.kind.title())
                    .num("moves", e.moves as i64)),
            )
        })
        .collect();
    v.push((Entry::Play, tr("menu-new-game")));
    v.push((Entry::Daily, tr("menu-daily")));
    v.push((Entry::Join, tr("menu-join-online")));
    v.push((Entry::Settings, tr("menu-settings")));
    v.push((Entry::Rules, tr("menu-how-to-play")));
    v.push((Entry::Learn, tr("menu-learn")));
    v.push((Entry::Stats, tr("menu-statistics")));
    if watchable {
        v.push((Entry::Watch, tr("menu-watch")));
    }
    if !cfg!(target_arch = "wasm32") {
        v.push((Entry::Quit, tr("menu-quit")));
    }
    v
}

/// Quit was pressed once on the title: its button asks "Quit? Press again", and only a
/// second press on it closes the app. Anything else pressed in between takes the question back.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuitAsked(pub bool);

/// The entries as the title shows them: Quit asks again once it was pressed (see [`QuitAsked`]).
pub fn entries_asked(saves: &Saves, asked: bool) -> Vec<(Entry, String)> {
    let mut v = entries(saves);
    for (entry, label) in v.iter_mut() {
        if *entry == Entry::Quit && asked {
            *label = tr("menu-quit-sure");
        }
    }
    v
}

/// Where `nav` moves the focus among the title's `n` entries standing in two columns (the
/// first `n.div_ceil(2)` on the left, the rest on the right, both from the top), as they stand
/// on screen: Up and Down move within a column and stop at its ends (Down at the left column's
/// bottom stays there rather than jumping to the right column's top); Left and Right go to the
/// other column on the same row (to the right column's last entry from a row it does not
/// reach) and stop at the sides. `None` for a press that moves nothing.
pub fn two_column_step(focus: usize, n: usize, nav: Nav) -> Option<usize> {
    if n == 0 {
        return None;
    }
    let half = n.div_ceil(2);
    let focus = focus.min(n - 1);
    let (right, row) = if focus < half {
        (false, focus)
    } else {
        (true, focus - half)
    };
    let rows = if right { n - half } else { half };
    let (right, row) = match nav {
        Nav::Up => (right, row.saturating_sub(1)),
        Nav::Down => (right, (row + 1).min(rows - 1)),
        Nav::Left => (false, row),
        Nav::Right if n > half => (true, row.min(n - half - 1)),
        Nav::Right => (right, row),
        _ => return None,
    };
    Some(if right { half + row } else { row })
}

/// The title's presses this frame as menu acts: in two columns the arrows move the focus as
/// the entries stand ([`two_column_step`]); in one, Up and Down go through them in order.
fn title_acts(menu: &mut MenuInput, n: usize, two: bool) -> Vec<MenuAct> {
    let Some(presses) = take_if_owner(&mut menu.inbox, &menu.owner, Owner::Title) else {
        return Vec::new();
    };
    let focus = menu.focus.claim(Owner::Title);
    let mut acts = Vec::new();
    for p in presses {
        match p
            .nav
            .filter(|_| two)
            .and_then(|nav| two_column_step(*focus, n, nav))
        {
            Some(to) => *focus = to,
            None => acts.extend(menu_acts(vec![p], focus, n)),
        }
    }
    *focus = (*focus).min(n.saturating_sub(1));
    acts
}

/// Puts the saved game of `kind` on the table; on failure the title says why.
pub(crate) fn continue_saved(commands: &mut Commands, saves: &mut Saves, kind: GameKind) -> bool {
    let Some(entry) = saves.of(kind).cloned() else {
        return false;
    };
    match entry.game.continue_match(commands) {
        Ok(()) => true,
        Err(e) => {
            saves.games.retain(|g| g.game.kind != kind);
            saves.problems.push(
                Text::new("save-not-continued")
                    .text("game", Text::new(kind.name_key()))
                    .text("problem", e),
            );
            false
        }
    }
}

/// The title menu's logic: it owns the input when no overlay is open on the title. Quit asks
/// once ([`QuitAsked`]); it is never where the focus starts (the first entry is).
pub(crate) fn title_logic(
    mut menu: MenuInput,
    mut commands: Commands,
    mut overlay: crate::state::Overlays,
    mut back: ResMut<OverlayReturn>,
    mut saves: ResMut<Saves>,
    (columns, mut asked): (Res<TitleColumns>, ResMut<QuitAsked>),
    mut exit: MessageWriter<AppExit>,
) {
    let items = entries(&saves);
    let acts = title_acts(&mut menu, items.len(), columns.0);
    // The question stands only while the focus stays on Quit and nothing else is pressed.
    let on_quit = items
        .get(menu.focus.of(Owner::Title))
        .is_some_and(|(e, _)| *e == Entry::Quit);
    if asked.0 && (!on_quit || acts.iter().any(|a| !matches!(a, MenuAct::Confirm(_)))) {
        asked.0 = false;
    }
    let next = &mut menu.next;
    for act in acts {
        let MenuAct::Confirm(i) = act else { continue };
        match items[i].0 {
            Entry::Continue(kind) => {
                if continue_saved(&mut commands, &mut saves, kind) {
                    next.set(Screen::Table);
                }
            }
            Entry::Play => next.set(Screen::NewGame),
            Entry::Daily => {
                back.0 = Overlay::None;
                overlay.set(Overlay::Daily);
            }
            Entry::Join => {
                back.0 = Overlay::None;
                overlay.set(Overlay::Online);
            }
            Entry::Learn => {
                back.0 = Overlay::None;
                overlay.set(Overlay::Learn);
            }
            Entry::Settings => {
                back.0 = Overlay::None;
                overlay.set(Overlay::Settings);
            }
            Entry::Rules => {
                back.0 = Overlay::None;
                overlay.set(Overlay::Rules);
            }
            Entry::Stats => {
                back.0 = Overlay::None;
                overlay.set(Overlay::Stats);
            }
            Entry::Watch => {
                back.0 = Overlay::None;
                overlay.set(Overlay::Watch);
            }
            Entry::Quit if !asked.0 => asked.0 = true,
            Entry::Quit => {
                exit.write(AppExit::Success);
            }
        }
        break;
    }
}

/// What the title says about files it could not use: saves set aside (or left in place) and
/// the statistics', in the player's language.
pub fn problem_lines(saves: &Saves, stats: &crate::stats::Stats) -> Vec<String> {
    saves
        .problems
        .iter()
        .chain(stats.problem.iter())
        .map(say)
        .collect()
}

fn title_menu(
    mut contexts: EguiContexts,
    (focus, settings): (Res<MenuFocus>, Res<crate::settings::Settings>),
    (saves, stats, asked): (Res<Saves>, Res<crate::stats::Stats>, Res<QuitAsked>),
    mut out: MessageWriter<UiPress>,
    (mut columns, mut room, mut logged): (
        ResMut<TitleColumns>,
        ResMut<TitleRoom>,
        Local<Option<bool>>,
    ),
) -> Result {
    let mut items = entries_asked(&saves, asked.0);
    let f = focus.of(Owner::Title);
    let ctx = contexts.ctx_mut()?;
    let problems = problem_lines(&saves, &stats);
    let frame = Frame::of(
        ctx.viewport_rect(),
        ctx.content_rect(),
        ctx.zoom_factor(),
        settings.safe_fraction(),
    );
    let across = frame.safe.width() - 2.0 * super::title_room::GAP;
    let button = |label: &str| {
        ctx.fonts_mut(|fonts| {
            fonts
                .layout_no_wrap(
                    label.to_string(),
                    egui::FontId::proportional(24.0),
                    ui::CREAM,
                )
                .size()
                .x
        }) + 2.0 * 16.0
            + 4.0
    };
    // A Continue too wide for the screen (a phone held upright) leaves out its move count.
    for (entry, label) in &mut items {
        if let Entry::Continue(kind) = entry
            && button(label) > across
        {
            *label = say(&Text::new("title-continue-short").raw("game", kind.title()));
        }
    }
    // Every button as wide as the widest label: columns of equal buttons; never wider than
    // the screen (a label wider still breaks onto a second line).
    let width = items
        .iter()
        .map(|(_, label)| button(label))
        .fold(ui::MIN_BUTTON_WIDTH, f32::max)
        .min(across);
    let plan = plan(&frame, items.len(), width, problems.len() as f32 * 40.0);
    let two = plan.columns == 2;
    if columns.0 != two {
        columns.0 = two;
    }
    if *room != plan.room {
        *room = plan.room;
    }
    if *logged != Some(two) {
        *logged = Some(two);
        // (The browser checks tap the menu by it.)
        info!(
            "title menu: {}",
            if two { "two columns" } else { "one column" }
        );
    }
    egui::Area::new("title menu".into())
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(egui::pos2(frame.safe.center().x, plan.top))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                for line in &problems {
                    ui.label(egui::RichText::new(line).size(24.0).color(ui::CREAM));
                }
                let mut button = |ui: &mut egui::Ui, i: usize, label: &str| {
                    let r = ui::wide_button_within(ui, label, f == i, true, width);
                    if r.clicked() {
                        click(&mut out, Owner::Title, Nav::Pick(i));
                    }
                    if f == i && plan.rows_shown.is_some() {
                        r.scroll_to_me(None);
                    }
                };
                // A long menu (games to continue, matches to watch) or a short screen (a
                // phone held sideways) takes two columns, so that the menu stays below the
                // name; the arrows move as the buttons stand (`two_column_step`).
                let mut buttons = |ui: &mut egui::Ui| {
                    if two {
                        let half = items.len().div_ceil(2);
                        ui.horizontal_top(|ui| {
                            for column in [0..half, half..items.len()] {
                                ui.vertical(|ui| {
                                    for i in column {
                                        button(ui, i, &items[i].1);
                                    }
                                });
                            }
                        });
                    } else {
                        for (i, (_, label)) in items.iter().enumerate() {
                            button(ui, i, label);
                        }
                    }
                };
                match plan.rows_shown {
                    // Whole rows only: a row cut in half would hide that there is more.
                    Some(rows) => {
                        egui::ScrollArea::vertical()
                            .max_height(rows as f32 * super::title_room::ROW - 10.0)
                            .show(ui, |ui| buttons(ui));
                    }
                    None => buttons(ui),
                }
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_game_just_dealt_says_so_instead_of_move_0() {
        use crate::save::{SavedEntry, SavedGame, Saves};
        let kind = crate::games::GameKind::all()[0];
        let saved = |moves: usize| Saves {
            games: vec![SavedEntry {
                game: SavedGame {
                    kind,
                    text: String::new(),
                    over: false,
                    moves,
                    seed: 1,
                },
                moves,
                modified: None,
            }],
            problems: Vec::new(),
        };
        let label = |moves| super::entries(&saved(moves))[0].1.clone();
        assert!(label(0).ends_with("(just dealt)"), "{}", label(0));
        assert!(label(12).ends_with("(move\u{a0}12)"), "{}", label(12));
    }

    #[test]
    fn the_arrows_move_as_the_two_columns_stand() {
        use super::two_column_step as step;
        use crate::nav::Nav::*;
        // Ten entries: 0-4 on the left, 5-9 on the right (Settings 4 beside Quit 9).
        assert_eq!(step(9, 10, Left), Some(4));
        assert_eq!(step(4, 10, Right), Some(9));
        assert_eq!(step(4, 10, Down), Some(4), "the left column's bottom stays");
        assert_eq!(step(5, 10, Up), Some(5), "the right column's top stays");
        assert_eq!(step(0, 10, Left), Some(0));
        assert_eq!(step(7, 10, Right), Some(7));
        // Nine: the right column is a row shorter; Right from the left's last row goes to
        // the right's last entry, Left comes back to the same row.
        assert_eq!(step(4, 9, Right), Some(8));
        assert_eq!(step(8, 9, Left), Some(3));
        assert_eq!(step(3, 9, Confirm), None);
        assert_eq!(step(0, 1, Right), Some(0));
    }
}
