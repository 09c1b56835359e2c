//! Every sentence of a digest traced to a test, or said to be left to the umpire.
//!
//! A digest (`digests/*.md`, the umpire's digest of one rule set) is cut into sentences: each
//! sentence of a paragraph or a list item, and each row of a table. A suite names the sentence a
//! test checks by quoting it, whole or in part, in the test's doc comment, one `/// > ` line or
//! more:
//!
//! ```text
//! /// > the timer starts at 3 and drops by one at the end of each later move
//! #[test]
//! fn retiring_lasts_three_moves() { … }
//! ```
//!
//! A quote must be found in exactly one sentence (whitespace, `**` and backticks aside), or be
//! one sentence whole (a table's caption, which each of its rows repeats). A sentence that no
//! program could rule on (line of sight, where figures stand) is listed by the suite in its
//! `LEFT_TO_THE_UMPIRE`, with why. [`check`] fails on a sentence with neither, on a quote found
//! nowhere or in several sentences, and on a quote that is not above a test; the trace itself —
//! each sentence with its tests — is kept as a snapshot (`snapshots/`), so a reader can walk the
//! digest and find its tests.

use std::fmt::Write as _;

/// One sentence of a digest.
#[derive(Debug, Clone)]
pub struct Sentence {
    /// The heading it stands under.
    pub section: String,
    /// Its text, whitespace collapsed, emphasis and code marks taken out.
    pub text: String,
    /// True when it settles a question of the text (`Decision:`, `(decision: …)`).
    pub decision: bool,
}

/// A quote of the digest above a test.
#[derive(Debug)]
pub struct Cite {
    pub quote: String,
    pub test: String,
    /// The line of the suite the quote starts on.
    pub line: usize,
}

/// How a digest stands against its suite.
pub struct Trace {
    pub sentences: Vec<Sentence>,
    /// For each sentence, the tests that quote it.
    pub tests: Vec<Vec<String>>,
    /// For each sentence, why it is left to the umpire, if it is.
    pub left: Vec<Option<&'static str>>,
}

impl Trace {
    pub fn traced(&self) -> usize {
        self.tests.iter().filter(|t| !t.is_empty()).count()
    }

    pub fn left_to_the_umpire(&self) -> usize {
        self.left.iter().filter(|l| l.is_some()).count()
    }

    pub fn decisions(&self) -> usize {
        self.sentences.iter().filter(|s| s.decision).count()
    }

    /// The trace as text: each section, each sentence, and under it its tests or why it is the
    /// umpire's.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} sentences: {} traced to tests, {} left to the umpire; {} settle a question (Decision)",
            self.sentences.len(),
            self.traced(),
            self.left_to_the_umpire(),
            self.decisions()
        );
        let mut section = "";
        for (i, s) in self.sentences.iter().enumerate() {
            if s.section != section {
                section = &s.section;
                let _ = writeln!(out, "\n## {section}");
            }
            let mark = if s.decision { "[Decision] " } else { "" };
            let _ = writeln!(out, "- {mark}{}", s.text);
            for t in &self.tests[i] {
                let _ = writeln!(out, "    test: {t}");
            }
            if let Some(why) = self.left[i] {
                let _ = writeln!(out, "    left to the umpire: {why}");
            }
        }
        out
    }
}

/// Collapses whitespace and takes out `**`, `*` emphasis marks and backticks, for matching.
pub fn normal(text: &str) -> String {
    let text = text.replace("**", "").replace('`', "");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Words that end with a full stop without ending a sentence.
const ABBREVIATIONS: &[&str] = &["Fig.", "e.g.", "i.e.", "vs.", "cf.", "etc.", "No."];

/// The sentences of a digest's markdown.
pub fn sentences(markdown: &str) -> Vec<Sentence> {
    let mut out = Vec::new();
    let mut section = String::from("Introduction");
    let mut block: Vec<String> = Vec::new();
    let mut table_header = false;
    // What the rows of the table being read are of: the sentence before it, to its first bracket
    // or colon ("Infantry combat table"), so that two tables' alike rows stay two sentences.
    let mut caption = String::new();
    let flush = |block: &mut Vec<String>, section: &str, out: &mut Vec<Sentence>| {
        if block.is_empty() {
            return;
        }
        let text = normal(&block.join(" "));
        block.clear();
        for s in split(&text) {
            out.push(Sentence {
                section: section.to_string(),
                decision: is_decision(&s),
                text: s,
            });
        }
    };
    for line in markdown.lines() {
        let trimmed = line.trim();
        if let Some(heading) = trimmed.strip_prefix('#') {
            flush(&mut block, &section, &mut out);
            if trimmed.starts_with("# ") {
                // The title: what follows it, up to the first section, is the introduction.
                continue;
            }
            section = normal(heading.trim_start_matches('#'));
            continue;
        }
        if trimmed.is_empty() {
            flush(&mut block, &section, &mut out);
            table_header = false;
            continue;
        }
        if trimmed.starts_with('|') {
            flush(&mut block, &section, &mut out);
            let cells: Vec<&str> = trimmed
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            if cells
                .iter()
                .all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':'))
            {
                table_header = true;
                continue;
            }
            if !table_header {
                // The header row: it names the columns, it rules nothing.
                caption = out
                    .last()
                    .map(|s: &Sentence| caption_of(&s.text))
                    .unwrap_or_default();
                continue;
            }
            let text = normal(&format!("{caption}: {}", cells.join(" | ")));
            out.push(Sentence {
                section: section.clone(),
                decision: is_decision(&text),
                text,
            });
            continue;
        }
        let item = trimmed.starts_with("- ")
            || trimmed
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if item {
            flush(&mut block, &section, &mut out);
        }
        block.push(trimmed.trim_start_matches("- ").to_string());
    }
    flush(&mut block, &section, &mut out);
    out
}

/// A table's caption from the sentence before it: up to its first bracket, colon or dash.
fn caption_of(sentence: &str) -> String {
    let end = sentence.find(['(', ':', '—']).unwrap_or(sentence.len());
    sentence[..end].trim().trim_end_matches('.').to_string()
}

fn is_decision(text: &str) -> bool {
    text.to_lowercase().contains("decision")
}

/// A paragraph cut into sentences: at a full stop (or `?`, `!`) followed by a space or the end,
/// outside brackets, and not after a number or an abbreviation.
fn split(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut start = 0;
    let mut depth = 0i32;
    for i in 0..chars.len() {
        match chars[i] {
            '(' => depth += 1,
            ')' => depth -= 1,
            '.' | '?' | '!' if depth <= 0 => {
                let at_end = i + 1 == chars.len() || chars[i + 1] == ' ';
                if !at_end {
                    continue;
                }
                let so_far: String = chars[start..=i].iter().collect();
                let last_word = so_far.split_whitespace().last().unwrap_or("");
                if ABBREVIATIONS.contains(&last_word) {
                    continue;
                }
                // A list's number ("1.") is not a sentence.
                if last_word
                    .trim_end_matches('.')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                    && so_far.split_whitespace().count() == 1
                {
                    continue;
                }
                let s = so_far.trim().to_string();
                if !s.is_empty() {
                    out.push(s);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    let rest: String = chars[start..].iter().collect();
    let rest = rest.trim();
    if !rest.is_empty() {
        out.push(rest.to_string());
    }
    out
}

/// The quotes of a suite's source: each run of `/// > ` lines (an empty `/// >` line between two
/// quotes), with the test below it.
pub fn cites(source: &str) -> Vec<Cite> {
    let mut out = Vec::new();
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("/// >") {
            i += 1;
            continue;
        }
        // The quotes of this doc comment, each with the line it starts on.
        let mut quotes: Vec<(usize, Vec<&str>)> = Vec::new();
        let mut open = false;
        while let Some(rest) = lines.get(i).and_then(|l| l.strip_prefix("/// >")) {
            let rest = rest.trim();
            if rest.is_empty() {
                open = false;
            } else if open {
                quotes.last_mut().expect("an open quote").1.push(rest);
            } else {
                quotes.push((i + 1, vec![rest]));
                open = true;
            }
            i += 1;
        }
        // The item the quotes are above: after other doc lines, comments and attributes, a `fn`.
        let mut test = String::new();
        let mut is_test = false;
        for l in &lines[i..] {
            if l.starts_with("#[test]") {
                is_test = true;
            }
            if let Some(rest) = l.strip_prefix("fn ").or_else(|| l.strip_prefix("pub fn ")) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                test = if is_test { name } else { format!("!{name}") };
                break;
            }
            if !(l.starts_with("//") || l.starts_with("#[")) {
                break;
            }
        }
        out.extend(quotes.into_iter().map(|(line, words)| Cite {
            quote: normal(&words.join(" ")),
            test: test.clone(),
            line,
        }));
    }
    out
}

/// Holds a suite to its digest: every quote found in exactly one sentence and above a test, every
/// sentence quoted by a test or left to the umpire (with why), nothing left to the umpire that a
/// test also checks or that is not in the digest. Panics with every problem found.
#[track_caller]
pub fn check(
    name: &str,
    digest: &str,
    suite: &str,
    left_to_the_umpire: &'static [(&'static str, &'static str)],
) -> Trace {
    let sentences = sentences(digest);
    let mut problems = Vec::new();
    let mut tests = vec![Vec::new(); sentences.len()];
    let mut left = vec![None; sentences.len()];
    // The sentences a quote is found in; a quote that is one sentence whole is that sentence,
    // though it is also found in others (a table's caption, "Nationality quality:", is in each
    // of its rows).
    let find = |quote: &str| -> Vec<usize> {
        let found: Vec<usize> = sentences
            .iter()
            .enumerate()
            .filter(|(_, s)| s.text.contains(quote))
            .map(|(i, _)| i)
            .collect();
        match found
            .iter()
            .filter(|&&i| sentences[i].text == quote)
            .collect::<Vec<_>>()[..]
        {
            [&whole] => vec![whole],
            _ => found,
        }
    };
    for c in cites(suite) {
        if c.test.is_empty() || c.test.starts_with('!') {
            problems.push(format!(
                "{name}.rs:{}: the quote {:?} is not above a #[test] fn",
                c.line, c.quote
            ));
            continue;
        }
        match find(&c.quote)[..] {
            [i] => {
                if !tests[i].contains(&c.test) {
                    tests[i].push(c.test.clone());
                }
            }
            [] => problems.push(format!(
                "{name}.rs:{}: {} quotes {:?}, which is in no sentence of the digest",
                c.line, c.test, c.quote
            )),
            ref many => problems.push(format!(
                "{name}.rs:{}: {} quotes {:?}, which is in {} sentences: quote more of the one meant",
                c.line,
                c.test,
                c.quote,
                many.len()
            )),
        }
    }
    for (quote, why) in left_to_the_umpire {
        match find(&normal(quote))[..] {
            [i] if !tests[i].is_empty() => problems.push(format!(
                "{quote:?} is left to the umpire, yet {} checks it",
                tests[i].join(", ")
            )),
            [i] => left[i] = Some(*why),
            [] => problems.push(format!(
                "{quote:?}, left to the umpire, is in no sentence of the digest"
            )),
            _ => problems.push(format!(
                "{quote:?}, left to the umpire, is in several sentences: quote more"
            )),
        }
    }
    for (i, s) in sentences.iter().enumerate() {
        if tests[i].is_empty() && left[i].is_none() {
            problems.push(format!("not traced ({}): {}", s.section, s.text));
        }
    }
    assert!(
        problems.is_empty(),
        "the {name} suite against its digest — {} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
    Trace {
        sentences,
        tests,
        left,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_is_cut_into_sentences_rows_and_items() {
        let md = "# `x` — title\n\nIntro one. Intro two (see Fig. 11, a 1.5\" move).\n\n## Turn\n\
                  - First item. Second\n  sentence continues.\n1. Numbered item.\n\n| a | b |\n|---|---|\n\
                  | 1 | **six** |\n";
        let s = sentences(md);
        let texts: Vec<&str> = s.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Intro one.",
                "Intro two (see Fig. 11, a 1.5\" move).",
                "First item.",
                "Second sentence continues.",
                "1. Numbered item.",
                "1. Numbered item: 1 | six",
            ]
        );
        assert_eq!(s[0].section, "Introduction");
        assert_eq!(s[2].section, "Turn");
    }

    #[test]
    fn quotes_are_read_with_the_test_below_them() {
        let src = "/// > first quote\n/// > goes on\n///\n/// more words\n#[test]\nfn a_test() {}\n\
                   /// > not a test\nfn helper() {}\n";
        let c = cites(src);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].quote, "first quote goes on");
        assert_eq!(c[0].test, "a_test");
        assert_eq!(c[1].test, "!helper");
    }

    #[test]
    fn a_sentence_without_a_test_or_a_quote_in_two_sentences_fails_the_check() {
        let md = "## S\nOne rule here. Another rule here.\n";
        let suite = "/// > rule here\n#[test]\nfn t() {}\n";
        let failed = std::panic::catch_unwind(|| check("x", md, suite, &[]));
        assert!(failed.is_err());
        let suite = "/// > One rule\n#[test]\nfn t() {}\n";
        let failed = std::panic::catch_unwind(|| check("x", md, suite, &[]));
        assert!(failed.is_err(), "the second sentence is not traced");
        let trace = check("x", md, suite, &[("Another rule", "the umpire's eye")]);
        assert_eq!(trace.traced(), 1);
        assert_eq!(trace.left_to_the_umpire(), 1);
    }

    #[test]
    fn a_quote_of_a_whole_sentence_is_that_sentence_though_its_rows_hold_it() {
        let md = "## S\nSides:\n\n| side | rating |\n|---|---|\n| German | 3+ |\n";
        let s = sentences(md);
        assert_eq!(s[1].text, "Sides: German | 3+");
        let suite = "/// > Sides:\n#[test]\nfn t() {}\n/// > Sides: German\n#[test]\nfn u() {}\n";
        let trace = check("x", md, suite, &[]);
        assert_eq!(
            trace.tests,
            vec![vec!["t".to_string()], vec!["u".to_string()]]
        );
        // A part of a sentence found in several is still refused.
        let suite = "/// > Sides\n#[test]\nfn t() {}\n/// > German\n#[test]\nfn u() {}\n";
        assert!(std::panic::catch_unwind(|| check("x", md, suite, &[])).is_err());
    }
}
