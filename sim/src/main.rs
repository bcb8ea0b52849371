//! `come-buy-sim`: Come Buy without a screen.
//!
//! - `serve`: a line protocol on stdin/stdout (JSON), for clients and tests in any language;
//! - `replay FILE`: a saved match (setup + actions, RON or JSON) to its final state and scores;
//! - `play`: bot tournaments with seats rotated, win shares with 95% intervals;
//! - `bench`: random-playout throughput;
//! - `check-levels`: validates the RON files under `levels/`;
//! - `balance --game duchess`: how The Duchess's Necklace's deck plays with the strongest bot.

mod args;
mod balance;
mod games;
mod protocol;
mod tournament;

use args::Args;
use std::process::ExitCode;

const USAGE: &str = "\
come-buy-sim: Come Buy's rules without a screen

USAGE:
  come-buy-sim serve  --game ID --players N --seed S [--variant V]... [--seat K] [--record FILE]
  come-buy-sim replay FILE
  come-buy-sim play   --game ID --players N --bots LIST --games G --seed S [--variant V]...
  come-buy-sim bench  --game ID [--players N] [--seconds T] [--seed S]
  come-buy-sim check-levels [DIR]
  come-buy-sim balance --game duchess [--variant V]... [--games N] [--duels M] [--seed S]

Game ids: goblin-market, duchess, mykonos. Bots: random, normal (duchess also expert).
duchess: --players 1 is solo, 2 a duel; variants rainbow, gold, after-empty-N (duel: N turns
each once the draw pile is empty, default 3). balance: solo scores of N deals (default 10000)
and the start player's share of M duels (default 2000), strongest bot.
The protocol is documented in the README (\"The line protocol\").";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = argv.first().cloned() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = Args::parse(&argv[1..]).and_then(|args| match command.as_str() {
        "serve" => games::dispatch(&args.game()?, games::Serve(&args)),
        "replay" => protocol::replay_file(&args),
        "play" => games::dispatch(&args.game()?, games::Play(&args)),
        "bench" => games::dispatch(&args.game()?, games::Bench(&args)),
        "check-levels" => games::check_levels(&args),
        "balance" => balance::run(&args),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n\n{USAGE}")),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("come-buy-sim: {e}");
            ExitCode::from(1)
        }
    }
}
