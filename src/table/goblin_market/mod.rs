//! Goblin Market on the table: where everything sits, how each effect is animated, and the
//! choices a person makes (bid or pass, take all or one, which card).

pub mod art;
mod choice;
pub mod layout;
mod log;
mod present;
pub mod results;
mod spawn;

use super::kit;
use super::{TableGame, TableSet, playing};
use crate::art::{Art, CARD};
use crate::theme::{self, Fonts};
use bevy::ecs::system::SystemParamItem;
use bevy::prelude::*;
use come_buy_engine::decktet::{Card, Rank, Suit, decktet};
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::goblin_market::{Action, Effect, GoblinMarket, Zone};
use come_buy_media::synth::Cue;
use std::collections::HashMap;

pub use choice::{Looking, ZOOM, row_card_at};
pub use kit::{Banner, Bubble, FlyingCoin};
pub use layout::{Layout, PLAQUE};

/// The match, when it is Goblin Market.
pub type Match = super::Match<GoblinMarket>;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardVisual(pub Card);

#[derive(Component)]
pub struct CoinCounter(pub Seat);

#[derive(Component)]
pub(crate) struct SuitTally {
    pub seat: Seat,
    pub suit: Suit,
}

#[derive(Component)]
pub(crate) struct HighBidLabel;

/// What the table shows (it trails the engine while effects are being animated).
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
    /// Seats at the table.
    pub fn seats(&self) -> usize {
        self.coins.len()
    }

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

impl crate::table::dock::OwnArea<GoblinMarket> for TableView {
    fn own_area(&self, seat: Seat) -> Option<Rect> {
        Some(self.layout.as_ref()?.own_area(seat))
    }

    /// A winner taking one card or all decides about the cards up for auction: the closer
    /// look frames them (and the high bid above), not the plaque they will go to.
    fn area_now(&self, seat: Seat, game: &GoblinMarket) -> Option<Rect> {
        let taking = game.current_player() == Some(seat)
            && matches!(
                game.legal_actions().first(),
                Some(Action::TakeAll | Action::TakeOne(_))
            );
        let layout = self.layout.as_ref()?;
        match self.zone(Zone::AuctionRow).len() {
            n if taking && n > 0 => Some(layout.lot_area(n)),
            _ => Some(layout.own_area(seat)),
        }
    }
}

impl TableGame for GoblinMarket {
    const HELP: &'static str = "help-goblin-market";
    const HIDDEN_HANDS: bool = false;
    type Stage = present::Stage<'static, 'static>;

    fn variant_choices() -> Vec<(&'static str, Vec<String>)> {
        vec![
            ("variant-standard", vec![]),
            ("variant-shared-ties", vec!["shared-ties".to_string()]),
        ]
    }

    fn plugin(app: &mut App) {
        app.init_resource::<TableView>();
        crate::art::add_game_art(app, art::make);
        crate::table::dock::register_closeup::<GoblinMarket, TableView>(app);
        app.init_resource::<choice::Looking>();
        app.add_systems(
            OnEnter(crate::state::Screen::Table),
            |mut looking: ResMut<choice::Looking>| looking.0 = None,
        );
        app.add_systems(
            Update,
            choice::look_input
                .in_set(TableSet::Decide)
                .before(super::handover::PersonInput)
                .run_if(playing::<GoblinMarket>),
        );
        kit::register_table::<GoblinMarket, _, _>(
            app,
            spawn::spawn_table,
            (choice::highlight_choice, choice::click_cards),
        );
        app.add_systems(
            Update,
            choice::dim_passed
                .in_set(TableSet::Present)
                .run_if(playing::<GoblinMarket>),
        );
        app.add_systems(PostUpdate, hide_tiny_names);
    }

    fn present(
        stage: &mut SystemParamItem<Self::Stage>,
        m: &Match,
        effect: &Effect,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        stage.present(m, effect, cues)
    }

    fn display_order(options: &mut Vec<Self::Action>) {
        // The bid (its stepper) before Pass.
        options.sort_by_key(|a| !matches!(a, come_buy_engine::goblin_market::Action::Bid(_)));
    }

    fn title_cards(commands: &mut Commands, art: &Art, fonts: &Fonts) -> [Entity; 2] {
        let d = decktet();
        let card = |key: &str| d.by_key(key).unwrap_or(Card(0));
        [
            spawn_card(commands, art, fonts, card("huntress"), Vec3::ZERO, 1.15),
            spawn_card(commands, art, fonts, card("market"), Vec3::ZERO, 1.15),
        ]
    }

    fn opens_decisions(effect: &Effect) -> bool {
        matches!(
            effect,
            Effect::PhaseStarted(come_buy_engine::goblin_market::Phase::Auction { .. })
        )
    }

    fn moment(m: &Match, effect: &Effect) -> Option<&'static str> {
        match effect {
            // An auction well under way, with bids standing round the table.
            Effect::BidMade { amount, .. }
                if *amount >= 3 && m.game.view(None).auction_number >= 6 =>
            {
                Some("auction")
            }
            // The winner of an auction paying up.
            Effect::CoinsMoved {
                amount,
                reason: come_buy_engine::goblin_market::CoinReason::BidPaid,
                ..
            } if *amount >= 4 => Some("coins"),
            _ => None,
        }
    }
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
/// A card's name on its face, without its article ("Author" for "The Author").
fn short_name(name: &str) -> String {
    come_buy_text::names::without_article(name)
}

/// A card's name at its foot: shown only where the card is drawn large enough to read it
/// (on the plaques the suits say what counts; a card looked at shows its name).
#[derive(Component)]
pub(crate) struct CardName;

/// The smallest scale at which a card's name is drawn (about 10 px of text at 1080p).
pub(crate) const NAME_SCALE: f32 = 0.5;

/// Hides the names of cards drawn too small to read them, and grows their left rank (see
/// [`CornerRank`]).
pub(crate) fn hide_tiny_names(
    mut names: Query<(&GlobalTransform, &mut Visibility), With<CardName>>,
    mut ranks: Query<(&ChildOf, &CornerRank, &mut Transform, &mut Visibility), Without<CardName>>,
    cards: Query<&GlobalTransform, Without<CornerRank>>,
) {
    let small = |g: &GlobalTransform| g.scale().y < NAME_SCALE;
    for (g, mut v) in &mut names {
        let want = if small(g) {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *v != want {
            *v = want;
        }
    }
    for (parent, corner, mut tf, mut v) in &mut ranks {
        let Ok(g) = cards.get(parent.parent()) else {
            continue;
        };
        let is_small = small(g);
        let want = corner.at(is_small);
        if *tf != want {
            *tf = want;
        }
        let shown = if is_small && *corner == CornerRank::Right {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *v != shown {
            *v = shown;
        }
    }
}

/// A Decktet card's corner rank on the virtual table (29 px on a six-seat table at 1080p).
const RANK_SIZE: f32 = 38.0;

pub(crate) fn spawn_card(
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
        CardVisual(card),
        art.card_back.clone(),
        at,
        scale,
        |f| {
            f.spawn(Sprite {
                image: art.of::<art::DecktetArt>().face(def.suits.first().copied()),
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
                        image: art.of::<art::DecktetArt>().suit(*s),
                        custom_size: Some(Vec2::splat(size)),
                        ..default()
                    },
                    Transform::from_xyz(x, y, 0.002),
                ));
            }
            for corner in [CornerRank::Left, CornerRank::Right] {
                f.spawn((
                    corner,
                    Text2d::new(rank_glyph(def.rank)),
                    fonts.display(RANK_SIZE),
                    TextColor(theme::INK),
                    corner.at(false),
                ));
            }
            let (name, size) =
                face_name(&short_name(&come_buy_text::names::decktet_card(&d, card)));
            let name_y = if name.contains('\n') { -82.0 } else { -88.0 };
            f.spawn((
                CardName,
                Text2d::new(name),
                fonts.display(size),
                TextColor(theme::INK),
                Transform::from_xyz(0.0, name_y, 0.003),
            ));
        },
    )
}

/// A card's name at its foot and its size: one line where it fits at [`NAME_SIZE`], else
/// broken at the space nearest its middle ("Chance / Meeting"), else shrunk to fit.
fn face_name(name: &str) -> (String, f32) {
    let room = CARD.x - 16.0;
    let one = theme::fit(NAME_SIZE, name, room);
    if one >= NAME_SIZE {
        return (name.to_string(), one);
    }
    let middle = name.chars().count() / 2;
    let split = name
        .char_indices()
        .filter(|&(_, c)| c == ' ')
        .min_by_key(|&(i, _)| name[..i].chars().count().abs_diff(middle));
    match split {
        Some((i, _)) => {
            let two = format!("{}\n{}", &name[..i], &name[i + 1..]);
            let size = theme::fit(NAME_SIZE, &two, room);
            if size > one {
                (two, size)
            } else {
                (name.to_string(), one)
            }
        }
        None => (name.to_string(), one),
    }
}

/// The size of a card's name on its face (31 px on a card up for auction at 1080p).
const NAME_SIZE: f32 = 21.0;

/// A corner's rank on a Decktet card. On a card drawn small (a won card on a plaque) the left
/// one grows to be read from the sofa (25 px at 1080p) and the right one, under the next
/// card of the fan anyway, is hidden.
#[derive(Component, Clone, Copy, PartialEq)]
pub(crate) enum CornerRank {
    Left,
    Right,
}

impl CornerRank {
    /// How much larger the left rank is drawn on a small card.
    const GROWN: f32 = 2.0;

    fn at(self, small: bool) -> Transform {
        match (self, small) {
            (CornerRank::Left, true) => {
                Transform::from_xyz(-52.0, 72.0, 0.003).with_scale(Vec3::splat(Self::GROWN))
            }
            (CornerRank::Left, false) => Transform::from_xyz(-58.0, 84.0, 0.003),
            (CornerRank::Right, _) => Transform::from_xyz(58.0, 84.0, 0.003),
        }
    }
}
