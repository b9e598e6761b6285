//! The Image-to-nonogram page's controls: their values, how a control's text changes them, and
//! the pipeline options they ask for. No web API here, so they are tested natively.

use super::adjust::Level;
use super::givens::Budget;
use super::pipeline::{ArtOptions, Method};
use super::prepare::{MAX_CELLS, MIN_HEIGHT, MIN_WIDTH};
use super::tone::Tone;
use super::{Crop, OptimizerConfig, PrepareOptions, UniqueMode};

/// The choices of time for minimising the givens, in seconds, and the default: a person can
/// see the end coming (the status counts down), and "Stop here" keeps the puzzle at any time.
pub const TIME_CHOICES: [u32; 4] = [10, 30, 120, 600];
/// The time for minimising the givens a new page starts with, in seconds.
pub const DEFAULT_TIME_S: u32 = 30;

/// The controls of the page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Controls {
    /// Grid width in cells (`MIN_WIDTH` to `MAX_CELLS`).
    pub width: u32,
    /// Grid height in cells (`MIN_HEIGHT` to `MAX_CELLS`); `None` follows the picture's shape.
    pub height: Option<u32>,
    /// The crop's x, y, width and height in image pixels; a crop only when all four are set.
    pub crop: [Option<u32>; 4],
    /// Dark cells become empty ones.
    pub invert: bool,
    /// The translucent-squares method instead of a threshold.
    pub translucent: bool,
    /// The threshold; `None` is Otsu's.
    pub threshold: Option<u16>,
    /// Which givens make the puzzle unique.
    pub unique: UniqueMode,
    /// Seconds minimising the givens (or adjusting the picture) may take before the page keeps
    /// what it has.
    pub time_s: u32,
    /// The level adjusting the picture aims at (kept while another mode is chosen).
    pub level: Level,
    /// The grey transform before the threshold; `None` takes the one most like the photo.
    pub tone: Option<Tone>,
}

impl Default for Controls {
    fn default() -> Self {
        Controls {
            width: 25,
            height: None,
            crop: [None; 4],
            invert: false,
            translucent: false,
            threshold: None,
            unique: UniqueMode::Givens,
            time_s: DEFAULT_TIME_S,
            level: Level::Medium,
            tone: None,
        }
    }
}

/// One control of the page, as [`Controls::set`] reads its value.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Field {
    /// `#art-width`: a number, clamped to `MIN_WIDTH..=MAX_CELLS`; anything else leaves the width alone.
    Width,
    /// `#art-height`: a number, clamped to `MIN_HEIGHT..=MAX_CELLS`; anything else (an empty box) is automatic.
    Height,
    /// `#art-invert`: `"true"` when ticked.
    Invert,
    /// `#art-method`: `"translucent"` or the threshold.
    Method,
    /// `#art-threshold`: a number, or Otsu's when it does not read.
    Threshold,
    /// `#art-unique`: `"logic"`, `"adjust"` (at the chosen level), `"off"`, or the fewest givens.
    Unique,
    /// `#art-level`: `"easy"`, `"medium"` or `"hard"`; anything else leaves the level alone.
    Level,
    /// `#art-time`: seconds; anything else leaves the time alone.
    Time,
    /// A preview of the strip (`.art-tone` buttons): a tone's word, or `"auto"` for the one most
    /// like the photo; anything else leaves the tone alone.
    Tone,
    /// `#art-crop-{k}`: x, y, width, height for `k` 0 to 3; an empty box is no value.
    Crop(usize),
}

impl Controls {
    /// These controls with `field` changed by its control's `value` (a checkbox's is `"true"`
    /// or `"false"`).
    pub fn set(self, field: Field, value: &str) -> Controls {
        let mut c = self;
        let v = value.trim();
        match field {
            Field::Width => {
                if let Ok(n) = v.parse::<u32>() {
                    c.width = n.clamp(MIN_WIDTH, MAX_CELLS);
                }
            }
            Field::Height => {
                c.height = v.parse::<u32>().ok().map(|h| h.clamp(MIN_HEIGHT, MAX_CELLS))
            }
            Field::Invert => c.invert = value == "true",
            Field::Method => c.translucent = value == "translucent",
            Field::Threshold => c.threshold = v.parse::<u16>().ok(),
            Field::Unique => {
                c.unique = match value {
                    "logic" => UniqueMode::Logic,
                    "adjust" => UniqueMode::Adjust(c.level),
                    "off" => UniqueMode::Off,
                    _ => UniqueMode::Givens,
                }
            }
            Field::Level => {
                if let Some(level) = Level::parse(v) {
                    c.level = level;
                    if let UniqueMode::Adjust(_) = c.unique {
                        c.unique = UniqueMode::Adjust(level);
                    }
                }
            }
            Field::Time => {
                if let Ok(s) = value.parse() {
                    c.time_s = s;
                }
            }
            Field::Tone => {
                if v == "auto" {
                    c.tone = None;
                } else if let Some(t) = Tone::parse(v) {
                    c.tone = Some(t);
                }
            }
            Field::Crop(k) => {
                if let Some(slot) = c.crop.get_mut(k) {
                    *slot = v.parse().ok();
                }
            }
        }
        c
    }

    /// These controls cropped to `crop` (a rectangle dragged on the original), or not cropped.
    pub fn with_crop(self, crop: Option<Crop>) -> Controls {
        let crop =
            crop.map_or([None; 4], |k| [Some(k.x), Some(k.y), Some(k.width), Some(k.height)]);
        Controls { crop, ..self }
    }

    /// The crop, when all four of its numbers are set.
    pub fn crop(&self) -> Option<Crop> {
        match self.crop {
            [Some(x), Some(y), Some(width), Some(height)] => Some(Crop { x, y, width, height }),
            _ => None,
        }
    }

    /// The pipeline options these controls ask for.
    pub fn options(&self) -> ArtOptions {
        let method = if self.translucent {
            Method::Translucent { config: OptimizerConfig::default() }
        } else {
            Method::Threshold { t: self.threshold }
        };
        let budget = Budget { time_ms: Some(f64::from(self.time_s) * 1000.0), ..Budget::default() };
        ArtOptions {
            prepare: PrepareOptions {
                width: self.width,
                height: self.height,
                crop: self.crop(),
                invert: self.invert,
            },
            method,
            unique: self.unique,
            budget,
            tone: self.tone,
        }
    }

    /// The threshold slider's position: the threshold asked for, else Otsu's for the image
    /// (`otsu`, once a result has it), else the middle.
    pub fn slider(&self, otsu: Option<u16>) -> u16 {
        self.threshold.or(otsu).unwrap_or(128).min(255)
    }

    /// The threshold slider's label, saying when the threshold is Otsu's.
    pub fn threshold_label(&self, otsu: Option<u16>) -> String {
        format!(
            "Threshold {}{} ",
            self.slider(otsu),
            if self.threshold.is_none() { " (Otsu)" } else { "" }
        )
    }

    /// The width / height a locked drag keeps: square cells when the grid's height is set, else
    /// the crop's shape, else the image's (`image`, its size in pixels once known).
    pub fn aspect(&self, image: Option<(u32, u32)>) -> Option<f64> {
        match (self.height, self.crop, image) {
            (Some(h), _, _) => Some(f64::from(self.width) / f64::from(h.max(1))),
            (None, [_, _, Some(w), Some(h)], _) => Some(f64::from(w) / f64::from(h.max(1))),
            (None, _, Some((w, h))) => Some(f64::from(w) / f64::from(h.max(1))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_control_reads_its_text_as_before() {
        let c = Controls::default();
        assert_eq!(c.set(Field::Width, " 300 ").width, 100);
        assert_eq!(c.set(Field::Width, "2").width, 5);
        assert_eq!(c.set(Field::Width, "").width, 25);
        assert_eq!(c.set(Field::Height, "40").height, Some(40));
        assert_eq!(c.set(Field::Height, "0").height, Some(1));
        assert_eq!(c.set(Field::Height, "40").set(Field::Height, "").height, None);
        assert!(c.set(Field::Invert, "true").invert);
        assert!(!c.set(Field::Invert, "true").set(Field::Invert, "false").invert);
        assert!(c.set(Field::Method, "translucent").translucent);
        assert!(!c.set(Field::Method, "threshold").translucent);
        assert_eq!(c.set(Field::Threshold, "90").threshold, Some(90));
        assert_eq!(c.set(Field::Threshold, "x").threshold, None);
        assert_eq!(c.set(Field::Unique, "logic").unique, UniqueMode::Logic);
        assert_eq!(c.set(Field::Unique, "off").unique, UniqueMode::Off);
        assert_eq!(
            c.set(Field::Unique, "off").set(Field::Unique, "givens").unique,
            UniqueMode::Givens
        );
        assert_eq!(c.set(Field::Unique, "adjust").unique, UniqueMode::Adjust(Level::Medium));
        assert_eq!(
            c.set(Field::Level, "hard").set(Field::Unique, "adjust").unique,
            UniqueMode::Adjust(Level::Hard)
        );
        assert_eq!(
            c.set(Field::Unique, "adjust").set(Field::Level, "easy").options().unique,
            UniqueMode::Adjust(Level::Easy)
        );
        assert_eq!(c.set(Field::Level, "extreme").level, Level::Medium);
        assert_eq!(c.set(Field::Time, "120").time_s, 120);
        assert_eq!(c.set(Field::Time, "soon").time_s, DEFAULT_TIME_S);
        assert_eq!(c.set(Field::Crop(2), "64").crop, [None, None, Some(64), None]);
        assert_eq!(c.set(Field::Crop(9), "64"), c);
        assert_eq!(c.set(Field::Tone, "edges").options().tone, Some(Tone::Edges));
        assert_eq!(c.set(Field::Tone, "edges").set(Field::Tone, "auto").tone, None);
        assert_eq!(c.set(Field::Tone, "edges").set(Field::Tone, "sepia").tone, Some(Tone::Edges));
    }

    #[test]
    fn a_crop_needs_all_four_numbers() {
        let c = Controls::default()
            .set(Field::Crop(0), "1")
            .set(Field::Crop(1), "2")
            .set(Field::Crop(2), "30");
        assert_eq!(c.crop(), None);
        assert_eq!(c.options().prepare.crop, None);
        let c = c.set(Field::Crop(3), "40");
        let k = Crop { x: 1, y: 2, width: 30, height: 40 };
        assert_eq!(c.crop(), Some(k));
        assert_eq!(c.options().prepare.crop, Some(k));
        assert_eq!(Controls::default().with_crop(Some(k)), c);
        assert_eq!(c.with_crop(None).crop, [None; 4]);
    }

    #[test]
    fn the_options_carry_the_method_and_the_time() {
        let o = Controls::default().options();
        assert!(matches!(o.method, Method::Threshold { t: None }));
        assert_eq!(o.budget.time_ms, Some(30_000.0));
        assert_eq!((o.prepare.width, o.prepare.height, o.prepare.invert), (25, None, false));
        let o =
            Controls::default().set(Field::Method, "translucent").set(Field::Time, "10").options();
        assert!(matches!(o.method, Method::Translucent { .. }));
        assert_eq!(o.budget.time_ms, Some(10_000.0));
    }

    #[test]
    fn the_slider_shows_the_threshold_or_otsus() {
        let c = Controls::default();
        assert_eq!(c.slider(None), 128);
        assert_eq!(c.slider(Some(97)), 97);
        assert_eq!(c.threshold_label(Some(97)), "Threshold 97 (Otsu) ");
        let c = c.set(Field::Threshold, "300");
        assert_eq!(c.slider(Some(97)), 255);
        assert_eq!(c.threshold_label(Some(97)), "Threshold 255 ");
    }

    #[test]
    fn the_aspect_lock_follows_the_height_then_the_crop_then_the_image() {
        let c = Controls::default();
        assert_eq!(c.aspect(None), None);
        assert_eq!(c.aspect(Some((300, 200))), Some(1.5));
        let c = c.with_crop(Some(Crop { x: 0, y: 0, width: 50, height: 100 }));
        assert_eq!(c.aspect(Some((300, 200))), Some(0.5));
        assert_eq!(c.set(Field::Height, "50").aspect(Some((300, 200))), Some(0.5));
        assert_eq!(Controls::default().set(Field::Height, "5").aspect(None), Some(5.0));
    }
}
