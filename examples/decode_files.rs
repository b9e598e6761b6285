//! Decodes image files with the studio's `art::decode` and prints each one's size or error:
//! `cargo run --example decode_files FILE...` (used to check that the truncation check of
//! issue 24 refuses no complete real photograph).

fn main() {
    let mut failed = 0;
    for path in std::env::args().skip(1) {
        match std::fs::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|b| studio::art::decode::decode(&b).map_err(|e| e.to_string()))
        {
            Ok(g) => println!("{path}: {}x{}", g.width(), g.height()),
            Err(e) => {
                failed += 1;
                println!("{path}: {e}");
            }
        }
    }
    std::process::exit(i32::from(failed > 0));
}
