//! Match codes: a whole match record as short, URL-safe text. Each action is written as its
//! place among the legal actions at that moment (one byte for most), so a code is small;
//! a format version leads and a checksum ends it, so a typo or a cut is a clear error,
//! never a different match.
//!
//! Layout before base64url (no padding): version, game (its fixed number, `catalog::CODE_NUMBERS`), players,
//! seed, variants (each as text), seats (name, colour, bot: 0 for a person, else 1 + the
//! bot's index in the game's list), then the number of steps and each step's action index;
//! numbers as LEB128 varints; then a 32-bit FNV-1a checksum of all that.

use crate::bots::WithBots;
use crate::catalog::{self, CatalogGame, ForGame};
use crate::game::Game;
use crate::record::{FORMAT, Record, SeatRecord, Step};
use std::fmt;

/// The code format this version writes and reads.
pub const VERSION: u8 = 1;

/// Why a code could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// A character that base64url does not use.
    BadCharacter(char),
    /// The code ends too soon (cut off while copying?).
    Truncated,
    /// The checksum does not match: a character was changed.
    Checksum,
    /// A code format this version does not read.
    Version(u8),
    /// A game this version does not know.
    UnknownGame(u8),
    /// A bot this game does not have.
    UnknownBot(String),
    /// Text that is not UTF-8 where a name or variant should be.
    BadText,
    /// The match does not replay: which step, and why.
    Replay(String),
    /// Bytes left over after the match.
    TrailingBytes,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::BadCharacter(c) => write!(f, "{c:?} cannot appear in a match code"),
            CodeError::Truncated => write!(f, "the match code is cut short"),
            CodeError::Checksum => write!(
                f,
                "the match code's checksum does not match: a character is wrong"
            ),
            CodeError::Version(v) => write!(
                f,
                "match code version {v} is not supported (this version reads {VERSION})"
            ),
            CodeError::UnknownGame(g) => write!(f, "the match code names no known game ({g})"),
            CodeError::UnknownBot(b) => write!(f, "there is no bot called {b:?}"),
            CodeError::BadText => write!(f, "the match code holds text that is not UTF-8"),
            CodeError::Replay(e) => write!(f, "the match does not replay: {e}"),
            CodeError::TrailingBytes => write!(f, "the match code has bytes after the match"),
        }
    }
}

impl std::error::Error for CodeError {}

// ---------------------------------------------------------------------------------------------
// Bytes

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn put_text(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, CodeError> {
        let b = *self.bytes.get(self.at).ok_or(CodeError::Truncated)?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, CodeError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(CodeError::Truncated)
    }

    fn small(&mut self) -> Result<usize, CodeError> {
        let n = self.varint()?;
        // No count in a real match comes near this; a larger one is a damaged code.
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= 1 << 20)
            .ok_or(CodeError::Truncated)
    }

    fn text(&mut self) -> Result<String, CodeError> {
        let len = self.small()?;
        let end = self.at.checked_add(len).ok_or(CodeError::Truncated)?;
        let slice = self.bytes.get(self.at..end).ok_or(CodeError::Truncated)?;
        self.at = end;
        String::from_utf8(slice.to_vec()).map_err(|_| CodeError::BadText)
    }
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn to_base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..chunk.len() + 1 {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn from_base64url(text: &str) -> Result<Vec<u8>, CodeError> {
    let mut sextets = Vec::with_capacity(text.len());
    // A code read off a screen comes in groups ("AbCdE fGhIj ..."): spaces and line breaks
    // are not part of it.
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        let v = ALPHABET
            .iter()
            .position(|&a| a as char == c)
            .ok_or(CodeError::BadCharacter(c))?;
        sextets.push(v as u32);
    }
    if sextets.len() % 4 == 1 {
        return Err(CodeError::Truncated);
    }
    let mut out = Vec::with_capacity(sextets.len() * 3 / 4);
    for chunk in sextets.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &s)| n | s << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Records <-> codes

/// The game's fixed number in codes ([`catalog::CODE_NUMBERS`]), not its place in a list.
fn game_number(id: &str) -> Result<u8, CodeError> {
    catalog::code_number(id).ok_or(CodeError::UnknownGame(u8::MAX))
}

/// The match code of `record` (a record of game `G`); its steps must replay.
pub fn encode<G: Game + WithBots>(record: &Record<G::Action>) -> Result<String, CodeError> {
    let mut out = vec![VERSION, game_number(G::ID)?];
    put_varint(&mut out, record.players as u64);
    put_varint(&mut out, record.seed);
    put_varint(&mut out, record.variants.len() as u64);
    for v in &record.variants {
        put_text(&mut out, v);
    }
    put_varint(&mut out, record.seats.len() as u64);
    for s in &record.seats {
        put_text(&mut out, &s.name);
        put_varint(&mut out, s.color as u64);
        let bot = match &s.bot {
            None => 0,
            Some(b) => {
                1 + G::BOTS
                    .iter()
                    .position(|k| k == b)
                    .ok_or_else(|| CodeError::UnknownBot(b.clone()))?
            }
        };
        put_varint(&mut out, bot as u64);
    }
    put_varint(&mut out, record.steps.len() as u64);
    let (mut g, _) = G::start(&record.setup()).map_err(|e| CodeError::Replay(e.to_string()))?;
    for (i, step) in record.steps.iter().enumerate() {
        let legal = g.legal_actions();
        let index = legal
            .iter()
            .position(|a| *a == step.action)
            .filter(|_| g.current_player() == Some(step.seat))
            .ok_or_else(|| {
                CodeError::Replay(format!("move {} ({:?}) is not legal", i + 1, step.action))
            })?;
        put_varint(&mut out, index as u64);
        g.apply(step.seat, &step.action)
            .map_err(|e| CodeError::Replay(format!("move {}: {e}", i + 1)))?;
    }
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_be_bytes());
    Ok(to_base64url(&out))
}

/// The bytes of a code, its checksum checked and removed.
fn checked_bytes(code: &str) -> Result<Vec<u8>, CodeError> {
    let mut bytes = from_base64url(code)?;
    if bytes.len() < 6 {
        return Err(CodeError::Truncated);
    }
    let body = bytes.len() - 4;
    let sum = u32::from_be_bytes([
        bytes[body],
        bytes[body + 1],
        bytes[body + 2],
        bytes[body + 3],
    ]);
    if fnv1a(&bytes[..body]) != sum {
        return Err(CodeError::Checksum);
    }
    if bytes[0] != VERSION {
        return Err(CodeError::Version(bytes[0]));
    }
    bytes.truncate(body);
    Ok(bytes)
}

/// The game id a code is for.
pub fn game_of(code: &str) -> Result<&'static str, CodeError> {
    let bytes = checked_bytes(code)?;
    catalog::of_code_number(bytes[1]).ok_or(CodeError::UnknownGame(bytes[1]))
}

/// The record a code holds (for game `G`: see [`game_of`]).
pub fn decode<G: Game + WithBots>(code: &str) -> Result<Record<G::Action>, CodeError> {
    let bytes = checked_bytes(code)?;
    if catalog::of_code_number(bytes[1]) != Some(G::ID) {
        return Err(CodeError::UnknownGame(bytes[1]));
    }
    let mut r = Reader {
        bytes: &bytes,
        at: 2,
    };
    let players = r.small()?;
    let seed = r.varint()?;
    let variants = (0..r.small()?)
        .map(|_| r.text())
        .collect::<Result<Vec<_>, _>>()?;
    let mut seats = Vec::new();
    for _ in 0..r.small()? {
        let name = r.text()?;
        let color = r.small()?;
        let bot = match r.small()? {
            0 => None,
            k => Some(
                G::BOTS
                    .get(k - 1)
                    .ok_or_else(|| CodeError::UnknownBot(format!("#{k}")))?
                    .to_string(),
            ),
        };
        seats.push(SeatRecord { name, color, bot });
    }
    let mut record = Record {
        format: FORMAT,
        game: G::ID.to_string(),
        players,
        seed,
        variants,
        seats,
        steps: Vec::new(),
    };
    let (mut g, _) = G::start(&record.setup()).map_err(|e| CodeError::Replay(e.to_string()))?;
    for i in 0..r.small()? {
        let index = r.small()?;
        let seat = g
            .current_player()
            .ok_or_else(|| CodeError::Replay(format!("move {} comes after the end", i + 1)))?;
        let action =
            g.legal_actions().into_iter().nth(index).ok_or_else(|| {
                CodeError::Replay(format!("move {} is not a legal choice", i + 1))
            })?;
        g.apply(seat, &action)
            .map_err(|e| CodeError::Replay(format!("move {}: {e}", i + 1)))?;
        record.steps.push(Step { seat, action });
    }
    if r.at != bytes.len() {
        return Err(CodeError::TrailingBytes);
    }
    Ok(record)
}

/// A code's record as RON (or JSON), for a code of any game.
pub fn decode_text(code: &str, json: bool) -> Result<String, CodeError> {
    struct Text<'a>(&'a str, bool);
    impl ForGame for Text<'_> {
        type Out = Result<String, CodeError>;
        fn run<G: CatalogGame>(self) -> Self::Out {
            let r = decode::<G>(self.0)?;
            Ok(if self.1 { r.to_json() } else { r.to_ron() })
        }
    }
    let game = game_of(code)?;
    catalog::dispatch(game, Text(code, json)).unwrap_or(Err(CodeError::Version(0)))
}

/// The code of a record given as RON or JSON text, of any game.
pub fn encode_text(text: &str) -> Result<String, String> {
    struct Code<'a>(&'a str);
    impl ForGame for Code<'_> {
        type Out = Result<String, String>;
        fn run<G: CatalogGame>(self) -> Self::Out {
            let r = Record::<G::Action>::parse::<G>(self.0).map_err(|e| e.to_string())?;
            encode::<G>(&r).map_err(|e| e.to_string())
        }
    }
    let game = crate::record::game_of(text).map_err(|e| e.to_string())?;
    catalog::dispatch(&game, Code(text)).unwrap_or_else(|| Err(catalog::unknown_game(&game)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game is named by its fixed number, so codes made before keep their meaning: a Duchess
    /// solo code the autoplay printed on 2026-11-26 (before the numbers were written down)
    /// still names the Duchess and replays.
    #[test]
    fn a_code_made_before_the_numbers_were_fixed_still_decodes() {
        let code = "AQIBAwABA0FuYQADDwAAAwABBAAAAAABAAAABO1SSes";
        assert_eq!(game_of(code).unwrap(), crate::duchess::Duchess::ID);
        let record = decode::<crate::duchess::Duchess>(code).unwrap();
        assert_eq!(record.players, 1);
        assert!(decode::<crate::mykonos::Mykonos>(code).is_err());
        // Every game has one number, and no two share one.
        for id in catalog::IDS {
            let n = catalog::code_number(id).expect("every game has a code number");
            assert_eq!(catalog::of_code_number(n), Some(id));
        }
        assert_eq!(catalog::CODE_NUMBERS.len(), catalog::IDS.len());
        assert_eq!(catalog::of_code_number(200), None);
    }

    #[test]
    fn base64url_round_trips() {
        for n in 0..40usize {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + n) as u8).collect();
            let text = to_base64url(&bytes);
            assert!(
                text.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            );
            assert_eq!(from_base64url(&text).unwrap(), bytes);
        }
        assert_eq!(to_base64url(b"Man"), "TWFu");
        assert_eq!(from_base64url("T@Fu"), Err(CodeError::BadCharacter('@')));
    }

    #[test]
    fn varints_round_trip() {
        for n in [0u64, 1, 127, 128, 300, 1 << 35, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, n);
            let mut r = Reader { bytes: &out, at: 0 };
            assert_eq!(r.varint().unwrap(), n);
            assert_eq!(r.at, out.len());
        }
    }
}
