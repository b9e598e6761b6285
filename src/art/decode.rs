//! Decoding of PNG, JPEG, GIF, WebP and BMP files into a greyscale pixel buffer.

use super::error::ArtError;
use image::error::LimitErrorKind;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};
use serde::{Deserialize, Serialize};
use std::io::Cursor;

/// Largest accepted file, in bytes (30 MB).
pub const MAX_FILE_BYTES: usize = 30_000_000;
/// Largest accepted image, in pixels (40 megapixels), checked before any pixel is decoded.
pub const MAX_PIXELS: u64 = 40_000_000;
/// Largest accepted width or height, in pixels, enforced by the decoder itself.
pub const MAX_SIDE: u32 = 65_535;
/// Largest allocation the decoder may make: a 40-megapixel, 16-bit RGBA buffer plus 64 MiB slack.
pub const MAX_DECODE_ALLOC: u64 = MAX_PIXELS * 8 + 64 * 1024 * 1024;

/// An 8-bit greyscale image, row-major, 0 = black and 255 = white.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Gray {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Gray {
    /// Wraps row-major pixels; fails if either side is zero or the length is not `width * height`.
    pub fn new(width: u32, height: u32, pixels: Vec<u8>) -> Result<Gray, ArtError> {
        if width == 0 || height == 0 {
            return Err(ArtError::EmptyImage);
        }
        let expected = (width as usize).saturating_mul(height as usize);
        if pixels.len() != expected {
            return Err(ArtError::SizeMismatch { expected, actual: pixels.len() });
        }
        Ok(Gray { width, height, pixels })
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Row-major pixel values, 0 = black.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// The pixel at column `x`, row `y`, or `None` outside the image.
    pub fn get(&self, x: u32, y: u32) -> Option<u8> {
        if x >= self.width || y >= self.height {
            return None;
        }
        self.pixels.get(y as usize * self.width as usize + x as usize).copied()
    }
}

/// The decoder limits used by [`decode`]: at most [`MAX_SIDE`] per side and [`MAX_DECODE_ALLOC`] bytes.
pub fn decode_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    limits
}

/// Decodes an image file (format detected from its content) into greyscale.
///
/// * Refuses empty input and files over [`MAX_FILE_BYTES`] before parsing anything.
/// * Reads the header first and refuses images over [`MAX_PIXELS`] before any pixel
///   buffer is allocated; the decoder also runs under [`decode_limits`].
/// * Applies the EXIF orientation (JPEG, WebP, PNG `eXIf`), so a portrait photo
///   stored sideways comes out upright.
/// * Converts to grey with Rec. 601 luma (`0.299 R' + 0.587 G' + 0.114 B'`, applied
///   to the gamma-encoded values, as JPEG does), after compositing any alpha over white.
/// * Animated GIF and WebP files yield their first frame.
pub fn decode(bytes: &[u8]) -> Result<Gray, ArtError> {
    let (decoder, format, orientation) = open(bytes)?;
    let (width, height) = decoder.dimensions();
    let jpeg =
        (format == Some(ImageFormat::Jpeg)).then(|| jpeg_luma(bytes, width, height)).flatten();
    let (width, height, grey) = match jpeg {
        Some(grey) => (width, height, grey),
        None => {
            let image = DynamicImage::from_decoder(decoder).map_err(map_image_error)?;
            (image.width(), image.height(), to_grey(image))
        }
    };
    let buffer =
        image::GrayImage::from_raw(width, height, grey).ok_or(ArtError::OutOfMemoryLimit)?;
    let mut oriented = DynamicImage::ImageLuma8(buffer);
    oriented.apply_orientation(orientation);
    let buffer = oriented.into_luma8();
    let (width, height) = buffer.dimensions();
    Gray::new(width, height, buffer.into_raw())
}

/// The checks every decode makes before any pixel is decoded (empty or too large a file, a
/// format other than PNG, JPEG, GIF, WebP or BMP, a truncated file, too many pixels, too large
/// an allocation), then the decoder under [`decode_limits`], the format and the EXIF
/// orientation (a damaged EXIF block counts as none).
pub(crate) fn open(
    bytes: &[u8],
) -> Result<(impl ImageDecoder + '_, Option<ImageFormat>, Orientation), ArtError> {
    if bytes.is_empty() {
        return Err(ArtError::EmptyFile);
    }
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ArtError::FileTooLarge { bytes: bytes.len(), max_bytes: MAX_FILE_BYTES });
    }
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ArtError::Decode(e.to_string()))?;
    let format = reader.format();
    match format {
        Some(
            ImageFormat::Png
            | ImageFormat::Jpeg
            | ImageFormat::Gif
            | ImageFormat::WebP
            | ImageFormat::Bmp,
        ) => {}
        _ => return Err(ArtError::UnknownFormat),
    }
    if let Some(format) = format {
        check_complete(bytes, format)?;
    }
    reader.limits(decode_limits());
    // `into_decoder` parses only the header, so the size checks below run before
    // any pixel data is decoded or any pixel buffer is allocated.
    let mut decoder = reader.into_decoder().map_err(map_image_error)?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height)?;
    if decoder.total_bytes() > MAX_DECODE_ALLOC {
        return Err(ArtError::OutOfMemoryLimit);
    }
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    Ok((decoder, format, orientation))
}

/// Decodes a picture as [`DynamicImage`] with every check of [`decode`] (the caller converts
/// and orients it; `image`'s own decoders, no luma shortcut).
pub(crate) fn decode_dynamic(bytes: &[u8]) -> Result<(DynamicImage, Orientation), ArtError> {
    let (decoder, _, orientation) = open(bytes)?;
    let image = DynamicImage::from_decoder(decoder).map_err(map_image_error)?;
    Ok((image, orientation))
}

/// A JPEG's luma channel alone, decoded by zune-jpeg (the decoder behind `image`): a colour
/// JPEG's Y is already the Rec. 601 luma of its gamma-encoded RGB, so the chroma is never
/// upsampled or converted and no RGB buffer is made (a third of the memory and of the
/// per-pixel work at 12 megapixels). `None` (the caller then decodes through `image`) for
/// anything but greyscale or YCbCr, for a size other than the header's, or on any error.
fn jpeg_luma(bytes: &[u8], width: u32, height: u32) -> Option<Vec<u8>> {
    use zune_core::bytestream::ZCursor;
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::Luma)
        .set_max_width(width as usize)
        .set_max_height(height as usize);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    decoder.decode_headers().ok()?;
    if !matches!(decoder.input_colorspace()?, ColorSpace::YCbCr | ColorSpace::Luma) {
        return None;
    }
    let (w, h) = decoder.dimensions()?;
    if (w, h) != (width as usize, height as usize) {
        return None;
    }
    let pixels = decoder.decode().ok()?;
    (pixels.len() == w * h).then_some(pixels)
}

/// Refuses a file that stops before its image data ends. Decoders are lenient here (zune-jpeg
/// fills the missing rows with grey, and a PNG stream cut inside its last chunk may still give
/// rows), which would hand the user a picture whose bottom part is silently made up.
///
/// * PNG: the chunks are walked by their lengths and must reach `IEND`.
/// * JPEG: an end-of-image marker (`FF D9`) must follow the first start-of-scan marker (inside
///   entropy-coded data `FF` is always followed by `00` or a restart marker, so `FF D9` there is
///   the real end; an EXIF thumbnail's end comes before the first scan and does not count).
/// * GIF: the blocks are walked (extensions and images as chains of sub-blocks) and must reach
///   the trailer `3B`.
/// * WebP: the RIFF header's length must fit within the file.
/// * BMP: the pixel array (offset plus the header's image size, or rows times stride) must fit.
pub fn check_complete(bytes: &[u8], format: ImageFormat) -> Result<(), ArtError> {
    let complete = match format {
        ImageFormat::Png => png_complete(bytes),
        ImageFormat::Jpeg => jpeg_complete(bytes),
        ImageFormat::Gif => gif_complete(bytes),
        ImageFormat::WebP => webp_complete(bytes),
        ImageFormat::Bmp => bmp_complete(bytes),
        _ => true,
    };
    if complete {
        Ok(())
    } else {
        let name = match format {
            ImageFormat::Png => "PNG",
            ImageFormat::Jpeg => "JPEG",
            ImageFormat::Gif => "GIF",
            ImageFormat::WebP => "WebP",
            _ => "BMP",
        };
        Err(ArtError::Truncated { format: name.to_string() })
    }
}

fn png_complete(bytes: &[u8]) -> bool {
    let mut at = 8usize;
    loop {
        let Some(header) = bytes.get(at..at + 8) else { return false };
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let end = at.saturating_add(12).saturating_add(length);
        if end > bytes.len() {
            return false;
        }
        if &header[4..8] == b"IEND" {
            return true;
        }
        at = end;
    }
}

fn jpeg_complete(bytes: &[u8]) -> bool {
    // Walk the marker segments up to the first start of scan.
    let mut at = 2usize;
    let scan = loop {
        let Some(&[ff, marker]) = bytes.get(at..at + 2) else { return false };
        if ff != 0xFF {
            return false;
        }
        match marker {
            0xFF => at += 1,                      // fill byte
            0xD8 | 0x01 | 0xD0..=0xD7 => at += 2, // markers without a length
            0xD9 => return false,                 // the image ends before any scan
            _ => {
                let Some(&[hi, lo]) = bytes.get(at + 2..at + 4) else { return false };
                let length = usize::from(u16::from_be_bytes([hi, lo]));
                if marker == 0xDA {
                    break at + 2 + length;
                }
                at += 2 + length;
            }
        }
    };
    bytes.get(scan..).is_some_and(|rest| rest.windows(2).any(|w| w == [0xFF, 0xD9]))
}

fn gif_complete(bytes: &[u8]) -> bool {
    let Some(&flags) = bytes.get(10) else { return false };
    let table = |flags: u8| if flags & 0x80 != 0 { 3usize << ((flags & 7) + 1) } else { 0 };
    let mut at = 13 + table(flags);
    // A chain of sub-blocks: length bytes, ended by a zero.
    let skip_sub_blocks = |mut at: usize| -> Option<usize> {
        loop {
            let n = usize::from(*bytes.get(at)?);
            at += 1 + n;
            if n == 0 {
                return Some(at);
            }
        }
    };
    loop {
        match bytes.get(at) {
            Some(0x3B) => return true,
            Some(0x21) => match skip_sub_blocks(at + 2) {
                Some(next) => at = next,
                None => return false,
            },
            Some(0x2C) => {
                let Some(&local) = bytes.get(at + 9) else { return false };
                // Image descriptor, local colour table, LZW minimum code size, data sub-blocks.
                match skip_sub_blocks(at + 10 + table(local) + 1) {
                    Some(next) => at = next,
                    None => return false,
                }
            }
            _ => return false,
        }
    }
}

fn webp_complete(bytes: &[u8]) -> bool {
    match bytes.get(4..8) {
        Some(&[a, b, c, d]) => {
            (u32::from_le_bytes([a, b, c, d]) as usize).saturating_add(8) <= bytes.len()
        }
        _ => false,
    }
}

fn bmp_complete(bytes: &[u8]) -> bool {
    let u32_at =
        |i: usize| bytes.get(i..i + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let i32_at = |i: usize| u32_at(i).map(|v| v as i32);
    let u16_at = |i: usize| bytes.get(i..i + 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let (Some(offset), Some(header)) = (u32_at(10), u32_at(14)) else { return false };
    if header < 40 {
        return true; // an OS/2 core header: the decoder checks the rest
    }
    let (Some(width), Some(height), Some(bits), Some(compression), Some(size)) =
        (i32_at(18), i32_at(22), u16_at(28), u32_at(30), u32_at(34))
    else {
        return false;
    };
    let needed = if compression == 0 || compression == 3 || compression == 6 {
        // Uncompressed rows, each padded to four bytes.
        let stride = (u64::from(width.unsigned_abs()) * u64::from(bits)).div_ceil(32) * 4;
        stride * u64::from(height.unsigned_abs())
    } else {
        u64::from(size)
    };
    u64::from(offset).saturating_add(needed) <= bytes.len() as u64
}

/// Checks claimed dimensions against the zero-size and [`MAX_PIXELS`] rules.
pub fn check_dimensions(width: u32, height: u32) -> Result<(), ArtError> {
    if width == 0 || height == 0 {
        return Err(ArtError::EmptyImage);
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ArtError::TooManyPixels { width, height, max_pixels: MAX_PIXELS });
    }
    Ok(())
}

fn map_image_error(error: ImageError) -> ArtError {
    match error {
        ImageError::Limits(e) if e.kind() == LimitErrorKind::DimensionError => {
            ArtError::SideTooLong { max_side: MAX_SIDE }
        }
        ImageError::Limits(_) => ArtError::OutOfMemoryLimit,
        ImageError::Unsupported(e) => ArtError::Decode(e.to_string()),
        other => ArtError::Decode(other.to_string()),
    }
}

/// Rec. 601 luma of gamma-encoded components in 0..=1, composited over white, as 0..=255.
fn luma(r: f32, g: f32, b: f32, alpha: f32) -> u8 {
    let a = alpha.clamp(0.0, 1.0);
    let over_white = |c: f32| c.clamp(0.0, 1.0) * a + (1.0 - a);
    let y = 0.299 * over_white(r) + 0.587 * over_white(g) + 0.114 * over_white(b);
    (y * 255.0).round().clamp(0.0, 255.0) as u8
}

/// Converts interleaved samples with 1 (L), 2 (LA), 3 (RGB) or 4 (RGBA) channels to grey.
fn samples_to_grey<T: Copy>(samples: &[T], channels: usize, unit: impl Fn(T) -> f32) -> Vec<u8> {
    samples
        .chunks_exact(channels.max(1))
        .map(|px| match *px {
            [l] => luma(unit(l), unit(l), unit(l), 1.0),
            [l, a] => luma(unit(l), unit(l), unit(l), unit(a)),
            [r, g, b] => luma(unit(r), unit(g), unit(b), 1.0),
            [r, g, b, a] => luma(unit(r), unit(g), unit(b), unit(a)),
            _ => 255,
        })
        .collect()
}

fn to_grey(image: DynamicImage) -> Vec<u8> {
    let u8_unit = |v: u8| f32::from(v) / 255.0;
    let u16_unit = |v: u16| f32::from(v) / 65535.0;
    let f32_unit = |v: f32| v;
    match image {
        DynamicImage::ImageLuma8(buf) => buf.into_raw(),
        DynamicImage::ImageLumaA8(buf) => samples_to_grey(buf.as_raw(), 2, u8_unit),
        DynamicImage::ImageRgb8(buf) => samples_to_grey(buf.as_raw(), 3, u8_unit),
        DynamicImage::ImageRgba8(buf) => samples_to_grey(buf.as_raw(), 4, u8_unit),
        DynamicImage::ImageLuma16(buf) => samples_to_grey(buf.as_raw(), 1, u16_unit),
        DynamicImage::ImageLumaA16(buf) => samples_to_grey(buf.as_raw(), 2, u16_unit),
        DynamicImage::ImageRgb16(buf) => samples_to_grey(buf.as_raw(), 3, u16_unit),
        DynamicImage::ImageRgba16(buf) => samples_to_grey(buf.as_raw(), 4, u16_unit),
        DynamicImage::ImageRgb32F(buf) => samples_to_grey(buf.as_raw(), 3, f32_unit),
        DynamicImage::ImageRgba32F(buf) => samples_to_grey(buf.as_raw(), 4, f32_unit),
        other => samples_to_grey(other.to_rgba8().as_raw(), 4, u8_unit),
    }
}
