//! Autosave and continue: the match in progress is kept as the engine's match record (setup,
//! seats, every action with its seat; any format written so far still reads, and a save is a
//! valid `come-buy-sim replay` input), written atomically after every move on the
//! desktop, one file per game (`autosave-mykonos.ron`, ...), so a Goblin Market evening never
//! overwrites a Mýkonos game. The title re-reads them each time it opens. A file that cannot
//! be read is never overwritten or deleted: it is set aside as
//! `autosave-<game>.broken-<date>-<time>.ron` (see [`crate::store::set_aside`]) and the
//! title screen says why; a write that fails is shown on screen.

use crate::games::install;
use crate::games::{ForGame, GameKind};
use crate::table_core::{Match, SeatInfo, SeatKind, TableGame};
use bevy::prelude::*;
use come_buy_engine::record::{self, Record, SeatRecord, Step};
use come_buy_engine::text::Text;
use std::path::{Path, PathBuf};

/// A match as its record (the engine's one match record: setup, seats, every action with
/// its seat).
pub fn record_of<G: TableGame>(m: &Match<G>) -> Record<G::Action> {
    let seats = m
        .seats
        .iter()
        .map(|s| SeatRecord {
            name: s.name.clone(),
            color: s.color,
            // A friend online is a person in the record (and in the match code).
            bot: match &s.kind {
                SeatKind::Person | SeatKind::Online => None,
                SeatKind::Bot(b) => Some(b.clone()),
            },
        })
        .collect();
    let mut r = Record::new(G::ID, &m.setup, seats);
    r.steps = steps_of(m);
    r
}

/// How an online friend's seat is kept in an autosave (the bot name `online`, as in
/// `setup.ron`): Continue opens the table's room again for them. Match codes and records
/// shared elsewhere keep a friend as a person ([`record_of`]).
pub(crate) const ONLINE_SEAT: &str = "online";

/// A match's record as its autosave keeps it: [`record_of`], with the friends' seats kept as
/// friends' ([`ONLINE_SEAT`]).
pub fn saved_record_of<G: TableGame>(m: &Match<G>) -> Record<G::Action> {
    let mut r = record_of(m);
    for (kept, seat) in r.seats.iter_mut().zip(&m.seats) {
        if seat.kind == SeatKind::Online {
            kept.bot = Some(ONLINE_SEAT.to_string());
        }
    }
    r
}

/// A match's actions with the seat that took each, as the record keeps them.
pub(crate) fn steps_of<G: TableGame>(m: &Match<G>) -> Vec<Step<G::Action>> {
    m.acted_by
        .iter()
        .zip(&m.actions)
        .map(|(&seat, action)| Step {
            seat,
            action: action.clone(),
        })
        .collect()
}

/// The seats of a record that names none (one from `come-buy-sim serve`, a tournament, any
/// engine client): plain names in the player's language ("Seat 1", "Seat 2"...), the seats'
/// own colours, the first a person and the others Normal bots (what Play this deal deals).
pub(crate) fn plain_seats(players: usize) -> Vec<SeatRecord> {
    (0..players)
        .map(|i| SeatRecord {
            name: come_buy_text::say(&Text::new("seat-plain-name").num("n", i as i64 + 1)),
            color: i,
            bot: (i > 0).then(|| "normal".to_string()),
        })
        .collect()
}

/// The table's seats of a record: its own, or [`plain_seats`] when it names none; one that
/// names some seats but not all is refused.
pub(crate) fn seats_of<A>(r: &Record<A>) -> Result<Vec<SeatInfo>, Text> {
    let named = if r.seats.is_empty() {
        plain_seats(r.players)
    } else {
        r.seats.clone()
    };
    let seats: Vec<SeatInfo> = named
        .iter()
        .map(|s| SeatInfo {
            name: s.name.chars().take(crate::table_core::NAME_MAX).collect(),
            color: s.color % crate::theme::SEAT_COLORS.len(),
            kind: match &s.bot {
                None => SeatKind::Person,
                Some(b) if b == ONLINE_SEAT => SeatKind::Online,
                Some(b) => SeatKind::Bot(b.clone()),
            },
        })
        .collect();
    if seats.len() != r.players {
        return Err(Text::new("save-wrong-seats")
            .num("seats", seats.len() as i64)
            .num("players", r.players as i64));
    }
    Ok(seats)
}

/// Rebuilds a match from its record by replaying every step (the first problem is the
/// error).
pub fn restore<G: TableGame>(r: &Record<G::Action>) -> Result<Match<G>, Text> {
    let seats = seats_of(r)?;
    let mut m = Match::<G>::new(seats, r.seed, r.variants.clone()).map_err(|e| e.text())?;
    for (i, step) in r.steps.iter().enumerate() {
        m.act(step.seat, step.action.clone()).map_err(|e| {
            Text::new("save-illegal-move")
                .num("n", i as i64 + 1)
                .raw("action", format!("{:?}", step.action))
                .text("why", e.text())
        })?;
    }
    Ok(m)
}

/// Reads a save of game `G` (any record format written so far) and rebuilds the match.
pub fn load<G: TableGame>(text: &str) -> Result<Match<G>, Text> {
    let r = Record::<G::Action>::parse::<G>(text)
        .map_err(|e| Text::new("save-unreadable").raw("detail", e.to_string()))?;
    restore(&r)
}

/// A saved match of any game, checked, kept as text until it is continued.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    pub kind: GameKind,
    pub text: String,
    /// The saved match has ended (nothing to continue).
    pub over: bool,
    /// Moves made so far.
    pub moves: usize,
    /// The deal's seed (a deal of the day is known by it).
    pub seed: u64,
}

struct Check<'a>(&'a str);

impl ForGame for Check<'_> {
    type Out = Result<(bool, usize, u64), Text>;
    fn run<G: TableGame>(self) -> Self::Out {
        let m = load::<G>(self.0)?;
        Ok((m.game.is_over(), m.actions.len(), m.setup.seed))
    }
}

struct Continue<'a, 'w, 's>(&'a str, &'a mut Commands<'w, 's>);

impl ForGame for Continue<'_, '_, '_> {
    type Out = Result<(), Text>;
    fn run<G: TableGame>(self) -> Result<(), Text> {
        let mut m = load::<G>(self.0)?;
        m.restored = true;
        install(self.1, m);
        Ok(())
    }
}

impl SavedGame {
    /// Reads a save of any game and replays it to check every move.
    pub fn parse(text: &str) -> Result<SavedGame, Text> {
        let game = record::game_of(text)
            .map_err(|e| Text::new("save-unreadable").raw("detail", e.to_string()))?;
        let kind = GameKind::from_id(&game)
            .ok_or_else(|| Text::new("save-unknown-game").raw("game", game.clone()))?;
        let (over, moves, seed) = kind.dispatch(Check(text))?;
        Ok(SavedGame {
            kind,
            text: text.to_string(),
            over,
            moves,
            seed,
        })
    }

    /// Puts the saved match on the table (caught up at once, without animating its history).
    pub(crate) fn continue_match(&self, commands: &mut Commands) -> Result<(), Text> {
        self.kind.dispatch(Continue(&self.text, commands))
    }
}

// The folder itself lives in `store` (settings use it too); a game's autosave is named here.
pub use crate::store::SaveDir;

impl SaveDir {
    /// The autosave of one game (each game keeps its own, so starting one never loses another).
    pub fn autosave(&self, kind: GameKind) -> Option<PathBuf> {
        self.0
            .as_ref()
            .map(|d| d.join(format!("autosave-{}.ron", kind.id())))
    }
}

/// Writes `text` so that a crash mid-write can never leave a half-written save behind.
pub(crate) fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    crate::store::write_atomic(path, text)
}

/// A game in progress on disk, as the title offers it.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedEntry {
    pub game: SavedGame,
    /// Moves made so far (shown on the Continue button).
    pub moves: usize,
    /// When it was last written (newest first on the title).
    pub modified: Option<std::time::SystemTime>,
}

/// Every game in progress on disk (newest first), and what could not be read. Read anew each
/// time the title screen opens, so Continue is always the latest state.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Saves {
    pub games: Vec<SavedEntry>,
    /// Saves that could not be used: why, and where each was set aside (said in the
    /// player's language when shown).
    pub problems: Vec<Text>,
}

impl Saves {
    pub fn of(&self, kind: GameKind) -> Option<&SavedEntry> {
        self.games.iter().find(|e| e.game.kind == kind)
    }

    /// Reads game `kind`'s autosave again (another match may have written or removed it
    /// since the title opened); whether a game of that kind is in progress.
    pub(crate) fn refresh(&mut self, dir: &SaveDir, kind: GameKind) -> bool {
        let Some(path) = dir.autosave(kind) else {
            return false;
        };
        self.games.retain(|e| e.game.kind != kind);
        match check(&path, kind) {
            SaveStatus::None => false,
            SaveStatus::Ready(game) => {
                self.games.push(SavedEntry {
                    moves: game.moves,
                    game,
                    modified: crate::store::modified(&path),
                });
                self.games.sort_by_key(|e| std::cmp::Reverse(e.modified));
                true
            }
            SaveStatus::Broken(why) => {
                self.problems.push(why);
                false
            }
        }
    }

    /// Reads every game's autosave in `dir`. A file written by an older version
    /// (`autosave.ron`, one for all games) becomes its game's own save if that has none.
    pub fn read(dir: &SaveDir) -> Saves {
        let mut saves = Saves::default();
        let Some(root) = dir.0.as_ref() else {
            return saves;
        };
        let legacy = root.join("autosave.ron");
        if let Ok(text) = crate::store::read(&legacy)
            && let Ok(g) = SavedGame::parse(&text)
            && let Some(to) = dir.autosave(g.kind)
            && !crate::store::exists(&to)
        {
            let _ = crate::store::rename(&legacy, &to);
        }
        for kind in GameKind::all() {
            let Some(path) = dir.autosave(kind) else {
                continue;
            };
            match check(&path, kind) {
                SaveStatus::None => {}
                SaveStatus::Ready(game) => {
                    let modified = crate::store::modified(&path);
                    saves.games.push(SavedEntry {
                        moves: game.moves,
                        game,
                        modified,
                    });
                }
                SaveStatus::Broken(why) => saves.problems.push(why),
            }
        }
        saves.games.sort_by_key(|e| std::cmp::Reverse(e.modified));
        saves
    }
}

/// What one autosave file holds.
#[derive(Debug, Clone, PartialEq)]
pub enum SaveStatus {
    None,
    /// A game in progress to continue.
    Ready(SavedGame),
    /// The file could not be used: why, and where it was set aside.
    Broken(Text),
}

/// Reads the autosave at `path` (of game `kind`). A file that cannot be used (bytes that are
/// not text, no permission, broken contents, another game) is set aside under a name of its
/// own, never deleted; if even that fails, it stays and is never written over.
pub fn check(path: &Path, kind: GameKind) -> SaveStatus {
    let problem = match crate::store::read(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return SaveStatus::None,
        Err(e) => Text::new("save-unreadable").raw("detail", e.to_string()),
        Ok(text) => match SavedGame::parse(&text) {
            Ok(saved) if saved.kind != kind => {
                Text::new("save-other-game").text("game", Text::new(saved.kind.name_key()))
            }
            Ok(saved) => {
                crate::store::unguard(path);
                if saved.over {
                    return SaveStatus::None;
                }
                return SaveStatus::Ready(saved);
            }
            Err(e) => e,
        },
    };
    let broken = Text::new("save-not-continued")
        .text("game", Text::new(kind.name_key()))
        .text("problem", problem);
    SaveStatus::Broken(match crate::store::set_aside(path) {
        Ok(aside) => Text::new("save-kept-aside")
            .text("broken", broken)
            .raw("file", aside.display().to_string()),
        Err(e) => Text::new("save-left-in-place")
            .text("broken", broken)
            .raw("file", path.display().to_string())
            .raw("why", e.to_string()),
    })
}

/// Saves for the windowed app: the folder from the environment (unless one was set), the
/// saves re-read whenever the title opens, and every game's autosave.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SaveDir>() {
        app.insert_resource(SaveDir::from_env());
    }
    app.init_resource::<Saves>();
    app.add_systems(
        OnEnter(crate::state::Screen::Title),
        |dir: Res<SaveDir>, mut saves: ResMut<Saves>| {
            *saves = Saves::read(&dir);
            info!(
                "saves: {} to continue, {} set aside",
                saves.games.len(),
                saves.problems.len()
            );
        },
    );
    for kind in GameKind::all() {
        kind.dispatch(Register(app));
    }
}

struct Register<'a>(&'a mut App);

impl ForGame for Register<'_> {
    type Out = ();
    fn run<G: TableGame>(self) {
        self.0
            .add_systems(Update, autosave::<G>.run_if(crate::table_core::played::<G>));
    }
}

/// After every accepted move of a played match, the match is saved in its game's file; a
/// finished one removes that file. A guided game or a replay never gets here (see
/// [`crate::table_core::MatchKind`]).
fn autosave<G: TableGame>(
    m: Res<Match<G>>,
    dir: Res<SaveDir>,
    mut saved_at: Local<Option<(u64, usize)>>,
) {
    let key = (m.setup.seed, m.actions.len());
    if *saved_at == Some(key) {
        return;
    }
    *saved_at = Some(key);
    let Some(path) = dir.autosave(GameKind::of::<G>()) else {
        return;
    };
    if m.game.is_over() {
        let _ = crate::store::remove(&path);
        return;
    }
    // A failure is shown on screen (see `crate::notice`) until a later write works.
    if let Err(e) = write_atomic(&path, &saved_record_of(&*m).to_ron()) {
        warn!("cannot autosave to {}: {e}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On Linux the saves sit where the XDG rules put an app's settings.
    #[cfg(target_os = "linux")]
    #[test]
    fn linux_saves_go_to_the_config_folder() {
        let Some(home) = std::env::var_os("HOME") else {
            return;
        };
        let base = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .unwrap_or_else(|| PathBuf::from(home).join(".config"));
        assert_eq!(crate::store::platform_dir(), Some(base.join("come-buy")));
    }
    use come_buy_engine::game::Game;
    use come_buy_engine::goblin_market::{Action, GoblinMarket};

    fn played_match(moves: usize) -> Match<GoblinMarket> {
        let seats = (0..4)
            .map(|i| SeatInfo {
                name: format!("S{i}"),
                color: i,
                kind: if i == 0 {
                    SeatKind::Person
                } else {
                    SeatKind::Bot("normal".into())
                },
            })
            .collect();
        let mut m = Match::<GoblinMarket>::new(seats, 42, vec![]).unwrap();
        for _ in 0..moves {
            let seat = m.game.current_player().unwrap();
            let a = m.game.legal_actions()[1.min(m.game.legal_actions().len() - 1)].clone();
            m.act(seat, a).unwrap();
        }
        m
    }

    #[test]
    fn a_saved_match_restores_exactly() {
        let m = played_match(25);
        let text = record_of(&m).to_ron();
        let back = load::<GoblinMarket>(&text).unwrap();
        assert_eq!(format!("{:?}", back.game), format!("{:?}", m.game));
        assert_eq!(back.actions, m.actions);
        assert_eq!(back.seats, m.seats);
    }

    #[test]
    fn broken_saves_are_clear_errors_and_kept_aside() {
        let m = played_match(10);
        let mut saved = record_of(&m);
        saved.steps.insert(
            3,
            Step {
                seat: saved.steps[3].seat,
                action: Action::Bid(999),
            },
        );
        let e = come_buy_text::say(&load::<GoblinMarket>(&saved.to_ron()).unwrap_err());
        assert!(e.contains("move\u{a0}4") && e.contains("not legal"), "{e}");
        assert!(load::<GoblinMarket>("(format: 2, game: ").is_err());
        assert!(SavedGame::parse("(format: 2, game: ").is_err());
        let unknown = Record {
            game: "chess".into(),
            ..record_of(&m)
        };
        assert!(SavedGame::parse(&unknown.to_ron()).is_err());
        let future = Record {
            format: 9,
            ..record_of(&m)
        };
        let say = |t: Text| come_buy_text::say(&t);
        assert!(say(load::<GoblinMarket>(&future.to_ron()).unwrap_err()).contains("format\u{a0}9"));
        assert!(say(SavedGame::parse(&future.to_ron()).unwrap_err()).contains("format\u{a0}9"));
        // Today's first autosaves (format 1) still continue.
        let v1 = r#"(format: 1, game: "goblin-market", seed: 7, variants: [],
            seats: [(name: "Ana", color: 0, bot: None), (name: "Bram", color: 1, bot: Some("normal")),
                    (name: "Cleo", color: 2, bot: Some("normal"))],
            actions: [Pass, Bid(1), Pass])"#;
        let old = SavedGame::parse(v1).unwrap();
        assert_eq!(old.moves, 3);
        assert_eq!(load::<GoblinMarket>(v1).unwrap().seats[1].name, "Bram");

        let dir = std::env::temp_dir().join(format!("come-buy-save-{}", std::process::id()));
        let path = dir.join("autosave-goblin-market.ron");
        write_atomic(&path, "(format: 1, game: \"goblin-market\", seed: 1").unwrap();
        let status = check(
            &path,
            GameKind::of::<come_buy_engine::goblin_market::GoblinMarket>(),
        );
        assert!(
            matches!(&status, SaveStatus::Broken(msg) if come_buy_text::say(msg).contains("kept as")),
            "{status:?}"
        );
        assert!(!path.exists());
        let kept: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().to_string())
            .filter(|n| n.starts_with("autosave-goblin-market.broken-"))
            .collect();
        assert_eq!(kept.len(), 1, "the broken file is kept: {kept:?}");
        write_atomic(&path, &record_of(&m).to_ron()).unwrap();
        assert!(matches!(
            check(
                &path,
                GameKind::of::<come_buy_engine::goblin_market::GoblinMarket>()
            ),
            SaveStatus::Ready(_)
        ));
        assert!(
            matches!(
                check(&path, GameKind::of::<come_buy_engine::mykonos::Mykonos>()),
                SaveStatus::Broken(_)
            ),
            "a file under another game's name is not that game's save"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
