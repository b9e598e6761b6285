//! Pure functions for the KenKen page.
