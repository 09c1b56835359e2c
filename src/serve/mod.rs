//! `umpire serve`: the players' view on the players' own phones. A battle's journal is followed
//! read only, as `umpire watch` follows it ([`WatchView`]: no lock, woken by file-change
//! notifications), and each side's view, and what everyone may see, is served as a page at a
//! secret link ([`links`]); the page is kept up to date by server-sent events. The umpire's view
//! is never served.
//!
//! One thread follows the journal: on each change it reads what was appended once (one fold of
//! the journal serves every audience, each keeping only its own log), and makes from it what each
//! audience's pages need (the parts that changed, the log's lines that came or went) once,
//! whatever the number of phones. Each phone's event stream is a thread of its
//! own that waits on a condition variable and writes what it is woken for; idle, nothing runs.
//!
//! Security: only GET is answered (any other method is 405, whatever the path); a wrong or
//! missing token answers the same 404 as an unknown path, after the same work (the token is
//! compared with every link's in constant time); nothing may be cached; the page's
//! Content-Security-Policy lets only its own inline style and script run (a nonce for each
//! answer) and its script connect only to this server. Nothing is written beside the journal but
//! the links file.

pub mod http;
pub mod links;
pub mod page;

use crate::model::Viewer;
use crate::report::chronicle::Follower;
use crate::tui::WatchView;
use crate::tui::app::serving::{PhoneLink, Serving, StartServing};
use crate::tui::watch::watch_file;
use links::{Kept, Links};
use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// The port served when none is given: the same every time, so that the links stay the same.
pub const DEFAULT_PORT: u16 = 8470;

/// How to serve.
#[derive(Clone, Debug)]
pub struct Options {
    /// The address listened on; all interfaces (`0.0.0.0`) for phones on the table's network.
    pub bind: IpAddr,
    /// The port; 0 for any free one.
    pub port: u16,
    /// Make new links: the old ones answer 404.
    pub new_links: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            bind: IpAddr::from([0, 0, 0, 0]),
            port: DEFAULT_PORT,
            new_links: false,
        }
    }
}

/// One link given out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The side's id, or `public`.
    pub key: String,
    /// Who it is for, in words.
    pub who: String,
    /// The whole address, its token in it.
    pub url: String,
}

/// Why a battle cannot be served.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The journal cannot be read, or is damaged.
    #[error(transparent)]
    Journal(#[from] crate::battle::session::SessionError),
    /// The links file cannot be written, or the system's generator failed.
    #[error("{0}")]
    Links(std::io::Error),
    /// The server's threads cannot be started.
    #[error("cannot start the server's threads: {0}")]
    Threads(std::io::Error),
    /// The address and port cannot be listened on.
    #[error("cannot listen on {addr}: {source}{hint}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
        hint: &'static str,
    },
}

/// A link as a QR code for a terminal: two modules a character (Unicode half blocks), light on
/// dark as a terminal shows text, with its quiet zone.
pub fn qr_code(url: &str) -> Result<String, String> {
    use qrcode::render::unicode::Dense1x2;
    let code = qrcode::QrCode::new(url.as_bytes())
        .map_err(|e| format!("cannot make a QR code of {url}: {e}"))?;
    Ok(code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .quiet_zone(true)
        .build())
}

/// The server as the umpire's screen holds it (`P`), its links' QR codes drawn once.
struct ForScreen {
    server: Server,
    links: Vec<PhoneLink>,
}

impl Serving for ForScreen {
    fn links(&self) -> &[PhoneLink] {
        &self.links
    }

    fn connected(&self) -> usize {
        self.server.connected()
    }

    fn on_change(&self, wake: crate::tui::Waker) {
        self.server.on_phones(wake);
    }

    fn on_all_interfaces(&self) -> bool {
        self.server.on_all_interfaces()
    }
}

/// How the umpire's screen starts serving its battle: with `options` (every interface on
/// [`DEFAULT_PORT`] from the command line, as `umpire serve` does).
pub fn for_screen(options: Options) -> StartServing {
    Box::new(move |journal: &Path| {
        let server = Server::start(journal, &options).map_err(|e| e.to_string())?;
        let links = server
            .links
            .iter()
            .map(|l| {
                Ok(PhoneLink {
                    who: l.who.clone(),
                    url: l.url.clone(),
                    code: qr_code(&l.url)?,
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Box::new(ForScreen { server, links }) as Box<dyn Serving>)
    })
}

/// What one audience's page needs, made once for all its phones at each change.
struct Feed {
    /// The page's title.
    title: String,
    /// Bumped at each change.
    generation: u64,
    /// The records read (the events' `id:`).
    seq: u64,
    parts: page::Parts,
    /// How many lines the log has.
    len: usize,
    /// The log's newest lines as HTML (at most [`page::LOG_SHOWN`]), oldest first; the last is
    /// at position `len - 1`.
    lines: VecDeque<String>,
    /// The last change as an event's data, and the generation it follows; none when a page
    /// that saw the generation before must be sent everything again.
    delta: Option<(u64, Arc<str>)>,
    /// Everything, as an event's data, once a page asked for it at this generation: made once
    /// for all the phones that ask.
    whole: Option<Arc<str>>,
}

impl Feed {
    /// The feed of the view's viewer `i`.
    fn new(view: &WatchView, i: usize) -> Feed {
        let b = view.battle();
        let mut feed = Feed {
            title: format!(
                "{} · {}",
                b.scenario.title(),
                page::audience_words(b, view.sight(i).viewer())
            ),
            generation: 0,
            seq: 0,
            parts: page::Parts::default(),
            len: 0,
            lines: VecDeque::new(),
            delta: None,
            whole: None,
        };
        feed.update(view, i, true);
        feed
    }

    /// Takes in what viewer `i` of the view sees as the last refresh left it: the lines it kept,
    /// those it added, and the parts.
    fn update(&mut self, view: &WatchView, i: usize, whole: bool) {
        let sight = view.sight(i);
        let len = sight.log_len();
        let keep = if whole {
            0
        } else {
            sight.fresh_lines().start.min(self.len)
        };
        let from = keep.max(len.saturating_sub(page::LOG_SHOWN));
        // The lines from `keep` on go; those kept stay if they are still among the newest.
        let first = self.len - self.lines.len();
        self.lines.truncate(keep.saturating_sub(first));
        let added: Vec<String> = sight
            .log_lines(from..len)
            .iter()
            .zip(from..)
            .map(|(l, pos)| page::log_line(pos, l))
            .collect();
        self.lines.extend(added.iter().cloned());
        while self.lines.len() > page::LOG_SHOWN {
            self.lines.pop_front();
        }
        self.len = len;
        // Lines taken back leave room for older ones: those are read back, and the pages are
        // sent everything again.
        let mut refilled = false;
        let wanted = len.min(page::LOG_SHOWN);
        if self.lines.len() < wanted {
            let first = len - self.lines.len();
            let start = len - wanted;
            for (l, pos) in sight.log_lines(start..first).iter().zip(start..first).rev() {
                self.lines.push_front(page::log_line(pos, l));
            }
            refilled = true;
        }
        let parts = page::parts(view, i);
        let changed = parts.changed_since(&self.parts);
        self.parts = parts;
        self.seq = view.chronicle().records.len() as u64;
        let before = self.generation;
        self.generation += 1;
        self.whole = None;
        self.delta = (!whole && !refilled).then(|| {
            (
                before,
                message(self.seq, false, keep, &added, &changed).into(),
            )
        });
    }

    /// Everything, as an event's data: the log's lines held and the parts.
    fn everything(&mut self) -> Arc<str> {
        if let Some(whole) = &self.whole {
            return whole.clone();
        }
        let lines: Vec<String> = self.lines.iter().cloned().collect();
        let whole: Arc<str> = message(self.seq, true, 0, &lines, &self.parts.all()).into();
        self.whole = Some(whole.clone());
        whole
    }

    /// The parts alone, for a page that has every line already.
    fn parts_only(&self) -> String {
        message(self.seq, false, self.len, &[], &self.parts.all())
    }
}

/// An event's data: `{"seq", "reset", "keep", "add", "parts"}` on one line.
fn message(
    seq: u64,
    reset: bool,
    keep: usize,
    add: &[String],
    parts: &serde_json::Value,
) -> String {
    serde_json::json!({
        "seq": seq,
        "reset": reset,
        "keep": keep,
        "add": add,
        "parts": parts,
    })
    .to_string()
}

/// What the server's threads share.
struct Shared {
    /// Each audience's token, in the order of `feeds`.
    tokens: Vec<[u8; links::TOKEN_LEN]>,
    feeds: Mutex<Vec<Feed>>,
    /// Signalled at each change of a feed, and when the server stops.
    changed: Condvar,
    stopping: AtomicBool,
    /// Event streams open (phones connected).
    streams: AtomicUsize,
    /// Called each time a phone connects or goes ([`Server::on_phones`]).
    on_phones: Mutex<Option<crate::tui::Waker>>,
    /// Connections open, of every kind.
    connections: AtomicUsize,
}

impl Shared {
    /// One more phone connected (`true`) or one fewer, told to whoever asked to know.
    pub(crate) fn phone(&self, connected: bool) {
        if connected {
            self.streams.fetch_add(1, Ordering::SeqCst);
        } else {
            self.streams.fetch_sub(1, Ordering::SeqCst);
        }
        let told = self.on_phones.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(wake) = told.as_ref() {
            wake();
        }
    }

    fn feeds(&self) -> MutexGuard<'_, Vec<Feed>> {
        // A thread that panicked while holding the lock left whole feeds: each update replaces
        // them field by field with values already made.
        self.feeds.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A battle being served. It serves until it is dropped (or [`Server::stop`]).
pub struct Server {
    shared: Arc<Shared>,
    /// The links, each side's then everyone's.
    pub links: Vec<Link>,
    /// The address listened on.
    pub local: SocketAddr,
    /// How the links were had.
    pub kept: Kept,
    /// Why the journal is looked at on a timer rather than notified, when it is.
    pub note: Option<String>,
    /// The links file.
    pub links_file: PathBuf,
    /// The journal.
    pub journal: PathBuf,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("local", &self.local)
            .field("journal", &self.journal)
            .finish_non_exhaustive()
    }
}

impl Server {
    /// Serves the battle whose journal is at `journal`: reads it (refusing a damaged one as
    /// `watch` does), has its links (kept or new), listens, and follows the journal.
    pub fn start(journal: &Path, options: &Options) -> Result<Server, ServeError> {
        let first = Follower::open(journal)?;
        let sides: Vec<String> = first
            .battle
            .roster
            .sides
            .iter()
            .map(|s| s.id.clone())
            .collect();
        let (links, kept) =
            Links::keep(journal, &sides, options.new_links).map_err(ServeError::Links)?;
        // One reading of the journal for every audience: each side, then everyone.
        let mut viewers: Vec<Viewer> = (0..sides.len()).map(Viewer::Side).collect();
        viewers.push(Viewer::Public);
        let view = WatchView::with_viewers(first, &viewers)?;
        let feeds: Vec<Feed> = (0..viewers.len()).map(|i| Feed::new(&view, i)).collect();
        let tokens: Vec<[u8; links::TOKEN_LEN]> = links
            .sides
            .iter()
            .map(|(_, t)| t)
            .chain(std::iter::once(&links.public))
            .map(|t| {
                let mut token = [0u8; links::TOKEN_LEN];
                token.copy_from_slice(t.as_bytes());
                token
            })
            .collect();
        let addr = SocketAddr::new(options.bind, options.port);
        let listener = TcpListener::bind(addr).map_err(|source| ServeError::Listen {
            addr,
            hint: match source.kind() {
                std::io::ErrorKind::AddrInUse => {
                    " (another program, or another `umpire serve`, has the port: --port N for another)"
                }
                std::io::ErrorKind::PermissionDenied => " (ports below 1024 need privileges)",
                _ => "",
            },
            source,
        })?;
        let local = listener.local_addr().map_err(|source| ServeError::Listen {
            addr,
            source,
            hint: "",
        })?;
        let host = http::host_for(local.ip());
        let links: Vec<Link> = tokens
            .iter()
            .zip(&viewers)
            .map(|(token, &viewer)| Link {
                key: page::audience_key(view.battle(), viewer),
                who: page::audience_words(view.battle(), viewer),
                url: format!(
                    "http://{}/s/{}",
                    SocketAddr::new(host, local.port()),
                    String::from_utf8_lossy(token)
                ),
            })
            .collect();
        let shared = Arc::new(Shared {
            tokens,
            feeds: Mutex::new(feeds),
            changed: Condvar::new(),
            stopping: AtomicBool::new(false),
            streams: AtomicUsize::new(0),
            on_phones: Mutex::new(None),
            connections: AtomicUsize::new(0),
        });
        let (tx, rx) = std::sync::mpsc::channel();
        let wake = tx.clone();
        let watch = watch_file(journal, move || {
            let _ = wake.send(());
        });
        let note = watch.note.clone();
        let mut threads = Vec::new();
        {
            let shared = shared.clone();
            threads.push(
                std::thread::Builder::new()
                    .name("serve-follow".into())
                    .spawn(move || follow(view, watch, rx, &shared))
                    .map_err(ServeError::Threads)?,
            );
        }
        // Anything written between the first reading and the watch being set up.
        let _ = tx.send(());
        {
            let shared = shared.clone();
            threads.push(
                std::thread::Builder::new()
                    .name("serve-accept".into())
                    .spawn(move || http::accept(listener, shared, tx))
                    .map_err(ServeError::Threads)?,
            );
        }
        Ok(Server {
            shared,
            links,
            local,
            kept,
            note,
            links_file: links::links_path(journal),
            journal: journal.to_path_buf(),
            threads,
        })
    }

    /// How many phones (event streams) are connected now.
    pub fn connected(&self) -> usize {
        self.shared.streams.load(Ordering::Relaxed)
    }

    /// Calls `wake` (from the server's threads) each time a phone connects or goes.
    pub fn on_phones(&self, wake: crate::tui::Waker) {
        *self
            .shared
            .on_phones
            .lock()
            .unwrap_or_else(|e| e.into_inner()) = Some(wake);
    }

    /// True when the server listens on every interface (anyone on the network may reach it).
    pub fn on_all_interfaces(&self) -> bool {
        self.local.ip().is_unspecified()
    }

    /// Stops serving: no new connection is taken, the event streams are closed, the journal is
    /// no longer followed.
    pub fn stop(mut self) {
        self.shut();
    }

    fn shut(&mut self) {
        if self.shared.stopping.swap(true, Ordering::SeqCst) {
            return;
        }
        self.shared.changed.notify_all();
        // The accepting thread waits in `accept`: a connection of our own wakes it.
        let _ = std::net::TcpStream::connect_timeout(
            &SocketAddr::new(http::loopback_for(self.local.ip()), self.local.port()),
            std::time::Duration::from_secs(1),
        );
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shut();
    }
}

/// The following thread: at each change signalled, the view reads on (once for every
/// audience), and if it changed the feeds are updated and the streams woken. It ends when the
/// server stops (the accepting thread wakes it as it ends).
fn follow(
    mut view: WatchView,
    watch: crate::tui::watch::FileWatch,
    rx: std::sync::mpsc::Receiver<()>,
    shared: &Shared,
) {
    while rx.recv().is_ok() {
        if shared.stopping.load(Ordering::SeqCst) {
            break;
        }
        while rx.try_recv().is_ok() {}
        // A journal read whole again (replaced, cut back) has every line fresh: its pages start
        // over from the first line.
        if !view.refresh() {
            continue;
        }
        let mut feeds = shared.feeds();
        for (i, feed) in feeds.iter_mut().enumerate() {
            feed.update(&view, i, false);
        }
        drop(feeds);
        shared.changed.notify_all();
    }
    drop(watch);
}
