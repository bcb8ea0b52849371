//! Mýkonos (José Carlos de Diego Guerrero), 2-4 players: covert auctions on a standard deck.
//! Workers queue on the cards of a row, the first in a queue buys at $1 per worker still on
//! the card, players sell poker combinations from their hands and collect income; the most
//! money wins. Implemented exactly as `../shared/RULES.md` settles it.
//!
//! Flow of a round (each step reported by effects, in this order): `RoundStarted`, the Offer
//! (`Offered` per card), the Demand (one `Place` action per worker, in a fixed order), the
//! Purchases (cards settled left to right: `Buy` or `Pass` by the owner of the first worker;
//! neutral workers pass by themselves), the Sales (`Sell` or `NoSale` from the start player
//! clockwise), the Income (automatic), and the End of round (the start marker passes, then
//! `Discard` actions down to the hand limit, from the new start player clockwise). The game
//! ends when a round starts and the draw pile cannot fill the row.

pub mod cards;
pub mod hands;

pub use cards::{Card, Suit};
pub use hands::{Category, Prices, Sale};

use crate::game::{FinalScores, Game, RuleError, Seat, Setup, check_turn};
use crate::levels::{self, DataError, Validate};
use crate::rng::Rng;
use crate::text::Text;
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

// ---------------------------------------------------------------------------------------------
// Data: levels/mykonos.ron

/// The deck for one player count: the full 52 cards less some ranks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckRule {
    /// The player count this entry is for.
    pub players: usize,
    /// Ranks taken out (1 = Ace ... 13 = King).
    pub removed_ranks: Vec<u8>,
}

/// Money paid to every player in the Income phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IncomeRule {
    /// Paid to everyone.
    pub base: u32,
    /// Paid to those who bought no card this round.
    pub no_purchase: u32,
    /// Paid per face card (J, Q, K) in hand.
    pub per_face_card: u32,
}

/// Mýkonos's numbers (`levels/mykonos.ron`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The fewest seats.
    pub min_players: usize,
    /// The most seats.
    pub max_players: usize,
    /// One entry per player count from `min_players` to `max_players`.
    pub decks: Vec<DeckRule>,
    /// Secret cards dealt to each player at the start.
    pub secret_cards: usize,
    /// Money each player starts with.
    pub starting_money: u32,
    /// Workers each player places every round.
    pub workers: usize,
    /// The most workers one row card may hold.
    pub max_workers_per_card: usize,
    /// The Offer reveals players + this many cards.
    pub extra_offer_cards: usize,
    /// Neutral workers in a two-player game (placed by the players in a fixed order).
    pub neutral_workers: usize,
    /// What each combination sells for.
    pub prices: Prices,
    /// The Income phase's amounts.
    pub income: IncomeRule,
    /// At the end of a round, hands above this size are discarded down to it.
    pub hand_limit: usize,
}

impl Config {
    /// The ranks removed at this player count (empty if the count has no entry).
    pub fn removed_ranks(&self, players: usize) -> Vec<u8> {
        self.decks
            .iter()
            .find(|d| d.players == players)
            .map(|d| d.removed_ranks.clone())
            .unwrap_or_default()
    }

    /// The cards in play at this player count, in id order.
    pub fn deck_for(&self, players: usize) -> Vec<Card> {
        let removed = self.removed_ranks(players);
        Card::all()
            .into_iter()
            .filter(|c| !removed.contains(&c.rank()))
            .collect()
    }

    /// Cards revealed by each Offer at this player count.
    pub fn row_size(&self, players: usize) -> usize {
        players + self.extra_offer_cards
    }

    /// Neutral workers at this player count (only two-player games have them).
    pub fn neutral_for(&self, players: usize) -> usize {
        if players == 2 {
            self.neutral_workers
        } else {
            0
        }
    }

    /// How many rounds a game at this player count lasts: each round's Offer needs a full row.
    pub fn rounds(&self, players: usize) -> usize {
        let pile = self
            .deck_for(players)
            .len()
            .saturating_sub(players * self.secret_cards);
        pile / self.row_size(players).max(1)
    }
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
        for d in &self.decks {
            if d.players < self.min_players || d.players > self.max_players {
                p.push(format!(
                    "decks lists {} players, outside {}-{}",
                    d.players, self.min_players, self.max_players
                ));
            }
            if let Some(r) = d.removed_ranks.iter().find(|r| !cards::RANKS.contains(r)) {
                p.push(format!(
                    "decks for {} players removes rank {r}, ranks are 1-13",
                    d.players
                ));
            }
        }
        let counts = self.min_players..=self.max_players.min(8);
        for n in counts.clone() {
            let entries = self.decks.iter().filter(|d| d.players == n).count();
            if entries != 1 {
                p.push(format!(
                    "decks must say once which ranks {n} players remove (found {entries})"
                ));
            }
        }
        if self.starting_money > 1000 {
            p.push(format!(
                "starting_money {} must be 0-1000",
                self.starting_money
            ));
        }
        if !(1..=10).contains(&self.workers) {
            p.push(format!("workers {} must be 1-10", self.workers));
        }
        if !(1..=10).contains(&self.max_workers_per_card) {
            p.push(format!(
                "max_workers_per_card {} must be 1-10",
                self.max_workers_per_card
            ));
        }
        if self.extra_offer_cards > 5 {
            p.push(format!(
                "extra_offer_cards {} must be 0-5",
                self.extra_offer_cards
            ));
        }
        if self.min_players == 2 && self.neutral_workers + 1 > 2 * self.workers {
            p.push(format!(
                "neutral_workers {} must be fewer than the two players' {} workers",
                self.neutral_workers,
                2 * self.workers
            ));
        }
        if !(1..=20).contains(&self.hand_limit) {
            p.push(format!("hand_limit {} must be 1-20", self.hand_limit));
        }
        if self.secret_cards > self.hand_limit {
            p.push(format!(
                "secret_cards {} is more than the hand_limit {}",
                self.secret_cards, self.hand_limit
            ));
        }
        for n in counts {
            let placed = n * self.workers + self.neutral_for(n);
            let room = self.row_size(n) * self.max_workers_per_card;
            if placed > room {
                p.push(format!(
                    "{n} players place {placed} workers but {} cards hold only {room}",
                    self.row_size(n)
                ));
            }
            let deck = self.deck_for(n).len();
            if deck < n * self.secret_cards + self.row_size(n) {
                p.push(format!(
                    "the {deck}-card deck for {n} players cannot deal and fill one row"
                ));
            }
        }
        let prices: Vec<(Category, u32)> = Category::ALL
            .iter()
            .map(|&c| (c, self.prices.of(c)))
            .collect();
        for w in prices.windows(2) {
            if w[0].1 <= w[1].1 {
                p.push(format!(
                    "prices must fall category by category: {:?} ${} is not above {:?} ${}",
                    w[0].0, w[0].1, w[1].0, w[1].1
                ));
            }
        }
        if self.prices.single_card == 0 || self.prices.straight_flush > 1000 {
            p.push("prices must be 1-1000".into());
        }
        let i = &self.income;
        if i.base > 100 || i.no_purchase > 100 || i.per_face_card > 100 {
            p.push("income amounts must be 0-100".into());
        }
        p
    }
}

/// The rules from the embedded `levels/mykonos.ron`.
pub fn config() -> Arc<Config> {
    static CFG: OnceLock<Result<Arc<Config>, DataError>> = OnceLock::new();
    match CFG.get_or_init(|| levels::MYKONOS.parse().map(Arc::new)) {
        Ok(c) => c.clone(),
        Err(e) => panic!("embedded level data is broken: {e}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Actions and effects

/// A player's decision. JSON: `{"Place":{"slot":0}}`, `"Buy"`, `"Pass"`,
/// `{"Sell":{"cards":[22,35]}}`, `"NoSale"`, `{"Discard":{"card":7}}` (cards by id).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Demand: put the worker you are placing (your own, or in a two-player game sometimes
    /// the neutral one) at the end of the queue on the row card at `slot` (0 = leftmost).
    Place {
        /// The row card's position, 0 = leftmost.
        slot: usize,
    },
    /// Purchases: buy the card your worker is first on, paying $1 per worker on it.
    Buy,
    /// Purchases: take your first worker off the card; the next in the queue decides.
    Pass,
    /// Sales: sell these cards from your hand as one combination, listed as
    /// `legal_actions` lists them (see [`Action::sell`]).
    Sell {
        /// The combination's cards, in canonical order.
        cards: Vec<Card>,
    },
    /// Sales: sell nothing this round.
    NoSale,
    /// End of round: discard this card from a hand above the limit.
    Discard {
        /// A card in your hand.
        card: Card,
    },
}

impl Action {
    /// A sale of `cards` in the canonical order `apply` expects (any order is accepted here).
    pub fn sell(cards: &[Card]) -> Action {
        Action::Sell {
            cards: hands::canonical(cards),
        }
    }
}

/// A worker: a player's, or (two players only) the neutral player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Worker {
    /// A player's worker.
    Player(Seat),
    /// One of the neutral player's workers (two players only); it never buys.
    Neutral,
}

/// One step of the Demand: `by` places `worker`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The seat that decides where the worker goes.
    pub by: Seat,
    /// The worker placed: `by`'s own, or a neutral one.
    pub worker: Worker,
}

/// Where a card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Zone {
    /// The face-down draw pile.
    Deck,
    /// A card of the Offer row, by slot (0 = leftmost).
    Row(usize),
    /// A player's hand.
    Hand(Seat),
    /// The face-up discard pile (sold, unsold and discarded cards).
    Discard,
}

/// A card moving between zones (`card` is `None` where the viewer may not see it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardMove {
    /// The card, or `None` where the viewer may not see it.
    pub card: Option<Card>,
    /// Where it was.
    pub from: Zone,
    /// Where it goes.
    pub to: Zone,
}

/// Who holds money: the unlimited bank or a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Account {
    /// The bank (never runs out).
    Bank,
    /// A player's money.
    Player(Seat),
}

/// Why money moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoinReason {
    /// The $5 (by the level file) each player starts with.
    StartingMoney,
    /// A card bought in the Purchases (player to bank).
    Purchase,
    /// A combination sold (bank to player).
    Sale,
    /// The Income phase (bank to player).
    Income,
}

/// The phases of a round, and the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Cards are revealed into the row (automatic).
    Offer,
    /// Players place their workers on the row cards.
    Demand,
    /// The row cards are bought or discarded, left to right.
    Purchases,
    /// Each player may sell one combination.
    Sales,
    /// Everyone collects income (automatic).
    Income,
    /// The start marker passes; hands above the limit are discarded down.
    EndOfRound,
    /// The game has ended.
    GameOver,
}

impl Phase {
    /// The phase's message key (its name in the player's language).
    pub fn key(self) -> &'static str {
        match self {
            Phase::Offer => "mykonos-phase-offer",
            Phase::Demand => "mykonos-phase-demand",
            Phase::Purchases => "mykonos-phase-purchases",
            Phase::Sales => "mykonos-phase-sales",
            Phase::Income => "mykonos-phase-income",
            Phase::EndOfRound => "mykonos-phase-end-of-round",
            Phase::GameOver => "mykonos-phase-game-over",
        }
    }
}

/// What a spectator sees happen, in order. Card moves are listed by [`Effect::moves`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The table is set: `deck` cards (shuffled, face down) form the draw pile.
    GameStarted {
        /// Seats at the table.
        players: usize,
        /// Who holds the start marker.
        start_player: Seat,
        /// Cards in the draw pile.
        deck: usize,
    },
    /// Every coin moving, with the reason.
    CoinsMoved {
        /// The payer.
        from: Account,
        /// The payee.
        to: Account,
        /// Always at least 1.
        amount: u32,
        /// Why the money moved.
        reason: CoinReason,
    },
    /// A secret card from the draw pile to `seat`'s hand (`card` is hidden from the others).
    Dealt {
        /// The receiver.
        seat: Seat,
        /// The card, for its receiver only (see [`Game::redact`]).
        card: Option<Card>,
    },
    /// A round begins (numbered from 1) with this start player.
    RoundStarted {
        /// The round's number, from 1.
        round: u32,
        /// Who holds the start marker.
        start_player: Seat,
    },
    /// A phase begins.
    PhaseStarted(Phase),
    /// A card from the draw pile, face up, into the row at `slot`.
    Offered {
        /// The row position, 0 = leftmost.
        slot: usize,
        /// The card revealed.
        card: Card,
    },
    /// `by` put `worker` on the card at `slot`, at `position` in its queue (0 = first).
    WorkerPlaced {
        /// The row card's position.
        slot: usize,
        /// The worker placed.
        worker: Worker,
        /// The seat that placed it.
        by: Seat,
        /// Its place in the card's queue, 0 = first.
        position: usize,
    },
    /// The first worker on `slot` passed (a neutral worker always does) and goes home.
    WorkerPassed {
        /// The row card's position.
        slot: usize,
        /// The worker that passed.
        worker: Worker,
    },
    /// `seat` bought the card at `slot` for `price`; it goes to their hand face up, known to
    /// all. The payment follows as `CoinsMoved`, then `WorkersHome`.
    Bought {
        /// The row card's position.
        slot: usize,
        /// The buyer.
        seat: Seat,
        /// The card bought.
        card: Card,
        /// $1 per worker on the card.
        price: u32,
    },
    /// The workers still on `slot` (queue order) go home.
    WorkersHome {
        /// The row card's position.
        slot: usize,
        /// The workers going home (the buyer's first).
        workers: Vec<Worker>,
    },
    /// Nobody bought the card at `slot` (or nobody queued for it): it goes to the discard pile.
    Unsold {
        /// The row card's position.
        slot: usize,
        /// The card discarded.
        card: Card,
    },
    /// `seat` sold `cards` (shown, then discarded); the money follows as `CoinsMoved`.
    Sold {
        /// The seller.
        seat: Seat,
        /// The cards sold, in canonical order.
        cards: Vec<Card>,
        /// The combination they form.
        category: Category,
        /// What it pays.
        price: u32,
    },
    /// `seat` sold nothing this round (also when their hand is empty).
    NoSale {
        /// The player who sold nothing.
        seat: Seat,
    },
    /// `seat`'s income: `base` + `no_purchase` + `face_money` for the face cards shown
    /// (`face_cards`, now known to all) = `total`, paid as `CoinsMoved` right after.
    Income {
        /// Who is paid.
        seat: Seat,
        /// Paid to everyone.
        base: u32,
        /// Paid for buying no card this round (0 otherwise).
        no_purchase: u32,
        /// The face cards in hand, shown to all.
        face_cards: Vec<Card>,
        /// Paid for those face cards.
        face_money: u32,
        /// The sum paid.
        total: u32,
    },
    /// The start marker passes clockwise.
    MarkerPassed {
        /// The old start player.
        from: Seat,
        /// The new start player.
        to: Seat,
    },
    /// `seat` discarded `card` (face up) to get down to the hand limit.
    Discarded {
        /// Who discarded.
        seat: Seat,
        /// The card discarded.
        card: Card,
    },
    /// The end: everyone's money, the face cards in each hand (shown for the tie-break) and
    /// the winners (several share a win).
    GameOver {
        /// Everyone's final money (the score).
        money: Vec<u32>,
        /// The face cards in each hand (the tie-break).
        face_cards: Vec<Vec<Card>>,
        /// The winning seats.
        winners: Vec<Seat>,
    },
}

impl Effect {
    /// The cards this effect moves, in order (what the table animates).
    pub fn moves(&self) -> Vec<CardMove> {
        let mv = |card: Option<Card>, from: Zone, to: Zone| CardMove { card, from, to };
        match self {
            Effect::Dealt { seat, card } => vec![mv(*card, Zone::Deck, Zone::Hand(*seat))],
            Effect::Offered { slot, card } => vec![mv(Some(*card), Zone::Deck, Zone::Row(*slot))],
            Effect::Bought {
                slot, seat, card, ..
            } => vec![mv(Some(*card), Zone::Row(*slot), Zone::Hand(*seat))],
            Effect::Unsold { slot, card } => vec![mv(Some(*card), Zone::Row(*slot), Zone::Discard)],
            Effect::Sold { seat, cards, .. } => cards
                .iter()
                .map(|&c| mv(Some(c), Zone::Hand(*seat), Zone::Discard))
                .collect(),
            Effect::Discarded { seat, card } => {
                vec![mv(Some(*card), Zone::Hand(*seat), Zone::Discard)]
            }
            _ => Vec::new(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// State

#[derive(Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// `schedule[next]` places a worker.
    Demand {
        schedule: Vec<Placement>,
        next: usize,
    },
    /// The owner of the first worker on `slot` buys or passes.
    Purchases {
        slot: usize,
    },
    /// The `k`-th seat from the start player sells or not.
    Sales {
        k: usize,
    },
    /// The `k`-th seat from the start player discards (their hand is above the limit).
    Discarding {
        k: usize,
    },
    Over(FinalScores),
}

/// A game of Mýkonos.
#[derive(Clone, Debug)]
pub struct Mykonos {
    cfg: Arc<Config>,
    players: usize,
    removed_ranks: Vec<u8>,
    /// The cards in play (for the census).
    cards: Vec<Card>,
    /// The draw pile, top card last.
    deck: Vec<Card>,
    hands: Vec<Vec<Card>>,
    /// The cards of each hand that everyone knows (bought, or face cards shown at income).
    known: Vec<Vec<Card>>,
    money: Vec<u32>,
    row: Vec<Option<Card>>,
    queues: Vec<Vec<Worker>>,
    discard: Vec<Card>,
    round: u32,
    start_player: Seat,
    bought: Vec<bool>,
    workers_left: Vec<usize>,
    neutral_left: usize,
    /// Money the bank has paid out and taken in since the start (the ledger).
    bank_out: u64,
    bank_in: u64,
    stage: Stage,
}

/// An arranged table for [`Mykonos::from_scenario`] (tests, tutorials, challenges).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// Seats at the table.
    pub players: usize,
    /// Who holds the start marker.
    pub start_player: Seat,
    /// The draw pile, top card first.
    pub deck: Vec<Card>,
    /// Each hand (secret cards).
    pub hands: Vec<Vec<Card>>,
    /// Each player's money.
    pub money: Vec<u32>,
}

/// What a seat (or a spectator) sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Whose view this is (`None`: a spectator's).
    pub seat: Option<Seat>,
    /// Seats at the table.
    pub players: usize,
    /// Whose decision it is (`None` once the game is over).
    pub current_player: Option<Seat>,
    /// The phase the game waits in.
    pub phase: Phase,
    /// The current round, from 1 (0 only if the game ended before its first round).
    pub round: u32,
    /// Who holds the start marker.
    pub start_player: Seat,
    /// Everyone's money (always public).
    pub money: Vec<u32>,
    /// The viewing seat's own hand (`None` for a spectator).
    pub hand: Option<Vec<Card>>,
    /// How many cards each player holds.
    pub hand_sizes: Vec<usize>,
    /// Per seat, the cards in hand that everyone knows (bought, or face cards shown at income),
    /// until sold or discarded.
    pub known: Vec<Vec<Card>>,
    /// The Offer row by slot: `None` once the card has been bought or discarded.
    pub row: Vec<Option<Card>>,
    /// The workers on each row card, first to decide first.
    pub queues: Vec<Vec<Worker>>,
    /// Cards left in the draw pile.
    pub deck: usize,
    /// The face-up discard pile, oldest first.
    pub discard: Vec<Card>,
    /// Workers each seat still has to place this round.
    pub workers_left: Vec<usize>,
    /// Neutral workers still to place this round (two players only).
    pub neutral_left: usize,
    /// The Demand's remaining placements, the current one first (empty in other phases).
    pub placements: Vec<Placement>,
    /// Who bought a card this round.
    pub bought: Vec<bool>,
    /// Purchases: the slot being settled and the price its first worker's owner would pay.
    pub purchase: Option<(usize, u32)>,
    /// End of round: how many cards the current player must still discard.
    pub must_discard: usize,
    /// Rounds still to start after this one (the draw pile divided by the row size).
    pub rounds_left: u32,
    /// Ranks not in this game's deck.
    pub removed_ranks: Vec<u8>,
    /// The final scores, once the game is over.
    pub scores: Option<FinalScores>,
    /// The numbers in force: bots and the table read them here.
    pub prices: Prices,
    /// The Income phase's amounts.
    pub income: IncomeRule,
    /// Hands above this are discarded down at the end of a round.
    pub hand_limit: usize,
    /// The most workers one row card may hold.
    pub max_workers_per_card: usize,
}

impl View {
    /// Cards of this game's deck that the viewer has not seen: in the draw pile or in other
    /// players' hands, not known (for a spectator, every unknown card in a hand).
    pub fn unseen(&self) -> Vec<Card> {
        let mut seen = [false; Card::COUNT];
        let own = self.hand.iter().flatten();
        let rows = self.row.iter().flatten();
        for c in own
            .chain(rows)
            .chain(self.known.iter().flatten())
            .chain(self.discard.iter())
        {
            seen[c.id() as usize] = true;
        }
        Card::all()
            .into_iter()
            .filter(|c| !self.removed_ranks.contains(&c.rank()) && !seen[c.id() as usize])
            .collect()
    }

    /// The current price of the card at `slot`: $1 per worker on it.
    pub fn price(&self, slot: usize) -> u32 {
        self.queues.get(slot).map_or(0, |q| q.len() as u32)
    }
}

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

    fn empty(cfg: Arc<Config>, n: usize, cards: Vec<Card>, deck: Vec<Card>, start: Seat) -> Self {
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
            Account::Player(s) => self.money[s] -= amount,
        }
        match to {
            Account::Bank => self.bank_in += amount as u64,
            Account::Player(s) => self.money[s] += amount,
        }
        fx.push(Effect::CoinsMoved {
            from,
            to,
            amount,
            reason,
        });
    }

    fn seat_at(&self, k: usize) -> Seat {
        (self.start_player + k) % self.players
    }

    /// The Demand's order: clockwise from the start player; two players alternate and, on
    /// the 2nd to (neutral + 1)-th turns, each also places a neutral worker right after their
    /// own (A; B, B neutral; A, A neutral; B, B neutral; A, A neutral; B; A; B).
    fn schedule(&self) -> Vec<Placement> {
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

    fn begin_round(&mut self, fx: &mut Vec<Effect>) {
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
    fn settle_from(&mut self, mut slot: usize, fx: &mut Vec<Effect>) {
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
    fn sales_from(&mut self, mut k: usize, fx: &mut Vec<Effect>) {
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

    fn income(&mut self, fx: &mut Vec<Effect>) {
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
    fn discards_from(&mut self, mut k: usize, fx: &mut Vec<Effect>) {
        while k < self.players {
            if self.hands[self.seat_at(k)].len() > self.cfg.hand_limit {
                self.stage = Stage::Discarding { k };
                return;
            }
            k += 1;
        }
        self.begin_round(fx);
    }

    fn end_game(&mut self, fx: &mut Vec<Effect>) {
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

    fn remove_from_hand(&mut self, seat: Seat, card: Card) {
        self.hands[seat].retain(|&c| c != card);
        self.known[seat].retain(|&c| c != card);
    }

    /// Checks an action without changing anything.
    fn validate(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
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

impl Game for Mykonos {
    type Action = Action;
    type Effect = Effect;
    type View = View;
    const ID: &'static str = "mykonos";

    fn start(setup: &Setup) -> Result<(Self, Vec<Effect>), RuleError> {
        Mykonos::with_rules(config(), setup)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn current_player(&self) -> Option<Seat> {
        match &self.stage {
            Stage::Demand { schedule, next } => Some(schedule[*next].by),
            Stage::Purchases { slot } => match self.queues[*slot].first() {
                Some(Worker::Player(s)) => Some(*s),
                _ => None, // unreachable: settle_from stops only at a player's worker
            },
            Stage::Sales { k } | Stage::Discarding { k } => Some(self.seat_at(*k)),
            Stage::Over(_) => None,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        let mut v = Vec::new();
        self.legal_actions_into(&mut v);
        v
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Effect>, RuleError> {
        let mut fx = Vec::new();
        self.apply_fx(seat, action, &mut fx)?;
        Ok(fx)
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let placements = match &self.stage {
            Stage::Demand { schedule, next } => schedule[*next..].to_vec(),
            _ => Vec::new(),
        };
        let purchase = match &self.stage {
            Stage::Purchases { slot } => Some((*slot, self.queues[*slot].len() as u32)),
            _ => None,
        };
        let must_discard = match &self.stage {
            Stage::Discarding { k } => self.hands[self.seat_at(*k)].len() - self.cfg.hand_limit,
            _ => 0,
        };
        let rounds_left = if self.is_over() {
            0
        } else {
            (self.deck.len() / self.cfg.row_size(self.players)) as u32
        };
        View {
            seat,
            players: self.players,
            current_player: self.current_player(),
            phase: self.phase(),
            round: self.round,
            start_player: self.start_player,
            money: self.money.clone(),
            hand: seat.and_then(|s| self.hands.get(s).cloned()),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            known: self.known.clone(),
            row: self.row.clone(),
            queues: self.queues.clone(),
            deck: self.deck.len(),
            discard: self.discard.clone(),
            workers_left: self.workers_left.clone(),
            neutral_left: self.neutral_left,
            placements,
            bought: self.bought.clone(),
            purchase,
            must_discard,
            rounds_left,
            removed_ranks: self.removed_ranks.clone(),
            scores: self.scores(),
            prices: self.cfg.prices.clone(),
            income: self.cfg.income.clone(),
            hand_limit: self.cfg.hand_limit,
            max_workers_per_card: self.cfg.max_workers_per_card,
        }
    }

    fn view_into(&self, seat: Option<Seat>, out: &mut View) {
        // The same as `view`, reusing `out`'s buffers (checked against `view` in the tests).
        match &self.stage {
            Stage::Demand { schedule, next } => {
                out.placements.clear();
                out.placements.extend_from_slice(&schedule[*next..]);
            }
            _ => out.placements.clear(),
        }
        out.purchase = match &self.stage {
            Stage::Purchases { slot } => Some((*slot, self.queues[*slot].len() as u32)),
            _ => None,
        };
        out.must_discard = match &self.stage {
            Stage::Discarding { k } => self.hands[self.seat_at(*k)].len() - self.cfg.hand_limit,
            _ => 0,
        };
        out.rounds_left = if self.is_over() {
            0
        } else {
            (self.deck.len() / self.cfg.row_size(self.players)) as u32
        };
        out.seat = seat;
        out.players = self.players;
        out.current_player = self.current_player();
        out.phase = self.phase();
        out.round = self.round;
        out.start_player = self.start_player;
        out.money.clone_from(&self.money);
        match (seat.and_then(|s| self.hands.get(s)), out.hand.as_mut()) {
            (Some(h), Some(o)) => o.clone_from(h),
            (h, _) => out.hand = h.cloned(),
        }
        out.hand_sizes.clear();
        out.hand_sizes.extend(self.hands.iter().map(Vec::len));
        out.known.clone_from(&self.known);
        out.row.clone_from(&self.row);
        out.queues.clone_from(&self.queues);
        out.deck = self.deck.len();
        out.discard.clone_from(&self.discard);
        out.workers_left.clone_from(&self.workers_left);
        out.neutral_left = self.neutral_left;
        out.bought.clone_from(&self.bought);
        out.removed_ranks.clone_from(&self.removed_ranks);
        out.scores = self.scores();
        out.prices.clone_from(&self.cfg.prices);
        out.income.clone_from(&self.cfg.income);
        out.hand_limit = self.cfg.hand_limit;
        out.max_workers_per_card = self.cfg.max_workers_per_card;
    }

    fn scores(&self) -> Option<FinalScores> {
        match &self.stage {
            Stage::Over(s) => Some(s.clone()),
            _ => None,
        }
    }

    /// Dealt cards are secret: only their receiver sees them.
    fn reveals(effect: &Effect, seat: Seat) -> bool {
        match effect {
            // A card drawn into my hand, a card turned into the row.
            Effect::Dealt { seat: to, .. } => *to == seat,
            Effect::Offered { .. } => true,
            // Another hand's cards shown: a sale, face cards for wages, a discard.
            Effect::Sold { seat: by, .. } | Effect::Discarded { seat: by, .. } => *by != seat,
            Effect::Income {
                seat: by,
                face_cards,
                ..
            } => *by != seat && !face_cards.is_empty(),
            Effect::GameOver { .. } => true,
            _ => false,
        }
    }

    fn redact(effect: &Effect, seat: Option<Seat>) -> Effect {
        match effect {
            Effect::Dealt { seat: to, card } => Effect::Dealt {
                seat: *to,
                card: if seat == Some(*to) { *card } else { None },
            },
            other => other.clone(),
        }
    }
}

pub mod bot;

/// Cards in the ASCII notation of the protocol ("10H KS"), for an error's figures.
fn shown(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.short())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Mykonos {
    /// The legal actions into `out`, in [`Game::legal_actions`]'s order. A sale's card list
    /// reuses the allocation of an earlier sale in `out` where there is one.
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(seat) = self.current_player() else {
            out.clear();
            return;
        };
        if let Stage::Sales { .. } = self.stage {
            let mut n = 0;
            self.cfg.prices.each_sale(&self.hands[seat], |_, cards| {
                match out.get_mut(n) {
                    Some(Action::Sell { cards: reused }) => {
                        reused.clear();
                        reused.extend_from_slice(cards);
                    }
                    Some(other) => {
                        *other = Action::Sell {
                            cards: cards.to_vec(),
                        }
                    }
                    None => out.push(Action::Sell {
                        cards: cards.to_vec(),
                    }),
                }
                n += 1;
            });
            out.truncate(n);
            out.push(Action::NoSale);
            return;
        }
        out.clear();
        match &self.stage {
            Stage::Demand { .. } => out.extend(
                (0..self.queues.len())
                    .filter(|&slot| self.queues[slot].len() < self.cfg.max_workers_per_card)
                    .map(|slot| Action::Place { slot }),
            ),
            Stage::Purchases { slot } => {
                if self.money[seat] >= self.queues[*slot].len() as u32 {
                    out.push(Action::Buy);
                }
                out.push(Action::Pass);
            }
            Stage::Discarding { .. } => out.extend(
                self.hands[seat]
                    .iter()
                    .map(|&card| Action::Discard { card }),
            ),
            Stage::Sales { .. } | Stage::Over(_) => {}
        }
    }

    /// `apply`'s work, writing the effects into `fx` (nothing changes on an error).
    fn apply_fx(
        &mut self,
        seat: Seat,
        action: &Action,
        fx: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        self.validate(seat, action)?;
        // A placeholder while the stage is taken apart (every arm below sets the next one).
        let stage = std::mem::replace(&mut self.stage, Stage::Sales { k: 0 });
        match (stage, action) {
            (Stage::Demand { schedule, next }, Action::Place { slot }) => {
                let Placement { by, worker } = schedule[next];
                let position = self.queues[*slot].len();
                self.queues[*slot].push(worker);
                match worker {
                    Worker::Player(s) => self.workers_left[s] -= 1,
                    Worker::Neutral => self.neutral_left -= 1,
                }
                fx.push(Effect::WorkerPlaced {
                    slot: *slot,
                    worker,
                    by,
                    position,
                });
                if next + 1 < schedule.len() {
                    self.stage = Stage::Demand {
                        schedule,
                        next: next + 1,
                    };
                } else {
                    fx.push(Effect::PhaseStarted(Phase::Purchases));
                    self.settle_from(0, fx);
                }
            }
            (Stage::Purchases { slot }, Action::Buy) => {
                let price = self.queues[slot].len() as u32;
                let card = self.row[slot].take().expect("a queued card is in the row");
                self.hands[seat].push(card);
                self.known[seat].push(card);
                self.bought[seat] = true;
                fx.push(Effect::Bought {
                    slot,
                    seat,
                    card,
                    price,
                });
                self.pay(
                    Account::Player(seat),
                    Account::Bank,
                    price,
                    CoinReason::Purchase,
                    fx,
                );
                let workers = std::mem::take(&mut self.queues[slot]);
                fx.push(Effect::WorkersHome { slot, workers });
                self.settle_from(slot + 1, fx);
            }
            (Stage::Purchases { slot }, Action::Pass) => {
                let worker = self.queues[slot].remove(0);
                fx.push(Effect::WorkerPassed { slot, worker });
                self.settle_from(slot, fx);
            }
            (Stage::Sales { k }, Action::Sell { cards }) => {
                let category = hands::classify(cards).expect("validated");
                let price = self.cfg.prices.of(category);
                for &c in cards {
                    self.remove_from_hand(seat, c);
                    self.discard.push(c);
                }
                fx.push(Effect::Sold {
                    seat,
                    cards: cards.clone(),
                    category,
                    price,
                });
                self.pay(
                    Account::Bank,
                    Account::Player(seat),
                    price,
                    CoinReason::Sale,
                    fx,
                );
                self.sales_from(k + 1, fx);
            }
            (Stage::Sales { k }, Action::NoSale) => {
                fx.push(Effect::NoSale { seat });
                self.sales_from(k + 1, fx);
            }
            (Stage::Discarding { k }, Action::Discard { card }) => {
                self.remove_from_hand(seat, *card);
                self.discard.push(*card);
                fx.push(Effect::Discarded { seat, card: *card });
                self.discards_from(k, fx);
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

impl crate::game::Search for Mykonos {
    /// Hidden: the draw pile's order and the cards of other hands nobody has seen.
    fn determinize(&self, seat: Seat, rng: &mut crate::rng::Rng) -> Self {
        let mut g = self.clone();
        // The unseen cards of the other hands go to the back of each hand for the redeal.
        let mut unseen_counts = vec![0; g.players];
        for (o, hand) in g.hands.iter_mut().enumerate() {
            if o == seat {
                continue;
            }
            let known = &self.known[o];
            hand.sort_by_key(|c| !known.contains(c));
            unseen_counts[o] = hand.iter().filter(|c| !known.contains(c)).count();
        }
        let mut piles: Vec<&mut [Card]> = vec![g.deck.as_mut_slice()];
        for (o, hand) in g.hands.iter_mut().enumerate() {
            let n = hand.len();
            piles.push(&mut hand[n - unseen_counts[o]..]);
        }
        crate::game::redeal(&mut piles, rng);
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

    fn legal_into(&self, out: &mut Vec<Action>) {
        self.legal_actions_into(out);
    }

    /// Each round's offer row is a new deal: a slot holds another card.
    fn deals(&self) -> u32 {
        self.round
    }
}

#[cfg(test)]
mod tests;
