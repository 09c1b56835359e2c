//! Drawing: `impl Widget for &App`, with one small `render_*` helper per part of the screen.
//! Everything shown comes from the battle and the rule set's badges; styles are named below and
//! collapse to plain text attributes when `NO_COLOR` is set.

mod chooser;
mod dice;
mod form;
mod links;
mod log;
mod palette;
mod popups;
mod report;
mod roster;
mod summary;
mod watch;

use chooser::render_chooser;
use dice::render_dice;
use form::render_form;
use links::render_links;
use log::{render_log, render_log_hints};
use palette::render_palette;
use popups::{
    render_add, render_end_phase, render_help, render_markers, render_prompt, render_result,
};
use roster::{details_height, details_lines, render_details, render_roster, roster_width};
use summary::render_summary;

use super::app::{App, DiceMode, Level, Mode, Prompt, Row};
use super::form::{Form, Odds};
use crate::battle::{Entry, Event};
use crate::declare::{Badge, ParamKind, Scope, Tone};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// A roster line as the players' view draws it without colour (badges in brackets), whole, at
/// no width limit: the words of the page `umpire serve` sends ([`crate::serve`]). Escaped for the
/// terminal, as on the screen.
pub fn plain_roster_row(p: &crate::tui::app::RosterPane, row: Row) -> String {
    let t = Theme { color: false };
    roster::row_line(p, &t, row, usize::MAX / 4)
        .spans
        .iter()
        .map(|s| s.content.as_ref())
        .collect()
}

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
    /// The mark of the screen with its secrets hidden: reversed, bold, and red with colour.
    fn alarm(&self) -> Style {
        self.fg(Color::Red)
            .add_modifier(Modifier::BOLD | Modifier::REVERSED)
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
        if let Mode::Report(view) = &self.mode {
            view.as_ref().render(area, buf);
            return;
        }
        let theme = Theme { color: self.color };
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            render_too_small(area, buf);
            return;
        }
        let [header, body, status, hints] = Layout::vertical([
            Constraint::Length(2),
            Constraint::Fill(1),
            Constraint::Length(status_rows(self, area.width)),
            Constraint::Length(1),
        ])
        .areas(area);
        // The roster takes what its widest line needs, within a share of the screen that leaves
        // the selected unit's panel and the log room to speak; they take the rest.
        let roster = roster_width(self, &theme);
        let most = usize::from(body.width) * 55 / 100;
        let least = (usize::from(body.width) * 30 / 100).min(most);
        let roster = u16::try_from(roster.clamp(least, most)).unwrap_or(body.width);
        let [left, right] =
            Layout::horizontal([Constraint::Length(roster), Constraint::Fill(1)]).areas(body);
        let panel = details_lines(self, &theme, right);
        let details_height = details_height(&panel, right);
        let [details, log] =
            Layout::vertical([Constraint::Length(details_height), Constraint::Fill(1)])
                .areas(right);
        render_header(self, &theme, header, buf);
        render_roster(self, &theme, left, buf);
        render_details(panel, details, buf);
        render_log(self, &theme, log, buf);
        render_status(self, &theme, status, buf);
        render_hints(self, &theme, hints, buf);
        match &self.mode {
            Mode::Main => render_long_message(self, &theme, status, hints, buf),
            Mode::Form(form) => render_form(self, form, &theme, area, buf),
            Mode::Result { event, scroll } => {
                render_result(self, event, *scroll, &theme, area, buf)
            }
            Mode::Help { scroll } => render_help(self, *scroll, &theme, area, buf),
            Mode::Prompt { kind, text } => {
                render_prompt(
                    self,
                    masks_prompt(self, kind),
                    kind,
                    text,
                    &theme,
                    status,
                    buf,
                );
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
            Mode::Add(form) => render_add(self, form, &theme, area, buf),
            Mode::Summary => render_summary(self, &theme, area, buf),
            Mode::Chooser(chooser) => render_chooser(self, chooser, &theme, area, buf),
            Mode::Dice(run) => render_dice(self, run, &theme, area, buf),
            Mode::EndPhase { waiting } => render_end_phase(self, waiting, &theme, status, buf),
            Mode::Report(_) => {}
            Mode::Palette(palette) => render_palette(self, palette, &theme, area, buf),
            Mode::Links { shown } => render_links(self, *shown, &theme, area, buf),
        }
    }
}

/// `text` escaped for the screen; with the secrets hidden, when it names a concealed unit, a
/// plain word that it is hidden instead.
fn screened(app: &App, text: &str) -> String {
    if app.shows_text(text) {
        crate::text::escape_terminal(text)
    } else {
        "not shown: it names a unit hidden while secrets are hidden".to_string()
    }
}

/// True when the prompt's text is not shown as typed: a private note typed while the secrets are
/// hidden shows as dots.
fn masks_prompt(app: &App, kind: &Prompt) -> bool {
    app.secrets_hidden() && matches!(kind, Prompt::Note { private: true })
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
    let simultaneous = b.view().phase().is_some_and(|p| p.simultaneous);
    let side = match b.roster.sides.get(s.active) {
        _ if simultaneous => "both sides",
        Some(x) => x.name.as_str(),
        None => "",
    };
    let side = crate::text::escape_terminal(side);
    // The turn and the phase first, then whose it is: the side's name (often long) gives way
    // before the phase does.
    let turn = match s.turn_limit {
        Some(last) if s.is_over() => format!("Battle over after turn {last}"),
        limit => format!(
            "Turn {}{} · {}",
            s.turn,
            limit.map(|n| format!("/{n}")).unwrap_or_default(),
            b.current_phase_name()
        ),
    };
    let side = if s.is_over() {
        String::new()
    } else {
        format!(" · {side}")
    };
    // Which mode is on. With the secrets hidden, a mark no one can miss opens the first line
    // (which no popup covers) in place of the program's name; else a quiet word ends the second
    // (below).
    let key = app.keymap.hint(&crate::tui::Action::HideSecrets);
    let mut line1 = Line::default();
    if app.secrets_hidden() {
        line1.push_span(Span::styled(" SECRETS HIDDEN ", t.alarm()));
        if !key.is_empty() {
            line1.push_span(Span::styled(format!(" {key} shows them"), t.key()));
        }
        line1.push_span(Span::raw(" "));
    } else {
        line1.push_span(Span::styled(" umpire ", t.title()));
    }
    let ruleset = format!("│ {} │ ", b.ruleset.id());
    let title = crate::text::escape_terminal(b.scenario.title());
    let fit = fit_header(
        usize::from(area.width),
        line1.width() + crate::text::width(&ruleset) + crate::text::width(&turn),
        &title,
        &side,
    );
    if let Some(title) = fit.title {
        line1.push_span(Span::raw(format!("│ {title} ")));
    }
    line1.push_span(Span::raw(ruleset));
    line1.push_span(Span::styled(turn, t.key()));
    line1.push_span(Span::styled(fit.side, t.key()));
    let dice = match app.dice_mode {
        DiceMode::Program => format!("dice: program (seed {})", app.session.seed()),
        DiceMode::Typed => "dice: typed by the umpire".to_string(),
    };
    // What the side whose turn it is has left to give (orders …), first on the second line so
    // that it stays in sight at any width.
    let mut line2 = Line::default();
    if !simultaneous && !s.is_over() {
        for badge in b.ruleset.side_badges(&b.view(), s.active) {
            line2.push_span(Span::styled(
                format!(" {}", crate::text::escape_terminal(&badge.text)),
                t.key(),
            ));
            line2.push_span(Span::raw(" │"));
        }
    }
    // While the players' views are served: how many phones are connected.
    if app.serving.is_some() {
        let phones = app.phones();
        line2.push_span(Span::styled(
            match phones {
                0 => " phones: none connected".to_string(),
                1 => " phones: 1 connected".to_string(),
                n => format!(" phones: {n} connected"),
            },
            if phones > 0 { t.key() } else { t.dim() },
        ));
        line2.push_span(Span::raw(" │"));
    }
    line2.spans.extend([
        Span::raw(format!(" {dice} │ journal: ")),
        Span::styled(
            crate::text::escape_terminal(&app.session.path().display().to_string()),
            t.dim(),
        ),
    ]);
    let [row1, row2] = Layout::vertical([Constraint::Length(1), Constraint::Length(1)]).areas(area);
    Paragraph::new(line1).render(row1, buf);
    if app.secrets_hidden() {
        Paragraph::new(line2).render(row2, buf);
        return;
    }
    // The umpire's view: a quiet word at the end of the second line, in the same place at any
    // width, the journal's path giving way to it.
    let mut mark = Line::from(" │ umpire's view");
    if !key.is_empty() {
        mark.push_span(Span::styled(format!(" · {key} hides secrets"), t.dim()));
    }
    mark.push_span(Span::raw(" "));
    let width = u16::try_from(mark.width()).unwrap_or(u16::MAX);
    let [left, right] =
        Layout::horizontal([Constraint::Fill(1), Constraint::Length(width)]).areas(row2);
    Paragraph::new(line2).render(left, buf);
    Paragraph::new(mark).render(right, buf);
}

/// What of the header's first line gives way, and how: the scenario's title and the side's name
/// are cut to fit `width` around `fixed` columns (the program's mark, the rule set, the turn and
/// the phase, which are never cut).
struct HeaderFit {
    /// The title cut to fit (`None`: left out).
    title: Option<String>,
    /// " · side" cut to fit (empty: left out).
    side: String,
}

/// The title gives way first, down to 8 columns; then the side's name, down to a few letters and
/// an ellipsis; then the title goes, then the side's name: the turn and the phase stay whole.
fn fit_header(width: usize, fixed: usize, title: &str, side: &str) -> HeaderFit {
    use crate::text::{clip, width as cols};
    // "│ " before the title and " " after it.
    const TITLE_FRAME: usize = 3;
    const TITLE_MIN: usize = 8;
    // " · " and a few letters and "…".
    const SIDE_MIN: usize = 7;
    let room = width.saturating_sub(fixed);
    let side_w = cols(side);
    let title_w = cols(title) + TITLE_FRAME;
    let title_min = TITLE_MIN.min(cols(title)) + TITLE_FRAME;
    if title_w + side_w <= room {
        return HeaderFit {
            title: Some(title.to_string()),
            side: side.to_string(),
        };
    }
    if title_min + side_w <= room {
        return HeaderFit {
            title: Some(clip(title, room - side_w - TITLE_FRAME)),
            side: side.to_string(),
        };
    }
    let side_min = SIDE_MIN.min(side_w);
    if title_min + side_min <= room {
        return HeaderFit {
            title: Some(clip(title, title_min - TITLE_FRAME)),
            side: clip(side, room - title_min),
        };
    }
    if side_min <= room {
        return HeaderFit {
            title: None,
            side: clip(side, room),
        };
    }
    HeaderFit {
        title: None,
        side: String::new(),
    }
}

/// The most rows the status line takes: a message longer than the screen is wide wraps onto a
/// second row.
const STATUS_ROWS: usize = 2;

/// The message on the status line as the screen may show it, if it is shown there (a prompt, the
/// question at the end of a phase and the die prompt use the line themselves).
fn status_text(app: &App) -> Option<(String, Level)> {
    if matches!(
        app.mode,
        Mode::Prompt { .. } | Mode::EndPhase { .. } | Mode::Dice(_)
    ) {
        return None;
    }
    // With the secrets hidden, a message naming a concealed unit is not read out.
    let (text, level) = app.message.as_ref()?;
    Some((screened(app, text), *level))
}

/// The status line's rows in `width` columns: one, or two when its message needs them.
fn status_rows(app: &App, width: u16) -> u16 {
    let rows = status_text(app).map_or(1, |(text, _)| {
        log::wrap(&text, usize::from(width.saturating_sub(1))).len()
    });
    u16::try_from(rows.clamp(1, STATUS_ROWS)).unwrap_or(1)
}

/// The status line: the last message, wrapped at spaces onto the rows it has; one longer still
/// ends, at a word, in "…".
fn render_status(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    // The die prompt shows its own refusals.
    if matches!(
        (&app.mode, &app.message),
        (Mode::Dice(_), Some((_, Level::Error)))
    ) {
        return;
    }
    let Some((text, level)) = status_text(app).or_else(|| {
        // A prompt's line is drawn over this one; the message stays under it as it was.
        app.message
            .as_ref()
            .map(|(text, level)| (screened(app, text), *level))
    }) else {
        return;
    };
    let style = match level {
        Level::Info => Style::new(),
        Level::Error => t.error(),
    };
    let width = usize::from(area.width.saturating_sub(1));
    let height = usize::from(area.height).max(1);
    let mut rows = log::wrap(&text, width);
    if rows.len() > height {
        rows.truncate(height);
        if let Some(last) = rows.last_mut() {
            *last = cut_at_word(last, width);
        }
    }
    let lines: Vec<Line> = rows
        .into_iter()
        .map(|row| Line::from(Span::styled(format!(" {row}"), style)))
        .collect();
    Paragraph::new(lines).render(area, buf);
}

/// `row` (at most `width` columns) ended with "…" after its last whole word that leaves room.
fn cut_at_word(row: &str, width: usize) -> String {
    let mut out = row.to_string();
    while crate::text::width(&out) + 1 > width {
        match out.rfind(' ') {
            Some(at) => out.truncate(at),
            None => return crate::text::clip(&format!("{row}…"), width),
        }
    }
    out.truncate(out.trim_end().len());
    out.push('…');
    out
}

/// An error longer than the status line's rows (a `keys.toml` error naming its file) goes on over
/// the key hints' row below them, wrapped at spaces, instead of being cut.
fn render_long_message(app: &App, t: &Theme, status: Rect, hints: Rect, buf: &mut Buffer) {
    let Some((text, Level::Error)) = &app.message else {
        return;
    };
    let text = screened(app, text);
    let room = usize::from(status.width.saturating_sub(1));
    let rows = log::wrap(&text, room);
    if room == 0 || rows.len() <= usize::from(status.height) {
        return;
    }
    let area = Rect {
        height: status.height + hints.height,
        ..status
    };
    Clear.render(area, buf);
    Paragraph::new(
        rows.into_iter()
            .map(|r| Line::from(Span::styled(format!(" {r}"), t.error())))
            .collect::<Vec<_>>(),
    )
    .render(area, buf);
}

fn render_hints(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    use crate::tui::Action as A;
    if app.log.focused {
        render_log_hints(app, t, area, buf);
        return;
    }
    // Shown in this order: what the rules offer now, the first two procedures, the next phase
    // and undo (used in every phase of every rule set), then the other procedures and the rest.
    // Chosen by need when the line is short: the offer, the next phase and undo first, then the
    // procedures in order, then the rest. What does not fit whole is left to the palette, whose
    // key ends the line.
    let procedures: Vec<A> = app
        .battle()
        .ruleset
        .actions()
        .filter(|a| a.in_battle)
        .map(|a| A::Procedure(a.id.to_string()))
        .collect();
    let mut actions: Vec<A> = Vec::new();
    if !app.offers().is_empty() {
        actions.push(A::TakeOffer);
    }
    let at = procedures.len().min(2);
    actions.extend(procedures[..at].iter().cloned());
    actions.extend([A::NextPhase, A::Undo]);
    actions.extend(procedures[at..].iter().cloned());
    actions.extend([A::Markers, A::Note, A::Help, A::Quit]);
    let need = |a: &A| match a {
        A::TakeOffer | A::NextPhase | A::Undo => 0,
        A::Procedure(_) => 1,
        _ => 2,
    };
    let item = |a: &A| {
        let k = app.keymap.hint(a);
        (!k.is_empty()).then(|| (k, short(app, a)))
    };
    let all = item(&A::Palette).map(|(k, _)| (k, "all".to_string()));
    let item_w =
        |(k, label): &(String, String)| crate::text::width(k) + 1 + crate::text::width(label) + 2;
    let mut room = usize::from(area.width)
        .saturating_sub(1)
        .saturating_sub(all.as_ref().map_or(0, item_w));
    let mut by_need: Vec<usize> = (0..actions.len()).collect();
    by_need.sort_by_key(|&i| need(&actions[i]));
    let mut shown = vec![false; actions.len()];
    for i in by_need {
        let Some(it) = item(&actions[i]) else {
            continue;
        };
        let w = item_w(&it);
        if w > room {
            // The rest of this need waits for the palette too: never a later procedure over an
            // earlier one.
            if need(&actions[i]) > 0 {
                break;
            }
            continue;
        }
        room -= w;
        shown[i] = true;
    }
    let mut spans = vec![Span::raw(" ")];
    let push = |(k, label): (String, String), spans: &mut Vec<Span<'static>>| {
        spans.push(Span::styled(k, t.key()));
        spans.push(Span::raw(format!(" {label}  ")));
    };
    for (a, _) in actions.iter().zip(&shown).filter(|(_, s)| **s) {
        if let Some(it) = item(a) {
            push(it, &mut spans);
        }
    }
    if let Some(it) = all {
        push(it, &mut spans);
    }
    Paragraph::new(Line::from(spans)).render(area, buf);
}

fn short(app: &App, a: &crate::tui::Action) -> String {
    match a {
        crate::tui::Action::TakeOffer => app.offer_hint().unwrap_or_else(|| "take offer".into()),
        crate::tui::Action::NextPhase => "next phase".into(),
        crate::tui::Action::HideSecrets if app.secrets_hidden() => "show secrets".into(),
        crate::tui::Action::HideSecrets => "hide secrets".into(),
        other => other.desc(),
    }
}

/// A popup's bottom line of keys: each key in the key style, then what it does
/// (` ↑↓ choose  enter open the form `).
fn key_line(t: &Theme, keys: &[(&'static str, &'static str)]) -> Line<'static> {
    let mut spans = Vec::new();
    for (i, (key, does)) in keys.iter().enumerate() {
        spans.push(Span::styled(
            if i == 0 {
                format!(" {key}")
            } else {
                key.to_string()
            },
            t.key(),
        ));
        spans.push(Span::raw(if i + 1 == keys.len() {
            format!(" {does} ")
        } else {
            format!(" {does}  ")
        }));
    }
    Line::from(spans)
}

/// The line a filtered list is typed into: `find: ` and what was typed, with the cursor.
fn find_line(t: &Theme, filter: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled("find: ", t.key()),
        Span::raw(format!("{}▏", crate::text::escape_terminal(filter))),
    ])
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

/// Rows `text` takes when wrapped at `width` (a close estimate: words are not split).
fn wrapped_height(text: &Text, width: u16) -> u16 {
    text.lines.iter().map(|l| line_rows(l, width)).sum()
}

/// Rows one line takes when wrapped at `width` (the same estimate).
fn line_rows(line: &Line, width: u16) -> u16 {
    line.width().max(1).div_ceil(usize::from(width.max(1))) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_cut_after_a_whole_word() {
        assert_eq!(
            cut_at_word("undone: 1-2 → g12: defender wins", 40),
            "undone: 1-2 → g12: defender wins…"
        );
        assert_eq!(
            cut_at_word("undone: 1-2 → g12: defender wins", 30),
            "undone: 1-2 → g12: defender…"
        );
        assert_eq!(cut_at_word("abcdefghij", 6), "abcde…");
    }
}
