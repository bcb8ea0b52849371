//! What a friend's app does with a world and its effects beyond [`Game`]'s methods, per game
//! (the world fuzz's "using" step).

use come_buy_engine::catalog::CatalogGame;
use come_buy_engine::duchess::{self, Duchess};
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::{self, GoblinMarket};
use come_buy_engine::mykonos::{self, Mykonos};
use serde::{Serialize, de::DeserializeOwned};

/// A game's own helpers that the table calls on a world besides [`Game`]'s.
pub trait Extras: CatalogGame + Serialize + DeserializeOwned {
    fn extras(&self);
    /// What a friend's table does with an effect beside this world (the world after it): it
    /// finds each seat, card, slot and list the effect names in the world's own (a seat's
    /// plaque, a card's face, a row slot's place, a seat's line of the results), indexing
    /// as the table does; a panic here is a panic there.
    fn effect_extras(&self, effect: &Self::Effect);
}

/// A seat's place at a table of `players` (the table's per-seat lists are this long).
fn at(players: usize, seat: usize) {
    let _ = vec![0u8; players][seat];
}

/// Final scores as the results screen reads them: each seat's place and share.
fn results(players: usize, scores: &come_buy_engine::game::FinalScores) {
    for s in 0..players {
        let _ = (scores.place(s), scores.win_share(s), scores.tiebreak[s]);
    }
    scores.winners.iter().for_each(|&w| at(players, w));
}

impl Extras for Duchess {
    fn effect_extras(&self, effect: &duchess::Effect) {
        use duchess::Effect as E;
        let (n, cfg) = (self.players(), self.config());
        let card = |c: &duchess::Card| {
            let _ = cfg.def(*c);
        };
        let slot = |which: u8| [(); 2][which as usize];
        match effect {
            E::GameStarted {
                players,
                start_player,
                ..
            } => {
                assert_eq!(*players, n, "a start for another table");
                at(n, *start_player);
            }
            E::Removed { .. } | E::PileEmpty { .. } => {}
            E::CommonRevealed { card: c } => card(c),
            E::Dealt { seat, card: c } | E::Drew { seat, card: c } => {
                at(n, *seat);
                c.iter().for_each(card);
            }
            E::TurnStarted { seat, .. } | E::Declined { seat } => at(n, *seat),
            E::TookDiscard { seat, card: c } | E::Discarded { seat, card: c } => {
                at(n, *seat);
                card(c);
            }
            // The solo table's pair slots (a duel has none).
            E::PairDrawn => assert_eq!(n, 1, "a pair at a duel"),
            E::Looked { which, card: c } | E::Kept { which, card: c, .. } => {
                assert_eq!(n, 1, "a pair at a duel");
                slot(*which);
                c.iter().for_each(card);
            }
            E::NotKept { which, card: c } => {
                assert_eq!(n, 1, "a pair at a duel");
                slot(*which);
                card(c);
            }
            E::GameOver { results: r, scores } => {
                assert_eq!(r.len(), n, "a result per seat");
                for x in r {
                    at(n, x.seat);
                    x.hand.iter().chain(&x.necklace.met).for_each(card);
                    x.necklace.rainbow.iter().for_each(|(c, _)| card(c));
                    if let Some(rank) = &x.rank {
                        let _ = &cfg.solo_ranks[rank.index];
                    }
                }
                results(n, scores);
            }
        }
    }

    fn extras(&self) {
        let _ = self.census();
        for s in 0..self.players() {
            let _ = self.necklace_of(s);
            let _ = self.view(Some(s)).unseen(self.config());
        }
        let _ = self.view(None).unseen(self.config());
    }
}

impl Extras for Mykonos {
    fn effect_extras(&self, effect: &mykonos::Effect) {
        use mykonos::{Effect as E, Worker, Zone};
        let n = self.players();
        let row = self.config().row_size(n);
        let slot = |s: usize| [()].repeat(row)[s];
        let account = |a: &mykonos::Account| match a {
            mykonos::Account::Player(s) => at(n, *s),
            mykonos::Account::Bank => {}
        };
        let worker = |w: &Worker| match w {
            Worker::Player(s) => at(n, *s),
            Worker::Neutral => assert_eq!(n, 2, "a neutral worker"),
        };
        for m in effect.moves() {
            for z in [m.from, m.to] {
                match z {
                    Zone::Row(s) => slot(s),
                    Zone::Hand(s) => at(n, s),
                    Zone::Deck | Zone::Discard => {}
                }
            }
        }
        match effect {
            E::GameStarted {
                players,
                start_player,
                ..
            } => {
                assert_eq!(*players, n, "a start for another table");
                at(n, *start_player);
            }
            E::CoinsMoved { from, to, .. } => {
                account(from);
                account(to);
            }
            E::RoundStarted { start_player, .. } => at(n, *start_player),
            E::WorkerPlaced {
                slot: s,
                worker: w,
                by,
                ..
            } => {
                slot(*s);
                worker(w);
                at(n, *by);
            }
            E::WorkerPassed { slot: s, worker: w } => {
                slot(*s);
                worker(w);
            }
            E::WorkersHome { slot: s, workers } => {
                slot(*s);
                workers.iter().for_each(worker);
            }
            E::NoSale { seat } | E::Income { seat, .. } => at(n, *seat),
            E::MarkerPassed { from, to } => {
                at(n, *from);
                at(n, *to);
            }
            E::GameOver {
                money,
                face_cards,
                winners,
            } => {
                for s in 0..n {
                    let _ = (money[s], &face_cards[s]);
                }
                winners.iter().for_each(|&w| at(n, w));
            }
            _ => {}
        }
    }

    fn extras(&self) {
        let _ = self.card_census();
        for s in (0..self.players()).map(Some).chain([None]) {
            let v = self.view(s);
            let _ = v.unseen();
            for slot in 0..=v.row.len() {
                let _ = v.price(slot);
            }
        }
    }
}

impl Extras for GoblinMarket {
    fn effect_extras(&self, effect: &goblin_market::Effect) {
        use goblin_market::{Effect as E, Phase, Zone};
        let n = self.players();
        let deck = self.decktet();
        let zone = |z: &Zone| {
            if let Zone::Player(s) = z {
                at(n, *s);
            }
        };
        let account = |a: &goblin_market::Account| match a {
            goblin_market::Account::Player(s) => at(n, *s),
            goblin_market::Account::Bank => {}
        };
        match effect {
            E::GameStarted {
                players,
                first_bidder,
            } => {
                assert_eq!(*players, n, "a start for another table");
                at(n, *first_bidder);
            }
            E::PhaseStarted(Phase::Auction { first_bidder, .. }) => at(n, *first_bidder),
            E::PhaseStarted(Phase::Distribution { winner, .. }) => at(n, *winner),
            E::PhaseStarted(_) | E::NoSale | E::GoblinDeckShuffled { .. } => {}
            E::CardRevealed { card, zone: z } => {
                let _ = deck.def(*card);
                zone(z);
            }
            E::CardMoved { card, from, to } => {
                let _ = deck.def(*card);
                zone(from);
                zone(to);
            }
            E::CoinsMoved { from, to, .. } => {
                account(from);
                account(to);
            }
            E::BidMade { seat, .. } | E::Passed { seat } => at(n, *seat),
            E::GameOver { scores, breakdown } => {
                results(n, scores);
                (0..n).for_each(|s| {
                    let _ = &breakdown[s];
                });
            }
        }
    }

    fn extras(&self) {
        let _ = (self.basic_card_census(), self.goblin_census());
        for s in (0..self.players()).map(Some).chain([None]) {
            let _ = self.view(s).unseen_basic(self.decktet());
        }
    }
}

#[cfg(feature = "test-game")]
impl Extras for come_buy_engine::goofspiel::Goofspiel {
    fn effect_extras(&self, effect: &come_buy_engine::goofspiel::Effect) {
        use come_buy_engine::goofspiel::Effect as E;
        let n = self.players();
        match effect {
            E::PrizeTurned { .. } => {}
            E::BidHidden { seat, .. } => at(n, *seat),
            E::BidsShown { bids } => (0..n).for_each(|s| {
                let _ = bids[s];
            }),
            E::PrizeTaken { seat, .. } => seat.iter().for_each(|&s| at(n, s)),
            E::Ended { points } => (0..n).for_each(|s| {
                let _ = points[s];
            }),
        }
    }

    fn extras(&self) {
        let v = self.view(None);
        (0..self.players()).for_each(|s| {
            let _ = (v.points(s), &v.unshown[s], v.has_bid[s]);
        });
        if let Some(scores) = self.scores() {
            results(self.players(), &scores);
        }
    }
}
