use super::*;
use come_buy_engine::duchess::{Action, Effect, StageView, View};

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

fn send(c: &mut Client, a: &Action) -> Value {
    let reply = c.send(&json::to_string(a).unwrap());
    assert!(reply.get("error").is_none(), "{a:?} refused: {reply}");
    reply
}

#[test]
fn serve_plays_solo_as_seat_zero_to_a_ranked_end() {
    let (mut c, intro) = Client::start(&[
        "--game",
        "duchess",
        "--players",
        "1",
        "--seed",
        "4",
        "--seat",
        "0",
    ]);
    assert!(matches!(intro.get("catalog"), Some(Value::Array(a)) if a.len() == 24));
    let v = state(&intro);
    assert_eq!(v.hand.as_ref().map(Vec::len), Some(4));
    assert_eq!(v.pairs_left, 4);
    assert_eq!(v.pair.len(), 2);
    assert_eq!(legal(&intro), vec![Action::Look(0), Action::Look(1)]);
    // Keeping before looking is refused and changes nothing.
    let bad = c.send("\"KeepSeen\"");
    assert_eq!(bad.get("kind").and_then(Value::as_str), Some("WrongMoment"));
    assert_eq!(num(&bad, "step"), Some(0));
    let reply = send(&mut c, &Action::Look(1));
    let Effect::Looked {
        which: 1,
        card: Some(seen),
    } = effects(&reply)[0]
    else {
        panic!("{reply}")
    };
    assert_eq!(state(&reply).pair[1].card, Some(seen));
    let mut last = send(&mut c, &Action::KeepSeen);
    assert!(state(&last).hand.unwrap().contains(&seen));
    while last.get("over") == Some(&Value::Bool(false)) {
        let a = legal(&last)[0].clone();
        last = send(&mut c, &a);
    }
    let v = state(&last);
    let results = v.results.expect("results at the end");
    let rank = results[0].rank.clone().expect("solo has a rank");
    assert!(["apprentice", "artist", "officer", "magister"].contains(&rank.key.as_str()));
    assert_eq!(v.discard.len(), 10);
    assert_eq!(c.finish(), 0);
}

#[test]
fn a_seat_sees_its_own_hand_only_and_a_recorded_duel_replays() {
    let record = tmp("duchess.ron");
    let path = record.to_str().unwrap();
    let (mut c, intro) = Client::start(&[
        "--game",
        "duchess",
        "--players",
        "2",
        "--seed",
        "8",
        "--seat",
        "1",
        "--variant",
        "rainbow",
        "--record",
        path,
    ]);
    let v = state(&intro);
    assert_eq!(v.seat, Some(1));
    assert_eq!(v.hand.as_ref().map(Vec::len), Some(4));
    assert_eq!(v.hand_sizes, vec![4, 4]);
    assert_eq!(v.draw_pile, 8);
    // Seat 0's cards were dealt face down as far as seat 1 can tell.
    for e in effects(&intro) {
        if let Effect::Dealt { seat, card } = e {
            assert_eq!(card.is_some(), seat == 1, "{e:?}");
        }
    }
    // Play both seats through the protocol, always the first legal action.
    let mut last = intro;
    let mut steps = 0;
    while last.get("over") == Some(&Value::Bool(false)) {
        let to_move = num(&last, "current_player").unwrap();
        let v = state(&last);
        if to_move == 1 {
            assert!(!legal(&last).is_empty());
        } else {
            assert!(legal(&last).is_empty(), "seat 1 sees seat 0's choices");
            assert!(v.options.is_empty());
        }
        // The action of whoever moves. Seat 1 may not look at seat 0's hand, so seat 0's
        // discard is found by trying cards: a refused line changes nothing.
        let a = match &v.stage {
            StageView::Take { .. } if v.draw_pile > 0 => Action::Draw,
            StageView::Take { .. } => Action::Decline,
            _ if to_move == 1 => Action::Discard(v.hand.clone().unwrap()[0]),
            _ => Action::Discard(come_buy_engine::duchess::deck::Card(0)),
        };
        let mut tries: Vec<Action> = vec![a.clone()];
        if to_move == 0 && matches!(a, Action::Discard(_)) {
            tries = (0..24u8)
                .map(|i| Action::Discard(come_buy_engine::duchess::deck::Card(i)))
                .collect();
        }
        for t in &tries {
            last = c.send(&format!(
                "{{\"seat\": {to_move}, \"action\": {}}}",
                json::to_string(t).unwrap()
            ));
            if last.get("error").is_none() {
                break;
            }
        }
        assert!(last.get("error").is_none(), "{a:?}: {last}");
        let refused = c.send("{\"view\": 0}");
        assert_eq!(
            refused.get("kind").and_then(Value::as_str),
            Some("Forbidden"),
            "seat 1 may not view seat 0"
        );
        steps += 1;
        for e in effects(&last) {
            if let Effect::Drew { seat, card } = e {
                assert_eq!(card.is_some(), seat == 1, "{e:?}");
            }
        }
    }
    let scores = last.get("scores").unwrap().clone();
    assert_eq!(c.finish(), 0);
    let (code, out, err) = run(&["replay", path]);
    assert_eq!(code, 0, "{err}");
    let summary = json::from_str::<Value>(out.trim()).unwrap();
    assert_eq!(summary.get("scores"), Some(&scores));
    assert_eq!(num(&summary, "steps"), Some(steps));
}

#[test]
fn balance_prints_the_median_the_ranks_and_the_start_players_share() {
    let (code, out, err) = run(&[
        "balance", "--game", "duchess", "--games", "120", "--duels", "40", "--seed", "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let median = out
        .lines()
        .find_map(|l| l.strip_prefix("median: "))
        .unwrap_or_else(|| panic!("no median line: {out}"));
    assert!(median.parse::<u32>().is_ok(), "{median}");
    for needle in [
        "solo: 120 deals",
        "mean: ",
        "Apprentice (up to 26)",
        "Magister (34+)",
        "duel: 40 games",
        "95% CI",
        "targets:",
    ] {
        assert!(out.contains(needle), "{needle} missing: {out}");
    }
    let (code, out, err) = run(&[
        "balance",
        "--game",
        "duchess",
        "--variant",
        "rainbow",
        "--variant",
        "gold",
        "--games",
        "40",
        "--duels",
        "10",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("rainbow + gold") && out.contains("for fun"),
        "{out}"
    );
    let (code, _, err) = run(&["balance", "--game", "goblin-market"]);
    assert_eq!(code, 2, "a usage error");
    assert!(err.contains("duchess"), "{err}");
    let (code, _, err) = run(&["balance", "--game", "duchess", "--variant", "opals"]);
    assert_eq!(code, 1);
    assert!(err.contains("no variant \"opals\""), "{err}");
}

#[test]
fn play_and_bench_work_solo_and_in_duels() {
    let (code, out, err) = run(&[
        "play",
        "--game",
        "duchess",
        "--players",
        "1",
        "--bots",
        "normal",
        "--games",
        "30",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("duchess solo, 30 games"), "{out}");
    assert!(out.contains("normal: games 30, mean score "), "{out}");
    let (code, out, err) = run(&[
        "play",
        "--game",
        "duchess",
        "--players",
        "2",
        "--bots",
        "expert,random",
        "--games",
        "40",
        "--seed",
        "1",
        "--variant",
        "gold",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("expert: games 40") && out.contains("random: games 40"),
        "{out}"
    );
    for players in ["1", "2"] {
        let (code, out, err) = run(&[
            "bench",
            "--game",
            "duchess",
            "--players",
            players,
            "--seconds",
            "0.1",
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(&format!("duchess {players} players")), "{out}");
    }
    let (code, out, _) = run(&[
        "check-levels",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../levels"),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("duchess.ron"), "{out}");
    let (code, _, err) = run(&[
        "serve",
        "--game",
        "duchess",
        "--players",
        "3",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("1 to\u{a0}2 players"), "{err}");
}
