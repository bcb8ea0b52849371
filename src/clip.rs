//! Match codes through the system clipboard: the results copy the finished match's code, and
//! the Watch list pastes one (a friend's match, or one copied earlier) to watch it or to play
//! its deal again. Bevy's `Clipboard` does the work: the OS clipboard on the desktop (arboard,
//! Bevy's `system_clipboard` feature), the browser's on the web (asynchronous: a paste is
//! polled until it arrives). What happened is said on the screen in one line: copied, or why
//! not; a pasted text that is no match code is refused with the reason.

use bevy::clipboard::{Clipboard, ClipboardRead};
use bevy::prelude::*;
use come_buy_engine::text::Text;
use come_buy_text::say;

/// The last copy or paste, in words (shown under the code or the Watch list until the screen
/// changes).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct ClipNote(pub Option<String>);

/// What a pasted code is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasteFor {
    Watch,
    PlayDeal,
    /// A room's code (or link) on Join a table.
    Join,
}

/// A paste on its way (the browser answers a frame or more later).
#[derive(Resource)]
pub struct Pasting {
    pub read: ClipboardRead,
    pub purpose: PasteFor,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ClipNote>();
    // Headless runs and tests have no ClipboardPlugin; the resource is all it adds.
    app.init_resource::<Clipboard>();
    for screen in [crate::state::Screen::Title, crate::state::Screen::Results] {
        app.add_systems(OnEnter(screen), |mut note: ResMut<ClipNote>| note.0 = None);
    }
    // The browser answers a paste a frame or more later: frames keep coming meanwhile.
    app.add_systems(
        Update,
        (|mut pace: ResMut<crate::pace::Pace>| pace.stir()).run_if(resource_exists::<Pasting>),
    );
}

/// This page's address with `?key=value` (a link that opens a match or a deal), where the
/// game runs on a page with an address; `None` on the desktop.
pub fn page_link(key: &str, value: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        let (origin, path) = (location.origin().ok()?, location.pathname().ok()?);
        if !origin.starts_with("http") {
            return None;
        }
        let value = String::from(js_sys::encode_uri_component(value));
        Some(format!("{origin}{path}?{key}={value}"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (key, value);
        None
    }
}

/// Copies `code`; the note says whether it worked.
pub fn copy(clipboard: &mut Clipboard, note: &mut ClipNote, code: &str) {
    copy_as(clipboard, note, code, "clip-copied");
}

/// Copies `text`; the note says `copied` (a message key) or why not.
pub fn copy_as(clipboard: &mut Clipboard, note: &mut ClipNote, text: &str, copied: &'static str) {
    note.0 = Some(match clipboard.set_text(text.to_string()) {
        Ok(()) => {
            info!("copied: {copied} ({} characters)", text.len());
            say(&Text::new(copied))
        }
        Err(e) => {
            // The system's own words (in its language, not the player's) go to the log only.
            warn!("cannot copy the match code: {e}");
            say(&Text::new("clip-not-copied"))
        }
    });
}

/// Starts a paste for `purpose`.
pub fn paste(commands: &mut Commands, clipboard: &mut Clipboard, purpose: PasteFor) {
    commands.insert_resource(Pasting {
        read: clipboard.fetch_text(),
        purpose,
    });
}

/// The pasted text, once it has arrived: `Some(Ok(text))`, `Some(Err(why))` in words, or
/// `None` while the browser is still answering.
pub(crate) fn poll(pasting: &mut Pasting) -> Option<Result<String, String>> {
    let r = pasting.read.poll_result()?;
    Some(match r {
        Ok(text) => Ok(text.trim().to_string()),
        Err(e) => {
            // The system's own words (in its language, not the player's) go to the log only.
            warn!("nothing pasted: {e}");
            Err(say(&Text::new("clip-nothing")))
        }
    })
}
