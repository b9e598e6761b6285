//! The acceptance schedules of the annealing spaces: simulated annealing (geometric cooling
//! over a sweep) and threshold accepting (the source document's falling thresholds).

use super::model::Method;

/// The acceptance rule, with its schedule.
pub(super) struct Acceptance {
    pub(super) method: Method,
    pub(super) sweep: u64,
    pub(super) t_start: f64,
    pub(super) t_end: f64,
}

impl Acceptance {
    /// Threshold levels of the source document's schedule, each held for an equal share of a sweep.
    const THRESHOLDS: [f64; 6] = [5.0, 4.0, 3.0, 2.0, 1.0, 0.0];

    /// The schedule that runs for `method`: threshold accepting for [`Method::Threshold`],
    /// simulated annealing for every other method.
    pub(super) fn runs(method: Method) -> Method {
        match method {
            Method::Threshold => Method::Threshold,
            _ => Method::Anneal,
        }
    }

    /// Whether to take a move that changes the score by `delta` at `step` of the sweep.
    pub(super) fn accept(&self, delta: i64, step: u64, rng: &mut fastrand::Rng) -> bool {
        if delta <= 0 {
            return true;
        }
        let progress = step as f64 / self.sweep as f64;
        match Self::runs(self.method) {
            Method::Threshold => {
                let level = ((progress * Self::THRESHOLDS.len() as f64) as usize)
                    .min(Self::THRESHOLDS.len() - 1);
                delta as f64 <= Self::THRESHOLDS[level]
            }
            _ => {
                // Geometric cooling from t_start to t_end over the sweep.
                let t = self.t_start * (self.t_end / self.t_start).powf(progress);
                rng.f64() < (-(delta as f64) / t).exp()
            }
        }
    }
}
