//! The real `umpire` binary (`CARGO_BIN_EXE_umpire`), run as a process of its own: its exit
//! status, stdout and stderr.

use std::process::Command;

/// What the binary did.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// `umpire ARGS`.
pub fn umpire(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_umpire"))
        .args(args)
        .output()
        .expect("the binary runs");
    Run {
        code: out.status.code().expect("exit status"),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

/// Runs and expects success, returning stdout.
pub fn ok(args: &[&str]) -> String {
    let r = umpire(args);
    assert_eq!(
        r.code, 0,
        "umpire {args:?}\nstdout:\n{}\nstderr:\n{}",
        r.stdout, r.stderr
    );
    assert!(r.stderr.is_empty(), "umpire {args:?}: {}", r.stderr);
    r.stdout
}

/// Runs and expects failure with `code`, nothing on stdout; returns stderr.
pub fn fails(code: i32, args: &[&str]) -> String {
    let r = umpire(args);
    assert_eq!(
        r.code, code,
        "umpire {args:?}\nstdout:\n{}\nstderr:\n{}",
        r.stdout, r.stderr
    );
    assert!(
        r.stdout.is_empty(),
        "umpire {args:?} printed:\n{}",
        r.stdout
    );
    assert!(
        r.stderr.starts_with("error: "),
        "umpire {args:?}: {}",
        r.stderr
    );
    r.stderr
}
