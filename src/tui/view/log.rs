//! The log pane: the battle's entries, newest at the bottom, each saying what happened first and
//! short ([`App::log_line`]) and wrapped onto as many rows as it takes (never cut: the whole
//! explanation is one enter away), undone ones struck through, an undo or redo saying what it
//! took back or put back. With the log's keys the selected entry is marked
//! (› and reversed) and what the search found stands out. With the secrets hidden, only the
//! entries everyone may see are listed ([`App::log_entries`]), numbered in that order.

use super::*;

/// Spans of `text`, the parts matching `needle` (any case) in `found`.
fn marked(text: String, needle: Option<&str>, base: Style, found: Style) -> Vec<Span<'static>> {
    let lower = |c: char| c.to_lowercase().next().unwrap_or(c);
    let Some(needle) = needle.filter(|n| !n.is_empty()) else {
        return vec![Span::styled(text, base)];
    };
    let needle: Vec<char> = needle.chars().map(lower).collect();
    let chars: Vec<char> = text.chars().collect();
    let mut spans = Vec::new();
    let (mut plain, mut i) = (String::new(), 0);
    while i < chars.len() {
        let hit = i + needle.len() <= chars.len()
            && chars[i..i + needle.len()]
                .iter()
                .zip(&needle)
                .all(|(a, b)| lower(*a) == *b);
        if hit {
            if !plain.is_empty() {
                spans.push(Span::styled(std::mem::take(&mut plain), base));
            }
            spans.push(Span::styled(
                chars[i..i + needle.len()].iter().collect::<String>(),
                base.patch(found),
            ));
            i += needle.len();
        } else {
            plain.push(chars[i]);
            i += 1;
        }
    }
    if !plain.is_empty() {
        spans.push(Span::styled(plain, base));
    }
    spans
}

/// `text` broken into rows of at most `width` columns: at spaces where it can, inside a word only
/// when the word is longer than a row. Nothing is cut.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let w = crate::text::width;
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split(' ') {
        let gap = usize::from(!row.is_empty());
        if w(&row) + gap + w(word) <= width {
            if gap == 1 {
                row.push(' ');
            }
            row.push_str(word);
            continue;
        }
        if !row.is_empty() {
            rows.push(std::mem::take(&mut row));
        }
        // A word longer than a row is broken where the row ends.
        for c in word.chars() {
            if w(&row) + w(c.encode_utf8(&mut [0; 4])) > width {
                rows.push(std::mem::take(&mut row));
            }
            row.push(c);
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// Entry `i`, numbered `number` in the log, as the rows of `width` columns it takes: the first
/// after its number, the rest under the first.
fn entry_rows(
    app: &App,
    i: usize,
    number: usize,
    digits: usize,
    width: usize,
    t: &Theme,
) -> Vec<Line<'static>> {
    let b = app.battle();
    let entries = b.history().entries();
    let focused = app.log.focused;
    let selected = focused && i == app.log.cursor;
    let number = format!(
        "{}{:>digits$} ",
        match (focused, selected) {
            (false, _) => "",
            (true, true) => "›",
            (true, false) => " ",
        },
        number
    );
    let lead = Span::raw(number.as_str()).width();
    let style = match entries.get(i) {
        Some(Entry::Event(_)) if b.history().is_in_force(i) => Style::new(),
        Some(Entry::Event(_)) => t.dim().add_modifier(Modifier::CROSSED_OUT),
        _ => t.dim(),
    };
    let needle = if focused {
        app.log.search.as_deref()
    } else {
        None
    };
    let text = crate::text::escape_terminal(&app.log_line(i));
    let rows = wrap(&text, width.saturating_sub(lead));
    let mut number = Some(number);
    rows.into_iter()
        .map(|row| {
            let mut spans = vec![match number.take() {
                Some(n) => Span::styled(n, if selected { t.key() } else { t.dim() }),
                None => Span::raw(" ".repeat(lead)),
            }];
            spans.extend(marked(
                row,
                needle,
                style,
                t.key().add_modifier(Modifier::UNDERLINED),
            ));
            let line = Line::from(spans);
            if selected {
                line.patch_style(t.selected())
            } else {
                line
            }
        })
        .collect()
}

pub(super) fn render_log(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let listed = app.log_entries();
    let n = listed.len();
    let mut title = String::from(if app.log.focused { " ▶ Log" } else { " Log" });
    // A search naming a unit hidden while the secrets are hidden is not read out.
    if app.log.focused
        && let Some(s) = &app.log.search
    {
        if app.shows_text(s) {
            title.push_str(&format!(" /{}", crate::text::escape_terminal(s)));
        } else {
            title.push_str(" /…");
        }
    }
    if app.log_back > 0 {
        title.push_str(&format!(" (↑{})", app.log_back));
    }
    title.push(' ');
    let block = Block::bordered().title(Span::styled(
        title,
        if app.log.focused {
            t.key()
        } else {
            Style::new()
        },
    ));
    let block = if app.log.focused {
        block.border_style(t.key())
    } else {
        block
    };
    let inner = block.inner(area);
    block.render(area, buf);
    let mut areas = app.areas.get();
    areas.log = area;
    app.areas.set(areas);
    // Newest at the bottom, each entry on as many rows as it takes, numbered in the order
    // listed; the selected entry is always in sight.
    let height = usize::from(inner.height);
    let width = usize::from(inner.width);
    let digits = n.to_string().len().max(3);
    let rows_of = |k: usize| entry_rows(app, listed[k], k + 1, digits, width, t);
    let mut end = n.saturating_sub(app.log_back);
    if app.log.focused {
        let c = listed
            .binary_search(&app.log.cursor)
            .unwrap_or_else(|at| at);
        if c < n && c >= end {
            end = c + 1;
        }
    }
    let mut shown: Vec<Vec<Line>> = Vec::new();
    let mut used = 0;
    let mut k = end;
    while k > 0 && used < height {
        k -= 1;
        let rows = rows_of(k);
        used += rows.len();
        shown.push(rows);
    }
    // The selected entry above those shown: it is shown first, with those after it that fit.
    if app.log.focused {
        let c = listed
            .binary_search(&app.log.cursor)
            .unwrap_or_else(|at| at);
        if c < k {
            shown.clear();
            used = 0;
            let mut j = c;
            while j < n && used < height {
                let rows = rows_of(j);
                used += rows.len();
                shown.push(rows);
                j += 1;
            }
            // Oldest first; rows past the pane's foot are left out.
            let lines: Vec<Line> = shown.into_iter().flatten().take(height).collect();
            Paragraph::new(lines).render(inner, buf);
            return;
        }
    }
    // Oldest first, whole entries only (the newest always, its first rows when it is taller
    // than the pane): from the pane's top when the first entry is shown, else at its foot.
    if used > height && shown.len() > 1 {
        used -= shown.pop().map_or(0, |rows| rows.len());
        k += 1;
    }
    let lines: Vec<Line> = shown.into_iter().rev().flatten().take(height).collect();
    let top = if k == 0 {
        0
    } else {
        u16::try_from(height.saturating_sub(used)).unwrap_or(0)
    };
    let [_, foot] = Layout::vertical([Constraint::Length(top), Constraint::Fill(1)]).areas(inner);
    Paragraph::new(lines).render(foot, buf);
}

/// The key-hint line while the log has the keys.
pub(super) fn render_log_hints(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    use crate::tui::Action as A;
    let k = |a: &A| app.keymap.hint(a);
    let mut spans = vec![Span::raw(" ")];
    for (key, what) in [
        ("↑↓".to_string(), "select"),
        ("enter".to_string(), "open"),
        (k(&A::Search), "search"),
        (
            format!("{} {}", k(&A::LogNextMatch), k(&A::LogPrevMatch)),
            "match",
        ),
        (format!("{} esc", k(&A::LogFocus)), "roster"),
    ] {
        if key.trim().is_empty() {
            continue;
        }
        spans.push(Span::styled(key, t.key()));
        spans.push(Span::raw(format!(" {what}  ")));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_cuts_nothing() {
        assert_eq!(wrap("1-1 → g11: Suppressed", 40), ["1-1 → g11: Suppressed"]);
        assert_eq!(
            wrap("1-2 → g12: defender wins; 1-2 Paralyzed", 20),
            ["1-2 → g12: defender", "wins; 1-2 Paralyzed"]
        );
        // A word longer than a row is broken where the row ends.
        assert_eq!(wrap("ab abcdefgh", 4), ["ab", "abcd", "efgh"]);
        // Wide characters count twice.
        assert_eq!(wrap("日本 語の記録", 5), ["日本", "語の", "記録"]);
        assert_eq!(wrap("", 10), [""]);
        for text in [
            "a b c d e f",
            "Remove Finished → Action, turn 1 · B Company",
        ] {
            for width in 1..20 {
                let rows = wrap(text, width);
                assert!(rows.iter().all(|r| crate::text::width(r) <= width));
                assert_eq!(rows.join(" ").replace(' ', ""), text.replace(' ', ""));
            }
        }
    }

    #[test]
    fn matches_stand_out_in_any_case() {
        let found = Style::new().add_modifier(Modifier::UNDERLINED);
        let spans = marked("Fire at fire".into(), Some("FIRE"), Style::new(), found);
        let parts: Vec<(&str, bool)> = spans
            .iter()
            .map(|s| (s.content.as_ref(), s.style == found))
            .collect();
        assert_eq!(parts, [("Fire", true), (" at ", false), ("fire", true)]);
        assert_eq!(marked("x".into(), None, Style::new(), found).len(), 1);
    }
}
