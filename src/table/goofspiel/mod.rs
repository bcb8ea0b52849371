//! Goofspiel on the table: the game built only for the tests (cargo feature `test-game`, never
//! shipped), which proves that a game lives in its folders. The prize pile, the prize up for
//! bids, each seat's numbered hand on its plaque, bids laid face down in the middle and turned
//! together, the prize flying to its taker (or aside on a tie) and the spent bids going home
//! face down.

mod table;

pub use table::TableView;

use super::TableGame;
use super::kit::{self, Wording};
use super::lines::{LogMemory, Logged};
use super::log::{game_over, name};
use super::scores::{ResultColumn, ResultRow, ResultTable, Results};
use crate::art::{Art, CARD, CARD_PIXELS, LaterArt};
use crate::theme::{self, Fonts};
use bevy::ecs::system::SystemParamItem;
use bevy::prelude::*;
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::goofspiel::{Action, Effect, Goofspiel, View};
use come_buy_engine::text::Text;
use come_buy_media::synth::Cue;
use come_buy_text::{say, tr};

/// The match, when it is Goofspiel.
pub type Match = super::Match<Goofspiel>;

/// A numbered card: a seat's (its hand) or a prize (`seat: None`).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct NumberCard {
    pub seat: Option<Seat>,
    pub value: u8,
}

/// Goofspiel's images: a face for the prizes and one per seat colour.
#[derive(Default, Clone)]
pub struct GoofspielArt {
    pub prize_face: Handle<Image>,
    pub seat_faces: Vec<Handle<Image>>,
}

fn make_art(_art: &mut Art, later: &mut LaterArt, images: &Assets<Image>) -> GoofspielArt {
    let (w, h) = CARD_PIXELS;
    GoofspielArt {
        prize_face: later.reserve(images, move || {
            come_buy_media::art::card_face(w, h, [212, 175, 55])
        }),
        seat_faces: theme::SEAT_COLORS
            .iter()
            .map(|&(c, _)| later.reserve(images, move || come_buy_media::art::card_face(w, h, c)))
            .collect(),
    }
}

/// One numbered card, face down at `at`: on its face the number, large, in the seat's colour
/// (a prize's in gold).
pub(crate) fn spawn_card(
    commands: &mut Commands,
    art: &Art,
    fonts: &Fonts,
    card: NumberCard,
    color: usize,
    at: Vec3,
    scale: f32,
) -> Entity {
    let own = art.of::<GoofspielArt>();
    let (face, ink) = match card.seat {
        None => {
            let [r, g, b, _] = theme::GOLD.to_srgba().to_u8_array();
            (own.prize_face.clone(), on_paper([r, g, b]))
        }
        Some(_) => (
            own.seat_faces
                .get(color % own.seat_faces.len().max(1))
                .cloned()
                .unwrap_or_default(),
            on_paper(theme::SEAT_COLORS[color % theme::SEAT_COLORS.len()].0),
        ),
    };
    let number = card.value.to_string();
    kit::card_shell(commands, art, card, art.card_back.clone(), at, scale, |f| {
        f.spawn(Sprite {
            image: face,
            custom_size: Some(CARD),
            ..default()
        });
        f.spawn((
            kit::text2d(fonts, number, 110.0, ink, true),
            Transform::from_xyz(0.0, 0.0, 0.003),
        ));
    })
}

/// A colour as dark as a number on a card's paper needs to read (WCAG's 4.5:1): the same hue,
/// darkened (a yellow seat's numbers read 1.4:1 on the paper, the prize's gold too).
fn on_paper(c: [u8; 3]) -> Color {
    let paper = come_buy_media::art::CARD_PAPER;
    let darker = |k: f32| c.map(|v| (f32::from(v) * k) as u8);
    let k = (0..20)
        .map(|i| 1.0 - i as f32 * 0.05)
        .find(|&k| come_buy_media::art::contrast(darker(k), paper) >= 4.5)
        .unwrap_or(0.0);
    theme::rgb(darker(k))
}

impl TableGame for Goofspiel {
    const HELP: &'static str = "help-goofspiel";
    // Every hand is known to all; only the bids are secret, and they lie face down.
    const HIDDEN_HANDS: bool = false;
    type Stage = table::Stage<'static, 'static>;

    fn plugin(app: &mut App) {
        app.init_resource::<table::TableView>();
        crate::art::add_game_art(app, make_art);
        kit::register_table::<Goofspiel, _, _>(app, table::spawn_table, table::lift_focused);
    }

    fn present(
        stage: &mut SystemParamItem<Self::Stage>,
        m: &Match,
        effect: &Effect,
        cues: &mut Vec<Cue>,
    ) -> f32 {
        stage.present(m, effect, cues)
    }

    fn title_cards(commands: &mut Commands, art: &Art, fonts: &Fonts) -> [Entity; 2] {
        let card = |value| NumberCard { seat: None, value };
        [
            spawn_card(commands, art, fonts, card(13), 0, Vec3::ZERO, 1.15),
            spawn_card(commands, art, fonts, card(1), 0, Vec3::ZERO, 1.15),
        ]
    }

    fn phone_hand(_m: &Match, view: &View) -> (Vec<super::PhoneCard>, Vec<String>) {
        let seat = view.seat.unwrap_or(0);
        let mut lines = vec![say(&Text::new("goof-points").num("n", view.points(seat)))];
        if let Some(card) = view.prize {
            lines.push(say(&Text::new("goof-prize").num("card", i64::from(card))));
        }
        (Vec::new(), lines)
    }

    fn moment(_m: &Match, effect: &Effect) -> Option<&'static str> {
        match effect {
            Effect::BidsShown { .. } => Some("bids"),
            Effect::Ended { .. } => Some("final"),
            _ => None,
        }
    }
}

fn card_of(action: &Action) -> u8 {
    match *action {
        Action::Bid { card } => card,
    }
}

impl Wording for Goofspiel {
    fn prompt(m: &Match, seat: Seat, _options: &[Action]) -> String {
        let prize = m.game.view(Some(seat)).prize.unwrap_or(0);
        say(&Text::new("goof-bid-prompt")
            .raw("name", name(m, seat))
            .num("card", i64::from(prize)))
    }

    fn label(_m: &Match, _seat: Seat, action: &Action) -> String {
        say(&Text::new("goof-bid").num("card", i64::from(card_of(action))))
    }
}

impl Logged for Goofspiel {
    fn log_line(m: &Match, _memory: &mut LogMemory, effect: &Effect) -> Option<String> {
        let text = match effect {
            Effect::PrizeTurned { card, left } => Text::new("log-goof-prize")
                .num("card", i64::from(*card))
                .num("left", *left as i64),
            Effect::BidHidden { seat, .. } => Text::new("log-goof-bid").raw("name", name(m, *seat)),
            Effect::BidsShown { bids } => {
                let each: Vec<String> = bids
                    .iter()
                    .enumerate()
                    .map(|(s, b)| format!("{} {b}", name(m, s)))
                    .collect();
                Text::new("log-goof-bids").raw("bids", each.join(", "))
            }
            Effect::PrizeTaken {
                seat: Some(s),
                card,
            } => Text::new("log-goof-took")
                .raw("name", name(m, *s))
                .num("card", i64::from(*card)),
            Effect::PrizeTaken { seat: None, card } => {
                Text::new("log-goof-tie").num("card", i64::from(*card))
            }
            Effect::Ended { .. } => return game_over(m),
        };
        Some(say(&text))
    }
}

impl Results for Goofspiel {
    fn result_table(m: &Match, _art: &Art) -> ResultTable {
        let Some(scores) = m.game.scores() else {
            return ResultTable::default();
        };
        let v = m.game.view(None);
        let mut t = ResultTable {
            columns: vec![ResultColumn {
                icon: None,
                label: tr("goof-prizes-won"),
            }],
            rows: (0..m.seats.len())
                .map(|s| ResultRow {
                    seat: s,
                    name: m.seats[s].name.clone(),
                    cells: vec![(v.won[s].len().to_string(), theme::CREAM)],
                    total: scores.points[s],
                    winner: scores.winners.contains(&s),
                })
                .collect(),
            total_label: tr("goof-points-label"),
            footnote: tr("goof-scoring-note"),
            headline: None,
        };
        t.sort();
        t
    }

    fn spawn_final_hand(
        commands: &mut Commands,
        art: &Art,
        fonts: &Fonts,
        m: &Match,
        seat: Seat,
    ) -> Vec<Entity> {
        let won = m.game.view(None).won.get(seat).cloned().unwrap_or_default();
        won.into_iter()
            .map(|value| {
                let card = NumberCard { seat: None, value };
                spawn_card(commands, art, fonts, card, 0, Vec3::ZERO, 1.0)
            })
            .collect()
    }
}
