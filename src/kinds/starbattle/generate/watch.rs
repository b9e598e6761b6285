//! The generator's step counter: it counts steps and hands progress to the [`Monitor`] at most
//! once per its interval; a `false` from the monitor stops the generator with [`GenerateError::Stopped`].

use web_time::Instant;

use crate::puzzle::GenerateError;
use crate::sat::{Monitor, Progress, Throttle, Unit};

/// Where the generator reports and asks whether to go on.
pub(super) struct Watch<'a> {
    pub(super) monitor: Option<&'a mut Monitor>,
    pub(super) started: Instant,
    throttle: Throttle,
    steps: u64,
}

impl<'a> Watch<'a> {
    /// A watch from now, reporting to `monitor` when there is one.
    pub(super) fn new(monitor: Option<&'a mut Monitor>) -> Self {
        Watch { monitor, started: Instant::now(), throttle: Throttle::new(), steps: 0 }
    }

    /// Counts a step; calls the monitor when its interval has passed. `Err` when it says stop.
    pub(super) fn step(&mut self) -> Result<(), GenerateError> {
        self.steps += 1;
        let Some(m) = self.monitor.as_deref_mut() else { return Ok(()) };
        let elapsed_ms = self.started.elapsed().as_secs_f64() * 1000.0;
        if !self
            .throttle
            .report(m, Progress { work: self.steps, unit: Unit::Steps, elapsed_ms, known: None })
        {
            return Err(GenerateError::Stopped);
        }
        Ok(())
    }
}
