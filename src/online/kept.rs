//! A friend's seats kept beside the saves (`online-seats.ron`): joining the same code again
//! (after a crash, a closed lid, a new start) comes back to the seat. The file follows the
//! store's rules: a broken file is set aside (never read as empty and written over), only its
//! owner may read it (it holds tokens), and a seat's entry goes when its match ends.

use crate::save::SaveDir;
use bevy::prelude::*;
use std::path::PathBuf;

/// Room code, seat, token: each a seat this player was given.
#[derive(serde::Serialize, serde::Deserialize, Default, Debug, Clone, PartialEq)]
pub(crate) struct KeptSeats(pub Vec<(String, usize, String)>);

/// The most seats kept (the oldest go first).
const KEPT_SEATS: usize = 8;

pub(crate) fn kept_path(dir: &SaveDir) -> Option<PathBuf> {
    dir.0.as_ref().map(|d| d.join("online-seats.ron"))
}

/// The kept seats. A file that cannot be read as such is set aside under a name of its own
/// (and, if even that fails, never written over in this run): nothing is kept from it.
pub(crate) fn kept_seats(dir: &SaveDir) -> KeptSeats {
    let Some(path) = kept_path(dir) else {
        return KeptSeats::default();
    };
    let text = match crate::store::read(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return KeptSeats::default(),
        Err(e) => {
            warn!("online: the kept seats cannot be read ({e}); set aside");
            let _ = crate::store::set_aside(&path);
            return KeptSeats::default();
        }
    };
    match ron::from_str::<KeptSeats>(&text) {
        Ok(k) => {
            crate::store::unguard(&path);
            k
        }
        Err(e) => {
            match crate::store::set_aside(&path) {
                Ok(to) => warn!("online: the kept seats were broken ({e}); set aside as {to:?}"),
                Err(why) => warn!("online: the kept seats are broken and stay as they are ({why})"),
            }
            KeptSeats::default()
        }
    }
}

fn write(dir: &SaveDir, kept: &KeptSeats) {
    let Some(path) = kept_path(dir) else {
        return;
    };
    let text = ron::to_string(kept).unwrap_or_default();
    if let Err(e) = crate::store::write_private(&path, &text) {
        warn!("online: cannot keep the seats' tokens: {e}");
    }
}

/// Keeps `seat` and its `token` for room `code`.
pub(crate) fn keep_seat(dir: &SaveDir, code: &str, seat: usize, token: &str) {
    let mut kept = kept_seats(dir);
    kept.0.retain(|(c, ..)| c != code);
    kept.0.push((code.to_string(), seat, token.to_string()));
    let over = kept.0.len().saturating_sub(KEPT_SEATS);
    kept.0.drain(..over);
    write(dir, &kept);
}

/// The match of room `code` is over: its seat's token is forgotten.
pub(crate) fn forget_seat(dir: &SaveDir, code: &str) {
    let mut kept = kept_seats(dir);
    let before = kept.0.len();
    kept.0.retain(|(c, ..)| c != code);
    if kept.0.len() != before {
        write(dir, &kept);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> SaveDir {
        let d = std::env::temp_dir().join(format!("come-buy-kept-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        SaveDir(Some(d))
    }

    #[test]
    fn seats_are_kept_privately_and_forgotten_when_the_match_ends() {
        let d = dir("keep");
        keep_seat(&d, "ACDEFHJKMNPR", 1, "0123456789abcdef0123456789abcdef");
        keep_seat(&d, "XXXXYYYYWWWW", 0, "fedcba9876543210fedcba9876543210");
        assert_eq!(kept_seats(&d).0.len(), 2);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(kept_path(&d).unwrap())
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "only the owner reads the tokens");
        }
        forget_seat(&d, "ACDEFHJKMNPR");
        let left = kept_seats(&d);
        assert_eq!(left.0.len(), 1);
        assert_eq!(left.0[0].0, "XXXXYYYYWWWW");
        let text = std::fs::read_to_string(kept_path(&d).unwrap()).unwrap();
        assert!(!text.contains("0123456789abcdef"), "{text}");
        let _ = std::fs::remove_dir_all(d.0.unwrap());
    }

    #[test]
    fn a_broken_file_is_set_aside_never_written_over() {
        let d = dir("broken");
        let path = kept_path(&d).unwrap();
        std::fs::write(&path, "([(\"ACDEFHJKMNPR\", 1, \"tok").unwrap();
        assert_eq!(kept_seats(&d), KeptSeats::default());
        let folder = d.0.clone().unwrap();
        let aside: Vec<_> = std::fs::read_dir(&folder)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("online-seats.broken-"))
            .collect();
        assert_eq!(aside.len(), 1, "the broken file is kept aside: {aside:?}");
        let kept_text = std::fs::read_to_string(folder.join(&aside[0])).unwrap();
        assert!(kept_text.contains("ACDEFHJKMNPR"));
        // A new seat is kept in a new file; the broken one is untouched.
        keep_seat(&d, "XXXXYYYYWWWW", 0, "fedcba9876543210fedcba9876543210");
        assert_eq!(kept_seats(&d).0.len(), 1);
        assert_eq!(
            std::fs::read_to_string(folder.join(&aside[0])).unwrap(),
            kept_text
        );
        let _ = std::fs::remove_dir_all(folder);
    }
}
