//! What the command line puts on the table at launch (`--guided ID`, `--watch CODE`): once the
//! title is up after the first frame, the match goes on the table; if it cannot, the reason is
//! logged and the title stays. The app's top room: it reads the screens' setup and the table.

use crate::screens::new_game::GameSetup;
use crate::state::Screen;
use bevy::prelude::*;

/// `come-buy --guided ID`: the guided game goes on the table once the title is up.
pub(crate) fn guided(app: &mut App, id: String) {
    let what = format!("start the guided game {id}");
    put_at_launch(app, what, move |commands, setup| {
        crate::table::tutorial::start(commands, &id, &crate::screens::learn::person_name(setup))
    });
}

/// `--watch CODE`: once the title is up, the match goes on the table as a replay.
pub(crate) fn watch(app: &mut App, code: String) {
    let what = format!("watch {code}");
    put_at_launch(app, what, move |commands, _| {
        crate::table::replay::watch_code(commands, &code)
    });
}

/// Once the title is up after the first frame, `put` puts a match on the table and the table
/// opens (`--watch`, `--guided`); if it cannot, `what` and the reason are logged and the title
/// stays.
fn put_at_launch(
    app: &mut App,
    what: String,
    mut put: impl FnMut(&mut Commands, &GameSetup) -> Result<(), String> + Send + Sync + 'static,
) {
    app.add_systems(
        Update,
        (move |mut commands: Commands,
               screen: Res<State<Screen>>,
               setup: Res<GameSetup>,
               mut next: ResMut<NextState<Screen>>,
               mut done: Local<bool>| {
            if *done || *screen.get() != Screen::Title {
                return;
            }
            *done = true;
            match put(&mut commands, &setup) {
                Ok(()) => next.set(Screen::Table),
                Err(e) => error!("cannot {what}: {e}"),
            }
        })
        .run_if(crate::state::after_first_frame),
    );
}
