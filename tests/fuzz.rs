//! Mutation fuzzing shared by every decoder's test: random edits of a valid input.

/// `seed` with one to five random edits (delete, insert or replace a character from
/// `alphabet`, or cut the rest off).
pub fn mutate(rng: &mut fastrand::Rng, seed: &str, alphabet: &[char]) -> String {
    let mut chars: Vec<char> = seed.chars().collect();
    for _ in 0..rng.usize(1..6) {
        let at = rng.usize(..=chars.len());
        match rng.u8(..4) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => chars.insert(at, alphabet[rng.usize(..alphabet.len())]),
            2 if at < chars.len() => chars[at] = alphabet[rng.usize(..alphabet.len())],
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}
