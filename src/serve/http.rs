//! The server's HTTP: a request's head read (at most 8 KiB, within 10 s), and one of four answers.
//! `GET /s/TOKEN` is the page of the token's audience, `GET /s/TOKEN/events` its event stream
//! (`text/event-stream`, each event's `id:` the number of records read, so that a page that
//! wakes asks from the last one it saw with `Last-Event-ID` or `?last=`); any other method is 405;
//! anything else, a wrong token included, is the same 404 after the same work. The head is parsed
//! by `httparse`; the answers are written here, on the connection itself, because an event stream
//! must be flushed event by event and kept open.

use super::Shared;
use super::links::TOKEN_LEN;
use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use subtle::{ConditionallySelectable, ConstantTimeEq};

/// The longest request head read.
const HEAD_LIMIT: usize = 8 * 1024;
/// How long a request's head may take to arrive, and a write to a phone to be taken.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How often an idle event stream says it is still there (a comment line), so that a phone gone
/// away is noticed and its thread ends.
const KEEP_ALIVE: Duration = Duration::from_secs(30);
/// At most this many connections at once; more are closed as they come.
const MAX_CONNECTIONS: usize = 256;
/// Each connection's thread's stack: it reads a head, writes what it is given.
const STACK: usize = 256 * 1024;

/// The headers of every answer: nothing cached, nothing guessed, no address given to anyone,
/// the connection closed after it.
const COMMON: &str = "Cache-Control: no-store\r\nPragma: no-cache\r\nX-Content-Type-Options: nosniff\r\n\
Referrer-Policy: no-referrer\r\nX-Frame-Options: DENY\r\nConnection: close\r\n";

/// The answer to an unknown path, a wrong token and a missing one alike.
pub const NOT_FOUND: &str = "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\n\
Content-Length: 10\r\nContent-Security-Policy: default-src 'none'\r\n";
const NOT_FOUND_BODY: &str = "Not found\n";

/// The answer to any method but GET, whatever the path.
const NOT_ALLOWED: &str = "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET\r\n\
Content-Type: text/plain; charset=utf-8\r\nContent-Length: 19\r\n\
Content-Security-Policy: default-src 'none'\r\n";
const NOT_ALLOWED_BODY: &str = "Only GET is served\n";

/// The answer to a head that is not HTTP, too long or too slow.
const BAD_REQUEST: &str = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n\
Content-Length: 12\r\nContent-Security-Policy: default-src 'none'\r\n";
const BAD_REQUEST_BODY: &str = "Bad request\n";

/// The address to put in the links for a server listening on `ip`: on every interface, this
/// machine's first address on a network (a private one first), else loopback.
pub fn host_for(ip: IpAddr) -> IpAddr {
    if !ip.is_unspecified() {
        return ip;
    }
    network_address(ip.is_ipv6()).unwrap_or_else(|| loopback_for(ip))
}

/// The loopback address of `ip`'s family when `ip` is every interface, else `ip`.
pub fn loopback_for(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v) if v.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v) if v.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        other => other,
    }
}

/// This machine's address on a network (an interface's, not loopback, not link-local), a private
/// IPv4 one first; IPv6 ones only when `v6`.
fn network_address(v6: bool) -> Option<IpAddr> {
    let mut found: Vec<IpAddr> = if_addrs::get_if_addrs()
        .ok()?
        .into_iter()
        .filter(|i| !i.is_loopback() && !i.is_link_local())
        .map(|i| i.ip())
        .filter(|ip| !ip.is_unspecified() && (v6 || ip.is_ipv4()))
        .collect();
    found.sort_by_key(|ip| match ip {
        IpAddr::V4(v) if v.is_private() => 0,
        IpAddr::V4(_) => 1,
        IpAddr::V6(_) => 2,
    });
    found.into_iter().next()
}

/// The accepting thread: each connection is handled on a thread of its own, at most
/// [`MAX_CONNECTIONS`] at once. It ends when the server stops, and then wakes the following
/// thread (`wake`) so that it ends too.
pub(super) fn accept(
    listener: TcpListener,
    shared: Arc<Shared>,
    wake: std::sync::mpsc::Sender<()>,
) {
    for stream in listener.incoming() {
        if shared.stopping.load(Ordering::SeqCst) {
            break;
        }
        let stream = match stream {
            Ok(s) => s,
            Err(_) => {
                // Out of descriptors or memory for a moment: wait rather than spin.
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
        };
        if shared.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            shared.connections.fetch_sub(1, Ordering::SeqCst);
            continue;
        }
        let mine = shared.clone();
        let spawned = std::thread::Builder::new()
            .name("serve-conn".into())
            .stack_size(STACK)
            .spawn(move || {
                let _ = handle(stream, &mine);
                mine.connections.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            shared.connections.fetch_sub(1, Ordering::SeqCst);
        }
    }
    let _ = wake.send(());
}

/// What a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Route {
    Page,
    Events,
    Nothing,
}

/// The token a path names and what of it, or an empty token and nothing.
fn route(path: &str) -> (&str, Route) {
    match path.strip_prefix("/s/") {
        Some(rest) => match rest.split_once('/') {
            None => (rest, Route::Page),
            Some((token, "events")) => (token, Route::Events),
            Some(_) => ("", Route::Nothing),
        },
        None => ("", Route::Nothing),
    }
}

/// The audience whose token `candidate` is, compared with every token in constant time (the
/// same work whether it is one, another or none).
fn lookup(tokens: &[[u8; TOKEN_LEN]], candidate: &str) -> Option<usize> {
    let mut probe = [0u8; TOKEN_LEN];
    let bytes = candidate.as_bytes();
    let n = bytes.len().min(TOKEN_LEN);
    probe[..n].copy_from_slice(&bytes[..n]);
    let whole = subtle::Choice::from(u8::from(bytes.len() == TOKEN_LEN));
    let mut found = u32::MAX;
    for (i, token) in tokens.iter().enumerate() {
        let same = token.ct_eq(&probe) & whole;
        found.conditional_assign(&(i as u32), same);
    }
    (found != u32::MAX).then_some(found as usize)
}

/// A request's head: its method, target and headers, at most [`HEAD_LIMIT`] bytes.
struct Head {
    method: String,
    target: String,
    last_event_id: Option<u64>,
}

/// Reads a request's head (parsed by `httparse`); none if it is not a whole HTTP/1 head within
/// the limits.
fn read_head(stream: &mut TcpStream) -> Option<Head> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    loop {
        let mut headers = [httparse::EMPTY_HEADER; 64];
        let mut request = httparse::Request::new(&mut headers);
        match request.parse(&buf) {
            Ok(httparse::Status::Complete(_)) => {
                let target = request.path?;
                if !target.starts_with('/') {
                    return None;
                }
                let last_event_id = request
                    .headers
                    .iter()
                    .find(|h| h.name.eq_ignore_ascii_case("last-event-id"))
                    .and_then(|h| std::str::from_utf8(h.value).ok())
                    .and_then(|v| v.trim().parse().ok());
                return Some(Head {
                    method: request.method?.to_string(),
                    target: target.to_string(),
                    last_event_id,
                });
            }
            Ok(httparse::Status::Partial) => {}
            Err(_) => return None,
        }
        if buf.len() >= HEAD_LIMIT {
            return None;
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => return None,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
}

/// Answers one connection.
fn handle(mut stream: TcpStream, shared: &Shared) -> io::Result<()> {
    stream.set_read_timeout(Some(TIMEOUT))?;
    stream.set_write_timeout(Some(TIMEOUT))?;
    stream.set_nodelay(true)?;
    let Some(head) = read_head(&mut stream) else {
        return answer(&mut stream, BAD_REQUEST, BAD_REQUEST_BODY);
    };
    if head.method != "GET" {
        return answer(&mut stream, NOT_ALLOWED, NOT_ALLOWED_BODY);
    }
    let (path, query) = head.target.split_once('?').unwrap_or((&head.target, ""));
    let (candidate, route) = route(path);
    let found = lookup(&shared.tokens, candidate);
    match (found, route) {
        (Some(audience), Route::Page) => page(&mut stream, shared, audience),
        (Some(audience), Route::Events) => {
            let last = head.last_event_id.or_else(|| {
                query
                    .split('&')
                    .find_map(|p| p.strip_prefix("last="))
                    .and_then(|v| v.parse().ok())
            });
            events(&mut stream, shared, audience, last)
        }
        _ => answer(&mut stream, NOT_FOUND, NOT_FOUND_BODY),
    }
}

/// Writes a fixed answer: its status and headers, [`COMMON`], and its body.
fn answer(stream: &mut TcpStream, head: &str, body: &str) -> io::Result<()> {
    stream.write_all(format!("{head}{COMMON}\r\n{body}").as_bytes())?;
    stream.flush()
}

/// The audience's page, with a nonce of its own for its style and script.
fn page(stream: &mut TcpStream, shared: &Shared, audience: usize) -> io::Result<()> {
    let nonce = super::links::new_token()?;
    let body = {
        let feeds = shared.feeds();
        let feed = &feeds[audience];
        let lines: Vec<String> = feed.lines.iter().cloned().collect();
        super::page::document(&feed.title, &feed.parts, feed.seq, &lines, &nonce)
    };
    let head = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\n\
         Content-Security-Policy: default-src 'none'; script-src 'nonce-{nonce}'; \
         style-src 'nonce-{nonce}'; connect-src 'self'; img-src 'none'; base-uri 'none'; \
         form-action 'none'; frame-ancestors 'none'\r\n{COMMON}\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    stream.flush()
}

/// Counts an event stream open while it lives.
struct Open<'a>(&'a Shared);

impl Drop for Open<'_> {
    fn drop(&mut self) {
        self.0.phone(false);
    }
}

/// The audience's event stream: first what the page lacks (the parts alone if it saw the last
/// record already, else everything), then each change as it comes, until the phone goes away
/// or the server stops.
fn events(
    stream: &mut TcpStream,
    shared: &Shared,
    audience: usize,
    last: Option<u64>,
) -> io::Result<()> {
    shared.phone(true);
    let _open = Open(shared);
    let gone = AtomicBool::new(false);
    let reader = stream.try_clone()?;
    std::thread::scope(|s| {
        // The phone sends nothing after its request: its side of the connection is read until
        // it closes, so that the stream ends (and the phone is no longer counted) as it goes,
        // not at the next write to it.
        let watching = std::thread::Builder::new()
            .name("serve-gone".into())
            .stack_size(STACK)
            .spawn_scoped(s, || {
                let mut reader = reader;
                let _ = reader.set_read_timeout(None);
                let mut buf = [0u8; 256];
                while matches!(reader.read(&mut buf), Ok(n) if n > 0) {}
                gone.store(true, Ordering::SeqCst);
                // Under the feeds' lock, so that the stream cannot miss the wake between
                // looking at `gone` and waiting.
                let _feeds = shared.feeds();
                shared.changed.notify_all();
            });
        let followed = follow(stream, shared, audience, last, &gone);
        // However it ended, the connection is closed: the watching thread's read returns.
        let _ = stream.shutdown(std::net::Shutdown::Both);
        drop(watching);
        followed
    })
}

/// The event stream itself, until the phone goes (`gone`) or the server stops.
fn follow(
    stream: &mut TcpStream,
    shared: &Shared,
    audience: usize,
    last: Option<u64>,
    gone: &AtomicBool,
) -> io::Result<()> {
    let (seq, data, mut generation) = {
        let mut feeds = shared.feeds();
        let feed = &mut feeds[audience];
        let data: Arc<str> = if last == Some(feed.seq) {
            feed.parts_only().into()
        } else {
            feed.everything()
        };
        (feed.seq, data, feed.generation)
    };
    stream.write_all(
        format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
             Content-Security-Policy: default-src 'none'\r\n{COMMON}\r\nretry: 1000\n\n\
             id: {seq}\ndata: {data}\n\n"
        )
        .as_bytes(),
    )?;
    stream.flush()?;
    loop {
        let next = {
            let mut feeds = shared.feeds();
            let until = Instant::now() + KEEP_ALIVE;
            loop {
                if shared.stopping.load(Ordering::SeqCst) || gone.load(Ordering::SeqCst) {
                    return Ok(());
                }
                let feed = &mut feeds[audience];
                if feed.generation != generation {
                    let data = match &feed.delta {
                        Some((from, d)) if *from == generation => d.clone(),
                        _ => feed.everything(),
                    };
                    generation = feed.generation;
                    break Some((feed.seq, data));
                }
                let left = until.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break None;
                }
                feeds = shared
                    .changed
                    .wait_timeout(feeds, left)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
        };
        match next {
            Some((seq, data)) => {
                stream.write_all(format!("id: {seq}\ndata: {data}\n\n").as_bytes())?
            }
            None => stream.write_all(b": still here\n\n")?,
        }
        stream.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_found_only_whole_and_exact() {
        let a = [b'a'; TOKEN_LEN];
        let mut b = [b'a'; TOKEN_LEN];
        b[TOKEN_LEN - 1] = b'b';
        let tokens = [a, b];
        let text = |t: &[u8]| String::from_utf8(t.to_vec()).unwrap();
        assert_eq!(lookup(&tokens, &text(&a)), Some(0));
        assert_eq!(lookup(&tokens, &text(&b)), Some(1));
        assert_eq!(lookup(&tokens, ""), None);
        assert_eq!(lookup(&tokens, &text(&a[..TOKEN_LEN - 1])), None);
        assert_eq!(lookup(&tokens, &format!("{}a", text(&a))), None);
    }

    #[test]
    fn paths_name_a_page_its_events_or_nothing() {
        assert_eq!(route("/s/abc"), ("abc", Route::Page));
        assert_eq!(route("/s/abc/events"), ("abc", Route::Events));
        assert_eq!(route("/s/abc/"), ("", Route::Nothing));
        assert_eq!(route("/s/abc/x"), ("", Route::Nothing));
        assert_eq!(route("/"), ("", Route::Nothing));
        assert_eq!(route("/favicon.ico"), ("", Route::Nothing));
    }
}
