//! Goblin Market's table as it starts: the decks face down, the pile labels, the bank, the
//! high-bid line and a plaque per seat with its coins and suit tallies.

use super::layout::{BANK_LABEL, HIGH_BID, LABEL_SIZE, Layout, PLAQUE};
use super::{CoinCounter, HighBidLabel, Match, SuitTally, TableView, spawn_card};
use crate::state::Screen;
use crate::table::kit::{Painter, Piece, text2d};
use crate::theme;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use come_buy_engine::decktet::{Suit, decktet};
use come_buy_engine::goblin_market::Zone;
use come_buy_text::tr;

/// The suit tallies' row on a plaque, between its name and its won cards.
const SUITS_Y: f32 = 20.0;

pub(super) fn spawn_table(
    mut paint: Painter,
    m: Res<Match>,
    mut view: ResMut<TableView>,
    near: Option<Res<crate::table::NearSeat>>,
) {
    let n = m.seats.len();
    let first_person = crate::table::near_person(&m, near.as_deref());
    let layout = Layout::new(n, first_person);
    let d = decktet();
    *view = TableView {
        layout: Some(layout.clone()),
        coins: vec![0; n],
        passed: vec![false; n],
        ..default()
    };
    // Every card starts face down in its deck: the effects bring them out.
    let mut deck_cards = d.basic();
    deck_cards.sort();
    for (zone, cards) in [
        (Zone::AuctionDeck, deck_cards),
        (Zone::GoblinDeck, d.pawns_and_courts()),
    ] {
        for (i, &c) in cards.iter().enumerate() {
            let (at, scale) = layout.slot(zone, i, cards.len());
            let e = spawn_card(&mut paint.commands, &paint.art, &paint.fonts, c, at, scale);
            view.cards.insert(c, e);
        }
        view.zones.insert(zone, cards);
    }
    for (p, label, width) in super::layout::labels() {
        let ink = theme::CREAM.with_alpha(0.8);
        paint.label(p.extend(1.0), &tr(label), (LABEL_SIZE, width), ink, false);
    }
    paint.bank_heap(layout.bank());
    let (p, label, width) = BANK_LABEL;
    paint.label(
        p.extend(1.0),
        &tr(label),
        (LABEL_SIZE, width),
        theme::GOLD,
        true,
    );
    paint.commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        HighBidLabel,
        text2d(&paint.fonts, "", 40.0, theme::GOLD, true),
        Transform::from_translation(HIGH_BID.extend(45.0)),
    ));
    paint.commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        super::choice::LookName,
        text2d(
            &paint.fonts,
            "",
            super::layout::LOOK_NAME_SIZE,
            theme::CREAM,
            false,
        ),
        Transform::from_translation(Vec3::Z * 61.0),
        Visibility::Hidden,
    ));
    for s in 0..n {
        let plate = paint.seat_plaque(
            s,
            &m.seats[s],
            layout.seats[s],
            PLAQUE,
            paint.art.coin.clone(),
            CoinCounter(s),
        );
        let (art, fonts) = (&*paint.art, &*paint.fonts);
        paint.commands.entity(plate).with_children(|c| {
            for suit in Suit::ALL {
                let x = -PLAQUE.x / 2.0 + 48.0 + suit.index() as f32 * 92.0;
                c.spawn((
                    Sprite {
                        image: art.of::<super::art::DecktetArt>().suit(suit),
                        custom_size: Some(Vec2::splat(36.0)),
                        ..default()
                    },
                    Transform::from_xyz(x, SUITS_Y, 0.2),
                ));
                c.spawn((
                    SuitTally { seat: s, suit },
                    text2d(fonts, "0", 34.0, theme::CREAM.with_alpha(0.5), false),
                    Anchor::CENTER_LEFT,
                    Transform::from_xyz(x + 24.0, SUITS_Y, 0.2),
                ));
            }
        });
    }
}
