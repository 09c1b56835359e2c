//! The offer chooser over the screen: each offer standing, the units that may take it up (with
//! their badges), narrowed by what the umpire types.

use super::roster::badge_spans;
use super::*;
use crate::tui::app::Chooser;

pub(super) fn render_chooser(
    app: &App,
    chooser: &Chooser,
    t: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let b = app.battle();
    let shown = chooser.shown(b);
    let r = popup(
        area,
        area.width.saturating_sub(4).min(90),
        area.height.saturating_sub(2),
    );
    Clear.render(r, buf);
    let block = Block::bordered()
        .title(format!(
            " Who takes it up? ({} of {}) ",
            shown.len(),
            chooser.choices.len()
        ))
        .title_bottom(key_line(
            t,
            &[
                ("↑↓", "choose"),
                ("type", "narrow"),
                ("enter", "open the form"),
                ("esc", "cancel"),
            ],
        ));
    let inner = block.inner(r);
    block.render(r, buf);
    let mut lines = vec![find_line(t, &chooser.filter)];
    let id_w = b.roster.longest_id().clamp(4, 10);
    let mut cursor_line = 0;
    let mut last_offer = None;
    for (k, &i) in shown.iter().enumerate() {
        let choice = &chooser.choices[i];
        if last_offer != Some(&choice.offer) {
            lines.push(Line::from(Span::styled(
                crate::text::escape_terminal(&choice.offer.text),
                t.title(),
            )));
            last_offer = Some(&choice.offer);
        }
        let u = &b.roster.units[choice.unit];
        let mut spans = vec![
            Span::raw(if k == chooser.cursor { "› " } else { "  " }),
            Span::styled(
                format!("{:<id_w$}", u.id),
                Style::new().add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(" {}", crate::text::escape_terminal(&u.name))),
        ];
        spans.extend(badge_spans(t, &b.ruleset.badges(&b.view(), choice.unit)));
        let line = Line::from(spans);
        if k == chooser.cursor {
            cursor_line = lines.len();
            lines.push(line.patch_style(t.selected()));
        } else {
            lines.push(line);
        }
    }
    if shown.is_empty() {
        lines.push(Line::from(Span::styled(
            "no unit matches: backspace to widen",
            t.dim(),
        )));
    }
    // Keep the cursor's line in view.
    let height = usize::from(inner.height);
    let scroll = (cursor_line + 1).saturating_sub(height);
    Paragraph::new(lines)
        .scroll((scroll as u16, 0))
        .render(inner, buf);
}
