//! Mýkonos on the table: the quay of offered cards, workers queueing on them (meeples in seat
//! colours, the neutral crew in grey), purchases settled card by card, sales fanned out and
//! named, wages raining in, and hands kept secret on a shared screen.

use super::handover::{PersonInput, Privacy};
use super::kit::{
    self, Banner, Bubble, ListChoice, Pick, Piece, Wording, bubble, fly_coins, plaque, seat_color,
    text2d,
};
use super::{Moment, Presenter, TableSet, playing};
use crate::anim::{CardSide, Counter, Ease, FlipTween, MoveTween, ScaleTween};
use crate::art::{Art, CARD};
use crate::screens::Screen;
use crate::screens::results::{ResultColumn, ResultRow, ResultTable};
use crate::theme::{self, Fonts};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::mykonos::cards::{Card, Suit};
use come_buy_engine::mykonos::{
    Account, Action, CoinReason, Effect, Mykonos, Phase, Worker, config,
};
use come_buy_media::synth::Cue;
use std::collections::{HashMap, HashSet};

/// The match, when it is Mýkonos.
pub type Match = super::Match<Mykonos>;

// ---------------------------------------------------------------------------------------------
// Layout: the 1920x1080 virtual table, origin at the centre.

pub const PLAQUE: Vec2 = Vec2::new(640.0, 250.0);
const ROW_Y: f32 = 120.0;
const SLOT_W: f32 = 230.0;
const HAND: f32 = 0.55;
const PILE: f32 = 0.6;
const MEEPLE: f32 = 50.0;
const HOME_MEEPLE: f32 = 40.0;

/// Where everything sits: seats along the bottom (right to left) then the top (left to
/// right), turned so the first person sits at the bottom.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub seats: Vec<Vec2>,
    pub top: Vec<bool>,
    pub row: usize,
}

impl Layout {
    pub fn new(players: usize, row: usize, first_person: Option<Seat>) -> Layout {
        let bottom = players.div_ceil(2);
        let top = players - bottom;
        let xs = |k: usize| -> Vec<f32> {
            match k {
                1 => vec![0.0],
                _ => vec![-470.0, 470.0],
            }
        };
        let mut slots: Vec<(Vec2, bool)> = xs(bottom)
            .iter()
            .rev()
            .map(|&x| (Vec2::new(x, -405.0), false))
            .collect();
        slots.extend(xs(top).iter().map(|&x| (Vec2::new(x, 405.0), true)));
        let target = bottom / 2;
        let shift = first_person.map_or(0, |p| (target + players - p % players) % players);
        let mut seats = vec![Vec2::ZERO; players];
        let mut tops = vec![false; players];
        for s in 0..players {
            let (pos, is_top) = slots[(s + shift) % players];
            seats[s] = pos;
            tops[s] = is_top;
        }
        Layout {
            seats,
            top: tops,
            row,
        }
    }

    pub fn row_slot(&self, slot: usize) -> Vec3 {
        let x = (slot as f32 - (self.row.max(1) - 1) as f32 / 2.0) * SLOT_W;
        Vec3::new(x, ROW_Y, 4.0)
    }

    /// The `pos`-th worker in the queue on `slot` (0 = first, just under the card).
    pub fn queue_spot(&self, slot: usize, pos: usize) -> Vec3 {
        let p = self.row_slot(slot);
        Vec3::new(
            p.x,
            ROW_Y - CARD.y / 2.0 - 42.0 - pos as f32 * 52.0,
            20.0 - pos as f32 * 0.1,
        )
    }

    pub fn deck(&self, i: usize) -> Vec3 {
        Vec3::new(
            -840.0 + i as f32 * 0.2,
            ROW_Y + i as f32 * 0.4,
            2.0 + i as f32 * 0.01,
        )
    }

    pub fn discard(&self, i: usize) -> Vec3 {
        let k = i as f32;
        Vec3::new(
            840.0 + (k * 2.3).sin() * 6.0,
            ROW_Y + (k * 1.7).cos() * 5.0,
            2.0 + k * 0.1,
        )
    }

    /// The `i`-th of `n` cards in a seat's hand, inside its plaque.
    pub fn hand(&self, seat: Seat, i: usize, n: usize) -> Vec3 {
        let base = self.seats.get(seat).copied().unwrap_or_default();
        let w = CARD.x * HAND;
        let span = PLAQUE.x - 60.0 - w;
        let step = if n > 1 {
            (span / (n - 1) as f32).min(w + 8.0)
        } else {
            0.0
        };
        let x = base.x - PLAQUE.x / 2.0 + 36.0 + w / 2.0 + i as f32 * step;
        Vec3::new(x, base.y - 48.0, 10.0 + i as f32 * 0.02)
    }

    /// Where a worker waits at home: on its seat's plaque, or (neutral) beside the deck.
    pub fn home(&self, worker: Worker, k: usize) -> Vec3 {
        match worker {
            Worker::Player(s) => {
                let base = self.seats.get(s).copied().unwrap_or_default();
                Vec3::new(
                    base.x - PLAQUE.x / 2.0 + 48.0 + k as f32 * 44.0,
                    base.y + 42.0,
                    12.0 + k as f32 * 0.01,
                )
            }
            Worker::Neutral => Vec3::new(
                -870.0 + (k % 2) as f32 * 56.0,
                -120.0 - (k / 2) as f32 * 56.0,
                12.0,
            ),
        }
    }

    pub fn coin_spot(&self, account: Account) -> Vec3 {
        match account {
            Account::Bank => Vec3::new(840.0, -150.0, 30.0),
            Account::Player(s) => {
                let p = self.seats.get(s).copied().unwrap_or_default();
                Vec3::new(p.x + 200.0, p.y + 88.0, 30.0)
            }
        }
    }

    /// The start token beside a seat's plaque.
    pub fn marker(&self, seat: Seat) -> Vec3 {
        let p = self.seats.get(seat).copied().unwrap_or_default();
        Vec3::new(p.x + PLAQUE.x / 2.0 + 46.0, p.y + 70.0, 25.0)
    }

    /// The `i`-th of `n` cards of a sale, shown where the quay was.
    pub fn showcase(&self, i: usize, n: usize) -> Vec3 {
        let x = (i as f32 - (n.max(1) - 1) as f32 / 2.0) * 150.0;
        Vec3::new(x, ROW_Y, 50.0 + i as f32 * 0.1)
    }

    pub fn bubble(&self, seat: Seat) -> Vec3 {
        let p = self.seats.get(seat).copied().unwrap_or_default();
        let dy = if self.top.get(seat).copied().unwrap_or(false) {
            -150.0
        } else {
            150.0
        };
        Vec3::new(p.x + 170.0, p.y + dy, 60.0)
    }
}

// ---------------------------------------------------------------------------------------------
// What the table shows

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PokerCard(pub Card);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeple(pub Worker);

#[derive(Component)]
pub struct StartMarker;

#[derive(Component)]
pub struct MoneyCounter(pub Seat);

/// Texts the effects rewrite.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// The price tag over a quay card ($1 per worker in its queue).
    Price(usize),
    /// "Round 3 of 10" and the phase.
    Round,
}

/// The table as shown so far (it runs behind the engine while effects are animated).
#[derive(Resource, Default)]
pub struct TableView {
    pub layout: Option<Layout>,
    pub cards: HashMap<Card, Entity>,
    pub deck: Vec<Card>,
    pub row: Vec<Option<Card>>,
    pub hands: Vec<Vec<Card>>,
    /// Hand cards the whole table knows (bought face up, or face cards shown for wages).
    pub known: Vec<HashSet<Card>>,
    pub discard: Vec<Card>,
    /// A sale being shown off before it is swept to the discard pile.
    pub showcase: Vec<Card>,
    pub queues: Vec<Vec<(Worker, Entity)>>,
    pub home: HashMap<Worker, Vec<Entity>>,
    pub money: Vec<i64>,
    pub round: u32,
    pub rounds: usize,
    pub start_player: Seat,
    pub sales: usize,
    pub purchases: usize,
}

impl TableView {
    fn take_from_hand(&mut self, seat: Seat, card: Card) {
        if let Some(h) = self.hands.get_mut(seat) {
            h.retain(|&c| c != card);
        }
        if let Some(k) = self.known.get_mut(seat) {
            k.remove(&card);
        }
    }

    fn add_to_hand(&mut self, seat: Seat, card: Card) {
        if let Some(h) = self.hands.get_mut(seat) {
            h.push(card);
            h.sort_by_key(|c| (c.rank(), c.suit().index()));
        }
    }
}

pub fn plugin(app: &mut App) {
    super::register::<Mykonos>(app);
    kit::register_choice::<Mykonos>(app);
    app.init_resource::<TableView>();
    app.add_systems(
        OnEnter(Screen::Table),
        spawn_table.run_if(playing::<Mykonos>),
    );
    app.add_systems(
        Update,
        (pump_effects, kit::turn_glow::<Mykonos>, moments)
            .chain()
            .in_set(TableSet::Present)
            .run_if(playing::<Mykonos>),
    );
    app.add_systems(
        Update,
        (highlight_choice, click_cards, sync_faces)
            .in_set(TableSet::Decide)
            .after(PersonInput)
            .run_if(playing::<Mykonos>),
    );
}

/// The panel (windowed app only).
pub fn windowed(app: &mut App) {
    kit::register_panel::<Mykonos>(app);
}

fn suit_color(s: Suit) -> Color {
    let c = come_buy_media::art::poker_suit_color(poker_suit(s));
    theme::rgb(c)
}

fn poker_suit(s: Suit) -> come_buy_media::art::PokerSuit {
    use come_buy_media::art::PokerSuit as P;
    match s {
        Suit::Spades => P::Spades,
        Suit::Hearts => P::Hearts,
        Suit::Diamonds => P::Diamonds,
        Suit::Clubs => P::Clubs,
    }
}

/// One playing card: shadow, back, and a face with the rank in two corners (in the suit's
/// colour, four-colour deck), small pips under them, and a big pip or the face letter.
pub fn spawn_card(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    card: Card,
    at: Vec3,
    scale: f32,
) -> Entity {
    let ink = suit_color(card.suit());
    let pip = art
        .poker_suits
        .get(card.suit().index())
        .cloned()
        .unwrap_or_default();
    kit::card_shell(
        commands,
        art,
        PokerCard(card),
        art.card_back.clone(),
        at,
        scale,
        |f| {
            f.spawn(Sprite {
                image: art.poker_face.clone(),
                custom_size: Some(CARD),
                ..default()
            });
            for (x, y, flip) in [(-52.0, 78.0, false), (52.0, -78.0, true)] {
                let rot = if flip {
                    Quat::from_rotation_z(std::f32::consts::PI)
                } else {
                    Quat::IDENTITY
                };
                f.spawn((
                    Text2d::new(card.rank_label()),
                    fonts.display(46.0),
                    TextColor(ink),
                    Transform::from_xyz(x, y, 0.03).with_rotation(rot),
                ));
                let dy = if flip { 40.0 } else { -40.0 };
                f.spawn((
                    Sprite {
                        image: pip.clone(),
                        custom_size: Some(Vec2::splat(30.0)),
                        ..default()
                    },
                    Transform::from_xyz(x, y + dy, 0.03).with_rotation(rot),
                ));
            }
            if card.is_face() {
                f.spawn((
                    Text2d::new(card.rank_label()),
                    fonts.display(110.0),
                    TextColor(ink),
                    Transform::from_xyz(0.0, 12.0, 0.03),
                ));
                f.spawn((
                    Sprite {
                        image: pip.clone(),
                        custom_size: Some(Vec2::splat(44.0)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, -52.0, 0.03),
                ));
            } else {
                f.spawn((
                    Sprite {
                        image: pip.clone(),
                        custom_size: Some(Vec2::splat(92.0)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.03),
                ));
            }
        },
    )
}

fn meeple_image(art: &Art, m: &Match, w: Worker) -> Handle<Image> {
    match w {
        Worker::Player(s) => art
            .meeples
            .get(m.seats[s].color % art.meeples.len().max(1))
            .cloned()
            .unwrap_or_default(),
        Worker::Neutral => art.neutral_meeple.clone(),
    }
}

fn spawn_table(
    mut commands: Commands,
    art: Res<Art>,
    fonts: Res<Fonts>,
    m: Res<Match>,
    mut view: ResMut<TableView>,
    mut presenter: ResMut<Presenter>,
) {
    *presenter = Presenter {
        fast_forward: if m.restored { 2 } else { 0 },
        ..default()
    };
    let cfg = config();
    let n = m.seats.len();
    let row = cfg.row_size(n);
    let first_person = m.seats.iter().position(|s| s.is_person());
    let layout = Layout::new(n, row, first_person);
    *view = TableView {
        layout: Some(layout.clone()),
        row: vec![None; row],
        hands: vec![Vec::new(); n],
        known: vec![HashSet::new(); n],
        queues: vec![Vec::new(); row],
        money: vec![0; n],
        rounds: cfg.rounds(n),
        ..default()
    };
    commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        crate::art::felt_sprite(&art),
    ));
    let mut deck = cfg.deck_for(n);
    deck.sort_by_key(|c| c.id());
    for (i, &c) in deck.iter().enumerate() {
        let e = spawn_card(&mut commands, &art, &fonts, c, layout.deck(i), 1.0);
        view.cards.insert(c, e);
    }
    view.deck = deck;
    let labels = [
        (layout.deck(0) + Vec3::new(0.0, -150.0, 0.0), "Draw pile"),
        (layout.discard(0) + Vec3::new(0.0, -150.0, 0.0), "Discards"),
        (
            layout.coin_spot(Account::Bank) + Vec3::new(0.0, -62.0, 0.0),
            "Bank",
        ),
    ];
    for (p, label) in labels {
        commands.spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            text2d(&fonts, label, 22.0, theme::CREAM.with_alpha(0.8), false),
            Transform::from_xyz(p.x, p.y, 1.0),
        ));
    }
    commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        Label::Round,
        text2d(&fonts, "", 28.0, theme::GOLD, true),
        // Left of the top-left plaque (four players), clear of its edge.
        Transform::from_xyz(-866.0, 300.0, 1.0),
    ));
    // The bank's heap.
    let bank = layout.coin_spot(Account::Bank);
    for k in 0..7 {
        let a = k as f32 * 0.9;
        commands.spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            Sprite {
                image: art.coin.clone(),
                custom_size: Some(Vec2::splat(58.0)),
                ..default()
            },
            Transform::from_xyz(
                bank.x + 34.0 * a.cos(),
                bank.y + 20.0 * a.sin() + k as f32 * 3.0,
                1.0 + k as f32 * 0.01,
            ),
        ));
    }
    // Price tags over the quay.
    for slot in 0..row {
        let p = layout.row_slot(slot);
        commands.spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            Label::Price(slot),
            text2d(&fonts, "", 34.0, theme::GOLD, true),
            Transform::from_xyz(p.x, p.y + CARD.y / 2.0 + 26.0, 30.0),
        ));
    }
    // Seats: plaque, name, money, workers at home.
    for s in 0..n {
        let p = layout.seats[s];
        let info = &m.seats[s];
        let color = seat_color(info);
        let plate = plaque(&mut commands, &art, p, PLAQUE, s, color);
        let tag = if info.is_person() { "" } else { "  (bot)" };
        commands.entity(plate).with_children(|c| {
            c.spawn((
                text2d(&fonts, format!("{}{tag}", info.name), 38.0, color, true),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(-PLAQUE.x / 2.0 + 34.0, 92.0, 0.2),
            ));
            c.spawn((
                Sprite {
                    image: art.coin.clone(),
                    custom_size: Some(Vec2::splat(46.0)),
                    ..default()
                },
                Transform::from_xyz(200.0, 88.0, 0.2),
            ));
            c.spawn((
                MoneyCounter(s),
                Counter::new(0.0),
                text2d(&fonts, "0", 44.0, theme::GOLD, false),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(230.0, 88.0, 0.2),
            ));
        });
    }
    let mut workers: Vec<(Worker, usize)> =
        (0..n).map(|s| (Worker::Player(s), cfg.workers)).collect();
    workers.push((Worker::Neutral, cfg.neutral_for(n)));
    for (w, count) in workers {
        let image = meeple_image(&art, &m, w);
        let mut home = Vec::new();
        for k in 0..count {
            let e = commands
                .spawn((
                    Piece,
                    Meeple(w),
                    DespawnOnExit(Screen::Table),
                    Sprite {
                        image: image.clone(),
                        custom_size: Some(Vec2::splat(HOME_MEEPLE)),
                        ..default()
                    },
                    Transform::from_translation(layout.home(w, k)),
                ))
                .id();
            home.push(e);
        }
        view.home.insert(w, home);
    }
    if cfg.neutral_for(n) > 0 {
        let p = layout.home(Worker::Neutral, 0);
        commands.spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            text2d(
                &fonts,
                "Neutral crew",
                20.0,
                theme::CREAM.with_alpha(0.8),
                false,
            ),
            Transform::from_xyz(p.x + 28.0, p.y + 46.0, 1.0),
        ));
    }
    commands.spawn((
        Piece,
        StartMarker,
        DespawnOnExit(Screen::Table),
        Sprite {
            image: art.start_marker.clone(),
            custom_size: Some(Vec2::splat(72.0)),
            ..default()
        },
        Transform::from_translation(layout.marker(0)).with_scale(Vec3::ZERO),
    ));
}

// ---------------------------------------------------------------------------------------------
// Effects -> animations

/// Cards only (not meeples or the token), meeples only, the token only.
type CardFilter = (With<PokerCard>, Without<Meeple>, Without<StartMarker>);
type MeepleFilter = (With<Meeple>, Without<PokerCard>, Without<StartMarker>);
type MarkerFilter = (With<StartMarker>, Without<PokerCard>, Without<Meeple>);

#[derive(SystemParam)]
struct Fx<'w, 's> {
    cards: Query<'w, 's, (&'static mut Transform, &'static CardSide), CardFilter>,
    meeples: Query<'w, 's, &'static mut Transform, MeepleFilter>,
    marker: Query<'w, 's, (Entity, &'static Transform), MarkerFilter>,
    money: Query<'w, 's, (&'static mut Counter, &'static MoneyCounter)>,
    labels: Query<'w, 's, (&'static mut Text2d, &'static Label)>,
    banners: Query<'w, 's, Entity, With<Banner>>,
    bubbles: Query<'w, 's, (Entity, &'static Bubble)>,
}

fn pump_effects(
    mut commands: Commands,
    art: Res<Art>,
    fonts: Res<Fonts>,
    mut m: ResMut<Match>,
    mut view: ResMut<TableView>,
    mut beat: super::Beat,
    mut moments: MessageWriter<Moment>,
    mut fx: Fx,
) {
    let Some(layout) = view.layout.clone() else {
        return;
    };
    beat.pump(&mut *m, |m, effect, cues| {
        present(
            &mut commands,
            &art,
            &fonts,
            m,
            &layout,
            &mut view,
            effect,
            cues,
            &mut moments,
            &mut fx,
        )
    });
}

fn glide(
    commands: &mut Commands,
    fx: &mut Fx,
    e: Entity,
    to: Vec3,
    scale: f32,
    lift: bool,
    flip_to: Option<bool>,
) {
    let Ok((tf, side)) = fx.cards.get_mut(e) else {
        return;
    };
    if !lift && tf.translation == to && (tf.scale.y - scale).abs() < 1e-4 {
        return;
    }
    let mut tw = MoveTween::new(tf.translation, to, if lift { 0.45 } else { 0.3 });
    if lift {
        tw.from.z = 70.0;
        tw = tw.arc(40.0).ease(Ease::CubicInOut);
    }
    let mut ec = commands.entity(e);
    ec.insert((
        tw,
        ScaleTween {
            from: tf.scale.y,
            to: scale,
            elapsed: 0.0,
            duration: 0.4,
            ease: Ease::CubicOut,
        },
    ));
    if let Some(up) = flip_to
        && side.face_up != up
    {
        ec.insert(FlipTween::new(up, 0.34));
    }
}

fn fan_hand(commands: &mut Commands, fx: &mut Fx, layout: &Layout, view: &TableView, seat: Seat) {
    let hand = view.hands.get(seat).cloned().unwrap_or_default();
    for (i, c) in hand.iter().enumerate() {
        if let Some(&e) = view.cards.get(c) {
            glide(
                commands,
                fx,
                e,
                layout.hand(seat, i, hand.len()),
                HAND,
                false,
                None,
            );
        }
    }
}

fn to_discard(
    commands: &mut Commands,
    fx: &mut Fx,
    layout: &Layout,
    view: &mut TableView,
    c: Card,
) {
    let i = view.discard.len();
    view.discard.push(c);
    if let Some(&e) = view.cards.get(&c) {
        glide(commands, fx, e, layout.discard(i), PILE, true, Some(true));
    }
}

fn sweep_showcase(commands: &mut Commands, fx: &mut Fx, layout: &Layout, view: &mut TableView) {
    for c in std::mem::take(&mut view.showcase) {
        to_discard(commands, fx, layout, view, c);
    }
}

fn set_price(fx: &mut Fx, view: &TableView, slot: usize) {
    let n = view.queues.get(slot).map_or(0, Vec::len);
    for (mut t, l) in fx.labels.iter_mut() {
        if *l == Label::Price(slot) {
            t.0 = if n == 0 || view.row.get(slot).copied().flatten().is_none() {
                String::new()
            } else {
                format!("${n}")
            };
        }
    }
}

fn set_round(fx: &mut Fx, view: &TableView, phase: &str) {
    for (mut t, l) in fx.labels.iter_mut() {
        if *l == Label::Round {
            t.0 = if view.round == 0 {
                String::new()
            } else {
                format!("Round {} of {}\n{phase}", view.round, view.rounds)
            };
        }
    }
}

/// Re-lays the queue on `slot` (after a worker stepped out the rest move up).
fn relayout_queue(
    commands: &mut Commands,
    fx: &mut Fx,
    layout: &Layout,
    view: &TableView,
    slot: usize,
) {
    for (pos, (_, e)) in view.queues[slot].iter().enumerate() {
        if let Ok(tf) = fx.meeples.get_mut(*e) {
            let to = layout.queue_spot(slot, pos);
            if tf.translation != to {
                commands
                    .entity(*e)
                    .insert(MoveTween::new(tf.translation, to, 0.25).ease(Ease::CubicOut));
            }
        }
    }
}

fn send_home(
    commands: &mut Commands,
    fx: &mut Fx,
    layout: &Layout,
    view: &mut TableView,
    worker: Worker,
    e: Entity,
    delay: f32,
) {
    let home = view.home.entry(worker).or_default();
    let k = home.len();
    home.push(e);
    if let Ok(tf) = fx.meeples.get_mut(e) {
        commands.entity(e).insert((
            MoveTween::new(tf.translation, layout.home(worker, k), 0.4)
                .arc(50.0)
                .delay(delay)
                .ease(Ease::CubicInOut),
            ScaleTween {
                from: MEEPLE / HOME_MEEPLE,
                to: 1.0,
                elapsed: 0.0,
                duration: 0.4,
                ease: Ease::CubicOut,
            },
        ));
    }
}

fn present(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    m: &Match,
    layout: &Layout,
    view: &mut TableView,
    effect: &Effect,
    cues: &mut Vec<Cue>,
    moments: &mut MessageWriter<Moment>,
    fx: &mut Fx,
) -> f32 {
    let name = |s: Seat| m.seats.get(s).map(|x| x.name.clone()).unwrap_or_default();
    let banner_at = Vec3::new(0.0, ROW_Y - 10.0, 80.0);
    let is_sale_money = matches!(
        effect,
        Effect::CoinsMoved {
            reason: CoinReason::Sale,
            ..
        }
    );
    if !view.showcase.is_empty() && !is_sale_money {
        sweep_showcase(commands, fx, layout, view);
    }
    match effect {
        Effect::GameStarted { start_player, .. } => {
            view.start_player = *start_player;
            for (e, _) in fx.marker.iter() {
                commands.entity(e).insert((
                    Transform::from_translation(layout.marker(*start_player))
                        .with_scale(Vec3::splat(0.2)),
                    ScaleTween {
                        from: 0.2,
                        to: 1.0,
                        elapsed: 0.0,
                        duration: 0.4,
                        ease: Ease::BackOut,
                    },
                ));
            }
            let old: Vec<Entity> = fx.banners.iter().collect();
            kit::banner(
                commands,
                fonts,
                old.into_iter(),
                banner_at,
                "Mýkonos",
                &format!("{} holds the start token", name(*start_player)),
            );
            0.9
        }
        Effect::CoinsMoved {
            from,
            to,
            amount,
            reason,
        } => {
            let gain = matches!(to, Account::Player(_));
            let label_at = match (from, to) {
                (_, Account::Player(_)) => layout.coin_spot(*to),
                _ => layout.coin_spot(*from),
            };
            fly_coins(
                commands,
                art,
                fonts,
                layout.coin_spot(*from),
                layout.coin_spot(*to),
                *amount,
                label_at,
                gain,
            );
            for (account, sign) in [(*from, -1i64), (*to, 1)] {
                if let Account::Player(s) = account
                    && let Some(v) = view.money.get_mut(s)
                {
                    *v += sign * *amount as i64;
                    let value = *v as f32;
                    for (mut c, mc) in fx.money.iter_mut() {
                        if mc.0 == s {
                            c.target = value;
                        }
                    }
                }
            }
            cues.push(if *amount >= 5 {
                Cue::CoinRain
            } else {
                Cue::CoinClink
            });
            match reason {
                CoinReason::StartingMoney => 0.15,
                CoinReason::Purchase => 0.55,
                CoinReason::Sale => 0.7,
                CoinReason::Income => 0.3,
            }
        }
        Effect::Dealt { seat, card } => {
            let card = card.or_else(|| view.deck.last().copied());
            if let Some(c) = card {
                view.deck.retain(|&d| d != c);
                view.add_to_hand(*seat, c);
                if let Some(&e) = view.cards.get(&c) {
                    let i = view.hands[*seat].iter().position(|&h| h == c).unwrap_or(0);
                    let n = view.hands[*seat].len();
                    glide(commands, fx, e, layout.hand(*seat, i, n), HAND, true, None);
                }
                fan_hand(commands, fx, layout, view, *seat);
            }
            cues.push(Cue::CardSlide);
            0.22
        }
        Effect::RoundStarted {
            round,
            start_player,
        } => {
            view.round = *round;
            view.start_player = *start_player;
            set_round(fx, view, "Offer");
            let old: Vec<Entity> = fx.banners.iter().collect();
            let left = view.rounds.saturating_sub(*round as usize);
            kit::banner(
                commands,
                fonts,
                old.into_iter(),
                banner_at,
                &format!("Round {round}"),
                &if left == 0 {
                    "the last round".to_string()
                } else {
                    format!("{left} more after this one")
                },
            );
            0.8
        }
        Effect::PhaseStarted(phase) => {
            set_round(fx, view, phase.name());
            if *phase == Phase::Sales {
                let old: Vec<Entity> = fx.banners.iter().collect();
                kit::banner(
                    commands,
                    fonts,
                    old.into_iter(),
                    banner_at,
                    "Sales",
                    "each player may sell one combination",
                );
                return 0.6;
            }
            0.15
        }
        Effect::Offered { slot, card } => {
            view.deck.retain(|&d| d != *card);
            if let Some(r) = view.row.get_mut(*slot) {
                *r = Some(*card);
            }
            if let Some(&e) = view.cards.get(card) {
                glide(
                    commands,
                    fx,
                    e,
                    layout.row_slot(*slot),
                    1.0,
                    true,
                    Some(true),
                );
            }
            set_price(fx, view, *slot);
            cues.push(Cue::CardFlip);
            0.3
        }
        Effect::WorkerPlaced {
            slot,
            worker,
            position,
            ..
        } => {
            let Some(e) = view.home.get_mut(worker).and_then(|h| h.pop()) else {
                return 0.0;
            };
            if let Some(q) = view.queues.get_mut(*slot) {
                q.push((*worker, e));
            }
            if let Ok(tf) = fx.meeples.get_mut(e) {
                commands.entity(e).insert((
                    MoveTween::new(tf.translation, layout.queue_spot(*slot, *position), 0.45)
                        .arc(90.0)
                        .ease(Ease::CubicInOut),
                    ScaleTween {
                        from: 1.0,
                        to: MEEPLE / HOME_MEEPLE,
                        elapsed: 0.0,
                        duration: 0.45,
                        ease: Ease::BackOut,
                    },
                ));
            }
            set_price(fx, view, *slot);
            if view.queues.iter().map(Vec::len).sum::<usize>() >= 7 {
                moments.write(Moment("placement"));
            }
            cues.push(Cue::Bid);
            0.42
        }
        Effect::WorkerPassed { slot, worker } => {
            if view.queues.get(*slot).is_some_and(|q| !q.is_empty()) {
                let (w, e) = view.queues[*slot].remove(0);
                send_home(commands, fx, layout, view, w, e, 0.0);
                relayout_queue(commands, fx, layout, view, *slot);
            }
            set_price(fx, view, *slot);
            if let Worker::Player(s) = worker {
                let old: Vec<Entity> = fx
                    .bubbles
                    .iter()
                    .filter(|(_, b)| b.0 == *s)
                    .map(|(e, _)| e)
                    .collect();
                bubble(
                    commands,
                    art,
                    fonts,
                    old.into_iter(),
                    *s,
                    layout.bubble(*s),
                    "Pass",
                    Color::srgb(0.45, 0.42, 0.38),
                    Some(1.6),
                );
            }
            cues.push(Cue::Pass);
            0.45
        }
        Effect::Bought {
            slot, seat, card, ..
        } => {
            if let Some(r) = view.row.get_mut(*slot) {
                *r = None;
            }
            view.add_to_hand(*seat, *card);
            if let Some(k) = view.known.get_mut(*seat) {
                k.insert(*card);
            }
            if let Some(&e) = view.cards.get(card) {
                let i = view.hands[*seat]
                    .iter()
                    .position(|c| c == card)
                    .unwrap_or(0);
                let n = view.hands[*seat].len();
                glide(
                    commands,
                    fx,
                    e,
                    layout.hand(*seat, i, n),
                    HAND,
                    true,
                    Some(true),
                );
            }
            fan_hand(commands, fx, layout, view, *seat);
            let old: Vec<Entity> = fx
                .bubbles
                .iter()
                .filter(|(_, b)| b.0 == *seat)
                .map(|(e, _)| e)
                .collect();
            bubble(
                commands,
                art,
                fonts,
                old.into_iter(),
                *seat,
                layout.bubble(*seat),
                "Buy!",
                theme::INK,
                Some(1.6),
            );
            set_price(fx, view, *slot);
            view.purchases += 1;
            if view.purchases >= 3 {
                moments.write(Moment("purchase"));
            }
            cues.push(Cue::CardSlide);
            0.5
        }
        Effect::WorkersHome { slot, .. } => {
            let queue = std::mem::take(&mut view.queues[*slot]);
            for (k, (w, e)) in queue.into_iter().enumerate() {
                send_home(commands, fx, layout, view, w, e, k as f32 * 0.06);
            }
            set_price(fx, view, *slot);
            0.35
        }
        Effect::Unsold { slot, card } => {
            if let Some(r) = view.row.get_mut(*slot) {
                *r = None;
            }
            to_discard(commands, fx, layout, view, *card);
            set_price(fx, view, *slot);
            cues.push(Cue::CardSlide);
            0.3
        }
        Effect::Sold {
            seat,
            cards,
            category,
            price,
        } => {
            for c in cards {
                view.take_from_hand(*seat, *c);
            }
            view.showcase = cards.clone();
            for (i, c) in cards.iter().enumerate() {
                if let Some(&e) = view.cards.get(c) {
                    glide(
                        commands,
                        fx,
                        e,
                        layout.showcase(i, cards.len()),
                        0.9,
                        true,
                        Some(true),
                    );
                }
            }
            fan_hand(commands, fx, layout, view, *seat);
            let old: Vec<Entity> = fx.banners.iter().collect();
            kit::banner(
                commands,
                fonts,
                old.into_iter(),
                Vec3::new(0.0, ROW_Y - CARD.y / 2.0 - 70.0, 80.0),
                &format!("{}!", category.name()),
                &format!("{} sells for {price}", name(*seat)),
            );
            view.sales += 1;
            if *price >= 4 || view.sales >= 6 {
                moments.write(Moment("sale"));
            }
            cues.push(if *price >= 5 { Cue::Win } else { Cue::CardFlip });
            1.3
        }
        Effect::NoSale { seat } => {
            let old: Vec<Entity> = fx
                .bubbles
                .iter()
                .filter(|(_, b)| b.0 == *seat)
                .map(|(e, _)| e)
                .collect();
            bubble(
                commands,
                art,
                fonts,
                old.into_iter(),
                *seat,
                layout.bubble(*seat),
                "No sale",
                Color::srgb(0.45, 0.42, 0.38),
                Some(1.6),
            );
            cues.push(Cue::Pass);
            0.35
        }
        Effect::Income {
            seat, face_cards, ..
        } => {
            if let Some(k) = view.known.get_mut(*seat) {
                k.extend(face_cards.iter().copied());
            }
            0.05
        }
        Effect::MarkerPassed { to, .. } => {
            view.start_player = *to;
            for (e, tf) in fx.marker.iter() {
                commands.entity(e).insert(
                    MoveTween::new(tf.translation, layout.marker(*to), 0.5)
                        .arc(60.0)
                        .ease(Ease::CubicInOut),
                );
            }
            cues.push(Cue::CardSlide);
            0.45
        }
        Effect::Discarded { seat, card } => {
            view.take_from_hand(*seat, *card);
            to_discard(commands, fx, layout, view, *card);
            fan_hand(commands, fx, layout, view, *seat);
            cues.push(Cue::CardSlide);
            0.3
        }
        Effect::GameOver { winners, .. } => {
            let names: Vec<String> = winners.iter().map(|&s| name(s)).collect();
            let old: Vec<Entity> = fx.banners.iter().collect();
            kit::banner(
                commands,
                fonts,
                old.into_iter(),
                banner_at,
                &format!("{} wins!", names.join(" and ")),
                "most money",
            );
            cues.push(Cue::Win);
            1.4
        }
    }
}

/// Turns hand cards face up or down: up when the room may see them (known cards, the only
/// person's own hand, the hand of the person who took the screen), down otherwise.
fn sync_faces(
    mut commands: Commands,
    view: Res<TableView>,
    privacy: Res<Privacy>,
    cards: Query<(&CardSide, Has<FlipTween>), With<PokerCard>>,
) {
    for (seat, hand) in view.hands.iter().enumerate() {
        for c in hand {
            let Some(&e) = view.cards.get(c) else {
                continue;
            };
            let want = privacy.shows(seat) || view.known[seat].contains(c);
            if let Ok((side, flipping)) = cards.get(e)
                && !flipping
                && side.face_up != want
            {
                commands.entity(e).insert(FlipTween::new(want, 0.3));
            }
        }
    }
}

/// Lifts the cards a person's focused option is about.
fn highlight_choice(
    choice: Option<Res<ListChoice<Action>>>,
    view: Res<TableView>,
    mut cards: Query<(&PokerCard, &mut Transform), Without<MoveTween>>,
) {
    let Some(layout) = view.layout.as_ref() else {
        return;
    };
    let focused: Vec<Card> = match choice.as_ref().and_then(|c| c.focused()) {
        Some(Action::Place { slot }) => {
            view.row.get(*slot).copied().flatten().into_iter().collect()
        }
        Some(Action::Sell { cards }) => cards.clone(),
        Some(Action::Discard { card }) => vec![*card],
        _ => Vec::new(),
    };
    for (pc, mut tf) in &mut cards {
        let base = if let Some(slot) = view.row.iter().position(|r| *r == Some(pc.0)) {
            layout.row_slot(slot)
        } else if let Some((s, i, n)) = view
            .hands
            .iter()
            .enumerate()
            .find_map(|(s, h)| h.iter().position(|&c| c == pc.0).map(|i| (s, i, h.len())))
        {
            layout.hand(s, i, n)
        } else {
            continue;
        };
        let lift = if focused.contains(&pc.0) { 30.0 } else { 0.0 };
        let want = base + Vec3::new(0.0, lift, if lift > 0.0 { 5.0 } else { 0.0 });
        if tf.translation.distance(want) > 0.5 {
            tf.translation = tf.translation.lerp(want, 0.3);
        }
    }
}

/// Clicking a quay card places a worker there; clicking a hand card discards it.
fn click_cards(
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    touches: Option<Res<Touches>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    view: Res<TableView>,
    choice: Option<Res<ListChoice<Action>>>,
    mut picks: MessageWriter<Pick<Action>>,
) {
    let (Some(choice), Some(layout)) = (choice, view.layout.as_ref()) else {
        return;
    };
    let Some(world) = kit::pressed_world_point(mouse, touches, &windows, &cameras) else {
        return;
    };
    let hit = |p: Vec3, scale: f32| {
        let half = CARD * scale / 2.0;
        let d = (world - p.truncate()).abs();
        d.x <= half.x && d.y <= half.y
    };
    for slot in 0..view.row.len() {
        let a = Action::Place { slot };
        if choice.options.contains(&a) && hit(layout.row_slot(slot), 1.0) {
            picks.write(Pick(a));
            return;
        }
    }
    let hand = &view.hands[choice.seat];
    for (i, &card) in hand.iter().enumerate().rev() {
        let a = Action::Discard { card };
        if choice.options.contains(&a) && hit(layout.hand(choice.seat, i, hand.len()), HAND) {
            picks.write(Pick(a));
            return;
        }
    }
}

fn moments(m: Res<Match>, view: Res<TableView>, mut out: MessageWriter<Moment>) {
    if m.game.is_over() && m.pending.is_empty() && view.sales > 0 {
        out.write(Moment("final"));
    }
}

// ---------------------------------------------------------------------------------------------
// Wording and results

fn ranks(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Wording for Mykonos {
    fn prompt(m: &Match, seat: Seat, options: &[Action]) -> String {
        let who = &m.seats[seat].name;
        let v = m.game.view(Some(seat));
        match options.first() {
            Some(Action::Place { .. }) => match v.placements.first().map(|p| p.worker) {
                Some(Worker::Neutral) => format!("{who}, place a grey neutral worker"),
                _ => format!(
                    "{who}, send a worker to a card ({} left)",
                    v.workers_left.get(seat).copied().unwrap_or(0)
                ),
            },
            Some(Action::Buy) | Some(Action::Pass) => {
                let (slot, price) = v.purchase.unwrap_or((0, 0));
                let card = v.row.get(slot).copied().flatten();
                let what = card.map(|c| c.long_name()).unwrap_or_default();
                if options.contains(&Action::Buy) {
                    format!("{who}, you are first in line: buy the {what} for {price}?")
                } else {
                    format!("{who}, you cannot pay {price} for the {what}: step out")
                }
            }
            Some(Action::Sell { .. }) | Some(Action::NoSale) => {
                format!("{who}, sell one combination from your hand?")
            }
            Some(Action::Discard { .. }) => format!(
                "{who}, too many cards: discard {} more",
                v.must_discard.max(1)
            ),
            None => String::new(),
        }
    }

    fn label(m: &Match, seat: Seat, a: &Action) -> String {
        let v = m.game.view(Some(seat));
        match a {
            Action::Place { slot } => {
                let card = v.row.get(*slot).copied().flatten();
                let q = v.queues.get(*slot).map_or(0, Vec::len);
                format!(
                    "{} (queue {q})",
                    card.map(|c| c.to_string()).unwrap_or_default()
                )
            }
            Action::Buy => format!("Buy for {}", v.purchase.map_or(0, |p| p.1)),
            Action::Pass => "Step out".into(),
            Action::Sell { cards } => match v.prices.sale(cards) {
                Some(sale) => format!(
                    "{}: {} for {}",
                    sale.category.name(),
                    ranks(cards),
                    sale.price
                ),
                None => format!("Sell {}", ranks(cards)),
            },
            Action::NoSale => "No sale".into(),
            Action::Discard { card } => format!("Discard {card}"),
        }
    }

    fn declines(a: &Action) -> bool {
        matches!(a, Action::NoSale | Action::Pass)
    }
}

/// The results: money, and the face cards in hand (the tie-break).
pub fn result_table(m: &Match, art: &Art) -> ResultTable {
    let Some(scores) = m.game.scores() else {
        return ResultTable::default();
    };
    let v = m.game.view(None);
    let faces: Vec<usize> = (0..m.seats.len())
        .map(|s| scores.tiebreak.get(s).copied().unwrap_or(0) as usize)
        .collect();
    let mut t = ResultTable {
        columns: vec![
            ResultColumn {
                icon: None,
                label: "Face cards".into(),
            },
            ResultColumn {
                icon: None,
                label: "Cards".into(),
            },
        ],
        rows: (0..m.seats.len())
            .map(|s| ResultRow {
                seat: s,
                name: m.seats[s].name.clone(),
                cells: vec![
                    (faces[s].to_string(), theme::CREAM),
                    (
                        v.hand_sizes.get(s).copied().unwrap_or(0).to_string(),
                        theme::CREAM.with_alpha(0.7),
                    ),
                ],
                total: scores.points[s],
                winner: scores.winners.contains(&s),
            })
            .collect(),
        total_label: "Money".into(),
        footnote: "Most money wins; a tie goes to more Jacks, Queens and Kings in hand.".into(),
        headline: None,
    };
    let _ = art;
    t.sort();
    t
}

/// "No sale" first (the choice that keeps every card), then the sales in the engine's order.
pub fn order_sales(options: &mut [Action]) {
    options.sort_by_key(|a| !matches!(a, Action::NoSale));
}
