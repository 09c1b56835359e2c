//! The battle's account over the screen: how it ended, and each side's units, losses, hits and
//! leaders ([`crate::battle::Summary`]), with the keys of the report. With the secrets hidden,
//! the units still concealed are not counted.

use super::*;

pub(super) fn render_summary(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let b = app.battle();
    let s = b.summary_for(app.viewer());
    let mut lines = vec![
        Line::from(Span::styled(
            crate::text::escape_terminal(b.scenario.title()),
            t.title(),
        )),
        Line::from(match (s.over, s.last_turn) {
            (true, Some(last)) => format!(
                "The battle is over: {} turn{} played, the last was turn {last}.",
                s.turns_played,
                if s.turns_played == 1 { "" } else { "s" }
            ),
            _ => format!(
                "{} turn{} played so far.",
                s.turns_played,
                if s.turns_played == 1 { "" } else { "s" }
            ),
        }),
        Line::from(""),
    ];
    // The result in the umpire's words, once recorded, comes first (after the title), wrapped
    // to the screen: at most three lines, the whole in the log and the report.
    if let Some(result) = &b.state().result {
        const LABEL: &str = "Result: ";
        let room = usize::from(area.width.saturating_sub(4)).saturating_sub(LABEL.len());
        let mut rows = wrap_words(&crate::text::escape_terminal(result), room.max(20));
        if rows.len() > 3 {
            rows.truncate(3);
            rows[2].push_str(" …");
        }
        for (i, row) in rows.into_iter().enumerate() {
            let label = if i == 0 { LABEL } else { "        " };
            lines.insert(
                1 + i,
                Line::from(vec![Span::styled(label, t.key()), Span::raw(row)]),
            );
        }
    }
    // Two lines a side: its name, then its figures (side names are long; 80 columns suffice).
    for side in &s.sides {
        lines.push(Line::from(Span::styled(
            crate::text::escape_terminal(&side.name),
            t.side(),
        )));
        let mut spans = vec![
            Span::raw("  "),
            Span::styled(side.units.to_string(), t.key()),
            Span::raw(format!(
                " {} · ",
                if side.units == 1 {
                    b.ruleset.unit_nouns().0
                } else {
                    b.ruleset.unit_nouns().1
                }
            )),
            Span::styled(side.in_play.to_string(), t.key()),
            Span::raw(" in play · "),
            Span::styled(side.lost.to_string(), t.key()),
            Span::raw(" lost · "),
            Span::styled(side.hits.to_string(), t.key()),
            Span::raw(format!(" {}", b.ruleset.losses().total_label())),
        ];
        // A rule set without leaders says nothing of them.
        if side.leaders > 0 {
            spans.extend([
                Span::raw(" · "),
                Span::styled(
                    format!("{} of {}", side.leaders_lost, side.leaders),
                    t.key(),
                ),
                Span::raw(" leaders lost"),
            ]);
        }
        lines.push(Line::from(spans));
    }
    if app.secrets_hidden() {
        lines.push(Line::from(Span::styled(
            "Units still concealed are not counted while secrets are hidden.",
            t.dim(),
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(vec![
        Span::styled(app.keymap.hint(&crate::tui::Action::Report), t.key()),
        Span::raw(" the report and its replay · "),
        Span::styled(crate::tui::replay::WRITE_HTML_KEY.to_string(), t.key()),
        Span::raw(" write the reports beside the journal"),
    ]));
    lines.push(Line::from(vec![
        Span::styled(app.keymap.hint(&crate::tui::Action::Result), t.key()),
        Span::raw(if b.state().result.is_some() {
            " record the result again, in your words (the report puts it first)"
        } else {
            " record the result, in your words (the report puts it first)"
        }),
    ]));
    let hint = if s.over {
        format!(
            " e extend the battle by one turn · {} ",
            crate::tui::app::POPUP_CLOSES
        )
    } else {
        format!(" {} ", crate::tui::app::POPUP_CLOSES)
    };
    let hint = hint.as_str();
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(20)
        .max(crate::text::width(hint)) as u16
        + 4;
    let r = popup(area, width.min(area.width), lines.len() as u16 + 2);
    Clear.render(r, buf);
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(if s.over {
                    " The battle is over "
                } else {
                    " The battle so far "
                })
                .title_bottom(match &app.popup_hint {
                    Some(_) => popups::closing_line(app, t, String::new()),
                    None => Line::from(Span::styled(hint.to_string(), t.key())),
                }),
        )
        .render(r, buf);
}

/// `text` in rows of at most `room` columns, broken between words (a word wider than a row is
/// cut into pieces that fit).
fn wrap_words(text: &str, room: usize) -> Vec<String> {
    let room = room.max(1);
    let mut pieces = Vec::new();
    for word in text.split_whitespace() {
        let mut piece = String::new();
        for c in word.chars() {
            if !piece.is_empty()
                && crate::text::width(&piece) + crate::text::width(&c.to_string()) > room
            {
                pieces.push(std::mem::take(&mut piece));
            }
            piece.push(c);
        }
        pieces.push(piece);
    }
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for piece in pieces {
        if !row.is_empty() && crate::text::width(&row) + 1 + crate::text::width(&piece) > room {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(&piece);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_result_wraps_between_words_and_cuts_a_word_wider_than_a_row() {
        assert_eq!(
            super::wrap_words("The bridge held  all day", 10),
            ["The bridge", "held all", "day"]
        );
        assert_eq!(
            super::wrap_words("abcdefghij kl", 4),
            ["abcd", "efgh", "ij", "kl"]
        );
    }
}
