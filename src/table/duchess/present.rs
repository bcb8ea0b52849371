//! The Duchess's effects as animations: cards dealt, drawn, taken and discarded (gliding and
//! flipping), the solo pair looked at and kept, words in bubbles, and the final reveal.

use super::layout::Layout;
use super::{JewelCard, Match, Status, TableView};
use crate::anim::{CardSide, FlipTween};
use crate::table::kit::{self, Painter};
use crate::table::log::{name, winners_said};
use crate::theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use come_buy_engine::duchess::deck::Card;
use come_buy_engine::duchess::{Effect, SeatResult, Zone};
use come_buy_engine::game::{FinalScores, Seat};
use come_buy_engine::text::Text;
use come_buy_media::synth::Cue;
use come_buy_text::{say, tr};

/// What presenting an effect touches.
#[derive(SystemParam)]
pub struct Stage<'w, 's> {
    paint: Painter<'w, 's>,
    view: ResMut<'w, TableView>,
    cards: Query<'w, 's, (&'static mut Transform, &'static CardSide), With<JewelCard>>,
    status: Query<'w, 's, &'static mut Text2d, With<Status>>,
}

/// Banners sit between the pile labels (their baseline near y = 0) and the hands (from
/// y = -168 down), covering neither.
fn banner_at() -> Vec3 {
    Vec3::new(0.0, -78.0, 80.0)
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
impl Stage<'_, '_> {
    /// Animates one effect; returns its beat in seconds at 1x.
    pub(crate) fn present(&mut self, m: &Match, effect: &Effect, cues: &mut Vec<Cue>) -> f32 {
        let Some(layout) = self.view.layout.clone() else {
            return 0.0;
        };
        let l = &layout;
        match effect {
            Effect::GameStarted {
                players,
                start_player,
                rainbow,
                gold,
                ..
            } => self.game_started(m, *players, *start_player, (*rainbow, *gold)),
            Effect::Removed { .. } => {
                let removed: Vec<Card> = m
                    .game
                    .census()
                    .into_iter()
                    .filter(|(_, z)| *z == Zone::Removed)
                    .map(|(c, _)| c)
                    .collect();
                for c in removed {
                    self.move_card(l, c, Zone::Removed, None);
                }
                cues.push(Cue::CardSlide);
                0.4
            }
            Effect::CommonRevealed { card } => {
                self.move_card(l, *card, Zone::Common, Some(true));
                cues.push(Cue::CardFlip);
                0.5
            }
            Effect::Dealt { seat, card } => {
                self.out_of_pile(*card);
                if let Some(c) = card.or_else(|| self.stand_in(m, *seat)) {
                    self.move_card(l, c, Zone::Hand(*seat), None);
                }
                cues.push(Cue::CardSlide);
                0.18
            }
            Effect::Drew { seat, card } => {
                self.out_of_pile(*card);
                if let Some(c) = card.or_else(|| self.stand_in(m, *seat)) {
                    self.move_card(l, c, Zone::Hand(*seat), None);
                }
                self.say(l, *seat, &tr("duchess-draw"));
                // The count drops as the card leaves the pile, not at the next turn.
                self.turn_status(m.seats.len() == 1);
                cues.push(Cue::CardSlide);
                0.45
            }
            Effect::TurnStarted { turn, .. } => {
                self.view.turns = *turn;
                self.turn_status(m.seats.len() == 1);
                0.15
            }
            Effect::TookDiscard { seat, card } => {
                if let Some(k) = self.view.known.get_mut(*seat) {
                    k.push(*card);
                }
                self.move_card(l, *card, Zone::Hand(*seat), Some(true));
                self.say(l, *seat, &tr("duchess-take-discard"));
                cues.push(Cue::CardSlide);
                0.5
            }
            Effect::Discarded { seat, card } => {
                if let Some(k) = self.view.known.get_mut(*seat) {
                    k.retain(|c| c != card);
                }
                self.unveil_from_hand(*seat, *card);
                self.move_card(l, *card, Zone::Discard, Some(true));
                cues.push(Cue::CardFlip);
                0.5
            }
            Effect::Declined { seat } => {
                self.say(l, *seat, &tr("duchess-i-stop"));
                cues.push(Cue::Pass);
                0.7
            }
            Effect::PileEmpty { turns_each } => {
                let sub =
                    say(&Text::new("duchess-pile-empty-how").num("turns", *turns_each as i64));
                self.paint
                    .banner(banner_at(), &tr("duchess-pile-empty"), &sub);
                0.9
            }
            Effect::PairDrawn
            | Effect::Looked { .. }
            | Effect::Kept { .. }
            | Effect::NotKept { .. } => self.solo_step(m, l, effect, cues),
            Effect::GameOver { results, scores } => self.game_over(m, results, scores, cues),
        }
    }

    /// The banner that opens a match: who starts, and which expansions are in.
    fn game_started(
        &mut self,
        m: &Match,
        players: usize,
        start_player: Seat,
        extras_on: (bool, bool),
    ) -> f32 {
        let extras = match extras_on {
            (true, true) => "both",
            (true, false) => "rainbow",
            (false, true) => "gold",
            _ => "none",
        };
        let sub = if players == 1 {
            say(&Text::new("duchess-begins-solo").raw("extras", extras))
        } else {
            say(&Text::new("duchess-begins")
                .raw("name", name(m, start_player))
                .raw("extras", extras))
        };
        self.paint
            .banner(banner_at(), &tr("game-duchess"), sub.trim());
        1.0
    }

    /// The solo game's own steps: the pair drawn, a look at one of them, a card kept or not.
    fn solo_step(&mut self, m: &Match, l: &Layout, effect: &Effect, cues: &mut Vec<Cue>) -> f32 {
        match effect {
            Effect::PairDrawn => {
                for (w, c) in pair_cards(m).iter().enumerate() {
                    if let Some(c) = c {
                        self.move_card(l, *c, Zone::Pair(w as u8), None);
                    }
                }
                self.view.looked = None;
                cues.push(Cue::CardSlide);
                0.5
            }
            Effect::Looked { card, .. } => {
                self.view.looked = *card;
                if let Some(c) = card
                    && let Some(&e) = self.view.cards.get(c)
                {
                    self.paint
                        .commands
                        .entity(e)
                        .insert(FlipTween::new(true, 0.34));
                }
                cues.push(Cue::CardFlip);
                0.45
            }
            Effect::Kept { card, seen, .. } => {
                if let Some(c) = card {
                    self.move_card(l, *c, Zone::Hand(0), Some(true));
                }
                let words = tr(if *seen {
                    "duchess-keep-seen"
                } else {
                    "duchess-keep-hidden"
                });
                self.say(l, 0, &words);
                cues.push(Cue::CardSlide);
                0.55
            }
            Effect::NotKept { card, .. } => {
                self.move_card(l, *card, Zone::Discard, Some(true));
                cues.push(Cue::CardFlip);
                0.4
            }
            _ => 0.0,
        }
    }

    fn say(&mut self, layout: &Layout, seat: Seat, text: &str) {
        self.paint
            .bubble(seat, layout.bubble(seat), text, theme::INK, Some(1.6));
    }

    /// "Turn 3 · 11 left to draw" as the table shows it now (the pile as it lies on the
    /// table, which trails the match while effects play); alone, the turn only.
    fn turn_status(&mut self, solo: bool) {
        let left = self.view.zone(Zone::DrawPile).len() as i64;
        let turn = self.view.turns as i64;
        self.set_status(say(&Text::new("duchess-turn")
            .num("turn", turn)
            .num("left", if solo { -1 } else { left })));
    }

    fn set_status(&mut self, text: String) {
        for mut t in &mut self.status {
            t.0 = text.clone();
        }
    }

    fn game_over(
        &mut self,
        m: &Match,
        results: &[SeatResult],
        scores: &FinalScores,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        self.view.over = true;
        let headline = if m.seats.len() == 1 {
            results
                .first()
                .and_then(|r| r.rank.as_ref())
                .map(|r| {
                    say(&Text::new("duchess-rank-earned")
                        .raw("rank", come_buy_text::names::solo_rank(&r.key)))
                })
                .unwrap_or_default()
        } else {
            winners_said(m, &scores.winners, "results-winners")
        };
        let sub = results
            .iter()
            .map(|r| {
                say(&Text::new("duchess-name-florins")
                    .raw("name", name(m, r.seat))
                    .num("florins", r.necklace.value as i64))
            })
            .collect::<Vec<_>>()
            .join(",  ");
        self.paint.banner(banner_at(), &headline, &sub);
        cues.push(Cue::Win);
        2.2
    }

    /// A card to stand for one dealt unseen to `seat` (a friend's table at an online match:
    /// the host names no hidden card): one the table's world puts in that hand and the table
    /// does not show there yet, so the hand fills face down as at the host's.
    fn stand_in(&self, m: &Match, seat: Seat) -> Option<Card> {
        let shown = self.view.zones.get(&Zone::Hand(seat));
        m.game
            .census()
            .into_iter()
            .filter(|(c, z)| *z == Zone::Hand(seat) && shown.is_none_or(|s| !s.contains(c)))
            .map(|(c, _)| c)
            .find(|c| self.view.zone_of(*c) == Some(Zone::DrawPile))
            // A friend's world hides its unseen cards anew at every step: where none of its
            // cards for that hand is still on this table's pile (they lie among the cards set
            // aside here), the pile's top card stands in. A hand never misses a drawn card.
            .or_else(|| self.view.zone(Zone::DrawPile).last().copied())
    }

    /// `card` leaves `seat`'s hand face up: where this table showed a stand-in face down
    /// instead (see [`Self::stand_in`]), the two change places first, unseen.
    fn unveil_from_hand(&mut self, seat: Seat, card: Card) {
        let view = &mut *self.view;
        let hand = Zone::Hand(seat);
        let from = view.zone_of(card).unwrap_or(Zone::DrawPile);
        if from == hand {
            return;
        }
        let known = view.known.get(seat).cloned().unwrap_or_default();
        let Some(stand_in) = view
            .zones
            .get(&hand)
            .and_then(|h| h.iter().rev().find(|c| !known.contains(c)).copied())
        else {
            return;
        };
        for (zone, old, new) in [(hand, stand_in, card), (from, card, stand_in)] {
            if let Some(v) = view.zones.get_mut(&zone)
                && let Some(slot) = v.iter_mut().find(|c| **c == old)
            {
                *slot = new;
            }
        }
        let (Some(&a), Some(&b)) = (view.cards.get(&card), view.cards.get(&stand_in)) else {
            return;
        };
        // Both lie face down: only their places change.
        if let Ok([(mut ta, _), (mut tb, _)]) = self.cards.get_many_mut([a, b]) {
            std::mem::swap(&mut *ta, &mut *tb);
        }
    }

    /// `card` comes off the draw pile seen (into this table's own hand): where this table
    /// shows it face down in another hand as a stand-in (see [`Self::stand_in`]), the pile's
    /// top card takes its place there first, unseen, so every place keeps its count.
    fn out_of_pile(&mut self, card: Option<Card>) {
        let Some(card) = card else {
            return;
        };
        let view = &mut *self.view;
        let Some(Zone::Hand(seat)) = view.zone_of(card) else {
            return;
        };
        if view.known.get(seat).is_some_and(|k| k.contains(&card)) {
            return;
        }
        let Some(top) = view
            .zones
            .get_mut(&Zone::DrawPile)
            .and_then(|p| p.last_mut())
        else {
            return;
        };
        let stand_in = std::mem::replace(top, card);
        if let Some(hand) = view.zones.get_mut(&Zone::Hand(seat)) {
            for c in hand.iter_mut().filter(|c| **c == card) {
                *c = stand_in;
            }
        }
        let (Some(&a), Some(&b)) = (view.cards.get(&card), view.cards.get(&stand_in)) else {
            return;
        };
        // Both lie face down: only their places change.
        if let Ok([(mut ta, _), (mut tb, _)]) = self.cards.get_many_mut([a, b]) {
            std::mem::swap(&mut *ta, &mut *tb);
        }
    }

    /// Moves a card to the end of `to` (turning it to `flip_to`); both zones close ranks.
    fn move_card(&mut self, layout: &Layout, card: Card, to: Zone, flip_to: Option<bool>) {
        let view = &mut *self.view;
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
                let Ok((tf, side)) = self.cards.get_mut(e) else {
                    continue;
                };
                let (target, scale) = layout.slot(zone, i, list.len());
                let moving = c == card;
                if !moving && tf.translation == target && (tf.scale.y - scale).abs() < 1e-4 {
                    continue;
                }
                let lift = moving.then_some(50.0);
                let flip = if moving { flip_to } else { None };
                let from = (&*tf, side.face_up);
                kit::glide(
                    &mut self.paint.commands,
                    e,
                    from,
                    (target, scale),
                    lift,
                    flip,
                );
            }
        }
    }
}
