//! The puzzle kinds of the studio as plain names: the one list of kinds
//! ([`crate::for_each_kind!`]) and the [`Kind`] enum made from it. A leaf module: the registry
//! ([`crate::kinds`]) dispatches by kind and holds the accessors that read a kind's contract
//! ([`Kind::title`] and the other words).

use serde::{Deserialize, Serialize};

/// The registry: hands every kind, in menu order, to the macro `$cb` (with `$args` first), one
/// `Variant => folder::Type` per kind. Adding a kind is its folder under `src/kinds/` (a type
/// implementing [`crate::puzzle::Puzzle`], with a `view` module holding its page) and one line here.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_kind {
    ($cb:ident $(($($args:tt)*))?) => {
        $crate::$cb! { ($($($args)*)?)
            /// Paint by numbers.
            Nonogram => nonogram::Nonogram,
            /// Paint by numbers in colours: runs of one colour need a gap, different colours may touch.
            ColourNonogram => colournono::ColourNonogram,
            /// Latin square with arithmetic cages.
            KenKen => kenken::KenKen,
            /// k stars per row, column and region, none touching.
            StarBattle => starbattle::StarBattle,
            /// Flood the board from the top-left in the fewest moves.
            FloodIt => floodit::FloodIt,
            /// Colour a grid with no monochromatic rectangle.
            RectFree => rectfree::RectFree,
        }
    };
}

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
