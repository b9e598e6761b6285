//! The studio's limits, stated and enforced (issue 24): each kind's sizes (its model refuses
//! anything larger, naming the limit), and the solver worker's memory. Pure; the page shows
//! [`stated`] and runs every request through [`fit`] before it reaches the worker.
//!
//! The one request whose memory is not bounded by the board alone is counting: every answer
//! found adds a clause over all the answer's cell variables (so the next answer differs), and a
//! count up to 1,000,000 on a 25x25 Star Battle board would hold 625 million literals, far more
//! memory than a worker can have. [`fit`] lowers such a count to what fits in
//! [`WORKER_MEMORY_BYTES`] and says so, and refuses, naming the limit, a request whose encoding
//! alone would not fit.

use crate::jobs::Request;
use crate::kinds::{self, Kind};
use crate::puzzle::{Mode, Puzzle};
use crate::sat::Cnf;

/// The memory the studio lets one solver worker's work take: 1 GiB. A worker's WebAssembly can
/// address 4 GiB at most, and browsers on small machines refuse far less; 1 GiB is what a phone
/// still gives a tab.
pub const WORKER_MEMORY_BYTES: u64 = 1 << 30;

/// Bytes the SAT solver (varisat) holds per literal of a clause added while counting (the
/// clause's own overhead and the growth of its vectors spread over its literals); measured with
/// `cargo run --release --example count_memory 20000` (docs/benchmarks.md, faults and limits): 7.3 to 13.1 bytes per
/// literal at the peak on Star Battle 10x10 to 25x25; stated here with a margin.
pub const BYTES_PER_COUNTED_LITERAL: u64 = 16;

/// Bytes per literal of the encoding itself, for the check of the request's base size (the
/// clause database, watches and the solver's copies), with a margin over what was measured.
pub const BYTES_PER_ENCODED_LITERAL: u64 = 32;

/// Each kind's size limits as the page states them ([`crate::play::Playable::size_limits`]).
pub fn stated(kind: Kind) -> String {
    crate::with_kind!(kind, P => <P as crate::play::Playable>::size_limits())
}

/// The memory limit as the page states it.
pub fn stated_memory() -> String {
    format!(
        "The solver works within {} of memory. Counting solutions keeps one clause per answer found, so on big boards the count stops earlier (the page says where); an image may have up to {:.0} megapixels and {:.0} MB.",
        mib(WORKER_MEMORY_BYTES),
        crate::art::decode::MAX_PIXELS as f64 / 1e6,
        crate::art::decode::MAX_FILE_BYTES as f64 / 1e6
    )
}

fn mib(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30)).replace(".0 GiB", " GiB")
    } else {
        format!("{:.0} MiB", bytes as f64 / f64::from(1u32 << 20))
    }
}

/// The most answers a count over `answer_lits` cell variables can keep within the memory limit,
/// next to an encoding of `encoded_literals` literals.
pub fn count_cap(answer_lits: usize, encoded_literals: u64) -> usize {
    let left = WORKER_MEMORY_BYTES.saturating_sub(encoded_literals * BYTES_PER_ENCODED_LITERAL);
    let per_answer = (answer_lits as u64).max(1) * BYTES_PER_COUNTED_LITERAL;
    (left / per_answer).max(1) as usize
}

/// The size of `kind`'s encoding of `puzzle`: its answer variables and its literals in all.
pub fn encoding_size(kind: Kind, puzzle: &str) -> Result<(usize, u64), String> {
    crate::with_kind!(kind, P => {
        let p = kinds::import_as::<P>(puzzle).map_err(|e| e.to_string())?;
        let mut cnf = Cnf::new();
        let vars = p.encode(&mut cnf);
        let literals: u64 = cnf.clauses().iter().map(|c| c.len() as u64).sum();
        Ok((p.answer_lits(&vars).len(), literals))
    })
}

/// Checks a request against the memory limit before it starts. A count that would outgrow it is
/// lowered to what fits, with a sentence saying so; a request whose encoding alone would not fit
/// is refused with the limit named. Everything else passes unchanged (the models have already
/// refused anything beyond their sizes).
pub fn fit(request: Request) -> Result<(Request, Option<String>), String> {
    let Request::Solve { kind, puzzle, mode, options } = request else {
        return Ok((request, None));
    };
    let Mode::Count(n) = mode else {
        return Ok((Request::Solve { kind, puzzle, mode, options }, None));
    };
    let (answer, literals) = match encoding_size(kind, &puzzle) {
        Ok(size) => size,
        // Not readable: the worker reports the model's own error, as for any solve.
        Err(_) => return Ok((Request::Solve { kind, puzzle, mode, options }, None)),
    };
    if literals * BYTES_PER_ENCODED_LITERAL > WORKER_MEMORY_BYTES {
        return Err(format!(
            "This puzzle's encoding has {literals} literals, about {} of solver memory, more than the solver's limit of {}.",
            mib(literals * BYTES_PER_ENCODED_LITERAL),
            mib(WORKER_MEMORY_BYTES)
        ));
    }
    let cap = count_cap(answer, literals);
    if n <= cap {
        return Ok((Request::Solve { kind, puzzle, mode, options }, None));
    }
    let note = format!(
        "Counting stops at {} solutions on this board: each answer found adds a clause over its {answer} cells, and {} of them fill the solver's memory limit of {}.",
        group(cap),
        group(cap),
        mib(WORKER_MEMORY_BYTES)
    );
    Ok((Request::Solve { kind, puzzle, mode: Mode::Count(cap), options }, Some(note)))
}

/// 1234567 as "1,234,567".
fn group(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
