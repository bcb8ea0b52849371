//! Goblin Market's table as it starts: the decks face down, the pile labels, the bank, the
//! high-bid line and a plaque per seat with its coins and suit tallies.

use super::layout::{Layout, PILE, PLAQUE, ROW_X, ROW_Y};
use super::{CoinCounter, HighBidLabel, Match, SuitTally, TableView, spawn_card};
use crate::art::CARD;
use crate::screens::Screen;
use crate::table::kit::{Painter, Piece, text2d};
use crate::theme;
use bevy::prelude::*;
use bevy::sprite::Anchor;
use come_buy_engine::decktet::{Suit, decktet};
use come_buy_engine::goblin_market::Zone;
use come_buy_text::tr;

pub fn spawn_table(mut paint: Painter, m: Res<Match>, mut view: ResMut<TableView>) {
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
    // Each pile's label, and the width it has before it would meet its neighbour's (longer
    // languages shrink to fit).
    let labels = [
        (Vec2::new(-800.0, ROW_Y - 150.0), "gm-auction-deck", 180.0),
        (Vec2::new(-610.0, ROW_Y - 150.0), "gm-size", 180.0),
        (Vec2::new(-800.0, -218.0), "gm-set-aside", 112.0),
        (Vec2::new(-680.0, -218.0), "gm-discard", 112.0),
        (Vec2::new(380.0, ROW_Y - 122.0), "gm-goblin-deck", 155.0),
        (Vec2::new(545.0, ROW_Y - 122.0), "gm-goblins-offer", 155.0),
        (
            Vec2::new(380.0, -150.0 - CARD.y * PILE / 2.0 - 22.0),
            "gm-used-goblins",
            200.0,
        ),
    ];
    for (p, label, width) in labels {
        let text = tr(label);
        paint.label(
            p.extend(1.0),
            &text,
            theme::fit(26.0, &text, width),
            theme::CREAM.with_alpha(0.8),
            false,
        );
    }
    paint.bank_heap(layout.bank());
    paint.label(
        Vec3::new(790.0, ROW_Y - 70.0, 1.0),
        &tr("table-bank"),
        24.0,
        theme::GOLD,
        true,
    );
    paint.commands.spawn((
        Piece,
        DespawnOnExit(Screen::Table),
        HighBidLabel,
        text2d(&paint.fonts, "", 40.0, theme::GOLD, true),
        Transform::from_xyz(ROW_X, 215.0, 45.0),
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
                        image: art.suit(suit),
                        custom_size: Some(Vec2::splat(36.0)),
                        ..default()
                    },
                    Transform::from_xyz(x, 26.0, 0.2),
                ));
                c.spawn((
                    SuitTally { seat: s, suit },
                    text2d(fonts, "0", 34.0, theme::CREAM.with_alpha(0.5), false),
                    Anchor::CENTER_LEFT,
                    Transform::from_xyz(x + 24.0, 26.0, 0.2),
                ));
            }
        });
    }
}
