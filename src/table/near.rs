//! The person to act at a shared screen gets the near side of the table: where hands are
//! secret and several people pass the screen, the table is laid out anew around the person
//! it is about to be handed to, every hand face down, before the hand-over cover asks for
//! them (the same rebuild as a language change: the match put back from its record, caught
//! up at once). So the one who plays always has the large hand at the bottom, never the
//! small far row, and no press on the cover is lost to the rebuild.

use super::handover::Privacy;
use super::{Match, NearSeat, TableGame, near_person, playing};
use crate::lang::Rebuild;
use crate::state::Screen;
use bevy::prelude::*;

pub(crate) fn register<G: TableGame>(app: &mut App) {
    if !G::HIDDEN_HANDS {
        return;
    }
    app.add_systems(
        Update,
        follow_handover::<G>
            .after(super::handover::update_privacy::<G>)
            .run_if(playing::<G>.and_then(in_state(Screen::Table))),
    );
}

/// When the person to act sits at the far side ([`Privacy::relayout`]), the table is laid
/// out around them; the hand-over cover then asks for them on the new table.
fn follow_handover<G: TableGame>(
    m: Res<Match<G>>,
    privacy: Res<Privacy>,
    near: Res<NearSeat>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(person) = privacy.relayout else {
        return;
    };
    if near_person(&m, Some(&near)) == Some(person) {
        return;
    }
    info!(
        "table: laid out again around {} (the screen is theirs)",
        m.seats[person].name
    );
    commands.insert_resource(NearSeat(Some(person)));
    commands.queue(Rebuild { keep: None });
    next.set(Screen::Table);
}
