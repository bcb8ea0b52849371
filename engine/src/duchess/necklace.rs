//! A necklace's value: the wishes met on the cards that count (a hand plus the common card),
//! the best use of every rainbow stone, and the gold ingots.
//!
//! Counts are exact: a wish for 3 Rubies is met by exactly 3 Rubies, not by 4. Plain gems and
//! gold always count; each rainbow stone is left out, used as itself, or used as one plain gem,
//! whichever gives the most florins (then the most wishes met). A rainbow card's wish (`gem:
//! Rainbow, count: 1`) is met when exactly one rainbow stone is used, as itself or as a gem.

use super::deck::{Card, Config, Gem};
use serde::{Deserialize, Serialize};

/// How one rainbow stone is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RainbowUse {
    /// Not part of the necklace.
    LeftOut,
    /// Used as a rainbow stone: counts only for the rainbow cards' wishes.
    Itself,
    /// Used as this plain gem (and counts as a used rainbow stone too).
    As(Gem),
}

impl RainbowUse {
    /// Every choice for one stone, in the order the scorer tries them (first best wins).
    pub const ALL: [RainbowUse; 10] = [
        RainbowUse::LeftOut,
        RainbowUse::Itself,
        RainbowUse::As(Gem::Amber),
        RainbowUse::As(Gem::Jet),
        RainbowUse::As(Gem::Amethyst),
        RainbowUse::As(Gem::Pearl),
        RainbowUse::As(Gem::Emerald),
        RainbowUse::As(Gem::Ruby),
        RainbowUse::As(Gem::Sapphire),
        RainbowUse::As(Gem::Diamond),
    ];

    /// The choice as a message, for the table ("left out", "as itself", "as a Ruby").
    pub fn text(self) -> crate::text::Text {
        use crate::text::Text;
        match self {
            RainbowUse::LeftOut => Text::new("duchess-rainbow-left-out"),
            RainbowUse::Itself => Text::new("duchess-rainbow-itself"),
            RainbowUse::As(g) => Text::new("duchess-rainbow-as")
                .raw("id", g.id())
                .text("gem", g.text(1)),
        }
    }
}

/// The value of a set of cards as a necklace, and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Necklace {
    /// Florins: the met wishes plus the gold.
    pub value: u32,
    /// How many wishes are met (the tie-break between players).
    pub wishes: u32,
    /// The cards whose wish is met, in the order the cards were given.
    pub met: Vec<Card>,
    /// One entry per rainbow stone, in the order the cards were given: the card and its use.
    pub rainbow: Vec<(Card, RainbowUse)>,
    /// Stones counted per [`Gem::index`] after the rainbow choice: plain gems include rainbow
    /// stones used as them; `Rainbow` counts the stones used at all; `Gold` the ingots.
    pub counts: [u8; 10],
    /// The florins the gold ingots are worth (part of `value`).
    pub gold_florins: u32,
}

/// Stone counts of `cards`, rainbow stones excluded (they are chosen separately).
fn base_counts(cfg: &Config, cards: &[Card]) -> ([u8; 10], usize) {
    let mut counts = [0u8; 10];
    let mut stones = 0;
    for &c in cards {
        for &g in &cfg.def(c).top {
            if g == Gem::Rainbow {
                stones += 1;
            } else {
                counts[g.index()] += 1;
            }
        }
    }
    (counts, stones)
}

/// Florins and wishes met for fixed counts.
fn score_counts(cfg: &Config, cards: &[Card], counts: &[u8; 10]) -> (u32, u32) {
    let mut value = cfg.gold_value(counts[Gem::Gold.index()] as usize);
    let mut wishes = 0;
    for &c in cards {
        if let Some(w) = cfg.def(c).wish
            && counts[w.gem.index()] == w.count
        {
            value += w.florins;
            wishes += 1;
        }
    }
    (value, wishes)
}

fn apply_use(counts: &mut [u8; 10], u: RainbowUse) {
    match u {
        RainbowUse::LeftOut => {}
        RainbowUse::Itself => counts[Gem::Rainbow.index()] += 1,
        RainbowUse::As(g) => {
            counts[Gem::Rainbow.index()] += 1;
            counts[g.index()] += 1;
        }
    }
}

/// The best (value, wishes) and the rainbow choice (indices into [`RainbowUse::ALL`]).
fn best(cfg: &Config, cards: &[Card]) -> (u32, u32, [u8; 10], Vec<usize>) {
    let (counts, stones) = base_counts(cfg, cards);
    if stones == 0 {
        let (v, w) = score_counts(cfg, cards, &counts);
        return (v, w, counts, Vec::new());
    }
    let options = RainbowUse::ALL.len();
    let mut choice = vec![0usize; stones];
    let mut best: Option<(u32, u32, [u8; 10], Vec<usize>)> = None;
    loop {
        let mut c = counts;
        for &k in &choice {
            apply_use(&mut c, RainbowUse::ALL[k]);
        }
        let (v, w) = score_counts(cfg, cards, &c);
        if best.as_ref().is_none_or(|b| (v, w) > (b.0, b.1)) {
            best = Some((v, w, c, choice.clone()));
        }
        // Next choice, odometer-style (the first stone varies slowest).
        let mut i = stones;
        loop {
            if i == 0 {
                return best.unwrap_or((0, 0, counts, Vec::new()));
            }
            i -= 1;
            choice[i] += 1;
            if choice[i] < options {
                break;
            }
            choice[i] = 0;
        }
    }
}

/// The value and the number of wishes met of `cards` as a necklace (the fast path bots use).
pub fn value(cfg: &Config, cards: &[Card]) -> (u32, u32) {
    let (counts, stones) = base_counts(cfg, cards);
    if stones == 0 {
        return score_counts(cfg, cards, &counts);
    }
    let (v, w, _, _) = best(cfg, cards);
    (v, w)
}

/// `cards` (a hand and the common card) as a necklace: every met wish counts, each rainbow
/// stone is used in the best way, gold scores by accumulation.
pub fn necklace(cfg: &Config, cards: &[Card]) -> Necklace {
    let (value, wishes, counts, choice) = best(cfg, cards);
    let met = cards
        .iter()
        .copied()
        .filter(|&c| {
            cfg.def(c)
                .wish
                .is_some_and(|w| counts[w.gem.index()] == w.count)
        })
        .collect();
    let mut rainbow = Vec::new();
    let mut k = 0;
    for &c in cards {
        for &g in &cfg.def(c).top {
            if g == Gem::Rainbow {
                rainbow.push((c, RainbowUse::ALL[choice[k]]));
                k += 1;
            }
        }
    }
    Necklace {
        value,
        wishes,
        met,
        rainbow,
        counts,
        gold_florins: cfg.gold_value(counts[Gem::Gold.index()] as usize),
    }
}

/// The value of `cards` with every rainbow stone used as `uses` says (one per stone, in order):
/// lets the table (and the tests) check a shown choice.
pub fn value_with(cfg: &Config, cards: &[Card], uses: &[RainbowUse]) -> Option<(u32, u32)> {
    let (mut counts, stones) = base_counts(cfg, cards);
    if stones != uses.len() {
        return None;
    }
    for &u in uses {
        if matches!(u, RainbowUse::As(g) if !g.is_plain()) {
            return None;
        }
        apply_use(&mut counts, u);
    }
    Some(score_counts(cfg, cards, &counts))
}
