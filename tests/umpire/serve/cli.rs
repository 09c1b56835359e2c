//! `umpire serve` as the real binary: the lines it prints (a side's id and its link, a line each,
//! then everyone's), the plain warning when every interface is listened on, and its refusals.

use super::client::{get, path_of};
use crate::support::cli::{Played, SCRUBY_LEARNING};
use crate::support::exe::umpire;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// `umpire serve ARGS` started in a process of its own; killed when dropped.
pub struct Serving {
    child: Child,
    /// What it printed before its links, and its links as `(key, URL)`.
    pub preamble: Vec<String>,
    pub links: Vec<(String, String)>,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Serving {
    /// Starts it and reads its lines up to the `public` link.
    pub fn start(args: &[&str]) -> Serving {
        let mut child = Command::new(env!("CARGO_BIN_EXE_umpire"))
            .arg("serve")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("umpire serve starts");
        let out = BufReader::new(child.stdout.take().unwrap());
        let mut serving = Serving {
            child,
            preamble: Vec::new(),
            links: Vec::new(),
        };
        for line in out.lines() {
            let line = line.expect("a line");
            match line.split_once("  ") {
                Some((key, url)) if url.starts_with("http://") => {
                    serving.links.push((key.to_string(), url.to_string()));
                    if key == "public" {
                        break;
                    }
                }
                _ => serving.preamble.push(line),
            }
        }
        serving
    }

    /// The port its links name.
    pub fn port(&self) -> u16 {
        let url = &self.links[0].1;
        let host = url
            .strip_prefix("http://")
            .unwrap()
            .split('/')
            .next()
            .unwrap();
        host.rsplit(':').next().unwrap().parse().unwrap()
    }
}

#[test]
fn serve_prints_a_link_per_side_then_everyones_and_serves_them() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "next --dice 5,2\n");
    let s = Serving::start(&[played.j(), "--bind", "127.0.0.1", "--port", "0"]);
    let keys: Vec<&str> = s.links.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["au", "fr", "public"]);
    assert!(
        s.preamble.iter().all(|l| !l.contains("WARNING")),
        "{:?}",
        s.preamble
    );
    assert!(s.preamble[0].contains("read only"), "{:?}", s.preamble);
    for (key, url) in &s.links {
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        let page = get(s.port(), path_of(url));
        assert_eq!(page.status, 200, "{key}");
        let who = if key == "public" {
            "What everyone may see".to_string()
        } else {
            format!("({key}) may see")
        };
        assert!(page.body.contains(&who), "{key}: {}", page.body);
    }
}

#[test]
fn listening_on_every_interface_is_said_plainly() {
    let _notifications = crate::support::notifications::shared();
    let played = Played::battle(SCRUBY_LEARNING, "");
    let s = Serving::start(&[played.j(), "--bind", "0.0.0.0", "--port", "0"]);
    assert!(
        s.preamble
            .iter()
            .any(|l| l.starts_with("WARNING: listening on every interface")
                && l.contains("--bind 127.0.0.1")),
        "{:?}",
        s.preamble
    );
    // Reached here on loopback only.
    let page = get(s.port(), path_of(&s.links[0].1));
    assert_eq!(page.status, 200);
}

#[test]
fn serve_refuses_a_missing_journal_and_a_port_in_use() {
    let _notifications = crate::support::notifications::shared();
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere.jsonl");
    let r = umpire(&["serve", missing.to_str().unwrap(), "--port", "0"]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(r.stderr.contains("nowhere.jsonl"), "{}", r.stderr);
    assert!(!umpire::serve::links::links_path(&missing).exists());

    let played = Played::battle(SCRUBY_LEARNING, "");
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let r = umpire(&["serve", played.j(), "--bind", "127.0.0.1", "--port", &port]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stderr
            .contains(&format!("cannot listen on 127.0.0.1:{port}"))
            && r.stderr.contains("--port N"),
        "{}",
        r.stderr
    );
}
