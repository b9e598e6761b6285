//! Decoding: every format, the limits, EXIF orientation, mutated, truncated and odd files.

use super::*;

// ---------------------------------------------------------------- decode

#[test]
fn black_square_on_white_gives_exactly_those_cells() {
    // 100×80 RGB image, black square over pixels x 20..60, y 30..50; cells are 10×10 pixels.
    let (w, h) = (100u32, 80u32);
    let mut rgb = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let black = (20..60).contains(&x) && (30..50).contains(&y);
            let v = if black { 0 } else { 255 };
            rgb.extend_from_slice(&[v, v, v]);
        }
    }
    let bytes = png_bytes(w, h, &rgb, ExtendedColorType::Rgb8);
    let gray = decode(&bytes).expect("decodes");
    assert_eq!((gray.width(), gray.height()), (100, 80));
    let grid = prepare(&gray, &PrepareOptions::new(10)).expect("prepares");
    assert_eq!((grid.width(), grid.height()), (10, 8));
    let expected: Vec<bool> =
        (0..80).map(|i| (2..6).contains(&(i % 10)) && (3..5).contains(&(i / 10))).collect();
    let t = otsu(&grid);
    assert_eq!(t, 128, "two-level grid: Otsu takes the middle of the tie");
    assert_eq!(threshold(&grid, t), expected);
    assert_eq!(threshold(&grid, 1), expected);
    assert_eq!(threshold(&grid, 255), expected);
    assert!(threshold(&grid, ALL_WHITE).iter().all(|&b| !b));
    assert!(threshold(&grid, ALL_BLACK).iter().all(|&b| b));
}

#[test]
fn threshold_rule_is_rounded_value_below_t() {
    let grid = GreyGrid::new(5, 1, vec![0.0, 99.4, 99.6, 254.6, 255.0]).expect("grid");
    assert_eq!(threshold(&grid, 0), vec![false; 5]);
    assert_eq!(threshold(&grid, 100), vec![true, true, false, false, false]);
    assert_eq!(threshold(&grid, 101), vec![true, true, true, false, false]);
    assert_eq!(threshold(&grid, 255), vec![true, true, true, false, false]);
    assert_eq!(threshold(&grid, 256), vec![true; 5]);
    assert_eq!(histogram(&grid)[100], 1);
    assert_eq!(histogram(&grid)[255], 2);
}

#[test]
fn otsu_separates_two_clusters() {
    let mut hist = [0u64; 256];
    hist[40] = 50;
    hist[50] = 30;
    hist[200] = 40;
    hist[210] = 60;
    let t = otsu_histogram(&hist);
    assert!((51..=200).contains(&t), "t = {t}");
    assert_eq!(t, 125, "middle of the tied splits k = 50..=199, so t = 124 + 1");
    assert_eq!(otsu_histogram(&[0; 256]), 128);
    let mut single = [0u64; 256];
    single[17] = 9;
    assert_eq!(otsu_histogram(&single), 128);
}

#[test]
fn luma_is_rec601_and_alpha_composites_over_white() {
    // red, green, blue, transparent black, half-transparent black, opaque grey 100
    let rgba = [
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0, 128, 100, 100, 100,
        255,
    ];
    let gray = decode(&png_bytes(6, 1, &rgba, ExtendedColorType::Rgba8)).expect("decodes");
    assert_eq!(gray.pixels(), &[76, 150, 29, 255, 127, 100]);
}

#[test]
fn sixteen_bit_and_grey_alpha_pngs_decode() {
    let pixels16: Vec<u8> = [0u16, 65535, 32896].iter().flat_map(|v| v.to_be_bytes()).collect();
    let gray = decode(&png_bytes(3, 1, &pixels16, ExtendedColorType::L16)).expect("decodes");
    assert_eq!(gray.pixels(), &[0, 255, 128]);
    let la = [0u8, 255, 0, 0, 200, 255];
    let gray = decode(&png_bytes(3, 1, &la, ExtendedColorType::La8)).expect("decodes");
    assert_eq!(gray.pixels(), &[0, 255, 200]);
}

#[test]
fn every_supported_format_decodes() {
    let (w, h) = (8u32, 4u32);
    let rgb: Vec<u8> =
        (0..w * h).flat_map(|i| if i % w < 4 { [0, 0, 0] } else { [255, 255, 255] }).collect();
    let image = DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, rgb).expect("buffer"));
    for format in
        [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::WebP, ImageFormat::Bmp]
    {
        let bytes = encode_as(&image, format);
        let gray = decode(&bytes).unwrap_or_else(|e| panic!("{format:?}: {e}"));
        assert_eq!((gray.width(), gray.height()), (w, h), "{format:?}");
        let left = gray.get(1, 1).expect("pixel");
        let right = gray.get(6, 1).expect("pixel");
        assert!(left < 60 && right > 195, "{format:?}: left {left} right {right}");
    }
}

/// Mutation fuzzing of the image decoder: random byte edits (flips, overwrites, insertions,
/// deletions, truncations) of valid files of every supported format never panic; each either
/// decodes to a picture within the limits or is refused with an error.
#[test]
fn mutated_images_never_panic() {
    let (w, h) = (24u32, 16u32);
    let rgb: Vec<u8> = (0..w * h)
        .flat_map(|i| [(i * 7 % 256) as u8, (i * 13 % 256) as u8, (i % w * 10) as u8])
        .collect();
    let colour = DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, rgb).expect("buffer"));
    let grey = DynamicImage::ImageLuma8(colour.to_luma8());
    let mut rng = fastrand::Rng::with_seed(2026);
    let (mut decoded, mut refused) = (0, 0);
    let all = [
        ImageFormat::Jpeg,
        ImageFormat::Png,
        ImageFormat::Gif,
        ImageFormat::WebP,
        ImageFormat::Bmp,
    ];
    // Greyscale JPEG takes the luma-only zune-jpeg path; the encoders write grey only as JPEG and PNG.
    let cases = all
        .iter()
        .map(|&f| (&colour, f))
        .chain([(&grey, ImageFormat::Jpeg), (&grey, ImageFormat::Png)]);
    for (image, format) in cases {
        {
            let valid = encode_as(image, format);
            for _ in 0..400 {
                let mut bytes = valid.clone();
                for _ in 0..rng.usize(1..6) {
                    let at = rng.usize(..bytes.len().max(1));
                    match rng.u8(..5) {
                        0 if at < bytes.len() => bytes[at] ^= 1 << rng.u8(..8),
                        1 if at < bytes.len() => bytes[at] = rng.u8(..),
                        2 => bytes.insert(at.min(bytes.len()), rng.u8(..)),
                        3 if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        _ => bytes.truncate(at),
                    }
                }
                match decode(&bytes) {
                    Ok(g) => {
                        assert!(
                            g.width() > 0
                                && g.height() > 0
                                && u64::from(g.width()) * u64::from(g.height()) <= MAX_PIXELS,
                            "{format:?}"
                        );
                        assert_eq!(
                            g.pixels().len() as u64,
                            u64::from(g.width()) * u64::from(g.height())
                        );
                        decoded += 1;
                    }
                    Err(e) => {
                        assert!(!e.to_string().is_empty());
                        refused += 1;
                    }
                }
            }
        }
    }
    // Both outcomes happen: the edits reach past the headers into data the decoders read.
    assert!(decoded > 0 && refused > 0, "decoded {decoded}, refused {refused}");
}

#[test]
fn oversized_file_is_refused_before_parsing() {
    let bytes = vec![0u8; MAX_FILE_BYTES + 1];
    let err = decode(&bytes).expect_err("too large");
    assert_eq!(
        err,
        ArtError::FileTooLarge { bytes: MAX_FILE_BYTES + 1, max_bytes: MAX_FILE_BYTES }
    );
    assert!(err.to_string().contains("30 MB"), "{err}");
}

#[test]
fn too_many_megapixels_is_refused_from_the_header() {
    // 10000×10000 = 100 MP claimed by a file of a few dozen bytes: must fail without allocating.
    let bytes = png_header_only(10_000, 10_000);
    assert!(bytes.len() < 100);
    let err = decode(&bytes).expect_err("too many pixels");
    assert_eq!(
        err,
        ArtError::TooManyPixels { width: 10_000, height: 10_000, max_pixels: MAX_PIXELS }
    );
    assert!(err.to_string().contains("40 megapixels"), "{err}");
    // Just under the limit is accepted by the size check and then fails on the missing data.
    let err = decode(&png_header_only(8_000, 5_000)).expect_err("no pixel data");
    assert!(matches!(err, ArtError::Decode(_)), "{err:?}");
    // A side beyond the decoder limit is refused by image::Limits.
    let err = decode(&png_header_only(100_000, 1)).expect_err("too wide");
    assert_eq!(err, ArtError::SideTooLong { max_side: 65_535 });
}

/// Inserts an APP1 Exif segment carrying `orientation` right after the JPEG SOI marker.
fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\x00\x2A\x00\x00\x00\x08".to_vec(); // big-endian TIFF header, IFD at 8
    tiff.extend_from_slice(&1u16.to_be_bytes()); // one entry
    tiff.extend_from_slice(&0x0112u16.to_be_bytes()); // Orientation
    tiff.extend_from_slice(&3u16.to_be_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_be_bytes()); // count 1
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]); // value padding
    tiff.extend_from_slice(&0u32.to_be_bytes()); // no next IFD
    let mut payload = b"Exif\x00\x00".to_vec();
    payload.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec(); // SOI
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[test]
fn jpeg_exif_orientation_is_applied() {
    // 32×16, left half black, right half white.
    let (w, h) = (32u32, 16u32);
    let pixels: Vec<u8> = (0..w * h).map(|i| if i % w < 16 { 0 } else { 255 }).collect();
    let image = DynamicImage::ImageLuma8(image::GrayImage::from_raw(w, h, pixels).expect("buffer"));
    let plain = encode_as(&image, ImageFormat::Jpeg);
    assert_eq!(&plain[..2], &[0xFF, 0xD8]);
    let unrotated = decode(&plain).expect("decodes");
    assert_eq!((unrotated.width(), unrotated.height()), (32, 16));

    // Orientation 6: the stored image must be turned 90° clockwise for display.
    let rotated = decode(&with_exif_orientation(&plain, 6)).expect("decodes");
    assert_eq!((rotated.width(), rotated.height()), (16, 32));
    // The stored left (black) half becomes the top half.
    assert!(rotated.get(8, 4).expect("pixel") < 40);
    assert!(rotated.get(8, 27).expect("pixel") > 215);

    // Orientation 8 (90° anticlockwise): the black half ends at the bottom.
    let rotated = decode(&with_exif_orientation(&plain, 8)).expect("decodes");
    assert_eq!((rotated.width(), rotated.height()), (16, 32));
    assert!(rotated.get(8, 4).expect("pixel") > 215);
    assert!(rotated.get(8, 27).expect("pixel") < 40);
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    assert_eq!(decode(&[]), Err(ArtError::EmptyFile));
    let mut rng = SplitMix64::new(7);
    let random: Vec<u8> = (0..4096).map(|_| rng.next_u64() as u8).collect();
    assert_eq!(decode(&random), Err(ArtError::UnknownFormat));
    assert_eq!(decode(b"GIF"), Err(ArtError::UnknownFormat));

    let pixels: Vec<u8> = (0..64 * 64).map(|i| (i * 7 % 251) as u8).collect();
    let png = png_bytes(64, 64, &pixels, ExtendedColorType::L8);
    for cut in [8, 20, 33, 50, png.len() / 2, png.len() - 13] {
        let err = decode(&png[..cut]).expect_err("truncated PNG");
        assert!(
            matches!(err, ArtError::Decode(_) | ArtError::Truncated { .. }),
            "cut {cut}: {err:?}"
        );
        assert!(!err.to_string().is_empty());
    }
    // Corrupt the middle of the compressed data: the CRC or zlib check must catch it.
    let mut corrupt = png.clone();
    let mid = corrupt.len() / 2;
    corrupt[mid] ^= 0xFF;
    assert!(decode(&corrupt).is_err());

    // Valid magic numbers followed by garbage, and truncated real files of every format:
    // whatever the outcome, no panic.
    let grey =
        DynamicImage::ImageLuma8(image::GrayImage::from_raw(64, 64, pixels).expect("buffer"));
    let image = DynamicImage::ImageRgb8(grey.to_rgb8());
    let mut samples: Vec<Vec<u8>> = Vec::new();
    for format in
        [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::Gif, ImageFormat::WebP, ImageFormat::Bmp]
    {
        let bytes = encode_as(&image, format);
        for cut in [2, 10, 30, bytes.len() / 3, bytes.len() - 1] {
            samples.push(bytes[..cut.min(bytes.len())].to_vec());
        }
        for _ in 0..20 {
            let mut s = bytes[..16.min(bytes.len())].to_vec();
            s.extend((0..200).map(|_| rng.next_u64() as u8));
            samples.push(s);
        }
    }
    let errors = samples.iter().filter(|s| decode(s).is_err()).count();
    println!("damaged files rejected: {errors} of {}", samples.len());
    assert!(errors * 10 >= samples.len() * 9, "{errors} of {} rejected", samples.len());
}

// ---------------------------------------------------------------- truncated and odd files (issue 24)

/// A file cut short anywhere inside its image data is refused with the words "ends early",
/// never decoded into a picture whose missing part is made up; the whole file still decodes.
#[test]
fn truncated_files_of_every_format_are_refused_with_a_clear_message() {
    let (w, h) = (40u32, 32u32);
    let rgb: Vec<u8> = (0..w * h)
        .flat_map(|i| [(i * 7 % 256) as u8, (i * 13 % 256) as u8, (i % w * 6) as u8])
        .collect();
    let image = DynamicImage::ImageRgb8(image::RgbImage::from_raw(w, h, rgb).expect("buffer"));
    let grey = DynamicImage::ImageLuma8(image.to_luma8());
    let cases = [
        (&image, ImageFormat::Png, "PNG"),
        (&image, ImageFormat::Jpeg, "JPEG"),
        (&grey, ImageFormat::Jpeg, "JPEG"),
        (&image, ImageFormat::Gif, "GIF"),
        (&image, ImageFormat::WebP, "WebP"),
        (&image, ImageFormat::Bmp, "BMP"),
    ];
    for (picture, format, name) in cases {
        let whole = encode_as(picture, format);
        decode(&whole).unwrap_or_else(|e| panic!("{format:?} whole: {e}"));
        // Cut at many places past the header: every cut is refused as truncated.
        let header = match format {
            ImageFormat::Png => 60,
            ImageFormat::Bmp => 60,
            _ => 40,
        };
        let mut cuts = 0;
        for keep in (header..whole.len() - 1).step_by(7).chain([whole.len() - 1]) {
            match decode(&whole[..keep]) {
                Err(ArtError::Truncated { format: f }) => {
                    assert_eq!(f, name);
                    cuts += 1;
                }
                // A cut inside the headers may be refused by the decoder's own check first.
                Err(ArtError::Decode(_)) if keep < 200 => {}
                other => panic!("{format:?} cut at {keep} of {}: {other:?}", whole.len()),
            }
        }
        assert!(cuts > 3, "{format:?}: {cuts}");
        let message = ArtError::Truncated { format: name.into() }.to_string();
        assert!(message.contains("ends early") && message.contains("bottom part"), "{message}");
    }
}

/// What the truncation check must not refuse: bytes after a JPEG's end (cameras append data),
/// an EXIF thumbnail whose own end marker comes before the main image's scan, GIF padding.
#[test]
fn complete_files_with_trailing_data_or_thumbnails_still_decode() {
    let (w, h) = (32u32, 16u32);
    let pixels: Vec<u8> = (0..w * h).map(|i| if i % w < 16 { 0 } else { 255 }).collect();
    let image = DynamicImage::ImageLuma8(image::GrayImage::from_raw(w, h, pixels).expect("buffer"));
    let jpeg = encode_as(&image, ImageFormat::Jpeg);
    let mut trailing = jpeg.clone();
    trailing.extend_from_slice(b"\x00\x00trailer written by a camera");
    decode(&trailing).expect("trailing bytes after the end marker are fine");

    // An APP1 segment holding a whole little JPEG (a thumbnail, with its own FF D9) ...
    let thumbnail =
        encode_as(&DynamicImage::ImageLuma8(image::GrayImage::new(8, 8)), ImageFormat::Jpeg);
    let mut payload = b"Exif\x00\x00".to_vec();
    payload.extend_from_slice(&thumbnail);
    let mut with_thumb = jpeg[..2].to_vec();
    with_thumb.extend_from_slice(&[0xFF, 0xE1]);
    with_thumb.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    with_thumb.extend_from_slice(&payload);
    with_thumb.extend_from_slice(&jpeg[2..]);
    let g = decode(&with_thumb).expect("decodes");
    assert_eq!((g.width(), g.height()), (w, h));
    // ... does not make a cut main image pass for complete.
    let cut = &with_thumb[..with_thumb.len() - 20];
    assert!(matches!(decode(cut), Err(ArtError::Truncated { .. })), "{:?}", decode(cut));

    let mut gif = encode_as(&DynamicImage::ImageRgb8(image.to_rgb8()), ImageFormat::Gif);
    gif.extend_from_slice(&[0, 0, 0]);
    decode(&gif).expect("zero padding after the GIF trailer is fine");
}

/// An animated GIF gives its first frame (black), not a later one (white) nor a blend.
#[test]
fn animated_gif_gives_its_first_frame() {
    use image::codecs::gif::{GifEncoder, Repeat};
    use image::{Delay, Frame, RgbaImage};
    let mut bytes = Vec::new();
    {
        let mut encoder = GifEncoder::new(&mut bytes);
        encoder.set_repeat(Repeat::Infinite).expect("repeat");
        let black = RgbaImage::from_pixel(12, 10, image::Rgba([0, 0, 0, 255]));
        let white = RgbaImage::from_pixel(12, 10, image::Rgba([255, 255, 255, 255]));
        let delay = Delay::from_numer_denom_ms(100, 1);
        encoder
            .encode_frames([
                Frame::from_parts(black, 0, 0, delay),
                Frame::from_parts(white, 0, 0, delay),
            ])
            .expect("encodes");
    }
    let g = decode(&bytes).expect("decodes");
    assert_eq!((g.width(), g.height()), (12, 10));
    assert!(g.pixels().iter().all(|&p| p == 0), "{:?}", &g.pixels()[..12]);
}

/// A 16-bit RGB PNG: the full 16-bit range maps onto 0..=255 by value, not by its high byte
/// alone shifted wrong (a mid-grey 0x8080 is 128, pure red is Rec. 601's 76).
#[test]
fn sixteen_bit_rgb_png_decodes_by_value() {
    let samples: [u16; 9] = [65535, 0, 0, 0x8080, 0x8080, 0x8080, 65535, 65535, 65535];
    let bytes: Vec<u8> = samples.iter().flat_map(|v| v.to_be_bytes()).collect();
    let g = decode(&png_bytes(3, 1, &bytes, ExtendedColorType::Rgb16)).expect("decodes");
    assert_eq!(g.pixels(), &[76, 128, 255]);
}

/// A baseline JPEG with four components written like Photoshop's CMYK files (an Adobe APP14
/// segment, transform 0, ink stored inverted): 16x8, the left block no ink (white), the right
/// block full black ink. Hand-made, since the `image` encoder writes no CMYK: every block is flat,
/// so it holds only a DC coefficient (quantiser 1), with 4-bit DC codes and a 1-bit end-of-block.
fn cmyk_jpeg(left: [u8; 4], right: [u8; 4]) -> Vec<u8> {
    struct Bits {
        out: Vec<u8>,
        acc: u32,
        n: u32,
    }
    impl Bits {
        fn put(&mut self, value: u32, len: u32) {
            for i in (0..len).rev() {
                self.acc = (self.acc << 1) | ((value >> i) & 1);
                self.n += 1;
                if self.n == 8 {
                    let byte = self.acc as u8;
                    self.out.push(byte);
                    if byte == 0xFF {
                        self.out.push(0); // byte stuffing
                    }
                    self.acc = 0;
                    self.n = 0;
                }
            }
        }
    }
    let mut out = vec![0xFF, 0xD8];
    let segment = |out: &mut Vec<u8>, marker: u8, body: &[u8]| {
        out.extend_from_slice(&[0xFF, marker]);
        out.extend_from_slice(&((body.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(body);
    };
    segment(&mut out, 0xEE, b"Adobe\x00\x64\x00\x00\x00\x00\x00"); // version 100, transform 0
    let mut dqt = vec![0u8];
    dqt.extend_from_slice(&[1u8; 64]);
    segment(&mut out, 0xDB, &dqt);
    let mut sof = vec![8, 0, 8, 0, 16, 4];
    for id in 1..=4u8 {
        sof.extend_from_slice(&[id, 0x11, 0]);
    }
    segment(&mut out, 0xC0, &sof);
    // DC table: symbols 0..=11, all 4-bit codes (symbol k is code k); AC: end-of-block alone, code 0.
    let mut dht = vec![0x00, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    dht.extend(0..12u8);
    dht.extend_from_slice(&[0x10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00]);
    segment(&mut out, 0xC4, &dht);
    let mut sos = vec![4];
    for id in 1..=4u8 {
        sos.extend_from_slice(&[id, 0x00]);
    }
    sos.extend_from_slice(&[0, 63, 0]);
    segment(&mut out, 0xDA, &sos);
    let mut bits = Bits { out: Vec::new(), acc: 0, n: 0 };
    let mut previous = [0i32; 4];
    for block in [left, right] {
        for (c, &stored) in block.iter().enumerate() {
            let dc = 8 * (i32::from(stored) - 128);
            let diff = dc - previous[c];
            previous[c] = dc;
            let size = 32 - diff.unsigned_abs().leading_zeros();
            bits.put(size, 4);
            if size > 0 {
                let v = if diff > 0 { diff } else { diff + (1 << size) - 1 };
                bits.put(v as u32, size);
            }
            bits.put(0, 1); // end of block
        }
    }
    if bits.n > 0 {
        bits.put(0x7F, 8 - bits.n); // pad with ones
    }
    out.extend_from_slice(&bits.out);
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

#[test]
fn cmyk_jpeg_decodes_with_black_ink_dark_and_no_ink_white() {
    // Adobe stores ink inverted: 255 is no ink.
    let bytes = cmyk_jpeg([255, 255, 255, 255], [255, 255, 255, 0]);
    let g = decode(&bytes).expect("a CMYK JPEG decodes");
    assert_eq!((g.width(), g.height()), (16, 8));
    let (left, right) = (g.get(3, 4).expect("pixel"), g.get(12, 4).expect("pixel"));
    assert!(left > 230 && right < 25, "left (no ink) {left}, right (black ink) {right}");
    // Cyan ink alone is a mid grey (luma of (0, 255, 255) is 179), not black or white.
    let g = decode(&cmyk_jpeg([0, 255, 255, 255], [255, 255, 255, 255])).expect("decodes");
    let cyan = g.get(3, 4).expect("pixel");
    assert!((150..=210).contains(&cyan), "cyan {cyan}");
}
