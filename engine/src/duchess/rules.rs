//! How a game of the Duchess's Necklace moves: dealing, drawing or taking the discard, the
//! solo's look-and-keep, discarding, and the end with its necklaces (the game's private steps;
//! `Game` is in `mod.rs`).

use super::*;

impl Duchess {
    /// A new match with the given cards and rules (the simulator's design search uses this).
    pub fn with_rules(cfg: Arc<Config>, setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        let n = setup.players;
        if n < cfg.min_players || n > cfg.max_players {
            return Err(RuleError::PlayerCount {
                min: cfg.min_players,
                max: cfg.max_players,
                got: n,
            });
        }
        let opts = Options::from_setup(setup, &cfg)?;
        let mut rng = Rng::new(setup.seed);
        let mut pile = cfg.cards_in_play(opts.rainbow, opts.gold);
        rng.shuffle(&mut pile);
        let start_player = rng.below(n);
        let mut g = Duchess::empty(cfg, opts, n, start_player, pile);
        let mut fx = vec![g.started()];
        let count = g.cfg.removed;
        for _ in 0..count {
            if let Some(c) = g.pile.pop() {
                g.removed.push(c);
            }
        }
        fx.push(Effect::Removed { count });
        if let Some(c) = g.pile.pop() {
            g.common = c;
        }
        fx.push(Effect::CommonRevealed { card: g.common });
        for _ in 0..g.cfg.hand_size {
            for seat in 0..n {
                if let Some(card) = g.pile.pop() {
                    g.hands[seat].push(card);
                    fx.push(Effect::Dealt {
                        seat,
                        card: Some(card),
                    });
                }
            }
        }
        g.first_turn(&mut fx);
        Ok((g, fx))
    }

    pub(super) fn empty(
        cfg: Arc<Config>,
        opts: Options,
        n: usize,
        start: Seat,
        pile: Vec<Card>,
    ) -> Self {
        let common = pile.last().copied().unwrap_or(Card(0));
        Duchess {
            cfg,
            opts,
            players: n,
            start_player: start,
            pile,
            removed: Vec::new(),
            common,
            hands: vec![Vec::new(); n],
            discard: Vec::new(),
            known: vec![Vec::new(); n],
            pair: [None, None],
            looked: None,
            turn: 0,
            turn_began_empty: false,
            after_empty: vec![0; n],
            results: None,
            stage: Stage::Over(FinalScores::rank(vec![0; n], vec![0; n], true)),
            log: Vec::new(),
        }
    }

    pub(super) fn started(&self) -> Effect {
        Effect::GameStarted {
            players: self.players,
            start_player: self.start_player,
            cards: self.pile.len(),
            rainbow: self.opts.rainbow,
            gold: self.opts.gold,
        }
    }

    pub(super) fn first_turn(&mut self, fx: &mut Vec<Effect>) {
        if self.players == 1 {
            self.next_pair(fx);
        } else {
            self.begin_turn(self.start_player, fx);
        }
    }

    /// A match from an arranged table: hands, common card, pile (top first) and discard pile
    /// given; the other cards in play are the removed ones.
    pub fn from_scenario(sc: &Scenario) -> Result<(Self, Vec<Effect>), RuleError> {
        Duchess::from_scenario_with(config(), sc)
    }

    /// [`Duchess::from_scenario`] with the given cards and rules.
    pub fn from_scenario_with(
        cfg: Arc<Config>,
        sc: &Scenario,
    ) -> Result<(Self, Vec<Effect>), RuleError> {
        let bad = |problem: String| Err(RuleError::BadData { problem });
        let n = sc.players;
        if n < cfg.min_players || n > cfg.max_players {
            return bad(format!(
                "a scenario needs {}-{} players",
                cfg.min_players, cfg.max_players
            ));
        }
        let opts = Options::from_setup(
            &Setup {
                players: n,
                seed: 0,
                variants: sc.variants.clone(),
            },
            &cfg,
        )?;
        if sc.hands.len() != n || sc.start_player >= n {
            return bad("hands and start_player must fit the number of players".into());
        }
        if sc.hands.iter().any(|h| h.len() != cfg.hand_size) {
            return bad(format!("every hand holds {} cards", cfg.hand_size));
        }
        if n == 1 && (!sc.discard.is_empty() || !sc.pile.len().is_multiple_of(2)) {
            return bad("solo starts with no discards and an even pile".into());
        }
        let in_play = cfg.cards_in_play(opts.rainbow, opts.gold);
        let mut placed = vec![false; cfg.cards.len()];
        let all = std::iter::once(&sc.common)
            .chain(sc.hands.iter().flatten())
            .chain(&sc.pile)
            .chain(&sc.discard);
        for &c in all {
            if !in_play.contains(&c) || std::mem::replace(&mut placed[c.index()], true) {
                return bad(format!("card {c} is not in play or is placed twice"));
            }
        }
        let mut g = Duchess::empty(cfg, opts, n, sc.start_player, Vec::new());
        g.removed = in_play.into_iter().filter(|c| !placed[c.index()]).collect();
        g.pile = sc.pile.iter().rev().copied().collect();
        g.common = sc.common;
        g.hands = sc.hands.clone();
        g.discard = sc.discard.clone();
        let mut fx = vec![g.started()];
        g.first_turn(&mut fx);
        Ok((g, fx))
    }

    /// The cards and numbers this match plays with.
    pub fn config(&self) -> &Arc<Config> {
        &self.cfg
    }

    /// The rules in force (variants applied).
    pub fn options(&self) -> Options {
        self.opts
    }

    /// Every hand, by seat (the whole truth: for tests and tools, never for a seat's eyes).
    pub fn hands(&self) -> &[Vec<Card>] {
        &self.hands
    }

    /// The common card.
    pub fn common(&self) -> Card {
        self.common
    }

    /// The seat's hand and the common card as a necklace.
    pub fn necklace_of(&self, seat: Seat) -> Necklace {
        let mut cards = self.hands.get(seat).cloned().unwrap_or_default();
        cards.push(self.common);
        necklace(&self.cfg, &cards)
    }

    /// Every card in play with the zone it lies in (the property tests check each is there once).
    pub fn census(&self) -> Vec<(Card, Zone)> {
        let mut v: Vec<(Card, Zone)> = Vec::new();
        v.extend(self.pile.iter().map(|&c| (c, Zone::DrawPile)));
        v.extend(self.removed.iter().map(|&c| (c, Zone::Removed)));
        v.push((self.common, Zone::Common));
        for (s, h) in self.hands.iter().enumerate() {
            v.extend(h.iter().map(|&c| (c, Zone::Hand(s))));
        }
        v.extend(self.discard.iter().map(|&c| (c, Zone::Discard)));
        for (slot, c) in self.pair.iter().enumerate() {
            v.extend(c.iter().map(|&c| (c, Zone::Pair(slot as u8))));
        }
        v
    }

    pub(super) fn begin_turn(&mut self, seat: Seat, fx: &mut Vec<Effect>) {
        self.turn += 1;
        self.turn_began_empty = self.pile.is_empty();
        fx.push(Effect::TurnStarted {
            seat,
            turn: self.turn,
        });
        self.stage = Stage::Take { seat };
    }

    /// Solo: the next pair, or the end when the pile cannot give one.
    pub(super) fn next_pair(&mut self, fx: &mut Vec<Effect>) {
        if self.pile.len() < 2 {
            self.end_game(fx);
            return;
        }
        self.turn += 1;
        fx.push(Effect::TurnStarted {
            seat: 0,
            turn: self.turn,
        });
        self.pair = [self.pile.pop(), self.pile.pop()];
        self.looked = None;
        fx.push(Effect::PairDrawn);
        self.stage = Stage::Look;
    }

    pub(super) fn end_game(&mut self, fx: &mut Vec<Effect>) {
        let results: Vec<SeatResult> = (0..self.players)
            .map(|seat| {
                let necklace = self.necklace_of(seat);
                let rank = (self.players == 1).then(|| {
                    let index = self.cfg.rank_index(necklace.value);
                    SoloRank {
                        index,
                        key: self.cfg.rank_key(necklace.value).to_string(),
                    }
                });
                SeatResult {
                    seat,
                    hand: self.hands[seat].clone(),
                    necklace,
                    rank,
                }
            })
            .collect();
        let scores = FinalScores::rank(
            results.iter().map(|r| r.necklace.value as i64).collect(),
            results.iter().map(|r| r.necklace.wishes as i64).collect(),
            true,
        );
        self.results = Some(results.clone());
        self.stage = Stage::Over(scores.clone());
        fx.push(Effect::GameOver { results, scores });
    }

    pub(super) fn no_card(&self, card: Card) -> RuleError {
        RuleError::CardNotAvailable {
            card: card.index() as u32,
        }
    }

    /// Checks an action without changing anything.
    pub(super) fn validate(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        check_turn(self.current_player(), seat, self.players)?;
        let wrong = |expected: &'static str| {
            Err(RuleError::WrongMoment {
                action: action.describe(),
                expected,
            })
        };
        let forbid = |key: &'static str| Err(RuleError::forbid(key));
        match (&self.stage, action) {
            (Stage::Take { .. }, Action::Draw) if self.pile.is_empty() => {
                forbid("forbid-draw-pile-empty")
            }
            (Stage::Take { .. }, Action::Draw) => Ok(()),
            (Stage::Take { .. }, Action::TakeDiscard) if self.discard.is_empty() => {
                forbid("forbid-discard-pile-empty")
            }
            (Stage::Take { .. }, Action::TakeDiscard) => Ok(()),
            (Stage::Take { .. }, Action::Decline) if !self.pile.is_empty() => {
                forbid("forbid-decline-too-early")
            }
            (Stage::Take { .. }, Action::Decline) => Ok(()),
            (Stage::Take { .. }, _) => wrong("moment-take"),
            (Stage::Discard { taken, .. }, Action::Discard(c)) => {
                if !self.hands[seat].contains(c) {
                    Err(self.no_card(*c))
                } else if Some(*c) == *taken {
                    forbid("forbid-discard-taken")
                } else {
                    Ok(())
                }
            }
            (Stage::SoloDiscard { .. }, Action::Discard(c)) => {
                if self.hands[seat].contains(c) {
                    Ok(())
                } else {
                    Err(self.no_card(*c))
                }
            }
            (Stage::Discard { .. } | Stage::SoloDiscard { .. }, _) => wrong("moment-discard"),
            (Stage::Look, Action::Look(w)) if *w < 2 => Ok(()),
            (Stage::Look, Action::Look(_)) => forbid("forbid-no-such-pair-card"),
            (Stage::Look, _) => wrong("moment-look"),
            (Stage::Keep { .. }, Action::KeepSeen | Action::KeepUnseen) => Ok(()),
            (Stage::Keep { .. }, _) => wrong("moment-keep"),
            (Stage::Over(_), _) => Err(RuleError::GameOver),
        }
    }

    pub(super) fn discard_from_hand(&mut self, seat: Seat, card: Card, fx: &mut Vec<Effect>) {
        self.hands[seat].retain(|&c| c != card);
        self.known[seat].retain(|&c| c != card);
        self.discard.push(card);
        fx.push(Effect::Discarded { seat, card });
    }
}
