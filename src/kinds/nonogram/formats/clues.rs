//! Clue numbers as text, shared by every nonogram format reader and writer (a leaf of
//! [`super`]: the readers use it without pointing back at the module that chooses among them).

use crate::error::{InputError, InputResult};
use crate::link::clip;

/// A clue as text with `sep` between runs; an empty clue is `0`.
pub fn clue_string(clue: &[u32], sep: &str) -> String {
    if clue.is_empty() {
        "0".into()
    } else {
        clue.iter().map(u32::to_string).collect::<Vec<_>>().join(sep)
    }
}

/// Parses one run length, reporting negatives, zeros inside clues are left to the model.
pub fn parse_run(token: &str, at: &dyn Fn() -> String) -> InputResult<u32> {
    let t = token.trim();
    if let Some(neg) = t.strip_prefix('-') {
        if neg.chars().all(|c| c.is_ascii_digit()) && !neg.is_empty() {
            return Err(InputError::at(at(), format!("run {t} is negative; runs are 1 or more")));
        }
    }
    if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        return t
            .parse::<u32>()
            .map_err(|_| InputError::at(at(), format!("run `{}` is too long", clip(t))));
    }
    if t.len() > 1
        && t[..t.len() - 1].chars().all(|c| c.is_ascii_digit())
        && t.ends_with(|c: char| c.is_ascii_alphabetic())
    {
        return Err(InputError::at(
            at(),
            format!("`{}` is a coloured clue; multicolour nonograms are not supported", clip(t)),
        ));
    }
    Err(InputError::at(at(), format!("`{}` is not a run length", clip(t))))
}
