//! Match records and match codes: many seeded games of every game and mode, written as RON,
//! JSON and a code, read back exactly; old formats still read; damaged codes refused.

use come_buy_engine::catalog::{self, CatalogGame, ForGame};
use come_buy_engine::code::{self, CodeError};
use come_buy_engine::game::{Game, Setup};
use come_buy_engine::record::{self, Record, RecordError, SeatRecord, Step};
use come_buy_engine::rng::Rng;

/// A match of `G` played by random choices to the end (or `cut` steps).
fn random_record<G: CatalogGame>(setup: &Setup, seed: u64, cut: usize) -> Record<G::Action> {
    let seats = (0..setup.players)
        .map(|i| SeatRecord {
            name: format!("Seat {i} é"),
            color: i,
            bot: (i % 2 == 1).then(|| G::BOTS[i % G::BOTS.len()].to_string()),
        })
        .collect();
    let mut record = Record::new(G::ID, setup, seats);
    let (mut g, _) = G::start(setup).unwrap();
    let mut rng = Rng::new(seed);
    while let Some(seat) = g.current_player() {
        if record.steps.len() >= cut {
            break;
        }
        let legal = g.legal_actions();
        let action = legal[rng.below(legal.len())].clone();
        g.apply(seat, &action).unwrap();
        record.steps.push(Step { seat, action });
    }
    record
}

struct RoundTrips {
    setups: Vec<Setup>,
}

impl ForGame for RoundTrips {
    type Out = (usize, usize);
    fn run<G: CatalogGame>(self) -> (usize, usize) {
        let (mut games, mut longest) = (0, 0);
        for (k, setup) in self.setups.iter().enumerate() {
            for seed in 0..12u64 {
                let cut = if seed % 3 == 0 { 17 } else { usize::MAX };
                let setup = Setup {
                    seed: setup.seed + seed * 7919,
                    ..setup.clone()
                };
                let r = random_record::<G>(&setup, seed + k as u64, cut);
                // RON and JSON.
                let back = Record::<G::Action>::parse::<G>(&r.to_ron()).unwrap();
                assert_eq!(back, r, "{} RON", G::ID);
                let back = Record::<G::Action>::parse::<G>(&r.to_json()).unwrap();
                assert_eq!(back, r, "{} JSON", G::ID);
                // The code.
                let c = code::encode::<G>(&r).unwrap();
                assert_eq!(code::game_of(&c).unwrap(), G::ID);
                assert_eq!(code::decode::<G>(&c).unwrap(), r, "{} code", G::ID);
                assert!(
                    c.chars()
                        .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_')
                );
                longest = longest.max(c.len());
                // Any changed character is refused, never another match.
                let mut chars: Vec<char> = c.chars().collect();
                let i = (seed as usize * 13) % chars.len();
                chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
                let bad: String = chars.into_iter().collect();
                assert!(code::decode::<G>(&bad).is_err(), "{bad}");
                // Cut short.
                assert!(code::decode::<G>(&c[..c.len() - 3]).is_err());
                games += 1;
            }
        }
        (games, longest)
    }
}

fn setups(players: std::ops::RangeInclusive<usize>, variants: &[&[&str]]) -> Vec<Setup> {
    let mut v = Vec::new();
    for n in players {
        for vs in variants {
            v.push(Setup {
                players: n,
                seed: 1000 + n as u64,
                variants: vs.iter().map(|s| s.to_string()).collect(),
            });
        }
    }
    v
}

#[test]
fn records_and_codes_round_trip_in_every_game() {
    let gm = catalog::dispatch(
        "goblin-market",
        RoundTrips {
            setups: setups(3..=6, &[&[], &["shared-ties"]]),
        },
    )
    .unwrap();
    let my = catalog::dispatch(
        "mykonos",
        RoundTrips {
            setups: setups(2..=4, &[&[]]),
        },
    )
    .unwrap();
    let du = catalog::dispatch(
        "duchess",
        RoundTrips {
            setups: setups(1..=2, &[&[], &["rainbow"], &["gold"], &["rainbow", "gold"]]),
        },
    )
    .unwrap();
    println!("codes: goblin-market {gm:?}, mykonos {my:?}, duchess {du:?} (games, longest)");
    assert_eq!(gm.0 + my.0 + du.0, 12 * (8 + 3 + 8));
}

#[test]
fn old_formats_still_read() {
    use come_buy_engine::goblin_market::{Action, GoblinMarket};
    // The table's first autosaves (format 1): no player count, actions without seats.
    let v1 = r#"(
    format: 1,
    game: "goblin-market",
    seed: 7,
    variants: [],
    seats: [
        (name: "Ana", color: 0, bot: None),
        (name: "Bram", color: 1, bot: Some("normal")),
        (name: "Cleo", color: 2, bot: Some("random")),
    ],
    actions: [Pass, Bid(1), Pass],
)"#;
    let r = Record::<Action>::parse::<GoblinMarket>(v1).unwrap();
    assert_eq!(r.players, 3);
    assert_eq!(r.steps.len(), 3);
    assert_eq!(r.seats[1].bot.as_deref(), Some("normal"));
    let (g, _) = r.replay::<GoblinMarket>(|_, _, _| {}).unwrap();
    assert!(
        g.current_player().is_some(),
        "the match goes on after three moves"
    );
    // The simulator's first replay files: no format, no seats.
    let sim = r#"{"game":"goblin-market","players":3,"seed":7,"variants":[],"actions":["Pass",{"Bid":1},"Pass"]}"#;
    let s = Record::<Action>::parse::<GoblinMarket>(sim).unwrap();
    assert_eq!(s.steps, r.steps);
    assert_eq!(record::game_of(sim).unwrap(), "goblin-market");
}

#[test]
fn bad_records_and_codes_are_clear_errors() {
    use come_buy_engine::goblin_market::{Action, GoblinMarket};
    use come_buy_engine::mykonos::Mykonos;
    let parse = |t: &str| Record::<Action>::parse::<GoblinMarket>(t);
    assert!(matches!(
        parse("(format: 2, game: "),
        Err(RecordError::Parse(_))
    ));
    let base = r#"(format: FMT, game: "GAME", players: 3, seed: 7, steps: [STEPS])"#;
    let make = |fmt: &str, game: &str, steps: &str| {
        base.replace("FMT", fmt)
            .replace("GAME", game)
            .replace("STEPS", steps)
    };
    assert_eq!(
        parse(&make("9", "goblin-market", "")),
        Err(RecordError::Format(9))
    );
    assert!(matches!(
        parse(&make("2", "mykonos", "")),
        Err(RecordError::WrongGame { .. })
    ));
    // Seed 7 at three seats: seat 1 bids first.
    let e = parse(&make("2", "goblin-market", "(seat: 1, action: Bid(999))")).unwrap_err();
    assert!(matches!(e, RecordError::Illegal { step: 1, .. }), "{e}");
    assert!(e.to_string().contains("move 1"), "{e}");
    let e = parse(&make("2", "goblin-market", "(seat: 0, action: Pass)")).unwrap_err();
    assert!(matches!(e, RecordError::WrongSeat { step: 1, .. }), "{e}");
    // Codes.
    // Spaces are no part of a code (people read it off a screen in groups): the `!` is.
    assert_eq!(
        code::decode::<GoblinMarket>("not a code!"),
        Err(CodeError::BadCharacter('!'))
    );
    assert_eq!(
        code::decode::<GoblinMarket>("AAAA"),
        Err(CodeError::Truncated)
    );
    let r = parse(&make("2", "goblin-market", "(seat: 1, action: Pass)")).unwrap();
    let whole = code::encode::<GoblinMarket>(&r).unwrap();
    let grouped: String = whole
        .chars()
        .enumerate()
        .flat_map(|(i, c)| (i > 0 && i % 5 == 0).then_some(' ').into_iter().chain([c]))
        .collect();
    assert_eq!(
        code::decode::<GoblinMarket>(&grouped),
        Ok(r.clone()),
        "a grouped code reads"
    );
    let c = code::encode::<GoblinMarket>(&r).unwrap();
    assert!(matches!(
        code::decode::<Mykonos>(&c),
        Err(CodeError::UnknownGame(0))
    ));
    assert!(
        code::decode_text(&c, false)
            .unwrap()
            .contains("goblin-market")
    );
    assert_eq!(code::encode_text(&r.to_ron()).unwrap(), c);
}
