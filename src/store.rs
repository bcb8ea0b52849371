//! Where the game keeps its text files (saves, settings, statistics): a folder on the
//! desktop, the browser's local storage on the web (one entry per file, keyed by its path,
//! with its time of writing beside it). Save and settings code reads and writes through
//! here, so both platforms follow the same rules:
//! - writes are atomic, and every write that fails is remembered until the same file is
//!   written again (the app shows it on screen: a full disk, a browser's quota);
//! - a file that cannot be used (bad bytes, no permission, broken contents) is set aside
//!   under a name of its own ([`set_aside`]), never dropped and never overwritten: if it
//!   cannot be set aside, nothing is ever written over it in this run ([`guarded`]).

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::SystemTime;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use crate::store::*;

    pub(super) fn read(path: &Path) -> io::Result<String> {
        std::fs::read_to_string(path)
    }

    pub(super) fn now_ms() -> u64 {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64)
    }

    pub(super) fn write_atomic(path: &Path, text: &str, private: bool) -> io::Result<()> {
        use std::io::Write;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = path.with_extension("ron.tmp");
        let mut open = std::fs::OpenOptions::new();
        open.write(true).create(true).truncate(true);
        // A private file (tokens) is its owner's alone from its first byte.
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::OpenOptionsExt;
            open.mode(0o600);
        }
        #[cfg(not(unix))]
        let _ = private;
        let mut file = open.open(&tmp)?;
        #[cfg(unix)]
        if private {
            use std::os::unix::fs::PermissionsExt;
            file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        }
        file.write_all(text.as_bytes())?;
        drop(file);
        std::fs::rename(&tmp, path)
    }

    pub(super) fn rename(from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    pub(super) fn remove(path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    pub(super) fn exists(path: &Path) -> bool {
        path.exists()
    }

    pub(super) fn modified(path: &Path) -> Option<SystemTime> {
        std::fs::metadata(path).and_then(|m| m.modified()).ok()
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use crate::store::*;
    use std::time::{Duration, UNIX_EPOCH};

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps no local storage"))
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().into_owned()
    }

    fn stamp(path: &Path) -> String {
        format!("{}#written", key(path))
    }

    fn failed(e: wasm_bindgen::JsValue) -> io::Error {
        io::Error::other(format!("local storage: {e:?}"))
    }

    pub(crate) fn now_ms() -> u64 {
        js_sys::Date::now().max(0.0) as u64
    }

    pub fn read(path: &Path) -> io::Result<String> {
        storage()?
            .get_item(&key(path))
            .map_err(failed)?
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    }

    /// One `setItem` is atomic in browsers: the entry is either the old text or the new one.
    /// (A page's storage is its own: `_private` changes nothing here.)
    pub(crate) fn write_atomic(path: &Path, text: &str, _private: bool) -> io::Result<()> {
        let s = storage()?;
        s.set_item(&key(path), text).map_err(failed)?;
        let _ = s.set_item(&stamp(path), &js_sys::Date::now().to_string());
        Ok(())
    }

    pub(crate) fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let text = read(from)?;
        write_atomic(to, &text, false)?;
        remove(from)
    }

    pub(crate) fn remove(path: &Path) -> io::Result<()> {
        let s = storage()?;
        s.remove_item(&key(path)).map_err(failed)?;
        s.remove_item(&stamp(path)).map_err(failed)
    }

    pub fn exists(path: &Path) -> bool {
        read(path).is_ok()
    }

    pub(crate) fn modified(path: &Path) -> Option<SystemTime> {
        let ms: f64 = storage().ok()?.get_item(&stamp(path)).ok()??.parse().ok()?;
        Some(UNIX_EPOCH + Duration::from_millis(ms.max(0.0) as u64))
    }
}

/// The text at `path` (a missing entry is `ErrorKind::NotFound`; bytes that are not text
/// are `ErrorKind::InvalidData`).
pub fn read(path: &Path) -> io::Result<String> {
    imp::read(path)
}

/// Files whose last write failed, and why (cleared when the same file is written).
static FAILED: Mutex<BTreeMap<PathBuf, String>> = Mutex::new(BTreeMap::new());
/// Moves whenever [`FAILED`] changes, so the app looks only then.
static FAILED_GEN: AtomicU64 = AtomicU64::new(0);
/// Files that could not be read nor set aside: never written over in this run.
static GUARDED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Tests only: every rename fails (a full or read-only disk), see [`fail_renames`].
static FAIL_RENAMES: AtomicBool = AtomicBool::new(false);

fn failed() -> std::sync::MutexGuard<'static, BTreeMap<PathBuf, String>> {
    FAILED.lock().unwrap_or_else(|e| e.into_inner())
}

fn guard_list() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    GUARDED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Writes `text` so that a crash mid-write never leaves a half-written file behind. A file
/// that could not be set aside ([`guarded`]) is never written over. The outcome is
/// remembered for [`failures`].
pub(crate) fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    write_with(path, text, false)
}

/// [`write_atomic`] for a file that holds secrets (an online seat's token): on the desktop
/// only its owner may read it (mode 600 on Unix); the browser's storage is the page's anyway.
pub(crate) fn write_private(path: &Path, text: &str) -> io::Result<()> {
    write_with(path, text, true)
}

fn write_with(path: &Path, text: &str, private: bool) -> io::Result<()> {
    let result = if guarded(path) {
        Err(io::Error::other(
            "an unreadable file is there and could not be set aside; it is kept as it is",
        ))
    } else {
        imp::write_atomic(path, text, private)
    };
    let mut f = failed();
    let changed = match &result {
        Ok(()) => f.remove(path).is_some(),
        Err(e) => f.insert(path.to_path_buf(), e.to_string()).as_ref() != Some(&e.to_string()),
    };
    if changed {
        FAILED_GEN.fetch_add(1, Ordering::SeqCst);
    }
    result
}

/// The files whose last write failed, with why, and a number that moves when they change.
pub(crate) fn failures() -> (u64, Vec<(PathBuf, String)>) {
    let f = failed();
    (
        FAILED_GEN.load(Ordering::SeqCst),
        f.iter().map(|(p, e)| (p.clone(), e.clone())).collect(),
    )
}

/// Whether `path` holds a file that could not be read nor set aside (never written over).
pub(crate) fn guarded(path: &Path) -> bool {
    guard_list().iter().any(|p| p == path)
}

/// Moves an entry.
pub(crate) fn rename(from: &Path, to: &Path) -> io::Result<()> {
    if FAIL_RENAMES.load(Ordering::SeqCst) {
        return Err(io::Error::other("renaming is failing (test)"));
    }
    imp::rename(from, to)
}

/// Tests only: make every rename fail (as on a full or read-only disk), or work again.
#[doc(hidden)]
pub fn fail_renames(on: bool) {
    FAIL_RENAMES.store(on, Ordering::SeqCst);
}

/// A date and time for file names, `YYYYMMDD-HHMMSS` (UTC), from milliseconds since 1970.
pub(crate) fn stamp_of(ms: u64) -> String {
    let secs = ms / 1000;
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let (y, m, d) = come_buy_engine::daily::date(days);
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// Milliseconds since 1970-01-01 UTC by this machine's clock (the browser's on the web).
pub fn now_ms() -> u64 {
    imp::now_ms()
}

/// Where `path` goes when set aside: `name.broken-YYYYMMDD-HHMMSS.ron` beside it, with `-2`,
/// `-3`... when that name is taken (an earlier one is never overwritten).
pub(crate) fn aside_name(path: &Path, ms: u64) -> PathBuf {
    let stem = path
        .file_name()
        .map(|n| n.to_string_lossy().trim_end_matches(".ron").to_string())
        .unwrap_or_default();
    let base = format!("{stem}.broken-{}", stamp_of(ms));
    let mut n = 1;
    loop {
        let name = if n == 1 {
            format!("{base}.ron")
        } else {
            format!("{base}-{n}.ron")
        };
        let candidate = path.with_file_name(name);
        if !imp::exists(&candidate) {
            return candidate;
        }
        n += 1;
    }
}

/// Sets an unusable file aside under a name of its own (see [`aside_name`]); where that fails,
/// the file stays where it is and is never written over in this run.
pub(crate) fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let to = aside_name(path, imp::now_ms());
    match rename(path, &to) {
        Ok(()) => Ok(to),
        Err(e) => {
            let mut g = guard_list();
            if !g.iter().any(|p| p == path) {
                g.push(path.to_path_buf());
            }
            Err(e)
        }
    }
}

/// A file that reads well again (someone mended it) may be written over again.
pub(crate) fn unguard(path: &Path) {
    guard_list().retain(|p| p != path);
}

/// Removes an entry (never one that could not be set aside).
pub(crate) fn remove(path: &Path) -> io::Result<()> {
    if guarded(path) {
        return Ok(());
    }
    imp::remove(path)
}

/// Whether an entry exists.
pub fn exists(path: &Path) -> bool {
    imp::exists(path)
}

/// When an entry was last written.
pub(crate) fn modified(path: &Path) -> Option<SystemTime> {
    imp::modified(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_read_as_dates() {
        assert_eq!(stamp_of(0), "19700101-000000");
        // 2026-11-26 13:50:11 UTC.
        assert_eq!(stamp_of(1_795_701_011_000), "20261126-135011");
        assert_eq!(stamp_of(951_782_400_000), "20000229-000000");
    }

    #[test]
    fn set_aside_names_never_overwrite() {
        let dir = std::env::temp_dir().join(format!("come-buy-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("stats.ron");
        let first = aside_name(&path, 1_000);
        assert_eq!(
            first.file_name().unwrap().to_string_lossy(),
            "stats.broken-19700101-000001.ron"
        );
        std::fs::write(&first, "one").unwrap();
        let second = aside_name(&path, 1_000);
        assert_ne!(first, second);
        assert!(second.to_string_lossy().ends_with("-000001-2.ron"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The folder saves and settings live in. `None` keeps no files (the web build, the
/// autoplay); tests point it at a temporary folder.
#[derive(bevy::prelude::Resource, Clone, Debug, PartialEq, Eq)]
pub struct SaveDir(pub Option<PathBuf>);

impl SaveDir {
    /// `$COME_BUY_SAVE_DIR`, else the platform's folder for an app's settings: on Linux
    /// `$XDG_CONFIG_HOME/come-buy` (`~/.config/come-buy`), on Windows
    /// `%APPDATA%\come-buy\config`, on macOS `~/Library/Application Support/come-buy`. In
    /// browsers, `come-buy/...` entries of the page's local storage.
    pub(crate) fn from_env() -> SaveDir {
        if let Some(dir) = std::env::var_os("COME_BUY_SAVE_DIR") {
            return SaveDir(Some(PathBuf::from(dir)));
        }
        SaveDir(platform_dir())
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn platform_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "come-buy").map(|d| d.config_dir().to_path_buf())
}

/// In browsers, files are entries of the page's local storage under this prefix.
#[cfg(target_arch = "wasm32")]
pub(crate) fn platform_dir() -> Option<PathBuf> {
    Some(PathBuf::from("come-buy"))
}
