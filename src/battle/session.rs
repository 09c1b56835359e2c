//! A battle with its journal: every entry on disk before it is applied.
