//! `Game::check`, what a friend's app asks of a world an online host sends before using it:
//! every state of many seeded bot games of every game, player count and variant passes it, and
//! so do its determinizations for every seat (what a host really sends) and its JSON round
//! trip; targeted corruptions of each game (a seat that does not exist, a card that does not
//! exist or lies twice, a per-seat list of the wrong length, a stage at odds with the rest)
//! are refused with a reason that names the problem.

mod world_common;

use come_buy_engine::catalog::{self, CatalogGame, ForGame};
use come_buy_engine::duchess::Duchess;
use come_buy_engine::game::{Game, Search, Setup};
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use come_buy_engine::rng::Rng;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Value, json};
use world_common::{play, problem, setups};

/// `g` passes the check, or the test fails naming the problem and the state.
fn passes<G: Game>(g: &G, what: &str) {
    if let Err(e) = g.check() {
        panic!("{} ({what}) refused: {e:?}\n{g:?}", G::ID);
    }
}

/// States checked and determinizations checked over the bot games of one game.
struct BotGames {
    games_per_setup: u64,
}

impl ForGame for BotGames {
    type Out = (usize, usize);
    fn run<G: CatalogGame>(self) -> (usize, usize) {
        let (mut states, mut worlds) = (0, 0);
        for setup in setups::<G>(11) {
            for k in 0..self.games_per_setup {
                let setup = Setup {
                    seed: setup.seed + k * 7919,
                    ..setup.clone()
                };
                // Mostly random bots (they reach odd corners), every third match normal ones.
                let bots: &[&str] = if k % 3 == 2 {
                    &["normal"]
                } else {
                    &["random", "easy"]
                };
                let mut rng = Rng::new(setup.seed ^ 0xc4ec);
                play::<G>(&setup, bots, |g| {
                    passes(g, "a state of a bot game");
                    states += 1;
                    for seat in 0..g.players() {
                        passes(&g.determinize(seat, &mut rng), "a determinization");
                        worlds += 1;
                    }
                });
            }
        }
        (states, worlds)
    }
}

#[test]
fn every_state_of_bot_games_and_every_world_sent_passes() {
    for id in catalog::IDS {
        let (states, worlds) = catalog::dispatch(
            id,
            BotGames {
                games_per_setup: 20,
            },
        )
        .unwrap();
        eprintln!("{id}: {states} states and {worlds} determinizations passed the check");
        assert!(states > 1000, "{id}: {states} states");
        assert!(worlds > states, "{id}: {worlds} worlds");
    }
}

/// A state's JSON as a host sends it, read back, still passes.
fn round_trip<G: Game + Serialize + DeserializeOwned>(g: &G) {
    let back: G = serde_json::from_value(serde_json::to_value(g).unwrap()).unwrap();
    passes(&back, "a JSON round trip");
}

#[test]
fn worlds_read_back_from_json_pass() {
    let mut rng = Rng::new(5);
    for setup in setups::<Duchess>(3) {
        play::<Duchess>(&setup, &["random"], |g| {
            round_trip(g);
            round_trip(&g.determinize(g.players() - 1, &mut rng));
        });
    }
    for setup in setups::<Mykonos>(3) {
        play::<Mykonos>(&setup, &["random"], |g| {
            round_trip(&g.determinize(0, &mut rng))
        });
    }
    for setup in setups::<GoblinMarket>(3) {
        play::<GoblinMarket>(&setup, &["random"], |g| {
            round_trip(&g.determinize(1, &mut rng))
        });
    }
}

/// The first state of a `players` match of `G` (seed `seed`, variants `variants`) after
/// `steps` random legal moves, as JSON.
fn state_json<G: Game + Serialize>(players: usize, variants: &[&str], steps: usize) -> Value {
    let setup = Setup {
        players,
        seed: 42,
        variants: variants.iter().map(|v| v.to_string()).collect(),
    };
    let (mut g, _) = G::start(&setup).unwrap();
    let mut rng = Rng::new(9);
    for _ in 0..steps {
        let Some(seat) = g.current_player() else {
            break;
        };
        let legal = g.legal_actions();
        g.apply(seat, &legal[rng.below(legal.len())]).unwrap();
    }
    serde_json::to_value(&g).unwrap()
}

/// Plays `G` from `state` until `stop` says so (random legal moves), as JSON.
fn until<G: Game + Serialize + DeserializeOwned>(
    state: Value,
    stop: impl Fn(&Value) -> bool,
) -> Value {
    let mut g: G = serde_json::from_value(state).unwrap();
    let mut rng = Rng::new(4);
    for _ in 0..10_000 {
        let v = serde_json::to_value(&g).unwrap();
        if stop(&v) {
            return v;
        }
        let seat = g
            .current_player()
            .expect("the stage sought comes before the end");
        let legal = g.legal_actions();
        g.apply(seat, &legal[rng.below(legal.len())]).unwrap();
    }
    panic!("the stage sought never came");
}

fn b(v: &mut Value) -> &mut Value {
    &mut v["stage"]["Bidding"]
}

/// `state` with `edit` made is refused by the check, with a problem that mentions `says`.
fn refused<G: Game + DeserializeOwned>(state: &Value, says: &str, edit: impl FnOnce(&mut Value)) {
    let mut v = state.clone();
    edit(&mut v);
    let g: G = match serde_json::from_value(v.clone()) {
        Ok(g) => g,
        Err(e) => panic!("the corrupted {} state does not even read: {e}\n{v}", G::ID),
    };
    if g.check().is_ok() {
        panic!(
            "{}: a corruption that should say {says:?} passed\n{v}",
            G::ID
        );
    }
    let p = problem(g.check());
    assert!(
        p.contains(says),
        "{}: the problem {p:?} does not mention {says:?}",
        G::ID
    );
}

#[test]
fn corrupt_duchess_worlds_are_refused() {
    let duel = state_json::<Duchess>(2, &["rainbow"], 3);
    serde_json::from_value::<Duchess>(duel.clone())
        .unwrap()
        .check()
        .unwrap();
    let take = until::<Duchess>(duel.clone(), |v| v["stage"].get("Take").is_some());
    refused::<Duchess>(&take, "seat 9", |v| v["stage"]["Take"]["seat"] = json!(9));
    refused::<Duchess>(&duel, "card 99", |v| v["hands"][0][0] = json!(99));
    refused::<Duchess>(&duel, "card 22", |v| v["common"] = json!(22));
    refused::<Duchess>(&duel, "somewhere else", |v| {
        v["hands"][1][0] = v["hands"][0][0].clone()
    });
    refused::<Duchess>(&duel, "nowhere", |v| {
        v["removed"].as_array_mut().unwrap().pop();
    });
    refused::<Duchess>(&duel, "hands has 1 entries", |v| {
        v["hands"].as_array_mut().unwrap().pop();
    });
    refused::<Duchess>(&duel, "known cards has 3", |v| {
        v["known"].as_array_mut().unwrap().push(json!([]));
    });
    refused::<Duchess>(&duel, "3 players", |v| v["players"] = json!(3));
    refused::<Duchess>(&duel, "start player names seat 2", |v| {
        v["start_player"] = json!(2)
    });
    refused::<Duchess>(&duel, "turn", |v| v["turn"] = json!(u32::MAX));
    refused::<Duchess>(&duel, "known cards", |v| {
        v["known"][1] = json!([v["hands"][0][0].clone()])
    });
    refused::<Duchess>(&take, "holds", |v| {
        let card = v["hands"][0].as_array_mut().unwrap().pop().unwrap();
        v["discard"].as_array_mut().unwrap().push(card);
    });
    refused::<Duchess>(&take, "a table of 2", |v| v["stage"] = json!("Look"));
    refused::<Duchess>(&take, "results", |v| {
        v["results"] = json!([]);
    });
    refused::<Duchess>(&take, "log", |v| {
        v["log"] = json!([{"seat": 5, "took": null, "discarded": 1}]);
    });
    let solo = state_json::<Duchess>(1, &["gold"], 0);
    refused::<Duchess>(&solo, "seen slot 5", |v| {
        v["stage"] = json!({"Keep": {"seen": 5}})
    });
    refused::<Duchess>(&solo, "0 or 1", |v| {
        v["stage"] = json!({"SoloDiscard": {"left": 7}})
    });
    refused::<Duchess>(&solo, "pair", |v| {
        let card = std::mem::take(&mut v["pair"][1]);
        v["pile"].as_array_mut().unwrap().push(card);
    });
    refused::<Duchess>(&solo, "a table of 1", |v| {
        v["stage"] = json!({"Take": {"seat": 0}})
    });
    let over = until::<Duchess>(duel, |v| v["stage"].get("Over").is_some());
    serde_json::from_value::<Duchess>(over.clone())
        .unwrap()
        .check()
        .unwrap();
    refused::<Duchess>(&over, "final scores", |v| {
        v["stage"]["Over"]["winners"] = json!([1, 0]);
    });
    refused::<Duchess>(&over, "necklace", |v| {
        v["results"][0]["necklace"]["value"] = json!(999);
    });
    refused::<Duchess>(&over, "results has 1", |v| {
        v["results"].as_array_mut().unwrap().pop();
    });
}

#[test]
fn corrupt_mykonos_worlds_are_refused() {
    let demand = state_json::<Mykonos>(2, &[], 3);
    serde_json::from_value::<Mykonos>(demand.clone())
        .unwrap()
        .check()
        .unwrap();
    // An id past 51 is refused as it is read; a card of a rank out of play by the check.
    assert!(
        serde_json::from_value::<Mykonos>({
            let mut v = demand.clone();
            v["hands"][0][0] = json!(60);
            v
        })
        .is_err()
    );
    refused::<Mykonos>(&demand, "not in play", |v| v["hands"][0][0] = json!(0));
    refused::<Mykonos>(&demand, "somewhere else", |v| {
        v["hands"][1][0] = v["hands"][0][0].clone()
    });
    refused::<Mykonos>(&demand, "nowhere", |v| {
        v["deck"].as_array_mut().unwrap().pop();
    });
    refused::<Mykonos>(&demand, "hands has 3 entries", |v| {
        v["hands"].as_array_mut().unwrap().push(json!([]));
    });
    refused::<Mykonos>(&demand, "money has 1", |v| {
        v["money"].as_array_mut().unwrap().pop();
    });
    refused::<Mykonos>(&demand, "bank", |v| v["money"][0] = json!(500));
    refused::<Mykonos>(&demand, "names seat 7", |v| {
        v["queues"][0] = json!([{"Player": 7}]);
    });
    refused::<Mykonos>(&demand, "next placement", |v| {
        v["stage"]["Demand"]["next"] = json!(99);
    });
    refused::<Mykonos>(&demand, "placed so far", |v| {
        v["queues"][1]
            .as_array_mut()
            .unwrap()
            .push(json!("Neutral"));
    });
    refused::<Mykonos>(&demand, "rules' order", |v| {
        v["stage"]["Demand"]["schedule"][0]["by"] = json!(5);
    });
    refused::<Mykonos>(&demand, "slot being settled", |v| {
        v["stage"] = json!({"Purchases": {"slot": 9}});
    });
    refused::<Mykonos>(&demand, "a row of 2 cards", |v| {
        let card = v["row"].as_array_mut().unwrap().pop().unwrap();
        v["queues"].as_array_mut().unwrap().pop();
        v["discard"].as_array_mut().unwrap().push(card);
    });
    refused::<Mykonos>(&demand, "cards in play", |v| v["players"] = json!(3));
    refused::<Mykonos>(&demand, "9 players", |v| v["players"] = json!(9));
    refused::<Mykonos>(&demand, "round 99", |v| v["round"] = json!(99));
    refused::<Mykonos>(&demand, "round 4294967295", |v| {
        v["round"] = json!(u32::MAX)
    });
    let sales = until::<Mykonos>(demand.clone(), |v| v["stage"].get("Sales").is_some());
    refused::<Mykonos>(&sales, "seller names seat 4", |v| {
        v["stage"]["Sales"]["k"] = json!(4);
    });
    refused::<Mykonos>(&sales, "no more than 5", |v| {
        v["stage"] = json!({"Discarding": {"k": 0}});
    });
    let over = until::<Mykonos>(demand, |v| v["stage"].get("Over").is_some());
    serde_json::from_value::<Mykonos>(over.clone())
        .unwrap()
        .check()
        .unwrap();
    refused::<Mykonos>(&over, "final scores", |v| {
        v["stage"]["Over"]["winners"] = json!([5]);
    });
    refused::<Mykonos>(&over, "tie-breaks has 1", |v| {
        v["stage"]["Over"]["tiebreak"] = json!([0]);
    });
}

#[test]
fn corrupt_goblin_market_worlds_are_refused() {
    let bidding = state_json::<GoblinMarket>(4, &[], 2);
    serde_json::from_value::<GoblinMarket>(bidding.clone())
        .unwrap()
        .check()
        .unwrap();
    refused::<GoblinMarket>(&bidding, "seat 9", |v| b(v)["to_act"] = json!(9));
    refused::<GoblinMarket>(&bidding, "seat 9", |v| b(v)["high"] = json!([9, 1]));
    refused::<GoblinMarket>(&bidding, "bid 500", |v| b(v)["best"][0] = json!(500));
    refused::<GoblinMarket>(&bidding, "passed has 3", |v| {
        b(v)["out"].as_array_mut().unwrap().pop();
    });
    refused::<GoblinMarket>(&bidding, "card 99", |v| v["row"][0] = json!(99));
    refused::<GoblinMarket>(&bidding, "card 40", |v| v["row"][0] = json!(40));
    refused::<GoblinMarket>(&bidding, "somewhere else", |v| {
        v["auction_deck"][0] = v["row"][0].clone()
    });
    refused::<GoblinMarket>(&bidding, "coins has 5", |v| {
        v["coins"].as_array_mut().unwrap().push(json!(0));
    });
    refused::<GoblinMarket>(&bidding, "seat 1's money", |v| {
        v["coins"][1] = json!(4_000_000_000u32)
    });
    refused::<GoblinMarket>(&bidding, "bank", |v| v["coins"][1] = json!(11));
    refused::<GoblinMarket>(&bidding, "all zero", |v| {
        v["rng"]["s"] = json!([0, 0, 0, 0])
    });
    refused::<GoblinMarket>(&bidding, "Goblin Deck is empty", |v| {
        let deck = std::mem::take(v["goblin_deck"].as_array_mut().unwrap());
        v["goblin_used"] = Value::Array(deck);
    });
    refused::<GoblinMarket>(&bidding, "auction number 4294967295", |v| {
        v["auction_number"] = json!(u32::MAX)
    });
    refused::<GoblinMarket>(&bidding, "auction number 0", |v| {
        v["auction_number"] = json!(0)
    });
    refused::<GoblinMarket>(&bidding, "auction number 9", |v| {
        v["auction_number"] = json!(9)
    });
    let choosing = until::<GoblinMarket>(bidding.clone(), |v| v["stage"].get("Choosing").is_some());
    serde_json::from_value::<GoblinMarket>(choosing.clone())
        .unwrap()
        .check()
        .unwrap();
    refused::<GoblinMarket>(&choosing, "names seat 6", |v| {
        v["stage"]["Choosing"]["ranking"][0][0] = json!(6);
    });
    refused::<GoblinMarket>(&choosing, "ranking", |v| {
        v["stage"]["Choosing"]["next"] = json!(5);
    });
    refused::<GoblinMarket>(&choosing, "ranking", |v| {
        v["stage"]["Choosing"]["ranking"][0][1] = json!(10_000);
    });
    let over = until::<GoblinMarket>(bidding, |v| v["stage"].get("Over").is_some());
    serde_json::from_value::<GoblinMarket>(over.clone())
        .unwrap()
        .check()
        .unwrap();
    refused::<GoblinMarket>(&over, "final scores", |v| {
        v["stage"]["Over"]["points"][0] = json!(77);
    });
    refused::<GoblinMarket>(&over, "still to auction", |v| {
        let c = v["set_aside"].as_array_mut().unwrap().pop().unwrap();
        v["auction_deck"] = json!([c]);
    });
}
