//! What the command line puts on the table at launch (`--play`, `--guided ID`,
//! `--watch CODE`, `--daily ID`, and a page's `?watch=` and `?daily=`): once the
//! title is up after the first frame, the match goes on the table; if it cannot, the reason is
//! logged and the title stays. The app's top room: it reads the screens' setup and the table.

use crate::screens::daily::DealDoor;
use crate::state::Screen;
use bevy::prelude::*;

/// `come-buy --guided ID`: the guided game goes on the table once the title is up.
pub(crate) fn guided(app: &mut App, id: String) {
    let what = format!("start the guided game {id}");
    put_at_launch(app, what, move |door| {
        let person = crate::screens::learn::person_name(door.setup());
        crate::table::tutorial::start(door.commands(), &id, &person).map(|()| true)
    });
}

/// `--play`: the last new-game setup is dealt once the title is up (a game of its kind in
/// progress is asked about first, as New game does).
pub(crate) fn play_last(app: &mut App) {
    put_at_launch(app, "deal the last setup".into(), |door| {
        let setup = door.setup().clone();
        door.start(setup)
    });
}

/// `--watch CODE`: once the title is up, the match goes on the table as a replay.
pub fn watch(app: &mut App, code: String) {
    let what = format!("watch {code}");
    put_at_launch(app, what, move |door| {
        crate::table::replay::watch_code(door.commands(), &code).map(|()| true)
    });
}

/// `--daily ID` or a page's `?daily=ID`: once the title is up, today's deal `id` goes on the
/// table as Today's deal opens it (its try continued, or dealt; a game of its kind in progress
/// is asked about first). An unknown deal says so on the title.
pub fn daily(app: &mut App, id: String) {
    let what = format!("open today's deal {id:?}");
    put_at_launch(app, what, move |door| {
        let deal = come_buy_engine::daily::Deal::by_id(&id).ok_or_else(|| {
            let deals: Vec<&str> = come_buy_engine::daily::deals()
                .iter()
                .map(|d| d.id.as_str())
                .collect();
            come_buy_text::say(
                &come_buy_engine::text::Text::new("launch-no-deal")
                    .raw("deal", id.chars().take(40).collect::<String>())
                    .raw("deals", deals.join(", ")),
            )
        })?;
        door.open(deal)
    });
}

/// Once the title is up after the first frame, `put` puts a match on the table (`--watch`,
/// `--guided`, `--daily`): `Ok(true)` opens the table, `Ok(false)` leaves a question up (a
/// game of that kind in progress); on an error, `what` and the reason are logged and said on
/// the title, which stays.
fn put_at_launch(
    app: &mut App,
    what: String,
    mut put: impl FnMut(&mut DealDoor) -> Result<bool, String> + Send + Sync + 'static,
) {
    app.add_systems(
        Update,
        (move |mut door: DealDoor,
               screen: Res<State<Screen>>,
               mut next: ResMut<NextState<Screen>>,
               mut notices: ResMut<crate::notice::Notices>,
               mut done: Local<bool>| {
            if *done || *screen.get() != Screen::Title {
                return;
            }
            *done = true;
            match put(&mut door) {
                Ok(true) => next.set(Screen::Table),
                Ok(false) => {}
                Err(e) => {
                    warn!("cannot {what}: {e}");
                    // A broken link or code says so on the title (it stays).
                    let says = come_buy_engine::text::Text::new("launch-failed").raw("why", e);
                    notices.show("launch", says, Some(12.0));
                }
            }
        })
        .run_if(crate::state::after_first_frame),
    );
}

/// A value of the page's address (`?watch=CODE`): decoded, at most 4 KiB; none on the desktop.
pub(crate) fn page_param(key: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let search = web_sys::window()?.location().search().ok()?;
        let prefix = format!("{key}=");
        search
            .trim_start_matches('?')
            .split('&')
            .find_map(|kv| kv.strip_prefix(prefix.as_str()))
            .filter(|v| v.len() <= 4096)
            .and_then(|v| js_sys::decode_uri_component(v).ok())
            .map(String::from)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = key;
        None
    }
}
