//! Room codes and seat tokens: drawn from the operating system's randomness (the browser's on
//! the web), never from the match's seed.

/// The letters of a room code: no two a tired eye could confuse (no O and 0, I and 1, B and
/// 8, S and 5, G and 6...), the phones' own alphabet.
pub const LETTERS: &str = "ACDEFHJKMNPRTWXY";
/// Letters in a room code: 16 letters of 4 bits each, 48 bits; far beyond guessing through a
/// signaling server that answers a join in milliseconds.
pub const CODE_LEN: usize = 12;

fn random_bytes<const N: usize>() -> Result<[u8; N], String> {
    let mut b = [0u8; N];
    getrandom::fill(&mut b).map_err(|e| format!("no randomness: {e}"))?;
    Ok(b)
}

/// A new room code, without separators (see [`spaced`]).
pub fn new_code() -> Result<String, String> {
    let letters = LETTERS.as_bytes();
    Ok(random_bytes::<CODE_LEN>()?
        .iter()
        .map(|b| letters[(b & 15) as usize] as char)
        .collect())
}

/// A seat's token: 128 random bits in hex, the guest's key back to its seat.
pub fn new_token() -> Result<String, String> {
    Ok(random_bytes::<16>()?
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// A secret the host keeps (it seeds the worlds it deals each guest).
pub fn new_secret() -> Result<u64, String> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

/// A code as people read it: `ACDE-FHJK-MNPR`.
pub fn spaced(code: &str) -> String {
    code.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// A typed or pasted code (any case, spaces, dashes, or a whole `?join=` link), or why not.
pub fn read_code(input: &str) -> Result<String, &'static str> {
    let input = input.trim();
    let input = match input.find("join=") {
        Some(i) => input[i + 5..].split('&').next().unwrap_or(""),
        None => input,
    };
    if input.len() > 80 {
        return Err("online-code-long");
    }
    let code: String = input
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_' | '.'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if code.chars().any(|c| !LETTERS.contains(c)) {
        return Err("online-code-letters");
    }
    if code.len() != CODE_LEN {
        return Err("online-code-length");
    }
    Ok(code)
}

/// Two secrets compared without stopping at the first difference.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_random_readable_and_read_back() {
        let a = new_code().unwrap();
        let b = new_code().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), CODE_LEN);
        assert!(a.chars().all(|c| LETTERS.contains(c)));
        assert_eq!(read_code(&spaced(&a)), Ok(a.clone()));
        assert_eq!(read_code(&spaced(&a).to_lowercase()), Ok(a.clone()));
        let link = format!("https://example.org/come-buy/?join={}&x=1", spaced(&a));
        assert_eq!(read_code(&link), Ok(a.clone()));
        assert_eq!(read_code("ACDE-FHJK"), Err("online-code-length"));
        assert_eq!(read_code("ACDE-FHJK-MNP0"), Err("online-code-letters"));
        assert_eq!(read_code(&"A".repeat(200)), Err("online-code-long"));
    }

    #[test]
    fn tokens_are_long_and_compare_exactly() {
        let t = new_token().unwrap();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token().unwrap());
        assert!(same_secret(&t, &t.clone()));
        assert!(!same_secret(&t, &t[..31]));
        let mut other = t.clone().into_bytes();
        other[31] = if other[31] == b'0' { b'1' } else { b'0' };
        assert!(!same_secret(&t, std::str::from_utf8(&other).unwrap()));
    }
}
