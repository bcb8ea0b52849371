//! Pieces every game's table shares: text with a shadow, banners, speech bubbles, flying
//! coins, seat plaques with a turn glow, and the list choice (a person picks one of the legal
//! actions with the mouse, the keyboard alone or a gamepad alone).

use super::dock::{self, Dock};
use super::handover::{PersonInput, Privacy};
use super::{Match, Presenter, TableGame, TableSet, TableSpawn, playing, queue_idle};
use crate::anim::{Counter, Ease, FadeOut, MoveTween, ScaleTween};
use crate::art::Art;
use crate::audio::PlayCue;
use crate::nav::{Inbox, Nav, Owner, UiPress, step_focus};
use crate::screens::{Overlay, Screen, click};
use crate::theme::{self, Fonts, SEAT_COLORS};
use crate::ui::{self, CREAM, MUTED};
use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::sprite::{Anchor, Text2dShadow};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::game::Seat;
use come_buy_media::synth::Cue;

/// Everything a game's table spawns (removed when the table closes).
#[derive(Component)]
pub struct Piece;

#[derive(Component)]
pub struct Banner;

#[derive(Component)]
pub struct Bubble(pub Seat);

#[derive(Component)]
pub struct FlyingCoin;

/// The glow behind the plaque of the seat to act.
#[derive(Component)]
pub struct TurnGlow(pub Seat);

/// The name on a seat's plaque.
#[derive(Component)]
pub struct SeatName(pub Seat);

/// The start of every game's table: the queue's clock reset (a continued match catches up in
/// one silent frame) and the felt. The game's own spawning runs after it.
pub fn begin_table<G: TableGame>(
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
    app.add_systems(Update, tidy_after_catch_up.after(TableSet::Present));
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

pub fn text2d(
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

pub fn seat_color(info: &super::SeatInfo) -> Color {
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
pub struct Painter<'w, 's> {
    pub commands: Commands<'w, 's>,
    pub art: Res<'w, Art>,
    pub fonts: Res<'w, Fonts>,
}

impl Painter<'_, '_> {
    /// A banner across the table (it replaces the previous one), fading after a while.
    pub fn banner(&mut self, at: Vec3, title: &str, subtitle: &str) {
        let fonts = &*self.fonts;
        let width = (title.chars().count() as f32 * 26.0)
            .max(subtitle.chars().count() as f32 * 13.0)
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
                        if subtitle.is_empty() { 70.0 } else { 104.0 },
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
                let dy = if subtitle.is_empty() { 0.0 } else { 17.0 };
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
                        fonts.text(24.0),
                        TextColor(theme::CREAM),
                        Transform::from_xyz(0.0, -28.0, 0.1),
                        fade(2.0),
                    ));
                }
            });
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
            Bubble(seat),
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

    /// Coins arcing from `a` to `b` (up to 8 drawn), with a "+n"/"-n" label rising at `label_at`.
    pub fn fly_coins(&mut self, a: Vec3, b: Vec3, amount: u32, label_at: Vec3, gain: bool) {
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
            Transform::from_translation(label_at + Vec3::new(0.0, 30.0, 50.0)),
            MoveTween::new(
                label_at + Vec3::new(0.0, 30.0, 50.0),
                label_at + Vec3::new(0.0, 90.0, 50.0),
                1.0,
            )
            .ease(Ease::CubicOut),
            fade(0.5),
        ));
    }

    /// A line of text lying on the table (a pile's label, the bank's name).
    pub fn label(
        &mut self,
        at: Vec3,
        text: &str,
        size: f32,
        color: Color,
        display: bool,
    ) -> Entity {
        self.commands
            .spawn((
                Piece,
                DespawnOnExit(Screen::Table),
                text2d(&self.fonts, text, size, color, display),
                Transform::from_translation(at),
            ))
            .id()
    }

    /// The bank: a little heap of coins around `at`.
    pub fn bank_heap(&mut self, at: Vec3) {
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

    /// A seat's plaque with its header: the name (with "(bot)" for a bot) in the seat's colour,
    /// and `icon` (a coin, a florin) with `counter` beside it. Returns the plaque, for the game's own children.
    pub fn seat_plaque(
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
        let tag = if info.is_person() { "" } else { "  (bot)" };
        let fonts = &*self.fonts;
        let header_y = size.y / 2.0 - 40.0;
        let coin_x = size.x / 2.0 - 120.0;
        self.commands.entity(plate).with_children(|c| {
            c.spawn((
                SeatName(seat),
                text2d(fonts, format!("{}{tag}", info.name), 38.0, color, true),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(-size.x / 2.0 + 32.0, header_y, 0.2),
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
pub fn card_shell(
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
            Transform::from_xyz(5.0, -7.0, -0.05),
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
            Transform::from_xyz(0.0, 0.0, 0.01),
        ))
        .id();
    let face = commands
        .spawn((
            FaceSide,
            Transform::from_xyz(0.0, 0.0, 0.01),
            Visibility::Hidden,
        ))
        .with_children(face)
        .id();
    commands.entity(parent).add_children(&[shadow, back, face]);
    parent
}

/// A seat's plaque (with the turn glow behind it); returns the plaque entity for children.
pub fn plaque(
    commands: &mut Commands,
    art: &Art,
    at: Vec2,
    size: Vec2,
    seat: Seat,
    color: Color,
) -> Entity {
    commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        TurnGlow(seat),
        Sprite {
            image: art.glow.clone(),
            custom_size: Some(size * 1.5),
            color: Color::NONE,
            ..default()
        },
        Transform::from_xyz(at.x, at.y, 0.5),
    ));
    commands
        .spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            Sprite {
                image: art.plaque.clone(),
                custom_size: Some(size),
                ..default()
            },
            Transform::from_xyz(at.x, at.y, 1.0),
        ))
        .with_children(|c| {
            c.spawn((
                Sprite {
                    color,
                    custom_size: Some(Vec2::new(10.0, size.y - 40.0)),
                    ..default()
                },
                Transform::from_xyz(-size.x / 2.0 + 14.0, 0.0, 0.1),
            ));
        })
        .id()
}

/// Seats round the table: clockwise along the bottom (right to left) then the top (left to
/// right), at `y` below and above the middle, `xs(k)` giving the x of `k` seats in a row,
/// turned so the first person sits at the bottom, near the middle. Returns each seat's
/// place and whether it is at the top.
pub fn seat_places(
    players: usize,
    first_person: Option<Seat>,
    y: f32,
    xs: impl Fn(usize) -> Vec<f32>,
) -> (Vec<Vec2>, Vec<bool>) {
    let bottom = players.div_ceil(2);
    let top = players - bottom;
    let mut slots: Vec<(Vec2, bool)> = xs(bottom)
        .iter()
        .rev()
        .map(|&x| (Vec2::new(x, -y), false))
        .collect();
    slots.extend(xs(top).iter().map(|&x| (Vec2::new(x, y), true)));
    let target = bottom / 2;
    let shift = first_person.map_or(0, |p| (target + players - p % players) % players);
    (0..players).map(|s| slots[(s + shift) % players]).unzip()
}

/// Sends a card (now at `from`, showing `face_up`) gliding to `to` at `scale`. A card on the
/// move rises above everything and travels in an arc `lift` high; the others just close
/// ranks. With `flip_to` it turns over on the way if it shows the other side.
pub fn glide(
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
pub fn turn_glow<G: TableGame>(
    time: Res<Time>,
    m: Res<Match<G>>,
    presenter: Res<Presenter>,
    mut glows: Query<(&TurnGlow, &mut Sprite, &mut Transform)>,
) {
    let current = if queue_idle(&m, &presenter) {
        m.game.current_player()
    } else {
        None
    };
    let pulse = 0.75 + 0.25 * (time.elapsed_secs() * 3.0).sin();
    for (g, mut sprite, mut tf) in &mut glows {
        let on = current == Some(g.0);
        sprite.color = Color::srgba(1.0, 0.85, 0.4, if on { pulse } else { 0.0 });
        tf.scale = Vec3::splat(if on { 1.0 + 0.02 * pulse } else { 1.0 });
    }
}

// ---------------------------------------------------------------------------------------------
// The list choice

/// How a game words its choices on the panel.
pub trait Wording: come_buy_engine::game::Game + Sized {
    /// The question ("Ana, place a worker").
    fn prompt(m: &Match<Self>, seat: Seat, options: &[Self::Action]) -> String
    where
        Self: TableGame;
    /// A short label for one option ("Buy for 3", "Full house 7 7 7 K K: 8").
    fn label(m: &Match<Self>, seat: Seat, action: &Self::Action) -> String
    where
        Self: TableGame;
    /// The option that declines (no sale, step out), kept one click away in long lists.
    fn declines(_action: &Self::Action) -> bool {
        false
    }
    /// A line under the options when something needs saying ("you cannot outbid: pass").
    fn hint(_m: &Match<Self>, _seat: Seat, _options: &[Self::Action]) -> Option<String>
    where
        Self: TableGame,
    {
        None
    }
    /// The number an action carries when a person sets it with a stepper (a bid); all the
    /// legal actions with a number become one option whose number Left and Right change.
    fn amount(_action: &Self::Action) -> Option<u32> {
        None
    }
    /// `action` with its number set to `n`.
    fn with_amount(action: &Self::Action, _n: u32) -> Self::Action {
        action.clone()
    }
}

/// A person's decision in progress: the legal actions and the one in focus.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct ListChoice<A> {
    pub seat: Seat,
    pub options: Vec<A>,
    pub focus: usize,
    /// The engine's step this choice was built for.
    pub step: usize,
    /// The stepper, when the options include actions with a number (a bid).
    pub amount: Option<Amount>,
}

/// A number a person sets with Left and Right (a bid), for the option at `index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amount {
    pub index: usize,
    pub value: u32,
    pub min: u32,
    pub max: u32,
}

impl<A: Clone + PartialEq> ListChoice<A> {
    /// The choice for `seat`'s decision, in the game's display order, with the focus on what
    /// the Normal bot would play: mashing Confirm is never the costly option.
    pub fn safe<G: TableGame<Action = A>>(m: &Match<G>, seat: Seat) -> ListChoice<A> {
        let legal = m.game.legal_actions();
        let mut options = legal.clone();
        G::display_order(&mut options);
        // Actions with a number collapse into one option with a stepper.
        let numbers: Vec<u32> = options.iter().filter_map(G::amount).collect();
        let mut amount = None;
        if let (Some(&min), Some(&max)) = (numbers.iter().min(), numbers.iter().max()) {
            let index = options
                .iter()
                .position(|a| G::amount(a).is_some())
                .unwrap_or(0);
            let mut first = true;
            options.retain(|a| G::amount(a).is_none() || std::mem::take(&mut first));
            amount = Some(Amount {
                index,
                value: min,
                min,
                max,
            });
        }
        let mut choice = ListChoice {
            seat,
            options,
            focus: 0,
            step: m.actions.len(),
            amount,
        };
        if let Some(a) = suggestion(m, seat, &legal) {
            match (G::amount(&a), choice.amount.as_mut()) {
                (Some(n), Some(amt)) => {
                    amt.value = n.clamp(amt.min, amt.max);
                    choice.focus = amt.index;
                }
                _ => choice.focus = choice.options.iter().position(|o| *o == a).unwrap_or(0),
            }
        }
        choice
    }

    /// The focused option (with the stepper's number when it is the stepper's).
    pub fn focused<G: TableGame<Action = A>>(&self) -> Option<A> {
        let a = self.options.get(self.focus)?;
        Some(self.with_number::<G>(a))
    }

    /// `a` as it would be played: the stepper's option carries the stepper's number.
    pub fn with_number<G: TableGame<Action = A>>(&self, a: &A) -> A {
        match self.amount {
            Some(amt) if G::amount(a).is_some() => G::with_amount(a, amt.value),
            _ => a.clone(),
        }
    }

    /// Arrows (or the D-pad) move the focus round the options; with a stepper, Left and Right
    /// (and the shoulder buttons, by 5) set its number and Up and Down move the focus.
    /// Confirm returns the action.
    pub fn navigate<G: TableGame<Action = A>>(&mut self, nav: Nav) -> Option<A> {
        if let Some(amt) = self.amount.as_mut() {
            let step: i64 = match nav {
                Nav::Left => -1,
                Nav::Right => 1,
                Nav::BigLeft => -5,
                Nav::BigRight => 5,
                Nav::Up | Nav::Down => {
                    let n = if nav == Nav::Up {
                        Nav::Left
                    } else {
                        Nav::Right
                    };
                    self.focus = step_focus(self.focus, self.options.len(), n, true);
                    return None;
                }
                Nav::Confirm => return self.focused::<G>(),
                _ => return None,
            };
            amt.value = (amt.value as i64 + step).clamp(amt.min as i64, amt.max as i64) as u32;
            self.focus = amt.index;
            return None;
        }
        match nav {
            Nav::Confirm => return self.focused::<G>(),
            Nav::Left | Nav::Up => {
                self.focus = step_focus(self.focus, self.options.len(), Nav::Left, true)
            }
            Nav::Right | Nav::Down => {
                self.focus = step_focus(self.focus, self.options.len(), Nav::Right, true)
            }
            Nav::BigLeft => self.focus = self.focus.saturating_sub(5),
            Nav::BigRight => {
                self.focus = (self.focus + 5).min(self.options.len().saturating_sub(1))
            }
            _ => {}
        }
        None
    }
}

/// What the Normal bot would play for `seat` now (seeded by the match and the step, so the
/// same position always suggests the same move).
pub fn suggestion<G: TableGame>(
    m: &Match<G>,
    seat: Seat,
    legal: &[G::Action],
) -> Option<G::Action> {
    if legal.is_empty() {
        return None;
    }
    let seed =
        come_buy_engine::rng::Rng::derive(m.setup.seed, 1000 + m.actions.len() as u64).next_u64();
    let mut bot = G::bot("normal", seed).ok()?;
    Some(bot.choose(&m.game.view(Some(seat)), legal))
}

/// A click or tap that picks an action (a panel button, or a card on the table).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Pick<A>(pub A);

/// Builds the choice when a person's turn comes (the queue idle and, with several people,
/// after the hand-over), and turns navigation and picks into actions.
pub fn person_choice<G: TableGame>(
    mut commands: Commands,
    mut m: ResMut<Match<G>>,
    (presenter, privacy): (Res<Presenter>, Res<Privacy>),
    choice: Option<ResMut<ListChoice<G::Action>>>,
    mut inbox: ResMut<Inbox>,
    mut picks: MessageReader<Pick<G::Action>>,
    mut cues: MessageWriter<PlayCue>,
) {
    // The table owns its presses (the menus took theirs first): they are this choice's, or
    // dropped while no choice is open (a press during a bot's turn never carries over).
    let navs = inbox.navs(Owner::Table);
    let idle = queue_idle(&m, &presenter);
    let Some(seat) = m.person_to_act().filter(|&s| idle && privacy.ready_for(s)) else {
        picks.clear();
        if choice.is_some() {
            commands.remove_resource::<ListChoice<G::Action>>();
        }
        return;
    };
    let mut choice = match choice {
        Some(c) if c.step == m.actions.len() && c.seat == seat => c,
        _ => {
            commands.insert_resource(ListChoice::<G::Action>::safe(&m, seat));
            cues.write(PlayCue(Cue::TurnChime));
            picks.clear();
            return;
        }
    };
    let mut submit = None;
    for Pick(a) in picks.read() {
        submit = Some(a.clone());
    }
    for nav in navs {
        if let Some(a) = choice.navigate::<G>(nav) {
            submit = Some(a);
            break;
        } else if matches!(nav, Nav::Up | Nav::Down | Nav::Left | Nav::Right) {
            cues.write(PlayCue(Cue::Click));
        }
    }
    if let Some(action) = submit {
        match m.act(seat, action) {
            Ok(()) => commands.remove_resource::<ListChoice<G::Action>>(),
            Err(_) => {
                cues.write(PlayCue(Cue::Error));
            }
        }
    }
}

/// "X is thinking..." in the dock while a bot decides (one line, never wrapped).
pub fn thinking_line(ctx: &egui::Context, dock: &mut Dock, name: &str) {
    let shown = egui::Area::new("waiting".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -dock::MARGIN])
        .show(ctx, |ui| {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("{name} is thinking...   (Esc / Start: menu)"))
                        .size(26.0)
                        .color(CREAM),
                )
                .extend(),
            );
        });
    dock.report((shown.response.rect.height() + 2.0 * dock::MARGIN) * ctx.zoom_factor());
}

/// A docked choice panel: `prompt` in the seat's colour, the buttons `body` draws (wrapping
/// within the window), and the controls line. Reports its height to the dock.
pub fn docked_panel(
    ctx: &egui::Context,
    dock: &mut Dock,
    prompt: &str,
    seat_color: egui::Color32,
    hint: &str,
    body: impl FnOnce(&mut egui::Ui),
) {
    let screen = ctx.content_rect();
    // The dock spans the window; its buttons are centred (by last frame's width) and wrap
    // onto a second row only when they must.
    let width = screen.width() - 6.0 * dock::MARGIN;
    let shown = egui::Window::new("choice")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -dock::MARGIN])
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(prompt).size(28.0).color(seat_color));
            });
            let id = egui::Id::new("choice-row-width");
            let last: f32 = ui.data(|d| d.get_temp(id)).unwrap_or(width);
            let row = ui.horizontal_wrapped(|ui| {
                ui.add_space(((ui.available_width() - last) / 2.0).max(0.0));
                let start = ui.cursor().min.x;
                body(ui);
                ui.min_rect().max.x - start
            });
            // A row that wrapped is left-aligned (a second row cannot be centred).
            let wrapped = row.response.rect.height() > 80.0;
            let used = if wrapped { width } else { row.inner.min(width) };
            if (used - last).abs() > 0.5 {
                ui.data_mut(|d| d.insert_temp(id, used));
                ui.ctx().request_repaint();
            }
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(hint).size(16.0).color(MUTED));
            });
        });
    if let Some(r) = shown {
        dock.report((r.response.rect.height() + 2.0 * dock::MARGIN) * ctx.zoom_factor());
    }
}

/// The controls line under a choice.
pub const CHOICE_KEYS: &str =
    "Arrows or D-pad to choose, Enter or A to confirm, Esc or Start for the menu";

/// The choice panel: the question, the options as buttons (or, when there are many, the
/// focused one between arrows plus the declining option), and a controls line.
pub fn list_panel<G: TableGame>(
    mut contexts: EguiContexts,
    m: Res<Match<G>>,
    (presenter, overlay, privacy): (Res<Presenter>, Res<Overlay>, Res<Privacy>),
    choice: Option<Res<ListChoice<G::Action>>>,
    mut dock: ResMut<Dock>,
    mut picks: MessageWriter<Pick<G::Action>>,
    mut nav_out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if *overlay != Overlay::None || privacy.waiting_for.is_some() {
        return Ok(());
    }
    let Some(choice) = choice else {
        if queue_idle(&m, &presenter)
            && let Some(s) = m.game.current_player()
            && !m.seats[s].is_person()
        {
            thinking_line(ctx, &mut dock, &m.seats[s].name);
        }
        return Ok(());
    };
    let seat = &m.seats[choice.seat];
    let c = SEAT_COLORS[seat.color % SEAT_COLORS.len()].0;
    let seat_color = egui::Color32::from_rgb(c[0], c[1], c[2]);
    let n = choice.options.len();
    let keys = match G::hint(&m, choice.seat, &choice.options) {
        Some(h) => format!("{h}   {CHOICE_KEYS}"),
        None => CHOICE_KEYS.to_string(),
    };
    let hint = if n > 5 {
        format!("option {} of {n}. {keys}", choice.focus + 1)
    } else {
        keys
    };
    let prompt = G::prompt(&m, choice.seat, &choice.options);
    let label = |a: &G::Action| G::label(&m, choice.seat, &choice.with_number::<G>(a));
    docked_panel(ctx, &mut dock, &prompt, seat_color, &hint, |ui| {
        if n <= 5 {
            for (i, a) in choice.options.iter().enumerate() {
                if let Some(amt) = choice.amount.filter(|amt| amt.index == i) {
                    stepper(ui, amt, &mut nav_out);
                }
                if ui::big_button(ui, &label(a), choice.focus == i, true) {
                    picks.write(Pick(choice.with_number::<G>(a)));
                }
            }
            return;
        }
        if ui::big_button(ui, "<", false, true) {
            click(&mut nav_out, Owner::Table, Nav::Left);
        }
        if let Some(a) = choice.focused::<G>()
            && ui::big_button(ui, &G::label(&m, choice.seat, &a), true, true)
        {
            picks.write(Pick(a));
        }
        if ui::big_button(ui, ">", false, true) {
            click(&mut nav_out, Owner::Table, Nav::Right);
        }
        // The way out stays one click away.
        if let Some((i, decline)) = choice
            .options
            .iter()
            .enumerate()
            .find(|(_, a)| G::declines(a))
            && choice.focus != i
            && ui::big_button(ui, &label(decline), false, true)
        {
            picks.write(Pick(decline.clone()));
        }
    });
    Ok(())
}

/// The stepper of a number (a bid): "-", the number, "+" and its range.
fn stepper(ui: &mut egui::Ui, amt: Amount, nav_out: &mut MessageWriter<UiPress>) {
    let button = |ui: &mut egui::Ui, text: &str| {
        ui.add(
            egui::Button::new(egui::RichText::new(text).size(30.0))
                .min_size(egui::vec2(52.0, 48.0)),
        )
        .clicked()
    };
    if button(ui, " - ") {
        click(nav_out, Owner::Table, Nav::Left);
    }
    ui.label(
        egui::RichText::new(format!("{:>2}", amt.value))
            .size(40.0)
            .color(ui::GOLD),
    );
    if button(ui, " + ") {
        click(nav_out, Owner::Table, Nav::Right);
    }
    ui.label(
        egui::RichText::new(format!("({}-{})", amt.min, amt.max))
            .size(20.0)
            .color(MUTED),
    );
}

/// The list choice and its panel for game `G` (the panel only in the windowed app).
pub fn register_choice<G: TableGame>(app: &mut App) {
    app.add_message::<Pick<G::Action>>();
    app.add_systems(
        Update,
        person_choice::<G>
            .in_set(TableSet::Decide)
            .in_set(PersonInput)
            .run_if(playing::<G>),
    );
    app.add_systems(OnExit(Screen::Table), |mut commands: Commands| {
        commands.remove_resource::<ListChoice<G::Action>>()
    });
}

/// A game's own systems, registered alike for every game: its list choice, `spawn` (its
/// table, after the shared preamble), the turn glow, and `decide` (highlights, clicks on
/// cards, faces) after people's input.
pub fn register_table<G: TableGame, M1, M2>(
    app: &mut App,
    spawn: impl IntoScheduleConfigs<ScheduleSystem, M1>,
    decide: impl IntoScheduleConfigs<ScheduleSystem, M2>,
) {
    register_choice::<G>(app);
    app.add_systems(
        OnEnter(Screen::Table),
        spawn.in_set(TableSpawn).run_if(playing::<G>),
    );
    app.add_systems(
        Update,
        turn_glow::<G>
            .in_set(TableSet::Present)
            .run_if(playing::<G>),
    );
    app.add_systems(
        Update,
        decide
            .in_set(TableSet::Decide)
            .after(PersonInput)
            .run_if(playing::<G>),
    );
}

pub fn register_panel<G: TableGame>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        list_panel::<G>.run_if(in_state(Screen::Table).and_then(playing::<G>)),
    );
}

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
        if self.egui.as_ref().is_some_and(|e| e.is_pointer_over_area()) {
            return None;
        }
        let window = self.windows.single().ok();
        let mouse_pos = self
            .mouse
            .as_ref()
            .filter(|m| m.just_pressed(MouseButton::Left))
            .and_then(|_| window.and_then(|w| w.cursor_position()));
        let screen = mouse_pos.or_else(|| {
            self.touches
                .as_ref()
                .and_then(|t| t.iter_just_pressed().next().map(|t| t.position()))
        })?;
        let (camera, cam_tf) = self.cameras.iter().next()?;
        camera.viewport_to_world_2d(cam_tf, screen).ok()
    }
}
