//! Check and the solver's reports: every answer verified again before it is shown, and the
//! player's grid compared with the proven unique answer.

use std::rc::Rc;

use super::notices::Notice;
use super::workshop::{View, Workshop};
use super::State;
use crate::kinds::{self, AnyReport, Kind};
use crate::puzzle::Verdict;

impl Workshop {
    /// [`super::Action::Check`]: compares the marks with the proven unique answer, or says why
    /// there is none to compare with; with no solve yet, waits for the one the page starts.
    pub(super) fn check(&mut self, kind: Kind) {
        let answer = match &self.result {
            Some(r) if r.verdict == Verdict::Unique => r.solutions[0].concat(),
            Some(r) => {
                let why = if r.verdict == Verdict::None {
                    "this puzzle has no solution"
                } else {
                    "this puzzle has more than one solution"
                };
                self.checked = Some((
                    false,
                    format!("Check compares your grid with the only answer, but {why}."),
                ));
                return;
            }
            None => {
                self.check_pending = true;
                return;
            }
        };
        // What a mark must agree with is the kind's rule (filled/empty, or KenKen's digits).
        let read = self.puzzle.as_deref().ok_or_else(|| "there is no puzzle".to_string());
        let mistakes = match read.and_then(|p| kinds::mistakes(kind, p, &answer, &self.marks)) {
            Ok(m) => m,
            Err(why) => {
                self.checked = Some((false, format!("Check could not read your marks: {why}.")));
                return;
            }
        };
        let text = match mistakes.len() {
            0 => "Your grid: no mistakes so far.".to_string(),
            1 => "Your grid: 1 mistake, ringed in red.".to_string(),
            n => format!("Your grid: {n} mistakes, ringed in red."),
        };
        self.checked = Some((mistakes.is_empty(), text));
        self.mistakes = Some(mistakes);
        self.view = Some(View::Play);
    }
}

impl State {
    /// A solve's report on `kind`'s puzzle ([`crate::jobs::Reply::Solved`], or a solve's best so
    /// far): shown only if every answer passes the kind's independent check again; a Check
    /// waiting for it runs now.
    pub(super) fn accept_report(&mut self, kind: Kind, report: AnyReport) {
        let Some(puzzle) = self.workshops.get(&kind).and_then(|w| w.puzzle.clone()) else {
            return;
        };
        // Every answer is checked again here, by the kind's independent verifier, before it is
        // drawn.
        if let Err((i, why)) = kinds::verify_report(kind, &puzzle, &report) {
            self.notice = Some(Notice::error(format!(
                "The solver's answer {} failed the independent check and is not shown: {why}",
                i + 1
            )));
            return;
        }
        let w = self.workshop_mut(kind);
        // The same answers again, now with the rating the worker worked out after them
        // ([`crate::jobs::Reply::Improved`] first): only the report changes, not the view the
        // player may have moved to, nor what Check made of it.
        if let Some(before) = w.result.as_ref().filter(|r| r.rating_pending) {
            if before.solutions == report.solutions && before.verdict == report.verdict {
                w.result = Some(Rc::new(report));
                return;
            }
        }
        w.view = Some(if report.solutions.is_empty() { View::Play } else { View::Answer(0) });
        w.result = Some(Rc::new(report));
        w.result_for_check = w.check_pending;
        if w.check_pending {
            w.check_pending = false;
            w.check(kind);
        }
    }
}
