//! How a game of Mýkonos moves: the round's stages, the workers' placements, the purchases,
//! the sales, the income and the end of a round (the game's private steps; `Game` is in
//! `mod.rs`).

use super::*;

impl Mykonos {
    /// A new match with these rules (refused if they fail [`Validate`]).
    pub fn with_rules(cfg: Arc<Config>, setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        setup.check_variants(&[])?;
        let problems = cfg.problems();
        if !problems.is_empty() {
            return Err(RuleError::BadData {
                problem: format!("the rules are inconsistent: {}", problems.join("; ")),
            });
        }
        let n = setup.players;
        if n < cfg.min_players || n > cfg.max_players {
            return Err(RuleError::PlayerCount {
                min: cfg.min_players,
                max: cfg.max_players,
                got: n,
            });
        }
        let mut rng = Rng::new(setup.seed);
        let cards = cfg.deck_for(n);
        let mut deck = cards.clone();
        rng.shuffle(&mut deck);
        let start = rng.below(n);
        let mut g = Mykonos::empty(cfg, n, cards, deck, start);
        let mut fx = vec![Effect::GameStarted {
            players: n,
            start_player: start,
            deck: g.deck.len(),
        }];
        for s in 0..n {
            let amount = g.cfg.starting_money;
            g.pay(
                Account::Bank,
                Account::Player(s),
                amount,
                CoinReason::StartingMoney,
                &mut fx,
            );
        }
        for _ in 0..g.cfg.secret_cards {
            for k in 0..n {
                let seat = (start + k) % n;
                let card = g.deck.pop().expect("the deck was checked to deal");
                g.hands[seat].push(card);
                fx.push(Effect::Dealt {
                    seat,
                    card: Some(card),
                });
            }
        }
        g.begin_round(&mut fx);
        Ok((g, fx))
    }

    pub(super) fn empty(
        cfg: Arc<Config>,
        n: usize,
        cards: Vec<Card>,
        deck: Vec<Card>,
        start: Seat,
    ) -> Self {
        Mykonos {
            removed_ranks: cfg.removed_ranks(n),
            players: n,
            cards,
            deck,
            hands: vec![Vec::new(); n],
            known: vec![Vec::new(); n],
            money: vec![0; n],
            row: Vec::new(),
            queues: Vec::new(),
            discard: Vec::new(),
            round: 0,
            start_player: start,
            bought: vec![false; n],
            workers_left: vec![0; n],
            neutral_left: 0,
            bank_out: 0,
            bank_in: 0,
            stage: Stage::Over(FinalScores::rank(vec![0; n], vec![0; n], true)),
            cfg,
        }
    }

    /// A match from an arranged table: the draw pile given top first, hands and money given;
    /// cards of the player count's deck in neither lie face up on the discard pile. The first
    /// round starts at once.
    pub fn from_scenario(sc: &Scenario) -> Result<(Self, Vec<Effect>), RuleError> {
        let cfg = config();
        let n = sc.players;
        let bad = |problem: String| Err(RuleError::BadData { problem });
        if n < cfg.min_players || n > cfg.max_players {
            return bad(format!(
                "a scenario needs {}-{} players",
                cfg.min_players, cfg.max_players
            ));
        }
        if sc.hands.len() != n || sc.money.len() != n || sc.start_player >= n {
            return bad("hands, money and start_player must fit the number of players".into());
        }
        let cards = cfg.deck_for(n);
        let mut seen = [false; Card::COUNT];
        for &c in sc.deck.iter().chain(sc.hands.iter().flatten()) {
            if !cards.contains(&c) || std::mem::replace(&mut seen[c.id() as usize], true) {
                return bad(format!(
                    "card {c} is not in the {n}-player deck or is placed twice"
                ));
            }
        }
        let deck = sc.deck.iter().rev().copied().collect();
        let mut g = Mykonos::empty(cfg, n, cards.clone(), deck, sc.start_player);
        g.hands = sc.hands.clone();
        g.money = sc.money.clone();
        g.bank_out = sc.money.iter().map(|&m| m as u64).sum();
        g.discard = cards
            .into_iter()
            .filter(|c| !seen[c.id() as usize])
            .collect();
        let mut fx = vec![Effect::GameStarted {
            players: n,
            start_player: sc.start_player,
            deck: g.deck.len(),
        }];
        g.begin_round(&mut fx);
        Ok((g, fx))
    }

    /// The rules in force.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// Each player's money.
    pub fn money(&self) -> &[u32] {
        &self.money
    }

    /// Every hand, secret cards included (for tests and tools; players see [`Game::view`]).
    pub fn hands(&self) -> &[Vec<Card>] {
        &self.hands
    }

    /// The current round (1 for the first).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The phase the game waits in.
    pub fn phase(&self) -> Phase {
        match self.stage {
            Stage::Demand { .. } => Phase::Demand,
            Stage::Purchases { .. } => Phase::Purchases,
            Stage::Sales { .. } => Phase::Sales,
            Stage::Discarding { .. } => Phase::EndOfRound,
            Stage::Over(_) => Phase::GameOver,
        }
    }

    /// (money the bank paid out, money it took in) since the start.
    pub fn bank_ledger(&self) -> (u64, u64) {
        (self.bank_out, self.bank_in)
    }

    /// Every card of this game's deck with the zone it lies in (each exactly once).
    pub fn card_census(&self) -> Vec<(Card, Zone)> {
        let mut v: Vec<(Card, Zone)> = Vec::with_capacity(self.cards.len());
        v.extend(self.deck.iter().map(|&c| (c, Zone::Deck)));
        for (slot, c) in self.row.iter().enumerate() {
            v.extend(c.iter().map(|&c| (c, Zone::Row(slot))));
        }
        for (s, hand) in self.hands.iter().enumerate() {
            v.extend(hand.iter().map(|&c| (c, Zone::Hand(s))));
        }
        v.extend(self.discard.iter().map(|&c| (c, Zone::Discard)));
        v
    }

    /// The cards this game is played with, in id order.
    pub fn cards_in_play(&self) -> &[Card] {
        &self.cards
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
        if crate::money::transfer(&mut self.money, bank, (from, to), amount) {
            fx.push(Effect::CoinsMoved {
                from,
                to,
                amount,
                reason,
            });
        }
    }

    pub(super) fn seat_at(&self, k: usize) -> Seat {
        (self.start_player + k) % self.players
    }

    /// The Demand's order: clockwise from the start player; two players alternate and, on
    /// the 2nd to (neutral + 1)-th turns, each also places a neutral worker right after their
    /// own (A; B, B neutral; A, A neutral; B, B neutral; A, A neutral; B; A; B).
    pub(super) fn schedule(&self) -> Vec<Placement> {
        let n = self.players;
        let neutral = self.cfg.neutral_for(n);
        let mut v = Vec::new();
        for t in 0..self.cfg.workers * n {
            let by = self.seat_at(t);
            v.push(Placement {
                by,
                worker: Worker::Player(by),
            });
            if t >= 1 && t <= neutral {
                v.push(Placement {
                    by,
                    worker: Worker::Neutral,
                });
            }
        }
        v
    }

    pub(super) fn begin_round(&mut self, fx: &mut Vec<Effect>) {
        let k = self.cfg.row_size(self.players);
        if self.deck.len() < k {
            self.end_game(fx);
            return;
        }
        self.round += 1;
        self.bought.fill(false);
        self.workers_left.fill(self.cfg.workers);
        self.neutral_left = self.cfg.neutral_for(self.players);
        self.row.clear();
        self.queues.resize_with(k, Vec::new);
        self.queues.iter_mut().for_each(Vec::clear);
        fx.push(Effect::RoundStarted {
            round: self.round,
            start_player: self.start_player,
        });
        fx.push(Effect::PhaseStarted(Phase::Offer));
        for slot in 0..k {
            let card = self.deck.pop().expect("the deck holds a full row");
            self.row.push(Some(card));
            fx.push(Effect::Offered { slot, card });
        }
        fx.push(Effect::PhaseStarted(Phase::Demand));
        self.stage = Stage::Demand {
            schedule: self.schedule(),
            next: 0,
        };
    }

    /// Settles the row from `slot` on: neutral workers first in a queue pass, cards without
    /// workers are discarded; stops at the first player who must decide.
    pub(super) fn settle_from(&mut self, mut slot: usize, fx: &mut Vec<Effect>) {
        while slot < self.row.len() {
            match self.queues[slot].first() {
                Some(Worker::Player(_)) => {
                    self.stage = Stage::Purchases { slot };
                    return;
                }
                Some(Worker::Neutral) => {
                    self.queues[slot].remove(0);
                    fx.push(Effect::WorkerPassed {
                        slot,
                        worker: Worker::Neutral,
                    });
                }
                None => {
                    if let Some(card) = self.row[slot].take() {
                        self.discard.push(card);
                        fx.push(Effect::Unsold { slot, card });
                    }
                    slot += 1;
                }
            }
        }
        fx.push(Effect::PhaseStarted(Phase::Sales));
        self.sales_from(0, fx);
    }

    /// The Sales from the `k`-th seat on: empty hands sell nothing.
    pub(super) fn sales_from(&mut self, mut k: usize, fx: &mut Vec<Effect>) {
        while k < self.players {
            let seat = self.seat_at(k);
            if !self.hands[seat].is_empty() {
                self.stage = Stage::Sales { k };
                return;
            }
            fx.push(Effect::NoSale { seat });
            k += 1;
        }
        self.income(fx);
    }

    pub(super) fn income(&mut self, fx: &mut Vec<Effect>) {
        fx.push(Effect::PhaseStarted(Phase::Income));
        let rule = self.cfg.income.clone();
        for k in 0..self.players {
            let seat = self.seat_at(k);
            let face_cards: Vec<Card> = self.hands[seat]
                .iter()
                .copied()
                .filter(|c| c.is_face())
                .collect();
            for &c in &face_cards {
                if !self.known[seat].contains(&c) {
                    self.known[seat].push(c);
                }
            }
            let no_purchase = if self.bought[seat] {
                0
            } else {
                rule.no_purchase
            };
            let face_money = face_cards.len() as u32 * rule.per_face_card;
            let total = rule.base + no_purchase + face_money;
            fx.push(Effect::Income {
                seat,
                base: rule.base,
                no_purchase,
                face_cards,
                face_money,
                total,
            });
            self.pay(
                Account::Bank,
                Account::Player(seat),
                total,
                CoinReason::Income,
                fx,
            );
        }
        fx.push(Effect::PhaseStarted(Phase::EndOfRound));
        let from = self.start_player;
        self.start_player = (from + 1) % self.players;
        fx.push(Effect::MarkerPassed {
            from,
            to: self.start_player,
        });
        self.discards_from(0, fx);
    }

    /// The End of round's discards from the `k`-th seat (from the new start player) on.
    pub(super) fn discards_from(&mut self, mut k: usize, fx: &mut Vec<Effect>) {
        while k < self.players {
            if self.hands[self.seat_at(k)].len() > self.cfg.hand_limit {
                self.stage = Stage::Discarding { k };
                return;
            }
            k += 1;
        }
        self.begin_round(fx);
    }

    pub(super) fn end_game(&mut self, fx: &mut Vec<Effect>) {
        let face_cards: Vec<Vec<Card>> = self
            .hands
            .iter()
            .map(|h| h.iter().copied().filter(|c| c.is_face()).collect())
            .collect();
        for (seat, faces) in face_cards.iter().enumerate() {
            for &c in faces {
                if !self.known[seat].contains(&c) {
                    self.known[seat].push(c);
                }
            }
        }
        let scores = FinalScores::rank(
            self.money.iter().map(|&m| m as i64).collect(),
            face_cards.iter().map(|f| f.len() as i64).collect(),
            true,
        );
        fx.push(Effect::GameOver {
            money: self.money.clone(),
            face_cards,
            winners: scores.winners.clone(),
        });
        self.stage = Stage::Over(scores);
    }

    pub(super) fn remove_from_hand(&mut self, seat: Seat, card: Card) {
        self.hands[seat].retain(|&c| c != card);
        self.known[seat].retain(|&c| c != card);
    }

    /// Checks an action without changing anything.
    pub(super) fn validate(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        check_turn(self.current_player(), seat, self.players)?;
        let wrong = |action: &'static str, expected: &'static str| {
            Err(RuleError::WrongMoment { action, expected })
        };
        let name = match action {
            Action::Place { .. } => "move-place-worker",
            Action::Buy | Action::Pass => "move-buy-or-pass",
            Action::Sell { .. } | Action::NoSale => "move-sell",
            Action::Discard { .. } => "move-discard",
        };
        match (&self.stage, action) {
            (Stage::Demand { .. }, Action::Place { slot }) => {
                let Some(q) = self.queues.get(*slot) else {
                    return Err(RuleError::Forbidden(
                        Text::new("forbid-no-such-slot")
                            .num("slot", *slot as i64)
                            .num("slots", self.row.len() as i64),
                    ));
                };
                if q.len() >= self.cfg.max_workers_per_card {
                    return Err(RuleError::Forbidden(
                        Text::new("forbid-card-full")
                            .num("slot", *slot as i64)
                            .num("workers", q.len() as i64),
                    ));
                }
                Ok(())
            }
            (Stage::Demand { .. }, _) => wrong(name, "moment-place-worker"),
            (Stage::Purchases { slot }, Action::Buy) => {
                let price = self.queues[*slot].len() as u32;
                if self.money[seat] < price {
                    return Err(RuleError::Forbidden(
                        Text::new("forbid-cannot-afford")
                            .num("price", price)
                            .num("money", self.money[seat]),
                    ));
                }
                Ok(())
            }
            (Stage::Purchases { .. }, Action::Pass) => Ok(()),
            (Stage::Purchases { .. }, _) => wrong(name, "moment-buy-or-pass"),
            (Stage::Sales { .. }, Action::NoSale) => Ok(()),
            (Stage::Sales { .. }, Action::Sell { cards }) => {
                let hand = &self.hands[seat];
                if let Some(c) = cards.iter().find(|c| !hand.contains(c)) {
                    return Err(RuleError::CardNotAvailable {
                        card: c.id().into(),
                    });
                }
                let Some(category) = hands::classify(cards) else {
                    return Err(RuleError::Forbidden(
                        Text::new("forbid-not-a-combination").raw("cards", shown(cards)),
                    ));
                };
                if !hands::is_canonical(cards) {
                    return Err(RuleError::Forbidden(
                        Text::new("forbid-not-canonical")
                            .text("hand", category.text())
                            .raw("cards", shown(&hands::canonical(cards))),
                    ));
                }
                Ok(())
            }
            (Stage::Sales { .. }, _) => wrong(name, "moment-sell"),
            (Stage::Discarding { .. }, Action::Discard { card }) => {
                if self.hands[seat].contains(card) {
                    Ok(())
                } else {
                    Err(RuleError::CardNotAvailable {
                        card: card.id().into(),
                    })
                }
            }
            (Stage::Discarding { .. }, _) => wrong(name, "moment-discard"),
            (Stage::Over(_), _) => Err(RuleError::GameOver),
        }
    }
}
