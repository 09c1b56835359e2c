//! The battle report: from the command line, as HTML and Markdown, streamed, with its outcome, and
//! in a real browser.

mod browser;
mod cli;
mod html;
mod outcome;
mod stream;
