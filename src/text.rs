//! Text safety and help: names from other people's files are checked for control and bidi
//! characters at load, anything echoed to a terminal is escaped, and misspelt names get the nearest
//! valid one.

/// The first character of `s` that may not appear in a name (control or bidirectional-formatting
/// characters, which could rewrite what a terminal or report shows), with its byte offset.
pub fn forbidden_char(s: &str) -> Option<(usize, char)> {
    s.char_indices().find(|&(_, c)| is_forbidden(c))
}

fn is_forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
            | '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}

/// Escapes a string for a terminal or stderr: control and bidi characters become `\u{…}`.
pub fn escape_terminal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if is_forbidden(c) {
            out.push_str(&c.escape_unicode().to_string());
        } else {
            out.push(c);
        }
    }
    out
}

/// The closest candidate to `word` by Jaro-Winkler similarity, if it is reasonably close.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&lower, &c.to_lowercase()), c))
        .filter(|(score, _)| *score >= 0.7)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// " (did you mean `x`?)" or "".
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    nearest(word, candidates)
        .map(|n| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_control_and_bidi() {
        assert_eq!(forbidden_char("Able"), None);
        assert_eq!(forbidden_char("Ab\u{202E}le"), Some((2, '\u{202E}')));
        assert_eq!(forbidden_char("a\nb"), Some((1, '\n')));
        assert_eq!(forbidden_char("a\u{1b}[31m"), Some((1, '\u{1b}')));
        assert_eq!(forbidden_char("Gefreiter Müller – 1. Zug"), None);
    }

    #[test]
    fn escapes_for_terminal() {
        assert_eq!(escape_terminal("a\u{1b}[2J"), "a\\u{1b}[2J");
        assert_eq!(escape_terminal("plain"), "plain");
    }

    #[test]
    fn suggests_nearest() {
        assert_eq!(
            nearest("newprot", ["scruby", "newport", "fft3"]),
            Some("newport")
        );
        assert_eq!(nearest("xyz", ["scruby", "newport"]), None);
        assert_eq!(
            did_you_mean("infantery", ["infantry", "vehicle"]),
            " (did you mean `infantry`?)"
        );
    }
}
