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
pub struct Client {
    worker: Option<Worker>,
    _on_message: Option<Closure<dyn Fn(MessageEvent)>>,
    _on_error: Option<Closure<dyn Fn(web_sys::ErrorEvent)>>,
    on_reply: Callback<Envelope<Reply>>,
    /// Jobs sent before the (re)started worker said it is ready; `None` once it is.
    pending: Rc<RefCell<Option<Vec<JsValue>>>>,
}

impl Client {
    /// Starts a worker whose replies go to `on_reply`.
    pub fn new(on_reply: Callback<Envelope<Reply>>) -> Self {
        let mut c = Client { worker: None, _on_message: None, _on_error: None, on_reply, pending: Rc::new(RefCell::new(Some(Vec::new()))) };
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
        // A fresh worker drops messages that arrive before its WebAssembly has loaded, so jobs
        // wait here until it says Ready (a job sent right after a cancel would be lost otherwise).
        let pending = Rc::new(RefCell::new(Some(Vec::new())));
        self.pending = pending.clone();
        let cb = self.on_reply.clone();
        let target = worker.clone();
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            match serde_wasm_bindgen::from_value::<Envelope<Reply>>(event.data()) {
                Ok(env) => {
                    if matches!(env.body, Reply::Ready) {
                        for job in pending.borrow_mut().take().unwrap_or_default() {
                            let _ = target.post_message(&job);
                        }
                    }
                    cb.emit(env)
                }
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
        if let Some(queue) = self.pending.borrow_mut().as_mut() {
            queue.push(value);
            return Ok(());
        }
        worker.post_message(&value).map_err(|e| format!("{e:?}"))
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
