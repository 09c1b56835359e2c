//! Headless Chromium for the tests that load a page in a real browser: finding it (or skipping
//! loudly without it, unless `UMPIRE_REQUIRE_BROWSER=1`, as CI sets), and keeping it open on a page
//! under the DevTools protocol, spoken over a pair of pipes (`--remote-debugging-pipe`: the
//! browser reads commands on its descriptor 3 and answers on 4, each message JSON ended by a NUL),
//! so that a test can read the page as it changes without reloading it.
//!
//! Chromium is `$UMPIRE_CHROMIUM` if set, else `/usr/bin/chromium` or `chromium` on the PATH.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The browser, if this machine has one.
pub fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("UMPIRE_CHROMIUM") {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let usual = Path::new("/usr/bin/chromium");
    if usual.is_file() {
        return Some(usual.to_path_buf());
    }
    std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|d| d.join("chromium"))
            .find(|p| p.is_file())
    })
}

/// The browser; without one, a loud message and none (the test passes without checking what
/// it says), or a failure when `UMPIRE_REQUIRE_BROWSER=1`.
pub fn chromium_or_skip(unchecked: &str) -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        let message = format!(
            "Chromium was not found ($UMPIRE_CHROMIUM, else /usr/bin/chromium or chromium on the PATH): {unchecked}"
        );
        if std::env::var("UMPIRE_REQUIRE_BROWSER").as_deref() == Ok("1") {
            panic!("{message}, and UMPIRE_REQUIRE_BROWSER=1 requires it");
        }
        eprintln!(
            "\n!!!!!!!!!!\n!!! SKIPPED: {message}.\n!!! Install it (apt-get install chromium) or set UMPIRE_REQUIRE_BROWSER=1 to make this a failure.\n!!!!!!!!!!\n"
        );
    }
    found
}

/// The switches of every headless run: no GPU, no sandbox (tests may run as root), nothing
/// fetched from anywhere.
pub const HEADLESS: [&str; 10] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--hide-scrollbars",
];

/// How long any one command to the browser may take.
const ANSWER: Duration = Duration::from_secs(30);

/// Headless Chromium kept open under the DevTools protocol; killed when dropped.
pub struct Devtools {
    child: Child,
    to: std::io::PipeWriter,
    from: mpsc::Receiver<Value>,
    next_id: u64,
    /// Messages that were not the answer waited for (events), in order.
    pub events: Vec<Value>,
    stderr: PathBuf,
}

/// A page open in the browser: the session that speaks to it.
#[derive(Clone, Debug)]
pub struct Tab {
    pub session: String,
}

impl Drop for Devtools {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Devtools {
    /// Starts the browser with a fresh profile under `dir`, its log in `dir`.
    pub fn launch(browser: &Path, dir: &Path) -> Devtools {
        use std::os::fd::AsRawFd;
        use std::os::unix::process::CommandExt;
        let (commands_read, commands_write) = std::io::pipe().expect("a pipe");
        let (answers_read, answers_write) = std::io::pipe().expect("a pipe");
        let (child_in, child_out) = (commands_read.as_raw_fd(), answers_write.as_raw_fd());
        let stderr = dir.join("chromium.stderr");
        let mut command = Command::new(browser);
        command
            .args(HEADLESS)
            .arg("--remote-debugging-pipe")
            .arg(format!("--user-data-dir={}", dir.join("profile").display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&stderr).unwrap());
        // SAFETY: between fork and exec only async-signal-safe calls: the two pipe ends the
        // browser speaks on are put at descriptors 3 and 4 (copied above 10 first, so that
        // neither is overwritten by the other), without close-on-exec.
        unsafe {
            command.pre_exec(move || {
                let a = libc::fcntl(child_in, libc::F_DUPFD, 10);
                let b = libc::fcntl(child_out, libc::F_DUPFD, 10);
                if a < 0 || b < 0 || libc::dup2(a, 3) < 0 || libc::dup2(b, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("chromium starts");
        drop(commands_read);
        drop(answers_write);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(answers_read);
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                if message.last() == Some(&0) {
                    message.pop();
                }
                if let Ok(v) = serde_json::from_slice::<Value>(&message)
                    && tx.send(v).is_err()
                {
                    break;
                }
                message.clear();
            }
        });
        Devtools {
            child,
            to: commands_write,
            from: rx,
            next_id: 0,
            events: Vec::new(),
            stderr,
        }
    }

    /// The browser's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.stderr).unwrap_or_default()
    }

    /// Sends `method` with `params` (to the page of `session`, if any) and waits for its answer's
    /// `result`; fails on an error answer.
    pub fn call(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).expect("the browser reads");
        let until = Instant::now() + ANSWER;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let v = self.from.recv_timeout(left).unwrap_or_else(|_| {
                panic!(
                    "no answer to {method} within {ANSWER:?}; the browser's log:\n{}",
                    self.log()
                )
            });
            if v["id"] == json!(id) {
                if let Some(e) = v.get("error") {
                    panic!("{method}: {e}");
                }
                return v["result"].clone();
            }
            self.events.push(v);
        }
    }

    /// Takes in the events that came since, without waiting.
    pub fn drain(&mut self) {
        while let Ok(v) = self.from.try_recv() {
            self.events.push(v);
        }
    }

    /// Opens `url` in a new page, with its console, its log (where the browser says what the
    /// page's Content-Security-Policy refused) and its runtime reported.
    pub fn open(&mut self, url: &str) -> Tab {
        let target =
            self.call(None, "Target.createTarget", json!({"url": "about:blank"}))["targetId"]
                .as_str()
                .unwrap()
                .to_string();
        let session = self.call(
            None,
            "Target.attachToTarget",
            json!({"targetId": target, "flatten": true}),
        )["sessionId"]
            .as_str()
            .unwrap()
            .to_string();
        let tab = Tab { session };
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            self.call(Some(&tab.session), domain, json!({}));
        }
        self.call(Some(&tab.session), "Page.navigate", json!({"url": url}));
        tab
    }

    /// The value of `expression` in the page.
    pub fn eval(&mut self, tab: &Tab, expression: &str) -> Value {
        let r = self.call(
            Some(&tab.session),
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        r["result"]["value"].clone()
    }

    /// Waits up to `within` for `expression` to be true in the page; how long it took, or none.
    pub fn wait_for(&mut self, tab: &Tab, expression: &str, within: Duration) -> Option<Duration> {
        let start = Instant::now();
        loop {
            if self.eval(tab, expression) == json!(true) {
                return Some(start.elapsed());
            }
            if start.elapsed() > within {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// What the page of `tab` logged: console messages, uncaught exceptions, and the browser's
    /// log entries about it (a refused script or style among them).
    pub fn complaints(&mut self, tab: &Tab) -> Vec<String> {
        self.drain();
        self.events
            .iter()
            .filter(|e| e["sessionId"] == json!(tab.session))
            .filter_map(|e| match e["method"].as_str() {
                Some("Runtime.consoleAPICalled") | Some("Runtime.exceptionThrown") => {
                    Some(e["params"].to_string())
                }
                Some("Log.entryAdded") => Some(e["params"]["entry"].to_string()),
                _ => None,
            })
            .collect()
    }
}
