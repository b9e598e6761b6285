//! The Image-to-nonogram page: upload (picker, drop, paste, samples), controls, the pictures
//! side by side, the verdict and givens, and the exports. The work runs in the worker
//! ([`Request::Art`]); the page keeps only its controls and the file's bytes. Each part is a
//! component of its own; what they work out is in [`crate::art::controls`] and [`crate::art::view`].

pub mod colour;
pub mod controls;
pub mod exports;
pub mod original;
pub mod panes;
pub mod status;
pub mod stop;
pub mod tones;
pub mod upload;

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::art::controls::Controls;
use crate::art::{Crop, MAX_FILE_BYTES};
use crate::jobs::Request;
use crate::web::ctx::Ctx;
use crate::web::state::{Action, Owner, Severity, Work};

use self::colour::{ColourMode, ModeSwitch};
use self::controls::ArtControls;
use self::exports::Exports;
use self::original::Original;
use self::panes::Panes;
use self::status::ArtStatus;
use self::stop::use_stop;
use self::tones::ToneStrip;
use self::upload::{file_bytes, use_paste, Picked, Upload};

/// Milliseconds of calm before a change re-runs the job.
const DEBOUNCE_MS: u32 = 300;

/// The loaded image: its bytes, and a URL to show it.
#[derive(Clone, PartialEq)]
struct Loaded {
    bytes: Rc<Vec<u8>>,
    url: String,
    name: String,
    /// Counts loads, so loading the same file again re-runs the job.
    serial: u32,
}

/// The Image-to-nonogram page.
#[component]
pub fn ArtPage() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let loaded = use_state(|| None::<Loaded>);
    let controls = use_state(Controls::default);
    // Whether the cells adjusting changed are ringed (a view choice: no new job).
    let ring = use_state(|| true);
    // Aspect-ratio lock (width / height) for dragging, fixed when the box is ticked.
    let aspect_lock = use_state(|| None::<f64>);
    let serial = use_mut_ref(|| 0u32);
    // The colour mode (its own component) instead of the black-and-white puzzle.
    let colour = use_state(|| false);
    // The latest "busy" for the debounced timer, which outlives this render.
    let busy_now = use_mut_ref(|| false);
    *busy_now.borrow_mut() = ctx.state.busy_on(Owner::Art).is_some();

    // Takes a file (or a sample's bytes): checks the size, reads it, shows it.
    let load = {
        let loaded = loaded.clone();
        let ctx = ctx.clone();
        let serial = serial.clone();
        Callback::from(move |Picked { blob, name, url }: Picked| {
            if blob.size() > MAX_FILE_BYTES as f64 {
                ctx.state.dispatch(Action::Notify(
                    Severity::Error,
                    format!(
                        "{name} is {:.1} MB; the limit is {} MB.",
                        blob.size() / 1e6,
                        MAX_FILE_BYTES / 1_000_000
                    ),
                ));
                return;
            }
            let (loaded, ctx, serial) = (loaded.clone(), ctx.clone(), serial.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match file_bytes(&blob).await {
                    Ok(bytes) => {
                        let url = url
                            .or_else(|| web_sys::Url::create_object_url_with_blob(&blob).ok())
                            .unwrap_or_default();
                        if let Some(old) = (*loaded).as_ref().filter(|l| l.url.starts_with("blob:"))
                        {
                            let _ = web_sys::Url::revoke_object_url(&old.url);
                        }
                        let n = {
                            let mut s = serial.borrow_mut();
                            *s += 1;
                            *s
                        };
                        ctx.state.dispatch(Action::Dismiss);
                        loaded.set(Some(Loaded { bytes: Rc::new(bytes), url, name, serial: n }));
                    }
                    Err(e) => ctx.state.dispatch(Action::Notify(
                        Severity::Error,
                        format!("Could not read {name}: {e}"),
                    )),
                }
            });
        })
    };
    use_paste(load.clone());

    // Any change of controls re-runs the job after a calm moment, cancelling the one in flight;
    // a new image (one discrete event, nothing to wait out) at once.
    let last_serial = use_mut_ref(|| None::<u32>);
    let (pending, stop) = use_stop();
    {
        let pending = pending.clone();
        let run = ctx.run.clone();
        let cancel = ctx.cancel.clone();
        let busy_now = busy_now.clone();
        let deps = ((*loaded).clone(), *controls, *colour);
        use_effect_with(deps, move |(loaded, controls, colour)| {
            let serial = loaded.as_ref().map(|l| l.serial);
            let new_image = serial.is_some() && serial != *last_serial.borrow();
            *last_serial.borrow_mut() = serial;
            // The colour mode runs its own job.
            let timer = loaded.clone().filter(|_| !*colour).map(|l| {
                let request =
                    Request::Art { bytes: (*l.bytes).clone(), options: controls.options() };
                Timeout::new(if new_image { 0 } else { DEBOUNCE_MS }, move || {
                    if *busy_now.borrow() {
                        cancel.emit(Owner::Art);
                    }
                    run.emit((Work::Art, request));
                })
            });
            *pending.borrow_mut() = timer;
            move || drop(pending.borrow_mut().take())
        });
    }

    let on_drop = {
        let load = load.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(picked) = upload::dropped(&e) {
                load.emit(picked);
            }
        })
    };
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let fail = {
        let state = ctx.state.clone();
        Callback::from(move |message: String| {
            state.dispatch(Action::Notify(Severity::Error, message))
        })
    };
    let set_controls = {
        let controls = controls.clone();
        Callback::from(move |c: Controls| controls.set(c))
    };
    let set_crop = {
        let controls = controls.clone();
        Callback::from(move |k: Crop| controls.set(controls.with_crop(Some(k))))
    };
    let on_ring = {
        let ring = ring.clone();
        Callback::from(move |e: Event| {
            ring.set(e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked()))
        })
    };
    let result = ctx.state.art.clone();
    let unreadable = result.is_none()
        && ctx.state.busy_on(Owner::Art).is_none()
        && self::status::failure(&ctx).is_some();
    let image_size = result.as_ref().map(|r| r.image_size);
    let set_lock = {
        let (aspect_lock, controls) = (aspect_lock.clone(), controls.clone());
        Callback::from(move |on: bool| {
            aspect_lock.set(if on { controls.aspect(image_size) } else { None })
        })
    };

    html! {
        <section class="workshop art" ondrop={on_drop} ondragover={on_drag_over}>
            <h1>{ "Image to nonogram" }</h1>
            <p>{ "Choose, drop or paste a picture (PNG, JPEG, GIF, WebP or BMP, up to 30 MB). It becomes a nonogram that is proven to solve back to it." }</p>
            <Upload load={load} {fail} />
            <ModeSwitch colour={*colour} set={ { let colour = colour.clone(); Callback::from(move |on: bool| colour.set(on)) } } />
            if *colour {
                <ColourMode bytes={loaded.as_ref().map(|l| l.bytes.clone())} serial={loaded.as_ref().map_or(0, |l| l.serial)}
                    original={loaded.as_ref().map(|l| (l.url.clone(), l.name.clone()))} />
            } else {
            <ArtControls controls={*controls} set={set_controls.clone()} auto_height={result.as_ref().map(|r| r.height)}
                otsu={result.as_ref().map(|r| r.otsu)} locked={aspect_lock.is_some()} lock={set_lock} />
            <ArtStatus stop={stop.clone()} />
            <div class="art-pictures">
                // A file that turned out to be no picture shows no broken original.
                if let Some(l) = loaded.as_ref().filter(|_| !unreadable) {
                    <Original url={l.url.clone()} name={l.name.clone()} crop={controls.crop()} {image_size} aspect={*aspect_lock} {set_crop} />
                }
                if let Some(r) = &result {
                    <Panes result={r.clone()} ring={*ring} />
                }
            </div>
            if result.as_ref().is_some_and(|r| !r.changed.is_empty()) {
                <label class="art-ring">{ "Ring the changed cells " }
                    <input id="art-ring" type="checkbox" checked={*ring} onchange={on_ring} /></label>
            }
            // Below the pictures, so the original (dragged to crop) stays where it was.
            if let Some(r) = &result {
                <ToneStrip result={r.clone()} controls={*controls} set={set_controls.clone()} />
            }
            if result.as_ref().is_some_and(|r| r.shading.is_some()) {
                <div class="art-help-row">
                    <img class="art-help-picture" src={crate::web::download::svg_data_url(&crate::art::view::translucent_example_svg())}
                        alt="Three filled cells, each with a faint 3 by 3 square of ink around it; darker where the squares overlap" />
                    <p id="art-translucent-help" class="art-help">{ crate::art::view::TRANSLUCENT_SENTENCE }</p>
                </div>
            }
            if let Some(r) = result {
                <Exports result={r} />
            }
            }
        </section>
    }
}
