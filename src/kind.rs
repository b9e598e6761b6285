//! The puzzle kinds of the studio, as plain names: below the contract, links and the registry.

use serde::{Deserialize, Serialize};

/// The puzzle kinds of the studio.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Paint by numbers.
    Nonogram,
    /// Latin square with arithmetic cages.
    KenKen,
    /// k stars per row, column and region, none touching.
    StarBattle,
    /// Flood the board from the top-left in the fewest moves.
    FloodIt,
    /// Colour a grid with no monochromatic rectangle.
    RectFree,
}

impl Kind {
    /// Every kind, in menu order.
    pub const ALL: [Kind; 5] = [Kind::Nonogram, Kind::KenKen, Kind::StarBattle, Kind::FloodIt, Kind::RectFree];

    /// The id used in links, the CLI and JSON (`starbattle`).
    pub fn id(self) -> &'static str {
        match self {
            Kind::Nonogram => "nonogram",
            Kind::KenKen => "kenken",
            Kind::StarBattle => "starbattle",
            Kind::FloodIt => "floodit",
            Kind::RectFree => "rectfree",
        }
    }

    /// The name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Nonogram => "Nonogram",
            Kind::KenKen => "KenKen",
            Kind::StarBattle => "Star Battle",
            Kind::FloodIt => "Flood-It",
            Kind::RectFree => "Rectangle-free colouring",
        }
    }

    /// The name of the propagation phase whose progress is counted in known cells
    /// (`Progress::known`); only nonograms report one today.
    pub fn logic_phase(self) -> &'static str {
        match self {
            Kind::Nonogram => "Line logic",
            Kind::KenKen | Kind::StarBattle | Kind::FloodIt | Kind::RectFree => "Logic",
        }
    }

    /// The kind with this id.
    pub fn from_id(id: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.id() == id)
    }
}
