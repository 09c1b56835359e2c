//! Drawing: `impl Widget for &App`, with one small `render_*` helper per part of the screen.
//! Everything shown comes from the battle and the rule set's badges; styles are named below and
//! collapse to plain text attributes when `NO_COLOR` is set.

use super::app::{App, DiceMode, Level, Mode, Prompt, Row};
use super::form::{Form, Odds};
use crate::battle::{Entry, Event};
use crate::rules::{Badge, ParamKind, Scope, Tone};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// The smallest terminal the main screen is drawn in.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 16;

/// Named styles.
struct Theme {
    color: bool,
}

impl Theme {
    fn fg(&self, c: Color) -> Style {
        if self.color {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }
    fn title(&self) -> Style {
        self.fg(Color::Cyan).add_modifier(Modifier::BOLD)
    }
    fn dim(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::DIM)
    }
    fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
    fn error(&self) -> Style {
        self.fg(Color::Red).add_modifier(Modifier::BOLD)
    }
    fn key(&self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }
    fn side(&self) -> Style {
        self.fg(Color::White)
            .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }
    fn hit(&self) -> Style {
        self.fg(Color::Red)
    }
    fn tone(&self, t: Tone) -> Style {
        match t {
            Tone::Info => self.fg(Color::Cyan),
            Tone::Warn => self.fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Tone::Danger => self.fg(Color::Red).add_modifier(Modifier::BOLD),
            Tone::Muted => self.dim(),
        }
    }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let theme = Theme { color: self.color };
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
            Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)])
                .areas(body);
        let details_height = (right.height / 3).clamp(5, 10);
        let [details, log] =
            Layout::vertical([Constraint::Length(details_height), Constraint::Fill(1)])
                .areas(right);
        render_header(self, &theme, header, buf);
        render_roster(self, &theme, left, buf);
        render_details(self, &theme, details, buf);
        render_log(self, &theme, log, buf);
        render_status(self, &theme, status, buf);
        render_hints(self, &theme, hints, buf);
        match &self.mode {
            Mode::Main => {}
            Mode::Form(form) => render_form(self, form, &theme, area, buf),
            Mode::Result { event, scroll } => {
                render_result(self, event, *scroll, &theme, area, buf)
            }
            Mode::Help { scroll } => render_help(self, *scroll, &theme, area, buf),
            Mode::Prompt { kind, text } => {
                render_prompt(kind, text, &theme, status, buf);
                // A refusal while the prompt stays open shows beneath it, over the key hints.
                if let Some((message, Level::Error)) = &self.message {
                    Clear.render(hints, buf);
                    Paragraph::new(Line::from(Span::styled(
                        format!(" {}", crate::text::escape_terminal(message)),
                        theme.error(),
                    )))
                    .render(hints, buf);
                }
            }
            Mode::Markers => render_markers(self, &theme, area, buf),
        }
    }
}

fn render_too_small(area: Rect, buf: &mut Buffer) {
    let text = format!(
        "umpire needs at least {MIN_WIDTH}×{MIN_HEIGHT}; this terminal is {}×{}. Enlarge it (q quits).",
        area.width, area.height
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

fn render_header(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let b = app.battle();
    let s = b.state();
    let side = b.roster.sides.get(s.active).map_or("", |x| x.name.as_str());
    let line1 = Line::from(vec![
        Span::styled(" umpire ", t.title()),
        Span::raw(format!("│ {} │ {} │ ", b.scenario.title(), b.ruleset.id())),
        Span::styled(
            format!(
                "Turn {}{} · {} · {}",
                s.turn,
                b.scenario
                    .file
                    .turns
                    .as_ref()
                    .map(|n| format!("/{}", n.get_ref()))
                    .unwrap_or_default(),
                side,
                b.current_phase_name()
            ),
            t.key(),
        ),
    ]);
    let dice = match app.dice_mode {
        DiceMode::Program => format!("dice: program (seed {})", app.session.seed()),
        DiceMode::Typed => "dice: typed by the umpire".to_string(),
    };
    let line2 = Line::from(vec![
        Span::raw(format!(" {dice} │ journal: ")),
        Span::styled(
            crate::text::escape_terminal(&app.session.path().display().to_string()),
            t.dim(),
        ),
    ]);
    Paragraph::new(vec![line1, line2]).render(area, buf);
}

/// Hit pips against the limit: ● for each hit taken, ○ for each left.
fn pips(hits: u32, limit: u32) -> String {
    let taken = hits.min(limit) as usize;
    let shown = "●".repeat(taken) + &"○".repeat(limit as usize - taken);
    format!("{shown:<3}")
}

fn badge_spans(t: &Theme, badges: &[Badge]) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for b in badges {
        out.push(Span::raw(" "));
        let text = if t.color {
            b.text.clone()
        } else {
            format!("[{}]", b.text)
        };
        out.push(Span::styled(text, t.tone(b.tone)));
    }
    out
}

/// The width of the id column: the longest id, within reason.
fn id_width(r: &crate::battle::Roster) -> usize {
    r.longest_id().clamp(4, 10)
}

fn row_line(app: &App, t: &Theme, row: Row) -> Line<'static> {
    let b = app.battle();
    let r = &b.roster;
    let view = b.view();
    match row {
        Row::Side(s) => {
            let side = &r.sides[s];
            Line::from(Span::styled(
                format!("{} ({})", side.name, side.quality),
                t.side(),
            ))
        }
        Row::Formation(f) => {
            let fi = &r.formations[f];
            let mut spans = vec![Span::styled(
                format!(
                    "{}▸ {}{}",
                    "  ".repeat(fi.depth),
                    fi.name,
                    fi.level
                        .as_ref()
                        .map(|l| format!(" ({l})"))
                        .unwrap_or_default()
                ),
                t.title(),
            )];
            spans.extend(badge_spans(t, &b.ruleset.formation_badges(&view, f)));
            Line::from(spans)
        }
        Row::Unit(u) => {
            let info = &r.units[u];
            let st = &b.state().units[u];
            let depth = info.formation.map_or(0, |f| r.formations[f].depth + 1);
            let style = if st.on_table() { Style::new() } else { t.dim() };
            let mut spans = vec![
                Span::raw("  ".repeat(depth) + "  "),
                Span::styled(pips(st.hits, info.hit_limit), t.hit()),
                Span::raw(" "),
                Span::styled(
                    format!("{:<w$}", info.id, w = id_width(r)),
                    style.add_modifier(Modifier::BOLD),
                ),
                Span::styled(format!(" {}", info.name), style),
            ];
            spans.extend(badge_spans(t, &b.ruleset.badges(&view, u)));
            Line::from(spans)
        }
    }
}

fn render_roster(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered().title(" Roster ");
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = app.rows();
    let height = usize::from(inner.height);
    let cursor = app.cursor.min(rows.len().saturating_sub(1));
    let first = cursor.saturating_sub(height.saturating_sub(1));
    let mut areas = app.areas.get();
    areas.roster = area;
    areas.roster_first_row = first;
    app.areas.set(areas);
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, r)| {
            let line = row_line(app, t, *r);
            if i == cursor && matches!(app.mode, Mode::Main | Mode::Prompt { .. } | Mode::Markers) {
                line.patch_style(t.selected())
            } else {
                line
            }
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

fn render_details(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let b = app.battle();
    let mut lines: Vec<Line> = Vec::new();
    if let Some(u) = app.selected_unit() {
        let info = &b.roster.units[u];
        let st = &b.state().units[u];
        lines.push(Line::from(vec![
            Span::styled(info.id.clone(), t.key()),
            Span::raw(format!(" {} — {}, {}", info.name, info.kind, info.quality)),
        ]));
        if info.hit_limit > 0 {
            lines.push(Line::from(format!(
                "hits {}/{}{}",
                st.hits,
                info.hit_limit,
                st.removed
                    .as_ref()
                    .map(|c| format!(" — removed: {c}"))
                    .unwrap_or_default()
            )));
        }
        for badge in b.ruleset.badges(&b.view(), u) {
            lines.push(Line::from(vec![
                Span::styled(badge.text.clone(), t.tone(badge.tone)),
                Span::raw(format!(" {}", badge.help)),
            ]));
        }
    } else {
        lines.push(Line::from(Span::styled(
            "select a unit (↑↓, / search, : id)",
            t.dim(),
        )));
    }
    for standing in app.offers() {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} ", app.keymap.hint(&super::Action::TakeOffer)),
                t.key(),
            ),
            Span::raw(offer_line(b, &standing)),
        ]));
    }
    for m in b.state().areas.values() {
        lines.push(Line::from(Span::styled(
            format!("{}: {} (turn {}, {})", m.kind, m.label, m.turn, m.side),
            t.tone(Tone::Info),
        )));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(" Selected "))
        .render(area, buf);
}

/// An offer in words with the units that may take it up (the first few of a long list).
fn offer_line(b: &crate::battle::Battle, standing: &crate::battle::StandingOffer) -> String {
    const SHOWN: usize = 12;
    let ids: Vec<&str> = standing
        .actors
        .iter()
        .take(SHOWN)
        .map(|&u| b.roster.units[u].id.as_str())
        .collect();
    let more = standing.actors.len().saturating_sub(SHOWN);
    format!(
        "{}: {}{} may take it up",
        crate::text::escape_terminal(&standing.offer.text),
        ids.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}

fn entry_line(b: &crate::battle::Battle, i: usize, e: &Entry, t: &Theme) -> Line<'static> {
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

fn render_log(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
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

fn render_status(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    if let Some((text, level)) = &app.message {
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

fn render_hints(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    use super::Action as A;
    let mut actions: Vec<A> = app
        .battle()
        .ruleset
        .actions()
        .iter()
        .filter(|a| a.in_battle)
        .map(|a| A::Procedure(a.id.to_string()))
        .collect();
    let at = actions.len().min(3);
    actions.splice(at..at, [A::NextPhase, A::Undo, A::Help, A::Quit]);
    if !app.offers().is_empty() {
        actions.insert(0, A::TakeOffer);
    }
    actions.push(A::Search);
    let mut spans = vec![Span::raw(" ")];
    for a in actions {
        let k = app.keymap.hint(&a);
        if k.is_empty() {
            continue;
        }
        spans.push(Span::styled(k, t.key()));
        spans.push(Span::raw(format!(" {}  ", short(&a))));
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

fn short(a: &super::Action) -> String {
    match a {
        super::Action::TakeOffer => "take offer".into(),
        super::Action::NextPhase => "next phase".into(),
        other => other.desc(),
    }
}

/// A centred rectangle of at most `w`×`h` inside `area`.
fn popup(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

fn field_value(form: &Form, i: usize) -> String {
    let f = &form.fields[i];
    match f.def.kind {
        ParamKind::Flag => {
            let on = f.text == "yes" || f.text == "true";
            if on { "[x]" } else { "[ ]" }.to_string()
        }
        ParamKind::Choice(c) if i == form.focus => c
            .iter()
            .map(|x| {
                if *x == f.text {
                    format!("‹{x}›")
                } else {
                    x.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
        ParamKind::Choice(_) => f.text.clone(),
        _ => f.text.clone(),
    }
}

fn render_form(app: &App, form: &Form, t: &Theme, area: Rect, buf: &mut Buffer) {
    let r = popup(
        area,
        area.width.saturating_sub(4).min(110),
        area.height.saturating_sub(2),
    );
    Clear.render(r, buf);
    let block = Block::bordered()
        .title(format!(" {} ", form.action.id.replace('-', " ")))
        .title_bottom(Line::from(vec![
            Span::styled(" enter", t.key()),
            Span::raw(" resolve  "),
            Span::styled("tab", t.key()),
            Span::raw(" next  "),
            Span::styled("space ←→", t.key()),
            Span::raw(" change  "),
            Span::styled("esc", t.key()),
            Span::raw(" cancel "),
        ]));
    let inner = block.inner(r);
    block.render(r, buf);
    let wide = inner.width >= 80;
    let [fields_area, odds_area] = if wide {
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(inner)
    } else {
        let h = inner.height / 2;
        Layout::vertical([Constraint::Fill(1), Constraint::Length(h)]).areas(inner)
    };
    let b = app.battle();
    let name_w = form
        .fields
        .iter()
        .map(|f| f.def.name.len())
        .max()
        .unwrap_or(4)
        + 2;
    let mut lines: Vec<Line> = Vec::new();
    let mut shown_known = false;
    // The line of the focused input, to keep it in view.
    let mut focus_line = 0;
    for (i, f) in form.fields.iter().enumerate() {
        if f.def.scope == Scope::Derived && !shown_known {
            lines.push(Line::from(Span::styled("known from the battle:", t.dim())));
            shown_known = true;
        }
        let focus = i == form.focus;
        if focus {
            focus_line = lines.len();
        }
        let mut spans = vec![
            Span::styled(if focus { "› " } else { "  " }, t.key()),
            Span::styled(
                format!("{:<w$}", f.def.name, w = name_w),
                if focus { t.key() } else { Style::new() },
            ),
            Span::styled(
                field_value(form, i)
                    + if focus && !matches!(f.def.kind, ParamKind::Flag | ParamKind::Choice(_)) {
                        "▏"
                    } else {
                        ""
                    },
                if f.known {
                    t.tone(Tone::Info)
                } else {
                    Style::new().add_modifier(Modifier::BOLD)
                },
            ),
        ];
        if f.def.kind == ParamKind::Unit
            && let Some(u) = b.roster.unit_index(&f.text)
        {
            spans.push(Span::styled(
                format!("  {}", b.roster.units[u].name),
                t.dim(),
            ));
        }
        lines.push(Line::from(spans));
        if let Some(e) = &f.error {
            lines.push(Line::from(Span::styled(format!("    {e}"), t.error())));
        } else if focus {
            lines.push(Line::from(Span::styled(
                format!("    {}", f.def.help),
                t.dim(),
            )));
        }
    }
    let dice_focus = form.focus >= form.fields.len();
    if dice_focus {
        focus_line = lines.len();
    }
    lines.push(Line::from(vec![
        Span::styled(if dice_focus { "› " } else { "  " }, t.key()),
        Span::styled(
            format!("{:<w$}", "dice", w = name_w),
            if dice_focus { t.key() } else { Style::new() },
        ),
        Span::styled(
            form.dice.clone() + if dice_focus { "▏" } else { "" },
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            match app.dice_mode {
                DiceMode::Program if form.dice.is_empty() => "  (empty: the program rolls)",
                DiceMode::Program => "  (typed faces, a d10's 0 is 10)",
                DiceMode::Typed => "  (type the faces thrown, in order; a d10's 0 is 10)",
            },
            t.dim(),
        ),
    ]));
    // The error (or what the procedure does) on top; the inputs scroll just enough to show the
    // focused one with its help line.
    let head = match &form.error {
        Some(e) => Line::from(Span::styled(crate::text::escape_terminal(e), t.error())),
        None => Line::from(Span::styled(form.action.help, t.dim())),
    };
    let head_height = wrapped_height(&Text::from(head.clone()), fields_area.width).min(3);
    let [head_area, list_area] =
        Layout::vertical([Constraint::Length(head_height), Constraint::Fill(1)]).areas(fields_area);
    Paragraph::new(head)
        .wrap(Wrap { trim: false })
        .render(head_area, buf);
    let rows: Vec<u16> = lines
        .iter()
        .map(|l| line_rows(l, list_area.width))
        .collect();
    let focus_top: u16 = rows[..focus_line].iter().sum();
    let focus_bottom: u16 = rows[..(focus_line + 2).min(rows.len())].iter().sum();
    let scroll = focus_bottom.saturating_sub(list_area.height).min(focus_top);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render(list_area, buf);
    render_odds(&form.odds, t, odds_area, buf);
}

fn render_odds(odds: &Odds, t: &Theme, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered().title(" Exact odds ");
    let inner = block.inner(area);
    block.render(area, buf);
    let lines: Vec<Line> = match odds {
        Odds::Pending(why) => vec![Line::from(Span::styled(
            crate::text::escape_terminal(why),
            t.dim(),
        ))],
        Odds::Ready(r) => {
            let mut l = vec![Line::from(Span::styled(r.title.clone(), t.title()))];
            for line in &r.results {
                l.push(Line::from(vec![
                    Span::styled(format!("{:>7.2}% ", line.probability * 100.0), t.key()),
                    Span::raw(line.result.clone()),
                ]));
            }
            for n in &r.notes {
                l.push(Line::from(Span::styled(format!("· {n}"), t.dim())));
            }
            for (k, v) in &r.extra {
                let shown = if k.starts_with("p_") {
                    format!("{:.2}%", v * 100.0)
                } else {
                    format!("{v:.2}")
                };
                l.push(Line::from(Span::styled(
                    format!("{}: {shown}", k.replace('_', " ")),
                    t.dim(),
                )));
            }
            l
        }
    };
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// Rows `text` takes when wrapped at `width` (a close estimate: words are not split).
fn wrapped_height(text: &Text, width: u16) -> u16 {
    text.lines.iter().map(|l| line_rows(l, width)).sum()
}

/// Rows one line takes when wrapped at `width` (the same estimate).
fn line_rows(line: &Line, width: u16) -> u16 {
    line.width().max(1).div_ceil(usize::from(width.max(1))) as u16
}

fn render_result(app: &App, ev: &Event, scroll: u16, t: &Theme, area: Rect, buf: &mut Buffer) {
    let width = area.width.saturating_sub(4).min(100);
    let mut text = Text::default();
    text.push_line(Line::from(Span::styled(
        crate::text::escape_terminal(&ev.summary),
        t.title(),
    )));
    for res in &ev.resolutions {
        text.push_line(Line::from(""));
        for l in res.render_text().lines() {
            let style = if l.starts_with("Result:") {
                t.key()
            } else if l.starts_with("  ") {
                Style::new()
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            };
            text.push_line(Line::from(Span::styled(
                crate::text::escape_terminal(l),
                style,
            )));
        }
    }
    if !ev.notes.is_empty() {
        text.push_line(Line::from(""));
        for n in &ev.notes {
            text.push_line(Line::from(format!("• {}", crate::text::escape_terminal(n))));
        }
    }
    // The offers this event made, with the stands that may take them up now.
    if !ev.offers.is_empty() {
        for standing in app.offers() {
            text.push_line(Line::from(vec![
                Span::styled(
                    format!("{} ", app.keymap.hint(&super::Action::TakeOffer)),
                    t.key(),
                ),
                Span::raw(offer_line(app.battle(), &standing)),
            ]));
        }
    }
    let offer_hint = if ev.offers.is_empty() {
        String::new()
    } else {
        format!(
            "{} take the offer  ",
            app.keymap.hint(&super::Action::TakeOffer)
        )
    };
    let needed = wrapped_height(&text, width.saturating_sub(2)) + 2;
    let r = popup(area, width, needed.min(area.height.saturating_sub(2)));
    let scrolls = needed > r.height;
    let max = needed.saturating_sub(r.height);
    let scroll = scroll.min(max);
    let mut areas = app.areas.get();
    areas.scroll_max = max;
    app.areas.set(areas);
    Clear.render(r, buf);
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .block(
            Block::bordered()
                .title(" Result (on disk) ")
                .title_bottom(format!(
                    " {offer_hint}{}any other key closes ",
                    if scrolls { "↑↓ scroll  " } else { "" }
                )),
        )
        .render(r, buf);
}

fn render_help(app: &App, scroll: u16, t: &Theme, area: Rect, buf: &mut Buffer) {
    let r = popup(
        area,
        area.width.saturating_sub(4).min(90),
        area.height.saturating_sub(2),
    );
    Clear.render(r, buf);
    let mut lines = vec![Line::from(Span::styled("Keys", t.title()))];
    for (keys, action) in app.keymap.help_rows() {
        lines.push(Line::from(vec![
            Span::styled(format!("  {keys:<16}"), t.key()),
            Span::raw(action.desc()),
        ]));
    }
    if let Some(path) = super::keymap::Keymap::user_file() {
        lines.push(Line::from(Span::styled(
            format!(
                "  keys can be changed in {}",
                crate::text::escape_terminal(&path.display().to_string())
            ),
            t.dim(),
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled("In a form", t.title())));
    lines.push(Line::from("  tab/↓ next field · shift-tab/↑ previous · space or ←→ change a choice · enter resolve · esc cancel"));
    let ruleset = app.battle().ruleset;
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        format!("Markers ({})", ruleset.id()),
        t.title(),
    )));
    for m in ruleset.markers() {
        lines.push(Line::from(vec![
            Span::styled(format!("  {:<6}", m.badge), t.tone(m.tone)),
            Span::raw(m.help),
        ]));
    }
    lines.push(Line::from("  ●○○   hits taken against the stand's limit"));
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled("Turn sequence", t.title())));
    for p in ruleset.phases() {
        lines.push(Line::from(format!(
            "  {}{}: {}",
            p.name,
            if p.automatic { " (automatic)" } else { "" },
            p.help
        )));
    }
    let text = Text::from(lines);
    let max = (wrapped_height(&text, r.width.saturating_sub(2)) + 2).saturating_sub(r.height);
    let mut areas = app.areas.get();
    areas.scroll_max = max;
    app.areas.set(areas);
    Paragraph::new(text)
        .wrap(Wrap { trim: false })
        .scroll((scroll.min(max), 0))
        .block(
            Block::bordered()
                .title(" Help ")
                .title_bottom(" ↑↓ scroll · any other key closes "),
        )
        .render(r, buf);
}

fn render_prompt(kind: &Prompt, text: &str, t: &Theme, area: Rect, buf: &mut Buffer) {
    let label = match kind {
        Prompt::Search => "search (id or name)",
        Prompt::GoTo => "go to unit id",
        Prompt::Note => "note",
        Prompt::AdvanceDice => "faces for the automatic rolls (enter with none if there are none)",
        Prompt::MarkerValue(_) => "value",
    };
    Clear.render(area, buf);
    Paragraph::new(Line::from(vec![
        Span::styled(format!(" {label}: "), t.key()),
        Span::raw(format!("{text}▏")),
    ]))
    .render(area, buf);
}

fn render_markers(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(u) = app.selected_unit() else { return };
    let b = app.battle();
    let markers = b.ruleset.markers();
    let r = popup(area, 70, markers.len() as u16 + 5);
    Clear.render(r, buf);
    let st = &b.state().units[u];
    let mut lines = Vec::new();
    for (i, m) in markers.iter().enumerate() {
        let on = st.marker(m.id);
        lines.push(Line::from(vec![
            Span::styled(format!(" {} ", i + 1), t.key()),
            Span::raw(match on {
                Some(v) if m.kind != crate::rules::MarkerKind::Flag => format!("[{v}] "),
                Some(_) => "[x] ".into(),
                None => "[ ] ".into(),
            }),
            Span::styled(format!("{:<6}", m.badge), t.tone(m.tone)),
            Span::raw(m.help),
        ]));
    }
    lines.push(Line::from(vec![
        Span::styled(" + / - ", t.key()),
        Span::raw(format!(
            "hits ({}/{})",
            st.hits, b.roster.units[u].hit_limit
        )),
    ]));
    Paragraph::new(lines)
        .block(
            Block::bordered()
                .title(format!(" Markers: {} ", b.roster.units[u].id))
                .title_bottom(" number toggles · esc closes "),
        )
        .render(r, buf);
}
