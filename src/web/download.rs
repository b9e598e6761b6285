//! Files for the user: text downloads, and SVG pictures turned into PNG through a canvas.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Offers `contents` as a file named `name`.
pub fn text(name: &str, mime: &str, contents: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&JsValue::from_str(contents));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|e| format!("{e:?}"))?;
    save_blob(name, &blob)
}

fn save_blob(name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|e| format!("{e:?}"))?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|e| format!("{e:?}"))?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// An SVG picture as a `data:` URL, for an `<img>` or a canvas to draw.
pub fn svg_data_url(svg: &str) -> String {
    format!("data:image/svg+xml;charset=utf-8,{}", String::from(js_sys::encode_uri_component(svg)))
}

/// Draws an SVG picture on a canvas at `scale` and offers it as a PNG file.
pub fn svg_as_png(name: &str, svg: &str, scale: f64) -> Result<(), String> {
    let document = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let image = web_sys::HtmlImageElement::new().map_err(|e| format!("{e:?}"))?;
    let name = name.to_string();
    let img = image.clone();
    let onload = Closure::once(move || {
        let (w, h) = (img.natural_width() as f64 * scale, img.natural_height() as f64 * scale);
        let Ok(canvas) = document.create_element("canvas") else { return };
        let canvas: web_sys::HtmlCanvasElement = canvas.unchecked_into();
        canvas.set_width(w as u32);
        canvas.set_height(h as u32);
        let Ok(Some(ctx)) = canvas.get_context("2d") else { return };
        let ctx: web_sys::CanvasRenderingContext2d = ctx.unchecked_into();
        ctx.set_fill_style_str("white");
        ctx.fill_rect(0.0, 0.0, w, h);
        let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, w, h);
        if let Ok(data) = canvas.to_data_url_with_type("image/png") {
            if let Ok(a) = document.create_element("a") {
                let a: web_sys::HtmlAnchorElement = a.unchecked_into();
                a.set_href(&data);
                a.set_download(&name);
                a.click();
            }
        }
    });
    image.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    image.set_src(&svg_data_url(svg));
    Ok(())
}
