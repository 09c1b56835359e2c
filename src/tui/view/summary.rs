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
    // Two lines a side: its name, then its figures (side names are long; 80 columns suffice).
    for side in &s.sides {
        lines.push(Line::from(Span::styled(
            crate::text::escape_terminal(&side.name),
            t.side(),
        )));
        let mut spans = vec![
            Span::raw("  "),
            Span::styled(side.units.to_string(), t.key()),
            Span::raw(" units · "),
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
        Span::raw(" write the report beside the journal"),
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
