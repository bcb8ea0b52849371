//! Mýkonos's data (`levels/mykonos.ron`): the deck per player count, income and prices, checked
//! on load.

use super::*;

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

/// Mýkonos's numbers: decks per player count, money, workers, sale prices, income.
pub const LEVEL: levels::LevelFile = levels::LevelFile {
    path: "levels/mykonos.ron",
    text: include_str!(concat!(env!("COME_BUY_LEVELS"), "/mykonos.ron")),
};

/// Mýkonos's guided first game.
pub const GUIDED: &[crate::tutorial::TutorialFile] = &[crate::tutorial::TutorialFile {
    id: "mykonos",
    file: crate::levels::LevelFile {
        path: "levels/tutorials/mykonos.ron",
        text: include_str!(concat!(env!("COME_BUY_LEVELS"), "/tutorials/mykonos.ron")),
    },
}];

/// The rules from the embedded `levels/mykonos.ron`.
pub fn config() -> Arc<Config> {
    static CFG: OnceLock<Result<Arc<Config>, DataError>> = OnceLock::new();
    match CFG.get_or_init(|| LEVEL.parse().map(Arc::new)) {
        Ok(c) => c.clone(),
        Err(e) => panic!("embedded level data is broken: {e}"),
    }
}
