//! The page's handle on its Web Worker: send jobs, receive replies, cancel by restarting, and
//! notice when the worker dies (issue 24).
//!
//! A worker only listens once its WebAssembly has loaded, and a message sent before that is lost;
//! so jobs wait in a queue until the worker says [`Reply::Ready`] (job 0).
//!
//! A worker can die mid-job: a Rust panic or an allocation that fails ends in a WebAssembly trap
//! (an `error` event here), and a browser can end a worker without any event. The client watches
//! three ways and, on any of them, tells the page in words (a [`Reply::Failed`] for the job in
//! flight), starts a fresh worker and takes the next request as usual:
//! * the worker's `error` event (with the panic message the worker posted just before, if any:
//!   [`LAST_WORDS_JOB`]);
//! * a Web Lock the worker holds while it lives (`navigator.locks`, named after the worker): the
//!   page asks for the same lock, which it is granted only once the worker is gone;
//! * a heartbeat: the worker acknowledges every job the moment it takes it ([`Reply::Ready`]
//!   with the job's number); a job sent to an idle worker that is not acknowledged within
//!   [`HEARTBEAT_MS`] means the worker is gone, and the job is sent again to a fresh one.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

use crate::jobs::{Envelope, Reply, Request};

/// The script trunk generates to load the worker's WebAssembly.
const WORKER_SCRIPT: &str = "./worker_loader.js";

/// How long an idle worker may take to acknowledge a job before it counts as gone.
pub const HEARTBEAT_MS: u32 = 4_000;

/// How long a fresh worker may take to load its WebAssembly before the page says so.
pub const START_MS: u32 = 30_000;

/// The job number of the panic message a dying worker posts just before its trap.
pub const LAST_WORDS_JOB: u32 = u32::MAX - 1;

/// Why a worker died, as the page says it.
fn death_sentence(cause: &str, doing: bool) -> String {
    let job = if doing { " while it was working; that job is lost" } else { "" };
    format!("The solver stopped{job}: {cause}. A fresh solver has been started, so you can try again; your puzzles and marks are safe.")
}

fn is_final(reply: &Reply) -> bool {
    !matches!(
        reply,
        Reply::Ready
            | Reply::Progress { .. }
            | Reply::Snapshot(_)
            | Reply::BenchRecords(_)
            | Reply::ArtProgress { .. }
            | Reply::ArtImproved(_)
            | Reply::ColourArtImproved(_)
            | Reply::Improved(_)
            | Reply::HintEarly(_)
    )
}

struct Inner {
    worker: Option<Worker>,
    /// Bumped at every (re)start, so events of an ended worker are ignored.
    generation: u32,
    name: String,
    /// Jobs waiting for the worker to be ready (`None` once it is).
    queue: Option<Vec<(u32, JsValue)>>,
    /// Jobs sent and not finished, in order, with their message (to send again after a death
    /// that happened before the worker took them).
    in_flight: Vec<(u32, JsValue, bool)>,
    heartbeat: Option<Timeout>,
    start_timer: Option<Timeout>,
    last_words: Option<String>,
    on_message: Option<Closure<dyn Fn(MessageEvent)>>,
    on_error: Option<Closure<dyn Fn(web_sys::ErrorEvent)>>,
    /// Handlers of ended workers: kept one restart longer, since a handler may be running.
    retired: Vec<Box<dyn std::any::Any>>,
    on_reply: Callback<Envelope<Reply>>,
}

/// A running worker and the handlers attached to it.
pub struct Client {
    inner: Rc<RefCell<Inner>>,
}

static NEXT_NAME: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);

fn post(worker: &Worker, message: &JsValue) {
    let _ = worker.post_message(message);
}

impl Client {
    /// Starts a worker whose replies go to `on_reply`.
    pub fn new(on_reply: Callback<Envelope<Reply>>) -> Self {
        let inner = Rc::new(RefCell::new(Inner {
            worker: None,
            generation: 0,
            name: String::new(),
            queue: Some(Vec::new()),
            in_flight: Vec::new(),
            heartbeat: None,
            start_timer: None,
            last_words: None,
            on_message: None,
            on_error: None,
            retired: Vec::new(),
            on_reply,
        }));
        spawn(&inner);
        Client { inner }
    }

    /// Sends a job.
    pub fn send(&self, job: u32, request: Request) -> Result<(), String> {
        let value = serde_wasm_bindgen::to_value(&Envelope { job, body: request })
            .map_err(|e| e.to_string())?;
        let mut i = self.inner.borrow_mut();
        if i.worker.is_none() {
            return Err("the solver worker is not running".into());
        }
        if let Some(waiting) = i.queue.as_mut() {
            waiting.push((job, value));
            return Ok(());
        }
        let idle = i.in_flight.is_empty();
        i.in_flight.push((job, value.clone(), false));
        if let Some(w) = &i.worker {
            post(w, &value);
        }
        if idle {
            arm_heartbeat(&self.inner, &mut i, job);
        }
        Ok(())
    }

    /// Whether the worker has no job sent and unfinished.
    pub fn idle(&self) -> bool {
        let i = self.inner.borrow();
        i.in_flight.is_empty() && i.queue.as_ref().is_none_or(|q| q.is_empty())
    }

    /// Stops the worker at once, for good (a portfolio's losers).
    pub fn terminate(&mut self) {
        let mut i = self.inner.borrow_mut();
        i.generation += 1;
        i.heartbeat = None;
        i.start_timer = None;
        if let Some(w) = i.worker.take() {
            w.terminate();
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.terminate();
        // Break the handlers' hold on nothing but a Weak; dropping them here frees them.
        let mut i = self.inner.borrow_mut();
        i.on_message = None;
        i.on_error = None;
        i.retired.clear();
    }
}

fn arm_heartbeat(rc: &Rc<RefCell<Inner>>, i: &mut Inner, job: u32) {
    let weak = Rc::downgrade(rc);
    let generation = i.generation;
    i.heartbeat = Some(Timeout::new(HEARTBEAT_MS, move || {
        if let Some(rc) = weak.upgrade() {
            let _ = job;
            died(
                &rc,
                generation,
                "it did not answer within 4 seconds (the browser may have ended it)",
            );
        }
    }));
}

/// The worker of `generation` is gone: say so for the job it had taken, send the jobs it had not
/// taken to a fresh worker.
fn died(rc: &Rc<RefCell<Inner>>, generation: u32, cause: &str) {
    let (emit, on_reply) = {
        let mut i = rc.borrow_mut();
        if i.generation != generation {
            return;
        }
        if let Some(w) = i.worker.take() {
            w.terminate();
        }
        let last_words = i.last_words.take();
        let cause = match last_words {
            Some(words) => format!("{cause} ({words})"),
            None => cause.to_string(),
        };
        // Jobs the worker had taken are lost and reported; the rest go to the fresh worker,
        // which takes them as if nothing happened.
        let mut lost = Vec::new();
        let mut again = Vec::new();
        for (job, value, taken) in std::mem::take(&mut i.in_flight) {
            if taken {
                lost.push(job);
            } else {
                again.push((job, value));
            }
        }
        let resent = !again.is_empty();
        let mut queue = i.queue.take().unwrap_or_default();
        again.append(&mut queue);
        i.queue = Some(again);
        let emit: Vec<Envelope<Reply>> = if !lost.is_empty() {
            lost.into_iter()
                .map(|job| Envelope { job, body: Reply::Failed(death_sentence(&cause, true)) })
                .collect()
        } else if resent {
            Vec::new()
        } else {
            vec![Envelope { job: u32::MAX, body: Reply::Failed(death_sentence(&cause, false)) }]
        };
        (emit, i.on_reply.clone())
    };
    // The handler that noticed may be running: start the fresh worker outside it.
    let weak = Rc::downgrade(rc);
    Timeout::new(0, move || {
        if let Some(rc) = weak.upgrade() {
            spawn(&rc);
        }
    })
    .forget();
    for e in emit {
        on_reply.emit(e);
    }
}

fn spawn(rc: &Rc<RefCell<Inner>>) {
    // Locks are shared by every page of the origin, so the name must be unique across tabs.
    let name = format!(
        "puzzle-studio-solver-{:012x}-{}",
        (js_sys::Math::random() * 2f64.powi(48)) as u64,
        NEXT_NAME.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    );
    let options = web_sys::WorkerOptions::new();
    options.set_name(&name);
    let worker = match Worker::new_with_options(WORKER_SCRIPT, &options) {
        Ok(w) => w,
        Err(e) => {
            let on_reply = rc.borrow().on_reply.clone();
            on_reply.emit(Envelope {
                job: 0,
                body: Reply::Failed(format!("the solver worker could not start: {e:?}")),
            });
            return;
        }
    };
    let mut i = rc.borrow_mut();
    i.generation += 1;
    let generation = i.generation;
    i.name = name.clone();
    i.heartbeat = None;
    i.last_words = None;
    // Jobs already queued (Cancel keeps none; a death keeps those not yet taken) wait for Ready.
    if i.queue.is_none() {
        i.queue = Some(Vec::new());
    }
    let old: Vec<Box<dyn std::any::Any>> = [
        i.on_message.take().map(|c| Box::new(c) as Box<dyn std::any::Any>),
        i.on_error.take().map(|c| Box::new(c) as Box<dyn std::any::Any>),
    ]
    .into_iter()
    .flatten()
    .collect();
    i.retired = old;

    let weak: Weak<RefCell<Inner>> = Rc::downgrade(rc);
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(rc) = weak.upgrade() else { return };
        // A string: the answer to a test probe (worker.rs `test_fault`), not for the page.
        if event.data().is_string() {
            return;
        }
        // A bare number: the worker's allocator could not get that many bytes (worker.rs).
        if let Some(bytes) = event.data().as_f64() {
            let mut i = rc.borrow_mut();
            if i.generation == generation {
                i.last_words =
                    Some(format!("out of memory: an allocation of {:.0} MB failed", bytes / 1e6));
            }
            return;
        }
        let reply = serde_wasm_bindgen::from_value::<Envelope<Reply>>(event.data());
        let mut emit = Vec::new();
        {
            let mut i = rc.borrow_mut();
            if i.generation != generation {
                return;
            }
            match reply {
                Ok(Envelope { job: 0, body: Reply::Ready }) => {
                    i.start_timer = None;
                    let waiting = i.queue.take().unwrap_or_default();
                    if let (Some(w), false) = (i.worker.clone(), waiting.is_empty()) {
                        let first = waiting[0].0;
                        for (job, message) in waiting {
                            post(&w, &message);
                            i.in_flight.push((job, message, false));
                        }
                        arm_heartbeat(&rc, &mut i, first);
                    }
                    watch_lock(&rc, &i, generation);
                }
                // The worker took a job: it is alive; the next unacknowledged job is watched
                // when this one ends.
                Ok(Envelope { job, body: Reply::Ready }) => {
                    i.heartbeat = None;
                    if let Some(entry) = i.in_flight.iter_mut().find(|e| e.0 == job) {
                        entry.2 = true;
                    }
                }
                Ok(Envelope { job: LAST_WORDS_JOB, body: Reply::Failed(words) }) => {
                    i.last_words = Some(words)
                }
                Ok(env) => {
                    if is_final(&env.body) {
                        i.in_flight.retain(|e| e.0 != env.job);
                        if let Some(next) = i.in_flight.first().filter(|e| !e.2).map(|e| e.0) {
                            arm_heartbeat(&rc, &mut i, next);
                        }
                    }
                    emit.push(env);
                }
                Err(e) => emit.push(Envelope {
                    job: 0,
                    body: Reply::Failed(format!("unreadable reply from the worker: {e}")),
                }),
            }
        }
        let on_reply = rc.borrow().on_reply.clone();
        for env in emit {
            on_reply.emit(env);
        }
    });
    let weak: Weak<RefCell<Inner>> = Rc::downgrade(rc);
    let on_error =
        Closure::<dyn Fn(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
            event.prevent_default();
            let Some(rc) = weak.upgrade() else { return };
            let message = event.message();
            let out_of_memory = message.contains("memory")
                || rc
                    .borrow()
                    .last_words
                    .as_deref()
                    .is_some_and(|w| w.starts_with("out of memory"));
            let cause = if out_of_memory {
                "it ran out of memory".to_string()
            } else if rc.borrow().last_words.is_some() {
                "it hit an internal error".to_string()
            } else {
                format!("it failed ({message})")
            };
            died(&rc, generation, &cause);
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    i.on_message = Some(on_message);
    i.on_error = Some(on_error);
    i.worker = Some(worker);
    let weak: Weak<RefCell<Inner>> = Rc::downgrade(rc);
    i.start_timer = Some(Timeout::new(START_MS, move || {
        let Some(rc) = weak.upgrade() else { return };
        let on_reply = {
            let i = rc.borrow();
            if i.generation != generation || i.queue.is_none() {
                return;
            }
            i.on_reply.clone()
        };
        on_reply.emit(Envelope {
            job: u32::MAX,
            body: Reply::Failed("The solver has not started after 30 seconds; its WebAssembly may not have loaded. Reload the page to try again.".into()),
        });
    }));
}

/// Asks for the lock the worker holds while it lives (it takes it before saying Ready): the
/// page is granted it only when the worker is gone. Without `navigator.locks` (an insecure
/// origin), the error event and the heartbeat still watch.
fn watch_lock(rc: &Rc<RefCell<Inner>>, i: &Inner, generation: u32) {
    let Some(window) = web_sys::window() else { return };
    let Ok(locks) = js_sys::Reflect::get(&window.navigator(), &"locks".into()) else { return };
    if locks.is_undefined() || locks.is_null() {
        return;
    }
    let Ok(request) = js_sys::Reflect::get(&locks, &"request".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
    else {
        return;
    };
    let weak = Rc::downgrade(rc);
    // Called once, when the lock is granted (after the worker is gone, however it ended), maybe
    // long after this client restarted or dropped: it owns itself and frees itself when called.
    let on_lock = Closure::once_into_js(move |_lock: JsValue| -> JsValue {
        if let Some(rc) = weak.upgrade() {
            // Released by a Cancel or a portfolio's end (the generation moved on) means nothing.
            let current = rc.borrow().generation == generation && rc.borrow().worker.is_some();
            if current {
                let weak = Rc::downgrade(&rc);
                Timeout::new(0, move || {
                    if let Some(rc) = weak.upgrade() {
                        died(&rc, generation, "the browser ended it");
                    }
                })
                .forget();
            }
        }
        JsValue::UNDEFINED
    });
    let _ = request.call2(&locks, &JsValue::from_str(&i.name), &on_lock);
}
