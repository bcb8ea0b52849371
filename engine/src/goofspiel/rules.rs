//! Goofspiel's rules: the engine's [`Game`] and [`Search`] for [`Goofspiel`].

use super::{Action, Effect, Goofspiel, View, config};
use crate::game::{FinalScores, Game, RuleError, Search, Seat, Setup, check_turn};
use crate::rng::Rng;
use crate::world::{self, Census};

impl Goofspiel {
    /// Turns the next prize up, or ends the game when none is left.
    fn turn_prize(&mut self, fx: &mut Vec<Effect>) {
        match self.pile.pop() {
            Some(card) => {
                self.prize = Some(card);
                fx.push(Effect::PrizeTurned {
                    card,
                    left: self.pile.len(),
                });
            }
            None => {
                self.prize = None;
                fx.push(Effect::Ended {
                    points: (0..self.players).map(|s| self.points(s)).collect(),
                });
            }
        }
    }

    fn points(&self, seat: Seat) -> i64 {
        self.won[seat].iter().map(|&c| i64::from(c)).sum()
    }

    /// Shows the round's bids and hands the prize to the one highest bid.
    fn settle(&mut self, prize: u8, fx: &mut Vec<Effect>) {
        let bids: Vec<u8> = self.bids.iter().map(|b| b.unwrap_or(0)).collect();
        fx.push(Effect::BidsShown { bids: bids.clone() });
        let high = bids.iter().copied().max().unwrap_or(0);
        let top: Vec<Seat> = (0..self.players).filter(|&s| bids[s] == high).collect();
        let seat = (top.len() == 1).then(|| top[0]);
        match seat {
            Some(s) => self.won[s].push(prize),
            None => self.set_aside.push(prize),
        }
        fx.push(Effect::PrizeTaken { seat, card: prize });
        for (s, b) in bids.into_iter().enumerate() {
            self.spent[s].push(b);
        }
        self.bids = vec![None; self.players];
        self.turn_prize(fx);
    }
}

impl Game for Goofspiel {
    type Action = Action;
    type Effect = Effect;
    type View = View;
    const ID: &'static str = "goofspiel";

    fn start(setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        let cfg = config();
        if !(cfg.min_players..=cfg.max_players).contains(&setup.players) {
            return Err(RuleError::PlayerCount {
                min: cfg.min_players,
                max: cfg.max_players,
                got: setup.players,
            });
        }
        setup.check_variants(&[])?;
        let n = setup.players;
        let mut pile: Vec<u8> = (1..=cfg.cards).collect();
        Rng::new(setup.seed).shuffle(&mut pile);
        let mut g = Goofspiel {
            players: n,
            cards: cfg.cards,
            hands: vec![(1..=cfg.cards).collect(); n],
            pile,
            prize: None,
            bids: vec![None; n],
            spent: vec![Vec::new(); n],
            won: vec![Vec::new(); n],
            set_aside: Vec::new(),
        };
        let mut fx = Vec::new();
        g.turn_prize(&mut fx);
        Ok((g, fx))
    }

    fn players(&self) -> usize {
        self.players
    }

    fn check(&self) -> Result<(), RuleError> {
        let n = self.players;
        let cfg = config();
        world::players(n, cfg.min_players..=cfg.max_players)?;
        world::ensure(self.cards == cfg.cards, || {
            format!("{} cards a hand", self.cards)
        })?;
        world::per_seat("hands", self.hands.len(), n)?;
        world::per_seat("bids", self.bids.len(), n)?;
        world::per_seat("spent", self.spent.len(), n)?;
        world::per_seat("won", self.won.len(), n)?;
        // Each seat's numbers, and the prizes, once each: ids 1 to N (no card 0).
        let census = || Census::new(usize::from(self.cards) + 1, |id| id >= 1);
        let ids = |cards: &[u8]| cards.iter().map(|&c| usize::from(c)).collect::<Vec<_>>();
        for s in 0..n {
            let mut seat = census();
            seat.place_all(ids(&self.hands[s]), format!("seat {s}'s hand"))?;
            seat.place_all(self.bids[s].map(usize::from), format!("seat {s}'s bid"))?;
            seat.place_all(ids(&self.spent[s]), format!("seat {s}'s spent cards"))?;
            seat.complete()?;
            world::ensure(self.spent[s].len() == self.spent[0].len(), || {
                format!("seat {s} bid in another number of rounds")
            })?;
        }
        let mut prizes = census();
        prizes.place_all(ids(&self.pile), "the prize pile")?;
        prizes.place_all(self.prize.map(usize::from), "the prize up")?;
        prizes.place_all(ids(&self.set_aside), "the prizes set aside")?;
        for (s, won) in self.won.iter().enumerate() {
            prizes.place_all(ids(won), format!("seat {s}'s prizes"))?;
        }
        prizes.complete()?;
        let taken = self.set_aside.len() + self.won.iter().map(Vec::len).sum::<usize>();
        world::ensure(taken == self.spent[0].len(), || {
            format!("{taken} prizes taken after {} rounds", self.spent[0].len())
        })?;
        world::ensure(
            self.prize.is_some() || (self.pile.is_empty() && self.bids.iter().all(Option::is_none)),
            || "no prize up with prizes or bids left".into(),
        )
    }

    fn current_player(&self) -> Option<Seat> {
        self.prize?;
        self.bids.iter().position(Option::is_none)
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.current_player() {
            Some(s) => self.hands[s]
                .iter()
                .map(|&card| Action::Bid { card })
                .collect(),
            None => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Effect>, RuleError> {
        let mut fx = Vec::new();
        self.apply_into(seat, action, &mut fx)?;
        Ok(fx)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let own = seat.filter(|&s| s < self.players);
        let unshown = (0..self.players)
            .map(|s| {
                let mut v: Vec<u8> = self.hands[s].iter().copied().chain(self.bids[s]).collect();
                v.sort_unstable();
                v
            })
            .collect();
        View {
            seat: own,
            players: self.players,
            hand: own.map(|s| self.hands[s].clone()).unwrap_or_default(),
            my_bid: own.and_then(|s| self.bids[s]),
            unshown,
            has_bid: self.bids.iter().map(Option::is_some).collect(),
            prize: self.prize,
            pile_left: self.pile.len(),
            won: self.won.clone(),
            set_aside: self.set_aside.clone(),
        }
    }

    fn scores(&self) -> Option<FinalScores> {
        if self.prize.is_some() {
            return None;
        }
        let points = (0..self.players).map(|s| self.points(s)).collect();
        Some(FinalScores::rank(points, vec![0; self.players], false))
    }

    fn redact(effect: &Effect, seat: Option<Seat>) -> Effect {
        match effect {
            Effect::BidHidden { seat: s, card } => Effect::BidHidden {
                seat: *s,
                card: card.filter(|_| seat == Some(*s)),
            },
            e => e.clone(),
        }
    }

    fn reveals(effect: &Effect, seat: Seat) -> bool {
        match effect {
            Effect::PrizeTurned { .. } | Effect::BidsShown { .. } => true,
            // Another seat's choice, made where this one cannot see it.
            Effect::BidHidden { seat: s, .. } => *s != seat,
            Effect::PrizeTaken { .. } | Effect::Ended { .. } => false,
        }
    }

    fn check_effect(&self, effect: &Effect) -> Result<(), RuleError> {
        let card_ok = |c: u8| (1..=self.cards).contains(&c);
        let ok = match effect {
            Effect::PrizeTurned { card, left } => card_ok(*card) && *left < usize::from(self.cards),
            Effect::BidHidden { seat, card } => *seat < self.players && card.is_none_or(card_ok),
            Effect::BidsShown { bids } => {
                bids.len() == self.players && bids.iter().all(|&c| card_ok(c))
            }
            Effect::PrizeTaken { seat, card } => {
                seat.is_none_or(|s| s < self.players) && card_ok(*card)
            }
            Effect::Ended { points } => points.len() == self.players,
        };
        world::ensure(ok, || format!("an effect out of bounds: {effect:?}"))
    }
}

impl Search for Goofspiel {
    fn determinize(&self, seat: Seat, rng: &mut Rng) -> Self {
        let mut g = self.clone();
        // The face-down prizes, in an order nobody knows.
        g.pile.sort_unstable();
        rng.shuffle(&mut g.pile);
        // Another seat's face-down bid: any card it has not shown.
        for s in (0..g.players).filter(|&s| s != seat) {
            if let Some(b) = g.bids[s] {
                let mut pool = g.hands[s].clone();
                pool.push(b);
                pool.sort_unstable();
                let pick = pool.remove(rng.below(pool.len()));
                g.bids[s] = Some(pick);
                g.hands[s] = pool;
            }
        }
        g
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        fx: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        fx.clear();
        let seat = check_turn(self.current_player(), seat, self.players)?;
        let Action::Bid { card } = *action;
        let Some(i) = self.hands[seat].iter().position(|&c| c == card) else {
            return Err(RuleError::CardNotAvailable {
                card: u32::from(card),
            });
        };
        let Some(prize) = self.prize else {
            return Err(RuleError::GameOver);
        };
        self.hands[seat].remove(i);
        self.bids[seat] = Some(card);
        fx.push(Effect::BidHidden {
            seat,
            card: Some(card),
        });
        if self.bids.iter().all(Option::is_some) {
            self.settle(prize, fx);
        }
        Ok(())
    }
}
