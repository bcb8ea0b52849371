//! Cards per place, as a game's rules hold them and as its table shows them: the online tests
//! compare a friend's table with the host's after every step.

use bevy::prelude::*;
use come_buy::table::TableGame;
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use std::collections::BTreeMap;

/// How many cards lie in each place: (a place's name, its count).
pub type Places = BTreeMap<String, usize>;

/// A game's cards per place, as its rules hold them and as its table shows them.
pub trait CountedPlaces: TableGame {
    /// Per place, from the match's public view (the same for every seat's world).
    fn held(game: &Self) -> Places;
    /// Per place, as the table's view shows it.
    fn shown(app: &App) -> Places;
}

fn places(pairs: impl IntoIterator<Item = (String, usize)>) -> Places {
    pairs.into_iter().filter(|(_, n)| *n > 0).collect()
}

impl CountedPlaces for Duchess {
    fn held(game: &Self) -> Places {
        let v = game.view(None);
        let mut p = vec![
            ("unseen".into(), v.draw_pile + v.removed),
            ("common".into(), 1),
            ("discard".into(), v.discard.len()),
        ];
        p.extend(
            v.hand_sizes
                .iter()
                .enumerate()
                .map(|(s, n)| (format!("hand {s}"), *n)),
        );
        places(p)
    }
    fn shown(app: &App) -> Places {
        use come_buy_engine::duchess::Zone;
        let view = app
            .world()
            .resource::<come_buy::table::duchess::TableView>();
        places(view.zones.iter().fold(Vec::new(), |mut p, (z, cards)| {
            let name = match z {
                Zone::DrawPile | Zone::Removed => "unseen".into(),
                Zone::Common => "common".into(),
                Zone::Discard => "discard".into(),
                Zone::Hand(s) => format!("hand {s}"),
                Zone::Pair(w) => format!("pair {w}"),
            };
            match p.iter_mut().find(|(n, _)| *n == name) {
                Some((_, c)) => *c += cards.len(),
                None => p.push((name, cards.len())),
            }
            p
        }))
    }
}

impl CountedPlaces for Mykonos {
    fn held(game: &Self) -> Places {
        let v = game.view(None);
        let mut p = vec![
            ("deck".into(), v.deck),
            ("row".into(), v.row.iter().flatten().count()),
            ("discard".into(), v.discard.len()),
        ];
        p.extend(
            v.hand_sizes
                .iter()
                .enumerate()
                .map(|(s, n)| (format!("hand {s}"), *n)),
        );
        places(p)
    }
    fn shown(app: &App) -> Places {
        let view = app
            .world()
            .resource::<come_buy::table::mykonos::TableView>();
        let mut p = vec![
            ("deck".into(), view.deck.len()),
            ("row".into(), view.row.iter().flatten().count()),
            ("discard".into(), view.discard.len() + view.showcase.len()),
        ];
        p.extend(
            view.hands
                .iter()
                .enumerate()
                .map(|(s, h)| (format!("hand {s}"), h.len())),
        );
        places(p)
    }
}

impl CountedPlaces for GoblinMarket {
    fn held(game: &Self) -> Places {
        let v = game.view(None);
        let mut p = vec![
            ("auction deck".into(), v.auction_deck),
            ("size card".into(), usize::from(v.size_card.is_some())),
            ("auction row".into(), v.auction_row.len()),
            ("set aside".into(), v.set_aside.len()),
            ("discard".into(), v.discard.len()),
            ("goblin deck".into(), v.goblin_deck),
            ("goblin face".into(), usize::from(v.goblin_face.is_some())),
            ("goblin used".into(), v.goblin_used.len()),
        ];
        p.extend(
            v.owned
                .iter()
                .enumerate()
                .map(|(s, o)| (format!("owned {s}"), o.len())),
        );
        places(p)
    }
    fn shown(app: &App) -> Places {
        use come_buy_engine::goblin_market::Zone;
        let view = app
            .world()
            .resource::<come_buy::table::goblin_market::TableView>();
        places(view.zones.iter().map(|(z, cards)| {
            let name = match z {
                Zone::AuctionDeck => "auction deck".into(),
                Zone::SizeCard => "size card".into(),
                Zone::AuctionRow => "auction row".into(),
                Zone::Player(s) => format!("owned {s}"),
                Zone::SetAside => "set aside".into(),
                Zone::Discard => "discard".into(),
                Zone::GoblinDeck => "goblin deck".into(),
                Zone::GoblinReveal => "goblin face".into(),
                Zone::GoblinUsed => "goblin used".into(),
            };
            (name, cards.len())
        }))
    }
}
