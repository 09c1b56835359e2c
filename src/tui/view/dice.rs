//! The die prompt of typed dice: the faces given so far, each with its purpose, then the die asked
//! for now with what it needs, and what is typed. With the secrets hidden, a purpose that names a
//! concealed unit is not read out.

use super::*;
use crate::text::escape_terminal;
use crate::tui::app::DiceRun;

/// `text` cut to `width` columns (its display width: a wide character takes two), with … when
/// cut.
fn fit(text: &str, width: usize) -> String {
    crate::text::clip(text, width)
}

/// The die asked for now, and where it stands among the command's dice: "die 2 of 5, d10", or
/// "die 2, d6" when how many follow hangs on the faces.
fn which_die(run: &DiceRun) -> String {
    let n = run.given.len() + 1;
    match run.total {
        Some(total) => format!("die {n} of {total}, {}", run.die),
        None => format!("die {n}, {}", run.die),
    }
}

pub(super) fn render_dice(app: &App, run: &DiceRun, t: &Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(2).min(100);
    let inner = usize::from(width.saturating_sub(2));
    // The die asked for now: its purpose (wrapped), then the prompt.
    let mut asked = vec![
        Line::from(Span::styled(screened(app, &run.purpose), t.title())),
        Line::from(vec![
            Span::styled(format!("{}? ", which_die(run)), t.key()),
            Span::raw(format!("{}▏", escape_terminal(&run.text))),
        ]),
    ];
    if let Some((message, Level::Error)) = &app.message {
        asked.push(Line::from(Span::styled(screened(app, message), t.error())));
    }
    let asked = Text::from(asked);
    let asked_rows = wrapped_height(&asked, width.saturating_sub(2));
    // The faces given so far, newest last; as many as fit above, one line each.
    let room = area
        .height
        .saturating_sub(2)
        .saturating_sub(asked_rows + 3)
        .max(1);
    let shown = run.given.len().min(usize::from(room));
    let mut text = Text::default();
    if !run.given.is_empty() {
        let hidden = run.given.len() - shown;
        for (i, g) in run.given.iter().enumerate().skip(hidden) {
            let head = format!("{:>2}. {} ({})  ", i + 1, g.face, g.die);
            let rest = inner.saturating_sub(crate::text::width(&head));
            text.push_line(Line::from(vec![
                Span::styled(head, t.key()),
                Span::raw(fit(&screened(app, &g.purpose), rest)),
            ]));
        }
        if hidden > 0 {
            text.lines.insert(
                0,
                Line::from(Span::styled(format!("… {hidden} earlier face(s)"), t.dim())),
            );
        }
        text.push_line(Line::from(""));
    }
    text.extend(asked);
    let needed = wrapped_height(&text, width.saturating_sub(2)) + 2;
    let r = popup(area, width, needed.min(area.height.saturating_sub(2)));
    // What is typed stays in sight: when the box is too small, its top lines go first.
    let scroll = needed.saturating_sub(r.height);
    Clear.render(r, buf);
    let back = if run.given.is_empty() && run.form.is_some() {
        "⌫ back to the form"
    } else {
        "⌫ takes back a face"
    };
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .block(
            Block::bordered()
                .title(format!(
                    " Dice thrown at the table: {} ",
                    escape_terminal(&run.title)
                ))
                .title_bottom(format!(" enter gives the face · {back} · esc cancels ")),
        )
        .render(r, buf);
}
