//! Goblin Market (P.D. Magnus), 3-6 players: Decktet auctions, split winnings, sisterhood and
//! goblin money, suit-majority scoring. Implemented exactly as `../shared/RULES.md` settles it.

use crate::decktet::{Card, Decktet, Rank, decktet};
use crate::game::{FinalScores, Game, RuleError, Seat, Setup, check_turn};
use crate::levels::{self, DataError, Validate};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

// ---------------------------------------------------------------------------------------------
// Data: levels/goblin_market.ron

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionSizes {
    pub ace: usize,
    pub number: usize,
    pub crown: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// Tied players compare their positive points; still tied, they share the win.
    MostPositive,
    /// Tied players share the win.
    Shared,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    pub min_players: usize,
    pub max_players: usize,
    pub starting_coins: u32,
    pub size_card_min_deck: usize,
    pub auction_size: AuctionSizes,
    pub sisterhood: Vec<u32>,
    pub goblin_coins_per_suit: u32,
    pub positive_suits: usize,
    pub tie_break: TieBreak,
}

impl Validate for Config {
    fn problems(&self) -> Vec<String> {
        let mut p = Vec::new();
        if self.min_players < 2 || self.min_players > self.max_players || self.max_players > 8 {
            p.push(format!(
                "players {}-{} is not a usable range (2 to 8, min <= max)",
                self.min_players, self.max_players
            ));
        }
        if self.starting_coins == 0 || self.starting_coins > 1000 {
            p.push(format!(
                "starting_coins {} must be 1-1000",
                self.starting_coins
            ));
        }
        let s = &self.auction_size;
        for (name, n) in [("ace", s.ace), ("number", s.number), ("crown", s.crown)] {
            if !(1..=6).contains(&n) {
                p.push(format!("auction_size.{name} is {n}, must be 1-6"));
            }
        }
        if self.size_card_min_deck < 2 {
            p.push("size_card_min_deck must be at least 2".into());
        }
        if self.sisterhood.is_empty() || self.sisterhood.len() > 10 {
            p.push(format!(
                "sisterhood lists {} payouts, must be 1-10",
                self.sisterhood.len()
            ));
        }
        if self.positive_suits > 6 {
            p.push(format!(
                "positive_suits {} is more than 6 suits",
                self.positive_suits
            ));
        }
        p
    }
}

/// The rules from the embedded `levels/goblin_market.ron`.
pub fn config() -> Arc<Config> {
    static CFG: OnceLock<Result<Arc<Config>, DataError>> = OnceLock::new();
    match CFG.get_or_init(|| levels::GOBLIN_MARKET.parse().map(Arc::new)) {
        Ok(c) => c.clone(),
        Err(e) => panic!("embedded level data is broken: {e}"),
    }
}

/// Variant names accepted by `Setup::variants`.
pub const VARIANT_SHARED_TIES: &str = "shared-ties";

// ---------------------------------------------------------------------------------------------
// Actions and effects

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Bid this many coins (more than the high bid, at most your coins).
    Bid(u32),
    /// Drop out of this auction.
    Pass,
    /// As the winner: take every card up for auction and pay your bid.
    TakeAll,
    /// As the winner (or a later-ranked bidder): take this one card and pay your bid.
    TakeOne(Card),
}

/// Where a card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    AuctionDeck,
    /// The card that set the current auction's size.
    SizeCard,
    /// Cards up for auction.
    AuctionRow,
    /// Owned by a player, face up in front of them.
    Player(Seat),
    /// Size cards of earlier auctions: out of the game, visible.
    SetAside,
    /// Lots nobody bought and cards nobody had to take.
    Discard,
    GoblinDeck,
    /// The Goblin card revealed last.
    GoblinReveal,
    /// Goblin cards revealed earlier since the last reshuffle.
    GoblinUsed,
}

/// Who holds coins: the unlimited bank or a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Account {
    Bank,
    Player(Seat),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoinReason {
    StartingCoins,
    BidPaid,
    Sisterhood,
    GoblinMoney,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A new auction: who bids first and how many cards are up.
    Auction {
        number: u32,
        first_bidder: Seat,
        lot: usize,
    },
    /// Bidding is over: the winner and the winning bid.
    Distribution {
        winner: Seat,
        bid: u32,
    },
    /// Sisterhood money for the rank named by the winning bid's last digit (1-10).
    Sisterhood {
        rank: u8,
    },
    GoblinMoney,
    Scoring,
}

/// What a spectator sees happen, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    GameStarted {
        players: usize,
        first_bidder: Seat,
    },
    PhaseStarted(Phase),
    /// A card turned face up where it lies.
    CardRevealed {
        card: Card,
        zone: Zone,
    },
    CardMoved {
        card: Card,
        from: Zone,
        to: Zone,
    },
    CoinsMoved {
        from: Account,
        to: Account,
        amount: u32,
        reason: CoinReason,
    },
    BidMade {
        seat: Seat,
        amount: u32,
    },
    Passed {
        seat: Seat,
    },
    /// Everyone passed without a bid: the lot goes to the discard pile.
    NoSale,
    GoblinDeckShuffled {
        cards: usize,
    },
    GameOver {
        scores: FinalScores,
        breakdown: Vec<SuitScore>,
    },
}

/// One player's score by suit: symbol counts and which suits scored positive.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuitScore {
    pub counts: [u32; 6],
    pub positive: [bool; 6],
    pub plus: i64,
    pub minus: i64,
    pub total: i64,
}

/// Scores a set of owned cards: the `positive` most frequent suits count +1 per symbol, the
/// others -1 (which of several tied suits counts as positive does not change the total).
pub fn suit_score(deck: &Decktet, cards: &[Card], positive: usize) -> SuitScore {
    let mut counts = [0u32; 6];
    for &c in cards {
        for s in &deck.def(c).suits {
            counts[s.index()] += 1;
        }
    }
    let mut order: Vec<usize> = (0..6).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(counts[i]), i));
    let mut pos = [false; 6];
    for &i in order.iter().take(positive) {
        pos[i] = true;
    }
    let plus: i64 = (0..6).filter(|&i| pos[i]).map(|i| counts[i] as i64).sum();
    let minus: i64 = (0..6).filter(|&i| !pos[i]).map(|i| counts[i] as i64).sum();
    SuitScore {
        counts,
        positive: pos,
        plus,
        minus,
        total: plus - minus,
    }
}

/// The rank `steps` below `rank` on the cycle Crown(10), Ace(1), 2, ..., 9, Crown.
pub fn rank_below(rank: u8, steps: usize) -> u8 {
    ((rank as usize + 10 - 1 - steps % 10) % 10 + 1) as u8
}

/// The rank named by a winning bid's last digit: 1 = Ace, 2-9, 0 = Crown (10).
pub fn rank_of_bid(bid: u32) -> u8 {
    match bid % 10 {
        0 => 10,
        d => d as u8,
    }
}

/// Sisterhood coins for someone owning `cards` when a bid naming `rank` wins.
pub fn sisterhood_for(deck: &Decktet, cards: &[Card], rank: u8, payouts: &[u32]) -> u32 {
    // A card of rank r pays the k-th payout when r is k steps below the named rank.
    cards
        .iter()
        .filter_map(|&c| deck.def(c).rank.cycle_value())
        .filter_map(|r| payouts.get((rank as usize + 10 - r as usize) % 10))
        .sum()
}

/// Goblin money for someone owning `cards` when `goblin` is revealed.
pub fn goblin_money_for(deck: &Decktet, cards: &[Card], goblin: Card, per_suit: u32) -> u32 {
    let mut owned = 0u32;
    for &c in cards {
        for s in &deck.def(c).suits {
            owned |= 1 << *s as u32;
        }
    }
    let missing = deck
        .def(goblin)
        .suits
        .iter()
        .filter(|&&s| owned & (1 << s as u32) == 0)
        .count() as u32;
    missing * per_suit
}

// ---------------------------------------------------------------------------------------------
// State

#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    Bidding {
        to_act: Seat,
        high: Option<(Seat, u32)>,
        out: Vec<bool>,
        best: Vec<Option<u32>>,
    },
    /// Cards are handed out: `ranking[next]` chooses (next 0 is the winner).
    Choosing {
        ranking: Vec<(Seat, u32)>,
        next: usize,
    },
    Over(FinalScores),
}

#[derive(Clone, Debug)]
pub struct GoblinMarket {
    cfg: Arc<Config>,
    deck: Arc<Decktet>,
    rng: Rng,
    players: usize,
    use_tiebreak: bool,
    coins: Vec<u32>,
    owned: Vec<Vec<Card>>,
    auction_deck: Vec<Card>,
    goblin_deck: Vec<Card>,
    goblin_used: Vec<Card>,
    goblin_face: Option<Card>,
    size_card: Option<Card>,
    row: Vec<Card>,
    set_aside: Vec<Card>,
    discard: Vec<Card>,
    /// Coins the bank has paid out and taken in since the start (the ledger).
    bank_out: u64,
    bank_in: u64,
    auction_number: u32,
    first_bidder: Seat,
    received: Vec<bool>,
    stage: Stage,
}

/// An arranged table for [`GoblinMarket::from_scenario`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub players: usize,
    /// Seeds the chance that remains (Goblin reshuffles).
    pub seed: u64,
    /// Top card first.
    pub auction_deck: Vec<Card>,
    /// Top card first: all 8 Pawns and Courts.
    pub goblin_deck: Vec<Card>,
    pub first_bidder: Seat,
    pub coins: Vec<u32>,
    pub owned: Vec<Vec<Card>>,
}

/// What a seat (or a spectator) sees. Goblin Market hides only the order of the two decks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub players: usize,
    pub current_player: Option<Seat>,
    pub coins: Vec<u32>,
    pub owned: Vec<Vec<Card>>,
    pub auction_deck: usize,
    pub size_card: Option<Card>,
    pub auction_row: Vec<Card>,
    pub set_aside: Vec<Card>,
    pub discard: Vec<Card>,
    pub goblin_deck: usize,
    pub goblin_face: Option<Card>,
    pub goblin_used: Vec<Card>,
    pub auction_number: u32,
    pub first_bidder: Seat,
    pub stage: StageView,
    /// Each player's suit standing now (as if the game ended here).
    pub standing: Vec<SuitScore>,
    pub scores: Option<FinalScores>,
    /// The numbers in force (positive suits, payouts): bots and the table read them here.
    pub positive_suits: usize,
    pub sisterhood: Vec<u32>,
    pub goblin_coins_per_suit: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StageView {
    Bidding {
        high: Option<(Seat, u32)>,
        passed: Vec<bool>,
        best_bids: Vec<Option<u32>>,
    },
    Choosing {
        seat: Seat,
        ranking: Vec<(Seat, u32)>,
        may_take_all: bool,
    },
    Over,
}

impl View {
    /// Basic cards nobody has seen yet: still in the Auction Deck (order unknown).
    pub fn unseen_basic(&self, deck: &Decktet) -> Vec<Card> {
        let mut seen = vec![false; deck.cards.len()];
        let zones = [&self.auction_row, &self.set_aside, &self.discard];
        for c in self
            .owned
            .iter()
            .flatten()
            .chain(zones.into_iter().flatten())
        {
            seen[c.0 as usize] = true;
        }
        if let Some(c) = self.size_card {
            seen[c.0 as usize] = true;
        }
        deck.basic()
            .into_iter()
            .filter(|c| !seen[c.0 as usize])
            .collect()
    }
}

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

    fn pay(
        &mut self,
        from: Account,
        to: Account,
        amount: u32,
        reason: CoinReason,
        fx: &mut Vec<Effect>,
    ) {
        if amount == 0 {
            return;
        }
        match from {
            Account::Bank => self.bank_out += amount as u64,
            Account::Player(s) => self.coins[s] -= amount,
        }
        match to {
            Account::Bank => self.bank_in += amount as u64,
            Account::Player(s) => self.coins[s] += amount,
        }
        fx.push(Effect::CoinsMoved {
            from,
            to,
            amount,
            reason,
        });
    }

    fn lot_size(&self, size_card: Card) -> usize {
        let s = &self.cfg.auction_size;
        match self.deck.def(size_card).rank {
            Rank::Ace => s.ace,
            Rank::Crown => s.crown,
            _ => s.number,
        }
    }

    fn start_auction(&mut self, fx: &mut Vec<Effect>) {
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
    fn hand_out(&mut self, seat: Seat, bid: u32, cards: &[Card], fx: &mut Vec<Effect>) {
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
    fn continue_distribution(
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

    fn discard_row(&mut self, fx: &mut Vec<Effect>) {
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
    fn finish_auction(&mut self, won: Option<(Seat, u32)>, fx: &mut Vec<Effect>) {
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

    fn reveal_goblin(&mut self, fx: &mut Vec<Effect>) {
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

    fn end_game(&mut self, fx: &mut Vec<Effect>) {
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

    fn next_in(&self, from: Seat, out: &[bool]) -> Option<Seat> {
        (1..=self.players)
            .map(|k| (from + k) % self.players)
            .find(|&s| !out[s])
    }

    /// Checks an action without changing anything.
    fn validate(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
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

impl Game for GoblinMarket {
    type Action = Action;
    type Effect = Effect;
    type View = View;
    const ID: &'static str = "goblin-market";

    fn start(setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        GoblinMarket::with_rules(config(), decktet(), setup)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn current_player(&self) -> Option<Seat> {
        match &self.stage {
            Stage::Bidding { to_act, .. } => Some(*to_act),
            Stage::Choosing { ranking, next } => Some(ranking[*next].0),
            Stage::Over(_) => None,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match &self.stage {
            Stage::Bidding { to_act, high, .. } => {
                let min = high.map_or(1, |(_, h)| h + 1);
                let max = self.coins[*to_act];
                let mut v = Vec::with_capacity(1 + max.saturating_sub(min) as usize + 1);
                v.push(Action::Pass);
                v.extend((min..=max).map(Action::Bid));
                v
            }
            Stage::Choosing { next, .. } => {
                let mut v = Vec::with_capacity(self.row.len() + 1);
                if *next == 0 {
                    v.push(Action::TakeAll);
                }
                v.extend(self.row.iter().map(|&c| Action::TakeOne(c)));
                v
            }
            Stage::Over(_) => Vec::new(),
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Effect>, RuleError> {
        let mut fx = Vec::new();
        self.apply_fx(seat, action, &mut fx)?;
        Ok(fx)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let stage = match &self.stage {
            Stage::Bidding {
                high, out, best, ..
            } => StageView::Bidding {
                high: *high,
                passed: out.clone(),
                best_bids: best.clone(),
            },
            Stage::Choosing { ranking, next } => StageView::Choosing {
                seat: ranking[*next].0,
                ranking: ranking.clone(),
                may_take_all: *next == 0,
            },
            Stage::Over(_) => StageView::Over,
        };
        View {
            seat,
            players: self.players,
            current_player: self.current_player(),
            coins: self.coins.clone(),
            owned: self.owned.clone(),
            auction_deck: self.auction_deck.len(),
            size_card: self.size_card,
            auction_row: self.row.clone(),
            set_aside: self.set_aside.clone(),
            discard: self.discard.clone(),
            goblin_deck: self.goblin_deck.len(),
            goblin_face: self.goblin_face,
            goblin_used: self.goblin_used.clone(),
            auction_number: self.auction_number,
            first_bidder: self.first_bidder,
            stage,
            standing: self
                .owned
                .iter()
                .map(|c| suit_score(&self.deck, c, self.cfg.positive_suits))
                .collect(),
            scores: self.scores(),
            positive_suits: self.cfg.positive_suits,
            sisterhood: self.cfg.sisterhood.clone(),
            goblin_coins_per_suit: self.cfg.goblin_coins_per_suit,
        }
    }

    fn reveals(effect: &Effect, _seat: Seat) -> bool {
        // Everything is public but the order of the two decks: a card turned from either,
        // a reshuffle and the final count show something new.
        match effect {
            Effect::CardRevealed { .. }
            | Effect::GoblinDeckShuffled { .. }
            | Effect::GameOver { .. } => true,
            Effect::CardMoved { from, .. } => {
                matches!(from, Zone::AuctionDeck | Zone::GoblinDeck)
            }
            _ => false,
        }
    }

    fn scores(&self) -> Option<FinalScores> {
        match &self.stage {
            Stage::Over(s) => Some(s.clone()),
            _ => None,
        }
    }
}

impl GoblinMarket {
    fn close_bidding(
        &mut self,
        winner: Seat,
        bid: u32,
        best: &[Option<u32>],
        fx: &mut Vec<Effect>,
    ) {
        fx.push(Effect::PhaseStarted(Phase::Distribution { winner, bid }));
        let mut ranking: Vec<(Seat, u32)> = best
            .iter()
            .enumerate()
            .filter_map(|(s, b)| b.map(|b| (s, b)))
            .collect();
        ranking.sort_by_key(|&(_, b)| std::cmp::Reverse(b));
        if self.row.len() == 1 {
            let card = self.row[0];
            self.hand_out(winner, bid, &[card], fx);
            self.finish_auction(Some((winner, bid)), fx);
        } else {
            self.stage = Stage::Choosing { ranking, next: 0 };
        }
    }
}

pub mod bot;

impl GoblinMarket {
    /// `apply`'s work, writing the effects into `fx` (nothing changes on an error).
    fn apply_fx(
        &mut self,
        seat: Seat,
        action: &Action,
        fx: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        self.validate(seat, action)?;
        let stage = std::mem::replace(
            &mut self.stage,
            Stage::Over(FinalScores::rank(vec![], vec![], false)),
        );
        match (stage, action) {
            (
                Stage::Bidding {
                    mut high,
                    mut out,
                    mut best,
                    ..
                },
                _,
            ) => {
                match action {
                    Action::Bid(b) => {
                        high = Some((seat, *b));
                        best[seat] = Some(*b);
                        fx.push(Effect::BidMade { seat, amount: *b });
                    }
                    _ => {
                        out[seat] = true;
                        fx.push(Effect::Passed { seat });
                    }
                }
                let next = self.next_in(seat, &out);
                match (next, high) {
                    // Everyone else has passed since the last bid: the high bidder wins.
                    (Some(s), Some((w, bid))) if s == w => self.close_bidding(w, bid, &best, fx),
                    (Some(s), _) => {
                        self.stage = Stage::Bidding {
                            to_act: s,
                            high,
                            out,
                            best,
                        }
                    }
                    (None, Some((w, bid))) => self.close_bidding(w, bid, &best, fx),
                    (None, None) => {
                        fx.push(Effect::NoSale);
                        self.discard_row(fx);
                        self.finish_auction(None, fx);
                    }
                }
            }
            (Stage::Choosing { ranking, next }, Action::TakeAll) => {
                let all = self.row.clone();
                self.hand_out(seat, ranking[next].1, &all, fx);
                self.finish_auction(Some((ranking[0].0, ranking[0].1)), fx);
            }
            (Stage::Choosing { ranking, next }, Action::TakeOne(card)) => {
                self.hand_out(seat, ranking[next].1, &[*card], fx);
                self.continue_distribution(ranking, next + 1, fx);
            }
            (stage, _) => {
                // validate() accepted only the combinations above.
                self.stage = stage;
                return Err(RuleError::forbid("forbid-internal"));
            }
        }
        Ok(())
    }
}

impl crate::game::Search for GoblinMarket {
    /// Goblin Market hides only the order of its two decks, and the reshuffles to come.
    fn determinize(&self, _seat: Seat, rng: &mut crate::rng::Rng) -> Self {
        let mut g = self.clone();
        crate::game::redeal(&mut [g.auction_deck.as_mut_slice()], rng);
        crate::game::redeal(&mut [g.goblin_deck.as_mut_slice()], rng);
        g.rng = Rng::new(rng.next_u64());
        g
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        effects: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        effects.clear();
        self.apply_fx(seat, action, effects)
    }
}

#[cfg(test)]
mod tests;
