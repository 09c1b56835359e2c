//! The players' view over the whole screen ([`WatchView`]): a header with where the battle
//! stands and whose view it is, the roster as that side may see it, the latest result in full and
//! the log of the events it may see, newest at the bottom.

use super::roster::render_roster_pane;
use super::*;
use crate::model::Viewer;
use crate::tui::WatchView;
use crate::tui::watch::Following;

impl Widget for &WatchView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = Theme { color: self.color };
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            render_too_small(area, buf);
            return;
        }
        let [header, body, status, hints] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [left, right] =
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)])
                .areas(body);
        render_header(self, &t, header, buf);
        let pane = self.roster_pane();
        let title = match self.viewer() {
            Viewer::Umpire => " Roster ".to_string(),
            Viewer::Side(s) => format!(
                " Roster as {} sees it ",
                crate::text::escape_terminal(&self.battle().roster.sides[s].id)
            ),
            Viewer::Public => " Roster as everyone sees it ".to_string(),
        };
        let top = self.roster_top.min(pane.rows().len().saturating_sub(1));
        render_roster_pane(&pane, &t, title, top, None, left, buf);
        let width = right.width.saturating_sub(2);
        let room = right.height * 3 / 5;
        let mut latest = latest_text(self, &t, false);
        if wrapped_height(&latest, width) + 2 > room {
            latest = latest_text(self, &t, true);
        }
        let wanted = wrapped_height(&latest, width) + 2;
        let [result, log] = Layout::vertical([
            Constraint::Length(wanted.min(room).max(3)),
            Constraint::Fill(1),
        ])
        .areas(right);
        Paragraph::new(latest)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(" Latest result "))
            .render(result, buf);
        render_watch_log(self, &t, log, buf);
        render_watch_status(self, &t, status, buf);
        Paragraph::new(Line::from(vec![
            Span::styled(" ↑↓", t.key()),
            Span::raw(" roster  "),
            Span::styled("PgUp PgDn", t.key()),
            Span::raw(" log  "),
            Span::styled("End", t.key()),
            Span::raw(" newest  "),
            Span::styled("q", t.key()),
            Span::raw(" quit  · read only: the journal is never written"),
        ]))
        .render(hints, buf);
    }
}

/// Whose view it is, in words.
fn whose(v: &WatchView) -> String {
    let b = v.battle();
    match v.viewer() {
        Viewer::Umpire => "the umpire's view: everything".into(),
        Viewer::Side(s) => {
            let side = &b.roster.sides[s];
            format!(
                "{} ({}) sees",
                crate::text::escape_terminal(&side.name),
                crate::text::escape_terminal(&side.id)
            )
        }
        Viewer::Public => "what everyone may see".into(),
    }
}

fn render_header(v: &WatchView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let b = v.battle();
    let esc = crate::text::escape_terminal;
    let line1 = Line::from(vec![
        Span::styled(" umpire ", t.title()),
        Span::raw("│ watch │ "),
        Span::styled(esc(&crate::tui::watch::place(b)), t.key()),
        Span::raw(format!(
            " │ {} │ {}",
            esc(b.scenario.title()),
            b.ruleset.id()
        )),
    ]);
    let (state, style) = match v.following() {
        Following::Live => ("live".to_string(), t.dim()),
        Following::Gone => (
            "the journal is gone (deleted or moved): the battle as last read".to_string(),
            t.error(),
        ),
        Following::Stopped(why) => (
            format!("stopped: {} (the battle as last read)", esc(why)),
            t.error(),
        ),
    };
    let mut spans = vec![
        Span::styled(format!(" {} ", whose(v)), t.side()),
        Span::raw("│ "),
        Span::styled(state, style),
    ];
    if let Some(torn) = &v.chronicle().torn {
        spans.push(Span::styled(
            format!(" · line {} not whole yet", torn.line),
            t.dim(),
        ));
    }
    spans.push(Span::raw(" │ journal: "));
    spans.push(Span::styled(esc(&v.path().display().to_string()), t.dim()));
    Paragraph::new(vec![line1, Line::from(spans)]).render(area, buf);
}

/// The latest event shown that resolved something, in full: what it was, each resolution's
/// table, modifiers, dice and result, and the steps it took. `short`: each resolution in one
/// line (what was resolved, the dice, the result, the modifiers with their reasons), for a
/// window too small for the whole explanation.
fn latest_text(v: &WatchView, t: &Theme, short: bool) -> Text<'static> {
    let esc = crate::text::escape_terminal;
    let mut text = Text::default();
    let Some((seq, ev)) = v.latest() else {
        text.push_line(Line::from(Span::styled("nothing resolved yet", t.dim())));
        return text;
    };
    text.push_line(Line::from(vec![
        Span::styled(format!("#{seq} "), t.dim()),
        Span::styled(esc(&ev.summary), t.title()),
    ]));
    for res in &ev.resolutions {
        if short {
            let line = crate::report::resolution_line(res);
            text.push_line(Line::from(esc(&line)));
            continue;
        }
        text.extend(super::popups::resolution_lines(res, t));
    }
    for n in &ev.notes {
        text.push_line(Line::from(format!("• {}", esc(n))));
    }
    text
}

/// The events the viewer may see, newest at the bottom, each wrapped onto the rows it needs (whole
/// entries only); scrolled back to the oldest, the oldest is at the top. Only the entries on
/// screen are read back from the journal.
fn render_watch_log(v: &WatchView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let log = v.log_marks();
    let height = usize::from(area.height.saturating_sub(2));
    v.log_rows.set(height);
    // Scrolled back no further than a full pane from the oldest line.
    let back = v.log_back.min(log.len().saturating_sub(height));
    let end = log.len().saturating_sub(back);
    let start = end.saturating_sub(height);
    let digits = log
        .iter()
        .rev()
        .find_map(|l| l.number())
        .map_or(1, |n| n.to_string().len());
    let inner_width = usize::from(area.width.saturating_sub(2));
    let entry_rows = |l: &crate::tui::watch::LogLine| -> Vec<Line<'static>> {
        let number = match l.number {
            Some(n) => format!("{n:>digits$} "),
            None => format!("{:>digits$} ", "·"),
        };
        let tag = l
            .tag
            .as_ref()
            .map(|tag| format!(" ({})", crate::text::escape_terminal(tag)))
            .unwrap_or_default();
        let indent = crate::text::width(&number);
        let text = format!("{}{tag}", crate::text::escape_terminal(&l.text));
        super::log::wrap(&text, inner_width.saturating_sub(indent).max(1))
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let lead = if i == 0 {
                    Span::styled(number.clone(), t.dim())
                } else {
                    Span::raw(" ".repeat(indent))
                };
                Line::from(vec![lead, Span::raw(row)])
            })
            .collect()
    };
    let lines = v.log_lines(start..end);
    let mut rows: Vec<Line> = Vec::new();
    // The entries below the last one shown.
    let mut below = back;
    if start == 0 && back > 0 {
        // At the oldest: from the top down, whole entries while they fit.
        let mut shown = 0;
        for l in &lines {
            let entry = entry_rows(l);
            if !rows.is_empty() && rows.len() + entry.len() > height {
                break;
            }
            rows.extend(entry);
            shown += 1;
        }
        below = log.len() - shown;
    } else {
        // From the newest shown up, whole entries while they fit.
        for l in lines.iter().rev() {
            let entry = entry_rows(l);
            if !rows.is_empty() && rows.len() + entry.len() > height {
                break;
            }
            rows.splice(0..0, entry);
        }
    }
    // An entry taller than the whole pane shows its first rows.
    rows.truncate(height);
    let title = if below > 0 {
        format!(" Log · {below} newer below (End) ")
    } else {
        " Log ".to_string()
    };
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    block.render(area, buf);
    Paragraph::new(rows).render(inner, buf);
}

fn render_watch_status(v: &WatchView, t: &Theme, area: Rect, buf: &mut Buffer) {
    if let Some(m) = v.message() {
        Paragraph::new(Line::from(Span::styled(
            format!(" {}", crate::text::escape_terminal(m)),
            t.key(),
        )))
        .render(area, buf);
    }
}
