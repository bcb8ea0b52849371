//! Command-line options of the `come-buy` binary.

const USAGE: &str = "\
come-buy: the Come Buy card table

USAGE:
  come-buy                       open the table (title screen)
  come-buy --autoplay GAME --players N --seed S [--speed X] [--variant V]... --screenshots DIR
                                 all seats bots: play one whole game, save screenshots at set
                                 moments into DIR, exit 0 at the results screen
  come-buy --soak MINUTES        all seats bots: game after game of every game and mode at
                                 4x speed for MINUTES, printing each game and the memory used
  come-buy --window WxH          window size (default 1600x900)
  come-buy --fullscreen          open full screen (F11 or Alt+Enter switch at any time)
  come-buy --lang en|es|it       speak this language (also with --autoplay); kept as the
                                 language setting
  come-buy --check-locales       check that every language has every message the game uses,
                                 and that each one formats; exit 0 if so
  come-buy --watch CODE          watch a match again from its match code (the results screen
                                 shows it; `come-buy-sim code encode` makes one)
  come-buy --guided ID           play a guided first game at once (the title's Learn to play;
                                 ID below)
  come-buy --daily ID            play today's deal at once (the title's Today's deal; ID
                                 below)
  come-buy --play                deal the last new-game setup at once (skip the title)
  come-buy --phones [PORT]       start the phones' page at launch (desktop; the pause menu's
                                 Phones as hands shows its address and room code), on PORT
                                 or the first free one from 7878; the address is logged
  come-buy --join CODE           open Join a table with a friend's room code (online tables)
  come-buy --signal URL          the signaling server online tables meet at (ws:// or wss://;
                                 default: the setting, else this machine's own on port 3536,
                                 which friends on this network reach at ws://THIS-IP:3536)
  come-buy --serve-signal [PORT] run only a signaling server (default port 3536) until killed;
        [--allow-origin URL]...  web pages from these origins may use it
  come-buy --screenshot PATH --at SECS
                                 save one screenshot after SECS seconds, then quit (checks)

X is an animation speed: 1, 2, 4 or instant. GAME is one of:";

/// The usage, with every game the table has (its id, name and seats).
pub fn usage() -> String {
    let games: Vec<String> = crate::games::GameKind::all()
        .into_iter()
        .map(|k| {
            let p = k.players();
            format!(
                "  {:<30} {}, {}-{} players",
                k.id(),
                k.title(),
                p.start(),
                p.end()
            )
        })
        .collect();
    let guided: Vec<&str> = come_buy_engine::catalog::guided_files()
        .iter()
        .map(|t| t.id)
        .collect();
    let deals: Vec<&str> = come_buy_engine::daily::deals()
        .iter()
        .map(|d| d.id.as_str())
        .collect();
    format!(
        "{USAGE}\n{}\n\nA guided game's ID is one of: {}.\nA deal of the day's ID is one of: {}.",
        games.join("\n"),
        guided.join(", "),
        deals.join(", ")
    )
}

// The speed is the animations' word (`anim`); the command line parses it.
pub use crate::anim::Speed;

#[derive(Clone, Debug, PartialEq)]
pub struct Autoplay {
    pub game: String,
    pub players: usize,
    pub seed: u64,
    pub speed: Speed,
    pub screenshots: std::path::PathBuf,
    /// Rule variants by name (e.g. the Duchess's `rainbow`, `gold`).
    pub variants: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Options {
    pub autoplay: Option<Autoplay>,
    /// Minutes of game after game with bots (`--soak`).
    pub soak: Option<f32>,
    pub window: Option<(u32, u32)>,
    /// One screenshot at a time after start, then quit.
    pub screenshot: Option<(std::path::PathBuf, f32)>,
    pub help: bool,
    /// Open full screen (`--fullscreen`; kept as the setting).
    pub fullscreen: bool,
    /// The language to speak (`--lang`).
    pub lang: Option<String>,
    /// Check the message catalogs and exit (`--check-locales`).
    pub check_locales: bool,
    /// A match code to watch at start (`--watch`).
    pub watch: Option<String>,
    /// A guided game to play at start (`--guided`).
    pub guided: Option<String>,
    /// Today's deal to play at start (`--daily`).
    pub daily: Option<String>,
    /// Deal the remembered new-game setup at start (`--play`).
    pub play: bool,
    /// Start the phones' server at launch (`--phones [PORT]`); `Some(None)`: the usual port.
    pub phones: Option<Option<u16>>,
    /// A room code to join at start (`--join`).
    pub join: Option<String>,
    /// The signaling server for online tables (`--signal`).
    pub signal: Option<String>,
    /// Run only a signaling server on this port (`--serve-signal`).
    pub serve_signal: Option<u16>,
    /// Web pages that may use that server (`--allow-origin`).
    pub allow_origins: Vec<String>,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut o = Options::default();
        let mut p = Pending {
            game: None,
            players: None,
            seed: None,
            speed: Speed::Times(1.0),
            shots: None,
            shot: None,
            at: None,
            variants: Vec::new(),
        };
        let mut args = Args { args, i: 0 };
        while let Some(flag) = args.next_flag() {
            if !p.tool_flag(&mut o, flag, &mut args)? && !o.play_flag(flag, &mut args)? {
                return Err(format!("unknown option {flag:?}"));
            }
        }
        p.finish(o)
    }

    /// A flag for the player (what to play, where, in what language): whether it was one.
    fn play_flag(&mut self, flag: &str, args: &mut Args) -> Result<bool, String> {
        let o = self;
        match flag {
            "--help" | "-h" => o.help = true,
            "--play" => o.play = true,
            "--fullscreen" => o.fullscreen = true,
            "--check-locales" => o.check_locales = true,
            "--phones" => o.phones = Some(args.port()),
            "--join" => {
                let v = args.value(flag)?;
                let code = come_buy_online::code::read_code(&v)
                    .map_err(|key| format!("--join {v:?}: {}", come_buy_text::tr(key)))?;
                o.join = Some(code);
            }
            "--signal" => {
                let v = args.value(flag)?;
                if !(v.starts_with("ws://") || v.starts_with("wss://")) {
                    return Err(format!("--signal {v:?}: use ws://HOST:PORT or wss://HOST"));
                }
                o.signal = Some(v);
            }
            "--serve-signal" => {
                o.serve_signal = Some(args.port().unwrap_or(crate::online::SIGNAL_PORT));
            }
            "--allow-origin" => o.allow_origins.push(args.value(flag)?),
            "--watch" => {
                let code = args.value(flag)?;
                crate::table::replay::check_code(&code).map_err(|e| format!("--watch: {e}"))?;
                o.watch = Some(code);
            }
            "--daily" => {
                let deals = come_buy_engine::daily::deals()
                    .iter()
                    .map(|d| d.id.as_str());
                o.daily = Some(args.one_of(flag, deals)?);
            }
            "--guided" => {
                let guided = come_buy_engine::catalog::guided_files();
                o.guided = Some(args.one_of(flag, guided.iter().map(|t| t.id))?);
            }
            "--lang" => {
                let tags = come_buy_text::LANGUAGES.iter().map(|l| l.tag);
                o.lang = Some(args.one_of(flag, tags)?);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// The command line's words, read one after another.
struct Args<'a> {
    args: &'a [String],
    /// The next word to read.
    i: usize,
}

impl<'a> Args<'a> {
    /// The next flag, if any.
    fn next_flag(&mut self) -> Option<&'a str> {
        let flag = self.args.get(self.i)?;
        self.i += 1;
        Some(flag)
    }

    /// The value that `flag` needs.
    fn value(&mut self, flag: &str) -> Result<String, String> {
        let v = self
            .args
            .get(self.i)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        self.i += 1;
        Ok(v.clone())
    }

    /// `flag`'s value as a number of `what`.
    fn number<T: std::str::FromStr>(&mut self, flag: &str, what: &str) -> Result<T, String> {
        let v = self.value(flag)?;
        v.parse::<T>()
            .map_err(|_| format!("{flag} {v:?} is not a {what}"))
    }

    /// A port number after the flag, if the next word is one (it may be left out).
    fn port(&mut self) -> Option<u16> {
        let port = self.args.get(self.i)?.parse::<u16>().ok()?;
        self.i += 1;
        Some(port)
    }

    /// `flag`'s value, which must be one of `known`.
    fn one_of<'k>(
        &mut self,
        flag: &str,
        known: impl Iterator<Item = &'k str>,
    ) -> Result<String, String> {
        let v = self.value(flag)?;
        let known: Vec<&str> = known.collect();
        if known.contains(&v.as_str()) {
            Ok(v)
        } else {
            Err(format!("{flag} {v:?}: use one of {}", known.join(", ")))
        }
    }
}

/// What the command line said that only makes sense together (an autoplay's settings, a
/// screenshot and its time), settled once every flag is read.
struct Pending {
    game: Option<String>,
    players: Option<usize>,
    seed: Option<u64>,
    speed: Speed,
    shots: Option<std::path::PathBuf>,
    shot: Option<std::path::PathBuf>,
    at: Option<f32>,
    variants: Vec<String>,
}

impl Pending {
    /// A flag for the tools that play or photograph the table by themselves (the autoplay,
    /// a screenshot, the soak, a window's size): whether it was one.
    fn tool_flag(&mut self, o: &mut Options, flag: &str, args: &mut Args) -> Result<bool, String> {
        let p = self;
        match flag {
            "--autoplay" => p.game = Some(args.value(flag)?),
            "--players" => p.players = Some(args.number(flag, "number")?),
            "--seed" => p.seed = Some(args.number(flag, "number")?),
            "--variant" => p.variants.push(args.value(flag)?),
            "--speed" => p.speed = Speed::parse(&args.value(flag)?)?,
            "--screenshots" => p.shots = Some(args.value(flag)?.into()),
            "--screenshot" => p.shot = Some(args.value(flag)?.into()),
            "--at" => p.at = Some(args.number(flag, "number of seconds")?),
            "--window" => {
                let v = args.value(flag)?;
                let (w, h) = v
                    .split_once('x')
                    .ok_or("--window wants WxH, e.g. 1920x1080")?;
                let (w, h) = (
                    w.parse().map_err(|_| "bad --window width")?,
                    h.parse().map_err(|_| "bad --window height")?,
                );
                o.window = Some((w, h));
            }
            "--soak" => {
                let v = args.value(flag)?;
                o.soak = Some(
                    v.parse::<f32>()
                        .ok()
                        .filter(|m| *m > 0.0)
                        .ok_or_else(|| format!("--soak {v:?} is not a number of minutes"))?,
                );
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The options whole, or why the flags do not go together.
    fn finish(self, mut o: Options) -> Result<Options, String> {
        let Pending {
            game,
            players,
            seed,
            speed,
            shots,
            shot,
            at,
            variants,
        } = self;
        match (shot, at) {
            (Some(p), Some(t)) => o.screenshot = Some((p, t)),
            (None, None) => {}
            _ => return Err("--screenshot and --at go together".into()),
        }
        if o.guided.is_some() && (o.watch.is_some() || o.soak.is_some() || game.is_some()) {
            return Err(
                "--guided is a run of its own (not with --watch, --autoplay or --soak)".into(),
            );
        }
        let others = [
            o.guided.is_some(),
            o.watch.is_some(),
            o.soak.is_some(),
            game.is_some(),
        ];
        if o.daily.is_some() && (o.play || others.contains(&true)) {
            return Err(
                "--daily is a run of its own (not with --guided, --watch, --play, \
                 --autoplay or --soak)"
                    .into(),
            );
        }
        if o.watch.is_some() && (o.soak.is_some() || game.is_some()) {
            return Err("--watch is a run of its own (not with --autoplay or --soak)".into());
        }
        if o.play && (o.guided.is_some() || o.watch.is_some() || o.soak.is_some() || game.is_some())
        {
            return Err(
                "--play is a run of its own (not with --guided, --watch, --autoplay or --soak)"
                    .into(),
            );
        }
        if o.soak.is_some() && game.is_some() {
            return Err("--soak and --autoplay are separate runs".into());
        }
        if let Some(game) = game {
            o.autoplay = Some(Autoplay {
                game,
                players: players.ok_or("--autoplay needs --players")?,
                seed: seed.ok_or("--autoplay needs --seed")?,
                speed,
                screenshots: shots.ok_or("--autoplay needs --screenshots DIR")?,
                variants,
            });
        } else if players.is_some() || seed.is_some() || shots.is_some() || !variants.is_empty() {
            return Err("--players, --seed, --variant and --screenshots go with --autoplay".into());
        }
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Options, String> {
        Options::parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn language_option() {
        assert_eq!(parse("--lang es").unwrap().lang.as_deref(), Some("es"));
        let v = parse("--autoplay mykonos --players 2 --seed 1 --lang it --screenshots d").unwrap();
        assert_eq!(v.lang.as_deref(), Some("it"));
        assert!(v.autoplay.is_some());
        assert!(parse("--lang").is_err());
        assert!(parse("--lang de").is_err());
        assert!(parse("--check-locales").unwrap().check_locales);
        assert_eq!(
            parse("--guided mykonos").unwrap().guided.as_deref(),
            Some("mykonos")
        );
        assert!(
            parse("--guided chess")
                .unwrap_err()
                .contains("duchess_solo")
        );
        assert!(parse("--fullscreen").unwrap().fullscreen);
    }

    /// The flags whose value may be left out, and what each error says.
    #[test]
    fn optional_values_and_what_a_wrong_word_is_told() {
        assert_eq!(parse("--phones").unwrap().phones, Some(None));
        assert_eq!(parse("--phones 8123").unwrap().phones, Some(Some(8123)));
        // A word after the flag that is no port is the next flag, not the port.
        let o = parse("--phones --fullscreen").unwrap();
        assert_eq!((o.phones, o.fullscreen), (Some(None), true));
        assert_eq!(
            parse("--serve-signal").unwrap().serve_signal,
            Some(crate::online::SIGNAL_PORT)
        );
        assert_eq!(
            parse("--serve-signal 9000").unwrap().serve_signal,
            Some(9000)
        );
        assert_eq!(
            parse("--window 1280x720").unwrap().window,
            Some((1280, 720))
        );
        assert!(parse("--window 1280").unwrap_err().contains("WxH"));
        assert_eq!(
            parse("--autoplay mykonos --players two --seed 1 --screenshots d").unwrap_err(),
            "--players \"two\" is not a number"
        );
        assert_eq!(
            parse("--screenshot a.png --at soon").unwrap_err(),
            "--at \"soon\" is not a number of seconds"
        );
        assert_eq!(parse("--seed").unwrap_err(), "--seed needs a value");
        assert_eq!(
            parse("--colour red").unwrap_err(),
            "unknown option \"--colour\""
        );
        assert!(
            parse("--daily nope")
                .unwrap_err()
                .starts_with("--daily \"nope\": use one of ")
        );
        assert!(parse("--signal http://x").unwrap_err().contains("ws://"));
        let o = parse("--allow-origin https://a --allow-origin https://b").unwrap();
        assert_eq!(o.allow_origins, ["https://a", "https://b"]);
    }

    #[test]
    fn soak_options() {
        assert_eq!(parse("--soak 30").unwrap().soak, Some(30.0));
        assert_eq!(parse("--soak 0.5").unwrap().soak, Some(0.5));
        assert!(parse("--soak").is_err());
        assert!(parse("--soak -3").is_err());
        assert!(parse("--soak soon").is_err());
        assert!(parse("--soak 5 --autoplay mykonos --players 2 --seed 1 --screenshots d").is_err());
    }

    #[test]
    fn a_soak_plays_every_game_and_seat_count() {
        let all = crate::soak::rounds();
        for game in crate::games::GameKind::all() {
            for players in game.players() {
                assert!(all.iter().any(|(g, p, _)| *g == game && *p == players));
            }
        }
    }

    #[test]
    fn autoplay_options() {
        let o =
            parse("--autoplay goblin-market --players 4 --seed 9 --speed 4 --screenshots /tmp/s")
                .unwrap();
        let a = o.autoplay.unwrap();
        assert_eq!(
            (a.game.as_str(), a.players, a.seed),
            ("goblin-market", 4, 9)
        );
        assert_eq!(a.speed, Speed::Times(4.0));
        assert_eq!(
            parse("--autoplay x --players 3 --seed 1 --speed instant --screenshots d")
                .unwrap()
                .autoplay
                .unwrap()
                .speed,
            Speed::Instant
        );
        assert!(parse("--autoplay goblin-market --players 4").is_err());
        assert!(parse("--speed 0 --autoplay g --players 3 --seed 1 --screenshots d").is_err());
        assert!(parse("--players 3").is_err());
        assert!(parse("--variant gold").is_err());
        let v = parse("--autoplay duchess --players 1 --seed 2 --variant rainbow --variant gold --screenshots d")
            .unwrap()
            .autoplay
            .unwrap()
            .variants;
        assert_eq!(v, vec!["rainbow".to_string(), "gold".to_string()]);
        assert!(parse("--bogus").is_err());
        assert_eq!(
            parse("--window 1920x1080").unwrap().window,
            Some((1920, 1080))
        );
        assert!(parse("").unwrap().autoplay.is_none());
    }

    #[test]
    fn the_usage_lists_every_game() {
        let u = usage();
        // Every game of the catalog and every guided game, read from the catalog.
        for id in come_buy_engine::catalog::IDS {
            assert!(u.contains(id), "{id} missing from:\n{u}");
        }
        for t in come_buy_engine::catalog::guided_files() {
            assert!(u.contains(t.id), "{} missing from:\n{u}", t.id);
        }
        assert!(u.contains("Goblin Market, 3-6 players"), "{u}");
    }
}
