//! The page's components, one per file.

pub mod art;
pub mod bench;
pub mod clock;
pub mod floodit;
pub mod hint;
pub mod home;
pub mod import;
pub mod kenken;
pub mod nav;
pub mod nonogram;
pub mod notice;
pub mod rectfree;
pub mod saved;
pub mod share;
pub mod starbattle;
pub mod starbattle_editor;
pub mod status;
pub mod theme;
pub mod zoom;
