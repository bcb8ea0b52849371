//! A corrupted world never crashes a friend's app: states of seeded bot games of every game,
//! player count and variant (and their determinizations, what a host sends) are written as
//! JSON and mutated, thousands of times per game, deterministically (the engine's own
//! generator): numbers set to 0, the player count, 9, 255, huge or negative, or to another
//! number of the state; lists shortened, emptied, lengthened, reordered; flags flipped; parts
//! swapped for the same part of another state. Each mutated state either does not read, or
//! `Game::check` refuses it, or everything a friend's app and its hints do with a world works
//! without a panic: the player count, whose turn, the legal actions (some exactly while the
//! game goes on), every seat's view and a spectator's, the scores, a determinization for every
//! seat (which passes the check again), every legal action applied to a copy (it applies, and
//! the state after passes the check again), and now and then a bot's decision.
//!
//! The effects a host sends beside a world are fuzzed the same way (`fuzz_effects`): every
//! real effect, redacted for its seat, fits its world (`Game::check_effect`), and each mutated
//! list either does not read, or does not fit, or is harmless where a friend's table uses it.

mod fuzz_extras;
mod world_common;

use come_buy_engine::bots::Decision;
use come_buy_engine::catalog::CatalogGame;
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;
use come_buy_engine::mykonos::Mykonos;
use come_buy_engine::rng::Rng;
use fuzz_extras::Extras;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Value, json};
use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use world_common::{play, setups};

/// A step of a path into a JSON value.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every place in `v` below the top (depth first), as paths.
fn places(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let children: Vec<(Step, &Value)> = match v {
        Value::Object(m) => m.iter().map(|(k, c)| (Step::Key(k.clone()), c)).collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .map(|(i, c)| (Step::Index(i), c))
            .collect(),
        _ => return,
    };
    for (step, child) in children {
        path.push(step);
        out.push(path.clone());
        places(child, path, out);
        path.pop();
    }
}

fn get<'a>(v: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, step| match step {
        Step::Key(k) => v.get(k.as_str()),
        Step::Index(i) => v.get(*i),
    })
}

fn get_mut<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, step| match step {
        Step::Key(k) => v.get_mut(k.as_str()),
        Step::Index(i) => v.get_mut(*i),
    })
}

fn shown(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!(".{k}"),
            Step::Index(i) => format!("[{i}]"),
        })
        .collect()
}

/// Every number in `v`.
fn numbers(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Number(_) => out.push(v.clone()),
        Value::Array(a) => a.iter().for_each(|c| numbers(c, out)),
        Value::Object(m) => m.values().for_each(|c| numbers(c, out)),
        _ => {}
    }
}

/// A number to put in place of `old`: a telling value, or another number of the state.
fn number(old: &Value, players: u64, state: &Value, rng: &mut Rng) -> Value {
    let old = old.as_i64().unwrap_or(0);
    let choices = [
        json!(0),
        json!(1),
        json!(2),
        json!(players.saturating_sub(1)),
        json!(players),
        json!(players + 1),
        json!(9),
        json!(255),
        json!(256),
        json!(65_535),
        json!(1_000_000),
        json!(u32::MAX),
        json!(u32::MAX as u64 + 1),
        json!(u64::MAX),
        json!(-1),
        json!(-255),
        json!(i64::MIN),
        json!(old.saturating_add(1)),
        json!(old.saturating_sub(1)),
    ];
    if rng.below(4) == 0 {
        let mut all = Vec::new();
        numbers(state, &mut all);
        return all[rng.below(all.len())].clone();
    }
    choices[rng.below(choices.len())].clone()
}

/// One mutation of `v` (another state of the same game in `others` may lend a part); what it
/// did, in words.
fn mutate(v: &mut Value, others: &[Value], players: u64, rng: &mut Rng) -> String {
    let mut all = Vec::new();
    places(v, &mut Vec::new(), &mut all);
    let path = all[rng.below(all.len())].clone();
    let state = v.clone();
    let graft = rng.below(6) == 0;
    let place = get_mut(v, &path).expect("a place found");
    let before = place.to_string();
    let did = match place {
        _ if graft => {
            let other = &others[rng.below(others.len())];
            match get(other, &path) {
                Some(part) => {
                    *place = part.clone();
                    "grafted"
                }
                None => "left (no such part elsewhere)",
            }
        }
        Value::Number(_) => {
            *place = number(place, players, &state, rng);
            "set"
        }
        Value::Bool(b) => {
            *b = !*b;
            "flipped"
        }
        Value::Null => {
            *place = [json!(0), json!(9), json!([0, 1]), json!({})][rng.below(4)].clone();
            "filled"
        }
        Value::Array(a) if a.is_empty() => {
            a.push(number(&json!(0), players, &state, rng));
            "given a number"
        }
        Value::Array(a) => {
            let i = rng.below(a.len());
            match rng.below(5) {
                0 => {
                    a.remove(i);
                    "shortened"
                }
                1 => {
                    let copy = a[i].clone();
                    a.insert(rng.below(a.len() + 1), copy);
                    "lengthened by a copy"
                }
                2 => {
                    a.clear();
                    "emptied"
                }
                3 => {
                    let j = rng.below(a.len());
                    a.swap(i, j);
                    "reordered"
                }
                _ => {
                    a.push(number(&json!(0), players, &state, rng));
                    "lengthened by a number"
                }
            }
        }
        _ => "left",
    };
    let after = get(v, &path).map_or("-".into(), |p| p.to_string());
    let cut = |s: String| s.chars().take(80).collect::<String>();
    format!("{} {did}: {} -> {}", shown(&path), cut(before), cut(after))
}

/// Plays `g` on to its end by random legal moves: each applies and each state after passes
/// the check; what went wrong, if anything.
fn playout<G: CatalogGame>(mut g: G, rng: &mut Rng) -> Option<String> {
    for _ in 0..100_000 {
        let seat = g.current_player()?;
        let legal = g.legal_actions();
        let a = legal.get(rng.below(legal.len()))?.clone();
        if let Err(e) = g.apply(seat, &a) {
            return Some(format!("a playout's legal {a:?} refused: {e}"));
        }
        if let Err(e) = g.check() {
            return Some(format!("a playout's state after {a:?} refused: {e}"));
        }
    }
    Some("a playout never ended".into())
}

/// What a friend's app (and its hints) does with a world that passed the check; what broke
/// the engine's contract, if anything (a panic is caught by the caller). `bot`: also a bot's
/// decision (the one hints use, now and then).
fn exercise<G: Extras>(g: &G, rng: &mut Rng, bot: Option<&str>) -> Vec<String> {
    let mut wrong = Vec::new();
    let n = g.players();
    let current = g.current_player();
    let legal = g.legal_actions();
    if current.is_some() == legal.is_empty() {
        wrong.push(format!("{} legal actions for {current:?}", legal.len()));
    }
    if current.is_none() != g.scores().is_some() {
        wrong.push(format!("scores {:?} for {current:?}", g.scores()));
    }
    for s in 0..n {
        let _ = g.view(Some(s));
    }
    let _ = g.view(None);
    g.extras();
    for s in 0..n {
        if let Err(e) = g.determinize(s, rng).check() {
            wrong.push(format!("seat {s}'s determinization refused: {e}"));
        }
    }
    let Some(seat) = current else {
        return wrong;
    };
    for a in &legal {
        let mut after = g.clone();
        match after.apply(seat, a) {
            Ok(_) => {
                if let Err(e) = after.check() {
                    wrong.push(format!("after {a:?}, refused: {e}"));
                }
            }
            Err(e) => wrong.push(format!("the legal {a:?} refused: {e}")),
        }
    }
    if let Some(name) = bot
        && let Some(d) = Decision::of(g)
    {
        let a = G::bot(name, 1).expect("a bot").decide(&d);
        if !legal.contains(&a) {
            wrong.push(format!("the {name} bot chose {a:?}, not a legal action"));
        }
    }
    wrong.extend(playout(g.clone(), rng));
    wrong
}

/// What became of the mutations.
#[derive(Debug, Default)]
struct Tally {
    unreadable: usize,
    refused: usize,
    accepted: usize,
    /// Accepted, and not the state mutated (reordered piles, other counts that fit, ...).
    accepted_changed: usize,
}

impl Tally {
    /// The verdict on `mutations` of game `id` (`what` they are, for the message): none broke
    /// anything, more than `mutations / refused_over` were refused and more than
    /// `mutations / 20` accepted.
    fn judge(
        &self,
        id: &str,
        what: &str,
        mutations: usize,
        failures: &[String],
        refused_over: usize,
    ) {
        assert!(
            failures.is_empty(),
            "{id}: {} of {mutations} {what} broke something:\n{}",
            failures.len(),
            failures
                .iter()
                .take(15)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );
        assert!(self.refused > mutations / refused_over, "{id}: {self:?}");
        assert!(self.accepted > mutations / 20, "{id}: {self:?}");
    }
}

/// One to three mutations of `v` (a second one time in four, a third one time in eight);
/// what each did, in words.
fn mutate_some(v: &mut Value, others: &[Value], players: u64, rng: &mut Rng) -> Vec<String> {
    let times = 1 + usize::from(rng.below(4) == 0) + usize::from(rng.below(8) == 0);
    (0..times)
        .map(|_| mutate(v, others, players, rng))
        .collect()
}

/// The mutation loop of [`fuzz`] and [`fuzz_effects`], on a generator seeded with `seed`:
/// `mutations` times, `case(i, rng)` picks a base, mutates it ([`mutate_some`]) and hands back
/// what it did, in words, and its trial. The trial reads, checks and uses the mutated value,
/// telling `at` how far it got: `None` where it did not read (`at` still "reading") or was
/// refused, else what broke the engine's contract and whether the value accepted is not its
/// base. A panic in a trial is caught: a failure, as a broken contract is. The tally, and the
/// failures.
fn mutation_loop<T>(
    mutations: usize,
    seed: u64,
    mut case: impl FnMut(usize, &mut Rng) -> (Vec<String>, T),
) -> (Tally, Vec<String>)
where
    T: FnOnce(&Cell<&'static str>) -> Option<(Vec<String>, bool)>,
{
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    for i in 0..mutations {
        let (what, trial) = case(i, &mut rng);
        let at = Cell::new("reading");
        match catch_unwind(AssertUnwindSafe(|| trial(&at))) {
            Ok(None) if at.get() == "reading" => tally.unreadable += 1,
            Ok(None) => tally.refused += 1,
            Ok(Some((wrong, changed))) => {
                tally.accepted += 1;
                tally.accepted_changed += usize::from(changed);
                if !wrong.is_empty() {
                    failures.push(format!("mutation {i} ({what:?}): {wrong:?}"));
                }
            }
            Err(panic) => {
                let msg = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!(
                    "mutation {i} ({what:?}) panicked while {}: {msg}",
                    at.get()
                ));
            }
        }
    }
    (tally, failures)
}

/// States of bot games of every setup of `G`, and a determinization of each, as JSON.
fn bases<G: CatalogGame + Serialize>(seed: u64) -> Vec<Value> {
    let mut out = Vec::new();
    let mut rng = Rng::new(seed);
    for setup in setups::<G>(seed) {
        for k in 0..2 {
            let mut states: Vec<G> = Vec::new();
            let bots: &[&str] = if k == 0 { &["random"] } else { &["normal"] };
            play::<G>(&setup, bots, |g| states.push(g.clone()));
            let every = (states.len() / 12).max(1);
            let last = states.len() - 1;
            for (i, g) in states.iter().enumerate() {
                if i % every == 0 || i == last {
                    out.push(serde_json::to_value(g).unwrap());
                    let seat = rng.below(g.players());
                    out.push(serde_json::to_value(g.determinize(seat, &mut rng)).unwrap());
                }
            }
        }
    }
    out
}

fn from_env<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Mutates states of `G` `mutations` times (or as many as `WORLD_FUZZ_MUTATIONS` says, for a
/// longer hunt) from `seed` (or `WORLD_FUZZ_SEED`'s); fails on any panic or broken contract.
fn fuzz<G: Extras>(mutations: usize, seed: u64) {
    let mutations = from_env("WORLD_FUZZ_MUTATIONS").unwrap_or(mutations);
    let seed = from_env("WORLD_FUZZ_SEED").map_or(seed, |s: u64| s ^ seed);
    let bases = bases::<G>(seed);
    for b in &bases {
        let g: G = serde_json::from_value(b.clone()).expect("a state reads back");
        g.check().expect("a real state passes");
    }
    let bases = &bases;
    let (tally, failures) = mutation_loop(mutations, seed, move |i, rng| {
        let base = &bases[rng.below(bases.len())];
        let mut v = base.clone();
        let players = v["players"].as_u64().unwrap_or(2);
        let what = mutate_some(&mut v, bases, players, rng);
        let trial = move |at: &Cell<&'static str>| {
            let Ok(g) = serde_json::from_value::<G>(v.clone()) else {
                return None;
            };
            at.set("checking");
            g.check().ok()?;
            at.set("using");
            let bot = match i % 512 {
                0 => Some("hard"),
                k if k % 16 == 0 => Some("normal"),
                _ => None,
            };
            let changed = serde_json::to_value(&g).ok() != Some(base.clone());
            let mut use_rng = Rng::new(seed ^ i as u64);
            Some((exercise(&g, &mut use_rng, bot), changed))
        };
        (what, trial)
    });
    eprintln!(
        "{}: {} base states, {mutations} mutations: {tally:?}",
        G::ID,
        bases.len()
    );
    tally.judge(G::ID, "mutations", mutations, &failures, 4);
}

#[test]
fn mutated_duchess_worlds_are_refused_or_harmless() {
    fuzz::<Duchess>(4000, 1);
}

#[test]
fn mutated_mykonos_worlds_are_refused_or_harmless() {
    fuzz::<Mykonos>(4000, 2);
}

#[test]
fn mutated_goblin_market_worlds_are_refused_or_harmless() {
    fuzz::<GoblinMarket>(4000, 3);
}

/// Worlds and the effects a host sends with them, as JSON: random matches of every setup of
/// `G`, now and then the world (or a seat's determinization, its effects redacted for that
/// seat) with the last move's effects or the whole history so far (a friend coming back).
/// Every one of them fits its world: the check refuses nothing real.
fn effect_bases<G: Extras>(seed: u64) -> Vec<(Value, Value, u64)>
where
    G::Effect: DeserializeOwned,
{
    let mut out = Vec::new();
    let mut rng = Rng::new(seed);
    for setup in setups::<G>(seed) {
        let (mut g, mut last) = G::start(&setup).expect("the setup starts");
        let mut history = last.clone();
        for step in 0..100_000 {
            if step % 7 == 0 || g.current_player().is_none() {
                let seat = rng.below(g.players());
                let (world, viewer) = match rng.below(3) {
                    0 => (g.clone(), None),
                    _ => (g.determinize(seat, &mut rng), Some(seat)),
                };
                let sent = if rng.below(4) == 0 { &history } else { &last };
                let sent: Vec<G::Effect> = sent.iter().map(|e| G::redact(e, viewer)).collect();
                for e in &sent {
                    if let Err(e2) = world.check_effect(e) {
                        panic!("{}: a real effect {e:?} refused: {e2}", G::ID);
                    }
                }
                out.push((json_of(&world), json_of(&sent), g.players() as u64));
            }
            let Some(seat) = g.current_player() else {
                break;
            };
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len())].clone();
            last = g.apply(seat, &a).expect("a legal action applies");
            history.extend(last.iter().cloned());
        }
    }
    out
}

fn json_of<T: Serialize>(x: &T) -> Value {
    serde_json::to_value(x).expect("serializes")
}

/// Mutates the effects a host sends `mutations` times (or `WORLD_FUZZ_MUTATIONS`), as
/// [`fuzz`] mutates worlds: each mutated list either does not read, or an effect of it does
/// not fit the world ([`Game::check_effect`]), or everything a friend's table does with it
/// works without a panic (redacted for every seat and a spectator, which fits again; what it
/// reveals; the seats, cards, slots and results it names, found as the table finds them).
fn fuzz_effects<G: Extras>(mutations: usize, seed: u64)
where
    G::Effect: DeserializeOwned,
{
    let mutations = from_env("WORLD_FUZZ_MUTATIONS").unwrap_or(mutations);
    let seed = from_env("WORLD_FUZZ_SEED").map_or(seed, |s: u64| s ^ seed);
    let bases = effect_bases::<G>(seed);
    let lists: Vec<Value> = bases
        .iter()
        .map(|b| b.1.clone())
        .filter(|l| l.as_array().is_some_and(|a| !a.is_empty()))
        .collect();
    let (bases, lists) = (&bases, &lists);
    let (tally, failures) = mutation_loop(mutations, seed, move |_, rng| {
        let (world, base, players) = lists
            .get(rng.below(lists.len()))
            .and_then(|l| bases.iter().find(|b| &b.1 == l))
            .expect("a base with effects");
        let mut v = base.clone();
        let what = mutate_some(&mut v, lists, *players, rng);
        let g: G = serde_json::from_value(world.clone()).expect("a real world reads");
        let trial = move |at: &Cell<&'static str>| {
            let effects: Vec<G::Effect> = serde_json::from_value(v.clone()).ok()?;
            at.set("checking");
            if effects.iter().any(|e| g.check_effect(e).is_err()) {
                return None;
            }
            at.set("using");
            let mut wrong = Vec::new();
            for e in &effects {
                for viewer in (0..g.players()).map(Some).chain([None]) {
                    if let Err(why) = g.check_effect(&G::redact(e, viewer)) {
                        wrong.push(format!("{e:?} redacted for {viewer:?} refused: {why}"));
                    }
                    if let Some(s) = viewer {
                        let _ = G::reveals(e, s);
                    }
                }
                g.effect_extras(e);
            }
            Some((wrong, &v != base))
        };
        (what, trial)
    });
    eprintln!(
        "{} effects: {} bases, {mutations} mutations: {tally:?}",
        G::ID,
        bases.len()
    );
    tally.judge(G::ID, "mutated effect lists", mutations, &failures, 20);
}

#[test]
fn mutated_duchess_effects_are_refused_or_harmless() {
    fuzz_effects::<Duchess>(4000, 11);
}

#[test]
fn mutated_mykonos_effects_are_refused_or_harmless() {
    fuzz_effects::<Mykonos>(4000, 12);
}

#[test]
fn mutated_goblin_market_effects_are_refused_or_harmless() {
    fuzz_effects::<GoblinMarket>(4000, 13);
}

#[cfg(feature = "test-game")]
#[test]
fn mutated_goofspiel_worlds_and_effects_are_refused_or_harmless() {
    use come_buy_engine::goofspiel::Goofspiel;
    fuzz::<Goofspiel>(4000, 4);
    fuzz_effects::<Goofspiel>(4000, 14);
}
