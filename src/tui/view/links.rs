//! The players' links popup ([`Mode::Links`](crate::tui::app::Mode)): one link as a QR code, with
//! whom it is for, its address, how many phones are connected, and a plain word when every
//! interface is listened on. A window too small for the code shows the address alone and says so.

use super::*;

pub(super) fn render_links(app: &App, shown: usize, t: &Theme, area: Rect, buf: &mut Buffer) {
    let Some(server) = &app.serving else {
        return;
    };
    let Some(link) = server.links().get(shown) else {
        return;
    };
    let esc = crate::text::escape_terminal;
    let code_lines: Vec<&str> = link.code.lines().collect();
    let code_width = code_lines
        .iter()
        .map(|l| crate::text::width(l))
        .max()
        .unwrap_or(0);
    let mut head = vec![
        Line::from(vec![
            Span::styled(
                format!("{} of {} · ", shown + 1, server.links().len()),
                t.dim(),
            ),
            Span::styled(format!("for {}", esc(&link.who)), t.title()),
        ]),
        Line::from(link.url.clone()),
    ];
    let phones = server.connected();
    head.push(Line::from(Span::styled(
        match phones {
            0 => "no phone connected yet".to_string(),
            1 => "1 phone connected".to_string(),
            n => format!("{n} phones connected"),
        },
        t.dim(),
    )));
    if server.on_all_interfaces() {
        head.push(Line::from(Span::styled(
            "listening on every interface: anyone on this network with a link reads that side's view",
            t.error(),
        )));
    }
    let foot = Line::from(vec![
        Span::styled("→ space", t.key()),
        Span::raw(" next code  "),
        Span::styled("←", t.key()),
        Span::raw(" previous  "),
        Span::styled("esc", t.key()),
        Span::raw(" closes (still served)"),
    ]);
    let wanted_h = u16::try_from(code_lines.len() + head.len() + 1 + 2).unwrap_or(u16::MAX);
    let wanted_w = u16::try_from(code_width.max(link.url.len()).max(60) + 4).unwrap_or(u16::MAX);
    let fits = wanted_h <= area.height && code_width + 4 <= usize::from(area.width);
    let r = if fits {
        popup(area, wanted_w, wanted_h)
    } else {
        popup(
            area,
            area.width.saturating_sub(4).min(wanted_w),
            u16::try_from(head.len() + 4).unwrap_or(8),
        )
    };
    Clear.render(r, buf);
    let mut lines = head;
    if fits {
        lines.extend(code_lines.iter().map(|l| Line::from((*l).to_string())));
    } else {
        lines.push(Line::from(Span::styled(
            "the window is too small for the QR code: enlarge it, or type the address",
            t.error(),
        )));
    }
    lines.push(foot);
    if let Some(hint) = &app.popup_hint {
        lines.push(Line::from(Span::styled(esc(hint), t.error())));
    }
    Paragraph::new(lines)
        .block(Block::bordered().title(" Players' phones: scan your side's code "))
        .render(r, buf);
}
