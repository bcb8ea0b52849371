//! The Duchess's Necklace's cards and numbers: the types of `levels/duchess.ron` and the
//! checks that hold every design constraint of `../shared/RULES.md`.

use crate::levels::{self, DataError, Validate};
use crate::text::Text;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// A stone on a card's top. The order (and names) match the art crate's `GemShape`, so the
/// table maps one to the other by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Gem {
    /// Amber (orange).
    Amber,
    /// Jet (black).
    Jet,
    /// Amethyst (violet).
    Amethyst,
    /// Pearl (white).
    Pearl,
    /// Emerald (green; the rulebook's "esmalte").
    Emerald,
    /// Ruby (red).
    Ruby,
    /// Sapphire (blue).
    Sapphire,
    /// Diamond (clear).
    Diamond,
    /// The rainbow stone (expansion 1): left out, used as itself, or used as any plain gem.
    Rainbow,
    /// The gold ingot (expansion 2): scores by accumulation, never replaced by a rainbow stone.
    Gold,
}

impl Gem {
    /// Every stone kind, in index order.
    pub const ALL: [Gem; 10] = [
        Gem::Amber,
        Gem::Jet,
        Gem::Amethyst,
        Gem::Pearl,
        Gem::Emerald,
        Gem::Ruby,
        Gem::Sapphire,
        Gem::Diamond,
        Gem::Rainbow,
        Gem::Gold,
    ];

    /// The eight gems of the base game (the ones wishes ask for and rainbow stones imitate).
    pub const PLAIN: [Gem; 8] = [
        Gem::Amber,
        Gem::Jet,
        Gem::Amethyst,
        Gem::Pearl,
        Gem::Emerald,
        Gem::Ruby,
        Gem::Sapphire,
        Gem::Diamond,
    ];

    /// The position in [`Gem::ALL`] (and in count arrays such as `Necklace::counts`).
    pub fn index(self) -> usize {
        self as usize
    }

    /// One of the eight base gems (not a rainbow stone, not gold).
    pub fn is_plain(self) -> bool {
        self.index() < 8
    }

    /// The gem's message key; the message takes `$count` (1 for one stone) for its plural.
    pub fn key(self) -> &'static str {
        match self {
            Gem::Amber => "duchess-gem-amber",
            Gem::Jet => "duchess-gem-jet",
            Gem::Amethyst => "duchess-gem-amethyst",
            Gem::Pearl => "duchess-gem-pearl",
            Gem::Emerald => "duchess-gem-emerald",
            Gem::Ruby => "duchess-gem-ruby",
            Gem::Sapphire => "duchess-gem-sapphire",
            Gem::Diamond => "duchess-gem-diamond",
            Gem::Rainbow => "duchess-gem-rainbow",
            Gem::Gold => "duchess-gem-gold",
        }
    }

    /// `count` stones of this gem, as a message ("3 Rubies" is `count` 3).
    pub fn text(self, count: u32) -> Text {
        Text::new(self.key()).num("count", count)
    }

    /// The gem as data: its key without the prefix ("ruby").
    pub fn id(self) -> &'static str {
        &self.key()["duchess-gem-".len()..]
    }
}

impl fmt::Display for Gem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Which box a card comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum CardSet {
    /// The 18 cards of the base game.
    Base,
    /// Expansion 1: two identical cards with a rainbow stone.
    Rainbow,
    /// Expansion 2: four cards with a gold ingot and no wish.
    Gold,
}

impl CardSet {
    /// The set's message key (its name in the player's language).
    pub fn key(self) -> &'static str {
        match self {
            CardSet::Base => "duchess-set-base",
            CardSet::Rainbow => "duchess-set-rainbow",
            CardSet::Gold => "duchess-set-gold",
        }
    }
}

/// The Duchess's wish at the bottom of a card: exactly `count` stones of `gem` in the five
/// cards that count, worth `florins`. A rainbow card's wish is `gem: Rainbow, count: 1`:
/// exactly one rainbow stone used (as itself or as a gem).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Wish {
    /// The stone wished for.
    pub gem: Gem,
    /// Exactly this many (2, 3 or 4; 1 for the rainbow wish).
    pub count: u8,
    /// What the wish adds to the necklace's value when met.
    pub florins: u32,
}

impl Wish {
    /// The wish as a message ("exactly 3 Amethysts", "exactly one rainbow stone used").
    pub fn text(&self) -> Text {
        match (self.gem, self.count) {
            (Gem::Rainbow, 1) => Text::new("duchess-wish-rainbow"),
            (g, n) => Text::new("duchess-wish")
                .num("count", n)
                .text("gem", g.text(n.into())),
        }
    }
}

/// One card: its name for the table, its set, the stones on top and the wish (if any).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    /// The card's key ("countess-brooch"): its name is the message `duchess-card-<key>`.
    pub key: String,
    /// The base game or the expansion the card belongs to.
    pub set: CardSet,
    /// The four stones on top, in display order.
    pub top: Vec<Gem>,
    /// The wish at the bottom (gold cards have none).
    pub wish: Option<Wish>,
}

impl CardDef {
    /// How many stones of `gem` this card shows on top.
    pub fn shows(&self, gem: Gem) -> u8 {
        self.top.iter().filter(|&&g| g == gem).count() as u8
    }
}

/// A card, by its position in the card list of `levels/duchess.ron` (its id in saves and in
/// the protocol, where it is written as a plain number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Card(pub u8);

impl Card {
    /// The card's position in the list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A solo rank: scores of `min` florins or more (up to the next band) earn `name`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RankBand {
    /// The rank's key ("artist"): its name is the message `duchess-rank-<key>`.
    pub key: String,
    /// The lowest score that earns it.
    pub min: u32,
}

/// Everything in `levels/duchess.ron`: the numbers of the rules and the 24 cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The fewest players (1: solo).
    pub min_players: usize,
    /// The most players (2: a duel).
    pub max_players: usize,
    /// Cards each player holds (the necklace counts these plus the common card).
    pub hand_size: usize,
    /// Cards set aside unseen after the shuffle.
    pub removed: usize,
    /// Two players: turns each player still gets once the draw pile has run out.
    pub turns_after_empty: u32,
    /// Florins for 0, 1, 2, ... gold ingots among the cards that count.
    pub gold_florins: Vec<u32>,
    /// Solo ranks, lowest first; the first starts at 0.
    pub solo_ranks: Vec<RankBand>,
    /// Base cards, then the rainbow cards, then the gold cards; a card's id is its position.
    pub cards: Vec<CardDef>,
}

/// The number of base cards, rainbow cards and gold cards the rules describe.
pub const SET_SIZES: [(CardSet, usize); 3] = [
    (CardSet::Base, 18),
    (CardSet::Rainbow, 2),
    (CardSet::Gold, 4),
];

/// Stones on top of every card.
pub const STONES_PER_CARD: usize = 4;

impl Config {
    /// The definition of `card` (ids come from this list; unknown ids are a caller's bug).
    pub fn def(&self, card: Card) -> &CardDef {
        &self.cards[card.index()]
    }

    /// Whether `card` is an id in this list.
    pub fn knows(&self, card: Card) -> bool {
        card.index() < self.cards.len()
    }

    /// The card's key (its name is the message `duchess-card-<key>`), or its id if unknown.
    pub fn key(&self, card: Card) -> String {
        self.cards
            .get(card.index())
            .map_or_else(|| card.to_string(), |d| d.key.clone())
    }

    /// Every card of `set`, in id order.
    pub fn set(&self, set: CardSet) -> Vec<Card> {
        (0..self.cards.len())
            .filter(|&i| self.cards[i].set == set)
            .map(|i| Card(i as u8))
            .collect()
    }

    /// The cards shuffled for a game: the base set plus the chosen expansions, in id order.
    pub fn cards_in_play(&self, rainbow: bool, gold: bool) -> Vec<Card> {
        (0..self.cards.len())
            .filter(|&i| match self.cards[i].set {
                CardSet::Base => true,
                CardSet::Rainbow => rainbow,
                CardSet::Gold => gold,
            })
            .map(|i| Card(i as u8))
            .collect()
    }

    /// The solo rank band that `score` falls in (index into `solo_ranks`).
    pub fn rank_index(&self, score: u32) -> usize {
        self.solo_ranks
            .iter()
            .rposition(|b| score >= b.min)
            .unwrap_or(0)
    }

    /// The key of the solo rank for `score` (its name is the message `duchess-rank-<key>`).
    pub fn rank_key(&self, score: u32) -> &str {
        self.solo_ranks
            .get(self.rank_index(score))
            .map_or("", |b| b.key.as_str())
    }

    /// Florins for `ingots` gold ingots (the table's last entry for more than it lists).
    pub fn gold_value(&self, ingots: usize) -> u32 {
        match self.gold_florins.get(ingots) {
            Some(&v) => v,
            None => self.gold_florins.last().copied().unwrap_or(0),
        }
    }

    /// Cards left for the draw pile (two players) or the pairs (solo) after the setup.
    pub fn pile_after_setup(&self, players: usize, rainbow: bool, gold: bool) -> usize {
        self.cards_in_play(rainbow, gold)
            .len()
            .saturating_sub(self.removed + 1 + players * self.hand_size)
    }

    fn card_problems(&self, p: &mut Vec<String>) {
        for (set, want) in SET_SIZES {
            let have = self.set(set).len();
            if have != want {
                p.push(format!(
                    "{set:?} has {have} cards, the rules describe {want}"
                ));
            }
        }
        let mut names = BTreeMap::new();
        for (i, c) in self.cards.iter().enumerate() {
            let what = format!("card {i} ({:?})", c.key);
            if c.key.trim().is_empty() {
                p.push(format!("card {i} has no name"));
            }
            if c.set == CardSet::Base
                && let Some(j) = names.insert(c.key.clone(), i)
            {
                p.push(format!("cards {j} and {i} share the name {:?}", c.key));
            }
            if c.top.len() != STONES_PER_CARD {
                p.push(format!(
                    "{what} shows {} stones on top, must be {STONES_PER_CARD}",
                    c.top.len()
                ));
            }
            let special = |g: Gem| c.shows(g) as usize;
            let plain = c.top.iter().filter(|g| g.is_plain()).count();
            match c.set {
                CardSet::Base => {
                    if plain != c.top.len() {
                        p.push(format!("{what} is a base card and shows a rainbow or gold"));
                    }
                    match c.wish {
                        None => p.push(format!("{what} is a base card without a wish")),
                        Some(w) => {
                            if !w.gem.is_plain() {
                                p.push(format!("{what} wishes for {:?}", w.gem));
                            }
                            if !(2..=4).contains(&w.count) {
                                p.push(format!(
                                    "{what} wishes for {} stones, must be 2, 3 or 4",
                                    w.count
                                ));
                            }
                            if w.florins == 0 {
                                p.push(format!("{what} has a wish worth 0 florins"));
                            }
                            if c.shows(w.gem) > 0 {
                                p.push(format!(
                                    "{what} shows {:?} on top, the gem of its own wish",
                                    w.gem
                                ));
                            }
                        }
                    }
                }
                CardSet::Rainbow => {
                    if special(Gem::Rainbow) != 1 || plain != c.top.len().saturating_sub(1) {
                        p.push(format!(
                            "{what} must show 1 rainbow stone and otherwise plain gems"
                        ));
                    }
                    match c.wish {
                        Some(Wish {
                            gem: Gem::Rainbow,
                            count: 1,
                            florins,
                        }) if florins > 0 => {}
                        _ => p.push(format!(
                            "{what} must wish for exactly one rainbow stone used, worth florins"
                        )),
                    }
                }
                CardSet::Gold => {
                    if special(Gem::Gold) != 1 || plain != c.top.len().saturating_sub(1) {
                        p.push(format!(
                            "{what} must show 1 gold ingot and otherwise plain gems"
                        ));
                    }
                    if c.wish.is_some() {
                        p.push(format!("{what} is a gold card and must carry no wish"));
                    }
                }
            }
        }
        let rainbow = self.set(CardSet::Rainbow);
        if let Some(&first) = rainbow.first() {
            let sorted = |c: Card| {
                let mut t = self.def(c).top.clone();
                t.sort();
                (t, self.def(c).wish, self.def(c).key.clone())
            };
            if rainbow.iter().any(|&c| sorted(c) != sorted(first)) {
                p.push("the rainbow cards must be identical (name, stones, wish)".into());
            }
        }
    }

    fn base_design_problems(&self, p: &mut Vec<String>) {
        let base: Vec<&CardDef> = self
            .cards
            .iter()
            .filter(|c| c.set == CardSet::Base)
            .collect();
        if base.is_empty() {
            return;
        }
        let stones = base.len() * STONES_PER_CARD;
        if !stones.is_multiple_of(Gem::PLAIN.len()) {
            p.push(format!(
                "{stones} base stones cannot show each gem equally often"
            ));
        } else {
            let each = stones / Gem::PLAIN.len();
            for g in Gem::PLAIN {
                let n: usize = base.iter().map(|c| c.shows(g) as usize).sum();
                if n != each {
                    p.push(format!(
                        "{g:?} appears {n} times on base tops, must be {each}"
                    ));
                }
            }
        }
        let wishes: Vec<Wish> = base.iter().filter_map(|c| c.wish).collect();
        // Per gem: a wish for more stones is worth more.
        for g in Gem::PLAIN {
            for a in wishes.iter().filter(|w| w.gem == g) {
                for b in wishes.iter().filter(|w| w.gem == g && w.count > a.count) {
                    if b.florins <= a.florins {
                        p.push(format!(
                            "{} ({} florins) must be worth more than {} ({} florins)",
                            b.text(),
                            b.florins,
                            a.text(),
                            a.florins
                        ));
                    }
                }
            }
        }
        // Across gems: no wish for fewer stones is worth more than one for more stones.
        for n in 2..4u8 {
            let most = wishes
                .iter()
                .filter(|w| w.count == n)
                .map(|w| w.florins)
                .max();
            let least = wishes
                .iter()
                .filter(|w| w.count == n + 1)
                .map(|w| w.florins)
                .min();
            if let (Some(most), Some(least)) = (most, least)
                && most > least
            {
                p.push(format!(
                    "a wish for {n} stones is worth {most} florins, more than one for {} ({least})",
                    n + 1
                ));
            }
        }
        let find = |g: Gem, n: u8| -> Vec<u32> {
            wishes
                .iter()
                .filter(|w| w.gem == g && w.count == n)
                .map(|w| w.florins)
                .collect()
        };
        if find(Gem::Emerald, 4) != [12] {
            p.push("exactly one card must wish for 4 Emeralds, worth 12 florins".into());
        }
        let trio = [
            find(Gem::Amethyst, 3),
            find(Gem::Diamond, 3),
            find(Gem::Emerald, 3),
        ];
        if trio.iter().any(|v| v.len() != 1) {
            p.push(
                "exactly one card each must wish for 3 Amethysts, 3 Diamonds, 3 Emeralds".into(),
            );
        } else {
            let sum: u32 = trio.iter().map(|v| v[0]).sum();
            if sum != 28 {
                p.push(format!(
                    "the wishes for 3 Amethysts, 3 Diamonds and 3 Emeralds sum to {sum}, must be 28"
                ));
            }
        }
    }

    fn rule_problems(&self, p: &mut Vec<String>) {
        if self.min_players != 1 || self.max_players != 2 {
            p.push(format!(
                "players {}-{}: the rules are for 1 (solo) or 2",
                self.min_players, self.max_players
            ));
        }
        if !(1..=8).contains(&self.hand_size) {
            p.push(format!("hand_size {} must be 1-8", self.hand_size));
        }
        if self.removed > 10 {
            p.push(format!("removed {} must be 0-10", self.removed));
        }
        if !(1..=20).contains(&self.turns_after_empty) {
            p.push(format!(
                "turns_after_empty {} must be 1-20",
                self.turns_after_empty
            ));
        }
        let gold = self.set(CardSet::Gold).len();
        let g = &self.gold_florins;
        if g.len() != gold + 1 || g.first() != Some(&0) || g.windows(2).any(|w| w[1] <= w[0]) {
            p.push(format!(
                "gold_florins must list 0 and then rising values for 1 to {gold} ingots"
            ));
        }
        let r = &self.solo_ranks;
        if r.is_empty()
            || r[0].min != 0
            || r.windows(2).any(|w| w[1].min <= w[0].min)
            || r.iter().any(|b| b.key.trim().is_empty())
        {
            p.push("solo_ranks must be named bands with rising minimums, the first at 0".into());
        }
        for (rainbow, gold) in [(false, false), (true, false), (false, true), (true, true)] {
            let cards = self.cards_in_play(rainbow, gold).len();
            let needed = self.removed + 1 + 2 * self.hand_size;
            if cards <= needed {
                p.push(format!(
                    "{cards} cards cannot deal two hands of {} after removing {} and the common card",
                    self.hand_size, self.removed
                ));
                continue;
            }
            let solo = cards - (self.removed + 1 + self.hand_size);
            if !solo.is_multiple_of(2) {
                p.push(format!(
                    "solo leaves {solo} cards (rainbow {rainbow}, gold {gold}): must be pairs"
                ));
            }
        }
    }
}

impl Validate for Config {
    fn problems(&self) -> Vec<String> {
        let mut p = Vec::new();
        self.rule_problems(&mut p);
        if self.cards.len() > 255 {
            p.push("more than 255 cards".into());
            return p;
        }
        self.card_problems(&mut p);
        self.base_design_problems(&mut p);
        p
    }
}

/// The Duchess's Necklace's cards (base set and both expansions) and numbers.
pub const LEVEL: levels::LevelFile = levels::LevelFile {
    path: "levels/duchess.ron",
    text: include_str!(concat!(env!("COME_BUY_LEVELS"), "/duchess.ron")),
};

/// The Duchess's guided first games: the duel and the solo.
pub const GUIDED: &[crate::tutorial::TutorialFile] = &[
    crate::tutorial::TutorialFile {
        id: "duchess_duel",
        file: crate::levels::LevelFile {
            path: "levels/tutorials/duchess_duel.ron",
            text: include_str!(concat!(
                env!("COME_BUY_LEVELS"),
                "/tutorials/duchess_duel.ron"
            )),
        },
    },
    crate::tutorial::TutorialFile {
        id: "duchess_solo",
        file: crate::levels::LevelFile {
            path: "levels/tutorials/duchess_solo.ron",
            text: include_str!(concat!(
                env!("COME_BUY_LEVELS"),
                "/tutorials/duchess_solo.ron"
            )),
        },
    },
];

/// The cards and rules from the embedded `levels/duchess.ron`.
pub fn config() -> Arc<Config> {
    static CFG: OnceLock<Result<Arc<Config>, DataError>> = OnceLock::new();
    match CFG.get_or_init(|| LEVEL.parse().map(Arc::new)) {
        Ok(c) => c.clone(),
        Err(e) => panic!("embedded level data is broken: {e}"),
    }
}
