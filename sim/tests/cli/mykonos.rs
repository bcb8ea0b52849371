use super::*;
use come_buy_engine::mykonos::{Action, Effect, Phase, View};

fn state(reply: &Value) -> View {
    json::from_value(
        reply
            .get("state")
            .unwrap_or_else(|| panic!("{reply}"))
            .clone(),
    )
    .unwrap_or_else(|e| panic!("{e}: {reply}"))
}

fn effects(reply: &Value) -> Vec<Effect> {
    json::from_value(reply.get("effects").unwrap().clone()).unwrap()
}

fn legal(reply: &Value) -> Vec<Action> {
    json::from_value(reply.get("legal_actions").unwrap().clone()).unwrap()
}

/// Watching as seat 0: its own hand only, others' dealt cards hidden, legal actions only on
/// its turns; a few rounds played by sending actions for whoever's turn it is; the record
/// replays to the same state.
#[test]
fn serve_as_a_seat_shows_no_other_hand_and_the_record_replays() {
    let record = tmp("mykonos-seat.ron");
    let path = record.to_str().unwrap();
    let args = [
        "--game",
        "mykonos",
        "--players",
        "3",
        "--seed",
        "5",
        "--seat",
        "0",
        "--record",
        path,
    ];
    let (mut c, intro) = Client::start(&args);
    assert_eq!(intro.get("game").and_then(Value::as_str), Some("mykonos"));
    assert!(matches!(intro.get("catalog"), Some(Value::Array(a)) if a.len() == 52));
    let v = state(&intro);
    assert_eq!(v.seat, Some(0));
    assert_eq!(v.hand.as_ref().map(Vec::len), Some(2));
    assert_eq!(v.hand_sizes, vec![2, 2, 2]);
    assert!(v.known.iter().all(Vec::is_empty));
    let mut dealt = 0;
    for e in effects(&intro) {
        if let Effect::Dealt { seat, card } = e {
            assert_eq!(card.is_some(), seat == 0, "seat {seat}'s card");
            dealt += 1;
        }
    }
    assert_eq!(dealt, 6);
    // The state of any reply names no other hand: only "hand" (seat 0's) holds cards.
    let text = intro.get("state").unwrap().to_string();
    assert!(!text.contains("hands"), "{text}");

    // Asking for another seat's view is refused; its own view is given.
    let other = c.send("{\"view\":1}");
    assert_eq!(
        other.get("kind").and_then(Value::as_str),
        Some("Forbidden"),
        "{other}"
    );
    let own = c.send("{\"view\":0}");
    assert!(own.get("state").is_some(), "{own}");

    let mut last = intro;
    let mut steps = 0u64;
    let mut round = 1;
    while round < 3 {
        let v = state(&last);
        let me = v.current_player == Some(0);
        assert_eq!(
            !legal(&last).is_empty(),
            me,
            "legal actions only on seat 0's turn"
        );
        let line = match v.phase {
            Phase::Demand => {
                // The first card with room.
                let slot = (0..v.queues.len())
                    .find(|&s| v.queues[s].len() < v.max_workers_per_card)
                    .unwrap();
                format!("{{\"Place\":{{\"slot\":{slot}}}}}")
            }
            Phase::Purchases => "\"Pass\"".into(),
            Phase::Sales => "\"NoSale\"".into(),
            Phase::EndOfRound if me => json::to_string(&legal(&last)[0]).unwrap(),
            other => panic!("seat 0 cannot act for others in {other:?}"),
        };
        last = c.send(&line);
        steps += 1;
        assert_eq!(num(&last, "step"), Some(steps), "{line} -> {last}");
        let v = state(&last);
        assert_eq!(v.hand.as_ref().map(Vec::len), Some(v.hand_sizes[0]));
        round = v.round;
    }
    let before = state(&last);
    assert_eq!(c.finish(), 0);
    let (code, out, err) = run(&["replay", path]);
    assert_eq!(code, 0, "{err}");
    let summary = json::from_str::<Value>(out.trim()).unwrap();
    assert_eq!(num(&summary, "steps"), Some(steps));
    assert_eq!(summary.get("over"), Some(&Value::Bool(false)));
    let after = state(&summary);
    assert_eq!(after.hand, None, "a replay summary is a spectator's view");
    assert_eq!(
        (after.round, after.money.clone()),
        (before.round, before.money.clone())
    );
    assert_eq!(after.row, before.row);
}

#[test]
fn serve_plays_a_whole_game_and_the_record_replays_to_the_same_scores() {
    let record = tmp("mykonos-full.ron");
    let path = record.to_str().unwrap();
    let (mut c, intro) = Client::start(&[
        "--game",
        "mykonos",
        "--players",
        "2",
        "--seed",
        "9",
        "--record",
        path,
    ]);
    let v = state(&intro);
    assert_eq!(v.hand, None, "no --seat: a spectator's view");
    assert_eq!(v.removed_ranks, vec![1, 2, 3, 4]);
    for bad in [
        "\"Buy\"",
        "{\"Place\":{\"slot\":3}}",
        "{\"Discard\":{\"card\":60}}",
    ] {
        let reply = c.send(bad);
        assert!(reply.get("error").is_some(), "{bad} accepted: {reply}");
    }
    let mut last = intro;
    let mut steps = 0u64;
    while last.get("over") == Some(&Value::Bool(false)) {
        let legal = legal(&last);
        let choice = json::to_string(&legal[legal.len() / 2]).unwrap();
        last = c.send(&choice);
        steps += 1;
        assert_eq!(num(&last, "step"), Some(steps), "{choice} -> {last}");
    }
    assert!(matches!(
        effects(&last).last(),
        Some(Effect::GameOver { .. })
    ));
    let scores = last.get("scores").unwrap().clone();
    assert_eq!(c.finish(), 0);
    let (code, out, err) = run(&["replay", path]);
    assert_eq!(code, 0, "{err}");
    let summary = json::from_str::<Value>(out.trim()).unwrap();
    assert_eq!(summary.get("scores"), Some(&scores));
    assert_eq!(num(&summary, "steps"), Some(steps));
}

#[test]
fn play_bench_check_levels_and_player_counts() {
    let (code, out, err) = run(&[
        "play",
        "--game",
        "mykonos",
        "--players",
        "3",
        "--bots",
        "normal,random,random",
        "--games",
        "30",
        "--seed",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].starts_with("mykonos 3 players, 30 games"), "{out}");
    for (line, name) in lines[1..].iter().zip(["normal", "random", "random"]) {
        assert!(
            line.starts_with(&format!("{name}: games 30, wins ")),
            "{line}"
        );
    }
    let (code, out, err) = run(&[
        "bench",
        "--game",
        "mykonos",
        "--players",
        "2",
        "--seconds",
        "0.2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("mykonos 2 players:") && out.contains("ns/action"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "check-levels",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../levels"),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ok    ") && out.contains("mykonos.ron"),
        "{out}"
    );
    let (code, _, err) = run(&[
        "serve",
        "--game",
        "mykonos",
        "--players",
        "5",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("2 to\u{a0}4 players"), "{err}");
    let (code, _, err) = run(&[
        "play",
        "--game",
        "mykonos",
        "--players",
        "1",
        "--bots",
        "normal",
        "--games",
        "1",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("needs 2-4 bots"), "{err}");
}
