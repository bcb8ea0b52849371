//! Bot tournaments (`play`) and random-playout throughput (`bench`).

use crate::args::Args;
use crate::games::SimGame;
use crate::protocol::setup_from;
use come_buy_engine::bots::Bot;
use come_buy_engine::game::{FinalScores, Game, Setup};
use come_buy_engine::rng::Rng;
use std::time::Instant;

/// One bot entry's results over a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub name: String,
    pub games: u32,
    /// Shared wins count as fractions.
    pub wins: f64,
    pub points: f64,
}

impl Entry {
    pub fn share(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.wins / self.games as f64
        }
    }

    /// The 95% Wilson score interval of the win share.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.share(), self.games as f64)
    }

    pub fn line(&self) -> String {
        let (lo, hi) = self.interval();
        format!(
            "{}: games {}, wins {}, win share {:.1}% (95% CI {:.1}% to {:.1}%), mean points {:.2}",
            self.name,
            self.games,
            trim_float(self.wins),
            100.0 * self.share(),
            100.0 * lo,
            100.0 * hi,
            self.points / self.games.max(1) as f64,
        )
    }
}

impl Entry {
    /// A solo entry's line: games and mean score (a lone player always "wins").
    pub fn solo_line(&self) -> String {
        format!(
            "{}: games {}, mean score {:.2}",
            self.name,
            self.games,
            self.points / self.games.max(1) as f64,
        )
    }
}

fn trim_float(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.2}")
    }
}

pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

/// Plays one game with `bots[i]` in seat i; returns the final scores and the actions taken.
pub fn play_one<G: come_buy_engine::game::Search>(
    setup: &Setup,
    bots: &mut [Box<dyn Bot<G>>],
) -> Result<(FinalScores, usize), String> {
    let (mut g, _) = G::start(setup).map_err(|e| come_buy_text::names::rule_error(&e))?;
    let mut steps = 0usize;
    while let Some(d) = come_buy_engine::bots::Decision::of(&g) {
        let seat = d.seat;
        let action = bots[seat].decide(&d);
        g.apply(seat, &action).map_err(|e| {
            format!(
                "bot {} chose an illegal action {action:?}: {e}",
                bots[seat].name()
            )
        })?;
        steps += 1;
        if steps > 1_000_000 {
            return Err("a game ran past a million actions".into());
        }
    }
    let scores = g.scores().ok_or("the game ended without scores")?;
    Ok((scores, steps))
}

/// A tournament: `games` games, entry e sitting at seat (e + game) mod players.
pub fn tournament<G: SimGame>(
    names: &[String],
    games: u32,
    seed: u64,
    variants: &[String],
) -> Result<Vec<Entry>, String> {
    let n = names.len();
    if !G::seat_range().contains(&n) {
        return Err(format!(
            "{} needs {}-{} bots, got {n}",
            G::ID,
            G::seat_range().start(),
            G::seat_range().end()
        ));
    }
    for name in names {
        G::bot(name, 0)?;
    }
    let mut entries: Vec<Entry> = names
        .iter()
        .map(|name| Entry {
            name: name.clone(),
            games: 0,
            wins: 0.0,
            points: 0.0,
        })
        .collect();
    for game in 0..games {
        let game_seed = Rng::derive(seed, game as u64).next_u64();
        let setup = Setup {
            players: n,
            seed: game_seed,
            variants: variants.to_vec(),
        };
        // seat s holds entry (s + n - game % n) % n, i.e. entry e sits at (e + game) % n.
        let entry_at = |s: usize| (s + n - (game as usize) % n) % n;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..n)
            .map(|s| {
                G::bot(
                    &names[entry_at(s)],
                    Rng::derive(game_seed, s as u64 + 1).next_u64(),
                )
            })
            .collect::<Result<_, _>>()?;
        let (scores, _) = play_one::<G>(&setup, &mut bots)?;
        for s in 0..n {
            let e = &mut entries[entry_at(s)];
            e.games += 1;
            e.wins += scores.win_share(s);
            e.points += scores.points[s] as f64;
        }
    }
    Ok(entries)
}

pub fn play<G: SimGame>(args: &Args) -> Result<(), String> {
    let bots: Vec<String> = args
        .get("bots")
        .ok_or("--bots is required, e.g. --bots normal,random,random,random")?
        .split(',')
        .map(|s| s.trim().to_string())
        .collect();
    let setup = setup_from(args)?;
    if setup.players != bots.len() {
        return Err(format!(
            "--players {} but --bots lists {} bots",
            setup.players,
            bots.len()
        ));
    }
    let games: u32 = args.required("games")?;
    let start = Instant::now();
    let entries = tournament::<G>(&bots, games, setup.seed, &setup.variants)?;
    if setup.players == 1 {
        // Solo: nobody to beat, so the score is what counts.
        println!(
            "{} solo, {games} games, seed {} ({:.2} s)",
            G::ID,
            setup.seed,
            start.elapsed().as_secs_f64()
        );
        for e in &entries {
            println!("{}", e.solo_line());
        }
        return Ok(());
    }
    println!(
        "{} {} players, {games} games, seed {}, seats rotated ({:.2} s)",
        G::ID,
        setup.players,
        setup.seed,
        start.elapsed().as_secs_f64()
    );
    for e in &entries {
        println!("{}", e.line());
    }
    Ok(())
}

/// Random playouts, single thread: legal-action generation, a uniform pick, apply.
pub struct BenchResult {
    pub players: usize,
    pub games: u64,
    pub actions: u64,
    pub seconds: f64,
}

impl BenchResult {
    pub fn line(&self, id: &str) -> String {
        format!(
            "{id} {} players: {} games in {:.2} s = {:.0} games/s, {:.1} actions/game, {:.0} ns/action",
            self.players,
            self.games,
            self.seconds,
            self.games as f64 / self.seconds,
            self.actions as f64 / self.games.max(1) as f64,
            self.seconds * 1e9 / self.actions.max(1) as f64,
        )
    }
}

pub fn bench_players<G: Game>(
    players: usize,
    seed: u64,
    seconds: f64,
) -> Result<BenchResult, String> {
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds || games == 0 {
        let (mut g, _) =
            G::start(&Setup::new(players, rng.next_u64())).map_err(|e| e.to_string())?;
        while let Some(seat) = g.current_player() {
            let legal = g.legal_actions();
            let a = &legal[rng.below(legal.len())];
            g.apply(seat, a).map_err(|e| e.to_string())?;
            actions += 1;
        }
        games += 1;
    }
    Ok(BenchResult {
        players,
        games,
        actions,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The same playouts on the search path: legal actions and effects into reused buffers
/// (what a search bot's playouts use).
pub fn bench_playouts<G: come_buy_engine::game::Search>(
    players: usize,
    seed: u64,
    seconds: f64,
) -> Result<BenchResult, String> {
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    let (mut legal, mut fx) = (Vec::new(), Vec::new());
    while start.elapsed().as_secs_f64() < seconds || games == 0 {
        let (mut g, _) =
            G::start(&Setup::new(players, rng.next_u64())).map_err(|e| e.to_string())?;
        while let Some(seat) = g.current_player() {
            g.legal_into(&mut legal);
            let a = &legal[rng.below(legal.len())];
            g.apply_into(seat, a, &mut fx).map_err(|e| e.to_string())?;
            actions += 1;
        }
        games += 1;
    }
    Ok(BenchResult {
        players,
        games,
        actions,
        seconds: start.elapsed().as_secs_f64(),
    })
}

pub fn bench<G: SimGame>(args: &Args) -> Result<(), String> {
    let seconds: f64 = args.num("seconds")?.unwrap_or(3.0);
    let seed: u64 = args.num("seed")?.unwrap_or(1);
    let counts: Vec<usize> = match args.num::<usize>("players")? {
        Some(n) => vec![n],
        None => G::seat_range().collect(),
    };
    println!(
        "bench {}: random playouts, single thread, {seconds} s per player count",
        G::ID
    );
    for n in counts {
        println!("{}", bench_players::<G>(n, seed, seconds)?.line(G::ID));
        let fast = bench_playouts::<G>(n, seed, seconds)?;
        println!("{}", fast.line(&format!("{} playout:", G::ID)));
    }
    Ok(())
}

/// The calling thread's time on a processor so far, in ms (Linux; `None` elsewhere).
fn thread_cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

/// `think`: plays seeded games with `--bot` in every seat and times its decisions (only those
/// with a real choice), until `--positions` are timed.
pub fn think<G: SimGame>(args: &Args) -> Result<(), String> {
    let players: usize = args.num("players")?.ok_or("--players is required")?;
    let name = args.get("bot").unwrap_or("hard").to_string();
    let positions: usize = args.num("positions")?.unwrap_or(200);
    let seed: u64 = args.num("seed")?.unwrap_or(1);
    let variants = args.variants();
    let mut times: Vec<f64> = Vec::with_capacity(positions);
    let mut cpu: Vec<f64> = Vec::with_capacity(positions);
    let mut imagined = 0u64;
    let mut game_no = 0u64;
    let sliced = args.get("slices").is_some();
    let (mut longest_begin, mut steps) = (0.0f64, Vec::<f64>::new());
    while times.len() < positions {
        let setup = Setup {
            players,
            seed: seed.wrapping_add(game_no),
            variants: variants.clone(),
        };
        let mut bots = (0..players)
            .map(|s| G::bot(&name, seed ^ (game_no << 8) ^ s as u64))
            .collect::<Result<Vec<_>, _>>()?;
        let (mut g, _) = G::start(&setup).map_err(|e| come_buy_text::names::rule_error(&e))?;
        while let Some(d) = come_buy_engine::bots::Decision::of(&g) {
            let (start, cpu_start) = (Instant::now(), thread_cpu_ms());
            let action = if sliced {
                // As the browser thinks: the start, then a step a frame; each step timed.
                let bot = &mut bots[d.seat];
                let t = Instant::now();
                let searching = bot.begin(&d);
                longest_begin = longest_begin.max(t.elapsed().as_secs_f64() * 1000.0);
                if searching {
                    loop {
                        let t = Instant::now();
                        let pick = bot.think(1);
                        steps.push(t.elapsed().as_secs_f64() * 1000.0);
                        if let Some(a) = pick {
                            break a;
                        }
                    }
                } else {
                    bot.decide(&d)
                }
            } else {
                // A searching bot's advice is its decision, with the games it imagined.
                let advice = bots[d.seat].advise(&d);
                imagined += advice.imagined as u64;
                advice.action
            };
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let cpu_ms = thread_cpu_ms().zip(cpu_start).map(|(b, a)| b - a);
            if d.legal.len() > 1 && times.len() < positions {
                times.push(ms);
                cpu.extend(cpu_ms);
            }
            g.apply(d.seat, &action)
                .map_err(|e| format!("{name} chose an illegal action {action:?}: {e}"))?;
        }
        game_no += 1;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "think {} {players} players, bot {name}: {} decisions over {game_no} games",
        G::ID,
        times.len()
    );
    println!("p50: {:.1} ms", at(0.5));
    println!("p95: {:.1} ms", at(0.95));
    println!("max: {:.1} ms", at(1.0));
    if cpu.len() == times.len() {
        // What the thinking thread spent on a processor: on a busy machine, close to the
        // wall-clock figures of an idle one (waiting for a core is left out).
        cpu.sort_by(f64::total_cmp);
        let at = |q: f64| cpu[((cpu.len() - 1) as f64 * q).round() as usize];
        println!(
            "on a processor: p50 {:.1} / p95 {:.1} / max {:.1} ms",
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
    if sliced && !steps.is_empty() {
        // The most one frame runs at once where a bot thinks a step a frame (a browser): the
        // start of a decision, or one step of its search.
        steps.sort_by(f64::total_cmp);
        let at = |q: f64| steps[((steps.len() - 1) as f64 * q).round() as usize];
        println!(
            "in steps: {} steps; a step p50 {:.2} / p99 {:.2} / max {:.1} ms; the longest start {:.1} ms",
            steps.len(),
            at(0.5),
            at(0.99),
            at(1.0),
            longest_begin
        );
    }
    let total_s = times.iter().sum::<f64>() / 1000.0;
    if imagined > 0 && total_s > 0.0 {
        println!(
            "imagined games: {:.0} per decision, {:.0} per second",
            imagined as f64 / times.len() as f64,
            imagined as f64 / total_s
        );
    }
    Ok(())
}
