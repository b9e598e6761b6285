//! The original picture, with the crop drawn over it and cropping by dragging a rectangle on it
//! (the geometry is [`crate::art::crop`]).

use yew::prelude::*;

use crate::art::crop as crop_geometry;
use crate::art::Crop;

/// The picture and its crop.
#[derive(Properties, PartialEq)]
pub struct OriginalProps {
    /// Where to show the picture from.
    pub url: String,
    /// Its file name (the image's alternative text).
    pub name: String,
    /// The crop the controls ask for.
    pub crop: Option<Crop>,
    /// The picture's size in pixels as the last result read it, until the browser says.
    pub image_size: Option<(u32, u32)>,
    /// The width / height a drag keeps, when the aspect is locked.
    pub aspect: Option<f64>,
    /// Takes the rectangle a drag ends with.
    pub set_crop: Callback<Crop>,
}

/// Where a pointer is over the original.
struct Pointer {
    /// The image pixel under it (the picture is shown scaled).
    at: (f64, f64),
    /// The image's size in pixels.
    size: (u32, u32),
    /// The image.
    img: web_sys::HtmlImageElement,
}

/// The pointer over the original, if the event is on it.
fn pointer_pixel(e: &PointerEvent) -> Option<Pointer> {
    let img = e.target_dyn_into::<web_sys::HtmlImageElement>()?;
    let size = (img.natural_width(), img.natural_height());
    let shown = (f64::from(img.client_width()), f64::from(img.client_height()));
    Some(Pointer {
        at: crop_geometry::to_image(f64::from(e.offset_x()), f64::from(e.offset_y()), shown, size),
        size,
        img,
    })
}

/// The original with its crop box (`#art-original`, `#art-crop-box`).
#[component]
pub fn Original(props: &OriginalProps) -> Html {
    // Crop by dragging: the drag's start (image pixels) and the rectangle so far.
    let drag_start = use_state(|| None::<(f64, f64)>);
    let drag_preview = use_state(|| None::<Crop>);
    // The original's size in pixels as the browser read it (for the rectangle over it).
    let natural = use_state(|| None::<(u32, u32)>);

    let on_down = {
        let (drag_start, drag_preview, natural) =
            (drag_start.clone(), drag_preview.clone(), natural.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(Pointer { at, size, img }) = pointer_pixel(&e) else { return };
            natural.set(Some(size));
            e.prevent_default();
            let _ = img.set_pointer_capture(e.pointer_id());
            drag_start.set(Some(at));
            drag_preview.set(None);
        })
    };
    let on_move = {
        let (drag_start, drag_preview, aspect) =
            (drag_start.clone(), drag_preview.clone(), props.aspect);
        Callback::from(move |e: PointerEvent| {
            let (Some(start), Some(Pointer { at, size, .. })) = (*drag_start, pointer_pixel(&e))
            else {
                return;
            };
            drag_preview.set(crop_geometry::drag_crop(start, at, size, aspect));
        })
    };
    let on_up = {
        let (drag_start, drag_preview, aspect, set_crop) =
            (drag_start.clone(), drag_preview.clone(), props.aspect, props.set_crop.clone());
        Callback::from(move |e: PointerEvent| {
            let (Some(start), Some(Pointer { at, size, .. })) = (*drag_start, pointer_pixel(&e))
            else {
                return;
            };
            drag_start.set(None);
            drag_preview.set(None);
            // A click without a drag leaves the crop alone.
            if (at.0 - start.0).abs() < 2.0 && (at.1 - start.1).abs() < 2.0 {
                return;
            }
            if let Some(k) = crop_geometry::drag_crop(start, at, size, aspect) {
                set_crop.emit(k);
            }
        })
    };
    let shown_crop = (*drag_preview).or(props.crop);
    let crop_box = shown_crop.zip((*natural).or(props.image_size)).map(|(k, size)| {
        let (l, t, w, h) = crop_geometry::overlay_percent(&k, size);
        html! { <div id="art-crop-box" class="art-crop-box" style={format!("left:{l:.3}%;top:{t:.3}%;width:{w:.3}%;height:{h:.3}%")}></div> }
    });
    html! {
        <figure>
            <div class="art-crop-frame">
                <img id="art-original" src={props.url.clone()} alt={props.name.clone()} draggable="false"
                    onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up} />
                { crop_box.unwrap_or_default() }
            </div>
            <figcaption>{ "Original (drag to crop)" }</figcaption>
        </figure>
    }
}
