//! The report view over the whole screen ([`ReportView`]): a header with where the replay stands,
//! the roster as it stood after the event shown (drawn as the main screen draws it), each side's
//! strength over the turns as a chart with a line where the replay stands, the losses of each
//! turn, and the event shown with its dice and result. `c` puts the chart over the whole view.

use super::roster::{render_roster_pane, roster_title};
use super::*;
use crate::report::{Report, resolution_line};
use crate::tui::ReportView;
use crate::tui::replay::{CHART_KEY, RELOAD_KEY, WRITE_HTML_KEY, WRITE_MARKDOWN_KEY};
use ratatui::symbols::Marker;
use ratatui::widgets::{Axis, Chart, Dataset, GraphType};

/// Each side's colour on the chart, in the roster's order (then again from the first).
const SIDE_COLORS: [Color; 5] = [
    Color::LightBlue,
    Color::LightRed,
    Color::LightGreen,
    Color::LightYellow,
    Color::LightMagenta,
];

/// Without colour, each side's line is drawn with its own marker, shown before its name.
const SIDE_MARKERS: [(Marker, &str); 4] = [
    (Marker::Braille, "⠒⠒"),
    (Marker::Dot, "••"),
    (Marker::Block, "██"),
    (Marker::Bar, "▄▄"),
];

impl Widget for &ReportView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = Theme { color: self.color };
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            render_too_small(area, buf);
            return;
        }
        let torn = self.chronicle().torn.is_some();
        let [header, body, status, hints] = Layout::vertical([
            Constraint::Length(2 + u16::from(torn)),
            Constraint::Fill(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        render_header(self, &t, header, buf);
        if self.chart_zoomed {
            render_chart(self, &t, body, buf);
        } else {
            let [left, right] =
                Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
                    .areas(body);
            let chart_height = (right.height * 9 / 20).clamp(7, 16);
            let losses_rows = self.report().turns.iter().filter(|a| a.turn > 0).count() as u16;
            let losses_height = (losses_rows + 4).min(right.height / 4).max(4);
            let [chart, losses, event] = Layout::vertical([
                Constraint::Length(chart_height),
                Constraint::Length(losses_height),
                Constraint::Fill(1),
            ])
            .areas(right);
            render_replay_roster(self, &t, left, buf);
            render_chart(self, &t, chart, buf);
            render_losses(self, &t, losses, buf);
            render_event(self, &t, event, buf);
        }
        render_view_status(self, &t, status, buf);
        render_view_hints(self, &t, hints, buf);
        if self.help {
            render_view_help(self, &t, area, buf);
        }
    }
}

/// What the view shows and where the replay stands (the battle after the event shown, as the
/// main screen's header says it), then the journal, and a torn last line if there is one.
fn render_header(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let b = v.battle();
    let place = crate::tui::watch::place(b);
    let esc = crate::text::escape_terminal;
    let line1 = Line::from(vec![
        Span::styled(" umpire ", t.title()),
        Span::raw("│ replay │ "),
        Span::styled(
            format!("event {}/{} · {}", v.step(), v.len(), esc(&place)),
            t.key(),
        ),
        Span::raw(format!(
            " │ {} │ {}",
            esc(b.scenario.title()),
            b.ruleset.id()
        )),
    ]);
    let undone = v.chronicle().undone();
    let line2 = Line::from(vec![
        Span::raw(format!(
            " read only{} │ journal: ",
            match undone {
                0 => String::new(),
                1 => " · 1 undone event left out".to_string(),
                n => format!(" · {n} undone events left out"),
            }
        )),
        Span::styled(esc(&v.chronicle().path.display().to_string()), t.dim()),
    ]);
    let mut lines = vec![line1, line2];
    if let Some(torn) = &v.chronicle().torn {
        lines.push(Line::from(Span::styled(
            format!(" the journal is torn: {}", torn.describe()),
            t.error(),
        )));
    }
    Paragraph::new(lines).render(area, buf);
}

/// The roster after the event shown, folded and filtered as the main screen's.
fn render_replay_roster(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let pane = v.roster_pane();
    let filters = roster_title(&pane);
    let title = match filters.trim() {
        "Roster" => format!(" Roster after event {} ", v.step()),
        other => format!(" {other} · after event {} ", v.step()),
    };
    let height = usize::from(area.height.saturating_sub(2));
    let first = v.roster_top.min(pane.rows().len().saturating_sub(height));
    render_roster_pane(&pane, t, title, first, None, area, buf);
}

/// A strength point's label on the x axis: `start`, the turn's number, `3…` for a turn still
/// being played.
fn point_label(label: &str) -> String {
    match label.strip_prefix("turn ") {
        Some(rest) => match rest.strip_suffix(" (so far)") {
            Some(turn) => format!("{turn}…"),
            None => rest.to_string(),
        },
        None => label.to_string(),
    }
}

/// The x axis' labels: every point's when they fit, else the first, the middle and the last.
fn x_labels(report: &Report, width: u16) -> Vec<String> {
    let labels: Vec<String> = report
        .strength
        .iter()
        .map(|p| point_label(&p.label))
        .collect();
    let n = labels.len();
    if n <= 1 {
        return labels;
    }
    if n * 7 <= usize::from(width) {
        return labels;
    }
    let mut out = vec![labels[0].clone()];
    if (n - 1).is_multiple_of(2) {
        out.push(labels[(n - 1) / 2].clone());
    }
    out.push(labels[n - 1].clone());
    out
}

/// Each side's strength over the turns (the report's points: the start and the end of each
/// turn), a line where the replay stands, and the sides named above.
fn render_chart(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let report = v.report();
    let esc = crate::text::escape_terminal;
    let title = format!(" Strength: {} ", esc(&report.strength_measure));
    let now = format!(
        " now: {} ",
        match v.current() {
            Some((_, _, m)) if v.step() > 1 => format!("turn {}", m.turn),
            _ => "the start".to_string(),
        }
    );
    let mut block = Block::bordered().title(title.clone());
    // Where the replay stands, on the right when both titles fit.
    if crate::text::width(&title) + crate::text::width(&now) + 3 <= usize::from(area.width) {
        block = block.title(Line::from(now).right_aligned());
    }
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height < 3 || inner.width < 10 {
        return;
    }
    let points = &report.strength;
    let sides = report.sides.len();
    let series: Vec<Vec<(f64, f64)>> = (0..sides)
        .map(|s| {
            points
                .iter()
                .enumerate()
                .map(|(i, p)| (i as f64, f64::from(p.values.get(s).copied().unwrap_or(0))))
                .collect()
        })
        .collect();
    // The y axis spans the values with a margin below (a few figures lost out of many still
    // show), its ends a whole number apart that halves evenly for the middle label.
    let values = || points.iter().flat_map(|p| p.values.iter().copied());
    let high = values().max().unwrap_or(0).max(1);
    let low = values().min().unwrap_or(0);
    let mut top = high;
    let mut bottom = low.saturating_sub((high - low) / 2 + 1);
    if (top - bottom) % 2 == 1 {
        if bottom > 0 {
            bottom -= 1;
        } else {
            top += 1;
        }
    }
    let x_max = (points.len().saturating_sub(1) as f64).max(1.0);
    let x = v.chart_x();
    let cursor = [(x, f64::from(bottom)), (x, f64::from(top))];
    let side_style = |s: usize| {
        if t.color {
            Style::new().fg(SIDE_COLORS[s % SIDE_COLORS.len()])
        } else {
            Style::new()
        }
    };
    let side_marker = |s: usize| {
        if t.color {
            (Marker::Braille, "━━")
        } else {
            SIDE_MARKERS[s % SIDE_MARKERS.len()]
        }
    };
    // The legend: the sides' names on one line, or their ids, or a line a side.
    let legend_line = |full: bool| {
        let mut spans = Vec::new();
        for (s, (id, name)) in report.sides.iter().enumerate() {
            if s > 0 {
                spans.push(Span::raw("   "));
            }
            spans.push(Span::styled(side_marker(s).1, side_style(s)));
            let text = if full {
                format!(" {} ({})", esc(name), esc(id))
            } else {
                format!(" {}", esc(id))
            };
            spans.push(Span::styled(text, side_style(s)));
        }
        Line::from(spans)
    };
    let width = usize::from(inner.width);
    let legend_lines = if legend_line(true).width() <= width {
        vec![legend_line(true)]
    } else if inner.height >= 12 || legend_line(false).width() > width {
        // A line a side, each with its name.
        report
            .sides
            .iter()
            .enumerate()
            .map(|(s, (id, name))| {
                Line::from(vec![
                    Span::styled(side_marker(s).1, side_style(s)),
                    Span::styled(format!(" {} ({})", esc(name), esc(id)), side_style(s)),
                ])
            })
            .collect()
    } else {
        vec![legend_line(false)]
    };
    let legend_height = (legend_lines.len() as u16).min(inner.height.saturating_sub(3));
    let [legend, plot] =
        Layout::vertical([Constraint::Length(legend_height), Constraint::Fill(1)]).areas(inner);
    Paragraph::new(legend_lines).render(legend, buf);
    let mut datasets: Vec<Dataset> = series
        .iter()
        .enumerate()
        .map(|(s, data)| {
            Dataset::default()
                .marker(side_marker(s).0)
                .graph_type(GraphType::Line)
                .style(side_style(s))
                .data(data)
        })
        .collect();
    datasets.push(
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(t.dim())
            .data(&cursor),
    );
    let y_labels = vec![
        bottom.to_string(),
        (bottom + (top - bottom) / 2).to_string(),
        top.to_string(),
    ];
    Chart::new(datasets)
        .legend_position(None)
        .x_axis(
            Axis::default()
                .bounds([0.0, x_max])
                .labels(x_labels(report, plot.width))
                .style(t.dim()),
        )
        .y_axis(
            Axis::default()
                .bounds([f64::from(bottom), f64::from(top)])
                .labels(y_labels)
                .style(t.dim()),
        )
        .render(plot, buf);
}

/// The losses each side took in each turn (units lost in brackets), the turn of the event shown
/// marked, then the whole battle's.
fn render_losses(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let report = v.report();
    let esc = crate::text::escape_terminal;
    let block =
        Block::bordered().title(format!(" Losses: {} (units) ", esc(&report.losses_measure)));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let sides = report.sides.len();
    let cell = |losses: u32, units: u32| {
        if units > 0 {
            format!("{losses} ({units})")
        } else {
            losses.to_string()
        }
    };
    let accounts: Vec<&crate::report::TurnAccount> =
        report.turns.iter().filter(|a| a.turn > 0).collect();
    let mut rows: Vec<(String, Vec<String>)> = accounts
        .iter()
        .map(|a| {
            (
                format!("turn {}", a.turn),
                (0..sides)
                    .map(|s| cell(a.losses[s], a.units_lost[s]))
                    .collect(),
            )
        })
        .collect();
    let total = |s: usize, f: fn(&crate::report::TurnAccount) -> &Vec<u32>| -> u32 {
        accounts.iter().map(|a| f(a)[s]).sum()
    };
    rows.push((
        "all".to_string(),
        (0..sides)
            .map(|s| cell(total(s, |a| &a.losses), total(s, |a| &a.units_lost)))
            .collect(),
    ));
    let widths: Vec<usize> = (0..sides)
        .map(|s| {
            rows.iter()
                .map(|(_, c)| crate::text::width(&c[s]))
                .chain(std::iter::once(crate::text::width(&report.sides[s].0)))
                .max()
                .unwrap_or(1)
                .max(4)
        })
        .collect();
    let line = |first: &str, cells: &[String]| {
        let mut text = format!("{first:<8}");
        for (s, c) in cells.iter().enumerate() {
            text.push_str(&format!("  {c:>w$}", w = widths[s]));
        }
        text
    };
    let ids: Vec<String> = report.sides.iter().map(|(id, _)| esc(id)).collect();
    let mut lines = vec![Line::from(Span::styled(line("", &ids), t.title()))];
    let current = v
        .current()
        .filter(|_| v.step() > 1)
        .and_then(|(_, _, m)| accounts.iter().position(|a| a.turn == m.turn));
    // Every turn and the whole battle when they fit; else the turns around the one shown (the
    // first ones before the first turn), and the whole battle below them.
    let room = usize::from(inner.height - 1);
    let total_row = rows.len() - 1;
    let shown: Vec<usize> = if rows.len() <= room {
        (0..rows.len()).collect()
    } else {
        let turns = room.saturating_sub(1).max(1);
        let first = match current {
            Some(c) => c.saturating_sub(turns / 2).min(total_row - turns),
            None => 0,
        };
        let mut shown: Vec<usize> = (first..first + turns).collect();
        if room > 1 {
            shown.push(total_row);
        }
        shown
    };
    for i in shown {
        let (label, cells) = &rows[i];
        let style = if Some(i) == current {
            t.selected()
        } else if i == total_row {
            t.key()
        } else {
            Style::new()
        };
        lines.push(Line::from(Span::styled(line(label, cells), style)));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// The event shown: when it happened, its log line, each resolution with its dice and result,
/// and its notes.
fn render_event(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let esc = crate::text::escape_terminal;
    let block = Block::bordered().title(format!(" Event {} of {} ", v.step(), v.len()));
    let Some((_, ev, before)) = v.current() else {
        Paragraph::new("the journal holds no event")
            .block(block)
            .render(area, buf);
        return;
    };
    let b = v.battle();
    let when = if v.step() == 1 {
        "before the first turn".to_string()
    } else {
        let simultaneous = b
            .ruleset
            .phases()
            .iter()
            .find(|p| p.id == before.phase)
            .is_some_and(|p| p.simultaneous);
        let side = if simultaneous {
            "both sides"
        } else {
            b.roster
                .sides
                .get(before.active)
                .map_or("", |s| s.name.as_str())
        };
        format!(
            "turn {} · {} · {}",
            before.turn,
            esc(side),
            b.phase_name(&before.phase)
        )
    };
    let mut text = Text::default();
    text.push_line(Line::from(Span::styled(when, t.dim())));
    text.push_line(Line::from(Span::styled(esc(&ev.summary), t.title())));
    for r in &ev.resolutions {
        text.push_line(Line::from(esc(&resolution_line(r))));
    }
    for n in &ev.notes {
        // A note's own indent (a step under the one above it) is kept before its bullet.
        let rest = n.trim_start();
        let indent = &n[..n.len() - rest.len()];
        text.push_line(Line::from(format!("{indent}• {}", esc(rest))));
    }
    if let Some(tag) = ev.audience.tag() {
        text.push_line(Line::from(Span::styled(
            format!("({})", esc(&tag)),
            t.dim(),
        )));
    }
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .block(block)
        .render(area, buf);
}

/// The view's message: where the report was written, or why it could not be.
fn render_view_status(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    if let Some((text, level)) = &v.message {
        let style = match level {
            Level::Info => Style::new(),
            Level::Error => t.error(),
        };
        Paragraph::new(Line::from(Span::styled(
            format!(" {}", crate::text::escape_terminal(text)),
            style,
        )))
        .render(area, buf);
    }
}

/// The first key of an action ("" when it has none).
fn key_of(v: &ReportView, action: &crate::tui::Action) -> String {
    v.keymap.hint(action)
}

/// The view's keys, each pair as `key/key what`.
fn view_keys(v: &ReportView) -> Vec<(String, String)> {
    use crate::tui::Action as A;
    let pair = |a: &A, b: &A| format!("{}/{}", key_of(v, a), key_of(v, b));
    vec![
        (pair(&A::FoldOrParent, &A::UnfoldOrChild), "event".into()),
        (pair(&A::PageUp, &A::PageDown), "turn".into()),
        (WRITE_HTML_KEY.to_string(), "write report".into()),
        (key_of(v, &A::Help), "keys".into()),
        (
            key_of(v, &A::Quit),
            if v.in_play() { "back" } else { "quit" }.into(),
        ),
        (pair(&A::Top, &A::Bottom), "first/last".into()),
        (WRITE_MARKDOWN_KEY.to_string(), "as Markdown".into()),
        (CHART_KEY.to_string(), "chart".into()),
    ]
}

fn render_view_hints(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    let mut spans = vec![Span::raw(" ")];
    for (k, what) in view_keys(v) {
        if k.is_empty() || k == "/" {
            continue;
        }
        spans.push(Span::styled(k, t.key()));
        spans.push(Span::raw(format!(" {what}  ")));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

/// Every key of the view, over it.
fn render_view_help(v: &ReportView, t: &Theme, area: Rect, buf: &mut Buffer) {
    use crate::tui::Action as A;
    let k = |a: &A| {
        v.keymap
            .keys_for(a)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let both = |a: &A, b: &A| format!("{} {}", k(a), k(b));
    let rows: Vec<(String, &str)> = vec![
        (k(&A::FoldOrParent), "the event before"),
        (k(&A::UnfoldOrChild), "the event after"),
        (
            both(&A::PageUp, &A::LogBack),
            "the turn's first event, or the turn before",
        ),
        (
            both(&A::PageDown, &A::LogForward),
            "the next turn's first event",
        ),
        (k(&A::Top), "the first event (the start)"),
        (k(&A::Bottom), "the last event"),
        (both(&A::Up, &A::Down), "scroll the roster"),
        (
            WRITE_HTML_KEY.to_string(),
            "write the report beside the journal (HTML)",
        ),
        (
            WRITE_MARKDOWN_KEY.to_string(),
            "write it as Markdown, with its chart",
        ),
        (
            CHART_KEY.to_string(),
            "the chart over the whole view, or back",
        ),
        (
            RELOAD_KEY.to_string(),
            "read the journal again (a battle still being played)",
        ),
        (
            format!("esc {}", k(&A::Quit)),
            if v.in_play() {
                "back to the battle"
            } else {
                "quit"
            },
        ),
    ];
    let mut lines = vec![Line::from(Span::styled(
        "Keys of the report view",
        t.title(),
    ))];
    for (keys, what) in rows {
        lines.push(Line::from(vec![
            Span::styled(format!("  {keys:<16}"), t.key()),
            Span::raw(what),
        ]));
    }
    lines.push(Line::from(Span::styled(
        "  the journal is read, never written",
        t.dim(),
    )));
    let width = lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4;
    let r = popup(area, width, lines.len() as u16 + 2);
    Clear.render(r, buf);
    Paragraph::new(lines)
        .block(Block::bordered().title_bottom(" any key closes "))
        .render(r, buf);
}
