//! The Web Worker's side: receive a job, run it with [`crate::jobs::run`], post the replies.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::jobs::{self, Envelope, Reply, Request};

fn post(scope: &DedicatedWorkerGlobalScope, envelope: &Envelope<Reply>) {
    match serde_wasm_bindgen::to_value(envelope) {
        Ok(v) => {
            let _ = scope.post_message(&v);
        }
        Err(e) => web_sys::console::error_1(&format!("worker: cannot send a reply: {e}").into()),
    }
}

/// Starts the worker: installs the message handler and says it is ready.
pub fn start() {
    super::panic::install("The worker hit an internal error");
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let envelope: Envelope<Request> = match serde_wasm_bindgen::from_value(event.data()) {
            Ok(e) => e,
            Err(e) => {
                post(&reply_scope, &Envelope { job: 0, body: Reply::Failed(format!("unreadable job: {e}")) });
                return;
            }
        };
        let job = envelope.job;
        let scope = reply_scope.clone();
        let progress: Rc<dyn Fn(Reply)> = Rc::new(move |r| post(&scope, &Envelope { job, body: r }));
        let reply = jobs::run(envelope.body, progress);
        post(&reply_scope, &Envelope { job, body: reply });
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &Envelope { job: 0, body: Reply::Ready });
}
