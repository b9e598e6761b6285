//! A portfolio race: several workers run differently set-up jobs for one task; the first answer
//! that passes the kind's independent checker wins and the others are stopped.
//!
//! Pure logic, tested natively: [`Race`] reads the runners' replies and says what the page
//! should see (the leading runner's progress, the winner, or the failure when every runner
//! failed). The browser side (`web::portfolio`) starts one Web Worker per request and
//! terminates them all as soon as [`Race::offer`] names a winner.

use crate::jobs::{Reply, Request};
use crate::kinds::{self, Kind};
use crate::puzzle::Verdict;

/// Fewest workers in a portfolio.
pub const MIN_RUNNERS: usize = 2;
/// Most workers in a portfolio.
pub const MAX_RUNNERS: usize = 4;

/// How many workers to race on a machine with `cores` logical cores: one core stays with the
/// page, at least [`MIN_RUNNERS`] and at most [`MAX_RUNNERS`].
pub fn runners_for(cores: usize) -> usize {
    cores.saturating_sub(1).clamp(MIN_RUNNERS, MAX_RUNNERS)
}

/// Which runner a forwarded reply came from, and how many race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Runner {
    /// The runner (0-based, in the order of the requests).
    pub index: usize,
    /// How many runners race.
    pub count: usize,
}

/// What the page should do with one runner's reply.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Show this progress (it comes from the runner leading the race).
    Progress(Reply, Runner),
    /// This runner won: its checked answer (the report names the winner); stop every worker.
    Won(Reply, Runner),
    /// Every runner failed: the first failure, for the page to show.
    Failed(Reply),
    /// Nothing to show (progress of a runner behind, a runner's failure while others run, or
    /// anything after the race ended).
    Ignore,
}

/// The score a progress reply carries (lower is better), when its job has one: a kind's
/// snapshot's score (the local search's best so far).
pub fn score(reply: &Reply) -> Option<u64> {
    match reply {
        Reply::Snapshot(s) => s.score,
        _ => None,
    }
}

/// Marks a progress reply with its runner, where the reply has room for it (a snapshot), so
/// the page can say which worker leads.
pub fn tag(reply: Reply, runner: Runner) -> Reply {
    match reply {
        Reply::Snapshot(mut s) => {
            s.worker = Some((runner.index as u32, runner.count as u32));
            Reply::Snapshot(s)
        }
        other => other,
    }
}

/// The kind and puzzle text a request works on, for checking its answer.
pub fn task(request: &Request) -> Option<(Kind, &str)> {
    match request {
        Request::Solve { kind, puzzle, .. } => Some((*kind, puzzle)),
        _ => None,
    }
}

/// The race over one list of requests.
#[derive(Debug, Clone)]
pub struct Race {
    tasks: Vec<Option<(Kind, String)>>,
    best: Vec<Option<u64>>,
    failed: Vec<Option<Reply>>,
    over: bool,
}

impl Race {
    /// A race of one runner per request.
    pub fn new(requests: &[Request]) -> Self {
        Race {
            tasks: requests.iter().map(|r| task(r).map(|(k, p)| (k, p.to_string()))).collect(),
            best: vec![None; requests.len()],
            failed: vec![None; requests.len()],
            over: false,
        }
    }

    /// Runners in the race.
    pub fn runners(&self) -> usize {
        self.tasks.len()
    }

    /// Whether a winner was named or every runner failed.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The runner with the best score so far (the lowest index among equals), if any scored.
    pub fn leader(&self) -> Option<usize> {
        (0..self.best.len()).filter(|&i| self.best[i].is_some()).min_by_key(|&i| (self.best[i], i))
    }

    /// Reads runner `index`'s reply.
    pub fn offer(&mut self, index: usize, reply: Reply) -> Outcome {
        if self.over || index >= self.tasks.len() || self.failed[index].is_some() {
            return Outcome::Ignore;
        }
        let runner = Runner { index, count: self.tasks.len() };
        match reply {
            Reply::Ready => Outcome::Ignore,
            Reply::Progress { .. } | Reply::Snapshot(_) | Reply::ArtProgress { .. } => {
                if let Some(s) = score(&reply) {
                    self.best[index] = Some(self.best[index].map_or(s, |b| b.min(s)));
                }
                match self.leader() {
                    Some(l) if l != index => Outcome::Ignore,
                    _ => Outcome::Progress(tag(reply, runner), runner),
                }
            }
            Reply::Failed(_) => self.fail(index, reply),
            // An anytime solve's answer so far ends no race.
            Reply::Improved(_) => Outcome::Ignore,
            Reply::Solved(mut report) => {
                if report.verdict == Verdict::Solved || !report.solutions.is_empty() {
                    let checked = match &self.tasks[index] {
                        Some((kind, puzzle)) if *kind == report.kind => {
                            kinds::verify_report(*kind, puzzle, &report).map_err(|(i, why)| {
                                format!("answer {} failed the independent check: {why}", i + 1)
                            })
                        }
                        _ => Err("the answer belongs to another task".to_string()),
                    };
                    if let Err(why) = checked {
                        return self.fail(
                            index,
                            Reply::Failed(format!(
                                "worker {} of {}: {why}",
                                index + 1,
                                runner.count
                            )),
                        );
                    }
                }
                self.over = true;
                let others = match runner.count - 1 {
                    1 => "the other one was stopped".to_string(),
                    n => format!("the other {n} were stopped"),
                };
                report.proof.push(format!(
                    "Portfolio: {} workers raced; worker {} answered first (its answer passed the independent checker) and {others}.",
                    runner.count,
                    index + 1,
                ));
                Outcome::Won(Reply::Solved(report), runner)
            }
            other => {
                self.over = true;
                Outcome::Won(other, runner)
            }
        }
    }

    fn fail(&mut self, index: usize, reply: Reply) -> Outcome {
        self.failed[index] = Some(reply);
        self.best[index] = None;
        if self.failed.iter().all(Option::is_some) {
            self.over = true;
            return Outcome::Failed(
                self.failed
                    .iter()
                    .flatten()
                    .next()
                    .cloned()
                    .unwrap_or(Reply::Failed("every worker failed".into())),
            );
        }
        Outcome::Ignore
    }
}
