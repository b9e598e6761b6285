//! The Image-to-nonogram page: upload (picker, drop, paste, samples), controls, the pictures
//! side by side, the verdict and givens, and the exports. The work runs in the worker
//! ([`Request::Art`]); the page keeps only its controls and the file's bytes.

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::art::pipeline::{ArtOptions, ArtVerdict, Method};
use crate::art::{crop as crop_geometry, view};
use crate::art::givens::Budget;
use crate::art::{Crop, OptimizerConfig, PrepareOptions, UniqueMode, MAX_FILE_BYTES};
use crate::jobs::Request;
use crate::kinds::nonogram::formats::{non, tatham};
use crate::kinds::nonogram::page::{render_svg, solution_cells};
use crate::web::ctx::Ctx;
use crate::web::components::share::Share;
use crate::web::state::{Action, Level, Work};

/// The samples drawn by `examples/art_samples.rs`, copied into the site by trunk.
const SAMPLES: [(&str, &str); 3] = [("Smiley", "smiley"), ("House", "house"), ("Sphere", "sphere")];
/// The choices of time for minimising the givens, in seconds, and the default: a person can
/// see the end coming (the status counts down), and "Stop here" keeps the puzzle at any time.
const TIME_CHOICES: [u32; 4] = [10, 30, 120, 600];
const DEFAULT_TIME_S: u32 = 30;
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

/// The controls of the page.
#[derive(Clone, Copy, PartialEq)]
struct Controls {
    width: u32,
    height: Option<u32>,
    crop: [Option<u32>; 4],
    invert: bool,
    translucent: bool,
    threshold: Option<u16>,
    unique: UniqueMode,
    /// Seconds minimising the givens may take before the page keeps what it has.
    time_s: u32,
}

impl Default for Controls {
    fn default() -> Self {
        Controls { width: 25, height: None, crop: [None; 4], invert: false, translucent: false, threshold: None, unique: UniqueMode::Givens, time_s: DEFAULT_TIME_S }
    }
}

impl Controls {
    /// The pipeline options these controls ask for.
    fn options(&self) -> ArtOptions {
        let crop = match self.crop {
            [Some(x), Some(y), Some(width), Some(height)] => Some(Crop { x, y, width, height }),
            _ => None,
        };
        let method = if self.translucent {
            Method::Translucent { config: OptimizerConfig::default() }
        } else {
            Method::Threshold { t: self.threshold }
        };
        let budget = Budget { time_ms: Some(f64::from(self.time_s) * 1000.0), ..Budget::default() };
        ArtOptions { prepare: PrepareOptions { width: self.width, height: self.height, crop, invert: self.invert }, method, unique: self.unique, budget }
    }
}

fn data_url(svg: &str) -> String {
    format!("data:image/svg+xml;charset=utf-8,{}", String::from(js_sys::encode_uri_component(svg)))
}

/// Offers `data` for download under `name`.
fn download_text(name: &str, mime: &str, data: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(data));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    download_url(name, &url);
}

fn download_url(name: &str, url: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(a) = doc.create_element("a") else { return };
    let a: web_sys::HtmlAnchorElement = a.unchecked_into();
    a.set_href(url);
    a.set_download(name);
    a.click();
}

/// Draws an SVG onto a canvas and offers it as a PNG.
fn download_png(name: String, svg: String) {
    let Ok(img) = web_sys::HtmlImageElement::new() else { return };
    let target = img.clone();
    let onload = Closure::once_into_js(move || {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        let Ok(canvas) = doc.create_element("canvas") else { return };
        let canvas: web_sys::HtmlCanvasElement = canvas.unchecked_into();
        canvas.set_width(target.natural_width());
        canvas.set_height(target.natural_height());
        if let Ok(Some(ctx)) = canvas.get_context("2d") {
            let ctx: web_sys::CanvasRenderingContext2d = ctx.unchecked_into();
            let _ = ctx.draw_image_with_html_image_element(&target, 0.0, 0.0);
            if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                download_url(&name, &url);
            }
        }
    });
    img.set_onload(Some(onload.unchecked_ref()));
    img.set_src(&data_url(&svg));
}

async fn file_bytes(blob: &web_sys::Blob) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(blob.array_buffer()).await.map_err(|e| format!("{e:?}"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The Image-to-nonogram page.
#[component]
pub fn ArtPage() -> Html {
    let ctx = use_context::<Ctx>().expect("inside the app");
    let loaded = use_state(|| None::<Loaded>);
    let controls = use_state(Controls::default);
    // Crop by dragging on the original: the drag's start (image pixels) and the rectangle so far.
    let drag_start = use_state(|| None::<(f64, f64)>);
    let drag_preview = use_state(|| None::<Crop>);
    // Aspect-ratio lock (width / height) for dragging, fixed when the box is ticked.
    let aspect_lock = use_state(|| None::<f64>);
    // The original's size in pixels as the browser read it (for the rectangle over it).
    let natural = use_state(|| None::<(u32, u32)>);
    let serial = use_mut_ref(|| 0u32);
    // The latest "busy" for the debounced timer, which outlives this render.
    let busy_now = use_mut_ref(|| false);
    *busy_now.borrow_mut() = ctx.state.busy.is_some();

    // Takes a file (or a sample's bytes): checks the size, reads it, shows it.
    let load_blob = {
        let loaded = loaded.clone();
        let ctx = ctx.clone();
        let serial = serial.clone();
        Callback::from(move |(blob, name, url): (web_sys::Blob, String, Option<String>)| {
            if blob.size() > MAX_FILE_BYTES as f64 {
                ctx.state.dispatch(Action::Notify(
                    Level::Error,
                    format!("{name} is {:.1} MB; the limit is {} MB.", blob.size() / 1e6, MAX_FILE_BYTES / 1_000_000),
                ));
                return;
            }
            let (loaded, ctx, serial) = (loaded.clone(), ctx.clone(), serial.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match file_bytes(&blob).await {
                    Ok(bytes) => {
                        let url = url.or_else(|| web_sys::Url::create_object_url_with_blob(&blob).ok()).unwrap_or_default();
                        if let Some(old) = (*loaded).as_ref().filter(|l| l.url.starts_with("blob:")) {
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
                    Err(e) => ctx.state.dispatch(Action::Notify(Level::Error, format!("Could not read {name}: {e}"))),
                }
            });
        })
    };

    // Paste from the clipboard anywhere on the page.
    {
        let load_blob = load_blob.clone();
        use_effect_with((), move |_| {
            let on_paste = Closure::<dyn Fn(web_sys::ClipboardEvent)>::new(move |e: web_sys::ClipboardEvent| {
                let Some(files) = e.clipboard_data().and_then(|d| d.files()) else { return };
                if let Some(file) = files.get(0) {
                    e.prevent_default();
                    let name = if file.name().is_empty() { "pasted image".to_string() } else { file.name() };
                    load_blob.emit((file.into(), name, None));
                }
            });
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(d) = &doc {
                let _ = d.add_event_listener_with_callback("paste", on_paste.as_ref().unchecked_ref());
            }
            move || {
                if let Some(d) = doc {
                    let _ = d.remove_event_listener_with_callback("paste", on_paste.as_ref().unchecked_ref());
                }
            }
        });
    }

    // Any change of controls re-runs the job after a calm moment, cancelling the one in flight;
    // a new image (one discrete event, nothing to wait out) at once.
    let last_serial = use_mut_ref(|| None::<u32>);
    {
        let run = ctx.run.clone();
        let cancel = ctx.cancel.clone();
        let busy_now = busy_now.clone();
        let deps = ((*loaded).clone(), *controls);
        use_effect_with(deps, move |(loaded, controls)| {
            let serial = loaded.as_ref().map(|l| l.serial);
            let new_image = serial.is_some() && serial != *last_serial.borrow();
            *last_serial.borrow_mut() = serial;
            let timer = loaded.clone().map(|l| {
                let request = Request::Art { bytes: (*l.bytes).clone(), options: controls.options() };
                Timeout::new(if new_image { 0 } else { DEBOUNCE_MS }, move || {
                    if *busy_now.borrow() {
                        cancel.emit(());
                    }
                    run.emit((Work::Art, request));
                })
            });
            move || drop(timer)
        });
    }

    let on_file = {
        let load_blob = load_blob.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                load_blob.emit((file.clone().into(), file.name(), None));
            }
        })
    };
    let on_drop = {
        let load_blob = load_blob.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if let Some(file) = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                load_blob.emit((file.clone().into(), file.name(), None));
            }
        })
    };
    let on_drag_over = Callback::from(|e: DragEvent| e.prevent_default());
    let sample = |file: &'static str| {
        let load_blob = load_blob.clone();
        let ctx = ctx.clone();
        Callback::from(move |_: MouseEvent| {
            let (load_blob, ctx) = (load_blob.clone(), ctx.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let url = format!("samples/{file}.png");
                let fetched = async {
                    let window = web_sys::window().ok_or("no window")?;
                    let response = JsFuture::from(window.fetch_with_str(&url)).await.map_err(|e| format!("{e:?}"))?;
                    let response: web_sys::Response = response.unchecked_into();
                    if !response.ok() {
                        return Err(format!("HTTP {}", response.status()));
                    }
                    let blob = JsFuture::from(response.blob().map_err(|e| format!("{e:?}"))?).await.map_err(|e| format!("{e:?}"))?;
                    Ok::<web_sys::Blob, String>(blob.unchecked_into())
                };
                match fetched.await {
                    Ok(blob) => load_blob.emit((blob, format!("{file}.png"), Some(url))),
                    Err(e) => ctx.state.dispatch(Action::Notify(Level::Error, format!("Could not load the sample: {e}"))),
                }
            });
        })
    };

    // Controls: each input updates one field.
    let set = |f: fn(&mut Controls, String)| {
        let controls = controls.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .map(|i| if i.type_() == "checkbox" { i.checked().to_string() } else { i.value() })
                .or_else(|| e.target_dyn_into::<web_sys::HtmlSelectElement>().map(|s| s.value()))
                .unwrap_or_default();
            let mut c = *controls;
            f(&mut c, value);
            controls.set(c);
        })
    };
    let c = *controls;
    let result = ctx.state.art.clone();
    let busy = ctx.state.busy.as_ref().filter(|b| b.work == Work::Art);

    let status = match (busy, &result) {
        (Some(b), _) => {
            let detail = ctx.state.art_stage.as_ref().map(view::stage_sentence).unwrap_or_else(|| "Decoding".into());
            let cancel = ctx.cancel.reform(|_: MouseEvent| ());
            html! {
                <div id="art-status" class="status busy" data-state="busy">
                    <span class="spinner" aria-hidden="true"></span>
                    <span>{ format!("{detail} ({:.1} s so far)", (crate::web::ctx::now_ms() - b.started_ms).max(0.0) / 1000.0) }</span>
                    // Once a unique puzzle is here, stopping keeps it (and says so).
                    if result.is_some() {
                        <button id="art-stop" onclick={cancel} title="End the search now and keep the unique puzzle shown">{ "Stop here, keep this puzzle" }</button>
                    } else {
                        <button id="cancel" onclick={cancel}>{ "Cancel" }</button>
                    }
                    // The best unique puzzle so far (this job's): playable now, Stop here keeps it.
                    if let Some(r) = &result {
                        <p id="art-current" data-verdict={r.final_verdict.clone()} data-givens={r.givens.len().to_string()}
                            data-minimal={r.proven_minimal.to_string()} data-undecided={r.undecided.to_string()}>{ view::givens_sentence(r) }</p>
                    }
                </div>
            }
        }
        (None, Some(r)) => html! {
            <div id="art-status" class="status done" data-state="done" data-verdict={r.final_verdict.clone()} data-givens={r.givens.len().to_string()}
                data-minimal={r.proven_minimal.to_string()} data-undecided={r.undecided.to_string()}>
                <strong id="art-verdict">{ view::givens_sentence(r) }</strong>
                if ctx.state.last_end.as_deref() == Some("Cancelled.") && r.unique == UniqueMode::Givens && !r.proven_minimal {
                    <p id="art-stopped">{ "Stopped here as you asked: this puzzle is proven unique; fewer givens may exist." }</p>
                }
                <p>{ view::verdict_sentence(r) }</p>
                if let (Some(q), Some(figures)) = (r.quality.as_ref(), view::quality_sentence(r)) {
                    <p id="art-quality">{ view::quality_words(q) }</p>
                    <details id="art-figures" class="art-figures"><summary>{ "The figures" }</summary><p>{ figures }</p></details>
                }
                <p class="timings">{ format!("{}×{} cells from a {}×{} image in {:.0} ms.", r.width, r.height, r.image_size.0, r.image_size.1, r.timings.total_ms) }</p>
            </div>
        },
        (None, None) => html! { <div id="art-status" class="status" data-state="idle">{ "Choose an image to begin." }</div> },
    };

    let pictures = result.as_ref().map(|r| {
        let (w, h) = (r.width, r.height);
        let cells = r.picture.cells();
        let given: Vec<usize> = r.givens.clone();
        let mut panes = vec![
            ("Cell greys", view::greys_svg(w, h, &r.greys)),
            ("Picture (givens red)", view::picture_svg(w, h, cells, &given)),
        ];
        if let Some(s) = &r.shading {
            panes.push(("Simulated shading", view::shading_svg(w, h, s)));
        }
        if let ArtVerdict::Multiple { second, differing } = &r.verdict {
            let second: Vec<bool> = second.iter().flat_map(|row| row.chars().map(|c| c == '#')).collect();
            panes.push(("Second answer (differences red)", view::picture_svg(w, h, &second, differing)));
        }
        panes
    });

    let exports = result.as_ref().map(|r| {
        let p = r.puzzle();
        let go = {
            let go = ctx.go.clone();
            let fragment = r.fragment.clone();
            Callback::from(move |_: MouseEvent| go.emit(fragment.clone()))
        };
        let blank = render_svg(&p, None);
        let solved = render_svg(&p, Some(&solution_cells(&r.picture)));
        let (b1, b2, s1, s2) = (blank.clone(), blank, solved.clone(), solved);
        let non_text = non::to_non(&p);
        html! {
            <div class="art-exports">
                <button id="art-play" onclick={go}>{ "Play this" }</button>
                <Share fragment={r.fragment.clone()} />
                <label for="art-tatham">{ "Tatham Pattern ID (with givens)" }</label>
                <input id="art-tatham" readonly=true value={tatham::to_tatham(&p)} />
                <div class="downloads">
                    <button onclick={Callback::from(move |_: MouseEvent| download_text("puzzle.non", "text/plain", &non_text))}>{ ".non" }</button>
                    <button onclick={Callback::from(move |_: MouseEvent| download_text("puzzle.svg", "image/svg+xml", &b1))}>{ "SVG (blank)" }</button>
                    <button onclick={Callback::from(move |_: MouseEvent| download_png("puzzle.png".into(), b2.clone()))}>{ "PNG (blank)" }</button>
                    <button onclick={Callback::from(move |_: MouseEvent| download_text("solution.svg", "image/svg+xml", &s1))}>{ "SVG (solution)" }</button>
                    <button onclick={Callback::from(move |_: MouseEvent| download_png("solution.png".into(), s2.clone()))}>{ "PNG (solution)" }</button>
                </div>
            </div>
        }
    });

    let auto_height = result.as_ref().map(|r| r.height.to_string()).unwrap_or_default();
    let slider = c.threshold.or(result.as_ref().map(|r| r.otsu)).unwrap_or(128).min(255);
    let crop_input = |k: usize, label: &'static str| {
        let controls = controls.clone();
        let value = c.crop[k].map(|v| v.to_string()).unwrap_or_default();
        let onchange = Callback::from(move |e: Event| {
            let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            let mut c = *controls;
            c.crop[k] = i.value().trim().parse().ok();
            controls.set(c);
        });
        html! { <label>{ label }<input type="number" min="0" class="crop" id={format!("art-crop-{k}")} {value} {onchange} /></label> }
    };

    // The pointer over the original, in its image pixels (the picture is shown scaled).
    let pointer_pixel = |e: &PointerEvent| -> Option<((f64, f64), (u32, u32), web_sys::HtmlImageElement)> {
        let img = e.target_dyn_into::<web_sys::HtmlImageElement>()?;
        let size = (img.natural_width(), img.natural_height());
        let shown = (f64::from(img.client_width()), f64::from(img.client_height()));
        Some((crop_geometry::to_image(f64::from(e.offset_x()), f64::from(e.offset_y()), shown, size), size, img))
    };
    let on_crop_down = {
        let (drag_start, drag_preview, natural) = (drag_start.clone(), drag_preview.clone(), natural.clone());
        Callback::from(move |e: PointerEvent| {
            let Some((at, size, img)) = pointer_pixel(&e) else { return };
            natural.set(Some(size));
            e.prevent_default();
            let _ = img.set_pointer_capture(e.pointer_id());
            drag_start.set(Some(at));
            drag_preview.set(None);
        })
    };
    let on_crop_move = {
        let (drag_start, drag_preview, aspect_lock) = (drag_start.clone(), drag_preview.clone(), aspect_lock.clone());
        Callback::from(move |e: PointerEvent| {
            let (Some(start), Some((at, size, _))) = (*drag_start, pointer_pixel(&e)) else { return };
            drag_preview.set(crop_geometry::drag_crop(start, at, size, *aspect_lock));
        })
    };
    let on_crop_up = {
        let (drag_start, drag_preview, aspect_lock, controls) = (drag_start.clone(), drag_preview.clone(), aspect_lock.clone(), controls.clone());
        Callback::from(move |e: PointerEvent| {
            let (Some(start), Some((at, size, _))) = (*drag_start, pointer_pixel(&e)) else { return };
            drag_start.set(None);
            drag_preview.set(None);
            // A click without a drag leaves the crop alone.
            if (at.0 - start.0).abs() < 2.0 && (at.1 - start.1).abs() < 2.0 {
                return;
            }
            if let Some(k) = crop_geometry::drag_crop(start, at, size, *aspect_lock) {
                controls.set(Controls { crop: [Some(k.x), Some(k.y), Some(k.width), Some(k.height)], ..*controls });
            }
        })
    };
    let on_lock = {
        let (aspect_lock, controls) = (aspect_lock.clone(), controls.clone());
        let image = result.as_ref().map(|r| r.image_size);
        Callback::from(move |e: Event| {
            let on = e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked());
            let c = *controls;
            // Square cells when the grid's height is set, else the crop's (or the image's) shape.
            let ratio = match (c.height, c.crop, image) {
                (Some(h), _, _) => Some(f64::from(c.width) / f64::from(h.max(1))),
                (None, [_, _, Some(w), Some(h)], _) => Some(f64::from(w) / f64::from(h.max(1))),
                (None, _, Some((w, h))) => Some(f64::from(w) / f64::from(h.max(1))),
                _ => None,
            };
            aspect_lock.set(if on { ratio } else { None });
        })
    };
    let shown_crop = (*drag_preview).or(match c.crop {
        [Some(x), Some(y), Some(width), Some(height)] => Some(Crop { x, y, width, height }),
        _ => None,
    });
    let crop_box = shown_crop.zip((*natural).or(result.as_ref().map(|r| r.image_size))).map(|(k, size)| {
        let (l, t, w, h) = crop_geometry::overlay_percent(&k, size);
        html! { <div id="art-crop-box" class="art-crop-box" style={format!("left:{l:.3}%;top:{t:.3}%;width:{w:.3}%;height:{h:.3}%")}></div> }
    });

    html! {
        <section class="workshop art" ondrop={on_drop} ondragover={on_drag_over}>
            <h1>{ "Image to nonogram" }</h1>
            <p>{ "Choose, drop or paste a picture (PNG, JPEG, GIF, WebP or BMP, up to 30 MB). It becomes a nonogram that is proven to solve back to it." }</p>
            <div class="art-upload">
                <input type="file" id="art-file" aria-label="Choose a picture" accept="image/png,image/jpeg,image/gif,image/webp,image/bmp" onchange={on_file} />
                <span>{ "Samples: " }</span>
                { for SAMPLES.iter().map(|(label, file)| html! { <button class="sample" id={format!("sample-{file}")} onclick={sample(file)}>{ *label }</button> }) }
            </div>
            <div class="art-controls">
                <label>{ "Width " }<input id="art-width" type="number" min="5" max="100" value={c.width.to_string()}
                    onchange={set(|c, v| if let Ok(n) = v.trim().parse::<u32>() { c.width = n.clamp(5, 100) })} /></label>
                <label>{ "Height " }<input id="art-height" type="number" min="1" max="100" placeholder={auto_height} value={c.height.map(|h| h.to_string()).unwrap_or_default()}
                    onchange={set(|c, v| c.height = v.trim().parse::<u32>().ok().map(|h| h.clamp(1, 100)))} /></label>
                <label>{ "Invert " }<input id="art-invert" type="checkbox" checked={c.invert} onchange={set(|c, v| c.invert = v == "true")} /></label>
                <label>{ "Method " }<select id="art-method" onchange={set(|c, v| c.translucent = v == "translucent")}>
                    <option value="threshold" selected={!c.translucent}>{ "Threshold" }</option>
                    <option value="translucent" selected={c.translucent}>{ "Translucent squares" }</option>
                </select></label>
                if !c.translucent {
                    <label>{ format!("Threshold {slider}{} ", if c.threshold.is_none() { " (Otsu)" } else { "" }) }
                        <input id="art-threshold" type="range" min="0" max="255" value={slider.to_string()}
                            onchange={set(|c, v| c.threshold = v.trim().parse::<u16>().ok())} /></label>
                    <button onclick={{ let controls = controls.clone(); Callback::from(move |_: MouseEvent| controls.set(Controls { threshold: None, ..*controls })) }}>{ "Otsu" }</button>
                }
                <label>{ "Unique " }<select id="art-unique" onchange={set(|c, v| c.unique = match v.as_str() { "logic" => UniqueMode::Logic, "off" => UniqueMode::Off, _ => UniqueMode::Givens })}>
                    <option value="givens" selected={c.unique == UniqueMode::Givens}>{ "fewest givens" }</option>
                    <option value="logic" selected={c.unique == UniqueMode::Logic}>{ "no guessing (line logic)" }</option>
                    <option value="off" selected={c.unique == UniqueMode::Off}>{ "verdict only" }</option>
                </select></label>
                if c.unique == UniqueMode::Givens {
                    <label title="Minimising the givens ends after this long and keeps the unique puzzle it has; Stop here ends it sooner">{ "Time for fewer givens " }
                        <select id="art-time" onchange={set(|c, v| if let Ok(s) = v.parse() { c.time_s = s })}>
                            { for TIME_CHOICES.iter().map(|&t| html! { <option value={t.to_string()} selected={c.time_s == t}>{ view::duration(u64::from(t) * 1000) }</option> }) }
                        </select></label>
                }
                <details class="crop"><summary>{ "Crop (pixels; or drag a rectangle on the original)" }</summary>
                    { crop_input(0, "x ") }{ crop_input(1, "y ") }{ crop_input(2, "width ") }{ crop_input(3, "height ") }
                    <label>{ "Lock aspect " }<input id="art-crop-lock" type="checkbox" checked={aspect_lock.is_some()} onchange={on_lock} /></label>
                    <button id="art-crop-clear" onclick={{ let controls = controls.clone(); Callback::from(move |_: MouseEvent| controls.set(Controls { crop: [None; 4], ..*controls })) }}>{ "No crop" }</button>
                </details>
            </div>
            { status }
            <div class="art-pictures">
                if let Some(l) = &*loaded {
                    <figure>
                        <div class="art-crop-frame">
                            <img id="art-original" src={l.url.clone()} alt={l.name.clone()} draggable="false"
                                onpointerdown={on_crop_down} onpointermove={on_crop_move} onpointerup={on_crop_up} />
                            { crop_box.unwrap_or_default() }
                        </div>
                        <figcaption>{ "Original (drag to crop)" }</figcaption>
                    </figure>
                }
                { for pictures.into_iter().flatten().map(|(caption, svg)| html! {
                    <figure><img class="art-grid" src={data_url(&svg)} alt={caption} /><figcaption>{ caption }</figcaption></figure>
                }) }
            </div>
            { exports.unwrap_or_default() }
        </section>
    }
}
