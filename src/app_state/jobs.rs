//! The jobs in flight, one per owner (each page's own worker), how each owner's last job ended,
//! and the worker's replies handed to the concern they are about.

use super::notices::Notice;
use super::pages::{Busy, Owner, Work};
use super::State;
use crate::jobs::{Envelope, Reply};
use crate::kinds::Kind;

impl State {
    /// [`super::Action::Started`]: the job replaces its owner's old one (whose worker was
    /// stopped), and the owner's last message goes.
    pub(super) fn started(
        &mut self,
        job: u32,
        kind: Option<Kind>,
        work: Work,
        now_ms: f64,
        budget_ms: Option<f64>,
    ) {
        let owner = Owner::of(work, kind);
        // A new run starts with a clean slate: the owner's last message is stale.
        self.ends.remove(&owner);
        if self.page == owner.page() {
            self.notice = None;
        }
        if work == Work::Art {
            self.art_started();
        }
        // One job per owner: a new one replaces the old (whose worker was stopped).
        self.jobs.retain(|b| b.owner != owner);
        self.jobs.push(Busy {
            job,
            owner,
            kind,
            work,
            started_ms: now_ms,
            early_hint: false,
            budget_ms,
        });
    }

    /// [`super::Action::Cancelled`]: the owner's job is gone, and its status line says so.
    /// Whether it had one.
    pub(super) fn cancelled(&mut self, owner: Owner) -> bool {
        let Some(work) = self.busy_on(owner).map(|b| b.work) else { return false };
        self.jobs.retain(|b| b.owner != owner);
        self.ends.insert(owner, (work, "Cancelled.".into()));
        true
    }

    /// The job `job` is over.
    pub(super) fn end_job(&mut self, job: u32) {
        self.jobs.retain(|b| b.job != job);
    }

    /// [`super::Action::Reply`]: a reply of a job in flight, handed to what it is about; the
    /// replies of a job replaced or cancelled change nothing. Whether anything changed.
    pub(super) fn reply(&mut self, Envelope { job, body }: Envelope<Reply>) -> bool {
        let Some(busy) = self.jobs.iter().find(|b| b.job == job).cloned() else {
            // A worker that died with no job in flight (job `u32::MAX`) is said; the
            // replies of a job replaced or cancelled are not.
            return match body {
                Reply::Failed(m) if job == u32::MAX => {
                    self.notice = Some(Notice::error(m));
                    true
                }
                _ => false,
            };
        };
        match body {
            // The step from the marks alone, shown at once; the job goes on to check the marks.
            Reply::HintEarly(hint) => return self.early_hint(&busy, *hint),
            // The marks checked: a mistake replaces an early step; the same step stays.
            Reply::Hint(hint) => {
                self.end_job(job);
                self.final_hint(&busy, *hint);
            }
            Reply::Explained(x) => {
                self.end_job(job);
                self.explained(&busy, *x);
            }
            // Progress goes to the live figures ([`super::Live`]), never to the page state.
            Reply::Ready
            | Reply::Progress { .. }
            | Reply::Snapshot(_)
            | Reply::Warmed(_)
            | Reply::Prefetched(_) => return false,
            Reply::BenchRecords(_) => return false,
            Reply::Solved(report) => {
                self.end_job(job);
                if let Some(kind) = busy.kind {
                    self.accept_report(kind, report);
                }
            }
            // Only a solve shows an anytime answer; a hint or an explanation waits for the
            // proven one (a hint plays one move).
            Reply::Improved(_) if !matches!(busy.work, Work::Solve(_)) => return false,
            // The best so far of a solve that goes on: shown at once, kept if the user cancels.
            Reply::Improved(report) => {
                if let Some(kind) = busy.kind {
                    self.accept_report(kind, report);
                }
            }
            Reply::Generated(puzzle) => {
                self.end_job(job);
                if let Some(kind) = busy.kind {
                    self.open(kind, puzzle);
                }
            }
            Reply::Failed(message) => {
                self.end_job(job);
                self.failed(&busy, message);
            }
            body @ (Reply::Benched { .. }
            | Reply::ArtProgress { .. }
            | Reply::ArtImproved(_)
            | Reply::ColourArtImproved(_)
            | Reply::ColourArt(_)
            | Reply::Art(_)) => self.result_reply(job, body),
        }
        true
    }

    /// `owner`'s job failed: its status line says so, and so does a notice at once (a job of
    /// another page names its page).
    fn failed(&mut self, busy: &Busy, message: String) {
        let owner = busy.owner;
        if owner == Owner::Art {
            self.art_stage = None;
        }
        self.ends.insert(owner, (busy.work, format!("Failed: {message}")));
        let text = if self.page == owner.page() {
            message
        } else {
            format!("{}: {message}", owner.title())
        };
        self.notice = Some(Notice::error(text));
    }
}
