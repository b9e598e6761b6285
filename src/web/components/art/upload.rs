//! Where a picture comes from: the file picker and the samples (the `Upload` row), a file
//! dropped on the page ([`dropped`]) or pasted anywhere on it ([`use_paste`]).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// The samples drawn by `examples/art_samples.rs`, copied into the site by trunk: (label, file).
const SAMPLES: [(&str, &str); 3] = [("Smiley", "smiley"), ("House", "house"), ("Sphere", "sphere")];

/// A picture the user chose, before it is read.
pub struct Picked {
    /// Its bytes, still to be read.
    pub blob: web_sys::Blob,
    /// Its file name, for messages and the original's alternative text.
    pub name: String,
    /// Where to show it from, when it has an address already (a sample); a file gets a `blob:` URL.
    pub url: Option<String>,
}

/// A file's bytes.
pub async fn file_bytes(blob: &web_sys::Blob) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(blob.array_buffer()).await.map_err(|e| format!("{e:?}"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The picture a drag dropped, if it carried a file.
pub fn dropped(e: &DragEvent) -> Option<Picked> {
    let file = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0))?;
    Some(Picked { name: file.name(), blob: file.into(), url: None })
}

/// Hands `load` a picture pasted anywhere on the page, for as long as the page is shown.
#[hook]
pub fn use_paste(load: Callback<Picked>) {
    use_effect_with((), move |_| {
        let on_paste =
            Closure::<dyn Fn(web_sys::ClipboardEvent)>::new(move |e: web_sys::ClipboardEvent| {
                let Some(files) = e.clipboard_data().and_then(|d| d.files()) else { return };
                if let Some(file) = files.get(0) {
                    e.prevent_default();
                    let name = if file.name().is_empty() {
                        "pasted image".to_string()
                    } else {
                        file.name()
                    };
                    load.emit(Picked { blob: file.into(), name, url: None });
                }
            });
        let doc = web_sys::window().and_then(|w| w.document());
        if let Some(d) = &doc {
            let _ = d.add_event_listener_with_callback("paste", on_paste.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = doc {
                let _ = d.remove_event_listener_with_callback(
                    "paste",
                    on_paste.as_ref().unchecked_ref(),
                );
            }
        }
    });
}

/// Fetches a sample from its address on the site (`samples/{file}.png`).
async fn fetch_sample(url: &str) -> Result<web_sys::Blob, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response =
        JsFuture::from(window.fetch_with_str(url)).await.map_err(|e| format!("{e:?}"))?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let blob = JsFuture::from(response.blob().map_err(|e| format!("{e:?}"))?)
        .await
        .map_err(|e| format!("{e:?}"))?;
    Ok(blob.unchecked_into())
}

/// What [`Upload`] reports to.
#[derive(Properties, PartialEq)]
pub struct UploadProps {
    /// Takes a chosen picture or sample.
    pub load: Callback<Picked>,
    /// Says why a sample could not be loaded.
    pub fail: Callback<String>,
}

/// The file picker and the sample buttons.
#[component]
pub fn Upload(props: &UploadProps) -> Html {
    let on_file = {
        let load = props.load.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else { return };
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                load.emit(Picked { name: file.name(), blob: file.into(), url: None });
            }
        })
    };
    let sample = |file: &'static str| {
        let (load, fail) = (props.load.clone(), props.fail.clone());
        Callback::from(move |_: MouseEvent| {
            let (load, fail) = (load.clone(), fail.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let url = format!("samples/{file}.png");
                match fetch_sample(&url).await {
                    Ok(blob) => {
                        load.emit(Picked { blob, name: format!("{file}.png"), url: Some(url) })
                    }
                    Err(e) => fail.emit(format!("Could not load the sample: {e}")),
                }
            });
        })
    };
    html! {
        <div class="art-upload">
            <input type="file" id="art-file" aria-label="Choose a picture" accept="image/png,image/jpeg,image/gif,image/webp,image/bmp" onchange={on_file} />
            <span>{ "Samples: " }</span>
            { for SAMPLES.iter().map(|(label, file)| html! { <button class="sample" id={format!("sample-{file}")} onclick={sample(file)}>{ *label }</button> }) }
        </div>
    }
}
