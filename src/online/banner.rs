//! The line over an online table, on every screen of it: the room's code, whose turn it is
//! (a friend choosing far away, or this table's own turn), a friend or the host gone, and on
//! the host's table a button to let a bot play for a friend who dropped.

use super::guest::{OnlineGuest, Status};
use super::host::StandIn;
use crate::state::Screen;
use crate::table::gate::Gate;
use crate::table_core::top_line::{Piece, pieces};
use crate::ui::{CREAM, GOLD};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use come_buy_engine::text::Text;
use come_buy_online::code::spaced;
use come_buy_text::{say, tr};

/// What the banner says about the match on the table: whose turn, and who is online.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct TurnLine {
    /// The words for whose turn it is.
    pub turn: String,
    /// A friend's seat whose friend dropped while the table waits for them (host only).
    pub waiting_for: Option<(usize, String)>,
    /// The other friends who dropped (host only): the line says so for as long as they are
    /// away (the table goes on until their turn).
    pub away: Vec<String>,
}

/// Worked out by each game's system (the match is generic); read by [`banner`]. What holds
/// the turn (the host gone, a move on its way to the host, a friend dropped) is the table's
/// gate's, as its writers keep it (`online::hold_gate`, the friend's side): the line says
/// what the gate says. `friend`: this is a friend's table.
pub(crate) fn turn_line<G: crate::table::TableGame>(
    m: &crate::table::Match<G>,
    gate: &Gate,
    friend: bool,
) -> TurnLine {
    // The host is gone: nobody's turn goes on (the banner says why).
    if friend && gate.host_gone {
        return TurnLine::default();
    }
    let Some(seat) = m.game.current_player() else {
        return TurnLine {
            turn: tr("online-over"),
            ..TurnLine::default()
        };
    };
    let info = &m.seats[seat];
    // Our move is on its way to the host.
    if friend && gate.sent {
        return TurnLine {
            turn: tr("online-sent"),
            away: away(m, gate, None),
            ..TurnLine::default()
        };
    }
    let gone = gate.dropped(seat);
    let turn = if gone {
        say(&Text::new("online-waits-for").raw("name", info.name.clone()))
    } else if info.is_person() {
        // The same words at the host's and a friend's: "Your turn" where one person plays at
        // this screen (the name where several share it).
        let people_here = m.seats.iter().filter(|s| s.is_person()).count();
        if friend || people_here == 1 {
            tr("online-your-turn")
        } else {
            say(&Text::new("online-turn-of").raw("name", info.name.clone()))
        }
    } else {
        say(&Text::new("online-choosing").raw("name", info.name.clone()))
    };
    TurnLine {
        turn,
        waiting_for: gone.then(|| (seat, info.name.clone())),
        away: away(m, gate, Some(seat).filter(|_| gone)),
    }
}

/// The names of the friends away from the host's table (the gate's dropped seats), but the
/// seat the turn line already waits for.
fn away<G: crate::table::TableGame>(
    m: &crate::table::Match<G>,
    gate: &Gate,
    waited: Option<usize>,
) -> Vec<String> {
    m.seats
        .iter()
        .enumerate()
        .filter(|(s, _)| gate.dropped(*s) && Some(*s) != waited)
        .map(|(_, info)| info.name.clone())
        .collect()
}

/// What the banner says of its room: the table's line (its code, or what went wrong), and
/// whether the way back shows (the host gone, at a friend's table).
#[derive(Debug, PartialEq)]
struct Room {
    text: String,
    leave: bool,
}

/// The banner at the top of the host's table, once the match is under way (the lobby says
/// the same before).
pub(crate) fn host_banner(
    contexts: EguiContexts,
    room: Res<crate::phones::RemoteRoom>,
    line: Option<Res<TurnLine>>,
    out: (MessageWriter<StandIn>, ResMut<NextState<Screen>>),
    dock: ResMut<crate::table::dock::Dock>,
) -> Result {
    let Some(host) = room.online.as_ref() else {
        return Ok(());
    };
    if !host.started {
        // No banner: the table keeps the whole window.
        return Ok(());
    }
    // The meeting server gone: the table goes on, friends come back once it answers.
    let text = if host.no_server {
        tr("online-server-gone")
    } else {
        say(&Text::new("online-banner").raw("code", spaced(&host.room.code)))
    };
    let room = Room { text, leave: false };
    banner(contexts, room, line.as_deref(), out, dock)
}

/// The banner at the top of a friend's table.
pub(crate) fn guest_banner(
    contexts: EguiContexts,
    guest: Res<OnlineGuest>,
    line: Option<Res<TurnLine>>,
    out: (MessageWriter<StandIn>, ResMut<NextState<Screen>>),
    dock: ResMut<crate::table::dock::Dock>,
) -> Result {
    banner(contexts, guest_room(&guest), line.as_deref(), out, dock)
}

/// What a friend's table's banner says: the room's code, or that the host is gone (with the
/// way back).
fn guest_room(guest: &OnlineGuest) -> Room {
    let text = match guest.status {
        Status::Lost => tr("online-host-lost"),
        Status::Closed => tr("online-host-closed"),
        _ => say(&Text::new("online-banner").raw("code", spaced(&guest.room.code))),
    };
    Room {
        text,
        leave: guest.host_gone(),
    }
}

/// The banner at the top of an online table, saying `room`'s line.
fn banner(
    mut contexts: EguiContexts,
    Room { text, leave }: Room,
    line: Option<&TurnLine>,
    (mut stand_in, mut next): (MessageWriter<StandIn>, ResMut<NextState<Screen>>),
    mut dock: ResMut<crate::table::dock::Dock>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // The table is framed below the banner (it covers no plaque or card).
    // The line's pieces: what the table is, the way back where the host is gone, whose turn,
    // and a bot for a friend who dropped.
    let mut line_pieces = vec![Piece::Words(
        egui::RichText::new(text)
            .size(crate::ui::SMALL)
            .color(CREAM),
    )];
    if leave {
        line_pieces.push(Piece::Button(
            egui::RichText::new(tr("online-leave")).size(24.0),
        ));
    }
    let turn = line.filter(|l| !l.turn.is_empty());
    let waiting = turn.and_then(|l| l.waiting_for.clone());
    if let Some(l) = turn {
        line_pieces.push(Piece::Words(
            egui::RichText::new(&l.turn).size(24.0).color(GOLD),
        ));
    }
    for name in line.map_or(&[][..], |l| l.away.as_slice()) {
        let words = say(&Text::new("online-dropped").raw("name", name.clone()));
        line_pieces.push(Piece::Words(
            egui::RichText::new(words).size(24.0).color(GOLD),
        ));
    }
    if let Some((_, name)) = &waiting {
        let label = say(&Text::new("online-bot-for").raw("name", name.clone()));
        line_pieces.push(Piece::Button(
            egui::RichText::new(label).size(crate::ui::SMALL),
        ));
    }
    // The table is framed below the banner (it covers no plaque or card).
    let clicked = crate::table_core::top_line::show(ctx, "online banner", &mut dock, |ui| {
        pieces(ui, line_pieces)
    });
    match clicked {
        // The host gone: the way back, where the eye already is.
        Some(1) if leave => next.set(Screen::Title),
        Some(_) => {
            if let Some((seat, _)) = waiting {
                stand_in.write(StandIn(seat));
            }
        }
        None => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::SeatKind;
    use crate::table::gate::{Remote, Remotes};
    use crate::table_core::gate::tests::duel;
    use come_buy_engine::Game;

    /// The line says what the gate holds: a friend dropped (the table waits for them, and
    /// names the others away), our move on its way, the host gone; else whose turn it is.
    #[test]
    fn the_turn_line_says_what_the_gate_holds() {
        let mut m = duel([SeatKind::Online, SeatKind::Online]);
        let seat = m.game.current_player().unwrap();
        let other = 1 - seat;
        m.seats[other].kind = SeatKind::Person;
        let name = m.seats[seat].name.clone();
        let open = Gate::default();
        let line = turn_line(&m, &open, false);
        assert_eq!(
            line.turn,
            say(&Text::new("online-choosing").raw("name", name.clone()))
        );
        assert_eq!((line.waiting_for, line.away.len()), (None, 0));
        let dropped = Gate {
            remote: Remotes::default().with(seat, Remote::Dropped),
            ..open
        };
        let line = turn_line(&m, &dropped, false);
        assert_eq!(line.waiting_for, Some((seat, name.clone())));
        assert!(
            line.away.is_empty(),
            "the seat waited for is not named twice"
        );
        // The other seat's friend away: named while someone else's turn goes on.
        m.seats[other].kind = SeatKind::Online;
        let both = Gate {
            remote: Remotes::default().with(other, Remote::Dropped),
            ..open
        };
        assert_eq!(
            turn_line(&m, &both, false).away,
            vec![m.seats[other].name.clone()]
        );
        // At a friend's table: their own seat, their move sent, the host gone.
        m.seats[seat].kind = SeatKind::Person;
        assert_eq!(turn_line(&m, &open, true).turn, tr("online-your-turn"));
        let sent = Gate { sent: true, ..open };
        assert_eq!(turn_line(&m, &sent, true).turn, tr("online-sent"));
        let gone = Gate {
            host_gone: true,
            ..open
        };
        assert_eq!(turn_line(&m, &gone, true), TurnLine::default());
    }

    /// A friend's banner says the room's code while the host is there, and why the table
    /// stopped once the host is gone, with the way back.
    #[test]
    fn a_friends_banner_says_the_code_or_that_the_host_is_gone() {
        use come_buy_online::guest::Guest;
        let room = Guest::back("ACDEFHJKMNPR", "Ana", 0, "token".into());
        let mut g = OnlineGuest::for_tests(room, Status::Seated, Vec::new());
        let code = say(&Text::new("online-banner").raw("code", "ACDE-FHJK-MNPR"));
        assert_eq!(
            guest_room(&g),
            Room {
                text: code,
                leave: false
            }
        );
        for (status, key) in [
            (Status::Lost, "online-host-lost"),
            (Status::Closed, "online-host-closed"),
        ] {
            g.status = status;
            assert_eq!(
                guest_room(&g),
                Room {
                    text: tr(key),
                    leave: true
                }
            );
        }
    }
}
