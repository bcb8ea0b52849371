//! How a game of Goblin Market moves: auctions, bids and passes, the winner's share, the
//! goblins' offers and the end's suit majorities (the game's private steps; `Game` is in
//! `mod.rs`).

use super::*;

impl GoblinMarket {
    pub fn with_rules(
        cfg: Arc<Config>,
        deck: Arc<Decktet>,
        setup: &Setup,
    ) -> Result<(Self, Vec<Effect>), RuleError> {
        setup.check_variants(&[VARIANT_SHARED_TIES])?;
        let n = setup.players;
        if n < cfg.min_players || n > cfg.max_players {
            return Err(RuleError::PlayerCount {
                min: cfg.min_players,
                max: cfg.max_players,
                got: n,
            });
        }
        let mut rng = Rng::new(setup.seed);
        let mut auction_deck = deck.basic();
        rng.shuffle(&mut auction_deck);
        let mut goblin_deck = deck.pawns_and_courts();
        rng.shuffle(&mut goblin_deck);
        let first = rng.below(n);
        let use_tiebreak =
            cfg.tie_break == TieBreak::MostPositive && !setup.has(VARIANT_SHARED_TIES);
        let mut g = GoblinMarket {
            cfg,
            deck,
            rng,
            players: n,
            use_tiebreak,
            coins: vec![0; n],
            owned: vec![Vec::new(); n],
            auction_deck,
            goblin_deck,
            goblin_used: Vec::new(),
            goblin_face: None,
            size_card: None,
            row: Vec::new(),
            set_aside: Vec::new(),
            discard: Vec::new(),
            bank_out: 0,
            bank_in: 0,
            auction_number: 0,
            first_bidder: first,
            received: vec![false; n],
            stage: Stage::Over(FinalScores::rank(vec![0; n], vec![0; n], false)),
        };
        let mut fx = vec![Effect::GameStarted {
            players: n,
            first_bidder: first,
        }];
        for s in 0..n {
            let amount = g.cfg.starting_coins;
            g.pay(
                Account::Bank,
                Account::Player(s),
                amount,
                CoinReason::StartingCoins,
                &mut fx,
            );
        }
        g.start_auction(&mut fx);
        Ok((g, fx))
    }

    /// A match from an arranged table (tests, tutorials, challenges): decks given top first,
    /// holdings and coins given; basic cards in neither deck nor hand are set aside.
    pub fn from_scenario(sc: &Scenario) -> Result<(Self, Vec<Effect>), RuleError> {
        let deck = decktet();
        let cfg = config();
        let n = sc.players;
        let bad = |problem: String| Err(RuleError::BadData { problem });
        if n < cfg.min_players || n > cfg.max_players {
            return bad(format!(
                "a scenario needs {}-{} players",
                cfg.min_players, cfg.max_players
            ));
        }
        if sc.coins.len() != n || sc.owned.len() != n || sc.first_bidder >= n {
            return bad("coins, owned and first_bidder must fit the number of players".into());
        }
        let basic = deck.basic();
        let mut seen = vec![false; deck.cards.len()];
        for &c in sc.auction_deck.iter().chain(sc.owned.iter().flatten()) {
            if !basic.contains(&c) || std::mem::replace(&mut seen[c.0 as usize], true) {
                return bad(format!("card {c} is not a basic card or is placed twice"));
            }
        }
        if sc.auction_deck.is_empty() {
            return bad("the Auction Deck is empty".into());
        }
        let mut goblins = sc.goblin_deck.clone();
        goblins.sort();
        if goblins != deck.pawns_and_courts() {
            return bad("the Goblin Deck must hold the 8 Pawns and Courts once each".into());
        }
        let (mut g, _) = GoblinMarket::with_rules(cfg, deck, &Setup::new(n, sc.seed))?;
        g.row.clear();
        g.size_card = None;
        g.auction_deck = sc.auction_deck.iter().rev().copied().collect();
        g.goblin_deck = sc.goblin_deck.iter().rev().copied().collect();
        g.set_aside = basic.into_iter().filter(|c| !seen[c.0 as usize]).collect();
        g.owned = sc.owned.clone();
        g.coins = sc.coins.clone();
        g.bank_out = sc.coins.iter().map(|&c| c as u64).sum();
        g.first_bidder = sc.first_bidder;
        g.auction_number = 0;
        let mut fx = vec![Effect::GameStarted {
            players: n,
            first_bidder: sc.first_bidder,
        }];
        g.start_auction(&mut fx);
        Ok((g, fx))
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn decktet(&self) -> &Arc<Decktet> {
        &self.deck
    }

    pub fn coins(&self) -> &[u32] {
        &self.coins
    }

    pub fn owned(&self) -> &[Vec<Card>] {
        &self.owned
    }

    /// (coins the bank paid out, coins it took in) since the start.
    pub fn bank_ledger(&self) -> (u64, u64) {
        (self.bank_out, self.bank_in)
    }

    /// Every basic card with the zone it lies in (the property tests check all 36 are here once).
    pub fn basic_card_census(&self) -> Vec<(Card, Zone)> {
        let mut v: Vec<(Card, Zone)> = Vec::new();
        v.extend(self.auction_deck.iter().map(|&c| (c, Zone::AuctionDeck)));
        v.extend(self.size_card.iter().map(|&c| (c, Zone::SizeCard)));
        v.extend(self.row.iter().map(|&c| (c, Zone::AuctionRow)));
        for (s, cards) in self.owned.iter().enumerate() {
            v.extend(cards.iter().map(|&c| (c, Zone::Player(s))));
        }
        v.extend(self.set_aside.iter().map(|&c| (c, Zone::SetAside)));
        v.extend(self.discard.iter().map(|&c| (c, Zone::Discard)));
        v
    }

    /// Every Goblin card with its zone (always all 8).
    pub fn goblin_census(&self) -> Vec<(Card, Zone)> {
        let mut v: Vec<(Card, Zone)> = Vec::new();
        v.extend(self.goblin_deck.iter().map(|&c| (c, Zone::GoblinDeck)));
        v.extend(self.goblin_face.iter().map(|&c| (c, Zone::GoblinReveal)));
        v.extend(self.goblin_used.iter().map(|&c| (c, Zone::GoblinUsed)));
        v
    }

    pub(super) fn pay(
        &mut self,
        from: Account,
        to: Account,
        amount: u32,
        reason: CoinReason,
        fx: &mut Vec<Effect>,
    ) {
        let bank = (&mut self.bank_out, &mut self.bank_in);
        if crate::money::transfer(&mut self.coins, bank, (from, to), amount) {
            fx.push(Effect::CoinsMoved {
                from,
                to,
                amount,
                reason,
            });
        }
    }

    pub(super) fn lot_size(&self, size_card: Card) -> usize {
        let s = &self.cfg.auction_size;
        match self.deck.def(size_card).rank {
            Rank::Ace => s.ace,
            Rank::Crown => s.crown,
            _ => s.number,
        }
    }

    pub(super) fn start_auction(&mut self, fx: &mut Vec<Effect>) {
        self.auction_number += 1;
        self.received.fill(false);
        let lot = if self.auction_deck.len() >= self.cfg.size_card_min_deck {
            let card = self.auction_deck.pop().expect("deck has cards");
            self.size_card = Some(card);
            fx.push(Effect::CardMoved {
                card,
                from: Zone::AuctionDeck,
                to: Zone::SizeCard,
            });
            fx.push(Effect::CardRevealed {
                card,
                zone: Zone::SizeCard,
            });
            self.lot_size(card).min(self.auction_deck.len())
        } else {
            self.auction_deck.len()
        };
        fx.push(Effect::PhaseStarted(Phase::Auction {
            number: self.auction_number,
            first_bidder: self.first_bidder,
            lot,
        }));
        for _ in 0..lot {
            let card = self.auction_deck.pop().expect("lot fits the deck");
            self.row.push(card);
            fx.push(Effect::CardMoved {
                card,
                from: Zone::AuctionDeck,
                to: Zone::AuctionRow,
            });
            fx.push(Effect::CardRevealed {
                card,
                zone: Zone::AuctionRow,
            });
        }
        self.stage = Stage::Bidding {
            to_act: self.first_bidder,
            high: None,
            out: vec![false; self.players],
            best: vec![None; self.players],
        };
    }

    /// Gives `card` from the row to `seat`, who pays their bid.
    pub(super) fn hand_out(&mut self, seat: Seat, bid: u32, cards: &[Card], fx: &mut Vec<Effect>) {
        self.pay(
            Account::Player(seat),
            Account::Bank,
            bid,
            CoinReason::BidPaid,
            fx,
        );
        for &card in cards {
            self.row.retain(|&c| c != card);
            self.owned[seat].push(card);
            fx.push(Effect::CardMoved {
                card,
                from: Zone::AuctionRow,
                to: Zone::Player(seat),
            });
        }
        self.received[seat] = true;
    }

    /// After the winner took one card: later-ranked bidders take theirs; a bidder facing a
    /// single card takes it; a choice among several waits for their action.
    pub(super) fn continue_distribution(
        &mut self,
        ranking: Vec<(Seat, u32)>,
        mut next: usize,
        fx: &mut Vec<Effect>,
    ) {
        while !self.row.is_empty() && next < ranking.len() {
            let (seat, bid) = ranking[next];
            if self.row.len() == 1 {
                let card = self.row[0];
                self.hand_out(seat, bid, &[card], fx);
                next += 1;
            } else {
                self.stage = Stage::Choosing { ranking, next };
                return;
            }
        }
        let winning_bid = ranking[0].1;
        self.discard_row(fx);
        self.finish_auction(Some((ranking[0].0, winning_bid)), fx);
    }

    pub(super) fn discard_row(&mut self, fx: &mut Vec<Effect>) {
        for card in std::mem::take(&mut self.row) {
            self.discard.push(card);
            fx.push(Effect::CardMoved {
                card,
                from: Zone::AuctionRow,
                to: Zone::Discard,
            });
        }
    }

    /// Sisterhood and goblin money (when someone won), then the next auction or the end.
    pub(super) fn finish_auction(&mut self, won: Option<(Seat, u32)>, fx: &mut Vec<Effect>) {
        if let Some((winner, bid)) = won {
            let rank = rank_of_bid(bid);
            fx.push(Effect::PhaseStarted(Phase::Sisterhood { rank }));
            for s in 0..self.players {
                if !self.received[s] {
                    let amount =
                        sisterhood_for(&self.deck, &self.owned[s], rank, &self.cfg.sisterhood);
                    self.pay(
                        Account::Bank,
                        Account::Player(s),
                        amount,
                        CoinReason::Sisterhood,
                        fx,
                    );
                }
            }
            self.reveal_goblin(fx);
            self.first_bidder = winner;
        }
        if let Some(card) = self.size_card.take() {
            self.set_aside.push(card);
            fx.push(Effect::CardMoved {
                card,
                from: Zone::SizeCard,
                to: Zone::SetAside,
            });
        }
        if self.auction_deck.is_empty() {
            self.end_game(fx);
        } else {
            self.start_auction(fx);
        }
    }

    pub(super) fn reveal_goblin(&mut self, fx: &mut Vec<Effect>) {
        fx.push(Effect::PhaseStarted(Phase::GoblinMoney));
        if let Some(old) = self.goblin_face.take() {
            self.goblin_used.push(old);
            fx.push(Effect::CardMoved {
                card: old,
                from: Zone::GoblinReveal,
                to: Zone::GoblinUsed,
            });
        }
        let Some(card) = self.goblin_deck.pop() else {
            return; // unreachable: the deck is refilled as soon as it empties
        };
        self.goblin_face = Some(card);
        fx.push(Effect::CardMoved {
            card,
            from: Zone::GoblinDeck,
            to: Zone::GoblinReveal,
        });
        fx.push(Effect::CardRevealed {
            card,
            zone: Zone::GoblinReveal,
        });
        for s in 0..self.players {
            let amount = goblin_money_for(
                &self.deck,
                &self.owned[s],
                card,
                self.cfg.goblin_coins_per_suit,
            );
            self.pay(
                Account::Bank,
                Account::Player(s),
                amount,
                CoinReason::GoblinMoney,
                fx,
            );
        }
        if self.goblin_deck.is_empty() {
            let mut all = std::mem::take(&mut self.goblin_used);
            for c in &all {
                fx.push(Effect::CardMoved {
                    card: *c,
                    from: Zone::GoblinUsed,
                    to: Zone::GoblinDeck,
                });
            }
            if let Some(face) = self.goblin_face.take() {
                fx.push(Effect::CardMoved {
                    card: face,
                    from: Zone::GoblinReveal,
                    to: Zone::GoblinDeck,
                });
                all.push(face);
            }
            self.rng.shuffle(&mut all);
            self.goblin_deck = all;
            fx.push(Effect::GoblinDeckShuffled {
                cards: self.goblin_deck.len(),
            });
        }
    }

    pub(super) fn end_game(&mut self, fx: &mut Vec<Effect>) {
        fx.push(Effect::PhaseStarted(Phase::Scoring));
        let breakdown: Vec<SuitScore> = self
            .owned
            .iter()
            .map(|cards| suit_score(&self.deck, cards, self.cfg.positive_suits))
            .collect();
        let scores = FinalScores::rank(
            breakdown.iter().map(|b| b.total).collect(),
            breakdown.iter().map(|b| b.plus).collect(),
            self.use_tiebreak,
        );
        self.stage = Stage::Over(scores.clone());
        fx.push(Effect::GameOver { scores, breakdown });
    }

    pub(super) fn next_in(&self, from: Seat, out: &[bool]) -> Option<Seat> {
        (1..=self.players)
            .map(|k| (from + k) % self.players)
            .find(|&s| !out[s])
    }

    /// Checks an action without changing anything.
    pub(super) fn validate(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        check_turn(self.current_player(), seat, self.players)?;
        match (&self.stage, action) {
            (Stage::Bidding { high, .. }, Action::Bid(b)) => {
                let min = high.map_or(1, |(_, h)| h + 1);
                let max = self.coins[seat];
                if *b < min || *b > max {
                    return Err(RuleError::BidOutOfRange { bid: *b, min, max });
                }
                Ok(())
            }
            (Stage::Bidding { .. }, Action::Pass) => Ok(()),
            (Stage::Bidding { .. }, _) => Err(RuleError::WrongMoment {
                action: "move-take-cards",
                expected: "moment-bid-or-pass",
            }),
            (Stage::Choosing { next, .. }, Action::TakeAll) => {
                if *next == 0 {
                    Ok(())
                } else {
                    Err(RuleError::forbid("forbid-take-all-winner-only"))
                }
            }
            (Stage::Choosing { .. }, Action::TakeOne(card)) => {
                if self.row.contains(card) {
                    Ok(())
                } else {
                    Err(RuleError::CardNotAvailable {
                        card: card.0.into(),
                    })
                }
            }
            (Stage::Choosing { next, .. }, _) => Err(RuleError::WrongMoment {
                action: "move-bid",
                expected: if *next == 0 {
                    "moment-take-all-or-one"
                } else {
                    "moment-take-one"
                },
            }),
            (Stage::Over(_), _) => Err(RuleError::GameOver),
        }
    }
}
