//! The report as one self-contained HTML page.

use super::Report;

/// The whole page.
pub fn render(report: &Report) -> String {
    let md = super::markdown::render(report, None);
    let escaped = md
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!("<!DOCTYPE html><html><body><pre>{escaped}</pre></body></html>")
}
