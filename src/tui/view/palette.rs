//! The palette over the screen: what was typed, then each procedure and general key that
//! matches, its keys in one column and its name in the next (and, where there is room, what it
//! does), the highlighted one reversed.

use super::*;
use crate::tui::app::Palette;

pub(super) fn render_palette(
    app: &App,
    palette: &Palette,
    t: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let entries = app.palette_entries();
    let shown = app.palette_shown(palette);
    // As tall as what it lists (the line typed, the entries, the borders), within the screen.
    let r = popup(
        area,
        area.width.saturating_sub(4).min(100),
        (shown.len().max(1) as u16 + 3).min(area.height.saturating_sub(2)),
    );
    Clear.render(r, buf);
    let key = app.keymap.hint(&crate::tui::Action::Palette);
    let block = Block::bordered()
        .title(format!(
            " All keys{} ({} of {}) ",
            if key.is_empty() {
                String::new()
            } else {
                format!(" · {key}")
            },
            shown.len(),
            entries.len()
        ))
        .title_bottom(match &app.popup_hint {
            Some(hint) => Line::from(Span::styled(format!(" {hint} "), t.error())),
            None => key_line(
                t,
                &[
                    ("↑↓", "move"),
                    ("type", "a name or a key"),
                    ("enter", "runs it"),
                    ("esc", "closes"),
                ],
            ),
        });
    let inner = block.inner(r);
    block.render(r, buf);
    let mut lines = vec![find_line(t, &palette.filter)];
    let key_w = entries
        .iter()
        .map(|e| crate::text::width(&e.keys))
        .max()
        .unwrap_or(1)
        .clamp(1, 14);
    let name_w = entries
        .iter()
        .map(|e| crate::text::width(&e.name))
        .max()
        .unwrap_or(1)
        .clamp(1, 24);
    let width = usize::from(inner.width);
    let mut cursor_line = 0;
    for (i, e) in shown.iter().enumerate() {
        let keys = crate::text::clip(&e.keys, key_w);
        let pad_k = key_w - crate::text::width(&keys);
        let name = crate::text::clip(&e.name, name_w);
        let pad_n = name_w - crate::text::width(&name);
        let mut spans = vec![
            Span::raw(if i == palette.cursor { "› " } else { "  " }),
            Span::styled(format!("{keys}{}", " ".repeat(pad_k)), t.key()),
            Span::raw(format!("  {name}{}", " ".repeat(pad_n))),
        ];
        let used = 2 + key_w + 2 + name_w + 2;
        if !e.help.is_empty() && width > used + 8 {
            spans.push(Span::styled(
                format!(
                    "  {}",
                    crate::text::clip(&crate::text::escape_terminal(&e.help), width - used)
                ),
                t.dim(),
            ));
        }
        let line = Line::from(spans);
        if i == palette.cursor {
            cursor_line = lines.len();
            lines.push(line.patch_style(t.selected()));
        } else {
            lines.push(line);
        }
    }
    if shown.is_empty() {
        lines.push(Line::from(Span::styled(
            format!(
                "nothing matches {:?}: backspace to widen",
                crate::text::escape_terminal(&palette.filter)
            ),
            t.dim(),
        )));
    }
    // Keep the highlighted line in view.
    let height = usize::from(inner.height);
    let scroll = (cursor_line + 1).saturating_sub(height);
    Paragraph::new(lines)
        .scroll((scroll as u16, 0))
        .render(inner, buf);
}
