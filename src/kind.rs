//! The puzzle kinds of the studio as plain names, made from the registry ([`crate::for_each_kind!`]).

use serde::{Deserialize, Serialize};

/// Makes [`Kind`] from the registry's lines.
#[doc(hidden)]
#[macro_export]
macro_rules! __kind_enum {
    (() $($(#[$meta:meta])* $V:ident => $m:ident :: $T:ident,)*) => {
        /// The puzzle kinds of the studio, in menu order; serde reads and writes a kind's id.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Kind {
            $($(#[$meta])* $V,)*
        }

        impl Kind {
            /// Every kind, in menu order.
            pub const ALL: [Kind; [$(Kind::$V),*].len()] = [$(Kind::$V),*];

            /// The id used in links, the CLI and JSON (`starbattle`): the name of the kind's folder.
            pub fn id(self) -> &'static str {
                match self {
                    $(Kind::$V => stringify!($m),)*
                }
            }
        }
    };
}

crate::for_each_kind!(__kind_enum);

impl Kind {
    /// The name shown to people ([`crate::puzzle::Puzzle::TITLE`]).
    pub fn title(self) -> &'static str {
        crate::with_kind!(self, P => <P as crate::puzzle::Puzzle>::TITLE)
    }

    /// The name of the propagation phase whose progress is counted in known cells
    /// ([`crate::puzzle::Puzzle::LOGIC_PHASE`]).
    pub fn logic_phase(self) -> &'static str {
        crate::with_kind!(self, P => <P as crate::puzzle::Puzzle>::LOGIC_PHASE)
    }

    /// What the status line says while a solve runs ([`crate::puzzle::Puzzle::SOLVING`]).
    pub fn solving(self) -> &'static str {
        crate::with_kind!(self, P => <P as crate::puzzle::Puzzle>::SOLVING)
    }

    /// The verdict line for an answer found without a uniqueness check ([`crate::puzzle::Puzzle::SOLVED_TEXT`]).
    pub fn solved_text(self) -> &'static str {
        crate::with_kind!(self, P => <P as crate::puzzle::Puzzle>::SOLVED_TEXT)
    }

    /// The visible end of a search of this kind, in ms ([`crate::puzzle::Puzzle::SEARCH_BUDGET_MS`]).
    pub fn search_budget_ms(self) -> f64 {
        crate::with_kind!(self, P => <P as crate::puzzle::Puzzle>::SEARCH_BUDGET_MS)
    }

    /// The kind with this id.
    pub fn from_id(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == id)
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Kind, D::Error> {
        let id = String::deserialize(d)?;
        Kind::from_id(&id).ok_or_else(|| {
            let ids: Vec<&str> = Kind::ALL.iter().map(|k| k.id()).collect();
            serde::de::Error::custom(format!("unknown kind `{id}`; kinds: {}", ids.join(", ")))
        })
    }
}
