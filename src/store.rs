//! Where the game keeps its text files (saves, settings): a folder on the desktop, the
//! browser's local storage on the web (one entry per file, keyed by its path, with its time
//! of writing beside it). Save and settings code reads and writes through here, so both
//! platforms follow the same rules: atomic writes, and an unreadable save kept aside under
//! another name, never dropped.

use std::io;
use std::path::Path;
use std::time::SystemTime;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::*;

    pub fn read(path: &Path) -> io::Result<String> {
        std::fs::read_to_string(path)
    }

    pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = path.with_extension("ron.tmp");
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, path)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    pub fn exists(path: &Path) -> bool {
        path.exists()
    }

    pub fn modified(path: &Path) -> Option<SystemTime> {
        std::fs::metadata(path).and_then(|m| m.modified()).ok()
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use super::*;
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

    pub fn read(path: &Path) -> io::Result<String> {
        storage()?
            .get_item(&key(path))
            .map_err(failed)?
            .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    }

    /// One `setItem` is atomic in browsers: the entry is either the old text or the new one.
    pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
        let s = storage()?;
        s.set_item(&key(path), text).map_err(failed)?;
        let _ = s.set_item(&stamp(path), &js_sys::Date::now().to_string());
        Ok(())
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let text = read(from)?;
        write_atomic(to, &text)?;
        remove(from)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        let s = storage()?;
        s.remove_item(&key(path)).map_err(failed)?;
        s.remove_item(&stamp(path)).map_err(failed)
    }

    pub fn exists(path: &Path) -> bool {
        read(path).is_ok()
    }

    pub fn modified(path: &Path) -> Option<SystemTime> {
        let ms: f64 = storage().ok()?.get_item(&stamp(path)).ok()??.parse().ok()?;
        Some(UNIX_EPOCH + Duration::from_millis(ms.max(0.0) as u64))
    }
}

/// The text at `path` (a missing entry is `ErrorKind::NotFound`).
pub fn read(path: &Path) -> io::Result<String> {
    imp::read(path)
}

/// Writes `text` so that a crash mid-write never leaves a half-written file behind.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    imp::write_atomic(path, text)
}

/// Moves an entry (a broken save is kept aside this way).
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    imp::rename(from, to)
}

/// Removes an entry.
pub fn remove(path: &Path) -> io::Result<()> {
    imp::remove(path)
}

/// Whether an entry exists.
pub fn exists(path: &Path) -> bool {
    imp::exists(path)
}

/// When an entry was last written.
pub fn modified(path: &Path) -> Option<SystemTime> {
    imp::modified(path)
}
