//! Join codes: what a person types to take their seat at a hosted game.
//!
//! A code is 80 bits from the operating system's random source, written as sixteen
//! characters of Crockford's base 32 in four groups (`7kq2-m9xd-4hfa-0wbz`): no `i`, `l`,
//! `o` or `u` to misread, read back whatever the case and with or without the dashes. A new
//! host draws new codes, so a code is good for this game only and never guessable from
//! another.

use std::fmt;
use std::io;

use rand::TryRng;
use rand::rngs::SysRng;

/// The letters a code is written in: Crockford's base 32.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// Random bytes in a code: 80 bits.
const CODE_BYTES: usize = 10;

/// One seat's (or the spectators') join code.
#[derive(Clone, PartialEq, Eq)]
pub struct JoinCode(String);

impl JoinCode {
    /// A new code from the operating system's random source.
    pub fn random() -> io::Result<JoinCode> {
        let mut bytes = [0u8; CODE_BYTES];
        SysRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| io::Error::other(format!("no random numbers from the system: {e}")))?;
        Ok(JoinCode::from_bytes(&bytes))
    }

    /// The code of `bytes`, five bits a character.
    fn from_bytes(bytes: &[u8; CODE_BYTES]) -> JoinCode {
        let bits = bytes
            .iter()
            .fold(0u128, |acc, &b| (acc << 8) | u128::from(b));
        let mut text = String::with_capacity(19);
        for i in 0..16 {
            if i > 0 && i % 4 == 0 {
                text.push('-');
            }
            let shift = 5 * (15 - i);
            text.push(char::from(ALPHABET[((bits >> shift) & 31) as usize]));
        }
        JoinCode(text)
    }

    /// The code as printed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `typed` is this code, read loosely (any case, dashes and spaces left out),
    /// compared in time that does not depend on where they differ.
    pub fn matches(&self, typed: &str) -> bool {
        let mine = letters(&self.0);
        let theirs = letters(typed);
        mine.len() == theirs.len()
            && mine
                .iter()
                .zip(&theirs)
                .fold(0u8, |diff, (a, b)| diff | (a ^ b))
                == 0
    }
}

/// A code's letters, lower case, without dashes or spaces (at most a line's worth).
fn letters(code: &str) -> Vec<u8> {
    code.bytes()
        .filter(|b| *b != b'-' && !b.is_ascii_whitespace())
        .take(64)
        .map(|b| b.to_ascii_lowercase())
        .collect()
}

/// Codes are secrets: a debug print never shows one.
impl fmt::Debug for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JoinCode(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_sixteen_letters_in_four_groups_and_read_back_loosely() {
        let code = JoinCode::from_bytes(&[0xff, 0, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 1]);
        assert_eq!(code.as_str(), "zw01-4d2p-f2db-sqg1");
        assert!(code.matches("ZW014D2PF2DBSQG1"));
        assert!(code.matches(" zw01-4d2p f2db-sqg1 "));
        assert!(!code.matches("zw01-4d2p-f2db-sqg2"));
        assert!(!code.matches("zw01-4d2p-f2db-sqg"));
        assert!(!code.matches(""));
    }

    #[test]
    fn random_codes_differ() {
        let a = JoinCode::random().unwrap();
        let b = JoinCode::random().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 19);
        assert_eq!(format!("{a:?}"), "JoinCode(…)");
    }
}
