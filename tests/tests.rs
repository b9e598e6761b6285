//! The one integration-test binary; each module below holds one area's tests.

// Mutation fuzzing shared by the decoders' tests.
mod fuzz;
// The SAT layer: cardinality encodings against counting, enumeration, monitors.
mod sat;
// Share links: versions, kinds, errors.
mod link;
// Share links v2: the nonograms' title, goal and colour names; v1 links as before; fuzzing.
mod link_v2;
// The worker protocol run natively: solve, generate, bench jobs.
mod jobs;
// Star Battle: brute force, formats, verifier, generator, decoder fuzzing.
mod starbattle;
// Nonogram: brute-force counts, the line solver, formats' worked examples, verifier, decoder fuzzing.
mod nonogram;
// Colour nonogram: brute-force counts, the checker, forms and their errors, samples, decoder fuzzing.
mod colournono;
// Image to nonogram: the pipeline on synthetic images, minimal givens, line-logic givens.
mod art;

/// Image to colour nonogram.
mod colour_adjust;
mod colour_art;
// The puzzle editors: drafts as text, the region editor's keys, pasted junk's messages.
mod editors;
// KenKen: brute-force counts, Tatham's worked example, formats, verifier, generator, decoder fuzzing.
mod kenken;
// Flood-It: A* and SAT against breadth-first search, the bound, the checker, formats, fuzzing.
mod floodit;
// Flood-It's page helpers: colour keys, the swatches' arrows, the New board menu.
mod floodit_page;
// Rectangle-free colouring: checker counts, bounds, encodings against brute force, local search, formats, fuzzing.
mod rectfree;
// The portfolio race: first checked answer wins, the leader's progress, failures.
mod portfolio;
// The Benchmark page chart: the SVG drawn from records (dots sorted on a log scale, verdict bars).
mod bench_chart;
// The registry-driven checks every kind must pass: samples open, share and solve (logic ones proven unique), a checker that rejects a changed answer, generator settings, the marks layout.
mod samples;
// The Undo history of play kept with the marks: text round trip, junk refused, fuzzing, bounds, reload and other tabs.
mod play_history;
// A puzzle of My puzzles keeps its Undo history: reopened, after a reload, from a link, another tab, a file.
mod kept_history;
// Saved work in local storage: the versioned record, version 1 still read, unreadable saves reported with their raw text.
mod saved;
// The stated limits and the memory check before a request starts.
mod limits;
// The contract's shape: the core trait's size, the words, the optional measure through the registry.
mod contract;
// Explained hints: soundness against the proven answer, completeness where the rating promises it, mistakes first.
mod hints;
// The page state as plain Rust: jobs per page, Cancel, failures named by page, the clock passed in.
mod app_state;
// My puzzles: per-puzzle records, the list, best times, the export file; another tab's marks.
mod library;
// The solvers' shortcuts (rules asked again, costly rules after SAT) against the hints' walk.
mod solve_paths;
// The tree's shape: file lengths, data inside the repository, checkers apart from encoders, the web crates only in views.
mod tidy;
// Colour nonogram: line logic with colour sets, its contradiction and words, and its input.
mod colour_logic;
// The command line's arguments.
mod cli;
