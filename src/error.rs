//! Errors in user input, as values that say what is wrong and where.

use std::fmt;

/// A problem with something the user gave: a file, a link, a clue, a grid.
///
/// `at` names the place (for example `line 3`, `row 2`, `row 2, column 5` or `the walls section`);
/// `message` says what is wrong there, in words a user can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// Where the problem is, when a place can be named.
    pub at: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl InputError {
    /// An error with no particular place.
    pub fn new(message: impl Into<String>) -> Self {
        InputError { at: None, message: message.into() }
    }

    /// An error at a named place.
    pub fn at(at: impl Into<String>, message: impl Into<String>) -> Self {
        InputError { at: Some(at.into()), message: message.into() }
    }

    /// Adds a place to an error that has none, or prefixes the existing place.
    pub fn within(mut self, outer: impl Into<String>) -> Self {
        let outer = outer.into();
        self.at = Some(match self.at {
            Some(inner) => format!("{outer}, {inner}"),
            None => outer,
        });
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.at {
            Some(at) => write!(f, "{at}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// Shorthand for results whose error is an [`InputError`].
pub type InputResult<T> = Result<T, InputError>;
