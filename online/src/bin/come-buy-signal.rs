//! `come-buy-signal`: the meeting server of Come Buy's online tables, on its own (no game, no
//! graphics libraries): the server a published web page names in `COME_BUY_SIGNAL`. See
//! `--help`, and docs/online.md (running a meeting server).

use come_buy_online::signal::serve::{Asked, HELP, describe, parse, run};
use std::process::ExitCode;

fn main() -> ExitCode {
    match parse(std::env::args().skip(1), |k| std::env::var(k).ok()) {
        Ok(Asked::Serve(config)) => {
            // The rooms' lines (opened, closed: by their hash's first digits) on stderr.
            let filter = tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
            tracing_subscriber::fmt()
                .with_env_filter(filter)
                .with_writer(std::io::stderr)
                .with_ansi(false)
                .init();
            run(config)
        }
        Ok(Asked::Check(config)) => {
            println!("{}", describe(&config));
            ExitCode::SUCCESS
        }
        Ok(Asked::Help) => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        Ok(Asked::Version) => {
            println!("come-buy-signal {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("come-buy-signal: {e}");
            ExitCode::from(2)
        }
    }
}
