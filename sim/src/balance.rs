//! `balance --game duchess`: how The Duchess's Necklace's deck plays with the strongest bot.
//!
//! Solo: the score distribution over seeded deals (median, mean, extremes, a histogram and the
//! share of each rank band). Duel: the start player's win share when the strongest bot plays
//! itself (shared wins count half, as in tournaments), with its 95% Wilson interval. For the
//! base game the report also checks the design targets of `../shared/RULES.md`.

use crate::args::Args;
use crate::tournament::{play_one, wilson};
use come_buy_engine::bots::{Bot, WithBots};
use come_buy_engine::duchess::{Config, Duchess, VARIANT_AFTER_EMPTY, config};
use come_buy_engine::game::{Game, Setup};
use come_buy_engine::rng::Rng;
use std::time::Instant;

/// Solo scores of many deals.
#[derive(Clone, Debug, PartialEq)]
pub struct SoloReport {
    /// Sorted, lowest first.
    pub scores: Vec<u32>,
    /// Deals per rank band (the bands of `levels/duchess.ron`, lowest first).
    pub bands: Vec<usize>,
}

impl SoloReport {
    /// The middle score (the upper one of the two middles for an even count).
    pub fn median(&self) -> u32 {
        self.scores.get(self.scores.len() / 2).copied().unwrap_or(0)
    }

    /// The average score.
    pub fn mean(&self) -> f64 {
        self.scores.iter().map(|&s| s as f64).sum::<f64>() / self.scores.len().max(1) as f64
    }

    /// The share of deals in band `i`.
    pub fn share(&self, i: usize) -> f64 {
        self.bands[i] as f64 / self.scores.len().max(1) as f64
    }
}

/// The start player's results over many duels.
#[derive(Clone, Debug, PartialEq)]
pub struct DuelReport {
    /// Duels played.
    pub games: u32,
    /// Shared wins count as fractions.
    pub start_wins: f64,
}

impl DuelReport {
    /// The start player's win share.
    pub fn share(&self) -> f64 {
        self.start_wins / self.games.max(1) as f64
    }
}

/// The bot the report plays with: `--bot` (default `expert`, the heuristic bot the deck was
/// balanced against, quick enough for ten thousand deals; `--bot hard` plays the search bot).
static BOT: std::sync::OnceLock<String> = std::sync::OnceLock::new();

pub fn strongest() -> &'static str {
    BOT.get().map_or("expert", String::as_str)
}

/// Runs `f(i)` for `i` in `0..n` on every core; the results in order.
fn parallel<T: Send>(
    n: u32,
    f: impl Fn(u32) -> Result<T, String> + Sync,
) -> Result<Vec<T>, String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |t| t.get())
        .clamp(1, 64);
    let chunks: Vec<Result<Vec<(u32, T)>, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let f = &f;
                s.spawn(move || {
                    (0..n)
                        .filter(|i| *i as usize % threads == t)
                        .map(|i| f(i).map(|r| (i, r)))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    let mut all: Vec<(u32, T)> = Vec::with_capacity(n as usize);
    for c in chunks {
        all.extend(c?);
    }
    all.sort_by_key(|(i, _)| *i);
    Ok(all.into_iter().map(|(_, r)| r).collect())
}

fn bots(players: usize, game_seed: u64) -> Result<Vec<Box<dyn Bot<Duchess>>>, String> {
    (0..players)
        .map(|s| Duchess::bot(strongest(), Rng::derive(game_seed, s as u64 + 1).next_u64()))
        .collect()
}

/// `deals` solo deals with the strongest bot; deal i is seeded from (`seed`, i).
pub fn solo(
    cfg: &Config,
    deals: u32,
    seed: u64,
    variants: &[String],
) -> Result<SoloReport, String> {
    let mut scores = parallel(deals, |i| {
        let setup = Setup {
            players: 1,
            seed: Rng::derive(seed, i as u64).next_u64(),
            variants: variants.to_vec(),
        };
        let (scores, _) = play_one::<Duchess>(&setup, &mut bots(1, setup.seed)?)?;
        Ok(scores.points[0].max(0) as u32)
    })?;
    scores.sort();
    let mut bands = vec![0; cfg.solo_ranks.len()];
    for &s in &scores {
        bands[cfg.rank_index(s)] += 1;
    }
    Ok(SoloReport { scores, bands })
}

/// `games` duels of the strongest bot against itself: how often the start player wins.
pub fn duel(games: u32, seed: u64, variants: &[String]) -> Result<DuelReport, String> {
    let shares = parallel(games, |i| {
        let setup = Setup {
            players: 2,
            seed: Rng::derive(seed ^ 0xD0E1, i as u64).next_u64(),
            variants: variants.to_vec(),
        };
        let (g, _) = Duchess::start(&setup).map_err(|e| come_buy_text::names::rule_error(&e))?;
        let first = g.view(None).start_player;
        let (scores, _) = play_one::<Duchess>(&setup, &mut bots(2, setup.seed)?)?;
        Ok(scores.win_share(first))
    })?;
    Ok(DuelReport {
        games,
        start_wins: shares.iter().sum(),
    })
}

/// The report's text (everything but the timing line).
pub fn report(cfg: &Config, solo: &SoloReport, duel: &DuelReport, base: bool) -> Vec<String> {
    let mut out = Vec::new();
    out.push(format!("solo: {} deals", solo.scores.len()));
    out.push(format!("median: {}", solo.median()));
    out.push(format!("mean: {:.2}", solo.mean()));
    out.push(format!(
        "min: {}, max: {}",
        solo.scores.first().unwrap_or(&0),
        solo.scores.last().unwrap_or(&0)
    ));
    out.push("histogram (florins: share of deals):".into());
    if let (Some(&lo), Some(&hi)) = (solo.scores.first(), solo.scores.last()) {
        let width = 3;
        let start = lo - lo % width;
        let bins: Vec<(u32, usize)> = (start..=hi)
            .step_by(width as usize)
            .map(|b| {
                (
                    b,
                    solo.scores
                        .iter()
                        .filter(|&&s| s >= b && s < b + width)
                        .count(),
                )
            })
            .collect();
        let most = bins.iter().map(|b| b.1).max().unwrap_or(1).max(1);
        for (b, n) in bins {
            let share = n as f64 / solo.scores.len() as f64;
            out.push(format!(
                "  {:>3}-{:<3} {:>5.1}% {}",
                b,
                b + width - 1,
                100.0 * share,
                "#".repeat((40 * n).div_ceil(most))
            ));
        }
    }
    out.push(if base {
        "ranks:".into()
    } else {
        "ranks (with expansions they are for fun):".into()
    });
    for (i, band) in cfg.solo_ranks.iter().enumerate() {
        let range = match cfg.solo_ranks.get(i + 1) {
            Some(next) if band.min == 0 => format!("up to {}", next.min - 1),
            Some(next) => format!("{}-{}", band.min, next.min - 1),
            None => format!("{}+", band.min),
        };
        out.push(format!(
            "  {} ({range}): {} deals, {:.1}%",
            come_buy_text::names::solo_rank(&band.key),
            solo.bands[i],
            100.0 * solo.share(i)
        ));
    }
    let (lo, hi) = wilson(duel.share(), duel.games as f64);
    out.push(format!(
        "duel: {} games {} vs {}, start player wins {} ({:.1}%, 95% CI {:.1}% to {:.1}%)",
        duel.games,
        strongest(),
        strongest(),
        trim(duel.start_wins),
        100.0 * duel.share(),
        100.0 * lo,
        100.0 * hi
    ));
    if base {
        let ok = |b: bool| if b { "ok" } else { "MISSED" };
        let median = solo.median();
        let shares: Vec<f64> = (0..solo.bands.len()).map(|i| solo.share(i)).collect();
        out.push(format!(
            "targets: median 27-33 {}, no band empty {}, no band above 60% {}, start player 45-55% {}",
            ok((27..=33).contains(&median)),
            ok(solo.bands.iter().all(|&n| n > 0)),
            ok(shares.iter().all(|&s| s <= 0.6)),
            ok((0.45..=0.55).contains(&duel.share()))
        ));
    }
    out
}

fn trim(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.1}")
    }
}

/// `come-buy-sim balance --game duchess [--variant V]... [--games N] [--duels M] [--seed S]`.
pub fn run(args: &Args) -> Result<(), String> {
    let game = args.game()?;
    if game != "duchess" {
        return Err(format!(
            "balance reports on the duchess deck only, not {game:?}"
        ));
    }
    let deals: u32 = args.num("games")?.unwrap_or(10_000);
    let games: u32 = args.num("duels")?.unwrap_or(2_000);
    let seed: u64 = args.num("seed")?.unwrap_or(1);
    if deals == 0 {
        return Err("--games must be at least 1".into());
    }
    let variants = args.variants();
    if let Some(bot) = args.get("bot") {
        if !Duchess::BOTS.contains(&bot) {
            return Err(come_buy_engine::bots::unknown_bot(bot, Duchess::BOTS));
        }
        let _ = BOT.set(bot.to_string());
    }
    // Checks the variants (and says which are known) before any work.
    Duchess::start(&Setup {
        players: 2,
        seed,
        variants: variants.clone(),
    })
    .map_err(|e| come_buy_text::names::rule_error(&e))?;
    // after-empty-N changes only the duel.
    let solo_variants: Vec<String> = variants
        .iter()
        .filter(|v| !v.starts_with(VARIANT_AFTER_EMPTY))
        .cloned()
        .collect();
    let cfg = config();
    let start = Instant::now();
    let s = solo(&cfg, deals, seed, &solo_variants)?;
    let d = duel(games, seed, &variants)?;
    let base = solo_variants.is_empty();
    println!(
        "balance duchess ({}), bot {}, seed {seed} ({:.2} s)",
        if base {
            "base game".to_string()
        } else {
            variants.join(" + ")
        },
        strongest(),
        start.elapsed().as_secs_f64()
    );
    for line in report(&cfg, &s, &d, base) {
        println!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small version of the report: loose enough to be stable, tight enough to catch a deck
    /// that no longer plays as designed (e.g. halved or doubled wish values).
    #[test]
    fn a_small_report_meets_the_base_targets_loosely() {
        let cfg = config();
        let s = solo(&cfg, 500, 7, &[]).unwrap();
        assert_eq!(s.scores.len(), 500);
        assert!((26..=34).contains(&s.median()), "median {}", s.median());
        for i in 0..s.bands.len() {
            assert!(s.share(i) > 0.03, "band {i} holds {:.3}", s.share(i));
            assert!(s.share(i) < 0.65, "band {i} holds {:.3}", s.share(i));
        }
        let d = duel(300, 7, &[]).unwrap();
        assert!(
            (0.38..=0.62).contains(&d.share()),
            "start player {}",
            d.share()
        );
        let text = report(&cfg, &s, &d, true).join("\n");
        assert!(text.contains(&format!("median: {}", s.median())), "{text}");
        assert!(text.contains("Apprentice (up to 26)"), "{text}");
        assert!(text.contains("Magister (34+)"), "{text}");
        assert!(text.contains("targets:"), "{text}");
    }

    #[test]
    fn reports_replay_from_the_seed_and_count_every_deal_once() {
        let cfg = config();
        let a = solo(&cfg, 60, 3, &["rainbow".into()]).unwrap();
        let b = solo(&cfg, 60, 3, &["rainbow".into()]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.bands.iter().sum::<usize>(), 60);
        assert!(a.scores.windows(2).all(|w| w[0] <= w[1]));
        let text = report(&cfg, &a, &duel(10, 3, &[]).unwrap(), false).join("\n");
        assert!(
            text.contains("for fun") && !text.contains("targets:"),
            "{text}"
        );
    }
}
