//! Mýkonos's effects as animations: cards dealt, offered and bought, meeples queueing and
//! walking home, sales fanned out and named, coins flying, the start token gliding on.

use super::layout::{HOME_MEEPLE, Layout, MEEPLE, PILE, ROW_Y};
use super::{Label, Match, Meeple, MoneyCounter, PokerCard, StartMarker, TableView};
use crate::anim::{CardSide, Counter, Ease, MoveTween, ScaleTween};
use crate::art::CARD;
use crate::table::kit::{self, Painter};
use crate::table::log::{name, winners_said};
use crate::theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use come_buy_engine::game::Seat;
use come_buy_engine::mykonos::cards::Card;
use come_buy_engine::mykonos::{Account, CoinReason, Effect, Phase, Worker};
use come_buy_engine::text::Text;
use come_buy_media::synth::Cue;
use come_buy_text::{say, tr};

/// Cards only (not meeples or the token), meeples only, the token only.
type CardFilter = (With<PokerCard>, Without<Meeple>, Without<StartMarker>);
type MeepleFilter = (With<Meeple>, Without<PokerCard>, Without<StartMarker>);
type MarkerFilter = (With<StartMarker>, Without<PokerCard>, Without<Meeple>);

const GREY: Color = Color::srgb(0.45, 0.42, 0.38);

/// What presenting an effect touches.
#[derive(SystemParam)]
pub struct Stage<'w, 's> {
    paint: Painter<'w, 's>,
    view: ResMut<'w, TableView>,
    cards: Query<'w, 's, (&'static mut Transform, &'static CardSide), CardFilter>,
    meeples: Query<'w, 's, &'static mut Transform, MeepleFilter>,
    marker: Query<'w, 's, (Entity, &'static Transform), MarkerFilter>,
    money: Query<'w, 's, (&'static mut Counter, &'static MoneyCounter)>,
    labels: Query<
        'w,
        's,
        (
            &'static mut Text2d,
            &'static Label,
            Option<&'static mut Visibility>,
        ),
    >,
}

fn banner_at() -> Vec3 {
    Vec3::new(0.0, ROW_Y - 10.0, 80.0)
}

impl Stage<'_, '_> {
    /// Animates one effect; returns its beat in seconds at 1x.
    pub(crate) fn present(&mut self, m: &Match, effect: &Effect, cues: &mut Vec<Cue>) -> f32 {
        let Some(layout) = self.view.layout.clone() else {
            return 0.0;
        };
        let is_sale_money = matches!(
            effect,
            Effect::CoinsMoved {
                reason: CoinReason::Sale,
                ..
            }
        );
        if !self.view.showcase.is_empty() && !is_sale_money {
            self.sweep_showcase(&layout);
        }
        let l = &layout;
        match effect {
            Effect::GameStarted { start_player, .. } => self.game_started(m, l, *start_player),
            Effect::CoinsMoved {
                from,
                to,
                amount,
                reason,
            } => self.coins(l, (*from, *to), *amount, *reason, cues),
            Effect::Dealt { seat, card } => self.dealt(l, *seat, *card, cues),
            Effect::RoundStarted {
                round,
                start_player,
            } => self.round_started(*round, *start_player),
            Effect::PhaseStarted(phase) => self.phase(phase),
            Effect::Offered { slot, card } => self.offered(l, *slot, *card, cues),
            Effect::WorkerPlaced {
                slot,
                worker,
                position,
                ..
            } => self.worker_placed(l, *slot, *worker, *position, cues),
            Effect::WorkerPassed { slot, worker } => self.worker_passed(l, *slot, *worker, cues),
            Effect::Bought {
                slot, seat, card, ..
            } => self.bought(l, *slot, *seat, *card, cues),
            Effect::WorkersHome { slot, .. } => {
                let queue = std::mem::take(&mut self.view.queues[*slot]);
                for (k, (w, e)) in queue.into_iter().enumerate() {
                    self.send_home(l, w, e, k as f32 * 0.06);
                }
                self.set_price(*slot);
                0.35
            }
            Effect::Unsold { slot, card } => {
                if let Some(r) = self.view.row.get_mut(*slot) {
                    *r = None;
                }
                self.discard(l, *card);
                self.set_price(*slot);
                cues.push(Cue::CardSlide);
                0.3
            }
            Effect::Sold {
                seat,
                cards,
                category,
                price,
            } => {
                self.sold(l, *seat, cards);
                let at = Vec3::new(0.0, ROW_Y - CARD.y / 2.0 - 70.0, 80.0);
                let sub = say(&Text::new("mykonos-sells-for")
                    .raw("name", name(m, *seat))
                    .num("price", *price as i64));
                let title = say(&Text::new("mykonos-sold-hand")
                    .raw("hand", come_buy_text::names::hand(*category)));
                self.paint.banner(at, &title, &sub);
                cues.push(if *price >= 5 { Cue::Win } else { Cue::CardFlip });
                1.3
            }
            Effect::NoSale { seat } => {
                self.paint.bubble(
                    *seat,
                    l.bubble(*seat),
                    &tr("mykonos-no-sale"),
                    GREY,
                    Some(1.6),
                );
                cues.push(Cue::Pass);
                0.35
            }
            Effect::Income {
                seat, face_cards, ..
            } => {
                // The face cards are shown: this table's stand-ins become them, one by one.
                for c in face_cards {
                    self.unveil_from_hand(*seat, *c);
                    if let Some(k) = self.view.known.get_mut(*seat) {
                        k.insert(*c);
                    }
                }
                0.05
            }
            Effect::MarkerPassed { to, .. } => {
                self.view.start_player = *to;
                for (e, tf) in &self.marker {
                    self.paint.commands.entity(e).insert(
                        MoveTween::new(tf.translation, l.marker(*to), 0.5)
                            .arc(60.0)
                            .ease(Ease::CubicInOut),
                    );
                }
                cues.push(Cue::CardSlide);
                0.45
            }
            Effect::Discarded { seat, card } => {
                self.unveil_from_hand(*seat, *card);
                self.view.take_from_hand(*seat, *card);
                self.discard(l, *card);
                self.fan_hand(l, *seat);
                cues.push(Cue::CardSlide);
                0.3
            }
            Effect::GameOver { winners, .. } => {
                let title = winners_said(m, winners, "results-winners");
                self.paint
                    .banner(banner_at(), &title, &tr("mykonos-most-money"));
                cues.push(Cue::Win);
                1.4
            }
        }
    }

    fn game_started(&mut self, m: &Match, layout: &Layout, start_player: Seat) -> f32 {
        self.view.start_player = start_player;
        for (e, _) in &self.marker {
            self.paint.commands.entity(e).insert((
                Transform::from_translation(layout.marker(start_player))
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
        let sub = say(&Text::new("mykonos-start-token").raw("name", name(m, start_player)));
        self.paint.banner(banner_at(), &tr("game-mykonos"), &sub);
        0.9
    }

    fn coins(
        &mut self,
        layout: &Layout,
        (from, to): (Account, Account),
        amount: u32,
        reason: CoinReason,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        let gain = matches!(to, Account::Player(_));
        let label_at = if gain {
            layout.coin_spot(to)
        } else {
            layout.coin_spot(from)
        };
        self.paint.fly_coins(
            layout.coin_spot(from),
            layout.coin_spot(to),
            amount,
            label_at,
            gain,
        );
        for (account, sign) in [(from, -1i64), (to, 1)] {
            if let Account::Player(s) = account
                && let Some(v) = self.view.money.get_mut(s)
            {
                *v += sign * amount as i64;
                let value = *v as f32;
                for (mut c, mc) in &mut self.money {
                    if mc.0 == s {
                        c.target = value;
                    }
                }
            }
        }
        cues.push(if amount >= 5 {
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

    fn dealt(
        &mut self,
        layout: &Layout,
        seat: Seat,
        card: Option<Card>,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        if let Some(c) = card {
            self.out_of_deck(c);
        }
        let card = card.or_else(|| self.view.deck.last().copied());
        if let Some(c) = card {
            self.view.deck.retain(|&d| d != c);
            self.view.add_to_hand(seat, c);
            if let Some(&e) = self.view.cards.get(&c) {
                let hand = &self.view.hands[seat];
                let i = hand.iter().position(|&h| h == c).unwrap_or(0);
                let to = layout.hand(seat, i, hand.len());
                self.glide(e, to, layout.hand_scale(seat), true, None);
            }
            self.fan_hand(layout, seat);
        }
        cues.push(Cue::CardSlide);
        0.22
    }

    fn round_started(&mut self, round: u32, start_player: Seat) -> f32 {
        self.view.round = round;
        self.view.start_player = start_player;
        self.set_round(&come_buy_text::names::mykonos_phase(Phase::Offer));
        let left = self.view.rounds.saturating_sub(round as usize);
        let sub = say(&Text::new("mykonos-rounds-left").num("left", left as i64));
        let title = say(&Text::new("mykonos-round").num("round", round as i64));
        self.paint.banner(banner_at(), &title, &sub);
        0.8
    }

    fn phase(&mut self, phase: &Phase) -> f32 {
        self.set_round(&come_buy_text::names::mykonos_phase(*phase));
        if *phase == Phase::Sales {
            self.paint
                .banner(banner_at(), &tr("mykonos-sales"), &tr("mykonos-sales-how"));
            return 0.6;
        }
        0.15
    }

    fn offered(&mut self, layout: &Layout, slot: usize, card: Card, cues: &mut Vec<Cue>) -> f32 {
        self.out_of_deck(card);
        self.view.deck.retain(|&d| d != card);
        if let Some(r) = self.view.row.get_mut(slot) {
            *r = Some(card);
        }
        if let Some(&e) = self.view.cards.get(&card) {
            self.glide(e, layout.row_slot(slot), 1.0, true, Some(true));
        }
        self.set_price(slot);
        cues.push(Cue::CardFlip);
        0.3
    }

    fn worker_placed(
        &mut self,
        layout: &Layout,
        slot: usize,
        worker: Worker,
        position: usize,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        let Some(e) = self.view.home.get_mut(&worker).and_then(|h| h.pop()) else {
            return 0.0;
        };
        if let Some(q) = self.view.queues.get_mut(slot) {
            q.push((worker, e));
        }
        if let Ok(tf) = self.meeples.get_mut(e) {
            self.paint.commands.entity(e).insert((
                MoveTween::new(tf.translation, layout.queue_spot(slot, position), 0.45)
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
        self.set_price(slot);
        cues.push(Cue::Bid);
        0.42
    }

    fn worker_passed(
        &mut self,
        layout: &Layout,
        slot: usize,
        worker: Worker,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        if self.view.queues.get(slot).is_some_and(|q| !q.is_empty()) {
            let (w, e) = self.view.queues[slot].remove(0);
            self.send_home(layout, w, e, 0.0);
            self.relayout_queue(layout, slot);
        }
        self.set_price(slot);
        if let Worker::Player(s) = worker {
            self.paint
                .bubble(s, layout.bubble(s), &tr("mykonos-pass"), GREY, Some(1.6));
        }
        cues.push(Cue::Pass);
        0.45
    }

    fn bought(
        &mut self,
        layout: &Layout,
        slot: usize,
        seat: Seat,
        card: Card,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        if let Some(r) = self.view.row.get_mut(slot) {
            *r = None;
        }
        self.view.add_to_hand(seat, card);
        if let Some(k) = self.view.known.get_mut(seat) {
            k.insert(card);
        }
        if let Some(&e) = self.view.cards.get(&card) {
            let hand = &self.view.hands[seat];
            let i = hand.iter().position(|c| *c == card).unwrap_or(0);
            let to = layout.hand(seat, i, hand.len());
            self.glide(e, to, layout.hand_scale(seat), true, Some(true));
        }
        self.fan_hand(layout, seat);
        self.paint.bubble(
            seat,
            layout.bubble(seat),
            &tr("mykonos-buy"),
            theme::INK,
            Some(1.6),
        );
        self.set_price(slot);
        self.view.purchases += 1;
        cues.push(Cue::CardSlide);
        0.5
    }

    /// A sale's cards leave the hand and fan out where the quay was.
    fn sold(&mut self, layout: &Layout, seat: Seat, cards: &[Card]) {
        for c in cards {
            self.unveil_from_hand(seat, *c);
            self.view.take_from_hand(seat, *c);
        }
        self.view.showcase = cards.to_vec();
        for (i, c) in cards.iter().enumerate() {
            if let Some(&e) = self.view.cards.get(c) {
                self.glide(e, layout.showcase(i, cards.len()), 0.9, true, Some(true));
            }
        }
        self.fan_hand(layout, seat);
        self.view.sales += 1;
    }

    /// `card` leaves `seat`'s hand face up: where this table holds a stand-in face down
    /// instead (a card dealt unseen, see [`Self::dealt`]: a friend's table at an online
    /// match), the two change places first, unseen.
    fn unveil_from_hand(&mut self, seat: Seat, card: Card) {
        let view = &mut *self.view;
        let Some(hand) = view.hands.get_mut(seat) else {
            return;
        };
        if hand.contains(&card) {
            return;
        }
        let known = view.known.get(seat).cloned().unwrap_or_default();
        let Some(at) = hand.iter().rposition(|c| !known.contains(c)) else {
            return;
        };
        let stand_in = std::mem::replace(&mut hand[at], card);
        // Where this table showed `card` (the deck, or another hand's stand-in), the stand-in
        // goes instead: no card is shown twice, none is lost.
        let elsewhere = view
            .hands
            .iter_mut()
            .enumerate()
            .filter(|(s, _)| *s != seat)
            .flat_map(|(_, h)| h.iter_mut());
        if let Some(d) = view.deck.iter_mut().chain(elsewhere).find(|d| **d == card) {
            *d = stand_in;
        }
        let (Some(&a), Some(&b)) = (view.cards.get(&card), view.cards.get(&stand_in)) else {
            return;
        };
        // Both lie face down: only their places change.
        if let Ok([(mut ta, _), (mut tb, _)]) = self.cards.get_many_mut([a, b]) {
            std::mem::swap(&mut *ta, &mut *tb);
        }
    }

    /// `card` comes out of the deck (face up, or into this table's own hand): where this
    /// table shows it face down in another hand as a stand-in (see [`Self::dealt`]), the
    /// deck's top card takes its place there first, unseen, so every place keeps its count.
    fn out_of_deck(&mut self, card: Card) {
        let view = &mut *self.view;
        if view.deck.contains(&card) {
            return;
        }
        let Some(seat) = view.hands.iter().position(|h| h.contains(&card)) else {
            return;
        };
        if view.known.get(seat).is_some_and(|k| k.contains(&card)) {
            return;
        }
        let Some(top) = view.deck.last_mut() else {
            return;
        };
        let stand_in = std::mem::replace(top, card);
        for c in view.hands[seat].iter_mut().filter(|c| **c == card) {
            *c = stand_in;
        }
        let (Some(&a), Some(&b)) = (view.cards.get(&card), view.cards.get(&stand_in)) else {
            return;
        };
        // Both lie face down: only their places change.
        if let Ok([(mut ta, _), (mut tb, _)]) = self.cards.get_many_mut([a, b]) {
            std::mem::swap(&mut *ta, &mut *tb);
        }
    }

    /// Moves a card to `to` at `scale` (arcing above everything when `lift`), turning it to
    /// `flip_to` on the way.
    fn glide(&mut self, e: Entity, to: Vec3, scale: f32, lift: bool, flip_to: Option<bool>) {
        let Ok((tf, side)) = self.cards.get_mut(e) else {
            return;
        };
        if !lift && tf.translation == to && (tf.scale.y - scale).abs() < 1e-4 {
            return;
        }
        let lift = lift.then_some(40.0);
        let from = (&*tf, side.face_up);
        kit::glide(
            &mut self.paint.commands,
            e,
            from,
            (to, scale),
            lift,
            flip_to,
        );
    }

    fn fan_hand(&mut self, layout: &Layout, seat: Seat) {
        let hand = self.view.hands.get(seat).cloned().unwrap_or_default();
        for (i, c) in hand.iter().enumerate() {
            if let Some(&e) = self.view.cards.get(c) {
                let scale = layout.hand_scale(seat);
                self.glide(e, layout.hand(seat, i, hand.len()), scale, false, None);
            }
        }
    }

    fn discard(&mut self, layout: &Layout, c: Card) {
        let i = self.view.discard.len();
        self.view.discard.push(c);
        if let Some(&e) = self.view.cards.get(&c) {
            self.glide(e, layout.discard(i), PILE, true, Some(true));
        }
    }

    fn sweep_showcase(&mut self, layout: &Layout) {
        for c in std::mem::take(&mut self.view.showcase) {
            self.discard(layout, c);
        }
    }

    fn set_price(&mut self, slot: usize) {
        let n = self.view.queues.get(slot).map_or(0, Vec::len);
        let empty = self.view.row.get(slot).copied().flatten().is_none();
        for (mut t, l, shown) in &mut self.labels {
            if *l == Label::Price(slot) {
                let free = n == 0 || empty;
                t.0 = if free { String::new() } else { format!("${n}") };
                if let Some(mut v) = shown {
                    *v = if free {
                        Visibility::Hidden
                    } else {
                        Visibility::Inherited
                    };
                }
            }
        }
    }

    fn set_round(&mut self, phase: &str) {
        let (round, rounds) = (self.view.round, self.view.rounds);
        for (mut t, l, _) in &mut self.labels {
            if *l == Label::Round {
                t.0 = if round == 0 {
                    String::new()
                } else {
                    say(&Text::new("mykonos-round-of")
                        .num("round", round as i64)
                        .num("rounds", rounds as i64)
                        .raw("phase", phase))
                };
            }
        }
    }

    /// Re-lays the queue on `slot` (after a worker stepped out the rest move up).
    fn relayout_queue(&mut self, layout: &Layout, slot: usize) {
        for (pos, (_, e)) in self.view.queues[slot].iter().enumerate() {
            if let Ok(tf) = self.meeples.get_mut(*e) {
                let to = layout.queue_spot(slot, pos);
                if tf.translation != to {
                    self.paint
                        .commands
                        .entity(*e)
                        .insert(MoveTween::new(tf.translation, to, 0.25).ease(Ease::CubicOut));
                }
            }
        }
    }

    fn send_home(&mut self, layout: &Layout, worker: Worker, e: Entity, delay: f32) {
        let home = self.view.home.entry(worker).or_default();
        let k = home.len();
        home.push(e);
        if let Ok(tf) = self.meeples.get_mut(e) {
            self.paint.commands.entity(e).insert((
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
}
