//! Pieces every game's table shares: text with a shadow, banners, speech bubbles, flying
//! coins, seat plaques with a turn glow, and the list choice (a person picks one of the legal
//! actions with the mouse, the keyboard alone or a gamepad alone).

use super::{Match, Presenter, TableGame, TableSet, queue_idle};
use crate::anim::{Counter, Ease, FadeOut, MoveTween, ScaleTween};
use crate::art::Art;
use crate::state::Screen;
use crate::theme::{self, Fonts, SEAT_COLORS};
use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::sprite::{Anchor, Text2dShadow};
use come_buy_engine::game::Seat;

mod docked;
mod wording;
pub(crate) use docked::{docked_panel, thinking_line, waiting_line};
pub use wording::Wording;
mod seats;
pub(crate) use seats::{label_seats, seat_places};
pub use seats::{plaque, seat_label};

/// Everything a game's table spawns (removed when the table closes).
#[derive(Component)]
pub(crate) struct Piece;

#[derive(Component)]
pub struct Banner;

/// A seat's speech bubble, from the round of bubbles it was said in (see [`BubbleRound`]).
#[derive(Component)]
pub struct Bubble(pub Seat, pub u32);

/// The round of bubbles on the table: clearing them starts a new round, and every bubble of an
/// older round goes, even one spawned earlier in the same frame (a continued or rebuilt match
/// shows many effects in one frame, where a query would not see it yet).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BubbleRound(pub u32);

#[derive(Component)]
pub struct FlyingCoin;

/// The glow behind the plaque of the seat to act.
#[derive(Component)]
pub(crate) struct TurnGlow(pub Seat);

/// The name on a seat's plaque.
#[derive(Component)]
pub struct SeatName(pub Seat);

/// The start of every game's table: the queue's clock reset (a continued match catches up in
/// one silent frame) and the felt. The game's own spawning runs after it.
pub(crate) fn begin_table<G: TableGame>(
    mut commands: Commands,
    art: Res<Art>,
    m: Res<Match<G>>,
    mut presenter: ResMut<Presenter>,
) {
    *presenter = Presenter {
        fast_forward: if m.restored { 2 } else { 0 },
        ..default()
    };
    commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        crate::art::felt_sprite(&art),
    ));
}

/// One banner at a time, and one bubble per seat: a new one removes the older ones at once,
/// even when several are spawned in one frame (instant speed, a continued match catching up).
pub fn plugin(app: &mut App) {
    app.add_observer(
        |add: On<Add, Banner>, mut commands: Commands, banners: Query<Entity, With<Banner>>| {
            for e in &banners {
                if e != add.entity {
                    commands.entity(e).try_despawn();
                }
            }
        },
    );
    app.add_observer(
        |add: On<Add, Bubble>, mut commands: Commands, bubbles: Query<(Entity, &Bubble)>| {
            let Ok((_, new)) = bubbles.get(add.entity) else {
                return;
            };
            let seat = new.0;
            for (e, b) in &bubbles {
                if e != add.entity && b.0 == seat {
                    commands.entity(e).try_despawn();
                }
            }
        },
    );
    app.init_resource::<BubbleRound>();
    app.add_systems(Update, tidy_after_catch_up.after(TableSet::Present));
    app.add_systems(
        PostUpdate,
        |mut commands: Commands, round: Res<BubbleRound>, bubbles: Query<(Entity, &Bubble)>| {
            for (e, b) in &bubbles {
                if b.1 != round.0 {
                    commands.entity(e).try_despawn();
                }
            }
        },
    );
    app.add_systems(Update, grow_table_text.after(TableSet::Present));
}

/// A label lying on the table that follows the text-size setting: `base` px at the default
/// size, scaled with the setting within [`table_text_scale`]'s bounds, and never wider than
/// `room` (table px, where it would meet a neighbour; longer words in other languages shrink).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Grows {
    pub base: f32,
    pub room: f32,
}

/// How much the table's labels grow with the text-size setting: in proportion to it, from
/// 80% to 120% of their size at the default setting. The table is one fixed layout, and its
/// labels have room for a fifth more, no more (the menus, panels and captions, drawn by egui,
/// follow the setting in full).
pub(crate) fn table_text_scale(ui_scale: f32) -> f32 {
    (ui_scale / crate::settings::Settings::default().ui_scale)
        .clamp(TABLE_TEXT_LEAST, TABLE_TEXT_MOST)
}

/// The bounds of [`table_text_scale`].
pub(crate) const TABLE_TEXT_LEAST: f32 = 0.8;
pub(crate) const TABLE_TEXT_MOST: f32 = 1.2;

/// Test support: every label (its message and room) is drawn at `size` px by default, in
/// every language (none shrinks to fit).
#[cfg(test)]
pub(crate) fn assert_labels_keep(size: f32, labels: &[(&'static str, f32)]) {
    for (i, language) in come_buy_text::LANGUAGES.iter().enumerate() {
        let cat = come_buy_text::catalog_of(i);
        for &(key, room) in labels {
            let text = cat.say(&come_buy_engine::text::Text::new(key));
            let drawn = theme::fit(size, &text, room);
            assert_eq!(drawn, size, "{}: {key} ({text})", language.tag);
        }
    }
}

/// Test support: whether two boxes on the table, each a (centre, size), overlap (boxes that
/// only touch do not).
#[cfg(test)]
pub(crate) fn boxes_meet(a: (Vec2, Vec2), b: (Vec2, Vec2)) -> bool {
    !Rect::from_center_size(a.0, a.1)
        .intersect(Rect::from_center_size(b.0, b.1))
        .is_empty()
}

/// The size a growing label is drawn at: its base scaled by the setting, fitted to its room.
pub fn grown_size(grows: Grows, text: &str, ui_scale: f32) -> f32 {
    theme::fit(grows.base * table_text_scale(ui_scale), text, grows.room)
}

/// Sizes the growing labels when they appear, when their words change (another language) and
/// when the setting changes.
fn grow_table_text(
    settings: Res<crate::settings::Settings>,
    mut labels: Query<(Ref<Text2d>, Ref<Grows>, &mut TextFont)>,
) {
    let all = settings.is_changed();
    for (text, grows, mut font) in &mut labels {
        if !(all || text.is_changed() || grows.is_changed()) {
            continue;
        }
        let size = bevy::text::FontSize::Px(grown_size(*grows, &text.0, settings.ui_scale));
        if font.font_size != size {
            font.font_size = size;
        }
    }
}

/// A continued match shows the table as it is: the history's banners and passing remarks go
/// once it has caught up (standing bids stay: they are the present).
fn tidy_after_catch_up(
    mut commands: Commands,
    mut presenter: ResMut<Presenter>,
    banners: Query<Entity, With<Banner>>,
    remarks: Query<Entity, (With<Bubble>, With<FadeOut>)>,
) {
    if !presenter.caught_up {
        return;
    }
    presenter.caught_up = false;
    for e in banners.iter().chain(remarks.iter()) {
        commands.entity(e).try_despawn();
    }
}

pub(crate) fn text2d(
    fonts: &Fonts,
    s: impl Into<String>,
    size: f32,
    color: Color,
    display: bool,
) -> impl Bundle {
    (
        Text2d::new(s),
        if display {
            fonts.display(size)
        } else {
            fonts.text(size)
        },
        TextColor(color),
        Text2dShadow {
            offset: Vec2::new(2.0, -2.0),
            color: Color::srgba(0.0, 0.0, 0.0, 0.6),
        },
    )
}

pub(crate) fn seat_color(info: &super::SeatInfo) -> Color {
    theme::rgb(SEAT_COLORS[info.color % SEAT_COLORS.len()].0)
}

fn fade(hold: f32) -> FadeOut {
    FadeOut {
        elapsed: 0.0,
        hold,
        duration: 0.6,
    }
}

/// What spawning table pieces needs: commands, the art and the fonts.
#[derive(SystemParam)]
pub(crate) struct Painter<'w, 's> {
    pub commands: Commands<'w, 's>,
    pub art: Res<'w, Art>,
    pub fonts: Res<'w, Fonts>,
    pub bubble_round: ResMut<'w, BubbleRound>,
}

/// A banner's subtitle size on the virtual 1920x1080 table.
pub const BANNER_SUBTITLE: f32 = 38.0;

impl Painter<'_, '_> {
    /// A banner across the table (it replaces the previous one), fading after a while.
    pub fn banner(&mut self, at: Vec3, title: &str, subtitle: &str) {
        let fonts = &*self.fonts;
        // The subtitle at a size read from a sofa on the smallest table (a six-seat table at
        // 1080p with the choices docked draws the table at 0.77: 29 px).
        let width = (title.chars().count() as f32 * 26.0)
            .max(subtitle.chars().count() as f32 * BANNER_SUBTITLE * 0.52)
            .max(520.0)
            + 80.0;
        self.commands
            .spawn((
                Piece,
                Banner,
                DespawnOnExit(Screen::Table),
                Sprite {
                    color: Color::srgba(0.05, 0.08, 0.07, 0.82),
                    custom_size: Some(Vec2::new(
                        width,
                        if subtitle.is_empty() { 70.0 } else { 124.0 },
                    )),
                    ..default()
                },
                Transform::from_translation(at).with_scale(Vec3::splat(0.6)),
                ScaleTween {
                    from: 0.6,
                    to: 1.0,
                    elapsed: 0.0,
                    duration: 0.25,
                    ease: Ease::BackOut,
                },
                fade(2.0),
            ))
            .with_children(|c| {
                let dy = if subtitle.is_empty() { 0.0 } else { 22.0 };
                c.spawn((
                    Text2d::new(title),
                    fonts.display(46.0),
                    TextColor(theme::GOLD),
                    Transform::from_xyz(0.0, dy, 0.1),
                    fade(2.0),
                ));
                if !subtitle.is_empty() {
                    c.spawn((
                        Text2d::new(subtitle),
                        fonts.text(BANNER_SUBTITLE),
                        TextColor(theme::CREAM),
                        Transform::from_xyz(0.0, -34.0, 0.1),
                        fade(2.0),
                    ));
                }
            });
    }

    /// Clears every bubble on the table (a new auction): they belong to an older round now.
    pub(crate) fn clear_bubbles(&mut self) {
        self.bubble_round.0 = self.bubble_round.0.wrapping_add(1);
    }

    /// A speech bubble at `at` (it replaces the seat's previous one). With `fade_after` it fades
    /// out after that many seconds; without, it stays until removed (a bid standing in an auction).
    pub fn bubble(
        &mut self,
        seat: Seat,
        at: Vec3,
        text: &str,
        ink: Color,
        fade_after: Option<f32>,
    ) {
        let (art, fonts) = (&*self.art, &*self.fonts);
        let w = (text.chars().count() as f32 * 22.0).max(150.0) + 30.0;
        let mut b = self.commands.spawn((
            Piece,
            Bubble(seat, self.bubble_round.0),
            DespawnOnExit(Screen::Table),
            Sprite {
                image: art.bubble.clone(),
                custom_size: Some(Vec2::new(w, 76.0)),
                ..default()
            },
            Transform::from_translation(at).with_scale(Vec3::splat(0.2)),
            ScaleTween {
                from: 0.2,
                to: 1.0,
                elapsed: 0.0,
                duration: 0.3,
                ease: Ease::BackOut,
            },
        ));
        if let Some(hold) = fade_after {
            b.insert(fade(hold));
        }
        b.with_children(|c| {
            let mut t = c.spawn((
                Text2d::new(text),
                fonts.display(40.0),
                TextColor(ink),
                Transform::from_xyz(0.0, 2.0, 0.1),
            ));
            if let Some(hold) = fade_after {
                t.insert(fade(hold));
            }
        });
    }

    /// Coins arcing from `a` to `b` (up to 8 drawn), with a "+n"/"-n" label floating from
    /// `label_at` toward the middle of the table.
    pub(crate) fn fly_coins(&mut self, a: Vec3, b: Vec3, amount: u32, label_at: Vec3, gain: bool) {
        // It floats toward the middle of the table: up from a plaque in the lower half, down
        // from one near the top edge (where up would leave the window).
        let dir = if label_at.y > 200.0 { -1.0 } else { 1.0 };
        self.fly_coins_label(a, b, amount, (label_at, dir), gain);
    }

    /// [`Paint::fly_coins`] with the label's direction given (`1.0` up, `-1.0` down): a game
    /// whose bubbles sit above its plaques floats it the other way (see
    /// `goblin_market::layout::coin_label`).
    pub(crate) fn fly_coins_label(
        &mut self,
        a: Vec3,
        b: Vec3,
        amount: u32,
        (label_at, dir): (Vec3, f32),
        gain: bool,
    ) {
        let (art, fonts) = (&*self.art, &*self.fonts);
        let commands = &mut self.commands;
        let n = amount.clamp(1, 8);
        for k in 0..n {
            let jitter = Vec3::new(
                (k as f32 * 37.0).sin() * 14.0,
                (k as f32 * 53.0).cos() * 10.0,
                k as f32 * 0.01,
            );
            commands.spawn((
                Piece,
                FlyingCoin,
                DespawnOnExit(Screen::Table),
                Sprite {
                    image: art.coin.clone(),
                    custom_size: Some(Vec2::splat(42.0)),
                    ..default()
                },
                Transform::from_translation(a + jitter),
                MoveTween::new(a + jitter, b + jitter * 0.5, 0.55)
                    .delay(k as f32 * 0.05)
                    .arc(70.0)
                    .despawn(),
            ));
        }
        let (text, color) = if gain {
            (format!("+{amount}"), Color::srgb(0.6, 0.95, 0.55))
        } else {
            (format!("-{amount}"), Color::srgb(1.0, 0.6, 0.5))
        };
        commands.spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            text2d(fonts, text, 40.0, color, false),
            Transform::from_translation(label_at + Vec3::new(0.0, 30.0 * dir, 50.0)),
            MoveTween::new(
                label_at + Vec3::new(0.0, 30.0 * dir, 50.0),
                label_at + Vec3::new(0.0, 90.0 * dir, 50.0),
                1.0,
            )
            .ease(Ease::CubicOut),
            fade(0.5),
        ));
    }

    /// A line of text lying on the table (a pile's label, the bank's name): `size` px at the
    /// default text size, growing with the setting within `room` (see [`Grows`]).
    pub fn label(
        &mut self,
        at: Vec3,
        text: &str,
        (size, room): (f32, f32),
        color: Color,
        display: bool,
    ) -> Entity {
        self.commands
            .spawn((
                Piece,
                DespawnOnExit(Screen::Table),
                // Sized within its room by `grow_table_text` before it is first drawn.
                text2d(&self.fonts, text, size, color, display),
                Grows { base: size, room },
                Transform::from_translation(at),
            ))
            .id()
    }

    /// The bank: a little heap of coins around `at`.
    pub(crate) fn bank_heap(&mut self, at: Vec3) {
        for k in 0..7 {
            let a = k as f32 * 0.9;
            self.commands.spawn((
                Piece,
                DespawnOnExit(Screen::Table),
                Sprite {
                    image: self.art.coin.clone(),
                    custom_size: Some(Vec2::splat(58.0)),
                    ..default()
                },
                Transform::from_xyz(
                    at.x + 34.0 * a.cos(),
                    at.y + 20.0 * a.sin() + k as f32 * 3.0,
                    1.0 + k as f32 * 0.01,
                ),
            ));
        }
    }

    /// A seat's plaque with its header: the name (with its level for a bot: "Bram  (Hard bot)")
    /// in the seat's colour,
    /// and `icon` (a coin, a florin) with `counter` beside it. Returns the plaque, for the game's own children.
    pub(crate) fn seat_plaque(
        &mut self,
        seat: Seat,
        info: &super::SeatInfo,
        at: Vec2,
        size: Vec2,
        icon: Handle<Image>,
        counter: impl Component,
    ) -> Entity {
        let color = seat_color(info);
        let plate = plaque(&mut self.commands, &self.art, at, size, seat, color);
        let fonts = &*self.fonts;
        let header_y = size.y / 2.0 - 40.0;
        let coin_x = size.x / 2.0 - 120.0;
        let name_x = -size.x / 2.0 + 32.0;
        // The name and the money follow the text-size setting like the table's labels; the
        // name stops short of the coin, the money short of the plaque's edge.
        let name_room = coin_x - 30.0 - name_x;
        let money_room = size.x / 2.0 - 14.0 - (coin_x + 30.0);
        self.commands.entity(plate).with_children(|c| {
            c.spawn((
                SeatName(seat),
                text2d(fonts, seat_label(info, false), 38.0, color, true),
                Grows {
                    base: 38.0,
                    room: name_room,
                },
                Anchor::CENTER_LEFT,
                Transform::from_xyz(name_x, header_y, 0.2),
            ));
            c.spawn((
                Sprite {
                    image: icon,
                    custom_size: Some(Vec2::splat(46.0)),
                    ..default()
                },
                Transform::from_xyz(coin_x, header_y, 0.2),
            ));
            c.spawn((
                counter,
                Counter::new(0.0),
                text2d(fonts, "0", 44.0, theme::GOLD, false),
                Grows {
                    base: 44.0,
                    room: money_room,
                },
                Anchor::CENTER_LEFT,
                Transform::from_xyz(coin_x + 30.0, header_y, 0.2),
            ));
        });
        plate
    }
}

/// A card on the table, face down: `marker` on the parent (with its side, `Piece`, and the
/// table's lifetime), a soft shadow, the `back` image, and a hidden face that `face` fills
/// (the face image, symbols and text, in card coordinates). Returns the parent.
pub(crate) fn card_shell(
    commands: &mut Commands,
    art: &Art,
    marker: impl Bundle,
    back: Handle<Image>,
    at: Vec3,
    scale: f32,
    face: impl FnOnce(&mut bevy::ecs::hierarchy::ChildSpawnerCommands),
) -> Entity {
    use crate::anim::{BackSide, CardSide, FaceSide};
    let parent = commands
        .spawn((
            marker,
            CardSide { face_up: false },
            Piece,
            DespawnOnExit(Screen::Table),
            Transform::from_translation(at).with_scale(Vec3::splat(scale)),
            Visibility::default(),
        ))
        .id();
    let shadow = commands
        .spawn((
            Sprite {
                image: art.card_shadow.clone(),
                custom_size: Some(crate::art::CARD + Vec2::splat(24.0)),
                color: theme::SHADOW,
                ..default()
            },
            Transform::from_xyz(5.0, -7.0, -0.004),
        ))
        .id();
    let back = commands
        .spawn((
            BackSide,
            Sprite {
                image: back,
                custom_size: Some(crate::art::CARD),
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, 0.001),
        ))
        .id();
    let face = commands
        .spawn((
            FaceSide,
            Transform::from_xyz(0.0, 0.0, 0.001),
            Visibility::Hidden,
        ))
        .with_children(face)
        .id();
    commands.entity(parent).add_children(&[shadow, back, face]);
    parent
}

/// Sends a card (now at `from`, showing `face_up`) gliding to `to` at `scale`. A card on the
/// move rises above everything and travels in an arc `lift` high; the others just close
/// ranks. With `flip_to` it turns over on the way if it shows the other side.
pub(crate) fn glide(
    commands: &mut Commands,
    e: Entity,
    (from, face_up): (&Transform, bool),
    (to, scale): (Vec3, f32),
    lift: Option<f32>,
    flip_to: Option<bool>,
) {
    let mut tw = MoveTween::new(
        from.translation,
        to,
        if lift.is_some() { 0.45 } else { 0.3 },
    );
    if let Some(arc) = lift {
        tw.from.z = 70.0;
        tw = tw.arc(arc).ease(Ease::CubicInOut);
    }
    let mut ec = commands.entity(e);
    ec.insert((
        tw,
        ScaleTween {
            from: from.scale.y,
            to: scale,
            elapsed: 0.0,
            duration: 0.4,
            ease: Ease::CubicOut,
        },
    ));
    if let Some(up) = flip_to
        && face_up != up
    {
        ec.insert(crate::anim::FlipTween::new(up, 0.34));
    }
}

/// Pulses the glow of the seat to act (once the table has caught up).
pub(crate) fn turn_glow<G: TableGame>(
    ambient: Res<crate::pace::Ambient>,
    m: Res<Match<G>>,
    presenter: Res<Presenter>,
    mut glows: Query<(&TurnGlow, &mut Sprite, &mut Transform)>,
) {
    let current = if queue_idle(&m, &presenter) {
        m.game.current_player()
    } else {
        None
    };
    // Pulses while the table is alive, then stays lit (see `crate::pace`).
    let pulse = ambient.pulse(3.0, 0.5);
    for (g, mut sprite, mut tf) in &mut glows {
        let on = current == Some(g.0);
        sprite.color = Color::srgba(1.0, 0.85, 0.4, if on { pulse } else { 0.0 });
        tf.scale = Vec3::splat(if on { 1.0 + 0.02 * pulse } else { 1.0 });
    }
}
