//! Setting up a match of the Duchess's Necklace: the variants, the rules in force they make
//! ([`Options`]), and an arranged table ([`Scenario`]).

use super::*;

/// Variant: play with the two rainbow cards (expansion 1).
pub const VARIANT_RAINBOW: &str = "rainbow";
/// Variant: play with the four court-gold cards (expansion 2).
pub const VARIANT_GOLD: &str = "gold";
/// Variant prefix: `"after-empty-2"` ends a two-player game after 2 turns each once the draw
/// pile has run out (instead of the RON file's number).
pub const VARIANT_AFTER_EMPTY: &str = "after-empty-";
/// The variants as the help texts name them.
pub const VARIANTS: &[&str] = &["rainbow", "gold", "after-empty-N"];

/// The rules in force for one match, read from the setup's variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// The rainbow cards are in play (variant `"rainbow"`).
    pub rainbow: bool,
    /// The gold cards are in play (variant `"gold"`).
    pub gold: bool,
    /// Two players: turns each once the draw pile has run out.
    pub turns_after_empty: u32,
}

impl Options {
    /// Reads `setup`'s variants; unknown or malformed ones are an error.
    pub fn from_setup(setup: &Setup, cfg: &Config) -> Result<Self, RuleError> {
        let mut after: Option<u32> = None;
        let mut plain = Vec::new();
        for v in &setup.variants {
            match v.strip_prefix(VARIANT_AFTER_EMPTY) {
                Some(n) => {
                    let n: u32 = match n.parse() {
                        Ok(n) if (1..=20).contains(&n) => n,
                        _ => {
                            return Err(RuleError::Forbidden(
                                Text::new("forbid-after-empty-range")
                                    .raw("variant", v.clone())
                                    .num("min", 1)
                                    .num("max", 20),
                            ));
                        }
                    };
                    if after.is_some_and(|a| a != n) {
                        return Err(RuleError::forbid("forbid-after-empty-twice"));
                    }
                    if setup.players == 1 {
                        return Err(RuleError::Forbidden(
                            Text::new("forbid-after-empty-solo").raw("variant", v.clone()),
                        ));
                    }
                    after = Some(n);
                }
                None => plain.push(v.clone()),
            }
        }
        let rest = Setup {
            players: setup.players,
            seed: setup.seed,
            variants: plain,
        };
        rest.check_variants(&[VARIANT_RAINBOW, VARIANT_GOLD, "after-empty-N"])?;
        Ok(Options {
            rainbow: setup.has(VARIANT_RAINBOW),
            gold: setup.has(VARIANT_GOLD),
            turns_after_empty: after.unwrap_or(cfg.turns_after_empty),
        })
    }
}

/// An arranged table for [`Duchess::from_scenario`] (tests, tutorials, puzzles). The cards in
/// play that are in none of its places are the removed ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    /// 1 (solo) or 2.
    pub players: usize,
    /// Variants, as in [`Setup::variants`].
    #[serde(default)]
    pub variants: Vec<String>,
    /// The seat that plays first.
    pub start_player: Seat,
    /// The common card.
    pub common: Card,
    /// Each seat's hand (as many cards as the rules deal).
    pub hands: Vec<Vec<Card>>,
    /// Top card first.
    pub pile: Vec<Card>,
    /// Bottom card first (the last one is the top).
    #[serde(default)]
    pub discard: Vec<Card>,
}
