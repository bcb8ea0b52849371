//! Goblin Market's effects as animations: cards gliding between zones and flipping, coins
//! flying, bids and passes in bubbles, and a banner for each phase.

use super::layout::{Layout, ROW_X, ROW_Y};
use super::{CoinCounter, HighBidLabel, Match, SuitTally, TableView};
use crate::anim::{CardSide, Counter, FlipTween};
use crate::table::kit::{self, Painter};
use crate::table::log::{name, winners_said};
use crate::theme;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use come_buy_engine::decktet::{Card, decktet};
use come_buy_engine::game::{FinalScores, Seat};
use come_buy_engine::goblin_market::{Account, CoinReason, Effect, Phase, Zone, suit_score};
use come_buy_engine::text::Text;
use come_buy_media::synth::Cue;
use come_buy_text::{say, tr};

type TallyText = (
    &'static mut Text2d,
    &'static mut TextColor,
    &'static SuitTally,
);

/// What presenting an effect touches.
#[derive(SystemParam)]
pub struct Stage<'w, 's> {
    paint: Painter<'w, 's>,
    view: ResMut<'w, TableView>,
    cards: Query<'w, 's, (&'static mut Transform, &'static CardSide)>,
    counters: Query<'w, 's, (&'static mut Counter, &'static CoinCounter)>,
    tallies: Query<'w, 's, TallyText, Without<HighBidLabel>>,
    high_bid: Query<'w, 's, &'static mut Text2d, (With<HighBidLabel>, Without<SuitTally>)>,
}

impl Stage<'_, '_> {
    /// Animates one effect; returns its beat in seconds at 1x.
    pub(crate) fn present(&mut self, m: &Match, effect: &Effect, cues: &mut Vec<Cue>) -> f32 {
        let Some(layout) = self.view.layout.clone() else {
            return 0.0;
        };
        match effect {
            Effect::GameStarted { first_bidder, .. } => {
                let sub = say(&Text::new("gm-bids-first").raw("name", name(m, *first_bidder)));
                self.banner(&tr("game-goblin-market"), &sub);
                0.9
            }
            Effect::PhaseStarted(phase) => self.phase(m, phase, cues),
            Effect::CardMoved { card, from, to } => {
                self.move_card(&layout, *card, *from, *to);
                if let Zone::Player(s) = to {
                    self.refresh_tally(m, *s);
                }
                cues.push(Cue::CardSlide);
                match to {
                    Zone::AuctionRow | Zone::SizeCard | Zone::Player(_) | Zone::GoblinReveal => {
                        0.32
                    }
                    _ => 0.12,
                }
            }
            Effect::CardRevealed { card, .. } => {
                if let Some(&e) = self.view.cards.get(card) {
                    self.paint
                        .commands
                        .entity(e)
                        .insert(FlipTween::new(true, 0.34));
                }
                cues.push(Cue::CardFlip);
                0.3
            }
            Effect::CoinsMoved {
                from,
                to,
                amount,
                reason,
            } => self.coins(&layout, (*from, *to), *amount, *reason, cues),
            Effect::BidMade { seat, amount } => {
                self.view.high_bid = Some((*seat, *amount));
                self.set_high_bid(&say(&Text::new("gm-high-bid")
                    .num("amount", *amount as i64)
                    .raw("name", name(m, *seat))));
                self.paint.bubble(
                    *seat,
                    layout.bubble(*seat),
                    &amount.to_string(),
                    theme::INK,
                    None,
                );
                cues.push(Cue::Bid);
                0.45
            }
            Effect::Passed { seat } => {
                if let Some(p) = self.view.passed.get_mut(*seat) {
                    *p = true;
                }
                let grey = Color::srgb(0.45, 0.42, 0.38);
                self.paint
                    .bubble(*seat, layout.bubble(*seat), &tr("gm-pass"), grey, None);
                cues.push(Cue::Pass);
                0.35
            }
            Effect::NoSale => {
                self.banner(&tr("gm-no-sale"), &tr("gm-no-sale-why"));
                0.9
            }
            Effect::GoblinDeckShuffled { .. } => {
                self.banner(&tr("gm-reshuffle"), "");
                0.6
            }
            Effect::GameOver { scores, .. } => self.game_over(m, scores, cues),
        }
    }

    fn banner(&mut self, title: &str, subtitle: &str) {
        // Across the middle of the cards up for auction, whose fate it tells.
        self.paint
            .banner(Vec3::new(ROW_X, ROW_Y, 50.0), title, subtitle);
    }

    fn phase(&mut self, m: &Match, phase: &Phase, cues: &mut Vec<Cue>) -> f32 {
        match phase {
            Phase::Auction {
                number,
                first_bidder,
                lot,
            } => {
                self.view.high_bid = None;
                self.view.passed = vec![false; m.seats.len()];
                self.set_high_bid("");
                self.paint.clear_bubbles();
                let sub = say(&Text::new("gm-opens").raw("name", name(m, *first_bidder)));
                let title = Text::new("gm-auction")
                    .num("number", *number as i64)
                    .num("cards", *lot as i64);
                self.banner(&say(&title), &sub);
                0.5
            }
            Phase::Distribution { winner, bid } => {
                cues.push(Cue::Win);
                self.banner(
                    &say(&Text::new("gm-wins-at")
                        .raw("name", name(m, *winner))
                        .num("bid", *bid as i64)),
                    "",
                );
                // The banner says it; the high-bid line would only repeat it.
                self.set_high_bid("");
                0.8
            }
            Phase::Sisterhood { rank } => {
                let sub = say(&Text::new("gm-sisterhood-for").num("rank", *rank as i64));
                self.banner(&tr("gm-sisterhood"), &sub);
                0.55
            }
            Phase::GoblinMoney => {
                cues.push(Cue::GoblinReveal);
                self.banner(&tr("gm-goblin-money"), &tr("gm-goblin-money-how"));
                0.35
            }
            Phase::Scoring => {
                self.banner(&tr("gm-market-closes"), &tr("gm-counting"));
                0.9
            }
        }
    }

    fn coins(
        &mut self,
        layout: &Layout,
        (from, to): (Account, Account),
        amount: u32,
        reason: CoinReason,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        let (a, b) = (layout.coin_spot(from), layout.coin_spot(to));
        let gain = matches!(to, Account::Player(_));
        let seat = match (from, to) {
            (_, Account::Player(s)) if gain => Some(s),
            (Account::Player(s), _) => Some(s),
            _ => None,
        };
        let label = seat.map_or((if gain { b } else { a }, 1.0), |s| layout.coin_label(s));
        self.paint.fly_coins_label(a, b, amount, label, gain);
        for (account, sign) in [(from, -1i64), (to, 1)] {
            if let Account::Player(s) = account {
                self.view.coins[s] += sign * amount as i64;
                for (mut c, cc) in &mut self.counters {
                    if cc.0 == s {
                        c.target = self.view.coins[s] as f32;
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
            CoinReason::BidPaid => 0.6,
            CoinReason::StartingCoins => 0.18,
            _ => 0.3,
        }
    }

    fn game_over(&mut self, m: &Match, scores: &FinalScores, cues: &mut Vec<Cue>) -> f32 {
        cues.push(Cue::Win);
        let title = winners_said(m, &scores.winners, "results-winners");
        self.banner(&title, "");
        1.2
    }

    fn move_card(&mut self, layout: &Layout, card: Card, from: Zone, to: Zone) {
        let view = &mut *self.view;
        let from = view.zone_of(card).unwrap_or(from);
        if let Some(v) = view.zones.get_mut(&from) {
            v.retain(|&c| c != card);
        }
        let list = view.zones.entry(to).or_default();
        list.push(card);
        if let Zone::Player(_) = to {
            // A seat's cards fan out grouped by suit (then rank), so majorities read at a glance.
            let d = decktet();
            list.sort_by_key(|&c| {
                let def = d.def(c);
                (
                    def.suits.first().map(|s| s.index()).unwrap_or(9),
                    def.rank.cycle_value().unwrap_or(0),
                    c,
                )
            });
        }
        // The moved card glides in an arc above everything; the rest of both zones close ranks.
        let face_down_zone = matches!(to, Zone::AuctionDeck | Zone::GoblinDeck);
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
                if !moving
                    && tf.translation.truncate() == target.truncate()
                    && (tf.scale.y - scale).abs() < 1e-4
                {
                    continue;
                }
                let lift = moving.then_some(40.0);
                let flip = (moving && face_down_zone).then_some(false);
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

    fn refresh_tally(&mut self, m: &Match, seat: Seat) {
        let cards = self.view.zone(Zone::Player(seat)).to_vec();
        let score = suit_score(&decktet(), &cards, m.game.config().positive_suits);
        for (mut text, mut color, tally) in &mut self.tallies {
            if tally.seat != seat {
                continue;
            }
            let i = tally.suit.index();
            let n = score.counts[i];
            text.0 = if n == 0 {
                "0".into()
            } else if score.positive[i] {
                format!("+{n}")
            } else {
                format!("-{n}")
            };
            color.0 = if n == 0 {
                theme::CREAM.with_alpha(0.45)
            } else if score.positive[i] {
                Color::srgb(0.55, 0.92, 0.55)
            } else {
                Color::srgb(0.98, 0.55, 0.50)
            };
        }
    }

    fn set_high_bid(&mut self, text: &str) {
        for mut t in &mut self.high_bid {
            t.0 = text.to_string();
        }
    }
}
