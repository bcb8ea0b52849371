//! Goofspiel, the game built only for the tests (cargo feature `test-game`), through the
//! simulator as an outside client sees it: the line protocol plays it to the end and refuses
//! bad lines, a seat's view hides another's face-down bid, the record replays to the same
//! scores, the bots play tournaments and the catalog lists it. Nothing in `sim/` names it.

use serde_json::{self as json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_come-buy-sim");

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

struct Serve {
    child: std::process::Child,
    out: BufReader<std::process::ChildStdout>,
}

impl Serve {
    fn send(&mut self, line: &str) -> Value {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        self.read()
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        self.out.read_line(&mut line).unwrap();
        json::from_str(&line).unwrap_or_else(|e| panic!("bad line {line:?}: {e}"))
    }
}

#[test]
fn the_protocol_plays_goofspiel_to_the_end_and_its_record_replays() {
    let dir = std::env::temp_dir().join(format!("come-buy-sim-goof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("goofspiel.ron");
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--game",
            "goofspiel",
            "--players",
            "3",
            "--seed",
            "5",
        ])
        .args(["--record", record.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let mut s = Serve { child, out };
    let intro = s.read();
    assert_eq!(intro["game"], "goofspiel");
    assert_eq!(intro["catalog"].as_array().map(Vec::len), Some(13));
    assert_eq!(intro["current_player"], 0);
    // Bad lines: an error each, and nothing changes.
    for line in [
        "{\"Bid\": {\"card\": 14}}",
        "{\"Bid\": {\"card\": -1}}",
        "{\"seat\": 2, \"action\": {\"Bid\": {\"card\": 3}}}",
        "\"Pass\"",
    ] {
        let reply = s.send(line);
        assert!(reply.get("error").is_some(), "{line} accepted: {reply}");
        assert_eq!(reply["step"], 0, "{line}");
    }
    // Seat 0 bids; seat 1's view shows that it bid, never what.
    let reply = s.send("{\"Bid\": {\"card\": 7}}");
    assert_eq!(reply["step"], 1, "{reply}");
    let view = s.send("{\"view\": 1}");
    assert_eq!(view["state"]["has_bid"][0], true, "{view}");
    assert!(!view.to_string().contains("\"my_bid\":7"), "{view}");
    assert!(view["state"]["unshown"][0].as_array().unwrap().len() == 13);
    // Play on, always the middle legal bid.
    let mut last = reply;
    let mut steps = 1;
    while last["over"] == false {
        let legal = last["legal_actions"].as_array().unwrap().clone();
        last = s.send(&legal[legal.len() / 2].to_string());
        steps += 1;
        assert_eq!(last["step"], steps, "{last}");
    }
    assert_eq!(steps, 39, "13 rounds of 3 bids");
    let scores = last["scores"].clone();
    drop(s.child.stdin.take());
    assert_eq!(s.child.wait().unwrap().code(), Some(0));
    let (code, out, err) = run(&["replay", record.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let summary: Value = json::from_str(out.trim()).unwrap();
    assert_eq!(summary["scores"], scores);
}

#[test]
fn goofspiel_bots_play_tournaments_and_the_catalog_lists_it() {
    let (code, out, err) = run(&[
        "play",
        "--game",
        "goofspiel",
        "--players",
        "2",
        "--bots",
        "normal,random",
        "--games",
        "200",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let normal = out.lines().find(|l| l.starts_with("normal: ")).unwrap();
    let wins: f64 = normal
        .split("wins ")
        .nth(1)
        .unwrap()
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wins > 120.0, "normal beats random: {out}");
    let (code, out, _) = run(&["games"]);
    assert_eq!(code, 0);
    let games: Value = json::from_str(&out).unwrap();
    assert!(
        games
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == "goofspiel")
    );
}
