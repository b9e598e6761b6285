//! The page's handle on its Web Worker: send jobs, receive replies, and cancel by restarting.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

use crate::jobs::{Envelope, Reply, Request};

/// The script trunk generates to load the worker's WebAssembly.
const WORKER_SCRIPT: &str = "./worker_loader.js";

/// A running worker and the handlers attached to it.
///
/// A worker only listens once its WebAssembly has loaded, and a message sent before that is
/// lost; so jobs wait in `queue` until the worker says [`Reply::Ready`].
pub struct Client {
    worker: Option<Worker>,
    queue: Rc<RefCell<Option<Vec<JsValue>>>>,
    _on_message: Option<Closure<dyn Fn(MessageEvent)>>,
    _on_error: Option<Closure<dyn Fn(web_sys::ErrorEvent)>>,
    on_reply: Callback<Envelope<Reply>>,
}

impl Client {
    /// Starts a worker whose replies go to `on_reply`.
    pub fn new(on_reply: Callback<Envelope<Reply>>) -> Self {
        let mut c = Client { worker: None, queue: Rc::new(RefCell::new(Some(Vec::new()))), _on_message: None, _on_error: None, on_reply };
        c.spawn();
        c
    }

    fn spawn(&mut self) {
        let worker = match Worker::new(WORKER_SCRIPT) {
            Ok(w) => w,
            Err(e) => {
                self.on_reply.emit(Envelope { job: 0, body: Reply::Failed(format!("the solver worker could not start: {e:?}")) });
                return;
            }
        };
        // A fresh worker starts with an empty queue: jobs wait until it is ready.
        let queue = Rc::new(RefCell::new(Some(Vec::new())));
        self.queue = queue.clone();
        let cb = self.on_reply.clone();
        let ready_worker = worker.clone();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            match serde_wasm_bindgen::from_value::<Envelope<Reply>>(event.data()) {
                Ok(Envelope { body: Reply::Ready, .. }) => {
                    for message in queue.borrow_mut().take().unwrap_or_default() {
                        let _ = ready_worker.post_message(&message);
                    }
                }
                Ok(env) => cb.emit(env),
                Err(e) => cb.emit(Envelope { job: 0, body: Reply::Failed(format!("unreadable reply from the worker: {e}")) }),
            }
        });
        let cb = self.on_reply.clone();
        let on_error = Closure::<dyn Fn(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
            cb.emit(Envelope { job: u32::MAX, body: Reply::Failed(format!("the solver worker failed: {}", event.message())) });
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.worker = Some(worker);
        self._on_message = Some(on_message);
        self._on_error = Some(on_error);
    }

    /// Sends a job.
    pub fn send(&self, job: u32, request: Request) -> Result<(), String> {
        let worker = self.worker.as_ref().ok_or("the solver worker is not running")?;
        let value = serde_wasm_bindgen::to_value(&Envelope { job, body: request }).map_err(|e| e.to_string())?;
        if let Some(waiting) = self.queue.borrow_mut().as_mut() {
            waiting.push(value);
            return Ok(());
        }
        worker.post_message(&value).map_err(|e| format!("{e:?}"))
    }

    /// Stops the worker at once, for good (a portfolio's losers).
    pub fn terminate(&mut self) {
        if let Some(w) = self.worker.take() {
            w.terminate();
        }
    }

    /// Stops whatever the worker is doing at once, and starts a fresh one.
    pub fn restart(&mut self) {
        if let Some(w) = self.worker.take() {
            w.terminate();
        }
        self.spawn();
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(w) = self.worker.take() {
            w.terminate();
        }
    }
}
