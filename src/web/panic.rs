//! The last-resort panic hook: a visible message instead of a silently dead page.

use wasm_bindgen::JsCast;

/// Installs a hook that logs the panic and shows `headline` with the details in `#panic`
/// (created if missing), telling the user that saved puzzles are safe.
pub fn install(headline: &'static str) {
    std::panic::set_hook(Box::new(move |info| {
        let text = format!("{headline}: {info}");
        web_sys::console::error_1(&text.clone().into());
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let banner = match document.get_element_by_id("panic") {
            Some(el) => el,
            None => match document.create_element("div") {
                Ok(el) => {
                    el.set_id("panic");
                    if let Some(body) = document.body() {
                        let _ = body.append_child(&el);
                    }
                    el
                }
                Err(_) => return,
            },
        };
        if let Ok(el) = banner.dyn_into::<web_sys::HtmlElement>() {
            el.set_inner_text(&format!(
                "{text}\n\nYour puzzles are saved in this browser. Reload the page to continue."
            ));
            let _ = el.set_attribute("role", "alert");
            let _ = el.set_attribute("style", "display:block");
        }
    }));
}
