//! The Web Worker's side: receive a job, run it with [`crate::jobs::run`], post the replies.
//!
//! Issue 24: the worker acknowledges each job as it takes it (`Reply::Ready` with the job's
//! number; the page's heartbeat), holds a Web Lock named after itself while it lives (the page
//! learns of its death when it is granted the lock), and a panic posts its message first (job
//! `client::LAST_WORDS_JOB`), so the page can say what happened before the trap ends the job.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use crate::jobs::{self, Envelope, Reply, Request};

/// The job number of a dying worker's last words (the page's `client::LAST_WORDS_JOB`).
const LAST_WORDS_JOB: u32 = u32::MAX - 1;

thread_local! {
    static CURRENT_JOB: Cell<u32> = const { Cell::new(0) };
}

fn post(scope: &DedicatedWorkerGlobalScope, envelope: &Envelope<Reply>) {
    match serde_wasm_bindgen::to_value(envelope) {
        Ok(v) => {
            let _ = scope.post_message(&v);
        }
        Err(e) => web_sys::console::error_1(&format!("worker: cannot send a reply: {e}").into()),
    }
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// The panic hook: log, and tell the page in words before the trap.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let job = CURRENT_JOB.with(Cell::get);
        let text = format!("internal error in job {job}: {info}");
        web_sys::console::error_1(&format!("The worker hit an internal error: {info}").into());
        post(&scope(), &Envelope { job: LAST_WORDS_JOB, body: Reply::Failed(text) });
    }));
}

/// Test hooks for the fault tests (`tests/browser/faults.test.mjs`) and the soak script
/// (`tests/browser/soak.mjs`, which asks for the memory size): no request of the studio
/// makes the worker panic or run out of memory (every model's size is checked before it is
/// built), so the tests post these plain strings to make the real failure happen: a Rust panic,
/// or allocations until the WebAssembly memory cannot grow (address space reserved, never
/// touched, so the machine's memory is not used up). Both end in the same trap a real bug would.
fn test_fault(kind: &str) {
    match kind {
        "studio-test:panic" => panic!("the fault test asked the worker to panic"),
        // The soak script's memory probe: the worker's WebAssembly memory in bytes (it only
        // grows, so this is the high-water mark), posted back as a string the page ignores.
        "studio-test:memory" => {
            let bytes = core::arch::wasm32::memory_size(0) * 65536;
            let _ = scope().post_message(&JsValue::from_str(&format!("studio-memory:{bytes}")));
        }
        "studio-test:out-of-memory" => {
            let mut held: Vec<Vec<u8>> = Vec::new();
            loop {
                held.push(Vec::with_capacity(256 << 20));
            }
        }
        _ => {}
    }
}

/// Takes the lock named after this worker and keeps it while the worker lives, then calls
/// `ready`. Without `navigator.locks`, calls `ready` at once.
fn hold_lock_then(scope: &DedicatedWorkerGlobalScope, ready: impl FnOnce() + 'static) {
    let name = scope.name();
    let locks = js_sys::Reflect::get(&scope.navigator(), &"locks".into())
        .ok()
        .filter(|l| !l.is_undefined() && !l.is_null());
    let request = locks
        .as_ref()
        .and_then(|l| js_sys::Reflect::get(l, &"request".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let (Some(locks), Some(request), false) = (locks, request, name.is_empty()) else {
        ready();
        return;
    };
    let mut ready = Some(ready);
    let held = Closure::<dyn FnMut(JsValue) -> JsValue>::new(move |_lock: JsValue| {
        if let Some(r) = ready.take() {
            r();
        }
        // Never settles: the lock is held until the worker ends.
        js_sys::Promise::new(&mut |_, _| {}).into()
    });
    if request.call2(&locks, &JsValue::from_str(&name), held.as_ref().unchecked_ref()).is_err() {
        web_sys::console::warn_1(
            &"worker: navigator.locks.request failed; the page watches by heartbeat only".into(),
        );
    }
    held.forget();
}

/// Starts the worker: installs the message handler and says it is ready.
pub fn start() {
    install_panic_hook();
    let scope = scope();
    let reply_scope = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(kind) = event.data().as_string() {
            test_fault(&kind);
            return;
        }
        let envelope: Envelope<Request> = match serde_wasm_bindgen::from_value(event.data()) {
            Ok(e) => e,
            Err(e) => {
                post(
                    &reply_scope,
                    &Envelope { job: 0, body: Reply::Failed(format!("unreadable job: {e}")) },
                );
                return;
            }
        };
        let job = envelope.job;
        CURRENT_JOB.with(|c| c.set(job));
        // The heartbeat: the page learns at once that this worker is alive and took the job.
        post(&reply_scope, &Envelope { job, body: Reply::Ready });
        let scope = reply_scope.clone();
        let progress: Rc<dyn Fn(Reply)> =
            Rc::new(move |r| post(&scope, &Envelope { job, body: r }));
        let reply = jobs::run(envelope.body, progress);
        post(&reply_scope, &Envelope { job, body: reply });
        CURRENT_JOB.with(|c| c.set(0));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let ready_scope = scope.clone();
    hold_lock_then(&scope, move || post(&ready_scope, &Envelope { job: 0, body: Reply::Ready }));
}

/// The worker's allocator: the system allocator, plus one thing when an allocation fails (the
/// WebAssembly memory cannot grow; Rust then aborts without calling the panic hook): it posts the
/// size asked for as a bare number, which the page reads as "ran out of memory" before the trap's
/// error event arrives. Posting a number allocates nothing on the Rust heap.
pub struct WatchedAllocator;

static REPORTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

fn report_failed_allocation(size: usize) {
    if REPORTING.swap(true, std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_f64(size as f64));
    REPORTING.store(false, std::sync::atomic::Ordering::Relaxed);
}

// SAFETY: every call is forwarded unchanged to `std::alloc::System`; only a null result is
// observed, and the report it triggers never uses this allocator re-entrantly for its own answer.
unsafe impl std::alloc::GlobalAlloc for WatchedAllocator {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on to the system allocator as is.
        let p = unsafe { std::alloc::System.alloc(layout) };
        if p.is_null() {
            report_failed_allocation(layout.size());
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: as above.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { std::alloc::System.alloc_zeroed(layout) };
        if p.is_null() {
            report_failed_allocation(layout.size());
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { std::alloc::System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            report_failed_allocation(new_size);
        }
        p
    }
}
