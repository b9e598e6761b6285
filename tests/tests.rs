//! The one integration-test binary; each module below holds one area's tests.

// The SAT layer: cardinality encodings against counting, enumeration, monitors.
mod sat;
