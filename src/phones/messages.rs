//! What the TV shows a phone, as JSON, the payload of the room's messages (a `view` to a phone
//! at the door, a seat's `state`): the page's words, the seats it may take, a claim waiting for
//! the TV's yes, and a seat's own view with its choices (nothing of any other seat's hidden
//! cards).

use super::*;
use come_buy_online::msg::Why;

pub(crate) fn hex(color: usize) -> String {
    crate::theme::css(SEAT_COLORS[color % SEAT_COLORS.len()].0)
}

/// The page's own words, in the table's language.
pub fn words() -> serde_json::Value {
    let keys = [
        "phone-title",
        "phone-pick-seat",
        "phone-your-turn",
        "phone-your-cards",
        "phone-reconnecting",
        "phone-wrong-room",
        "phone-room-label",
        "phone-go",
        "phone-other-seat",
        "phone-asking",
        "phone-mark",
        "phone-ask-again",
        "phone-tv-gone",
        "phone-not-in-yet",
        "phone-seat-busy",
        "phone-seat-away",
        "phone-you",
    ];
    let mut map = serde_json::Map::new();
    for k in keys {
        map.insert(k.to_string(), json!(tr(k)));
    }
    // Words with a figure the page counts itself: "{n}" and "{s}" stand where it goes.
    for (k, arg) in [
        ("phone-wrong-count", "n"),
        ("phone-wrong-wait", "s"),
        ("phone-only-move", "move"),
        ("phone-seat-taken", "name"),
    ] {
        let marker = format!("{{{arg}}}");
        map.insert(k.to_string(), json!(say(&Text::new(k).raw(arg, marker))));
    }
    serde_json::Value::Object(map)
}

/// The page's words and, for a phone at the door, why the room refused something, in the
/// phones' words (`why-declined`...). A seat's view carries only [`words`]: the page keeps what
/// it was given (these come with the page and with every view at the door).
pub fn door_words() -> serde_json::Value {
    let mut map = match words() {
        serde_json::Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    for why in REFUSALS {
        let name = serde_json::to_value(why).unwrap_or_default();
        let name = name.as_str().unwrap_or_default();
        map.insert(format!("why-{name}"), json!(tr(refusal_key(why))));
    }
    serde_json::Value::Object(map)
}

/// The key of a refusal's words on a phone: the phones' own where a phone says it otherwise
/// than a friend's table, else the online room's.
pub(super) fn refusal_key(why: Why) -> &'static str {
    match why {
        Why::Declined => "phone-said-no-wait",
        Why::Busy => "phone-tv-busy",
        Why::NoSeat => "phone-no-such-seat",
        Why::TakenBack => "phone-taken-back",
        Why::Moved => "phone-moved",
        Why::NotYourTurn | Why::NotPlaying => "phone-not-your-turn",
        Why::Stale => "phone-moved-on",
        Why::NotSeated => "phone-no-seat-yet",
        other => other.key(),
    }
}

/// The refusals a phone may be told (each has its words in [`door_words`]; the seat taken and
/// the token refused are worded with the seat's name: `phone-seat-taken`, in [`words`]).
const REFUSALS: [Why; 12] = [
    Why::Version,
    Why::WrongRoom,
    Why::Malformed,
    Why::TooBig,
    Why::NoSeat,
    Why::Declined,
    Why::Busy,
    Why::NotSeated,
    Why::Stale,
    Why::NotYourTurn,
    Why::TakenBack,
    Why::Moved,
];

/// For a phone waiting for the TV's yes: which seat it asked for and its mark; nothing of
/// the seat's cards.
pub fn asking_message<G: TableGame>(m: &Match<G>, claim: &Claim) -> serde_json::Value {
    let s = &m.seats[claim.seat];
    json!({
        "t": "asking",
        "game": come_buy_text::names::game(G::NAME_KEY),
        "seat": claim.seat,
        "name": s.name,
        "color": hex(s.color),
        "mark": claim.mark,
        "words": door_words(),
    })
}

/// For a phone without a seat: the seats it may take (the room's welcome gave its challenge).
pub fn seats_message<G: TableGame>(
    m: &Match<G>,
    phones: &Phones,
    note: Option<&String>,
) -> serde_json::Value {
    let seats: Vec<serde_json::Value> = phone_seats(m)
        .into_iter()
        .map(|s| {
            let here = phones.phone_here(s);
            json!({
                "seat": s,
                "name": m.seats[s].name,
                "color": hex(m.seats[s].color),
                "taken": here.is_some(),
                "away": here == Some(false),
            })
        })
        .collect();
    json!({
        "t": "seats",
        "game": come_buy_text::names::game(G::NAME_KEY),
        "seats": seats,
        "note": note,
        "words": door_words(),
        "none": if G::HIDDEN_HANDS { None } else { Some(tr("phones-no-hidden-hands")) },
    })
}

/// For a phone playing `seat`: that seat's view (its own cards and money), whose turn it is,
/// and its choices when it has one. Built from `view(Some(seat))` and the seat's own moves
/// only.
pub fn state_message<G: TableGame>(
    m: &Match<G>,
    seat: Seat,
    now: &TableNow,
    note: Option<&String>,
) -> serde_json::Value {
    let view = m.game.view(Some(seat));
    let (hand, info) = G::phone_hand(m, &view);
    let options = phone_options(m, seat, now);
    let choices: Vec<String> = options.iter().map(|a| G::label(m, seat, a)).collect();
    // The cards each choice is about, drawn on the phone with the table's art (a card of the
    // hand becomes the choice's tap target).
    let choice_cards: Vec<_> = options
        .iter()
        .map(|a| G::phone_choice(m, &view, a))
        .collect();
    let prompt = (!options.is_empty()).then(|| G::prompt(m, seat, &options));
    let table = table_json(m, seat, &G::phone_table(m, &view));
    let status = if m.game.is_over() {
        match m.game.scores() {
            Some(s) if s.winners.contains(&seat) => tr("phone-you-won"),
            Some(s) => {
                let names: Vec<String> =
                    s.winners.iter().map(|&w| m.seats[w].name.clone()).collect();
                say(&Text::new("phone-winner").raw("name", names.join(", ")))
            }
            None => tr("phone-over"),
        }
    } else if now.turn.menu {
        tr("phone-paused")
    } else if !options.is_empty() {
        tr("phone-your-turn")
    } else if let Some(s) = m.game.current_player() {
        if s == seat {
            tr("phone-watch")
        } else {
            say(&Text::new("phone-waiting").raw("name", m.seats[s].name.clone()))
        }
    } else {
        tr("phone-watch")
    };
    // At the end, everyone's place and points (every hand is open then).
    let end: Vec<serde_json::Value> = match m.game.scores() {
        Some(sc) if m.game.is_over() => {
            let mut order: Vec<usize> = (0..sc.points.len()).collect();
            order.sort_by_key(|&s| sc.place(s));
            order
                .into_iter()
                .map(|s| {
                    json!({
                        "place": say(&Text::new("phone-place").num("n", sc.place(s) as i64)),
                        "name": m.seats[s].name,
                        "color": hex(m.seats[s].color),
                        "points": sc.points[s],
                        "you": s == seat,
                    })
                })
                .collect()
        }
        _ => Vec::new(),
    };
    json!({
        "t": "state",
        "end": end,
        "game": come_buy_text::names::game(G::NAME_KEY),
        "seat": seat,
        "name": m.seats[seat].name,
        "color": hex(m.seats[seat].color),
        "status": status,
        "hand": hand,
        "info": info,
        "prompt": prompt,
        "choices": choices,
        "choice_cards": choice_cards,
        "table": table,
        "step": m.actions.len(),
        "over": m.game.is_over(),
        "note": note,
        "words": words(),
    })
}

/// The colour of a worker no seat owns: the grey of the table's neutral meeples.
const OTHERS: &str = "#96969b";

/// The table as a seat's phone shows it while others choose: each spot's card and words, and
/// its line by the seats' names and colours (the seat's own marked).
fn table_json<G: TableGame>(
    m: &Match<G>,
    seat: Seat,
    table: &crate::table_core::PhoneTable,
) -> serde_json::Value {
    use crate::table_core::InLine;
    let spots: Vec<serde_json::Value> = table
        .spots
        .iter()
        .map(|spot| {
            let line: Vec<serde_json::Value> = spot
                .line
                .iter()
                .map(|w| match w {
                    InLine::Seat(s) => json!({
                        "name": m.seats.get(*s).map_or("", |x| x.name.as_str()),
                        "color": m.seats.get(*s).map_or_else(|| OTHERS.to_string(), |x| hex(x.color)),
                        "you": *s == seat,
                    }),
                    InLine::Other(name) => json!({ "name": name, "color": OTHERS, "you": false }),
                })
                .collect();
            json!({ "card": spot.card, "caption": spot.caption, "line": line })
        })
        .collect();
    json!({ "title": table.title, "spots": spots, "lines": table.lines })
}
