//! The log pane: the battle's entries, newest at the bottom, undone ones struck through.

use super::*;

pub(super) fn entry_line(
    b: &crate::battle::Battle,
    i: usize,
    e: &Entry,
    t: &Theme,
) -> Line<'static> {
    match e {
        Entry::Event(ev) => {
            let style = if b.history().is_in_force(i) {
                Style::new()
            } else {
                t.dim().add_modifier(Modifier::CROSSED_OUT)
            };
            Line::from(vec![
                Span::styled(format!("{:>3} ", i + 1), t.dim()),
                Span::styled(crate::text::escape_terminal(&ev.summary), style),
            ])
        }
        Entry::Undo => Line::from(Span::styled(format!("{:>3} ↶ undo", i + 1), t.dim())),
        Entry::Redo => Line::from(Span::styled(format!("{:>3} ↷ redo", i + 1), t.dim())),
    }
}

pub(super) fn render_log(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let b = app.battle();
    let entries = b.history().entries();
    let block = Block::bordered().title(if app.log_back > 0 {
        format!(" Log (↑{}) ", app.log_back)
    } else {
        " Log ".to_string()
    });
    let inner = block.inner(area);
    block.render(area, buf);
    let mut areas = app.areas.get();
    areas.log = area;
    app.areas.set(areas);
    // Newest at the bottom; long summaries wrap, so count rows from the end.
    let end = entries.len().saturating_sub(app.log_back);
    let mut lines: Vec<Line> = Vec::new();
    let mut used = 0u16;
    for i in (0..end).rev() {
        let line = entry_line(b, i, &entries[i], t);
        let h = wrapped_height(&Text::from(line.clone()), inner.width);
        if used + h > inner.height {
            break;
        }
        used += h;
        lines.push(line);
    }
    lines.reverse();
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}
