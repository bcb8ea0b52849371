//! Game data in `levels/*.ron`: parsed, validated, and reported with the file's name.
//!
//! The files are embedded at compile time (the web build has no file system), and can also
//! be loaded from disk, e.g. to check a modified file with `come-buy-sim check-levels`.

use serde::{Serialize, de::DeserializeOwned};
use std::fmt;
use std::path::Path;

/// A data file that could not be read, parsed or validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

impl std::error::Error for DataError {}

/// Data whose consistency can be checked beyond what parsing ensures.
pub trait Validate {
    /// Every problem found, in words (empty: the data is consistent).
    fn problems(&self) -> Vec<String>;
}

/// A level file known to the engine: its path under the repository and its embedded text.
pub struct LevelFile {
    pub path: &'static str,
    pub text: &'static str,
}

pub const DECKTET: LevelFile = LevelFile {
    path: "levels/decktet.ron",
    text: include_str!(concat!(env!("COME_BUY_LEVELS"), "/decktet.ron")),
};

// Each game's own level file is its `LEVEL`, in its folder; `catalog::level_files` lists
// them all with the Decktet's.

/// Parses and validates `text`, naming `file` in any error.
pub fn parse<T: DeserializeOwned + Validate>(file: &str, text: &str) -> Result<T, DataError> {
    let value: T = ron::from_str(text).map_err(|e| DataError {
        file: file.to_string(),
        message: format!("not valid RON for this file: {e}"),
    })?;
    let problems = value.problems();
    if problems.is_empty() {
        Ok(value)
    } else {
        Err(DataError {
            file: file.to_string(),
            message: problems.join("; "),
        })
    }
}

/// Reads, parses and validates a level file from disk.
pub fn load<T: DeserializeOwned + Validate>(path: &Path) -> Result<T, DataError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| DataError {
        file: name.clone(),
        message: format!("cannot read: {e}"),
    })?;
    parse(&name, &text)
}

/// Writes data back as pretty RON (used by the round-trip tests and by tools).
pub fn to_ron<T: Serialize>(value: &T) -> String {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .unwrap_or_else(|e| format!("/* cannot serialize: {e} */"))
}

impl LevelFile {
    pub fn parse<T: DeserializeOwned + Validate>(&self) -> Result<T, DataError> {
        parse(self.path, self.text)
    }
}
