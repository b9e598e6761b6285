//! The one integration-test binary; each module below holds one area's tests.

// The SAT layer: cardinality encodings against counting, enumeration, monitors.
mod sat;

// Nonograms: solution counts against brute force, the line solver, every format's worked
// examples and round trips, the verifier, the page functions, and fuzzed malformed input.
mod nonogram;
