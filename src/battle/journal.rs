//! The battle journal (JSON Lines, fsync'd, locked, torn-tail tolerant).
