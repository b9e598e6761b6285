//! Local storage of the last puzzle and the player's marks per kind, so a reload loses nothing;
//! page-wide settings; and what happens when storage fails (issue 24): a save the browser refuses
//! is shown at once with a way out, and saved work that does not read back is set aside under its
//! own key, never overwritten, and offered as a text file. The saved form and its versions are
//! `crate::saved` (pure, tested natively).

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::Reducible;

use crate::app_state::Restored;
use crate::kinds::Kind;
use crate::saved;

fn store() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

pub fn key(kind: Kind, what: &str) -> String {
    saved::key(kind, what)
}

/// Why a save failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveError {
    /// The browser's storage quota is used up (`QuotaExceededError`).
    Full,
    /// The browser allows no local storage here (private mode, a policy), or refused for another reason.
    Refused(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Full => write!(f, "the browser's storage is full"),
            SaveError::Refused(why) => write!(f, "the browser refused to store it ({why})"),
        }
    }
}

fn set(name: &str, value: &str) -> Result<(), SaveError> {
    let s = store()
        .ok_or_else(|| SaveError::Refused("this browser does not allow local storage".into()))?;
    s.set_item(name, value).map_err(|e| {
        let name = e.dyn_ref::<web_sys::DomException>().map(|d| d.name()).unwrap_or_default();
        // Chromium and Firefox name it QuotaExceededError; old Firefox NS_ERROR_DOM_QUOTA_REACHED.
        if name.contains("Quota") || name.contains("QUOTA") {
            SaveError::Full
        } else {
            SaveError::Refused(if name.is_empty() { format!("{e:?}") } else { name })
        }
    })
}

fn get(name: &str) -> Option<String> {
    store()?.get_item(name).ok()?
}

fn remove_key(name: &str) {
    if let Some(s) = store() {
        let _ = s.remove_item(name);
    }
}

/// Reads a saved value.
pub fn load(kind: Kind, what: &str) -> Option<String> {
    get(&key(kind, what))
}

/// Saves a value; storage that is full or refused is reported, not fatal.
pub fn save(kind: Kind, what: &str, value: &str) -> Result<(), SaveError> {
    set(&key(kind, what), value)
}

/// Reads a page-wide setting (`puzzle-studio/<name>`), such as a remembered switch.
pub fn setting(name: &str) -> Option<String> {
    get(&format!("puzzle-studio/{name}"))
}

/// Saves a page-wide setting; a refused store only means it is not remembered.
pub fn set_setting(name: &str, value: &str) {
    let _ = set(&format!("puzzle-studio/{name}"), value);
}

/// Forgets a page-wide setting.
pub fn clear_setting(name: &str) {
    remove_key(&format!("puzzle-studio/{name}"));
}

/// Forgets a saved value.
pub fn remove(kind: Kind, what: &str) {
    remove_key(&key(kind, what));
}

/// Saves a workshop's version-2 record (`crate::saved::encode_with_history`), then removes
/// the version-1 keys it replaces.
pub fn save_work(kind: Kind, record: &str) -> Result<(), SaveError> {
    save(kind, "work", record)?;
    remove(kind, "puzzle");
    remove(kind, "marks");
    Ok(())
}

/// Saves one puzzle's record of My puzzles under its own key ([`crate::library::key`]).
pub fn save_entry(key: &str, record: &str) -> Result<(), SaveError> {
    set(key, record)
}

/// Every puzzle record of My puzzles that reads back, with its key; the least recently played
/// beyond [`crate::library::PER_KIND`] of a kind are removed. Records that do not read are left
/// where they are, untouched.
pub fn load_library() -> Vec<(String, String, crate::library::Entry)> {
    let Some(s) = store() else { return Vec::new() };
    let n = s.length().unwrap_or(0);
    let keys: Vec<String> = (0..n)
        .filter_map(|i| s.key(i).ok().flatten())
        .filter(|k| crate::library::kind_of_key(k).is_some())
        .collect();
    let mut out = Vec::new();
    for k in keys {
        let Some(text) = get(&k) else { continue };
        if let Ok(e) = crate::library::decode(&text) {
            out.push((k, text, e));
        }
    }
    let entries: Vec<crate::library::Entry> = out.iter().map(|(_, _, e)| e.clone()).collect();
    for i in crate::library::overflow(&entries).into_iter().rev() {
        let (k, _, _) = out.remove(i);
        remove_key(&k);
    }
    out
}

/// Saved texts set aside because they did not read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aside {
    /// Whose.
    pub kind: Kind,
    /// The storage key that holds them.
    pub key: String,
    /// The report, when this visit found them (shown once); `None` for older ones.
    pub found: Option<String>,
}

const ASIDE_SLOTS: usize = 9;

fn aside_key(kind: Kind, slot: usize) -> String {
    if slot == 0 {
        key(kind, "unreadable")
    } else {
        key(kind, &format!("unreadable-{}", slot + 1))
    }
}

/// Every saved workshop that reads back, and the saved texts that did not, which are moved to
/// a key of their own (`unreadable`, `unreadable-2`, …, never over an earlier one) so that the
/// next save cannot overwrite them; and the Undo histories kept with the workshops (or why one
/// was dropped).
pub fn load_all() -> (Vec<(Kind, String, Vec<u8>, String)>, Vec<Aside>, Vec<Restored>) {
    let mut work = Vec::new();
    let mut aside = Vec::new();
    let mut histories = Vec::new();
    for kind in Kind::ALL {
        let (w, p, m) = (load(kind, "work"), load(kind, "puzzle"), load(kind, "marks"));
        let loaded = saved::read(kind, w.as_deref(), p.as_deref(), m.as_deref());
        if let Some(u) = loaded.unreadable {
            let sentence = saved::unreadable_sentence(kind, &u);
            match (0..ASIDE_SLOTS).map(|i| aside_key(kind, i)).find(|k| get(k).is_none()) {
                Some(k) if set(&k, &u.text).is_ok() => {
                    // Only once the text is safe under its own key do the originals go.
                    for what in ["work", "puzzle", "marks"] {
                        remove(kind, what);
                    }
                    aside.push(Aside { kind, key: k, found: Some(sentence) });
                }
                _ => {
                    // No room to set it aside: it stays where it is, and this visit saves
                    // nothing over it (the kind is left out of the loaded work and reported).
                    aside.push(Aside { kind, key: String::new(), found: Some(format!("{sentence} (It could not be moved aside, so it stays in place and this kind's work is not saved this visit.)")) });
                }
            }
        }
        if let Some((puzzle, marks)) = loaded.work {
            if !loaded.history.is_empty() || loaded.history_dropped.is_some() {
                let h = (kind, puzzle.clone(), marks.clone());
                histories.push((h.0, h.1, h.2, loaded.history, loaded.history_dropped));
            }
            work.push((kind, puzzle, marks, loaded.play));
        }
    }
    // Texts set aside on earlier visits stay listed (quietly) until the user discards them.
    for kind in Kind::ALL {
        for k in (0..ASIDE_SLOTS).map(|i| aside_key(kind, i)) {
            if get(&k).is_some() && !aside.iter().any(|a| a.key == k) {
                aside.push(Aside { kind, key: k, found: None });
            }
        }
    }
    (work, aside, histories)
}

/// The kind whose workshop record (`puzzle-studio/<kind>/work`) is under `key`, if it is one.
pub fn work_key_kind(key: &str) -> Option<Kind> {
    Kind::ALL.into_iter().find(|k| self::key(*k, "work") == key)
}

/// The text kept under `key`.
pub fn read_key(key: &str) -> Option<String> {
    get(key)
}

/// Removes the text under `key` (the user discarded it).
pub fn discard_key(key: &str) {
    remove_key(key)
}

/// Removes the saved puzzles and marks of every kind but `keep`, and returns those kinds.
pub fn clear_other_puzzles(keep: Option<Kind>) -> Vec<Kind> {
    let mut cleared = Vec::new();
    for kind in Kind::ALL.into_iter().filter(|k| Some(*k) != keep) {
        if ["work", "puzzle", "marks"].iter().any(|w| load(kind, w).is_some()) {
            for what in ["work", "puzzle", "marks"] {
                remove(kind, what);
            }
            cleared.push(kind);
        }
    }
    cleared
}

/// What the page knows about storage trouble; its own small reducer (like `state::Live`), read by
/// `components::saved::SavedWorkBar`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trouble {
    /// The last save that failed: whose work, and why. Cleared by the next save that succeeds.
    pub failed: Option<(Kind, SaveError)>,
    /// Kinds whose saved puzzles the user cleared to make room (the last time).
    pub cleared: Vec<Kind>,
    /// Unreadable saved texts set aside.
    pub aside: Vec<Aside>,
    /// Kinds that must not be saved this visit (their unreadable text could not be moved aside).
    pub blocked: Vec<Kind>,
    /// Bumped to make the page try its saves again (after clearing room).
    pub retry: u32,
}

/// Changes to [`Trouble`].
#[derive(Debug, Clone, PartialEq)]
pub enum TroubleAction {
    /// A save of `kind`'s work failed.
    Failed(Kind, SaveError),
    /// A save of `kind`'s work succeeded.
    Saved(Kind),
    /// The user cleared these kinds' saved puzzles to make room; try the saves again.
    Cleared(Vec<Kind>),
    /// The user discarded the text under this key.
    Discarded(String),
}

impl Reducible for Trouble {
    type Action = TroubleAction;

    fn reduce(self: Rc<Self>, action: TroubleAction) -> Rc<Self> {
        let mut t = (*self).clone();
        match action {
            TroubleAction::Failed(kind, e) => {
                if t.failed.as_ref() == Some(&(kind, e.clone())) {
                    return self;
                }
                t.failed = Some((kind, e));
            }
            TroubleAction::Saved(kind) => {
                if t.failed.as_ref().map(|f| f.0) != Some(kind) {
                    return self;
                }
                t.failed = None;
            }
            TroubleAction::Cleared(kinds) => {
                t.cleared = kinds;
                t.retry += 1;
            }
            TroubleAction::Discarded(key) => t.aside.retain(|a| a.key != key),
        }
        Rc::new(t)
    }
}
