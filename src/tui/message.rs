//! What a status message is: news, or an error.

/// The kind of the status message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Error,
}
