//! The line protocol (`serve`) and saved matches (`replay`).
//!
//! `serve` writes one JSON object per line: first the setup (step 0, with the card catalog),
//! then one per accepted action. Input is one JSON value per line: an action in the game's
//! JSON form (`"Pass"`, `{"Bid":5}`) for the current player, or `{"seat":2,"action":...}`,
//! or `{"view":1}` to see the table as seat 1 sees it. Bad input gets an error line and
//! changes nothing: that includes a line that is not UTF-8 and one longer than [`MAX_LINE`].

use crate::args::Args;
use crate::games::{self, Command, SimGame};
use come_buy_engine::game::{Seat, Setup};
use come_buy_engine::record::{self, Record, SeatRecord, Step};
use serde::Serialize;
use serde_json::{self as json, Value};
use std::io::{BufRead, Write};

fn field<T: Serialize + ?Sized>(name: &str, value: &T) -> (String, Value) {
    (name.to_string(), to_val(value))
}

/// A JSON object with its fields in the given order.
pub fn obj(fields: Vec<(String, Value)>) -> Value {
    Value::Object(fields.into_iter().collect())
}

/// `value` as JSON (every value the engine makes serializes; a failure would be `null`).
pub fn to_val<T: Serialize + ?Sized>(value: &T) -> Value {
    json::to_value(value).unwrap_or(Value::Null)
}

/// A serving session: the game and what has been played so far.
pub struct Session<G: SimGame> {
    pub game: G,
    pub setup: Setup,
    /// The match so far (the protocol's `--record` writes it).
    pub record: Record<G::Action>,
    view_seat: Option<Seat>,
    first_effects: Vec<G::Effect>,
}

impl<G: SimGame> Session<G> {
    pub fn new(setup: Setup, view_seat: Option<Seat>) -> Result<Self, String> {
        if let Some(s) = view_seat
            && s >= setup.players
        {
            return Err(format!(
                "--seat {s}: there are only {} seats",
                setup.players
            ));
        }
        let (game, first_effects) =
            G::start(&setup).map_err(|e| come_buy_text::names::rule_error(&e))?;
        Ok(Session {
            game,
            record: Record::new(G::ID, &setup, Vec::new()),
            setup,
            view_seat,
            first_effects,
        })
    }

    fn redacted(&self, effects: &[G::Effect]) -> Vec<G::Effect> {
        effects
            .iter()
            .map(|e| G::redact(e, self.view_seat))
            .collect()
    }

    fn state_fields(&self, fields: &mut Vec<(String, Value)>) {
        let g = &self.game;
        fields.push(field("current_player", &g.current_player()));
        // A client watching as one seat sees only its own choices (they may show its hand).
        let legal = match (self.view_seat, g.current_player()) {
            (Some(v), Some(c)) if v != c => Vec::new(),
            _ => g.legal_actions(),
        };
        fields.push(field("legal_actions", &legal));
        fields.push(field("state", &g.view(self.view_seat)));
        fields.push(field("over", &g.is_over()));
        fields.push(field("scores", &g.scores()));
    }

    /// The first line: the setup, the card catalog, the setup's effects and the state.
    pub fn intro(&self) -> String {
        let mut f = vec![
            field("step", &0),
            field("game", G::ID),
            field("setup", &self.setup),
            field("catalog", &G::cards()),
            field("effects", &self.redacted(&self.first_effects)),
        ];
        self.state_fields(&mut f);
        obj(f).to_string()
    }

    fn error(&self, kind: &str, message: &str) -> String {
        obj(vec![
            field("error", message),
            field("kind", kind),
            field("step", &self.record.steps.len()),
        ])
        .to_string()
    }

    /// Handles one input line; `None` for blank and comment lines.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            return None;
        }
        let value = match json::from_str::<Value>(t) {
            Ok(v) => v,
            Err(e) => return Some(self.error("Parse", &format!("not JSON: {e}"))),
        };
        if let Some(seat) = value.get("view") {
            return Some(match json::from_value::<Seat>(seat.clone()) {
                // A client serving as one seat may not look at another seat's hand.
                Ok(s) if self.view_seat.is_some_and(|v| v != s) => self.error(
                    "Forbidden",
                    "this session plays as one seat: it may only view that seat",
                ),
                Ok(s) if s < self.game.players() => obj(vec![
                    field("view", &s),
                    field("state", &self.game.view(Some(s))),
                ])
                .to_string(),
                _ => self.error("Parse", "\"view\" needs a seat number at this table"),
            });
        }
        let (seat, action_value) = match value.get("action") {
            Some(a) => {
                let seat = match value.get("seat") {
                    None => self.game.current_player(),
                    Some(s) => match json::from_value::<Seat>(s.clone()) {
                        Ok(s) => Some(s),
                        Err(_) => {
                            return Some(self.error("Parse", "\"seat\" must be a seat number"));
                        }
                    },
                };
                (seat, a.clone())
            }
            None => (self.game.current_player(), value),
        };
        let action: G::Action = match json::from_value(action_value) {
            Ok(a) => a,
            Err(e) => {
                return Some(self.error("Parse", &format!("not an action of {}: {e}", G::ID)));
            }
        };
        // After the end there is no current player: seat 0 gets the engine's GameOver error.
        match self.game.apply(seat.unwrap_or(0), &action) {
            Err(e) => Some(self.error(e.kind(), &come_buy_text::names::rule_error(&e))),
            Ok(effects) => {
                self.record.steps.push(Step {
                    seat: seat.unwrap_or(0),
                    action: action.clone(),
                });
                let mut f = vec![
                    field("step", &self.record.steps.len()),
                    field("seat", &seat),
                    field("action", &action),
                    field("effects", &self.redacted(&effects)),
                ];
                self.state_fields(&mut f);
                Some(obj(f).to_string())
            }
        }
    }
}

pub fn setup_from(args: &Args) -> Result<Setup, String> {
    Ok(Setup {
        players: args.required("players")?,
        seed: args.required("seed")?,
        variants: args.variants(),
    })
}

/// The longest input line `serve` reads, in bytes (without its line end); a longer one gets
/// an error line and is skipped without being held in memory.
pub const MAX_LINE: usize = 1 << 20;

/// What [`read_line`] found.
#[derive(Debug, PartialEq)]
enum Line {
    /// End of input: nothing more to read.
    End,
    /// A line, now in the buffer without its `\n` (or `\r\n`); maybe not UTF-8.
    Bytes,
    /// A line longer than the limit, read to its end and dropped.
    TooLong,
}

/// Reads one line as bytes into `buf` (cleared first), holding at most `max` bytes of it:
/// the rest of a longer line is read and thrown away chunk by chunk. Like `BufRead::lines`,
/// a last line needs no `\n`, and `\r\n` ends a line as `\n` does.
fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>, max: usize) -> std::io::Result<Line> {
    buf.clear();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        read_any = true;
        let newline = chunk.iter().position(|&b| b == b'\n');
        let part = &chunk[..newline.unwrap_or(chunk.len())];
        // A `\r` before the `\n` may stand at the limit: allow one byte more until it is seen.
        if !too_long && buf.len() + part.len() <= max + 1 {
            buf.extend_from_slice(part);
        } else {
            too_long = true;
            buf.clear();
        }
        let used = newline.map_or(chunk.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
            break;
        }
    }
    Ok(if !read_any {
        Line::End
    } else if too_long || buf.len() > max {
        buf.clear();
        Line::TooLong
    } else {
        Line::Bytes
    })
}

/// The record's seats from `--names` (one name per player), or none.
pub fn seats_from(args: &Args, players: usize) -> Result<Vec<SeatRecord>, String> {
    let Some(names) = args.get("names") else {
        return Ok(Vec::new());
    };
    let names: Vec<&str> = names.split(',').map(str::trim).collect();
    if names.len() != players || names.iter().any(|n| n.is_empty()) {
        return Err(format!(
            "--names: {} names for {players} players (one per seat, comma-separated)",
            names.len()
        ));
    }
    Ok(names
        .iter()
        .enumerate()
        .map(|(i, n)| SeatRecord {
            name: n.to_string(),
            color: i,
            bot: None,
        })
        .collect())
}

pub fn serve<G: SimGame>(args: &Args) -> Result<(), String> {
    let setup = setup_from(args)?;
    let seats = seats_from(args, setup.players)?;
    let mut session = Session::<G>::new(setup, args.num("seat")?)?;
    session.record.seats = seats;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let io = |e: std::io::Error| format!("output: {e}");
    writeln!(out, "{}", session.intro()).map_err(io)?;
    out.flush().map_err(io)?;
    let mut input = std::io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        let reply = match read_line(&mut input, &mut buf, MAX_LINE) {
            Err(e) => return Err(format!("input: {e}")),
            Ok(Line::End) => break,
            Ok(Line::TooLong) => Some(session.error(
                "Parse",
                &format!("line too long: more than {MAX_LINE} bytes; skipped"),
            )),
            Ok(Line::Bytes) => match std::str::from_utf8(&buf) {
                Ok(line) => session.handle(line),
                Err(e) => Some(session.error("Parse", &format!("not valid UTF-8: {e}"))),
            },
        };
        if let Some(reply) = reply {
            writeln!(out, "{reply}").map_err(io)?;
            out.flush().map_err(io)?;
        }
    }
    if let Some(path) = args.get("record") {
        let text = session.record.to_ron();
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(())
}

/// Plays a match record (RON or JSON, any format written so far: a `--record` file, the
/// table's autosave) to its end; the JSON summary of the final state.
pub fn replay<G: SimGame>(name: &str, text: &str) -> Result<String, String> {
    let record = Record::<G::Action>::parse::<G>(text).map_err(|e| format!("{name}: {e}"))?;
    let (g, _) = record
        .replay::<G>(|_, _, _| {})
        .map_err(|e| format!("{name}: {e}"))?;
    Ok(obj(vec![
        field("game", G::ID),
        field("setup", &record.setup()),
        field("steps", &record.steps.len()),
        field("over", &g.is_over()),
        field("current_player", &g.current_player()),
        field("scores", &g.scores()),
        field("state", &g.view(None)),
    ])
    .to_string())
}

struct Replay<'a> {
    name: &'a str,
    text: &'a str,
}

impl Command for Replay<'_> {
    fn run<G: SimGame>(self) -> Result<(), String> {
        println!("{}", replay::<G>(self.name, self.text)?);
        Ok(())
    }
}

pub fn replay_file(args: &Args) -> Result<(), String> {
    let name = args
        .positional
        .first()
        .ok_or("replay needs a FILE (seed + actions, RON or JSON)")?;
    let text = std::fs::read_to_string(name).map_err(|e| format!("cannot read {name}: {e}"))?;
    let game = record::game_of(&text).map_err(|e| format!("{name}: {e}"))?;
    games::dispatch(&game, Replay { name, text: &text })
}

#[cfg(test)]
mod tests {
    use super::*;
    use come_buy_engine::game::Game;
    use come_buy_engine::goblin_market::GoblinMarket;
    use come_buy_engine::rng::Rng;

    fn session(seed: u64) -> Session<GoblinMarket> {
        Session::new(Setup::new(4, seed), None).unwrap()
    }

    /// Random and mangled lines: every one gets a reply (or is a comment), never a panic, and
    /// a refused line leaves the game exactly as it was.
    #[test]
    fn fuzzed_lines_are_refused_without_changing_anything() {
        let pieces = [
            "\"Pass\"",
            "{\"Bid\":3}",
            "{\"Bid\":",
            "\"TakeAll\"",
            "{\"TakeOne\":7}",
            "null",
            "[]",
            "{}",
            "{\"seat\":1,\"action\":\"Pass\"}",
            "{\"seat\":\"x\",\"action\":1}",
            "{\"view\":-1}",
            "\u{0}",
            "{\"Bid\":18446744073709551616}",
            "1e999",
            "\"\\ud800\"",
            "tru",
            "{\"a\":{\"b\":[",
            "# comment",
        ];
        let mut rng = Rng::new(5);
        let mut s = session(8);
        let mut accepted = 0;
        for _ in 0..5000 {
            let mut line = String::new();
            for _ in 0..1 + rng.below(3) {
                line.push_str(pieces[rng.below(pieces.len())]);
            }
            if rng.below(4) == 0 {
                let cut = rng.below(line.len() + 1);
                line = line.chars().take(cut).collect();
            }
            let before = format!("{:?}", s.game);
            let steps = s.record.steps.len();
            match s.handle(&line) {
                None => assert!(line.trim().is_empty() || line.trim().starts_with('#')),
                Some(reply) => {
                    let v = json::from_str::<Value>(&reply).expect("replies are JSON");
                    if v.get("error").is_some() {
                        assert_eq!(format!("{:?}", s.game), before, "{line}");
                        assert_eq!(s.record.steps.len(), steps);
                    } else if v.get("view").is_none() {
                        accepted += 1;
                        assert_eq!(s.record.steps.len(), steps + 1);
                    }
                }
            }
            if s.game.is_over() {
                s = session(rng.next_u64());
            }
        }
        assert!(
            accepted > 50,
            "the fuzz should also hit legal lines ({accepted})"
        );
    }

    /// Every line `read_line` gives with a limit of `max`, read through a small buffer so
    /// that lines span several chunks.
    fn lines(input: &[u8], max: usize) -> Vec<Result<Vec<u8>, Line>> {
        let mut r = std::io::BufReader::with_capacity(3, input);
        let mut buf = Vec::new();
        let mut got = Vec::new();
        loop {
            match read_line(&mut r, &mut buf, max).unwrap() {
                Line::End => return got,
                Line::Bytes => got.push(Ok(buf.clone())),
                Line::TooLong => got.push(Err(Line::TooLong)),
            }
        }
    }

    #[test]
    fn read_line_ends_lines_like_std_and_skips_long_ones_whole() {
        let ok = |s: &[u8]| Ok(s.to_vec());
        assert_eq!(lines(b"", 8), vec![]);
        assert_eq!(lines(b"\n", 8), vec![ok(b"")]);
        // `\r\n` ends a line like `\n`; a last line needs no line end; other `\r`s stay.
        assert_eq!(
            lines(b"ab\r\ncd\n\na\rb\ref", 8),
            vec![ok(b"ab"), ok(b"cd"), ok(b""), ok(b"a\rb\ref")]
        );
        // Bytes come back as they are: UTF-8 is checked by the caller.
        assert_eq!(
            lines(b"\xff\xfe\n\"Pass\"", 8),
            vec![ok(b"\xff\xfe"), ok(b"\"Pass\"")]
        );
        // At the limit (with or without `\r`) a line is whole; one byte more and it is skipped
        // to its end, and the next line reads as usual.
        assert_eq!(
            lines(b"12345678\n12345678\r\n123456789\nok\n123456789\r\n", 8),
            vec![
                ok(b"12345678"),
                ok(b"12345678"),
                Err(Line::TooLong),
                ok(b"ok"),
                Err(Line::TooLong)
            ]
        );
        assert_eq!(
            lines(&[b'a'; 100], 8),
            vec![Err(Line::TooLong)],
            "a long last line without a line end"
        );
        let mut long = vec![b'x'; 10_000];
        long.extend_from_slice(b"\r\n\"Pass\"\r\n");
        assert_eq!(lines(&long, 8), vec![Err(Line::TooLong), ok(b"\"Pass\"")]);
    }

    /// A long line is never held whole: the buffer stays within the limit plus a chunk.
    #[test]
    fn read_line_does_not_buffer_a_long_line() {
        let input = vec![b'a'; 1 << 20];
        let mut r = std::io::BufReader::with_capacity(64, &input[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut r, &mut buf, 100).unwrap(), Line::TooLong);
        assert!(buf.capacity() < 1000, "{}", buf.capacity());
        assert_eq!(read_line(&mut r, &mut buf, 100).unwrap(), Line::End);
    }

    #[test]
    fn replies_carry_the_state_the_legal_actions_and_the_effects() {
        let mut s = session(2);
        let intro = json::from_str::<Value>(&s.intro()).unwrap();
        for key in [
            "setup",
            "catalog",
            "effects",
            "current_player",
            "legal_actions",
            "state",
            "over",
            "scores",
        ] {
            assert!(intro.get(key).is_some(), "intro lacks {key}");
        }
        let reply = json::from_str::<Value>(&s.handle("\"Pass\"").unwrap()).unwrap();
        assert_eq!(reply.get("action").and_then(Value::as_str), Some("Pass"));
        let effects = reply.get("effects").unwrap().to_string();
        assert!(effects.contains("Passed"), "{effects}");
        assert_eq!(s.record.steps.len(), 1);
        let text = s.record.to_ron();
        let back =
            Record::<come_buy_engine::goblin_market::Action>::parse::<GoblinMarket>(&text).unwrap();
        assert_eq!(back, s.record);
    }
}
