//! Mýkonos on the table: the quay of offered cards, workers queueing on them (meeples in seat
//! colours, the neutral crew in grey), purchases settled card by card, sales fanned out and
//! named, wages raining in, and hands kept secret on a shared screen.

pub mod art;
mod choice;
pub mod layout;
mod log;
mod present;
pub mod results;
mod spawn;

use super::TableGame;
use super::kit;
use crate::art::{Art, CARD};
use crate::theme::{self, Fonts};
use bevy::ecs::system::SystemParamItem;
use bevy::prelude::*;
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::mykonos::cards::{Card, Suit};
use come_buy_engine::mykonos::{Action, Effect, Mykonos, Worker};
use come_buy_engine::text::Text;
use come_buy_media::synth::Cue;
use std::collections::{HashMap, HashSet};

pub use choice::{HAND_FOCUS, order_sales};
pub use layout::Layout;

/// The match, when it is Mýkonos.
pub type Match = super::Match<Mykonos>;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PokerCard(pub Card);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meeple(pub Worker);

#[derive(Component)]
pub(crate) struct StartMarker;

#[derive(Component)]
pub(crate) struct MoneyCounter(pub Seat);

/// Texts the effects rewrite.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Label {
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

impl crate::table::dock::OwnArea<come_buy_engine::mykonos::Mykonos> for TableView {
    fn own_area(&self, seat: Seat) -> Option<Rect> {
        Some(self.layout.as_ref()?.own_area(seat))
    }
}

impl TableGame for Mykonos {
    const HELP: &'static str = "help-mykonos";
    const HIDDEN_HANDS: bool = true;
    type Stage = present::Stage<'static, 'static>;

    fn phone_hand(
        _m: &Match,
        view: &come_buy_engine::mykonos::View,
    ) -> (Vec<super::PhoneCard>, Vec<String>) {
        let seat = view.seat.unwrap_or(0);
        let cards = view.hand.iter().flatten().map(|&c| phone_card(c)).collect();
        let money = view.money.get(seat).copied().unwrap_or(0);
        let info = vec![
            come_buy_text::say(&Text::new("phone-money").num("n", money as i64)),
            come_buy_text::say(&Text::new("mykonos-round").num("round", view.round as i64)),
        ];
        (cards, info)
    }

    fn phone_choice(
        _m: &Match,
        view: &come_buy_engine::mykonos::View,
        action: &Action,
    ) -> super::PhoneChoice {
        let row = |slot: usize| view.row.get(slot).copied().flatten().map(phone_card);
        let one = |c: Option<super::PhoneCard>| c.map(super::PhoneChoice::card).unwrap_or_default();
        match action {
            Action::Place { slot } => one(row(*slot)),
            // Buying costs money: the log's coin is on it.
            Action::Buy => super::PhoneChoice {
                icons: vec!["coin.png"],
                ..one(view.purchase.and_then(|(slot, _)| row(slot)))
            },
            Action::Discard { card } => one(Some(phone_card(*card))),
            // A sale shows its cards on its button (its words say what it brings).
            Action::Sell { cards } => super::PhoneChoice {
                cards: cards.iter().map(|&c| phone_card(c)).collect(),
                tap: false,
                icons: vec!["coin.png"],
            },
            Action::Pass | Action::NoSale => super::PhoneChoice::default(),
        }
    }

    /// The row as everyone sees it: each card still there with its line (who stands where,
    /// and which places are the seat's own), and the draw pile.
    fn phone_table(_m: &Match, view: &come_buy_engine::mykonos::View) -> super::PhoneTable {
        let spots = (0..view.row.len())
            .filter_map(|slot| {
                let card = view.row[slot].map(phone_card)?;
                let line = view.queues.get(slot).map_or(&[][..], Vec::as_slice);
                Some(super::PhoneSpot {
                    card: Some(card),
                    // (The line under it says who stands there, the seat's own places marked.)
                    caption: String::new(),
                    line: line
                        .iter()
                        .map(|w| match w {
                            Worker::Player(s) => super::InLine::Seat(*s),
                            Worker::Neutral => {
                                super::InLine::Other(come_buy_text::tr("mykonos-neutral-crew"))
                            }
                        })
                        .collect(),
                })
            })
            .collect();
        super::PhoneTable {
            title: come_buy_text::tr("phone-table"),
            spots,
            lines: vec![come_buy_text::say(
                &Text::new("phone-draw-pile").num("n", view.deck as i64),
            )],
        }
    }

    fn plugin(app: &mut App) {
        app.init_resource::<TableView>();
        crate::art::add_game_art(app, art::make);
        crate::table::dock::register_closeup::<Mykonos, TableView>(app);
        kit::register_table::<Mykonos, _, _>(
            app,
            spawn::spawn_table,
            (
                choice::highlight_choice,
                choice::click_cards,
                choice::sync_faces,
            ),
        );
    }

    fn present(
        stage: &mut SystemParamItem<Self::Stage>,
        m: &Match,
        effect: &Effect,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        stage.present(m, effect, cues)
    }

    fn display_order(options: &mut Vec<Action>) {
        // "No sale" first, then the sales in the engine's order.
        order_sales(options);
    }

    fn title_cards(commands: &mut Commands, art: &Art, fonts: &Fonts) -> [Entity; 2] {
        let card = |rank, suit| Card::new(rank, suit).unwrap_or(Card::all()[0]);
        [
            spawn_card(
                commands,
                art,
                fonts,
                card(13, Suit::Hearts),
                Vec3::ZERO,
                1.15,
            ),
            spawn_card(
                commands,
                art,
                fonts,
                card(12, Suit::Clubs),
                Vec3::ZERO,
                1.15,
            ),
        ]
    }

    fn moment(m: &Match, effect: &Effect) -> Option<&'static str> {
        let v = m.game.view(None);
        match effect {
            Effect::WorkerPlaced { .. } if v.queues.iter().map(Vec::len).sum::<usize>() >= 7 => {
                Some("placement")
            }
            Effect::Bought { .. } if v.round >= 2 => Some("purchase"),
            Effect::Sold { price, .. } if *price >= 4 => Some("sale"),
            Effect::GameOver { .. } => Some("final"),
            _ => None,
        }
    }
}

/// A playing card as a phone draws it: the same rank, ink and pips as [`spawn_card`].
fn phone_card(card: Card) -> super::PhoneCard {
    super::PhoneCard {
        label: card.to_string(),
        face: super::PhoneFace::Poker {
            rank: card.rank_label().to_string(),
            pip: card.suit().index(),
            ink: theme::css(come_buy_media::art::poker_suit_color(poker_suit(
                card.suit(),
            ))),
            face: card.is_face(),
        },
    }
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
pub(crate) fn spawn_card(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    card: Card,
    at: Vec3,
    scale: f32,
) -> Entity {
    let ink = suit_color(card.suit());
    let pip = art
        .of::<art::MykonosArt>()
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
                image: art.of::<art::MykonosArt>().poker_face.clone(),
                custom_size: Some(CARD),
                ..default()
            });
            use crate::art::poker_face as at;
            let (cx, cy) = at::CORNER;
            for (x, y, flip) in [(cx, cy, false), (-cx, -cy, true)] {
                let rot = if flip {
                    Quat::from_rotation_z(std::f32::consts::PI)
                } else {
                    Quat::IDENTITY
                };
                f.spawn((
                    Text2d::new(card.rank_label()),
                    fonts.display(at::RANK),
                    TextColor(ink),
                    Transform::from_xyz(x, y, 0.003).with_rotation(rot),
                ));
                let dy = if flip {
                    at::CORNER_PIP_DROP
                } else {
                    -at::CORNER_PIP_DROP
                };
                f.spawn((
                    Sprite {
                        image: pip.clone(),
                        custom_size: Some(Vec2::splat(at::PIP)),
                        ..default()
                    },
                    Transform::from_xyz(x, y + dy, 0.003).with_rotation(rot),
                ));
            }
            if card.is_face() {
                f.spawn((
                    Text2d::new(card.rank_label()),
                    fonts.display(at::FACE_RANK),
                    TextColor(ink),
                    Transform::from_xyz(0.0, at::FACE_RANK_Y, 0.003),
                ));
                f.spawn((
                    Sprite {
                        image: pip.clone(),
                        custom_size: Some(Vec2::splat(at::FACE_PIP)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, at::FACE_PIP_Y, 0.003),
                ));
            } else {
                f.spawn((
                    Sprite {
                        image: pip.clone(),
                        custom_size: Some(Vec2::splat(at::BIG_PIP)),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, 0.003),
                ));
            }
        },
    )
}

fn meeple_image(art: &Art, m: &Match, w: Worker) -> Handle<Image> {
    let art = art.of::<art::MykonosArt>();
    match w {
        Worker::Player(s) => art
            .meeples
            .get(m.seats[s].color % art.meeples.len().max(1))
            .cloned()
            .unwrap_or_default(),
        Worker::Neutral => art.neutral_meeple.clone(),
    }
}
