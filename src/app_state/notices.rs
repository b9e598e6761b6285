//! Notices: the one message shown above the page, and how it goes (dismissed, replaced, or an
//! information notice whose time is up).

/// How loud a notice is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// Something went wrong; the page still works.
    Error,
    /// For information.
    Info,
}

/// A message above the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// How loud.
    pub severity: Severity,
    /// What to say.
    pub text: String,
}

impl Notice {
    /// An error notice saying `text`.
    pub fn error(text: impl Into<String>) -> Notice {
        Notice { severity: Severity::Error, text: text.into() }
    }

    /// An information notice saying `text`.
    pub fn info(text: impl Into<String>) -> Notice {
        Notice { severity: Severity::Info, text: text.into() }
    }
}

/// Hides `notice` if it is still the one saying `text` (an information notice's time is up, but
/// another may have taken its place); whether it did.
pub(super) fn expire(notice: &mut Option<Notice>, text: &str) -> bool {
    if notice.as_ref().is_none_or(|n| n.text != text) {
        return false;
    }
    *notice = None;
    true
}
