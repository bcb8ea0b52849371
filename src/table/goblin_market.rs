//! Goblin Market on the table: where everything sits, how each effect is animated, and the
//! choices a person makes (bid or pass, take all or one, which card).

use super::handover::PersonInput;
use super::kit::{self, TurnGlow, text2d};
use super::{Presenter, TableSet, playing, queue_idle};
use crate::anim::{CardSide, Counter, Ease, FadeOut, FlipTween, MoveTween, ScaleTween};
use crate::art::{Art, CARD};
use crate::audio::PlayCue;
use crate::nav::{Inbox, Nav, Owner, step_focus};
use crate::screens::Screen;
use crate::theme::{self, Fonts};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use come_buy_engine::decktet::{Card, Rank, Suit, decktet};
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::goblin_market::{
    Account, Action, CoinReason, Effect, GoblinMarket, Phase, StageView, Zone, suit_score,
};
use come_buy_media::synth::Cue;
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
/// The match, when it is Goblin Market.
pub type Match = super::Match<GoblinMarket>;

// ---------------------------------------------------------------------------------------------
// Layout: a 1920x1080 virtual table, origin at the centre.

pub const PLAQUE: Vec2 = Vec2::new(600.0, 240.0);
const SMALL: f32 = 0.44;
const PILE: f32 = 0.45;
const ROW_Y: f32 = 60.0;
const ROW_X: f32 = -90.0;

/// Where each seat sits: seats run clockwise along the bottom (right to left) and then the
/// top (left to right), turned so the first person sits at the bottom, near the middle.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub seats: Vec<Vec2>,
    pub top: Vec<bool>,
}

impl Layout {
    pub fn new(players: usize, first_person: Option<Seat>) -> Layout {
        let bottom = players.div_ceil(2);
        let top = players - bottom;
        let row = |k: usize| -> Vec<f32> {
            match k {
                1 => vec![0.0],
                2 => vec![-450.0, 450.0],
                _ => vec![-640.0, 0.0, 640.0],
            }
        };
        // Slots in clockwise order.
        let mut slots: Vec<(Vec2, bool)> = row(bottom)
            .iter()
            .rev()
            .map(|&x| (Vec2::new(x, -400.0), false))
            .collect();
        slots.extend(row(top).iter().map(|&x| (Vec2::new(x, 400.0), true)));
        // Rotate so the first person lands on the middle bottom slot.
        let target = bottom / 2;
        let shift = first_person.map_or(0, |p| (target + players - p % players) % players);
        let mut seats = vec![Vec2::ZERO; players];
        let mut tops = vec![false; players];
        for s in 0..players {
            let (pos, is_top) = slots[(s + shift) % players];
            seats[s] = pos;
            tops[s] = is_top;
        }
        Layout { seats, top: tops }
    }

    /// The position and scale of the `index`-th of `count` cards in `zone`.
    pub fn slot(&self, zone: Zone, index: usize, count: usize) -> (Vec3, f32) {
        let i = index as f32;
        match zone {
            Zone::AuctionDeck => (
                Vec3::new(-800.0 + i * 0.25, ROW_Y + i * 0.45, 2.0 + i * 0.01),
                1.0,
            ),
            Zone::SizeCard => (Vec3::new(-610.0, ROW_Y, 3.0), 1.0),
            Zone::AuctionRow => {
                let x = ROW_X + (i - (count.max(1) - 1) as f32 / 2.0) * 190.0;
                (Vec3::new(x, ROW_Y, 4.0 + i * 0.01), 1.0)
            }
            Zone::SetAside => (
                Vec3::new(-800.0 + i * 1.2, -150.0 + i * 0.6, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::Discard => (
                Vec3::new(-680.0 + i * 1.2, -150.0 + i * 0.6, 2.0 + i * 0.01),
                PILE,
            ),
            Zone::GoblinDeck => (
                Vec3::new(380.0 + i * 0.3, ROW_Y + i * 0.5, 2.0 + i * 0.01),
                0.75,
            ),
            Zone::GoblinReveal => (Vec3::new(545.0, ROW_Y, 3.0), 0.75),
            Zone::GoblinUsed => (Vec3::new(380.0 + i * 6.0, -150.0, 2.0 + i * 0.01), PILE),
            Zone::Player(s) => {
                let base = self.seats.get(s).copied().unwrap_or_default();
                let w = CARD.x * SMALL;
                let span = PLAQUE.x - 60.0 - w;
                let step = if count > 1 {
                    (span / (count - 1) as f32).min(w + 6.0)
                } else {
                    0.0
                };
                let x = base.x - PLAQUE.x / 2.0 + 30.0 + w / 2.0 + i * step;
                (Vec3::new(x, base.y - 58.0, 10.0 + i * 0.02), SMALL)
            }
        }
    }

    pub fn bank(&self) -> Vec3 {
        Vec3::new(790.0, ROW_Y, 6.0)
    }

    pub fn coin_spot(&self, account: Account) -> Vec3 {
        match account {
            Account::Bank => self.bank(),
            Account::Player(s) => {
                let p = self.seats.get(s).copied().unwrap_or_default();
                Vec3::new(p.x + 175.0, p.y + 80.0, 30.0)
            }
        }
    }

    /// Where a seat's bid and pass bubbles appear (on the plaque's edge toward the centre).
    pub fn bubble(&self, s: Seat) -> Vec3 {
        let p = self.seats.get(s).copied().unwrap_or_default();
        let dy = if self.top.get(s).copied().unwrap_or(false) {
            -132.0
        } else {
            132.0
        };
        Vec3::new(p.x + 140.0, p.y + dy, 40.0)
    }
}

// ---------------------------------------------------------------------------------------------
// What the table shows (it trails the engine while effects are being animated).

#[derive(Component)]
pub struct TableItem;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardVisual(pub Card);

#[derive(Component)]
pub struct CoinCounter(pub Seat);

#[derive(Component)]
pub struct SuitTally {
    pub seat: Seat,
    pub suit: Suit,
}

#[derive(Component)]
pub struct SeatName(pub Seat);

#[derive(Component)]
pub struct HighBidLabel;

pub use super::kit::{Banner, Bubble, FlyingCoin};

#[derive(Resource, Default)]
pub struct TableView {
    pub layout: Option<Layout>,
    pub cards: HashMap<Card, Entity>,
    /// Displayed zone contents, in arrival order.
    pub zones: HashMap<Zone, Vec<Card>>,
    pub high_bid: Option<(Seat, u32)>,
    pub coins: Vec<i64>,
    pub passed: Vec<bool>,
}

impl TableView {
    fn zone_of(&self, card: Card) -> Option<Zone> {
        self.zones
            .iter()
            .find(|(_, v)| v.contains(&card))
            .map(|(z, _)| *z)
    }

    pub fn zone(&self, zone: Zone) -> &[Card] {
        self.zones.get(&zone).map(Vec::as_slice).unwrap_or(&[])
    }
}

/// A person's decision in progress: what is focused and the bid being set.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Choice {
    pub seat: Seat,
    pub focus: usize,
    pub bid: u32,
    pub min: u32,
    pub max: u32,
    /// The actions offered, in focus order (Bid first then Pass; or TakeAll then cards).
    pub options: Vec<Action>,
    pub bidding: bool,
    /// The engine's step this choice was built for.
    pub step: usize,
    /// What taking cards costs this seat (its own highest bid), when cards are handed out.
    pub price: Option<u32>,
}

impl Choice {
    /// The choice for the current (person's) decision, from the legal actions.
    pub fn build(m: &Match, seat: Seat) -> Choice {
        let legal = m.game.legal_actions();
        let bids: Vec<u32> = legal
            .iter()
            .filter_map(|a| {
                if let Action::Bid(b) = a {
                    Some(*b)
                } else {
                    None
                }
            })
            .collect();
        let bidding = legal.contains(&Action::Pass);
        if bidding {
            let (min, max) = (
                bids.first().copied().unwrap_or(0),
                bids.last().copied().unwrap_or(0),
            );
            let mut options = Vec::new();
            if !bids.is_empty() {
                options.push(Action::Bid(min));
            }
            options.push(Action::Pass);
            Choice {
                seat,
                focus: 0,
                bid: min,
                min,
                max,
                options,
                bidding: true,
                step: m.actions.len(),
                price: None,
            }
        } else {
            let price = match m.game.view(Some(seat)).stage {
                StageView::Choosing { ranking, .. } => {
                    ranking.iter().find(|(s, _)| *s == seat).map(|(_, b)| *b)
                }
                _ => None,
            };
            Choice {
                seat,
                focus: 0,
                bid: 0,
                min: 0,
                max: 0,
                options: legal,
                bidding: false,
                step: m.actions.len(),
                price,
            }
        }
    }

    /// Focuses what the Normal bot would play here (its bid, or Pass), so a hurried Confirm
    /// is never a costly one.
    pub fn with_suggestion(mut self, m: &Match) -> Choice {
        let legal = m.game.legal_actions();
        match super::kit::suggestion(m, self.seat, &legal) {
            Some(Action::Bid(b)) if self.bidding && self.can_bid() => {
                self.bid = b.clamp(self.min, self.max);
                self.focus = 0;
            }
            Some(a) => {
                if let Some(i) = self.options.iter().position(|o| *o == a) {
                    self.focus = i;
                }
            }
            None => {}
        }
        self
    }

    /// The action the focused option stands for.
    pub fn focused_action(&self) -> Option<Action> {
        match self.options.get(self.focus)? {
            Action::Bid(_) => Some(Action::Bid(self.bid)),
            a => Some(a.clone()),
        }
    }

    pub fn can_bid(&self) -> bool {
        self.options
            .first()
            .is_some_and(|a| matches!(a, Action::Bid(_)))
    }

    /// Applies a navigation input; returns the action to submit on Confirm.
    pub fn navigate(&mut self, nav: Nav) -> Option<Action> {
        match nav {
            Nav::Confirm => return self.focused_action(),
            Nav::Left | Nav::Right | Nav::BigLeft | Nav::BigRight
                if self.bidding && self.can_bid() =>
            {
                let step: i64 = match nav {
                    Nav::Left => -1,
                    Nav::Right => 1,
                    Nav::BigLeft => -5,
                    _ => 5,
                };
                self.bid = (self.bid as i64 + step).clamp(self.min as i64, self.max as i64) as u32;
                self.focus = 0;
            }
            Nav::Left | Nav::Right | Nav::BigLeft | Nav::BigRight if self.bidding => {}
            Nav::Up | Nav::Down if self.bidding => {
                self.focus = step_focus(self.focus, self.options.len(), nav, false);
            }
            Nav::Left | Nav::Right | Nav::Up | Nav::Down => {
                let horizontal = matches!(nav, Nav::Left | Nav::Right);
                let n = if horizontal {
                    nav
                } else if nav == Nav::Up {
                    Nav::Left
                } else {
                    Nav::Right
                };
                self.focus = step_focus(self.focus, self.options.len(), n, true);
            }
            _ => {}
        }
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Plugin

pub fn plugin(app: &mut App) {
    app.init_resource::<TableView>();
    app.add_message::<ChoiceClick>();
    super::register::<GoblinMarket>(app);
    app.add_systems(
        OnEnter(Screen::Table),
        spawn_table.run_if(playing::<GoblinMarket>),
    );
    app.add_systems(OnExit(Screen::Table), |mut commands: Commands| {
        commands.remove_resource::<Choice>();
    });
    app.add_systems(
        Update,
        (pump_effects, update_turn_glow, moments)
            .chain()
            .in_set(TableSet::Present)
            .run_if(playing::<GoblinMarket>),
    );
    app.add_systems(
        Update,
        (person_choice, highlight_choice)
            .chain()
            .in_set(TableSet::Decide)
            .in_set(PersonInput)
            .run_if(playing::<GoblinMarket>),
    );
}

fn rank_glyph(rank: Rank) -> String {
    match rank {
        Rank::Ace => "A".into(),
        Rank::Number(n) => n.to_string(),
        Rank::Crown => "C".into(),
        Rank::Pawn => "P".into(),
        Rank::Court => "Ct".into(),
        Rank::Excuse => "X".into(),
    }
}

/// Spawns one card: a shadow, a back, and a face with its suit symbols, rank and name.
pub fn spawn_card(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    card: Card,
    at: Vec3,
    scale: f32,
) -> Entity {
    let d = decktet();
    let def = d.def(card);
    kit::card_shell(
        commands,
        art,
        (CardVisual(card), TableItem),
        art.card_back.clone(),
        at,
        scale,
        |f| {
            f.spawn(Sprite {
                image: art.face(def.suits.first().copied()),
                custom_size: Some(CARD),
                ..default()
            });
            let spots: &[(f32, f32, f32)] = match def.suits.len() {
                0 => &[],
                1 => &[(0.0, 8.0, 92.0)],
                2 => &[(0.0, 40.0, 66.0), (0.0, -30.0, 66.0)],
                _ => &[(-33.0, 38.0, 58.0), (33.0, 38.0, 58.0), (0.0, -26.0, 58.0)],
            };
            for (s, &(x, y, size)) in def.suits.iter().zip(spots) {
                f.spawn((
                    Sprite {
                        image: art.suit(*s),
                        custom_size: Some(Vec2::splat(size)),
                        ..default()
                    },
                    Transform::from_xyz(x, y, 0.02),
                ));
            }
            f.spawn((
                Text2d::new(rank_glyph(def.rank)),
                fonts.display(32.0),
                TextColor(theme::INK),
                Transform::from_xyz(-58.0, 86.0, 0.03),
            ));
            f.spawn((
                Text2d::new(rank_glyph(def.rank)),
                fonts.display(32.0),
                TextColor(theme::INK),
                Transform::from_xyz(58.0, 86.0, 0.03),
            ));
            f.spawn((
                Text2d::new(def.name.trim_start_matches("The ").to_string()),
                fonts.display(19.0),
                TextColor(theme::INK),
                Transform::from_xyz(0.0, -88.0, 0.03),
            ));
        },
    )
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
    let d = decktet();
    *view = TableView {
        layout: Some(layout.clone()),
        coins: vec![0; n],
        passed: vec![false; n],
        ..default()
    };
    // The felt.
    commands.spawn((
        TableItem,
        DespawnOnExit(Screen::Table),
        crate::art::felt_sprite(&art),
    ));
    // Every card starts face down in its deck: the effects bring them out.
    let mut deck_cards = d.basic();
    deck_cards.sort();
    for (i, &c) in deck_cards.iter().enumerate() {
        let (at, scale) = layout.slot(Zone::AuctionDeck, i, deck_cards.len());
        let e = spawn_card(&mut commands, &art, &fonts, c, at, scale);
        view.cards.insert(c, e);
    }
    view.zones.insert(Zone::AuctionDeck, deck_cards);
    let goblins = d.pawns_and_courts();
    for (i, &c) in goblins.iter().enumerate() {
        let (at, scale) = layout.slot(Zone::GoblinDeck, i, goblins.len());
        let e = spawn_card(&mut commands, &art, &fonts, c, at, scale);
        view.cards.insert(c, e);
    }
    view.zones.insert(Zone::GoblinDeck, goblins);
    // Pile labels.
    let labels = [
        (Vec2::new(-800.0, ROW_Y - 150.0), "Auction Deck"),
        (Vec2::new(-610.0, ROW_Y - 150.0), "Size"),
        (Vec2::new(-800.0, -218.0), "Set aside"),
        (Vec2::new(-680.0, -218.0), "Discard"),
        (Vec2::new(380.0, ROW_Y - 122.0), "Goblin Deck"),
        (Vec2::new(545.0, ROW_Y - 122.0), "Goblins offer"),
        (
            Vec2::new(380.0, -150.0 - CARD.y * PILE / 2.0 - 22.0),
            "Used goblins",
        ),
    ];
    for (p, label) in labels {
        commands.spawn((
            TableItem,
            DespawnOnExit(Screen::Table),
            text2d(&fonts, label, 20.0, theme::CREAM.with_alpha(0.8), false),
            Transform::from_xyz(p.x, p.y, 1.0),
        ));
    }
    // The bank: a little heap of coins.
    for k in 0..7 {
        let a = k as f32 * 0.9;
        commands.spawn((
            TableItem,
            DespawnOnExit(Screen::Table),
            Sprite {
                image: art.coin.clone(),
                custom_size: Some(Vec2::splat(58.0)),
                ..default()
            },
            Transform::from_xyz(
                790.0 + 34.0 * a.cos(),
                ROW_Y + 20.0 * a.sin() + k as f32 * 3.0,
                1.0 + k as f32 * 0.01,
            ),
        ));
    }
    commands.spawn((
        TableItem,
        DespawnOnExit(Screen::Table),
        text2d(&fonts, "Bank", 24.0, theme::GOLD, true),
        Transform::from_xyz(790.0, ROW_Y - 70.0, 1.0),
    ));
    commands.spawn((
        TableItem,
        DespawnOnExit(Screen::Table),
        HighBidLabel,
        text2d(&fonts, "", 40.0, theme::GOLD, true),
        Transform::from_xyz(ROW_X, 215.0, 45.0),
    ));
    // Seats.
    for s in 0..n {
        let p = layout.seats[s];
        let seat = &m.seats[s];
        let color = theme::rgb(theme::SEAT_COLORS[seat.color % theme::SEAT_COLORS.len()].0);
        let plate = kit::plaque(&mut commands, &art, p, PLAQUE, s, color);
        commands.entity(plate).with_children(|c| {
            let tag = if seat.is_person() {
                String::new()
            } else {
                "  (bot)".to_string()
            };
            c.spawn((
                SeatName(s),
                text2d(&fonts, format!("{}{tag}", seat.name), 38.0, color, true),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(-PLAQUE.x / 2.0 + 32.0, 80.0, 0.2),
            ));
            c.spawn((
                Sprite {
                    image: art.coin.clone(),
                    custom_size: Some(Vec2::splat(46.0)),
                    ..default()
                },
                Transform::from_xyz(175.0, 80.0, 0.2),
            ));
            c.spawn((
                CoinCounter(s),
                Counter::new(0.0),
                text2d(&fonts, "0", 44.0, theme::GOLD, false),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(205.0, 80.0, 0.2),
            ));
            for suit in Suit::ALL {
                let x = -PLAQUE.x / 2.0 + 48.0 + suit.index() as f32 * 92.0;
                c.spawn((
                    Sprite {
                        image: art.suit(suit),
                        custom_size: Some(Vec2::splat(36.0)),
                        ..default()
                    },
                    Transform::from_xyz(x, 26.0, 0.2),
                ));
                c.spawn((
                    SuitTally { seat: s, suit },
                    text2d(&fonts, "0", 28.0, theme::CREAM.with_alpha(0.5), false),
                    Anchor::CENTER_LEFT,
                    Transform::from_xyz(x + 24.0, 26.0, 0.2),
                ));
            }
        });
    }
}

// ---------------------------------------------------------------------------------------------
// Effects -> animations

/// The queries that presenting an effect touches (one `ParamSet`: they overlap on `Text2d`).
type Fx<'w, 's> = ParamSet<
    'w,
    's,
    (
        Query<'static, 'static, (&'static mut Transform, &'static CardSide)>,
        Query<'static, 'static, (&'static mut Counter, &'static CoinCounter)>,
        Query<
            'static,
            'static,
            (
                &'static mut Text2d,
                &'static mut TextColor,
                &'static SuitTally,
            ),
        >,
        Query<'static, 'static, (Entity, &'static Bubble)>,
        Query<'static, 'static, &'static mut Text2d, With<HighBidLabel>>,
        Query<'static, 'static, Entity, With<Banner>>,
    ),
>;

fn pump_effects(
    mut commands: Commands,
    art: Res<Art>,
    fonts: Res<Fonts>,
    mut m: ResMut<Match>,
    mut view: ResMut<TableView>,
    mut beat: super::Beat,
    mut q: Fx,
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
            &mut q,
        )
    });
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
    q: &mut Fx,
) -> f32 {
    let name = |s: Seat| m.seats.get(s).map(|x| x.name.clone()).unwrap_or_default();
    match effect {
        Effect::GameStarted { first_bidder, .. } => {
            banner(
                commands,
                fonts,
                q,
                "Goblin Market",
                &format!("{} bids first", name(*first_bidder)),
            );
            0.9
        }
        Effect::PhaseStarted(phase) => match phase {
            Phase::Auction {
                number,
                first_bidder,
                lot,
            } => {
                view.high_bid = None;
                view.passed = vec![false; m.seats.len()];
                set_high_bid(q, "");
                clear_bubbles(commands, q);
                let cards = if *lot == 1 {
                    "1 card".to_string()
                } else {
                    format!("{lot} cards")
                };
                banner(
                    commands,
                    fonts,
                    q,
                    &format!("Auction {number}: {cards}"),
                    &format!("{} opens the bidding", name(*first_bidder)),
                );
                0.5
            }
            Phase::Distribution { winner, bid } => {
                cues.push(Cue::Win);
                banner(
                    commands,
                    fonts,
                    q,
                    &format!("{} wins at {bid}", name(*winner)),
                    "",
                );
                // The banner says it; the high-bid line would only repeat it.
                set_high_bid(q, "");
                0.8
            }
            Phase::Sisterhood { rank } => {
                let label = match rank {
                    1 => "Aces".to_string(),
                    10 => "Crowns".to_string(),
                    r => format!("{r}s"),
                };
                banner(
                    commands,
                    fonts,
                    q,
                    "Sisterhood money",
                    &format!("for {label} and just below"),
                );
                0.55
            }
            Phase::GoblinMoney => {
                cues.push(Cue::GoblinReveal);
                banner(
                    commands,
                    fonts,
                    q,
                    "Goblin money",
                    "a coin for each missing suit",
                );
                0.35
            }
            Phase::Scoring => {
                banner(commands, fonts, q, "The market closes", "counting suits");
                0.9
            }
        },
        Effect::CardMoved { card, from, to } => {
            move_card(commands, layout, view, q, *card, *from, *to);
            if let Zone::Player(s) = to {
                refresh_tally(m, view, q, *s);
            }
            cues.push(Cue::CardSlide);
            match to {
                Zone::AuctionRow | Zone::SizeCard | Zone::Player(_) | Zone::GoblinReveal => 0.32,
                _ => 0.12,
            }
        }
        Effect::CardRevealed { card, .. } => {
            if let Some(&e) = view.cards.get(card) {
                commands.entity(e).insert(FlipTween::new(true, 0.34));
            }
            cues.push(Cue::CardFlip);
            0.3
        }
        Effect::CoinsMoved {
            from,
            to,
            amount,
            reason,
        } => {
            fly_coins(commands, art, fonts, layout, *from, *to, *amount);
            for (account, sign) in [(*from, -1i64), (*to, 1)] {
                if let Account::Player(s) = account {
                    view.coins[s] += sign * *amount as i64;
                    for (mut c, cc) in q.p1().iter_mut() {
                        if cc.0 == s {
                            c.target = view.coins[s] as f32;
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
                CoinReason::BidPaid => 0.6,
                CoinReason::StartingCoins => 0.18,
                _ => 0.3,
            }
        }
        Effect::BidMade { seat, amount } => {
            view.high_bid = Some((*seat, *amount));
            set_high_bid(q, &format!("High bid {amount}: {}", name(*seat)));
            bubble(
                commands,
                art,
                fonts,
                layout,
                q,
                *seat,
                &amount.to_string(),
                theme::INK,
            );
            cues.push(Cue::Bid);
            0.45
        }
        Effect::Passed { seat } => {
            if let Some(p) = view.passed.get_mut(*seat) {
                *p = true;
            }
            bubble(
                commands,
                art,
                fonts,
                layout,
                q,
                *seat,
                "Pass",
                Color::srgb(0.45, 0.42, 0.38),
            );
            cues.push(Cue::Pass);
            0.35
        }
        Effect::NoSale => {
            banner(
                commands,
                fonts,
                q,
                "No sale",
                "nobody bid: the cards are discarded",
            );
            0.9
        }
        Effect::GoblinDeckShuffled { .. } => {
            banner(commands, fonts, q, "The goblins reshuffle", "");
            0.6
        }
        Effect::GameOver { scores, .. } => {
            let winners: Vec<String> = scores.winners.iter().map(|&s| name(s)).collect();
            cues.push(Cue::Win);
            banner(
                commands,
                fonts,
                q,
                &format!("{} wins!", winners.join(" and ")),
                "",
            );
            1.2
        }
    }
}

fn move_card(
    commands: &mut Commands,
    layout: &Layout,
    view: &mut TableView,
    q: &mut Fx,
    card: Card,
    from: Zone,
    to: Zone,
) {
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
    let mut cards = q.p0();
    for zone in [from, to] {
        let list = view.zones.get(&zone).cloned().unwrap_or_default();
        for (i, &c) in list.iter().enumerate() {
            let Some(&e) = view.cards.get(&c) else {
                continue;
            };
            let Ok((tf, side)) = cards.get_mut(e) else {
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
            let mut tw = MoveTween::new(tf.translation, target, if moving { 0.45 } else { 0.3 });
            if moving {
                tw.from.z = 60.0;
                tw = tw.arc(40.0).ease(Ease::CubicInOut);
            }
            let face_down_zone = matches!(to, Zone::AuctionDeck | Zone::GoblinDeck);
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
            if moving && face_down_zone && side.face_up {
                ec.insert(FlipTween::new(false, 0.3));
            }
        }
    }
}

fn refresh_tally(m: &Match, view: &TableView, q: &mut Fx, seat: Seat) {
    let cards = view.zone(Zone::Player(seat)).to_vec();
    let score = suit_score(&decktet(), &cards, m.game.config().positive_suits);
    for (mut text, mut color, tally) in q.p2().iter_mut() {
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

fn fly_coins(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    layout: &Layout,
    from: Account,
    to: Account,
    amount: u32,
) {
    let (a, b) = (layout.coin_spot(from), layout.coin_spot(to));
    let gain = matches!(to, Account::Player(_));
    kit::fly_coins(
        commands,
        art,
        fonts,
        a,
        b,
        amount,
        if gain { b } else { a },
        gain,
    );
}

/// A bid or pass stays over its seat until the auction ends.
fn bubble(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    layout: &Layout,
    q: &mut Fx,
    seat: Seat,
    text: &str,
    ink: Color,
) {
    let old: Vec<Entity> = q
        .p3()
        .iter()
        .filter(|(_, b)| b.0 == seat)
        .map(|(e, _)| e)
        .collect();
    kit::bubble(
        commands,
        art,
        fonts,
        old.into_iter(),
        seat,
        layout.bubble(seat),
        text,
        ink,
        None,
    );
}

fn clear_bubbles(commands: &mut Commands, q: &mut Fx) {
    for (e, _) in q.p3().iter() {
        commands.entity(e).despawn();
    }
}

fn set_high_bid(q: &mut Fx, text: &str) {
    for mut t in q.p4().iter_mut() {
        t.0 = text.to_string();
    }
}

fn banner(commands: &mut Commands, fonts: &Fonts, q: &mut Fx, title: &str, subtitle: &str) {
    for e in q.p5().iter() {
        commands.entity(e).despawn();
    }
    let at = Vec3::new(ROW_X, -150.0, 50.0);
    commands
        .spawn((
            TableItem,
            Banner,
            DespawnOnExit(Screen::Table),
            Sprite {
                color: Color::srgba(0.05, 0.08, 0.07, 0.78),
                custom_size: Some(Vec2::new(
                    720.0,
                    if subtitle.is_empty() { 64.0 } else { 96.0 },
                )),
                ..default()
            },
            Transform::from_translation(at),
            FadeOut {
                elapsed: 0.0,
                hold: 2.2,
                duration: 0.6,
            },
        ))
        .with_children(|c| {
            let dy = if subtitle.is_empty() { 0.0 } else { 16.0 };
            c.spawn((
                Text2d::new(title),
                fonts.display(42.0),
                TextColor(theme::GOLD),
                Transform::from_xyz(0.0, dy, 0.1),
                FadeOut {
                    elapsed: 0.0,
                    hold: 2.2,
                    duration: 0.6,
                },
            ));
            if !subtitle.is_empty() {
                c.spawn((
                    Text2d::new(subtitle),
                    fonts.text(22.0),
                    TextColor(theme::CREAM),
                    Transform::from_xyz(0.0, -26.0, 0.1),
                    FadeOut {
                        elapsed: 0.0,
                        hold: 2.2,
                        duration: 0.6,
                    },
                ));
            }
        });
}

/// The current player's plaque glows (pulsing), and names of players out of the auction dim.
fn update_turn_glow(
    time: Res<Time>,
    m: Res<Match>,
    presenter: Res<Presenter>,
    view: Res<TableView>,
    mut glows: Query<(&TurnGlow, &mut Sprite, &mut Transform)>,
    mut names: Query<(&SeatName, &mut TextColor)>,
) {
    let current = if queue_idle(&m, &presenter) {
        m.game.current_player()
    } else {
        None
    };
    let pulse = 0.75 + 0.25 * (time.elapsed_secs() * 3.0).sin();
    for (g, mut sprite, mut tf) in &mut glows {
        let on = current == Some(g.0);
        let a = if on { pulse } else { 0.0 };
        sprite.color = Color::srgba(1.0, 0.85, 0.4, a);
        tf.scale = Vec3::splat(if on { 1.0 + 0.02 * pulse } else { 1.0 });
    }
    for (n, mut color) in &mut names {
        let base = theme::rgb(theme::SEAT_COLORS[m.seats[n.0].color % theme::SEAT_COLORS.len()].0);
        let out = view.passed.get(n.0).copied().unwrap_or(false);
        color.0 = if out { base.with_alpha(0.45) } else { base };
    }
}

// ---------------------------------------------------------------------------------------------
// A person's choices

/// Builds the choice when a person's turn comes (and the queue is idle), and turns navigation
/// into actions. Input is ignored while effects are still being shown.
pub fn person_choice(
    mut commands: Commands,
    mut m: ResMut<Match>,
    presenter: Res<Presenter>,
    choice: Option<ResMut<Choice>>,
    mut inbox: ResMut<Inbox>,
    mut clicks: MessageReader<ChoiceClick>,
    mut cues: MessageWriter<PlayCue>,
) {
    // The table's presses: this choice's, or dropped while none is open.
    let navs = inbox.navs(Owner::Table);
    let idle = queue_idle(&m, &presenter);
    let Some(seat) = m.person_to_act().filter(|_| idle) else {
        clicks.clear();
        if choice.is_some() {
            commands.remove_resource::<Choice>();
        }
        return;
    };
    let mut choice = match choice {
        Some(c) if c.step == m.actions.len() && c.seat == seat => c,
        _ => {
            commands.insert_resource(Choice::build(&m, seat).with_suggestion(&m));
            cues.write(PlayCue(Cue::TurnChime));
            clicks.clear();
            return;
        }
    };
    let mut submit: Option<Action> = None;
    for click in clicks.read() {
        submit = Some(match click.0.clone() {
            Action::Bid(_) => Action::Bid(choice.bid),
            a => a,
        });
    }
    for nav in navs {
        if let Some(a) = choice.navigate(nav) {
            submit = Some(a);
            break;
        }
    }
    if let Some(action) = submit {
        match m.act(seat, action) {
            Ok(()) => {
                commands.remove_resource::<Choice>();
            }
            Err(_) => {
                cues.write(PlayCue(Cue::Error));
            }
        }
    }
}

/// A click or tap on an option of the choice panel (or a card in the auction row).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct ChoiceClick(pub Action);

/// Lifts the focused card when a person chooses which card to take.
fn highlight_choice(
    choice: Option<Res<Choice>>,
    view: Res<TableView>,
    mut cards: Query<(&CardVisual, &mut Transform), Without<MoveTween>>,
) {
    let Some(layout) = view.layout.as_ref() else {
        return;
    };
    let focused = choice.as_ref().and_then(|c| match c.options.get(c.focus) {
        Some(Action::TakeOne(card)) => Some(*card),
        _ => None,
    });
    let row = view.zone(Zone::AuctionRow);
    for (cv, mut tf) in &mut cards {
        let Some(i) = row.iter().position(|&c| c == cv.0) else {
            continue;
        };
        let (base, _) = layout.slot(Zone::AuctionRow, i, row.len());
        let lift = if focused == Some(cv.0) {
            26.0
        } else if choice
            .as_ref()
            .is_some_and(|c| c.options.first() == Some(&Action::TakeAll) && c.focus == 0)
        {
            12.0
        } else {
            0.0
        };
        let want = base + Vec3::new(0.0, lift, 0.0);
        if tf.translation.distance(want) > 0.5 {
            tf.translation = tf.translation.lerp(want, 0.3);
        }
    }
}

/// Which card of the auction row is under a world position (for clicks and taps).
pub fn row_card_at(view: &TableView, world: Vec2) -> Option<Card> {
    let layout = view.layout.as_ref()?;
    let row = view.zone(Zone::AuctionRow);
    row.iter().enumerate().find_map(|(i, &c)| {
        let (p, s) = layout.slot(Zone::AuctionRow, i, row.len());
        let half = CARD * s / 2.0;
        let d = (world - p.truncate()).abs();
        (d.x <= half.x && d.y <= half.y).then_some(c)
    })
}

/// A short description of an option for the panel.
pub fn option_label(a: &Action, choice: &Choice) -> String {
    let d = decktet();
    let cost = choice
        .price
        .map(|p| format!(" (pay {p})"))
        .unwrap_or_default();
    match a {
        Action::Bid(_) => format!("Bid {}", choice.bid),
        Action::Pass => "Pass".into(),
        Action::TakeAll => format!("Take all{cost}"),
        Action::TakeOne(c) => format!("Take {}{cost}", d.def(*c).name),
    }
}

/// Tells the autoplay when the table is worth a screenshot: an auction under way (a few bids
/// on the table, the second auction or later), then coins flying.
fn moments(
    m: Res<Match>,
    bubbles: Query<(), With<Bubble>>,
    coins: Query<(), With<FlyingCoin>>,
    mut sent: Local<u8>,
    mut out: MessageWriter<super::Moment>,
) {
    if m.is_added() {
        *sent = 0;
    }
    if *sent == 0 && m.game.view(None).auction_number >= 6 && bubbles.iter().count() >= 2 {
        out.write(super::Moment("auction"));
        *sent = 1;
    } else if *sent == 1 && coins.iter().count() >= 4 {
        out.write(super::Moment("coins"));
        *sent = 2;
    }
}

// ---------------------------------------------------------------------------------------------
// Results

/// The results table: symbols per suit (positive in green, negative in red) and the points.
pub fn result_table(m: &Match, art: &Art) -> crate::screens::results::ResultTable {
    use crate::screens::results::{ResultColumn, ResultRow, ResultTable};
    let Some(scores) = m.game.scores() else {
        return ResultTable::default();
    };
    let positive = m.game.config().positive_suits;
    let mut rows: Vec<(i64, ResultRow)> = m
        .game
        .owned()
        .iter()
        .enumerate()
        .map(|(s, cards)| {
            let b = suit_score(m.game.decktet(), cards, positive);
            let cells = Suit::ALL
                .iter()
                .map(|suit| {
                    let i = suit.index();
                    let n = b.counts[i];
                    if n == 0 {
                        ("0".to_string(), theme::CREAM.with_alpha(0.4))
                    } else if b.positive[i] {
                        (format!("+{n}"), Color::srgb(0.55, 0.95, 0.55))
                    } else {
                        (format!("-{n}"), Color::srgb(1.0, 0.55, 0.5))
                    }
                })
                .collect();
            (
                b.plus,
                ResultRow {
                    seat: s,
                    name: m.seats[s].name.clone(),
                    cells,
                    total: b.total,
                    winner: scores.winners.contains(&s),
                },
            )
        })
        .collect();
    rows.sort_by_key(|(plus, r)| (!r.winner, -r.total, -plus, r.seat));
    ResultTable {
        columns: Suit::ALL
            .iter()
            .map(|&s| ResultColumn {
                icon: Some(art.suit(s)),
                label: s.name().to_string(),
            })
            .collect(),
        rows: rows.into_iter().map(|(_, r)| r).collect(),
        total_label: "Points".into(),
        footnote: "The three suits you hold most score +1 per symbol; the other three score -1. Ties go to the most positive points.".into(),
        headline: None,
    }
}
