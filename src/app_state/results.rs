//! The benchmark's and the image page's results: the last benchmark's records, the image job's
//! stage, and the best (then final) puzzle it made, in black and white or in colour.

use std::rc::Rc;

use super::State;
use crate::jobs::Reply;

impl State {
    /// An image job started: it streams its own puzzles ([`Reply::ArtImproved`]), so an older
    /// result must not pass for this job's.
    pub(super) fn art_started(&mut self) {
        self.art = None;
        self.colour_art = None;
    }

    /// A reply of job `job` (in flight) with a benchmark's or an image job's result.
    pub(super) fn result_reply(&mut self, job: u32, body: Reply) {
        match body {
            Reply::Benched { records, summary } => {
                self.end_job(job);
                self.bench = Some(Rc::new((records, summary)));
            }
            Reply::ArtProgress { stage, .. } => self.art_stage = Some(stage),
            // The best unique puzzle so far: shown at once, kept if the user cancels.
            Reply::ArtImproved(result) => self.art = Some(Rc::new(*result)),
            Reply::ColourArtImproved(result) => self.colour_art = Some(Rc::new(*result)),
            Reply::ColourArt(result) => {
                self.end_job(job);
                self.art_stage = None;
                self.colour_art = Some(Rc::new(*result));
            }
            Reply::Art(result) => {
                self.end_job(job);
                self.art_stage = None;
                self.art = Some(Rc::new(*result));
            }
            _ => {}
        }
    }
}
