//! Text safety and help: names from other people's files are checked for control, bidi and
//! invisible characters at load, anything echoed to a terminal is escaped, and misspelt names get
//! the nearest valid one.
//!
//! A character is *forbidden* in a name, an id, a title or anything typed into the UI when it is:
//! - a control character (general category Cc), or a line or paragraph separator (U+2028, U+2029),
//!   which could move the cursor, clear the screen or break a line of a report;
//! - a bidirectional-formatting character ([`BIDI`]), which could reorder what a terminal shows;
//! - an invisible or format character ([`INVISIBLE`]): every Unicode `Default_Ignorable_Code_Point`
//!   and every character of general category Cf, which draw nothing (or nothing a reader can see),
//!   so that `g11` and `g1\u{200B}1` would look alike.

/// The bidirectional-formatting characters: the Arabic letter mark, the left-to-right and
/// right-to-left marks, the embeddings and overrides, and the isolates.
pub const BIDI: &[(char, char)] = &[
    ('\u{061C}', '\u{061C}'), // ARABIC LETTER MARK
    ('\u{200E}', '\u{200F}'), // LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK
    ('\u{202A}', '\u{202E}'), // LRE, RLE, PDF, LRO, RLO
    ('\u{2066}', '\u{2069}'), // LRI, RLI, FSI, PDI
];

/// The invisible and format characters, in code point order: every `Default_Ignorable_Code_Point`
/// of the Unicode Character Database (`DerivedCoreProperties.txt`, Unicode 15.1, reserved code
/// points of the property included) and every character of general category Cf outside it (marked
/// "Cf only"). The bidirectional-formatting characters are in both lists; [`BIDI`] names them
/// first.
pub const INVISIBLE: &[(char, char)] = &[
    ('\u{00AD}', '\u{00AD}'),   // SOFT HYPHEN
    ('\u{034F}', '\u{034F}'),   // COMBINING GRAPHEME JOINER
    ('\u{0600}', '\u{0605}'),   // ARABIC NUMBER SIGN..ARABIC NUMBER MARK ABOVE (Cf only)
    ('\u{061C}', '\u{061C}'),   // ARABIC LETTER MARK
    ('\u{06DD}', '\u{06DD}'),   // ARABIC END OF AYAH (Cf only)
    ('\u{070F}', '\u{070F}'),   // SYRIAC ABBREVIATION MARK (Cf only)
    ('\u{0890}', '\u{0891}'),   // ARABIC POUND / PIASTRE MARK ABOVE (Cf only)
    ('\u{08E2}', '\u{08E2}'),   // ARABIC DISPUTED END OF AYAH (Cf only)
    ('\u{115F}', '\u{1160}'),   // HANGUL CHOSEONG FILLER, HANGUL JUNGSEONG FILLER
    ('\u{17B4}', '\u{17B5}'),   // KHMER VOWEL INHERENT AQ, KHMER VOWEL INHERENT AA
    ('\u{180B}', '\u{180F}'),   // MONGOLIAN FREE VARIATION SELECTORS, MONGOLIAN VOWEL SEPARATOR
    ('\u{200B}', '\u{200F}'),   // ZERO WIDTH SPACE, ZWNJ, ZWJ, LRM, RLM
    ('\u{202A}', '\u{202E}'),   // bidi embeddings and overrides
    ('\u{2060}', '\u{206F}'),   // WORD JOINER, invisible operators, isolates, deprecated formats
    ('\u{3164}', '\u{3164}'),   // HANGUL FILLER
    ('\u{FE00}', '\u{FE0F}'),   // VARIATION SELECTOR-1..16
    ('\u{FEFF}', '\u{FEFF}'),   // ZERO WIDTH NO-BREAK SPACE (byte order mark)
    ('\u{FFA0}', '\u{FFA0}'),   // HALFWIDTH HANGUL FILLER
    ('\u{FFF0}', '\u{FFFB}'),   // reserved (FFF0..FFF8); INTERLINEAR ANNOTATION marks (Cf only)
    ('\u{110BD}', '\u{110BD}'), // KAITHI NUMBER SIGN (Cf only)
    ('\u{110CD}', '\u{110CD}'), // KAITHI NUMBER SIGN ABOVE (Cf only)
    ('\u{13430}', '\u{1343F}'), // EGYPTIAN HIEROGLYPH format controls (Cf only)
    ('\u{1BCA0}', '\u{1BCA3}'), // SHORTHAND FORMAT LETTER OVERLAP..STEP UP
    ('\u{1D173}', '\u{1D17A}'), // MUSICAL SYMBOL BEGIN BEAM..END PHRASE
    ('\u{E0000}', '\u{E0FFF}'), // LANGUAGE TAG, tag characters, VARIATION SELECTOR-17..256, reserved
];

/// Why a character may not appear in a name, or `None` if it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    /// A control character (Cc) or a line or paragraph separator.
    Control,
    /// A bidirectional-formatting character ([`BIDI`]).
    Bidi,
    /// An invisible or format character ([`INVISIBLE`]).
    Invisible,
}

impl Forbidden {
    /// The kind in words, with its article: "a control character".
    pub fn describe(self) -> &'static str {
        match self {
            Forbidden::Control => "a control character",
            Forbidden::Bidi => "a bidirectional-formatting character",
            Forbidden::Invisible => "an invisible or format character",
        }
    }
}

fn in_table(table: &[(char, char)], c: char) -> bool {
    table.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// Why `c` may not appear in a name, an id or a typed field, if it may not.
pub fn forbidden_kind(c: char) -> Option<Forbidden> {
    if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
        Some(Forbidden::Control)
    } else if c.is_ascii() {
        None
    } else if in_table(BIDI, c) {
        Some(Forbidden::Bidi)
    } else if in_table(INVISIBLE, c) {
        Some(Forbidden::Invisible)
    } else {
        None
    }
}

/// True when `c` may not appear in a name (see [`forbidden_kind`]).
pub fn is_forbidden(c: char) -> bool {
    forbidden_kind(c).is_some()
}

/// The first character of `s` that may not appear in a name (control, bidirectional-formatting,
/// invisible or format characters, which could rewrite what a terminal or report shows or make two
/// names look alike), with its byte offset.
pub fn forbidden_char(s: &str) -> Option<(usize, char)> {
    s.char_indices().find(|&(_, c)| is_forbidden(c))
}

/// A forbidden character refused as it is typed or pasted: `U+202E is not allowed here (a
/// bidirectional-formatting character)`.
pub fn not_allowed_here(c: char) -> String {
    let kind = forbidden_kind(c).map_or("", Forbidden::describe);
    format!("U+{:04X} is not allowed here ({kind})", c as u32)
}

/// How many columns `s` takes on a terminal: a wide character (CJK) two, a combining mark none.
pub fn width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// `s` cut to at most `max` columns ([`width`]), ending in "…" when cut; a combining mark stays
/// with the letter it marks.
pub fn clip(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used + w + 1 > max {
            break;
        }
        out.push(c);
        used += w;
    }
    if max > 0 {
        out.push('…');
    }
    out
}

/// Escapes a string for a terminal or stderr: control, bidi and invisible characters become
/// `\u{…}`.
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

/// The non-empty `parts` joined in parentheses after a space — `" (de, veteran)"` — or nothing
/// when every part is empty (a rule set without qualities leaves a quality empty).
pub fn parenthesised<'a>(parts: impl IntoIterator<Item = &'a str>) -> String {
    let parts: Vec<&str> = parts.into_iter().filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
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

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = source[line_start..offset].chars().count() + 1;
    (line, column)
}

/// The longest id, in characters: ids are typed at the table.
pub const MAX_ID_CHARS: usize = 32;

pub fn id_problem(id: &str) -> Option<(usize, String)> {
    if id.is_empty() {
        return Some((0, "an id may not be empty".into()));
    }
    if let Some((at, c)) = forbidden_char(id) {
        return Some((at, forbidden_message(c)));
    }
    if let Some((at, _)) = id.char_indices().find(|(_, c)| c.is_whitespace()) {
        return Some((
            at,
            "an id may not contain spaces (use `-` or `_`): it is typed at the table".into(),
        ));
    }
    // Typed at the table and on the command line: letters that look alike (a Cyrillic і, a
    // fullwidth ｉ) would make two ids that cannot be told apart.
    if let Some((at, c)) = id
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Some((
            at,
            format!(
                "`{c}` may not be in an id: an id is ASCII letters, digits, `-` and `_` (it is \
                 typed at the table, and must not be mistaken for another)"
            ),
        ));
    }
    if id.starts_with('-') {
        return Some((
            0,
            "an id may not start with `-`: it would read as a flag on the command line".into(),
        ));
    }
    too_long(id, MAX_ID_CHARS).map(|(at, count)| {
        let message =
            format!("an id may have at most {MAX_ID_CHARS} characters; this one has {count}");
        (at, message)
    })
}

/// Why a forbidden character may not stand in a name, with its code point.
pub fn forbidden_message(c: char) -> String {
    let (what, harm) = match forbidden_kind(c) {
        Some(Forbidden::Invisible) => (
            Forbidden::Invisible.describe(),
            "which shows nothing and could make two names look alike",
        ),
        Some(kind) => (
            kind.describe(),
            "which could change what a terminal or report shows",
        ),
        None => ("a character", "which is not allowed here"),
    };
    format!("contains {what} (U+{:04X}), {harm}; remove it", c as u32)
}

/// When `text` has more than `max` characters: the byte offset of the first one too many, and
/// how many it has.
pub fn too_long(text: &str, max: usize) -> Option<(usize, usize)> {
    let (at, _) = text.char_indices().nth(max)?;
    Some((at, text.chars().count()))
}

#[cfg(test)]
mod tests {
    use super::{clip, width};

    #[test]
    fn a_wide_letter_takes_two_columns_and_a_combining_mark_none() {
        assert_eq!(width("第一"), 4);
        assert_eq!(width("Mu\u{308}ller"), 6);
        // Cut at the columns, never through a wide letter, a combining mark kept with its letter.
        assert_eq!(clip("第一小隊", 5), "第一…");
        assert_eq!(width(&clip("第一小隊第二", 7)), 7);
        assert_eq!(clip("Mu\u{308}ller", 3), "Mu\u{308}…");
        assert_eq!(clip("short", 10), "short");
    }

    use super::*;

    #[test]
    fn rejects_control_and_bidi() {
        assert_eq!(forbidden_char("Able"), None);
        assert_eq!(forbidden_char("Ab\u{202E}le"), Some((2, '\u{202E}')));
        assert_eq!(forbidden_char("a\nb"), Some((1, '\n')));
        assert_eq!(forbidden_char("a\u{1b}[31m"), Some((1, '\u{1b}')));
        assert_eq!(forbidden_char("a\u{2028}b"), Some((1, '\u{2028}')));
        assert_eq!(forbidden_char("Gefreiter Müller – 1. Zug"), None);
        assert_eq!(forbidden_kind('\u{1b}'), Some(Forbidden::Control));
        assert_eq!(forbidden_kind('\u{85}'), Some(Forbidden::Control));
        assert_eq!(forbidden_kind('\u{202E}'), Some(Forbidden::Bidi));
        assert_eq!(forbidden_kind('\u{2067}'), Some(Forbidden::Bidi));
        assert_eq!(forbidden_kind('\u{061C}'), Some(Forbidden::Bidi));
    }

    /// Each invisible or format character the issue names, one assertion each, with the byte
    /// offset found in a name.
    #[test]
    fn rejects_zero_width_space() {
        assert_eq!(forbidden_char("g1\u{200B}1"), Some((2, '\u{200B}')));
        assert_eq!(forbidden_kind('\u{200B}'), Some(Forbidden::Invisible));
    }

    #[test]
    fn rejects_zero_width_joiner() {
        assert_eq!(forbidden_char("a\u{200D}b"), Some((1, '\u{200D}')));
        assert_eq!(forbidden_kind('\u{200C}'), Some(Forbidden::Invisible));
    }

    #[test]
    fn rejects_word_joiner() {
        assert_eq!(forbidden_char("a\u{2060}b"), Some((1, '\u{2060}')));
    }

    #[test]
    fn rejects_soft_hyphen() {
        assert_eq!(forbidden_char("Pan\u{00AD}zer"), Some((3, '\u{00AD}')));
    }

    #[test]
    fn rejects_combining_grapheme_joiner() {
        assert_eq!(forbidden_char("a\u{034F}"), Some((1, '\u{034F}')));
    }

    #[test]
    fn rejects_mongolian_vowel_separator() {
        assert_eq!(forbidden_char("a\u{180E}"), Some((1, '\u{180E}')));
    }

    #[test]
    fn rejects_every_tag_character() {
        for c in '\u{E0000}'..='\u{E007F}' {
            assert_eq!(
                forbidden_kind(c),
                Some(Forbidden::Invisible),
                "U+{:X}",
                c as u32
            );
        }
        assert_eq!(forbidden_char("us\u{E0075}"), Some((2, '\u{E0075}')));
    }

    #[test]
    fn rejects_byte_order_mark_and_variation_selectors() {
        for c in [
            '\u{FEFF}',
            '\u{FE0F}',
            '\u{E0100}',
            '\u{1D173}',
            '\u{1BCA0}',
            '\u{3164}',
        ] {
            assert!(is_forbidden(c), "U+{:X}", c as u32);
        }
    }

    /// Every character of general category Cf (Unicode 15) is forbidden: the table is complete.
    #[test]
    fn every_format_character_is_forbidden() {
        const CF: &[(u32, u32)] = &[
            (0x00AD, 0x00AD),
            (0x0600, 0x0605),
            (0x061C, 0x061C),
            (0x06DD, 0x06DD),
            (0x070F, 0x070F),
            (0x0890, 0x0891),
            (0x08E2, 0x08E2),
            (0x180E, 0x180E),
            (0x200B, 0x200F),
            (0x202A, 0x202E),
            (0x2060, 0x2064),
            (0x2066, 0x206F),
            (0xFEFF, 0xFEFF),
            (0xFFF9, 0xFFFB),
            (0x110BD, 0x110BD),
            (0x110CD, 0x110CD),
            (0x13430, 0x1343F),
            (0x1BCA0, 0x1BCA3),
            (0x1D173, 0x1D17A),
            (0xE0001, 0xE0001),
            (0xE0020, 0xE007F),
        ];
        for &(lo, hi) in CF {
            for c in (lo..=hi).filter_map(char::from_u32) {
                assert!(is_forbidden(c), "U+{:04X}", c as u32);
            }
        }
    }

    #[test]
    fn letters_marks_and_spaces_of_every_script_are_allowed() {
        for s in [
            "Høyde 192",
            "Гвардейская",
            "第三中隊",
            "الفرقة",
            "Đại đội",
            "e\u{0301}",
            "a\u{00A0}b",
            "1–2 — 3",
        ] {
            assert_eq!(forbidden_char(s), None, "{s}");
        }
    }

    #[test]
    fn escapes_for_terminal() {
        assert_eq!(escape_terminal("a\u{1b}[2J"), "a\\u{1b}[2J");
        assert_eq!(escape_terminal("g1\u{200B}1"), "g1\\u{200b}1");
        assert_eq!(escape_terminal("us\u{E0075}"), "us\\u{e0075}");
        assert_eq!(escape_terminal("plain"), "plain");
    }

    #[test]
    fn refusals_name_the_character() {
        assert_eq!(
            not_allowed_here('\u{202E}'),
            "U+202E is not allowed here (a bidirectional-formatting character)"
        );
        assert_eq!(
            not_allowed_here('\u{200B}'),
            "U+200B is not allowed here (an invisible or format character)"
        );
        assert_eq!(
            not_allowed_here('\u{7}'),
            "U+0007 is not allowed here (a control character)"
        );
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
