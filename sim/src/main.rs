//! `come-buy-sim`: Come Buy without a screen.
//!
//! - `serve`: a line protocol on stdin/stdout (JSON), for clients and tests in any language;
//! - `replay FILE`: a saved match (setup + actions, RON or JSON) to its final state and scores;
//! - `play`: bot tournaments with seats rotated, win shares with 95% intervals;
//! - `bench`: random-playout throughput;
//! - `think`: how long a bot takes per decision (p50, p95);
//! - `check-levels`: validates the RON files under `levels/`;
//! - `daily [--date YYYY-MM-DD]`: the deals of the day and their seeds;
//! - `balance --game duchess`: how The Duchess's Necklace's deck plays with the strongest bot.

mod args;
mod balance;
mod commands;
mod games;
mod protocol;
mod tournament;
mod tutorial;

use args::Args;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// The game ids a `--game` takes (anything else is a usage error listing them).
fn game_ids() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(games::GAME_IDS.iter().copied())
}

/// Come Buy's rules without a screen.
#[derive(Parser, Debug)]
#[command(name = "come-buy-sim", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

/// The rule variants of a game (`--variant a --variant b` or `--variant a,b`).
#[derive(clap::Args, Debug, Default)]
struct Variants {
    /// A rule variant (each game's are listed under --help)
    #[arg(long = "variant", value_name = "V")]
    variant: Vec<String>,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Play one match over a line protocol on stdin/stdout (JSON lines)
    Serve {
        #[arg(long, value_parser = game_ids())]
        game: String,
        #[arg(long)]
        players: usize,
        #[arg(long)]
        seed: u64,
        #[command(flatten)]
        variants: Variants,
        /// Play as this seat only: its view, its choices
        #[arg(long)]
        seat: Option<usize>,
        /// Write the match (setup + actions) to FILE at the end
        #[arg(long, value_name = "FILE")]
        record: Option<String>,
        /// The seats' names in the record, one per player, comma-separated (Ana,Bram,Cleo);
        /// without them the table names the seats Seat 1, Seat 2...
        #[arg(long, value_name = "NAMES")]
        names: Option<String>,
    },
    /// Replay a saved match to its final state and scores (RON or JSON)
    Replay { file: String },
    /// Bot tournaments with seats rotated: win shares with 95% intervals
    Play {
        #[arg(long, value_parser = game_ids())]
        game: String,
        #[arg(long)]
        players: usize,
        /// One bot per seat, comma-separated (e.g. normal,random,random,random)
        #[arg(long)]
        bots: String,
        #[arg(long)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        variants: Variants,
    },
    /// How long a bot thinks: seeded games with the bot in every seat, one decision timed per
    /// position (p50/p95 in ms, and the search's iterations per second)
    Think {
        #[arg(long, value_parser = game_ids())]
        game: String,
        #[arg(long)]
        players: usize,
        #[arg(long, default_value = "hard")]
        bot: String,
        /// Decisions to time
        #[arg(long, default_value_t = 200)]
        positions: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Think as the browser does, a step at a time (begin, then think(1) until done), and
        /// print the longest single step: the most one frame must run at once
        #[arg(long)]
        slices: bool,
        #[command(flatten)]
        variants: Variants,
    },
    /// Random-playout throughput, one thread
    Bench {
        #[arg(long, value_parser = game_ids())]
        game: String,
        /// One player count (default: every count the game allows)
        #[arg(long)]
        players: Option<usize>,
        #[arg(long, default_value_t = 3.0)]
        seconds: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The games: ids, name keys, seats (from the level files), variants and bots, as JSON
    Games,
    /// Match codes: a whole match as short, URL-safe text, and back
    Code {
        #[command(subcommand)]
        op: CodeOp,
    },
    /// Play a guided game's script as the table does and print everything that happens
    Tutorial {
        /// The guided game's id (listed under --help)
        id: String,
        /// Deal from this seed instead of the script's (to try deals out)
        #[arg(long)]
        seed: Option<u64>,
        /// Read the script from this file instead (while writing it)
        #[arg(long)]
        file: Option<String>,
    },
    /// The deals of the day (UTC): each deal's id, game, seats and seed, as JSON lines
    Daily {
        /// The date, YYYY-MM-DD (default: today, UTC)
        #[arg(long)]
        date: Option<String>,
    },
    /// Check the RON files of a levels folder
    CheckLevels {
        #[arg(default_value = "levels")]
        dir: String,
    },
    /// How the Duchess's deck plays with the strongest bot (solo scores, the start player's
    /// share of duels)
    Balance {
        #[arg(long, value_parser = ["duchess"])]
        game: String,
        #[command(flatten)]
        variants: Variants,
        /// Solo deals
        #[arg(long, default_value_t = 10_000)]
        games: u32,
        /// Duels
        #[arg(long, default_value_t = 2_000)]
        duels: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The bot that plays (expert, the deck's yardstick; or hard, easy, normal)
        #[arg(long, default_value = "expert")]
        bot: String,
    },
}

#[derive(Subcommand, Debug)]
enum CodeOp {
    /// Print the code of a match record (RON or JSON: a --record file, an autosave)
    Encode { file: String },
    /// Print the match record a code holds (RON; --json for JSON)
    Decode {
        code: String,
        #[arg(long)]
        json: bool,
    },
}

/// `daily`: the day's deals, one JSON line each (the page logs the same figures).
fn daily(date: Option<&str>) -> Result<(), String> {
    use come_buy_engine::daily;
    let day = match date {
        Some(d) => daily::parse_date(d).ok_or_else(|| format!("--date {d:?}: use YYYY-MM-DD"))?,
        None => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_err(|e| e.to_string())?;
            daily::day_of_millis(now.as_millis() as f64)
        }
    };
    for d in daily::deals() {
        let line = serde_json::json!({
            "deal": d.id, "game": d.game, "players": d.players, "bot": daily::bot(),
            "day": day, "number": daily::number(day), "seed": d.seed(day).to_string(),
        });
        println!("{line}");
    }
    Ok(())
}

fn code(op: &CodeOp) -> Result<(), String> {
    match op {
        CodeOp::Encode { file } => {
            let text =
                std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
            let code =
                come_buy_engine::code::encode_text(&text).map_err(|e| format!("{file}: {e}"))?;
            println!("{code}");
        }
        CodeOp::Decode { code, json } => {
            let text = come_buy_engine::code::decode_text(code, *json)
                .map_err(|e| format!("not a match code: {e}"))?;
            println!("{}", text.trim_end());
        }
    }
    Ok(())
}

impl Cmd {
    /// The command's flags as the commands read them.
    fn args(&self) -> Args {
        let mut a = Args::default();
        match self {
            Cmd::Serve {
                game,
                players,
                seed,
                variants,
                seat,
                record,
                names,
            } => {
                a.set("game", game);
                a.set("players", players);
                a.set("seed", seed);
                a.set_all("variant", &variants.variant);
                if let Some(s) = seat {
                    a.set("seat", s);
                }
                if let Some(r) = record {
                    a.set("record", r);
                }
                if let Some(n) = names {
                    a.set("names", n);
                }
            }
            Cmd::Replay { file } => a.positional.push(file.clone()),
            Cmd::Play {
                game,
                players,
                bots,
                games,
                seed,
                variants,
            } => {
                a.set("game", game);
                a.set("players", players);
                a.set("bots", bots);
                a.set("games", games);
                a.set("seed", seed);
                a.set_all("variant", &variants.variant);
            }
            Cmd::Think {
                game,
                players,
                bot,
                positions,
                seed,
                slices,
                variants,
            } => {
                a.set("game", game);
                a.set("players", players);
                a.set("bot", bot);
                a.set("positions", positions);
                a.set("seed", seed);
                if *slices {
                    a.set("slices", 1);
                }
                a.set_all("variant", &variants.variant);
            }
            Cmd::Bench {
                game,
                players,
                seconds,
                seed,
            } => {
                a.set("game", game);
                if let Some(p) = players {
                    a.set("players", p);
                }
                a.set("seconds", seconds);
                a.set("seed", seed);
            }
            Cmd::CheckLevels { dir } => a.positional.push(dir.clone()),
            Cmd::Games | Cmd::Code { .. } | Cmd::Tutorial { .. } | Cmd::Daily { .. } => {}
            Cmd::Balance {
                game,
                variants,
                games,
                duels,
                seed,
                bot,
            } => {
                a.set("bot", bot);
                a.set("game", game);
                a.set_all("variant", &variants.variant);
                a.set("games", games);
                a.set("duels", duels);
                a.set("seed", seed);
            }
        }
        a
    }
}

/// The help's closing words, read from the catalog: each game's id, seats and variants, and the
/// guided games' ids.
fn after_help() -> String {
    use come_buy_engine::catalog::{self, CatalogGame, ForGame};
    struct Line;
    impl ForGame for Line {
        type Out = String;
        fn run<G: CatalogGame>(self) -> String {
            let seats = G::seat_range();
            let variants = if G::VARIANTS.is_empty() {
                String::new()
            } else {
                format!("; variants: {}", G::VARIANTS.join(", "))
            };
            format!(
                "  {} ({}-{} players{variants})",
                G::ID,
                seats.start(),
                seats.end()
            )
        }
    }
    let games: Vec<String> = catalog::IDS
        .iter()
        .filter_map(|id| catalog::dispatch(id, Line))
        .collect();
    let guided: Vec<&str> = catalog::guided_files().iter().map(|t| t.id).collect();
    format!(
        "Games:\n{}\nA game with one seat is played solo.\nGuided games: {}.\nThe protocol is \
         documented in docs/engine.md (\"The line protocol\").",
        games.join("\n"),
        guided.join(", ")
    )
}

fn main() -> ExitCode {
    // Usage errors (an unknown flag or command, a missing or malformed value, an unknown game
    // id) exit 2 with the usage; --help works on every command.
    let cli = Cli::command().after_help(after_help()).get_matches();
    let cli = Cli::from_arg_matches(&cli).unwrap_or_else(|e| e.exit());
    let args = cli.command.args();
    let result = match &cli.command {
        Cmd::Serve { game, .. } => games::dispatch(game, commands::Serve(&args)),
        Cmd::Replay { .. } => protocol::replay_file(&args),
        Cmd::Play { game, .. } => games::dispatch(game, commands::Play(&args)),
        Cmd::Bench { game, .. } => games::dispatch(game, commands::Bench(&args)),
        Cmd::Think { game, .. } => games::dispatch(game, commands::Think(&args)),
        Cmd::CheckLevels { .. } => commands::check_levels(&args),
        Cmd::Games => games::list_games(),
        Cmd::Code { op } => code(op),
        Cmd::Daily { date } => daily(date.as_deref()),
        Cmd::Balance { .. } => balance::run(&args),
        Cmd::Tutorial { id, seed, file } => tutorial::run(id, *seed, file.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("come-buy-sim: {e}");
            ExitCode::from(1)
        }
    }
}
