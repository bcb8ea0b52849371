//! The `come-buy-sim` binary as an outside client sees it.

use come_buy_engine::json::{self, Value};
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
        json::parse(&line).unwrap_or_else(|e| panic!("bad line {line:?}: {e}"))
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
    let summary = json::parse(out.trim()).unwrap();
    assert_eq!(summary.get("scores"), Some(&scores));
    assert_eq!(num(&summary, "steps"), Some(steps));
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
    let v = json::parse(out.trim()).unwrap();
    assert_eq!(num(&v, "steps"), Some(4));
    assert_eq!(v.get("over"), Some(&Value::Bool(false)));

    std::fs::write(
        &file,
        r#"{"game":"goblin-market","players":3,"seed":5,"actions":[{"Bid":50}]}"#,
    )
    .unwrap();
    let (code, _, err) = run(&["replay", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("action 1") && err.contains("illegal"), "{err}");

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
fn usage_errors_are_clear() {
    let (code, _, err) = run(&[
        "serve",
        "--game",
        "goblin-market",
        "--players",
        "9",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("3 to 6 players"), "{err}");
    let (code, _, err) = run(&["serve", "--game", "chess", "--players", "3", "--seed", "1"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown game"), "{err}");
    let (code, _, err) = run(&["frobnicate"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown command"), "{err}");
    let (code, _, _) = run(&[]);
    assert_eq!(code, 2);
}
