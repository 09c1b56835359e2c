//! What opens over the main screen: an event's result, the help, a one-line prompt and the
//! markers popup. With the secrets hidden, a result not for everyone says only that it is
//! hidden.

use super::roster::offer_line;
use super::*;

pub(super) fn render_result(
    app: &App,
    ev: &Event,
    scroll: u16,
    t: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = area.width.saturating_sub(4).min(100);
    let mut text = Text::default();
    let shown = app.shows_event(ev);
    if shown {
        result_text(ev, t, &mut text);
    } else {
        let key = app.keymap.hint(&crate::tui::Action::HideSecrets);
        text.push_line(Line::from(Span::styled("Result hidden", t.title())));
        text.push_line(Line::from(""));
        text.push_line(Line::from(
            "This result is not for everyone: it is hidden while secrets are hidden.",
        ));
        if !key.is_empty() {
            text.push_line(Line::from(vec![
                Span::styled(key, t.key()),
                Span::raw(" shows the secrets; the log opens the result again."),
            ]));
        }
    }
    // The offers this event made, with the stands that may take them up now (not for a result
    // reopened from the log: its offers are long gone).
    let reopened = app.log.opened;
    let offers = shown && !ev.offers.is_empty() && reopened.is_none();
    if offers {
        for standing in app.offers() {
            text.push_line(Line::from(vec![
                Span::styled(
                    format!("{} ", app.keymap.hint(&crate::tui::Action::TakeOffer)),
                    t.key(),
                ),
                Span::raw(offer_line(app.battle(), &standing)),
            ]));
        }
    }
    let offer_hint = if offers {
        format!(
            "{} take the offer  ",
            app.keymap.hint(&crate::tui::Action::TakeOffer)
        )
    } else {
        String::new()
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
                .title(match reopened {
                    None => " Result (on disk) ".to_string(),
                    Some(i) => format!(
                        " Entry {} · from the journal{} ",
                        app.log_number(i),
                        if app.battle().history().is_in_force(i) {
                            ""
                        } else {
                            " · undone since"
                        }
                    ),
                })
                .title_bottom(closing_line(
                    app,
                    t,
                    format!(
                        " {offer_hint}{}{} ",
                        if scrolls { "↑↓ scroll · " } else { "" },
                        crate::tui::app::POPUP_CLOSES
                    ),
                )),
        )
        .render(r, buf);
}

/// A popup's bottom line: how it closes, or, after a key it does not take, its answer to it.
pub(super) fn closing_line(app: &App, t: &Theme, keys: String) -> Line<'static> {
    match &app.popup_hint {
        Some(hint) => Line::from(Span::styled(format!(" {hint} "), t.error())),
        None => Line::from(keys),
    }
}

/// An event's result in full: its summary, each resolution step by step, and its notes.
/// A resolution's explanation, a styled line each: what was resolved in bold, its table, row,
/// modifiers and dice plain, the result in the key colour.
pub(super) fn resolution_lines(
    res: &crate::resolution::Resolution,
    t: &Theme,
) -> Vec<Line<'static>> {
    res.render_text()
        .lines()
        .map(|l| {
            let style = if l.starts_with("Result:") {
                t.key()
            } else if l.starts_with("  ") {
                Style::new()
            } else {
                Style::new().add_modifier(Modifier::BOLD)
            };
            Line::from(Span::styled(crate::text::escape_terminal(l), style))
        })
        .collect()
}

fn result_text(ev: &Event, t: &Theme, text: &mut Text<'static>) {
    text.push_line(Line::from(Span::styled(
        crate::text::escape_terminal(&ev.summary),
        t.title(),
    )));
    for res in &ev.resolutions {
        text.push_line(Line::from(""));
        text.extend(resolution_lines(res, t));
    }
    if !ev.notes.is_empty() {
        text.push_line(Line::from(""));
        for n in &ev.notes {
            text.push_line(Line::from(format!("• {}", crate::text::escape_terminal(n))));
        }
    }
}

pub(super) fn render_help(app: &App, scroll: u16, t: &Theme, area: Rect, buf: &mut Buffer) {
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
    if let Some(path) = crate::tui::keymap::Keymap::user_file() {
        lines.push(Line::from(Span::styled(
            format!(
                "  keys can be changed in {}",
                crate::text::escape_terminal(&path.display().to_string())
            ),
            t.dim(),
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled("Popups", t.title())));
    lines.push(Line::from(format!(
        "  a result, the battle's account, this help and the markers: {}, and nothing else does · ↑↓ pgup pgdn scroll · {} lists every procedure and key by name (type to narrow, enter runs)",
        crate::tui::app::POPUP_CLOSES,
        app.keymap.hint(&crate::tui::Action::Palette),
    )));
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled("In a form", t.title())));
    lines.push(Line::from(format!(
        "  tab/↓ next field · shift-tab/↑ previous · {} the dice field and back · space or ←→ change a choice · enter resolve · esc cancel",
        crate::tui::form::DICE_KEY
    )));
    lines.push(Line::from(
        "  only the inputs that can matter are shown; a refusal shows as soon as a unit is named",
    ));
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled("In the log", t.title())));
    lines.push(Line::from(format!(
        "  {} gives the log the keys · ↑↓ pgup pgdn home end select an entry · enter opens its whole result from the journal · {} (or {} from anywhere) searches the log, {} {} older/newer match · esc or {} back to the roster",
        app.keymap.hint(&crate::tui::Action::LogFocus),
        app.keymap.hint(&crate::tui::Action::Search),
        app.keymap.hint(&crate::tui::Action::LogSearch),
        app.keymap.hint(&crate::tui::Action::LogNextMatch),
        app.keymap.hint(&crate::tui::Action::LogPrevMatch),
        app.keymap.hint(&crate::tui::Action::LogFocus),
    )));
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled("In the report view", t.title())));
    {
        use crate::tui::Action as A;
        use crate::tui::replay::{CHART_KEY, WRITE_HTML_KEY, WRITE_MARKDOWN_KEY};
        let k = |a: &A| app.keymap.hint(a);
        lines.push(Line::from(format!(
            "  {} opens it: each side's strength over the turns, the losses of each turn, and the battle replayed from its journal (read, never written) · {} {} an event back/forward · {} {} or {} {} a turn · {} {} the first/last event · {} writes the report beside the journal (HTML), {} as Markdown · {} the chart over the view · esc or {} back to the battle · umpire replay JOURNAL opens it on any journal",
            k(&A::Report),
            k(&A::FoldOrParent),
            k(&A::UnfoldOrChild),
            k(&A::PageUp),
            k(&A::PageDown),
            k(&A::LogBack),
            k(&A::LogForward),
            k(&A::Top),
            k(&A::Bottom),
            WRITE_HTML_KEY,
            WRITE_MARKDOWN_KEY,
            CHART_KEY,
            k(&A::Quit),
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        "Typed dice (d switches them on)",
        t.title(),
    )));
    let ruleset = app.battle().ruleset;
    let note = ruleset
        .die()
        .typing_note()
        .map_or(String::new(), |n| format!("{n}; "));
    lines.push(Line::from(format!("  each die is asked for in turn, with what it is for and what it needs: type the face ({note}several with spaces) · enter gives it · backspace on an empty prompt takes back the previous face · esc cancels, nothing written")));
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
    lines.push(Line::from(format!(
        "  {} lists those of the selected unit's kind: type a number or the start of a badge, or ↑↓ · space sets or clears (a side or a unit by its id) · + − hits · {}",
        app.keymap.hint(&crate::tui::Action::Markers),
        crate::tui::app::POPUP_CLOSES
    )));
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
        .block(Block::bordered().title(" Help ").title_bottom(closing_line(
            app,
            t,
            format!(" ↑↓ scroll · {} ", crate::tui::app::POPUP_CLOSES),
        )))
        .render(r, buf);
}

/// A one-line prompt over the status line; `masked`, the text typed shows as dots.
pub(super) fn render_prompt(
    app: &App,
    masked: bool,
    kind: &Prompt,
    text: &str,
    t: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let label = match kind {
        Prompt::Search => "search (id or name)",
        Prompt::GoTo => "go to unit or formation id",
        Prompt::Note { private: false } => "note for everyone (tab: private)",
        Prompt::Note { private: true } => "private note, the umpire's alone (tab: public)",
        Prompt::MarkerValue(marker) => &app.marker_prompt_label(marker),
        Prompt::Result => "the result, in your words (who won, and why)",
        Prompt::LogSearch => "search the log",
        Prompt::Arrive(id) => &format!(
            "{}: enter brings it on now; a turn holds it back to that turn, umpire until you bring it on",
            crate::text::escape_terminal(id)
        ),
    };
    let text = if masked {
        "•".repeat(text.chars().count())
    } else {
        crate::text::escape_terminal(text)
    };
    Clear.render(area, buf);
    Paragraph::new(Line::from(vec![
        Span::styled(format!(" {label}: "), t.key()),
        Span::raw(format!("{text}▏")),
    ]))
    .render(area, buf);
}

/// The question on the status line before a phase ends while units may still act: how many,
/// the first few ids, and the keys. With the secrets hidden, only the units in the open are
/// counted and named.
pub(super) fn render_end_phase(
    app: &App,
    waiting: &[usize],
    t: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let b = app.battle();
    let waiting: Vec<usize> = waiting
        .iter()
        .copied()
        .filter(|&u| app.shows_unit(u))
        .collect();
    // What the phase would leave undone besides its units (a template not placed) comes first.
    let undone: Vec<Span> = app
        .left_undone()
        .into_iter()
        .map(|w| Span::styled(format!(" {w};"), t.key()))
        .collect();
    if waiting.is_empty() {
        Clear.render(area, buf);
        Paragraph::new(Line::from(
            [
                undone,
                vec![
                    Span::styled(" End the phase? ", t.key()),
                    Span::styled("[y/N]", t.key()),
                ],
            ]
            .concat(),
        ))
        .render(area, buf);
        return;
    }
    let (one, many) = b.ruleset.unit_nouns();
    let (noun, verb) = if waiting.len() == 1 {
        (one, "has")
    } else {
        (many, "have")
    };
    const SHOWN: usize = 3;
    let mut ids: Vec<&str> = waiting
        .iter()
        .take(SHOWN)
        .map(|&u| b.roster.units[u].id.as_str())
        .collect();
    if waiting.len() > SHOWN {
        ids.push("…");
    }
    Clear.render(area, buf);
    Paragraph::new(Line::from(
        [
            undone,
            vec![
                Span::styled(
                    format!(" {} {noun} {verb} not acted", waiting.len()),
                    t.key(),
                ),
                Span::raw(format!(
                    " ({}) — end the phase? ",
                    crate::text::escape_terminal(&ids.join(", "))
                )),
                // Only `y` ends it: every other key, `n` and enter too, is no.
                Span::styled("[y/N]", t.key()),
            ],
        ]
        .concat(),
    ))
    .render(area, buf);
}

pub(super) fn render_markers(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(u) = app.selected_unit() else { return };
    let b = app.battle();
    let markers = app.unit_markers(u);
    let pick = &app.marker_pick;
    let st = &b.state().units[u];
    let unit = &b.roster.units[u];
    // Each marker's state as shown: a side or a unit by its id, another value as it is.
    let view = b.view();
    let value = |m: &crate::declare::MarkerDef| match st.marker(m.id) {
        Some(v) if m.kind == crate::declare::MarkerKind::Side => b
            .roster
            .sides
            .get(usize::try_from(v - 1).unwrap_or(usize::MAX))
            .map_or(v.to_string(), |s| crate::text::escape_terminal(&s.id)),
        Some(_) if m.kind.holds_unit() => view.marker_value(u, m).map_or_else(String::new, |v| {
            crate::text::escape_terminal(&v.to_string())
        }),
        Some(v) if m.kind != crate::declare::MarkerKind::Flag => v.to_string(),
        Some(_) => "x".into(),
        None => " ".into(),
    };
    let num_w = markers.len().max(1).to_string().len();
    let val_w = markers
        .iter()
        .map(|m| crate::text::width(&value(m)))
        .max()
        .unwrap_or(1);
    let badge_w = markers
        .iter()
        .map(|m| crate::text::width(m.badge))
        .max()
        .unwrap_or(1);
    let r = popup(
        area,
        area.width.saturating_sub(4).min(100),
        (markers.len() as u16 + 4).min(area.height.saturating_sub(2)),
    );
    Clear.render(r, buf);
    let inner_w = usize::from(r.width.saturating_sub(2));
    // " 12 [x]  RETFROM  " before the help.
    let lead = 1 + num_w + 1 + val_w + 2 + 1 + badge_w + 2;
    let mut lines = Vec::new();
    for (i, m) in markers.iter().enumerate() {
        let v = value(m);
        let line = Line::from(vec![
            Span::styled(
                format!(
                    "{}{:>num_w$} ",
                    if i == pick.cursor { "›" } else { " " },
                    i + 1
                ),
                t.key(),
            ),
            Span::raw(format!(
                "[{v}]{} ",
                " ".repeat(val_w - crate::text::width(&v))
            )),
            Span::styled(format!("{:<badge_w$}  ", m.badge), t.tone(m.tone)),
            Span::raw(crate::text::clip(m.help, inner_w.saturating_sub(lead))),
        ]);
        lines.push(if i == pick.cursor {
            line.patch_style(t.selected())
        } else {
            line
        });
    }
    lines.push(Line::from(vec![
        Span::styled(format!(" {:>w$} ", "+ -", w = num_w + val_w + 3), t.key()),
        Span::raw(b.ruleset.losses().strength(st.hits, unit.hit_limit)),
    ]));
    // What was typed, or the popup's answer to a key it does not take.
    lines.push(match &app.popup_hint {
        Some(hint) => Line::from(Span::styled(format!(" {hint}"), t.error())),
        None if !pick.typed.is_empty() => Line::from(vec![
            Span::styled(" typed: ", t.key()),
            Span::raw(crate::text::escape_terminal(&pick.typed)),
        ]),
        None => Line::from(Span::styled(
            " type a number or a badge, or ↑↓ · space sets or clears",
            t.dim(),
        )),
    });
    // Keep the highlighted line in view.
    let height = usize::from(r.height.saturating_sub(2));
    let scroll = (pick.cursor + 1 + 2).saturating_sub(height);
    Paragraph::new(lines)
        .scroll((scroll as u16, 0))
        .block(
            Block::bordered()
                .title(format!(
                    " Markers: {} ({}) ",
                    crate::text::escape_terminal(&unit.id),
                    crate::text::escape_terminal(&unit.kind)
                ))
                .title_bottom(format!(
                    " space sets or clears · {} ",
                    crate::tui::app::POPUP_CLOSES
                )),
        )
        .render(r, buf);
}

/// The form that adds a unit or a formation: each input on its line with what it holds, the
/// focused one's choices under the form, and each refusal under the input it is about.
pub(super) fn render_add(
    app: &App,
    form: &crate::tui::app::AddForm,
    t: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    use crate::text::escape_terminal as esc;
    let inputs = form.inputs();
    let label_w = inputs.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut lines = Vec::new();
    for (i, (name, help)) in inputs.iter().enumerate() {
        let focused = i == form.focus;
        let text = esc(form.text(name));
        let first = i == 0;
        let mut spans = vec![
            Span::styled(
                format!("{}{name:>label_w$}: ", if focused { "›" } else { " " }),
                t.key(),
            ),
            Span::raw(if focused && !first {
                format!("{text}▏")
            } else {
                text.clone()
            }),
        ];
        if first {
            spans.push(Span::styled(format!("  ({help})"), t.dim()));
        } else if text.is_empty() && !focused {
            spans.push(Span::styled(format!("({help})"), t.dim()));
        }
        let line = Line::from(spans);
        lines.push(if focused {
            line.patch_style(t.selected())
        } else {
            line
        });
        for (_, why) in form.errors.iter().filter(|(at, _)| *at == Some(*name)) {
            lines.push(Line::from(Span::styled(
                format!("{:w$}{}", "", esc(why), w = label_w + 3),
                t.error(),
            )));
        }
    }
    for (_, why) in form.errors.iter().filter(|(at, _)| at.is_none()) {
        lines.push(Line::from(Span::styled(
            format!(" {}", esc(why)),
            t.error(),
        )));
    }
    lines.push(Line::from(""));
    let choices = app.add_choices(form);
    let (name, help) = inputs[form.focus];
    lines.push(if choices.is_empty() {
        Line::from(Span::styled(format!(" {name}: {help}"), t.dim()))
    } else {
        Line::from(vec![
            Span::styled(format!(" {name}: "), t.key()),
            Span::raw(esc(&choices.join(", "))),
        ])
    });
    let r = popup(
        area,
        area.width.saturating_sub(4).min(100),
        (lines.len() as u16 + 2).min(area.height.saturating_sub(2)),
    );
    Clear.render(r, buf);
    let what = if form.formation { "formation" } else { "unit" };
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .block(
            Block::bordered()
                .title(format!(" Add a {what} the scenario lacks "))
                .title_bottom(" tab ↑↓ move · enter adds it · esc cancels "),
        )
        .render(r, buf);
}
