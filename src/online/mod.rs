//! Online tables: a match played with friends far away. The rules of the room are the
//! `come_buy_online` crate (no Bevy); this room ties them to the table:
//! - `host.rs`: a New game with an *Online friend* seat opens a room, with its lobby (the code,
//!   who asks for which seat, the host's yes or no, Start); then the host's table sends each
//!   friend their seat's world after every move and takes their moves like any other input;
//! - `guest.rs`: *Join a table* (the title, `--join CODE`, a page's `?join=CODE`): the code, a
//!   seat, the host's yes, then the friend's own animated table, from their seat;
//!   `join_panel.rs` draws its panel;
//! - `banner.rs`: who is online and whose turn it is, on every table.

use crate::settings::Settings;
use bevy::prelude::*;
use come_buy_online::link::{Link, Reach};

pub mod banner;
pub mod guest;
pub mod host;
mod join;
mod join_panel;
mod kept;
pub mod lobby;
mod lobby_panel;

/// The port of the desktop's own signaling server (play on one network).
pub const SIGNAL_PORT: u16 = 3536;
/// The signaling server a build was published with (`COME_BUY_SIGNAL=wss://... web/build.sh`:
/// an https page needs a `wss://` server).
const BUILT_SIGNAL: Option<&str> = option_env!("COME_BUY_SIGNAL");
/// What the command line (`--join CODE`, `--signal URL`) or the page's address (`?join=`,
/// `?signal=`) asked for.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct OnlineAsk {
    pub join: Option<String>,
    pub signal: Option<String>,
}

/// The signaling server tables meet at, first found of: `--signal` (or `?signal=`), the
/// setting, the build's; else this machine's own server (the desktop) or the page's host's.
pub fn signal_url(ask: &OnlineAsk, settings: &Settings) -> String {
    let given = ask
        .signal
        .clone()
        .filter(|s| !s.trim().is_empty())
        .or_else(|| Some(settings.signal.clone()).filter(|s| !s.trim().is_empty()))
        .or_else(|| BUILT_SIGNAL.map(str::to_string));
    given.unwrap_or_else(|| format!("ws://{}:{SIGNAL_PORT}", page_host()))
}

#[cfg(not(target_arch = "wasm32"))]
fn page_host() -> String {
    "127.0.0.1".to_string()
}

#[cfg(target_arch = "wasm32")]
fn page_host() -> String {
    web_sys::window()
        .and_then(|w| w.location().hostname().ok())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "127.0.0.1".to_string())
}

/// How to reach the other tables.
pub fn reach(signal: &str, settings: &Settings) -> Reach {
    let some = |s: &String| Some(s.clone()).filter(|s| !s.is_empty());
    Reach {
        signal: signal.to_string(),
        ice: settings.ice.clone(),
        turn_user: some(&settings.turn_user),
        turn_password: some(&settings.turn_password),
    }
}

/// This machine's own signaling server, when `signal` names it (`ws://127.0.0.1:3536`, the
/// desktop's default): started by the first room that needs it, kept for the run. Desktop
/// tables only (a web page's origin is not let in).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn own_signal(signal: &str, keep: &mut OwnSignal) -> Result<(), String> {
    let local = [
        format!("ws://127.0.0.1:{SIGNAL_PORT}"),
        format!("ws://localhost:{SIGNAL_PORT}"),
    ];
    if keep.0.is_some() || !local.iter().any(|l| l == signal.trim_end_matches('/')) {
        return Ok(());
    }
    let addr = std::net::SocketAddr::from(([0, 0, 0, 0], SIGNAL_PORT));
    match come_buy_online::signal::Signal::serve(addr, Vec::new()) {
        Ok(s) => {
            info!("online: this machine's signaling server on {}", s.addr);
            keep.0 = Some(s);
            Ok(())
        }
        // Another table on this machine serves it already.
        Err(e) if e.contains("in use") || e.contains("AddrInUse") => Ok(()),
        Err(e) => Err(e),
    }
}

/// The desktop's own signaling server, once started.
#[derive(Resource, Default)]
pub struct OwnSignal(
    #[cfg(not(target_arch = "wasm32"))] pub Option<come_buy_online::signal::Signal>,
    #[cfg(target_arch = "wasm32")] pub Option<()>,
);

/// The address friends give as `--signal` to reach the server this table uses (`signal`): the
/// same, except that this machine's own name (127.0.0.1, localhost) becomes its address on
/// the network `lan` (scheme, port and path kept: `--signal ws://127.0.0.1:9000` is
/// `ws://192.168.1.20:9000` for friends). (A page names its server as it is.)
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(crate) fn friends_signal(signal: &str, lan: &str) -> String {
    let (scheme, rest) = signal.split_once("://").unwrap_or(("ws", signal));
    let (host_port, path) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    let (host, port) = match host_port.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(':') && p.chars().all(|c| c.is_ascii_digit()) => (h, Some(p)),
        _ => (host_port, None),
    };
    if !matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
        return signal.to_string();
    }
    match port {
        Some(p) => format!("{scheme}://{lan}:{p}{path}"),
        None => format!("{scheme}://{lan}{path}"),
    }
}

/// Seconds a table waits for its meeting server's first answer before saying it does not
/// come (the link goes on trying meanwhile).
pub const NO_SERVER_AFTER: f64 = 5.0;

/// Whether a link opened at `since` has not reached its meeting server and should say so at
/// `now`: it gave up, or [`NO_SERVER_AFTER`] passed without an answer.
pub(crate) fn server_missing(link: &mut Link, since: f64, now: f64) -> bool {
    !link.reached() && (link.closed() || now - since > NO_SERVER_AFTER)
}

/// The level a host's bot is named by in the room ("hard"), where its name is one: each table
/// says it in its own words.
pub(crate) fn bot_level(name: &str) -> Option<&'static str> {
    crate::screens::setup::LEVELS
        .into_iter()
        .find(|l| *l == name)
}

/// A message's key as this build says it: the web page's own words where the desktop's
/// name the `--signal` option, which a web player has no way to give.
pub(crate) fn page_key(key: &'static str) -> &'static str {
    match key {
        "online-no-server-host" if cfg!(target_arch = "wasm32") => "online-no-server-host-page",
        "online-no-server-join" if cfg!(target_arch = "wasm32") => "online-no-server-join-page",
        _ => key,
    }
}

pub(crate) use crate::table_core::room::Redial;

/// Links being closed: kept a moment (until when, once known) so their last words (the
/// host's goodbye) leave.
#[derive(Resource, Default)]
pub(crate) struct Closing(Vec<(Link, Option<f64>)>);

/// Seconds a closing link is kept.
const CLOSING_SECS: f64 = 3.0;

impl Closing {
    pub(crate) fn keep(&mut self, link: Link) {
        self.0.push((link, None));
    }
}

fn close_links(mut closing: ResMut<Closing>, time: Res<Time<Real>>) {
    let now = time.elapsed_secs_f64();
    for (link, until) in &mut closing.0 {
        link.poll();
        until.get_or_insert(now + CLOSING_SECS);
    }
    closing.0.retain(|(_, until)| until.is_none_or(|u| now < u));
}

/// A table at rest draws nothing to listen: whatever arrives on a link wakes the app (its
/// pump, see [`come_buy_online::link::Link`]). What the room must do in time without a message
/// wakes it too: a friend's hello or question due at the host, a host not found, a closing
/// link's last words out.
fn wake_for_deadlines(
    mut pace: ResMut<crate::pace::Pace>,
    (room, guest, closing): (
        Res<crate::phones::RemoteRoom>,
        Option<Res<guest::OnlineGuest>>,
        Res<Closing>,
    ),
) {
    let now = pace.now;
    let mut at = Vec::new();
    if let Some(h) = &room.online {
        at.extend(h.room.next_tick());
        if !h.no_server && !h.reached {
            at.push(h.since + NO_SERVER_AFTER);
        }
        at.extend(h.redial.at);
    }
    if let Some(g) = guest {
        if g.status == guest::Status::Looking {
            at.push(g.since + guest::NO_HOST_AFTER);
            at.push(g.since + NO_SERVER_AFTER);
        }
        // Our move goes again if the host's answer is long in coming.
        at.extend(g.act_at.map(|t| t + guest::RESEND_AFTER));
        at.extend(g.redial.at);
    }
    at.extend(closing.0.iter().filter_map(|(_, until)| *until));
    if let Some(first) = at.into_iter().reduce(f64::min) {
        // Just past the deadline (the room's clock compares with `>`).
        pace.wake_in(first - now + 0.01);
    }
}

/// The shared systems: the lobby's and the join's menus, the friend's link, the banner.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineAsk>();
    app.init_resource::<OwnSignal>();
    app.init_resource::<Closing>();
    app.init_resource::<guest::JoinForm>();
    app.init_resource::<crate::state::OnlineBlocked>();
    app.add_systems(Update, why_blocked);
    app.init_resource::<lobby::LobbyShown>();
    // The host's lobby on screen: its room open, its overlay up.
    let lobby_open = || in_state(crate::state::Overlay::Online).and_then(hosting);
    app.add_systems(
        PostUpdate,
        (
            lobby::lobby_seen.run_if(lobby_open()),
            lobby::lobby_unseen.run_if(not(lobby_open())),
        ),
    );
    app.add_message::<host::StandIn>();
    app.add_systems(Update, hold_gate.in_set(crate::table::gate::GateSet));
    // The rooms' menus, in the menus' chain between the guided games' and the controllers'.
    app.add_systems(
        Update,
        (
            lobby::lobby_logic.run_if(hosting),
            // The seats once the link is open, before the form: a Join that opens the link
            // leaves the seats for the next frame's presses.
            (
                join::join_seats.run_if(resource_exists::<guest::OnlineGuest>),
                join::join_form.run_if(not(resource_exists::<guest::OnlineGuest>)),
            )
                .chain()
                .run_if(in_state(crate::state::Overlay::Online).and_then(not(hosting))),
            join::poll_join_paste,
        )
            .chain()
            .in_set(crate::state::MenuSet)
            .after(crate::screens::learn::learn_logic)
            .before(crate::table::devices::join_logic),
    );
    app.add_systems(
        Update,
        (
            close_links,
            guest::guest_poll.run_if(resource_exists::<guest::OnlineGuest>),
            guest::join_at_launch,
            wake_for_deadlines,
        ),
    );
    for screen in [crate::state::Screen::Title, crate::state::Screen::NewGame] {
        app.add_systems(
            OnEnter(screen),
            (
                host::leave_room.run_if(hosting),
                guest::leave_room.run_if(resource_exists::<guest::OnlineGuest>),
            ),
        );
    }
}

/// Whether this table hosts an online room now (the room of remote seats has its online
/// part): the host's systems run while it does.
pub(crate) fn hosting(room: Res<crate::phones::RemoteRoom>) -> bool {
    room.hosting()
}

/// The menus and the banner (a window's).
pub(crate) fn windowed(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        (
            lobby_panel::lobby_overlay
                .run_if(in_state(crate::state::Overlay::Online).and_then(hosting)),
            (
                join_panel::join_form_panel.run_if(not(resource_exists::<guest::OnlineGuest>)),
                join_panel::join_wait_panel.run_if(resource_exists::<guest::OnlineGuest>),
            )
                .run_if(in_state(crate::state::Overlay::Online).and_then(not(hosting))),
            // Over a table, not under the lobby (which says the same): the host's, or a
            // friend's.
            (
                banner::host_banner.run_if(hosting),
                banner::guest_banner
                    .run_if(resource_exists::<guest::OnlineGuest>.and_then(not(hosting))),
            )
                .run_if(
                    in_state(crate::state::Screen::Table)
                        .and_then(not(in_state(crate::state::Overlay::Online))),
                ),
        ),
    );
}

/// Each game's systems: the host's room, a friend's table, the banner's turn line.
pub(crate) fn register<G: crate::table::TableGame>(app: &mut App) {
    host::register::<G>(app);
    guest::register::<G>(app);
    // A room open: the host's or a friend's.
    let in_room = || hosting.or_else(resource_exists::<guest::OnlineGuest>);
    app.add_systems(
        Update,
        // After the moves of the frame went in (the gate says whether ours is on its way).
        (
            update_turn_line::<G>.run_if(in_room()),
            drop_turn_line.run_if(not(in_room()).and_then(resource_exists::<banner::TurnLine>)),
        )
            .after(crate::table::moves::MoveSet)
            .run_if(crate::table::playing::<G>),
    );
}

/// The banner's turn line at an online table (a friend's is [`crate::table::Mode::Friend`]).
fn update_turn_line<G: crate::table::TableGame>(
    mut commands: Commands,
    m: Res<crate::table::Match<G>>,
    line: Option<ResMut<banner::TurnLine>>,
    gate: Res<crate::table::gate::Gate>,
) {
    let friend = m.mode() == crate::table::Mode::Friend;
    let now = banner::turn_line(&m, &gate, friend);
    match line {
        Some(mut l) => {
            l.set_if_neq(now);
        }
        None => commands.insert_resource(now),
    }
}

/// No room: no turn line.
fn drop_turn_line(mut commands: Commands) {
    commands.remove_resource::<banner::TurnLine>();
}

/// Why online play cannot work here, from the page's and the settings' servers (see
/// [`crate::state::OnlineBlocked`]); kept up to date as the settings change.
fn why_blocked(
    ask: Res<OnlineAsk>,
    settings: Res<Settings>,
    mut blocked: ResMut<crate::state::OnlineBlocked>,
) {
    if !(ask.is_changed() || settings.is_changed()) {
        return;
    }
    let why = blocked_reason(&ask, &settings, BUILT_SIGNAL, webrtc_here());
    if blocked.0 != why {
        if let Some(key) = why {
            info!("online: not available here: {key}");
        }
        blocked.0 = why;
    }
}

/// Why online play cannot work (a message key): a browser without WebRTC, or a page that
/// names no meeting server (built without `COME_BUY_SIGNAL`, no `?signal=`, no setting).
/// A desktop always has one: its own, for play on one network.
fn blocked_reason(
    ask: &OnlineAsk,
    settings: &Settings,
    built: Option<&str>,
    webrtc: bool,
) -> Option<&'static str> {
    if !webrtc {
        return Some("online-no-webrtc");
    }
    let named = ask.signal.as_deref().is_some_and(|s| !s.trim().is_empty())
        || !settings.signal.trim().is_empty()
        || built.is_some();
    (cfg!(target_arch = "wasm32") && !named).then_some("online-no-server-page")
}

/// Whether this browser can make WebRTC connections (a desktop always can).
fn webrtc_here() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window().is_some_and(|w| {
            js_sys::Reflect::has(&w, &wasm_bindgen::JsValue::from_str("RTCPeerConnection"))
                .unwrap_or(false)
        })
    }
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// The one writer of the remote seats into the table's gate, phones and friends online alike:
/// the room of remote seats says which seats are played from afar and by whom
/// ([`crate::phones::RemoteRoom::remotes`]); the lobby holds the table until the host starts
/// the match (no bot moves meanwhile); at a friend's table, the host gone holds it (no move
/// could reach the host). The room heard its peers earlier in the frame.
fn hold_gate(
    room: Res<crate::phones::RemoteRoom>,
    guest: Option<Res<guest::OnlineGuest>>,
    mut gate: ResMut<crate::table::gate::Gate>,
) {
    let lobby = room.online.as_ref().is_some_and(|h| !h.started);
    let gone = guest.is_some_and(|g| g.host_gone());
    let remote = room.remotes();
    crate::table::gate::set_hold(&mut gate, |g| {
        g.lobby = lobby;
        g.host_gone = gone;
        g.hosting = room.hosting();
        g.remote = remote;
    });
}

/// `come-buy --serve-signal PORT`: only a signaling server, until the process is killed
/// (friends on one network, the browser checks): the same code as `come-buy-signal`, with its
/// public bounds.
#[cfg(not(target_arch = "wasm32"))]
pub fn serve_signal(port: u16, allowed: Vec<String>) -> std::process::ExitCode {
    use come_buy_online::signal::serve;
    serve::run(serve::ServeConfig {
        addr: std::net::SocketAddr::from(([0, 0, 0, 0], port)),
        allowed,
        limits: serve::public_limits(),
    })
}

/// The web build serves no signaling server.
#[cfg(target_arch = "wasm32")]
pub fn serve_signal(_port: u16, _allowed: Vec<String>) -> std::process::ExitCode {
    std::process::ExitCode::FAILURE
}

/// What the command line asked, or on the web the page's address (`?join=CODE`,
/// `?signal=wss://...`).
pub fn page_ask(ask: OnlineAsk) -> OnlineAsk {
    #[cfg(target_arch = "wasm32")]
    {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let value = |key: &str| {
            search
                .trim_start_matches('?')
                .split('&')
                .find_map(|kv| kv.strip_prefix(key))
                .and_then(|v| js_sys::decode_uri_component(v).ok())
                .map(String::from)
        };
        OnlineAsk {
            join: value("join=")
                .and_then(|c| come_buy_online::code::read_code(&c).ok())
                .or(ask.join),
            signal: value("signal=")
                .filter(|s| s.starts_with("ws://") || s.starts_with("wss://"))
                .or(ask.signal),
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    ask
}

#[cfg(test)]
mod tests {
    /// The web page's words for a meeting server that does not answer name no desktop option
    /// (issue 62: a web player was told about "the --signal address"), in every language.
    #[test]
    fn a_web_player_is_never_told_about_the_signal_option() {
        use come_buy_engine::text::Text;
        for lang in 0..come_buy_text::LANGUAGES.len() {
            let cat = come_buy_text::catalog_of(lang);
            for key in ["online-no-server-host", "online-no-server-join"] {
                let page = match key {
                    "online-no-server-host" => "online-no-server-host-page",
                    _ => "online-no-server-join-page",
                };
                let said = cat.say(&Text::new(page).raw("server", "wss://meet.example"));
                assert!(!said.contains("--signal") && !said.contains(page), "{said}");
                assert!(
                    cat.say(&Text::new(key).raw("server", "x"))
                        .contains("--signal")
                );
            }
        }
        assert_eq!(
            super::page_key("online-no-server-join"),
            if cfg!(target_arch = "wasm32") {
                "online-no-server-join-page"
            } else {
                "online-no-server-join"
            }
        );
    }

    /// A link that gave up opens again after 1, 2, 4, 8, then every 15 s; an answer starts
    /// the count again.
    #[test]
    fn a_lost_meeting_server_is_tried_again_sooner_then_later() {
        let mut r = super::Redial::default();
        let mut now = 0.0;
        let mut waits = Vec::new();
        for _ in 0..7 {
            assert!(!r.due(true, now), "the first call only sets the time");
            let at = r.at.unwrap();
            assert!(!r.due(true, at - 0.01));
            assert!(r.due(true, at));
            waits.push(at - now);
            now = at + 0.5;
        }
        assert_eq!(waits, [1.0, 2.0, 4.0, 8.0, 15.0, 15.0, 15.0]);
        assert!(!r.due(false, now + 100.0), "an open link is left alone");
        r.reached();
        assert!(!r.due(true, now));
        assert_eq!(r.at, Some(now + 1.0));
    }

    use super::{OnlineAsk, Settings, blocked_reason, friends_signal};

    #[test]
    fn online_play_that_cannot_work_says_why() {
        let (ask, settings) = (OnlineAsk::default(), Settings::default());
        assert_eq!(
            blocked_reason(&ask, &settings, None, false),
            Some("online-no-webrtc")
        );
        // A desktop has its own server; a page names one or says it has none.
        let page_without = blocked_reason(&ask, &settings, None, true);
        if cfg!(target_arch = "wasm32") {
            assert_eq!(page_without, Some("online-no-server-page"));
        } else {
            assert_eq!(page_without, None);
        }
        assert_eq!(
            blocked_reason(&ask, &settings, Some("wss://s.example"), true),
            None
        );
    }

    #[test]
    fn friends_are_told_the_server_this_table_uses() {
        let lan = "192.168.1.20";
        assert_eq!(
            friends_signal("ws://127.0.0.1:3536", lan),
            "ws://192.168.1.20:3536"
        );
        assert_eq!(
            friends_signal("ws://127.0.0.1:9000", lan),
            "ws://192.168.1.20:9000"
        );
        assert_eq!(
            friends_signal("ws://localhost:7/x", lan),
            "ws://192.168.1.20:7/x"
        );
        assert_eq!(
            friends_signal("wss://signal.example.org", lan),
            "wss://signal.example.org"
        );
        assert_eq!(
            friends_signal("ws://10.0.0.5:3536", lan),
            "ws://10.0.0.5:3536"
        );
    }
}
