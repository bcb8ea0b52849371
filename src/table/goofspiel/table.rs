//! Goofspiel's table: where things lie (on the 1920x1080 virtual table), the table as spawned,
//! and the effects as animations.

use super::{Match, NumberCard, spawn_card};
use crate::anim::{CardSide, Counter, MoveTween};
use crate::state::Screen;
use crate::table::kit::{self, ListChoice, Painter, Piece};
use crate::table::log::winners_said;
use crate::theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::goofspiel::{Action, Effect, Goofspiel};
use come_buy_engine::text::Text;
use come_buy_media::synth::Cue;
use come_buy_text::{say, tr};
use std::collections::HashMap;

const PLAQUE: Vec2 = Vec2::new(820.0, 240.0);
const HAND: f32 = 0.36;
const HAND_STEP: f32 = 60.0;
const PILE: Vec3 = Vec3::new(-760.0, 10.0, 5.0);
const PRIZE: Vec3 = Vec3::new(-520.0, 10.0, 6.0);
const ASIDE: Vec3 = Vec3::new(760.0, 10.0, 5.0);
const MIDDLE: f32 = 0.8;
const LABEL_Y: f32 = -118.0;

/// Where things lie for one table.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    seats: Vec<Vec2>,
    top: Vec<bool>,
    /// The middle of a hand's numbers (the level file's `cards`), over its plaque's middle.
    middle: f32,
}

impl Layout {
    fn new(players: usize, first_person: Option<Seat>, cards: u8) -> Layout {
        let xs = |k: usize| match k {
            1 => vec![0.0],
            _ => vec![-470.0, 470.0],
        };
        let (seats, top) = kit::seat_places(players, first_person, 390.0, xs);
        Layout {
            seats,
            top,
            middle: (f32::from(cards) + 1.0) / 2.0,
        }
    }

    /// Card `value` of `seat`'s hand, in number order along its plaque.
    fn hand(&self, seat: Seat, value: u8) -> Vec3 {
        let p = self.seats[seat];
        let x = p.x + (f32::from(value) - self.middle) * HAND_STEP;
        Vec3::new(x, p.y - 28.0, 10.0 + f32::from(value) * 0.01)
    }

    /// The middle of `seat`'s hand (where a bid leaves it face down, its card unknown).
    fn hand_middle(&self, seat: Seat) -> Vec3 {
        let p = self.seats[seat];
        Vec3::new(p.x, p.y - 28.0, 60.0)
    }

    /// Where `seat`'s bid lies in the middle.
    fn bid(&self, seat: Seat) -> Vec3 {
        Vec3::new(-250.0 + seat as f32 * 190.0, 10.0, 8.0)
    }

    /// The stack of prizes `seat` took, beside its plaque (`k`: the prize's place in it).
    fn won(&self, seat: Seat, k: usize) -> Vec3 {
        let p = self.seats[seat];
        let side = if p.x >= 0.0 { 1.0 } else { -1.0 };
        let x = p.x + side * (PLAQUE.x / 2.0 + 50.0);
        Vec3::new(x, p.y - 10.0 + k as f32 * 4.0, 12.0 + k as f32 * 0.01)
    }

    fn bubble(&self, seat: Seat) -> Vec3 {
        let p = self.seats[seat];
        let dy = if self.top[seat] { -170.0 } else { 170.0 };
        Vec3::new(p.x, p.y + dy, 90.0)
    }
}

/// The table as shown so far (behind the engine while effects are animated).
#[derive(Resource, Default)]
pub struct TableView {
    pub(crate) layout: Option<Layout>,
    /// Hand cards by (seat, number); prizes by number.
    hands: HashMap<(Seat, u8), Entity>,
    prizes: HashMap<u8, Entity>,
    /// The prizes still face down, the next last.
    pub pile: Vec<u8>,
    pub prize: Option<u8>,
    /// Each seat's face-down bid (a back alone: what it is shows only with the others').
    backs: Vec<Option<Entity>>,
    /// Each seat's bid once shown.
    shown: Vec<Option<u8>>,
    /// Each seat's spent cards, and the prizes it took.
    pub spent: Vec<Vec<u8>>,
    pub won: Vec<Vec<u8>>,
    pub aside: usize,
    pub points: Vec<i64>,
}

#[derive(Component)]
pub(crate) struct PointsCounter(pub Seat);

#[derive(Component)]
pub(crate) struct PileLabel;

/// A face-down bid (its card unknown to the room).
#[derive(Component)]
pub(crate) struct BidBack;

pub(super) fn spawn_table(
    mut paint: Painter,
    m: Res<Match>,
    mut view: ResMut<TableView>,
    near: Option<Res<crate::table::NearSeat>>,
) {
    let n = m.seats.len();
    let cards = come_buy_engine::goofspiel::config().cards;
    let layout = Layout::new(n, crate::table::near_person(&m, near.as_deref()), cards);
    *view = TableView {
        layout: Some(layout.clone()),
        backs: vec![None; n],
        shown: vec![None; n],
        spent: vec![Vec::new(); n],
        won: vec![Vec::new(); n],
        points: vec![0; n],
        ..default()
    };
    // The prizes wait face down in their pile (in number order: nobody sees the order).
    for value in 1..=cards {
        let card = NumberCard { seat: None, value };
        let at = PILE + Vec3::Z * f32::from(value) * 0.01;
        let e = spawn_card(
            &mut paint.commands,
            &paint.art,
            &paint.fonts,
            card,
            0,
            at,
            MIDDLE,
        );
        view.prizes.insert(value, e);
        view.pile.push(value);
    }
    let ink = theme::CREAM.with_alpha(0.8);
    paint.label(
        Vec3::new(PILE.x, LABEL_Y, 1.0),
        &tr("goof-pile"),
        (30.0, 220.0),
        ink,
        false,
    );
    paint.label(
        Vec3::new(ASIDE.x, LABEL_Y, 1.0),
        &tr("goof-set-aside"),
        (30.0, 220.0),
        ink,
        false,
    );
    paint.commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        PileLabel,
        kit::text2d(&paint.fonts, "", 32.0, theme::GOLD, false),
        Transform::from_xyz(PRIZE.x, LABEL_Y, 1.0),
    ));
    for s in 0..n {
        let at = layout.seats[s];
        let coin = paint.art.coin.clone();
        paint.seat_plaque(s, &m.seats[s], at, PLAQUE, coin, PointsCounter(s));
        for value in 1..=cards {
            let card = NumberCard {
                seat: Some(s),
                value,
            };
            let color = m.seats[s].color;
            let at = layout.hand(s, value);
            let e = spawn_card(
                &mut paint.commands,
                &paint.art,
                &paint.fonts,
                card,
                color,
                at,
                HAND,
            );
            // Every hand is known to all: face up from the start.
            paint
                .commands
                .entity(e)
                .insert(crate::anim::FlipTween::new(true, 0.3));
            view.hands.insert((s, value), e);
        }
    }
}

/// Cards not on the move (their pose is the table's to set).
type Settled = (Without<MoveTween>, With<CardSide>);

/// Lifts the card of the bid a person's focus is on, in their hand.
pub(super) fn lift_focused(
    choice: Option<Res<ListChoice<Action>>>,
    view: Res<TableView>,
    mut cards: Query<(&NumberCard, &mut Transform), Settled>,
) {
    let Some(layout) = view.layout.as_ref() else {
        return;
    };
    let focused = choice.as_ref().and_then(|c| {
        let Action::Bid { card } = c.focused::<Goofspiel>()?;
        Some((c.seat, card))
    });
    for (card, mut tf) in &mut cards {
        let Some(seat) = card.seat else { continue };
        if view.spent[seat].contains(&card.value) || view.shown[seat] == Some(card.value) {
            continue;
        }
        let base = layout.hand(seat, card.value);
        let lift = if focused == Some((seat, card.value)) {
            24.0
        } else {
            0.0
        };
        let want = base + Vec3::Y * lift;
        if tf.translation != want {
            tf.translation = want;
        }
    }
}

/// What presenting an effect touches.
#[derive(SystemParam)]
pub struct Stage<'w, 's> {
    paint: Painter<'w, 's>,
    view: ResMut<'w, TableView>,
    cards: Query<'w, 's, (&'static Transform, &'static CardSide), With<NumberCard>>,
    points: Query<'w, 's, (&'static mut Counter, &'static PointsCounter)>,
    pile_label: Query<'w, 's, &'static mut Text2d, With<PileLabel>>,
}

impl Stage<'_, '_> {
    /// Animates one effect; returns its beat in seconds at 1x.
    pub(crate) fn present(&mut self, m: &Match, effect: &Effect, cues: &mut Vec<Cue>) -> f32 {
        let Some(l) = self.view.layout.clone() else {
            return 0.0;
        };
        match effect {
            Effect::PrizeTurned { card, left } => {
                self.view.pile.retain(|c| c != card);
                self.view.prize = Some(*card);
                self.glide_prize(*card, PRIZE, MIDDLE, true);
                let text = say(&Text::new("goof-prizes-left").num("left", *left as i64));
                for mut t in &mut self.pile_label {
                    t.0 = text.clone();
                }
                cues.push(Cue::CardFlip);
                0.5
            }
            Effect::BidHidden { seat, .. } => {
                let from = l.hand_middle(*seat);
                let back = kit::card_shell(
                    &mut self.paint.commands,
                    &self.paint.art,
                    BidBack,
                    self.paint.art.card_back.clone(),
                    from,
                    HAND,
                    |_| {},
                );
                self.paint
                    .commands
                    .entity(back)
                    .insert(MoveTween::new(from, l.bid(*seat), 0.35).arc(40.0));
                if let Some(old) = self.view.backs.get_mut(*seat).and_then(|b| b.replace(back)) {
                    self.paint.commands.entity(old).try_despawn();
                }
                cues.push(Cue::Bid);
                0.3
            }
            Effect::BidsShown { bids } => {
                for (s, &b) in bids.iter().enumerate() {
                    if let Some(back) = self.view.backs.get_mut(s).and_then(Option::take) {
                        self.paint.commands.entity(back).try_despawn();
                    }
                    if let Some(v) = self.view.shown.get_mut(s) {
                        *v = Some(b);
                    }
                    self.glide_hand(s, b, l.bid(s), MIDDLE, Some(true));
                }
                cues.push(Cue::CardFlip);
                0.9
            }
            Effect::PrizeTaken { seat, card } => self.taken(m, &l, *seat, *card, cues),
            Effect::Ended { .. } => {
                let winners = m.game.scores().map(|s| s.winners).unwrap_or_default();
                let title = winners_said(m, &winners, "results-winners");
                self.paint
                    .banner(Vec3::new(0.0, 10.0, 80.0), &title, &tr("goof-most-points"));
                cues.push(Cue::Win);
                1.4
            }
        }
    }

    fn taken(
        &mut self,
        m: &Match,
        l: &Layout,
        seat: Option<Seat>,
        card: u8,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        self.view.prize = None;
        match seat {
            Some(s) => {
                let k = self.view.won[s].len();
                self.view.won[s].push(card);
                self.view.points[s] += i64::from(card);
                let total = self.view.points[s] as f32;
                for (mut c, pc) in &mut self.points {
                    if pc.0 == s {
                        c.target = total;
                    }
                }
                self.glide_prize(card, l.won(s, k), HAND, true);
                let words = say(&Text::new("goof-takes").num("card", i64::from(card)));
                let ink = kit::seat_color(&m.seats[s]);
                self.paint.bubble(s, l.bubble(s), &words, ink, Some(1.4));
                cues.push(if card >= 10 { Cue::Win } else { Cue::CoinClink });
            }
            None => {
                let at = ASIDE + Vec3::Z * self.view.aside as f32 * 0.01;
                self.view.aside += 1;
                self.glide_prize(card, at, MIDDLE, true);
                self.paint.banner(
                    Vec3::new(0.0, 10.0, 80.0),
                    &tr("goof-tie"),
                    &say(&Text::new("goof-tie-how").num("card", i64::from(card))),
                );
                cues.push(Cue::Pass);
            }
        }
        // The bids are spent: home to their places in the hands, face down.
        for s in 0..self.view.shown.len() {
            if let Some(b) = self.view.shown[s].take() {
                self.view.spent[s].push(b);
                self.glide_hand(s, b, l.hand(s, b), HAND, Some(false));
            }
        }
        0.9
    }

    fn glide_prize(&mut self, card: u8, to: Vec3, scale: f32, face_up: bool) {
        if let Some(&e) = self.view.prizes.get(&card) {
            self.glide(e, to, scale, Some(face_up));
        }
    }

    fn glide_hand(&mut self, seat: Seat, card: u8, to: Vec3, scale: f32, flip: Option<bool>) {
        if let Some(&e) = self.view.hands.get(&(seat, card)) {
            self.glide(e, to, scale, flip);
        }
    }

    fn glide(&mut self, e: Entity, to: Vec3, scale: f32, flip_to: Option<bool>) {
        let Ok((tf, side)) = self.cards.get(e) else {
            return;
        };
        kit::glide(
            &mut self.paint.commands,
            e,
            (tf, side.face_up),
            (to, scale),
            Some(40.0),
            flip_to,
        );
    }
}
