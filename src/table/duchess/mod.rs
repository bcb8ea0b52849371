//! The Duchess's Necklace on the table: jeweller's cards with their four stones and the wish
//! in a cartouche, the common card in the middle, a live necklace panel for every hand the
//! room may see (met wishes glow), draws and discards gliding and flipping, the solo pair,
//! and the final reveal with the florins counted up and, solo, the rank earned.

pub mod art;
mod choice;
pub mod layout;
mod log;
mod panels;
mod present;
pub mod results;
mod spawn;

use super::TableGame;
use super::kit;
use crate::art::{Art, CARD};
use crate::theme::{self, Fonts};
use bevy::ecs::system::SystemParamItem;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use come_buy_engine::duchess::deck::{Card, CardSet, Gem, config};
use come_buy_engine::duchess::{Duchess, Effect, Zone};
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_media::art::{JEWEL_CARTOUCHE, JEWEL_GEM_SCALE, JEWEL_SETTING_RADIUS, JEWEL_SETTINGS};
use come_buy_media::synth::Cue;
use come_buy_text::{say, tr};
use std::collections::HashMap;

pub use layout::Layout;

/// The match, when it is the Duchess's Necklace.
pub type Match = super::Match<Duchess>;

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct JewelCard(pub Card);

/// The glow behind a card whose wish the shown necklace meets.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WishGlow(pub Card);

/// A card of a final necklace on the results whose wish it met (its glow is lit).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FinalLit;

/// The results: every final necklace's met wishes glow, pulsing a moment, then lit.
fn light_final_necklaces(
    ambient: Res<crate::pace::Ambient>,
    lit: Query<&Children, With<FinalLit>>,
    mut glows: Query<&mut Sprite, With<WishGlow>>,
) {
    let color = Color::srgba(1.0, 0.85, 0.35, ambient.pulse(2.5, 0.4));
    for children in &lit {
        for c in children.iter() {
            if let Ok(mut s) = glows.get_mut(c)
                && s.color != color
            {
                s.color = color;
            }
        }
    }
}

/// One line of a seat's necklace panel (0 = the total).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelLine(pub Seat, pub usize);

#[derive(Component)]
pub(crate) struct NecklaceValue(pub Seat);

#[derive(Component)]
pub(crate) struct Status;

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
    pub(crate) fn necklace_cards(&self, seat: Seat) -> Vec<Card> {
        let mut v = self.zone(Zone::Hand(seat)).to_vec();
        v.extend_from_slice(self.zone(Zone::Common));
        v
    }
}

impl crate::table::dock::OwnArea<come_buy_engine::duchess::Duchess> for TableView {
    fn own_area(&self, seat: Seat) -> Option<Rect> {
        Some(self.layout.as_ref()?.own_area(seat))
    }
}

impl TableGame for Duchess {
    const HELP: &'static str = "help-duchess";
    const HIDDEN_HANDS: bool = true;
    type Stage = present::Stage<'static, 'static>;

    fn phone_hand(
        m: &Match,
        view: &come_buy_engine::duchess::View,
    ) -> (Vec<super::PhoneCard>, Vec<String>) {
        let cfg = m.game.config();
        let cards = view
            .hand
            .iter()
            .flatten()
            .map(|&c| phone_card(cfg, c))
            .collect();
        let mut info = vec![say(&Text::new("phone-common")
            .raw("card", come_buy_text::names::duchess_card(cfg, view.common)))];
        if let Some(n) = &view.necklace {
            info.push(say(&Text::new("phone-necklace").num("n", n.value as i64)));
        }
        (cards, info)
    }

    fn phone_choice(
        m: &Match,
        view: &come_buy_engine::duchess::View,
        action: &come_buy_engine::duchess::Action,
    ) -> super::PhoneChoice {
        use come_buy_engine::duchess::Action as A;
        let cfg = m.game.config();
        match action {
            A::Discard(c) => super::PhoneChoice::card(phone_card(cfg, *c)),
            // The discard pile's top card is face up for everyone.
            A::TakeDiscard => view
                .discard
                .last()
                .map(|&c| super::PhoneChoice::card(phone_card(cfg, c)))
                .unwrap_or_default(),
            _ => super::PhoneChoice::default(),
        }
    }

    /// What both players see: the common card, the discard pile's top, the cards left to
    /// draw (never the pile's order nor the other hand).
    fn phone_table(m: &Match, view: &come_buy_engine::duchess::View) -> super::PhoneTable {
        let cfg = m.game.config();
        let mut spots = vec![super::PhoneSpot {
            card: Some(phone_card(cfg, view.common)),
            caption: tr("duchess-common-card"),
            line: Vec::new(),
        }];
        if let Some(&top) = view.discard.last() {
            spots.push(super::PhoneSpot {
                card: Some(phone_card(cfg, top)),
                caption: tr("table-discards"),
                line: Vec::new(),
            });
        }
        let pile = if view.draw_pile == 0 {
            tr("duchess-pile-empty")
        } else {
            say(&Text::new("phone-draw-pile").num("n", view.draw_pile as i64))
        };
        super::PhoneTable {
            title: tr("phone-table"),
            spots,
            lines: vec![pile],
        }
    }

    fn variant_choices() -> Vec<(&'static str, Vec<String>)> {
        vec![
            ("variant-duchess-base", vec![]),
            ("variant-duchess-rainbow", vec!["rainbow".to_string()]),
            ("variant-duchess-gold", vec!["gold".to_string()]),
            (
                "variant-duchess-both",
                vec!["rainbow".to_string(), "gold".to_string()],
            ),
        ]
    }

    fn plugin(app: &mut App) {
        app.init_resource::<TableView>();
        crate::art::add_game_art(app, art::make);
        crate::table::dock::register_closeup::<Duchess, TableView>(app);
        kit::register_table::<Duchess, _, _>(
            app,
            spawn::spawn_table,
            (
                choice::sync_faces,
                panels::necklace_panels,
                panels::offer_lines,
                choice::highlight_choice,
                choice::click_cards,
            ),
        );
        app.add_systems(
            Update,
            light_final_necklaces.run_if(in_state(crate::state::Screen::Results)),
        );
        // Faces and necklace panels also follow a table that catches up under a menu (the
        // language changed), where people's systems wait.
        app.add_systems(
            Update,
            (
                choice::sync_faces,
                panels::necklace_panels,
                panels::offer_lines,
            )
                .in_set(crate::table::TableSet::Present)
                .run_if(crate::table::playing::<Duchess>.and_then(crate::table::catching_up)),
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

    fn title_cards(commands: &mut Commands, art: &Art, fonts: &Fonts) -> [Entity; 2] {
        [
            spawn_card(commands, art, fonts, Card(4), Vec3::ZERO, 1.15),
            spawn_card(commands, art, fonts, Card(11), Vec3::ZERO, 1.15),
        ]
    }

    fn moment(_m: &Match, effect: &Effect) -> Option<&'static str> {
        match effect {
            Effect::TurnStarted { turn, .. } if *turn >= 5 => Some("play"),
            Effect::Looked { .. } => Some("look"),
            Effect::GameOver { .. } => Some("reveal"),
            _ => None,
        }
    }
}

/// What a card's cartouche says: the wish's words ("exactly 2", or "just one" for the rainbow
/// stone) and its florins; a card with no wish only the court gold's words (or nothing).
fn cartouche(def: &come_buy_engine::duchess::deck::CardDef) -> (String, String) {
    match &def.wish {
        Some(w) if w.gem == Gem::Rainbow => (
            tr("duchess-face-just-one"),
            say(&Text::new("duchess-florins").num("n", w.florins as i64)),
        ),
        Some(w) => (
            say(&Text::new("duchess-face-exactly").num("n", w.count as i64)),
            say(&Text::new("duchess-florins").num("n", w.florins as i64)),
        ),
        None if def.set == CardSet::Gold => (String::new(), tr("duchess-face-court-gold")),
        None => (String::new(), String::new()),
    }
}

/// The wish's words' size: the most that fits the cartouche's left half.
fn words_size(words: &str) -> f32 {
    let cw = JEWEL_CARTOUCHE.2;
    theme::fit(
        crate::art::jewel_face::WORDS,
        words,
        cw * CARD.x / 2.0 + 2.0,
    )
}

/// A jeweller's card as a phone draws it: the same stones and cartouche as [`spawn_card`].
fn phone_card(cfg: &come_buy_engine::duchess::deck::Config, card: Card) -> super::PhoneCard {
    let def = cfg.def(card);
    let (words, florins) = cartouche(def);
    let wish_gem = def.wish.as_ref().map(|w| w.gem.index());
    let words_size = words_size(&words) / CARD.y;
    super::PhoneCard {
        label: come_buy_text::names::duchess_card(cfg, card),
        face: super::PhoneFace::Jewel {
            gems: def.top.iter().map(|g| g.index()).collect(),
            words,
            words_size,
            wish_gem,
            florins,
        },
    }
}

fn gem_image(art: &Art, g: Gem) -> Handle<Image> {
    art.of::<art::DuchessArt>()
        .gems
        .get(g.index())
        .cloned()
        .unwrap_or_default()
}

/// One jeweller's card: its four stones set in gold, the wish in the cartouche.
pub(crate) fn spawn_card(
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
        art.of::<art::DuchessArt>().jewel_back.clone(),
        at,
        scale,
        |f| {
            f.spawn(Sprite {
                image: art.of::<art::DuchessArt>().jewel_face.clone(),
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
                    Transform::from_xyz(p.x, p.y, 0.003),
                ));
            }
            let (cx, cy, cw, ch) = JEWEL_CARTOUCHE;
            let mid = to_local(cx + cw / 2.0, cy + ch / 2.0);
            match def.wish {
                Some(w) => {
                    use crate::art::jewel_face as at;
                    let (words, florins) = cartouche(&def);
                    // Right-aligned against the gem, within the cartouche's left part.
                    let size = words_size(&words);
                    f.spawn((
                        Text2d::new(words),
                        fonts.text(size),
                        TextColor(theme::INK),
                        Anchor::CENTER_RIGHT,
                        Transform::from_xyz(
                            mid.x + at::WORDS_END.0,
                            mid.y + at::WORDS_END.1,
                            0.003,
                        ),
                    ));
                    f.spawn((
                        Sprite {
                            image: gem_image(art, w.gem),
                            custom_size: Some(Vec2::splat(at::WISH_GEM)),
                            ..default()
                        },
                        Transform::from_xyz(
                            mid.x + at::WISH_GEM_AT.0,
                            mid.y + at::WISH_GEM_AT.1,
                            0.003,
                        ),
                    ));
                    f.spawn((
                        Text2d::new(florins),
                        fonts.display(at::FLORINS),
                        TextColor(Color::srgb(0.45, 0.25, 0.05)),
                        Transform::from_xyz(mid.x, mid.y + at::FLORINS_Y, 0.003),
                    ));
                }
                None => {
                    f.spawn((
                        Text2d::new(cartouche(&def).1),
                        fonts.display(crate::art::jewel_face::FLORINS),
                        TextColor(Color::srgb(0.45, 0.25, 0.05)),
                        Transform::from_xyz(mid.x, mid.y, 0.003),
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
