//! How a workshop's marks are written as text in local storage.
//!
//! Marks of 0 to 9 are one digit character each (`b'0' + m`), as every kind has always saved
//! them; marks that need more (KenKen's digits up to 12 and pencil bitmasks) are written as
//! `x:` and two hex digits per mark. Readers take both, so older saves keep loading.

/// The stored text for `marks`.
pub fn encode(marks: &[u8]) -> String {
    if marks.iter().all(|&m| m <= 9) {
        marks.iter().map(|&m| (b'0' + m) as char).collect()
    } else {
        let mut s = String::with_capacity(2 + 2 * marks.len());
        s.push_str("x:");
        for m in marks {
            s.push_str(&format!("{m:02x}"));
        }
        s
    }
}

/// The marks in stored text; anything malformed reads as no marks rather than failing.
pub fn decode(text: &str) -> Vec<u8> {
    match text.strip_prefix("x:") {
        Some(hex) if hex.len() % 2 == 0 && hex.is_ascii() => (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16))
            .collect::<Result<Vec<u8>, _>>()
            .unwrap_or_default(),
        Some(_) => Vec::new(),
        None => text.bytes().map(|b| b.saturating_sub(b'0')).collect(),
    }
}
