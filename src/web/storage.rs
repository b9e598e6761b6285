//! Local storage of the last puzzle and the player's marks per kind, so a reload loses nothing.

use crate::kinds::Kind;

fn store() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn key(kind: Kind, what: &str) -> String {
    format!("puzzle-studio/{}/{what}", kind.id())
}

/// Reads a saved value.
pub fn load(kind: Kind, what: &str) -> Option<String> {
    store()?.get_item(&key(kind, what)).ok()?
}

/// Saves a value; storage that is full or refused is reported, not fatal.
pub fn save(kind: Kind, what: &str, value: &str) -> Result<(), String> {
    let s = store().ok_or("this browser does not allow local storage")?;
    s.set_item(&key(kind, what), value).map_err(|_| "local storage is full or refused".to_string())
}

/// Reads a page-wide setting (`puzzle-studio/<name>`), such as a remembered switch.
pub fn setting(name: &str) -> Option<String> {
    store()?.get_item(&format!("puzzle-studio/{name}")).ok()?
}

/// Saves a page-wide setting; a refused store only means it is not remembered.
pub fn set_setting(name: &str, value: &str) {
    if let Some(s) = store() {
        let _ = s.set_item(&format!("puzzle-studio/{name}"), value);
    }
}

/// Forgets a page-wide setting.
pub fn clear_setting(name: &str) {
    if let Some(s) = store() {
        let _ = s.remove_item(&format!("puzzle-studio/{name}"));
    }
}

/// Forgets a saved value.
pub fn remove(kind: Kind, what: &str) {
    if let Some(s) = store() {
        let _ = s.remove_item(&key(kind, what));
    }
}
