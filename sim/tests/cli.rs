//! The `come-buy-sim` binary as an outside client sees it.

use serde_json::{self as json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_come-buy-sim");

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("come-buy-sim-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

struct Client {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Client {
    fn start(args: &[&str]) -> (Client, Value) {
        let mut child = Command::new(BIN)
            .arg("serve")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let mut c = Client { child, out };
        let intro = c.read();
        (c, intro)
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.out.read_line(&mut line).unwrap();
        json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("bad line {line:?}: {e}"))
    }

    /// Writes bytes as they are (no line end added) without waiting for a reply.
    fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) -> Value {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        self.read()
    }

    fn finish(mut self) -> i32 {
        drop(self.child.stdin.take());
        self.child.wait().unwrap().code().unwrap_or(-1)
    }
}

fn num(v: &Value, key: &str) -> Option<u64> {
    v.get(key)
        .and_then(|n| json::from_value::<u64>(n.clone()).ok())
}

#[test]
fn serve_plays_a_whole_game_refuses_bad_lines_and_records_a_replay() {
    let record = tmp("served.ron");
    let path = record.to_str().unwrap();
    let (mut c, intro) = Client::start(&[
        "--game",
        "goblin-market",
        "--players",
        "4",
        "--seed",
        "11",
        "--record",
        path,
    ]);
    assert_eq!(num(&intro, "step"), Some(0));
    assert_eq!(
        intro.get("game").and_then(Value::as_str),
        Some("goblin-market")
    );
    let catalog = intro.get("catalog").unwrap();
    assert!(matches!(catalog, Value::Array(a) if a.len() == 45));
    assert!(intro.get("state").unwrap().get("coins").is_some());
    let first = num(&intro, "current_player").unwrap();

    // Malformed and illegal lines: an error line each, and nothing changes.
    let other = (first + 1) % 4;
    let bad = [
        "hello".to_string(),
        "{".into(),
        "{\"Bid\": -1}".into(),
        "{\"Bidd\": 3}".into(),
        "{\"Bid\": 999}".into(),
        "\"TakeAll\"".into(),
        "{\"seat\": 99, \"action\": \"Pass\"}".into(),
        format!("{{\"seat\": {other}, \"action\": \"Pass\"}}"),
        "{\"view\": 17}".into(),
        "[1,2,3]".into(),
        "\u{1F47A}".into(),
    ];
    for line in &bad {
        let reply = c.send(line);
        assert!(reply.get("error").is_some(), "{line} accepted: {reply}");
        assert_eq!(num(&reply, "step"), Some(0), "{line}");
    }
    let reply = c.send(&format!("{{\"seat\": {other}, \"action\": \"Pass\"}}"));
    assert_eq!(
        reply.get("kind").and_then(Value::as_str),
        Some("NotYourTurn")
    );
    let view = c.send("{\"view\": 2}");
    assert_eq!(num(&view, "view"), Some(2));

    // Play to the end by always choosing the middle legal action.
    let mut last = intro;
    let mut steps = 0u64;
    while last.get("over") == Some(&Value::Bool(false)) {
        let Some(Value::Array(legal)) = last.get("legal_actions") else {
            panic!("no legal actions in {last}")
        };
        assert!(!legal.is_empty());
        let choice = legal[legal.len() / 2].to_string();
        last = c.send(&choice);
        steps += 1;
        assert_eq!(num(&last, "step"), Some(steps), "{choice} -> {last}");
        assert!(last.get("effects").is_some());
    }
    let scores = last.get("scores").unwrap().clone();
    assert!(scores.get("winners").is_some());
    let after = c.send("\"Pass\"");
    assert_eq!(after.get("kind").and_then(Value::as_str), Some("GameOver"));
    assert_eq!(c.finish(), 0);

    // The recorded match replays to the same scores.
    let (code, out, err) = run(&["replay", path]);
    assert_eq!(code, 0, "{err}");
    let summary = json::from_str::<Value>(out.trim()).unwrap();
    assert_eq!(summary.get("scores"), Some(&scores));
    assert_eq!(num(&summary, "steps"), Some(steps));
}

const GOBLINS: [&str; 6] = ["--game", "goblin-market", "--players", "4", "--seed", "1"];

/// A clean session's first action (the second legal one, a bid), its reply, and then the
/// reply to `{"view":0}`: what a session that also got bad lines must answer too.
fn goblins_reference() -> (String, Value, Value) {
    let (mut c, intro) = Client::start(&GOBLINS);
    let Some(Value::Array(legal)) = intro.get("legal_actions") else {
        panic!("no legal actions in {intro}")
    };
    let action = legal[1].to_string();
    let reply = c.send(&action);
    assert_eq!(num(&reply, "step"), Some(1), "{reply}");
    let view = c.send("{\"view\":0}");
    assert_eq!(c.finish(), 0);
    (action, reply, view)
}

fn assert_parse_error(reply: &Value, says: &str) {
    assert_eq!(
        reply.get("kind").and_then(Value::as_str),
        Some("Parse"),
        "{reply}"
    );
    let message = reply.get("error").and_then(Value::as_str).unwrap_or("");
    assert!(message.contains(says), "{reply}");
    assert_eq!(num(reply, "step"), Some(0), "{reply}");
}

/// Lines that are not UTF-8 get an error line each and change nothing; the session goes on,
/// CRLF lines and a last line without a line end are still read.
#[test]
fn serve_answers_lines_that_are_not_utf8_with_an_error_and_goes_on() {
    let (action, reference, reference_view) = goblins_reference();
    let (mut c, _) = Client::start(&GOBLINS);
    for bad in [
        &b"\xff\n"[..],
        b"{\"Bid\":\xc3}\r\n",
        b"\"Pass\xed\xa0\x80\"\n",
    ] {
        c.write_raw(bad);
        assert_parse_error(&c.read(), "not valid UTF-8");
    }
    c.write_raw(format!("{action}\r\n").as_bytes());
    assert_eq!(c.read(), reference);
    // The last line has no line end: it is answered at end of input.
    c.write_raw(b"{\"view\":0}");
    drop(c.child.stdin.take());
    assert_eq!(c.read(), reference_view);
    assert_eq!(c.child.wait().unwrap().code(), Some(0));
}

/// A 10 MB line gets one error line and is skipped; the next line is played as usual.
#[test]
fn serve_skips_a_ten_megabyte_line_with_an_error_and_goes_on() {
    let (action, reference, reference_view) = goblins_reference();
    let (mut c, _) = Client::start(&GOBLINS);
    let mut input = vec![b'a'; 10_000_000];
    input.push(b'\n');
    input.extend_from_slice(format!("{action}\n{{\"view\":0}}\n").as_bytes());
    // Written from another thread, so that neither side can wait on a full pipe.
    let mut stdin = c.child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input).map(|()| stdin));
    assert_parse_error(&c.read(), "line too long");
    assert_eq!(c.read(), reference);
    assert_eq!(c.read(), reference_view);
    drop(writer.join().unwrap().unwrap());
    assert_eq!(c.child.wait().unwrap().code(), Some(0));
}

#[test]
fn replay_accepts_json_and_names_illegal_actions() {
    let file = tmp("r.json");
    std::fs::write(
        &file,
        r#"{"game":"goblin-market","players":3,"seed":5,"actions":["Pass","Pass","Pass",{"Bid":1}]}"#,
    )
    .unwrap();
    let (code, out, err) = run(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v = json::from_str::<Value>(out.trim()).unwrap();
    assert_eq!(num(&v, "steps"), Some(4));
    assert_eq!(v.get("over"), Some(&Value::Bool(false)));

    std::fs::write(
        &file,
        r#"{"game":"goblin-market","players":3,"seed":5,"actions":[{"Bid":50}]}"#,
    )
    .unwrap();
    let (code, _, err) = run(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("move 1") && err.contains("not legal"), "{err}");

    let ron = tmp("r.ron");
    std::fs::write(
        &ron,
        "(game: \"goblin-market\", players: 3, seed: 5, actions: [Pass, Bid(1)])",
    )
    .unwrap();
    let (code, out, err) = run(&["replay", ron.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"steps\":2"));

    std::fs::write(
        &ron,
        "(game: \"checkers\", players: 3, seed: 5, actions: [])",
    )
    .unwrap();
    let (code, _, err) = run(&["replay", ron.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown game"), "{err}");
}

#[test]
fn play_prints_one_line_per_bot_entry() {
    let (code, out, err) = run(&[
        "play",
        "--game",
        "goblin-market",
        "--players",
        "3",
        "--bots",
        "normal,random,random",
        "--games",
        "60",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (line, name) in lines[1..].iter().zip(["normal", "random", "random"]) {
        assert!(
            line.starts_with(&format!("{name}: games 60, wins ")),
            "{line}"
        );
        assert!(
            line.contains("win share") && line.contains("95% CI"),
            "{line}"
        );
    }
    // Win shares add up to 100% (shared wins are fractions).
    let total: f64 = lines[1..]
        .iter()
        .map(|l| {
            let w = l.split("wins ").nth(1).unwrap().split(',').next().unwrap();
            w.parse::<f64>().unwrap()
        })
        .sum();
    assert!((total - 60.0).abs() < 1e-6, "{out}");
    let (code, _, err) = run(&[
        "play",
        "--game",
        "goblin-market",
        "--players",
        "3",
        "--bots",
        "normal,genius,random",
        "--games",
        "1",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown bot \"genius\""), "{err}");
}

#[test]
fn bench_reports_games_per_second_and_ns_per_action() {
    let (code, out, err) = run(&[
        "bench",
        "--game",
        "goblin-market",
        "--players",
        "4",
        "--seconds",
        "0.2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("games/s") && out.contains("ns/action"),
        "{out}"
    );
}

#[test]
fn check_levels_names_the_broken_file() {
    let (code, out, _) = run(&[
        "check-levels",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../levels"),
    ]);
    assert_eq!(code, 0, "{out}");
    let dir = tmp("levels");
    std::fs::create_dir_all(&dir).unwrap();
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../levels/");
    std::fs::copy(format!("{src}decktet.ron"), dir.join("decktet.ron")).unwrap();
    std::fs::write(dir.join("goblin_market.ron"), "(min_players: 3,").unwrap();
    let (code, out, _) = run(&["check-levels", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.contains("goblin_market.ron: not valid RON"), "{out}");
    assert!(
        out.contains("ok    ") && out.contains("decktet.ron"),
        "{out}"
    );
}

#[test]
fn check_levels_plays_the_guided_games_through() {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/../levels/");
    let dir = tmp("levels-guided");
    std::fs::create_dir_all(dir.join("tutorials")).unwrap();
    for f in ["decktet", "duchess", "goblin_market", "mykonos"] {
        std::fs::copy(format!("{src}{f}.ron"), dir.join(format!("{f}.ron"))).unwrap();
    }
    for f in ["goblin_market", "duchess_duel", "duchess_solo"] {
        let name = format!("tutorials/{f}.ron");
        std::fs::copy(format!("{src}{name}"), dir.join(&name)).unwrap();
    }
    // A script whose move no longer fits its deal (the first worker on a 7th card).
    let text = std::fs::read_to_string(format!("{src}tutorials/mykonos.ron")).unwrap();
    let broken = text.replacen("Place(slot: 0)", "Place(slot: 6)", 1);
    std::fs::write(dir.join("tutorials/mykonos.ron"), broken).unwrap();
    let (code, out, _) = run(&["check-levels", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tutorials/mykonos.ron: step 2 (tut-myk-place)") && out.contains("not legal"),
        "{out}"
    );
    assert!(
        out.contains("ok    ") && out.contains("duchess_solo.ron"),
        "{out}"
    );
    // The trace a script's author reads.
    let (code, out, err) = run(&["tutorial", "duchess_solo"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("STEP 2 tut-solo-look") && out.contains("YOU play Look(0)"),
        "{out}"
    );
}

/// `serve --record` with `--names`: the record names the seats (and a code made from it
/// carries them); the wrong number of names is refused before the game starts.
#[test]
fn serve_records_the_names_it_is_given() {
    let record = tmp("named.ron");
    let path = record.to_str().unwrap();
    let (mut c, _) = Client::start(&[
        "--game",
        "mykonos",
        "--players",
        "3",
        "--seed",
        "9",
        "--names",
        "Ana, Bram,Cleo",
        "--record",
        path,
    ]);
    drop(c.child.stdin.take());
    assert!(c.child.wait().unwrap().success());
    let r = come_buy_engine::record::Record::<come_buy_engine::mykonos::Action>::parse::<
        come_buy_engine::mykonos::Mykonos,
    >(&std::fs::read_to_string(&record).unwrap())
    .unwrap();
    let names: Vec<&str> = r.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Ana", "Bram", "Cleo"]);
    // Without --names the record names no seat (the table calls them Seat 1, Seat 2...).
    let (mut c, _) = Client::start(&[
        "--game",
        "mykonos",
        "--players",
        "3",
        "--seed",
        "9",
        "--record",
        path,
    ]);
    drop(c.child.stdin.take());
    assert!(c.child.wait().unwrap().success());
    let r = come_buy_engine::record::Record::<come_buy_engine::mykonos::Action>::parse::<
        come_buy_engine::mykonos::Mykonos,
    >(&std::fs::read_to_string(&record).unwrap())
    .unwrap();
    assert!(r.seats.is_empty());
    let (code, _, err) = run(&[
        "serve",
        "--game",
        "mykonos",
        "--players",
        "3",
        "--seed",
        "9",
        "--names",
        "Ana,Bram",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("2 names for 3 players"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Usage: wrong words and --help

#[path = "cli/usage.rs"]
mod usage;

// ---------------------------------------------------------------------------------------------
// Mýkonos

#[path = "cli/mykonos.rs"]
mod mykonos;

// ---------------------------------------------------------------------------------------------
// The Duchess's Necklace

#[path = "cli/duchess.rs"]
mod duchess;

/// `games` prints the catalog as JSON: every game with its seats, variants and bots.
#[test]
fn games_lists_the_catalog() {
    let (code, out, err) = run(&["games"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = json::from_str(&out).unwrap();
    let games = v.as_array().unwrap();
    // Every game of the catalog, in its order.
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, come_buy_engine::catalog::IDS);
    let gm = &games[0];
    assert_eq!(
        (gm["min_players"].as_u64(), gm["max_players"].as_u64()),
        (Some(3), Some(6))
    );
    for g in games {
        let bots: Vec<&str> = g["bots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_str().unwrap())
            .collect();
        for level in ["easy", "normal", "hard"] {
            assert!(bots.contains(&level), "{bots:?}");
        }
        assert_eq!(bots.last(), Some(&"hard"), "strongest last");
    }
}

/// A match recorded by `serve --record` becomes a code and comes back exactly; the table's
/// autosave (format 1, no player count) replays; a bad code is a clear error.
#[test]
fn match_codes_and_saves_from_the_table() {
    // A match played over the protocol and written by --record (format 2).
    let record = tmp("coded.ron");
    let (mut c, intro) = Client::start(&[
        "--game",
        "duchess",
        "--players",
        "1",
        "--seed",
        "3",
        "--record",
        record.to_str().unwrap(),
    ]);
    let mut legal = intro["legal_actions"].clone();
    for _ in 0..12 {
        let Some(first) = legal.as_array().and_then(|l| l.first()).cloned() else {
            break;
        };
        let reply = c.send(&first.to_string());
        legal = reply["legal_actions"].clone();
    }
    assert_eq!(c.finish(), 0);
    let (code, out, err) = run(&["code", "encode", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let match_code = out.trim().to_string();
    let (code, out, err) = run(&["code", "decode", &match_code]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("game: \"duchess\"") && out.contains("seed: 3"),
        "{out}"
    );
    assert_eq!(
        out.trim(),
        std::fs::read_to_string(&record).unwrap().trim(),
        "the code holds the record exactly"
    );
    let (code, out, _) = run(&["code", "decode", &match_code, "--json"]);
    assert_eq!(code, 0);
    let v: Value = json::from_str(out.trim()).unwrap();
    assert_eq!(v["game"], "duchess");
    assert_eq!(v["steps"].as_array().unwrap().len(), 12);
    let mut bad = match_code.clone();
    bad.push('!');
    let (code, _, err) = run(&["code", "decode", &bad]);
    assert_eq!(code, 1);
    assert!(err.contains("not a match code"), "{err}");
    // The table's autosave (format 1) is a valid replay input.
    let save = tmp("autosave-goblin-market.ron");
    std::fs::write(
        &save,
        r#"(format: 1, game: "goblin-market", seed: 7, variants: [],
            seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("normal")),
                    (name: "Cleo", color: 2, bot: Some("normal"))],
            actions: [Pass, Bid(1), Pass])"#,
    )
    .unwrap();
    let (code, out, err) = run(&["replay", save.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let v: Value = json::from_str(out.trim()).unwrap();
    assert_eq!(v["steps"], 3);
    let (code, out, err) = run(&["code", "encode", save.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.trim().is_empty());
}
