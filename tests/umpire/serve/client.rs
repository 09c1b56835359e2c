//! A small HTTP client for the served pages, on std's `TcpStream`: whole answers (status, headers,
//! body) and an event stream read event by event.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A whole answer.
#[derive(Debug)]
pub struct Answer {
    /// The answer as it came, head and body.
    pub raw: String,
    pub status: u16,
    pub body: String,
}

impl Answer {
    /// The value of header `name`, if any.
    pub fn header(&self, name: &str) -> Option<&str> {
        let head = self.raw.split("\r\n\r\n").next().unwrap_or_default();
        head.lines().skip(1).find_map(|l| {
            let (n, v) = l.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// The path of `url` (`http://host:port/path` → `/path`).
pub fn path_of(url: &str) -> &str {
    let rest = url.strip_prefix("http://").expect("an http URL");
    &rest[rest.find('/').expect("a path")..]
}

/// `METHOD path` to the server at `port` on loopback, its whole answer.
pub fn request(port: u16, method: &str, path: &str) -> Answer {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server answers");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("a whole answer");
    let raw = String::from_utf8(raw).expect("a UTF-8 answer");
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = raw
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    Answer { raw, status, body }
}

/// `GET path`.
pub fn get(port: u16, path: &str) -> Answer {
    request(port, "GET", path)
}

/// One server-sent event.
#[derive(Clone, Debug)]
pub struct Sent {
    pub id: Option<u64>,
    pub data: serde_json::Value,
}

/// An open event stream.
pub struct Stream {
    s: TcpStream,
    buf: Vec<u8>,
    /// The stream's head, once read.
    pub head: String,
}

impl Stream {
    /// Opens `path`'s event stream, with `Last-Event-ID: last` when given.
    pub fn open(port: u16, path: &str, last: Option<u64>) -> Stream {
        let mut s = TcpStream::connect(("127.0.0.1", port)).expect("the server answers");
        let last = last
            .map(|n| format!("Last-Event-ID: {n}\r\n"))
            .unwrap_or_default();
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n{last}\r\n"
        )
        .unwrap();
        let mut stream = Stream {
            s,
            buf: Vec::new(),
            head: String::new(),
        };
        let head = stream
            .block(Duration::from_secs(10), b"\r\n\r\n")
            .expect("the stream's head");
        stream.head = head;
        stream
    }

    /// The text up to the next `end` (taken off), within `within`.
    fn block(&mut self, within: Duration, end: &[u8]) -> Option<String> {
        let until = Instant::now() + within;
        loop {
            if let Some(i) = self.buf.windows(end.len()).position(|w| w == end) {
                let text = String::from_utf8(self.buf[..i].to_vec()).expect("UTF-8");
                self.buf.drain(..i + end.len());
                return Some(text);
            }
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            self.s.set_read_timeout(Some(left)).unwrap();
            let mut chunk = [0u8; 16384];
            match self.s.read(&mut chunk) {
                Ok(0) => return None,
                Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return None;
                }
                Err(e) => panic!("the stream broke: {e}"),
            }
        }
    }

    /// The next event with data, within `within` (comments and the `retry:` line skipped).
    pub fn next(&mut self, within: Duration) -> Option<Sent> {
        let until = Instant::now() + within;
        loop {
            let block = self.block(until.saturating_duration_since(Instant::now()), b"\n\n")?;
            let mut id = None;
            let mut data = None;
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("id: ") {
                    id = v.parse().ok();
                } else if let Some(v) = line.strip_prefix("data: ") {
                    data = Some(serde_json::from_str(v).expect("JSON data"));
                }
            }
            if let Some(data) = data {
                return Some(Sent { id, data });
            }
        }
    }
}

/// The battle of `all` (its journal's lines) grown to its first `n` lines: the record `n` appended
/// to the journal served (which holds the first two from the start), and `copy` written whole
/// with them, for `watch` to read as the served battle then stands.
pub fn grow(journal: &std::path::Path, copy: &std::path::Path, all: &[String], n: usize) {
    if n > 2 {
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(journal)
            .unwrap();
        f.write_all(all[n - 1].as_bytes()).unwrap();
    }
    std::fs::write(copy, all[..n].concat()).unwrap();
}
