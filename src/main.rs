//! `come-buy`: the table. `come-buy` alone opens the title screen; `--autoplay` plays a whole
//! game with bots and saves screenshots (see `autoplay.rs`).

use std::process::ExitCode;

fn main() -> ExitCode {
    // Bevy's Instant also works in browsers (std's panics there).
    come_buy::LAUNCHED.get_or_init(bevy::platform::time::Instant::now);
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match come_buy::cli::Options::parse(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("come-buy: {e}\n\n{}", come_buy::cli::usage());
            return ExitCode::from(2);
        }
    };
    if options.check_locales {
        return come_buy::check_locales();
    }
    if options.help {
        println!("{}", come_buy::cli::usage());
        return ExitCode::SUCCESS;
    }
    if let Some(port) = options.serve_signal {
        return come_buy::online::serve_signal(port, options.allow_origins.clone());
    }
    come_buy::run(options)
}
