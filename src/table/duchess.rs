//! The Duchess's Necklace on the table: jeweller's cards with their four stones and the wish
//! in a cartouche, the common card in the middle, a live necklace panel for every hand the
//! room may see (met wishes glow), draws and discards gliding and flipping, the solo pair,
//! and the final reveal with the florins counted up and, solo, the rank earned.

use super::handover::{PersonInput, Privacy};
use super::kit::{
    self, Banner, Bubble, ListChoice, Pick, Piece, Wording, bubble, plaque, seat_color, text2d,
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
use come_buy_engine::duchess::deck::{Card, CardSet, Gem, config};
use come_buy_engine::duchess::necklace::necklace;
use come_buy_engine::duchess::{Action, Duchess, Effect, StageView, Zone};
use come_buy_engine::game::{Game, Seat};
use come_buy_media::art::{JEWEL_CARTOUCHE, JEWEL_GEM_SCALE, JEWEL_SETTING_RADIUS, JEWEL_SETTINGS};
use come_buy_media::synth::Cue;
use std::collections::HashMap;

/// The match, when it is the Duchess's Necklace.
pub type Match = super::Match<Duchess>;

// ---------------------------------------------------------------------------------------------
// Layout

const ROW_Y: f32 = 150.0;
const PILE: f32 = 0.75;
const NECKLACE_LINES: usize = 5;

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub players: usize,
    /// Per seat: whether its hand sits along the bottom (large) or the top.
    pub bottom: Vec<bool>,
}

impl Layout {
    pub fn new(players: usize, first_person: Option<Seat>) -> Layout {
        let low = first_person.unwrap_or(0);
        Layout {
            players,
            bottom: (0..players).map(|s| s == low).collect(),
        }
    }

    fn hand_scale(&self, seat: Seat) -> f32 {
        if self.bottom.get(seat).copied().unwrap_or(true) {
            1.0
        } else {
            0.72
        }
    }

    pub fn slot(&self, zone: Zone, index: usize, count: usize) -> (Vec3, f32) {
        let i = index as f32;
        match zone {
            Zone::DrawPile => (
                Vec3::new(-560.0 + i * 0.3, ROW_Y + i * 0.6, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::Removed => (
                Vec3::new(-800.0 + i * 14.0, ROW_Y - 40.0 + i * 8.0, 2.0 + i * 0.01),
                0.5,
            ),
            Zone::Common => (Vec3::new(-270.0, ROW_Y, 4.0), 1.0),
            Zone::Pair(w) => (Vec3::new(40.0 + w as f32 * 200.0, ROW_Y, 6.0), 1.0),
            Zone::Discard => (
                Vec3::new(
                    if self.players == 1 { 560.0 } else { 200.0 } + (i * 2.1).sin() * 5.0,
                    ROW_Y + (i * 1.3).cos() * 4.0,
                    2.0 + i * 0.1,
                ),
                PILE,
            ),
            Zone::Hand(s) => {
                let scale = self.hand_scale(s);
                let step = CARD.x * scale + 22.0;
                let x0 = -620.0 + CARD.x * scale / 2.0;
                let y = if self.bottom.get(s).copied().unwrap_or(true) {
                    -320.0
                } else {
                    380.0
                };
                let _ = count;
                (Vec3::new(x0 + i * step, y, 10.0 + i * 0.02), scale)
            }
        }
    }

    /// The necklace panel's top-left corner for a seat.
    pub fn panel(&self, seat: Seat) -> Vec3 {
        if self.bottom.get(seat).copied().unwrap_or(true) {
            Vec3::new(330.0, -180.0, 5.0)
        } else {
            Vec3::new(330.0, 470.0, 5.0)
        }
    }

    /// Where a seat's words appear: above its panel at the bottom, below it at the top.
    pub fn bubble(&self, seat: Seat) -> Vec3 {
        let p = self.panel(seat);
        if self.bottom.get(seat).copied().unwrap_or(true) {
            Vec3::new(p.x + 280.0, p.y + 45.0, 60.0)
        } else {
            Vec3::new(p.x + 280.0, p.y - 295.0, 60.0)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Components and the table's picture

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct JewelCard(pub Card);

/// The glow behind a card whose wish the shown necklace meets.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WishGlow(pub Card);

/// One line of a seat's necklace panel (0 = the total).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelLine(pub Seat, pub usize);

#[derive(Component)]
pub struct NecklaceValue(pub Seat);

#[derive(Component)]
pub struct Status;

#[derive(Resource, Default)]
pub struct TableView {
    pub layout: Option<Layout>,
    pub cards: HashMap<Card, Entity>,
    pub zones: HashMap<Zone, Vec<Card>>,
    /// Cards the whole table knows are in a hand (taken from the discards).
    pub known: Vec<Vec<Card>>,
    /// Solo: the pair card the player has looked at.
    pub looked: Option<Card>,
    pub over: bool,
    pub turns: u32,
}

impl TableView {
    pub fn zone(&self, zone: Zone) -> &[Card] {
        self.zones.get(&zone).map(Vec::as_slice).unwrap_or(&[])
    }

    fn zone_of(&self, card: Card) -> Option<Zone> {
        self.zones
            .iter()
            .find(|(_, v)| v.contains(&card))
            .map(|(z, _)| *z)
    }

    /// The five cards that count for `seat` as shown now (hand and common card).
    pub fn necklace_cards(&self, seat: Seat) -> Vec<Card> {
        let mut v = self.zone(Zone::Hand(seat)).to_vec();
        v.extend_from_slice(self.zone(Zone::Common));
        v
    }
}

pub fn plugin(app: &mut App) {
    super::register::<Duchess>(app);
    kit::register_choice::<Duchess>(app);
    app.init_resource::<TableView>();
    app.add_systems(
        OnEnter(Screen::Table),
        spawn_table.run_if(playing::<Duchess>),
    );
    app.add_systems(
        Update,
        (pump_effects, kit::turn_glow::<Duchess>, moments)
            .chain()
            .in_set(TableSet::Present)
            .run_if(playing::<Duchess>),
    );
    app.add_systems(
        Update,
        (sync_faces, necklace_panels, highlight_choice, click_cards)
            .in_set(TableSet::Decide)
            .after(PersonInput)
            .run_if(playing::<Duchess>),
    );
}

pub fn windowed(app: &mut App) {
    kit::register_panel::<Duchess>(app);
}

fn gem_image(art: &Art, g: Gem) -> Handle<Image> {
    art.gems.get(g.index()).cloned().unwrap_or_default()
}

/// One jeweller's card: its four stones set in gold, the wish in the cartouche.
pub fn spawn_card(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    card: Card,
    at: Vec3,
    scale: f32,
) -> Entity {
    let cfg = config();
    let def = cfg.def(card).clone();
    let to_local = |fx: f32, fy: f32| Vec2::new((fx - 0.5) * CARD.x, (0.5 - fy) * CARD.y);
    let parent = kit::card_shell(
        commands,
        art,
        JewelCard(card),
        art.jewel_back.clone(),
        at,
        scale,
        |f| {
            f.spawn(Sprite {
                image: art.jewel_face.clone(),
                custom_size: Some(CARD),
                ..default()
            });
            let size = JEWEL_GEM_SCALE * JEWEL_SETTING_RADIUS * CARD.x;
            for (g, &(fx, fy)) in def.top.iter().zip(JEWEL_SETTINGS.iter()) {
                let p = to_local(fx, fy);
                f.spawn((
                    Sprite {
                        image: gem_image(art, *g),
                        custom_size: Some(Vec2::splat(size)),
                        ..default()
                    },
                    Transform::from_xyz(p.x, p.y, 0.03),
                ));
            }
            let (cx, cy, cw, ch) = JEWEL_CARTOUCHE;
            let mid = to_local(cx + cw / 2.0, cy + ch / 2.0);
            match def.wish {
                Some(w) => {
                    let words = if w.gem == Gem::Rainbow {
                        "just one".to_string()
                    } else {
                        format!("exactly {}", w.count)
                    };
                    f.spawn((
                        Text2d::new(words),
                        fonts.text(17.0),
                        TextColor(theme::INK),
                        Anchor::CENTER_RIGHT,
                        Transform::from_xyz(mid.x + 8.0, mid.y + 12.0, 0.03),
                    ));
                    f.spawn((
                        Sprite {
                            image: gem_image(art, w.gem),
                            custom_size: Some(Vec2::splat(26.0)),
                            ..default()
                        },
                        Transform::from_xyz(mid.x + 26.0, mid.y + 12.0, 0.03),
                    ));
                    f.spawn((
                        Text2d::new(format!("{} florins", w.florins)),
                        fonts.display(22.0),
                        TextColor(Color::srgb(0.45, 0.25, 0.05)),
                        Transform::from_xyz(mid.x, mid.y - 14.0, 0.03),
                    ));
                }
                None => {
                    f.spawn((
                        Text2d::new(if def.set == CardSet::Gold {
                            "court gold"
                        } else {
                            ""
                        }),
                        fonts.display(22.0),
                        TextColor(Color::srgb(0.45, 0.25, 0.05)),
                        Transform::from_xyz(mid.x, mid.y, 0.03),
                    ));
                }
            }
        },
    );
    let glow = commands
        .spawn((
            WishGlow(card),
            Sprite {
                image: art.glow.clone(),
                custom_size: Some(CARD * 1.55),
                color: Color::NONE,
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, -0.1),
        ))
        .id();
    commands.entity(parent).add_child(glow);
    parent
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
    let n = m.seats.len();
    let first_person = m.seats.iter().position(|s| s.is_person());
    let layout = Layout::new(n, first_person);
    *view = TableView {
        layout: Some(layout.clone()),
        known: vec![Vec::new(); n],
        ..default()
    };
    commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        crate::art::felt_sprite(&art),
    ));
    let opts = m.game.options();
    let mut cards = config().cards_in_play(opts.rainbow, opts.gold);
    cards.sort();
    for (i, &c) in cards.iter().enumerate() {
        let (at, scale) = layout.slot(Zone::DrawPile, i, cards.len());
        let e = spawn_card(&mut commands, &art, &fonts, c, at, scale);
        view.cards.insert(c, e);
    }
    view.zones.insert(Zone::DrawPile, cards);
    let mut labels = vec![
        (layout.slot(Zone::DrawPile, 0, 1).0, "Draw pile"),
        (layout.slot(Zone::Common, 0, 1).0, "Common card"),
        (layout.slot(Zone::Discard, 0, 1).0, "Discards"),
    ];
    if n == 1 {
        labels.push((Vec3::new(140.0, ROW_Y, 0.0), "This turn's two cards"));
    }
    for (p, label) in labels {
        commands.spawn((
            Piece,
            DespawnOnExit(Screen::Table),
            text2d(&fonts, label, 22.0, theme::CREAM.with_alpha(0.8), false),
            Transform::from_xyz(p.x, p.y - CARD.y / 2.0 - 26.0, 1.0),
        ));
    }
    // The cards set aside unseen at the start (a small stack, so its label sits closer).
    let removed = layout.slot(Zone::Removed, 0, 1).0;
    commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        text2d(
            &fonts,
            "Out of play",
            22.0,
            theme::CREAM.with_alpha(0.8),
            false,
        ),
        Transform::from_xyz(removed.x + 14.0, removed.y - CARD.y * 0.25 - 30.0, 1.0),
    ));
    commands.spawn((
        Piece,
        Status,
        DespawnOnExit(Screen::Table),
        text2d(&fonts, "", 26.0, theme::GOLD, true),
        Transform::from_xyz(-800.0, ROW_Y + 170.0, 1.0),
    ));
    for s in 0..n {
        let info = &m.seats[s];
        let color = seat_color(info);
        let top_left = layout.panel(s);
        let size = Vec2::new(560.0, 250.0);
        let centre = Vec2::new(top_left.x + size.x / 2.0, top_left.y - size.y / 2.0);
        let plate = plaque(&mut commands, &art, centre, size, s, color);
        let tag = if info.is_person() { "" } else { "  (bot)" };
        commands.entity(plate).with_children(|c| {
            c.spawn((
                text2d(&fonts, format!("{}{tag}", info.name), 34.0, color, true),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(-size.x / 2.0 + 32.0, size.y / 2.0 - 30.0, 0.2),
            ));
            c.spawn((
                Sprite {
                    image: art.florin.clone(),
                    custom_size: Some(Vec2::splat(44.0)),
                    ..default()
                },
                Transform::from_xyz(150.0, size.y / 2.0 - 30.0, 0.2),
            ));
            c.spawn((
                NecklaceValue(s),
                Counter::new(0.0),
                text2d(&fonts, "?", 42.0, theme::GOLD, false),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(180.0, size.y / 2.0 - 30.0, 0.2),
            ));
            for line in 0..NECKLACE_LINES {
                c.spawn((
                    PanelLine(s, line),
                    text2d(&fonts, "", 21.0, theme::CREAM, false),
                    Anchor::CENTER_LEFT,
                    Transform::from_xyz(
                        -size.x / 2.0 + 32.0,
                        size.y / 2.0 - 72.0 - line as f32 * 34.0,
                        0.2,
                    ),
                ));
            }
        });
    }
}

// ---------------------------------------------------------------------------------------------
// Effects -> animations

#[derive(SystemParam)]
struct Fx<'w, 's> {
    cards: Query<'w, 's, (&'static mut Transform, &'static CardSide), With<JewelCard>>,
    status: Query<'w, 's, &'static mut Text2d, With<Status>>,
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

fn move_card(
    commands: &mut Commands,
    layout: &Layout,
    view: &mut TableView,
    fx: &mut Fx,
    card: Card,
    to: Zone,
    flip_to: Option<bool>,
) {
    let from = view.zone_of(card).unwrap_or(Zone::DrawPile);
    if let Some(v) = view.zones.get_mut(&from) {
        v.retain(|&c| c != card);
    }
    view.zones.entry(to).or_default().push(card);
    for zone in [from, to] {
        let list = view.zones.get(&zone).cloned().unwrap_or_default();
        for (i, &c) in list.iter().enumerate() {
            let Some(&e) = view.cards.get(&c) else {
                continue;
            };
            let Ok((tf, side)) = fx.cards.get_mut(e) else {
                continue;
            };
            let (target, scale) = layout.slot(zone, i, list.len());
            let moving = c == card;
            if !moving && tf.translation == target && (tf.scale.y - scale).abs() < 1e-4 {
                continue;
            }
            let mut tw = MoveTween::new(tf.translation, target, if moving { 0.45 } else { 0.3 });
            if moving {
                tw.from.z = 70.0;
                tw = tw.arc(50.0).ease(Ease::CubicInOut);
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
            if moving
                && let Some(up) = flip_to
                && side.face_up != up
            {
                ec.insert(FlipTween::new(up, 0.34));
            }
        }
    }
}

fn set_status(fx: &mut Fx, text: String) {
    for mut t in fx.status.iter_mut() {
        t.0 = text.clone();
    }
}

/// The two cards of the pair being drawn now: read ahead in the queue (the engine may have
/// moved on), else where the engine has them.
fn pair_cards(m: &Match) -> [Option<Card>; 2] {
    let mut out = [None, None];
    for e in &m.pending {
        match e {
            Effect::Kept { which, card, .. } if out[*which as usize].is_none() => {
                out[*which as usize] = *card
            }
            Effect::NotKept { which, card } if out[*which as usize].is_none() => {
                out[*which as usize] = Some(*card)
            }
            Effect::PairDrawn => break,
            _ => {}
        }
        if out.iter().all(Option::is_some) {
            return out;
        }
    }
    for (c, z) in m.game.census() {
        if let Zone::Pair(w) = z
            && out[w as usize].is_none()
        {
            out[w as usize] = Some(c);
        }
    }
    out
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
    let banner_at = Vec3::new(0.0, -40.0, 80.0);
    let say = |commands: &mut Commands, fx: &mut Fx, seat: Seat, text: &str| {
        let old: Vec<Entity> = fx
            .bubbles
            .iter()
            .filter(|(_, b)| b.0 == seat)
            .map(|(e, _)| e)
            .collect();
        bubble(
            commands,
            art,
            fonts,
            old.into_iter(),
            seat,
            layout.bubble(seat),
            text,
            theme::INK,
            Some(1.6),
        );
    };
    match effect {
        Effect::GameStarted {
            players,
            start_player,
            rainbow,
            gold,
            ..
        } => {
            let extras = match (rainbow, gold) {
                (true, true) => "with rainbow stones and court gold",
                (true, false) => "with rainbow stones",
                (false, true) => "with court gold",
                _ => "",
            };
            let sub = if *players == 1 {
                format!("solo {extras}")
            } else {
                format!("{} begins {extras}", name(*start_player))
            };
            let old: Vec<Entity> = fx.banners.iter().collect();
            kit::banner(
                commands,
                fonts,
                old.into_iter(),
                banner_at,
                "The Duchess's Necklace",
                sub.trim(),
            );
            1.0
        }
        Effect::Removed { .. } => {
            let removed: Vec<Card> = m
                .game
                .census()
                .into_iter()
                .filter(|(_, z)| *z == Zone::Removed)
                .map(|(c, _)| c)
                .collect();
            for c in removed {
                move_card(commands, layout, view, fx, c, Zone::Removed, None);
            }
            cues.push(Cue::CardSlide);
            0.4
        }
        Effect::CommonRevealed { card } => {
            move_card(commands, layout, view, fx, *card, Zone::Common, Some(true));
            cues.push(Cue::CardFlip);
            0.5
        }
        Effect::Dealt { seat, card } | Effect::Drew { seat, card } => {
            if let Some(c) = card {
                move_card(commands, layout, view, fx, *c, Zone::Hand(*seat), None);
            }
            if matches!(effect, Effect::Drew { .. }) {
                say(commands, fx, *seat, "Draw");
            }
            cues.push(Cue::CardSlide);
            if matches!(effect, Effect::Dealt { .. }) {
                0.18
            } else {
                0.45
            }
        }
        Effect::TurnStarted { turn, .. } => {
            view.turns = *turn;
            let left = m.game.view(None).draw_pile;
            set_status(
                fx,
                if m.seats.len() == 1 {
                    format!("Turn {turn}")
                } else {
                    format!("Turn {turn}\n{left} left to draw")
                },
            );
            if *turn >= 5 {
                moments.write(Moment("play"));
            }
            0.15
        }
        Effect::TookDiscard { seat, card } => {
            if let Some(k) = view.known.get_mut(*seat) {
                k.push(*card);
            }
            move_card(
                commands,
                layout,
                view,
                fx,
                *card,
                Zone::Hand(*seat),
                Some(true),
            );
            say(commands, fx, *seat, "Take the discard");
            cues.push(Cue::CardSlide);
            0.5
        }
        Effect::Discarded { seat, card } => {
            if let Some(k) = view.known.get_mut(*seat) {
                k.retain(|c| c != card);
            }
            move_card(commands, layout, view, fx, *card, Zone::Discard, Some(true));
            cues.push(Cue::CardFlip);
            0.5
        }
        Effect::Declined { seat } => {
            say(commands, fx, *seat, "I stop here");
            cues.push(Cue::Pass);
            0.7
        }
        Effect::PileEmpty { turns_each } => {
            let old: Vec<Entity> = fx.banners.iter().collect();
            kit::banner(
                commands,
                fonts,
                old.into_iter(),
                banner_at,
                "The draw pile is empty",
                &format!("at most {turns_each} more turns each: take the top discard or stop"),
            );
            0.9
        }
        Effect::PairDrawn => {
            let pair = pair_cards(m);
            for (w, c) in pair.iter().enumerate() {
                if let Some(c) = c {
                    move_card(commands, layout, view, fx, *c, Zone::Pair(w as u8), None);
                }
            }
            view.looked = None;
            cues.push(Cue::CardSlide);
            0.5
        }
        Effect::Looked { card, .. } => {
            view.looked = *card;
            if let Some(c) = card
                && let Some(&e) = view.cards.get(c)
            {
                commands.entity(e).insert(FlipTween::new(true, 0.34));
            }
            moments.write(Moment("look"));
            cues.push(Cue::CardFlip);
            0.45
        }
        Effect::Kept { card, seen, .. } => {
            if let Some(c) = card {
                move_card(commands, layout, view, fx, *c, Zone::Hand(0), Some(true));
            }
            say(
                commands,
                fx,
                0,
                if *seen {
                    "Keep the one I saw"
                } else {
                    "Keep the hidden one"
                },
            );
            cues.push(Cue::CardSlide);
            0.55
        }
        Effect::NotKept { card, .. } => {
            move_card(commands, layout, view, fx, *card, Zone::Discard, Some(true));
            cues.push(Cue::CardFlip);
            0.4
        }
        Effect::GameOver { results, scores } => {
            view.over = true;
            let headline = if m.seats.len() == 1 {
                results
                    .first()
                    .and_then(|r| r.rank.as_ref())
                    .map(|r| format!("{}!", r.name))
                    .unwrap_or_default()
            } else {
                let w: Vec<String> = scores.winners.iter().map(|&s| name(s)).collect();
                if w.len() > 1 {
                    format!("{} share the win!", w.join(" and "))
                } else {
                    format!("{} wins!", w.join(""))
                }
            };
            let sub = results
                .iter()
                .map(|r| format!("{} {} florins", name(r.seat), r.necklace.value))
                .collect::<Vec<_>>()
                .join(",  ");
            let old: Vec<Entity> = fx.banners.iter().collect();
            kit::banner(commands, fonts, old.into_iter(), banner_at, &headline, &sub);
            moments.write(Moment("reveal"));
            cues.push(Cue::Win);
            2.2
        }
    }
}

/// Cards face up where the room may see them: the common card and discards always, a hand
/// when it is the only person's or the one who took the screen, every hand at the end, a
/// card known to have been taken from the discards, and the solo card looked at.
fn sync_faces(
    mut commands: Commands,
    view: Res<TableView>,
    privacy: Res<Privacy>,
    cards: Query<(&CardSide, Has<FlipTween>), With<JewelCard>>,
) {
    for (zone, list) in &view.zones {
        for c in list {
            let want = match zone {
                Zone::DrawPile | Zone::Removed => false,
                Zone::Common | Zone::Discard => true,
                Zone::Hand(s) => {
                    view.over
                        || privacy.shows(*s)
                        || view.known.get(*s).is_some_and(|k| k.contains(c))
                }
                Zone::Pair(_) => view.looked == Some(*c) && (privacy.shows(0) || view.over),
            };
            let Some(&e) = view.cards.get(c) else {
                continue;
            };
            if let Ok((side, flipping)) = cards.get(e)
                && !flipping
                && side.face_up != want
            {
                commands.entity(e).insert(FlipTween::new(want, 0.3));
            }
        }
    }
}

/// Each shown hand's necklace: the total counting to its value, a line per card's wish (met
/// wishes in gold, their cards glowing), gold and rainbow choices spelled out.
fn necklace_panels(
    time: Res<Time>,
    view: Res<TableView>,
    privacy: Res<Privacy>,
    mut lines: Query<(&PanelLine, &mut Text2d, &mut TextColor)>,
    mut values: Query<(&NecklaceValue, &mut Counter, &mut Text2d), Without<PanelLine>>,
    mut glows: Query<(&WishGlow, &mut Sprite)>,
) {
    let cfg = config();
    let n = view.known.len();
    let pulse = 0.7 + 0.3 * (time.elapsed_secs() * 2.5).sin();
    let mut lit: Vec<Card> = Vec::new();
    for s in 0..n {
        let shown = view.over || privacy.shows(s);
        let cards = view.necklace_cards(s);
        let nk = (shown && !cards.is_empty()).then(|| necklace(&cfg, &cards));
        for (v, mut counter, mut text) in &mut values {
            if v.0 != s {
                continue;
            }
            match &nk {
                Some(nk) => counter.target = nk.value as f32,
                None => {
                    counter.target = 0.0;
                    text.0 = "?".into();
                }
            }
        }
        if let Some(nk) = &nk {
            lit.extend(
                view.zone(Zone::Hand(s))
                    .iter()
                    .filter(|c| nk.met.contains(c)),
            );
            if s == privacy.revealed.unwrap_or(0) {
                lit.extend(
                    view.zone(Zone::Common)
                        .iter()
                        .filter(|c| nk.met.contains(c)),
                );
            }
        }
        for (line, mut text, mut color) in &mut lines {
            if line.0 != s {
                continue;
            }
            let Some(nk) = &nk else {
                text.0 = if line.1 == 0 {
                    "a secret hand".into()
                } else {
                    String::new()
                };
                color.0 = theme::CREAM.with_alpha(0.6);
                continue;
            };
            let Some(&c) = cards.get(line.1) else {
                text.0 = String::new();
                continue;
            };
            let def = cfg.def(c);
            let common = if view.zone(Zone::Common).contains(&c) {
                " (common)"
            } else {
                ""
            };
            let (t, met) = match def.wish {
                Some(w) => {
                    let met = nk.met.contains(&c);
                    let mark = if met { "+" } else { "  " };
                    (format!("{mark} {}{common}: {}", w.text(), w.florins), met)
                }
                None if def.set == CardSet::Gold => {
                    let first_gold =
                        cards.iter().position(|&g| cfg.def(g).set == CardSet::Gold) == Some(line.1);
                    let ingots = nk.counts[Gem::Gold.index()];
                    if first_gold {
                        let plural = if ingots == 1 { "ingot" } else { "ingots" };
                        (
                            format!("+ court gold: {ingots} {plural} pay {}", nk.gold_florins),
                            nk.gold_florins > 0,
                        )
                    } else {
                        (
                            "  court gold (counted above)".to_string(),
                            nk.gold_florins > 0,
                        )
                    }
                }
                None => (format!("  {}", def.name), false),
            };
            text.0 = t;
            color.0 = if met {
                theme::GOLD
            } else {
                theme::CREAM.with_alpha(0.7)
            };
        }
    }
    for (g, mut sprite) in &mut glows {
        sprite.color = if lit.contains(&g.0) {
            Color::srgba(1.0, 0.85, 0.35, pulse)
        } else {
            Color::NONE
        };
    }
}

fn highlight_choice(
    choice: Option<Res<ListChoice<Action>>>,
    view: Res<TableView>,
    mut cards: Query<(&JewelCard, &mut Transform), Without<MoveTween>>,
) {
    let Some(layout) = view.layout.as_ref() else {
        return;
    };
    let focused: Option<Card> = match choice.as_ref().and_then(|c| c.focused()) {
        Some(Action::Discard(c)) => Some(*c),
        Some(Action::TakeDiscard) => view.zone(Zone::Discard).last().copied(),
        Some(Action::Look(w)) => view.zone(Zone::Pair(*w)).first().copied(),
        Some(Action::KeepSeen) => view.looked,
        Some(Action::KeepUnseen) => [0u8, 1]
            .iter()
            .filter_map(|w| view.zone(Zone::Pair(*w)).first().copied())
            .find(|c| Some(*c) != view.looked),
        _ => None,
    };
    for (jc, mut tf) in &mut cards {
        let Some((zone, i, n)) = view
            .zones
            .iter()
            .find_map(|(z, v)| v.iter().position(|&c| c == jc.0).map(|i| (*z, i, v.len())))
        else {
            continue;
        };
        if !matches!(zone, Zone::Hand(_) | Zone::Pair(_) | Zone::Discard) {
            continue;
        }
        if zone == Zone::Discard && i + 1 != n {
            continue;
        }
        let (base, _) = layout.slot(zone, i, n);
        let lift = if focused == Some(jc.0) { 34.0 } else { 0.0 };
        let want = base + Vec3::new(0.0, lift, 0.0);
        if tf.translation.distance(want) > 0.5 {
            tf.translation = tf.translation.lerp(want, 0.3);
        }
    }
}

/// Clicks: a hand card discards it, a pair card looks at it, the discard pile takes its top,
/// the draw pile draws.
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
    let hit = |zone: Zone, i: usize, n: usize| {
        let (p, s) = layout.slot(zone, i, n);
        let half = CARD * s / 2.0;
        let d = (world - p.truncate()).abs();
        d.x <= half.x && d.y <= half.y
    };
    let mut candidates: Vec<(Zone, usize, usize, Action)> = Vec::new();
    let hand = view.zone(Zone::Hand(choice.seat));
    for (i, &c) in hand.iter().enumerate() {
        candidates.push((Zone::Hand(choice.seat), i, hand.len(), Action::Discard(c)));
    }
    for w in 0..2u8 {
        candidates.push((Zone::Pair(w), 0, 1, Action::Look(w)));
    }
    let d = view.zone(Zone::Discard).len();
    if d > 0 {
        candidates.push((Zone::Discard, d - 1, d, Action::TakeDiscard));
    }
    let p = view.zone(Zone::DrawPile).len();
    if p > 0 {
        candidates.push((Zone::DrawPile, p - 1, p, Action::Draw));
    }
    for (zone, i, n, a) in candidates {
        if choice.options.contains(&a) && hit(zone, i, n) {
            picks.write(Pick(a));
            return;
        }
    }
}

fn moments(m: Res<Match>, mut out: MessageWriter<Moment>) {
    if m.game.is_over() && m.pending.is_empty() {
        out.write(Moment("final"));
    }
}

// ---------------------------------------------------------------------------------------------
// Wording and results

impl Wording for Duchess {
    fn prompt(m: &Match, seat: Seat, _options: &[Action]) -> String {
        let who = &m.seats[seat].name;
        let v = m.game.view(Some(seat));
        match v.stage {
            StageView::Take {
                may_decline: true, ..
            } => {
                format!("{who}, the pile is empty: take the top discard, or stop the game?")
            }
            StageView::Take { .. } => format!("{who}, draw a card or take the top discard"),
            StageView::Discard { .. } => format!("{who}, discard one card"),
            StageView::Look => format!("{who}, look at one of the two new cards"),
            StageView::Keep { .. } => format!("{who}, keep the card you saw, or the hidden one?"),
            StageView::SoloDiscard { .. } => {
                format!("{who}, give up one card (the card you did not keep goes too)")
            }
            StageView::Over => String::new(),
        }
    }

    fn label(m: &Match, seat: Seat, a: &Action) -> String {
        let cfg = config();
        let v = m.game.view(Some(seat));
        match a {
            Action::Draw => "Draw".into(),
            Action::TakeDiscard => match v.discard.last() {
                Some(c) => format!("Take {}", cfg.name(*c)),
                None => "Take the discard".into(),
            },
            Action::Decline => "Stop the game".into(),
            Action::Discard(c) => {
                let after = v
                    .options
                    .iter()
                    .find(|(d, _)| d == c)
                    .map(|(_, nk)| format!(" (keeps {})", nk.value))
                    .unwrap_or_default();
                format!("Discard {}{after}", cfg.name(*c))
            }
            Action::Look(0) => "Look at the left card".into(),
            Action::Look(_) => "Look at the right card".into(),
            Action::KeepSeen => "Keep the one I saw".into(),
            Action::KeepUnseen => "Keep the hidden one".into(),
        }
    }
}

/// The results: florins, wishes met, and (solo) the rank as the headline.
pub fn result_table(m: &Match, _art: &Art) -> ResultTable {
    let Some(scores) = m.game.scores() else {
        return ResultTable::default();
    };
    let results = m.game.view(None).results.unwrap_or_default();
    let solo = m.seats.len() == 1;
    let mut t = ResultTable {
        columns: vec![ResultColumn {
            icon: None,
            label: "Wishes met".into(),
        }],
        rows: results
            .iter()
            .map(|r| ResultRow {
                seat: r.seat,
                name: m.seats[r.seat].name.clone(),
                cells: vec![(r.necklace.wishes.to_string(), theme::CREAM)],
                total: r.necklace.value as i64,
                winner: scores.winners.contains(&r.seat),
            })
            .collect(),
        total_label: "Florins".into(),
        footnote: if solo {
            "Up to 26 Apprentice, 27-30 Artist, 31-33 Officer, 34 and more Magister.".into()
        } else {
            "The richest necklace wins; a tie goes to more wishes met.".into()
        },
        headline: if solo {
            results
                .first()
                .and_then(|r| r.rank.as_ref())
                .map(|r| format!("{}!", r.name))
        } else {
            None
        },
    };
    t.sort();
    t
}
