//! The secret links of a served battle: one token for each side and one for everyone, 128 random
//! bits each from the operating system, kept in `<journal>.links` beside the journal so that a
//! server started again on the same battle serves the same links. The file is readable and
//! writable by its owner only (0600) and is written whole or not at all (a temporary file beside
//! it, synced, then renamed over it). A file others may read, or one that does not name every side
//! of the battle, is replaced by new links.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Bytes of randomness in a token (128 bits); the token is their hexadecimal, 32 characters.
pub const TOKEN_BYTES: usize = 16;
/// Characters of a token.
pub const TOKEN_LEN: usize = TOKEN_BYTES * 2;

/// The word that stands for everyone in the links file and in the list of links.
pub const PUBLIC: &str = "public";

/// The tokens of one battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Links {
    /// Each side's id with its token, in the roster's order.
    pub sides: Vec<(String, String)>,
    /// The token of what everyone may see.
    pub public: String,
}

/// How the links were had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Read from the links file: the links given out before still work.
    Same,
    /// Made for the first time (there was no links file).
    New,
    /// Made anew on request (`--new-links`): the old links answer 404.
    Replaced,
    /// Made anew because the links file could be read by others than its owner.
    Exposed,
    /// Made anew because the links file did not name this battle's sides (another battle's, or
    /// damaged).
    Unreadable,
}

/// The links file of the journal at `journal`: `<journal>.links`.
pub fn links_path(journal: &Path) -> PathBuf {
    let mut name = journal.file_name().unwrap_or_default().to_os_string();
    name.push(".links");
    journal.with_file_name(name)
}

/// A new token: [`TOKEN_BYTES`] from the operating system's generator, as hexadecimal.
pub fn new_token() -> std::io::Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes)
        .map_err(|e| std::io::Error::other(format!("the system's random generator failed: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Links {
    /// The links of the battle whose journal is at `journal` and whose sides are `sides`: those
    /// kept in its links file, or new ones written there (always new with `renew`).
    pub fn keep(journal: &Path, sides: &[String], renew: bool) -> std::io::Result<(Links, Kept)> {
        let path = links_path(journal);
        let kept = if renew {
            Kept::Replaced
        } else {
            match read(&path, sides) {
                Ok(Some(links)) => return Ok((links, Kept::Same)),
                Ok(None) => Kept::New,
                Err(kept) => kept,
            }
        };
        let links = Links {
            sides: sides
                .iter()
                .map(|s| Ok((s.clone(), new_token()?)))
                .collect::<std::io::Result<_>>()?,
            public: new_token()?,
        };
        write(&path, &links).map_err(|e| {
            std::io::Error::new(
                e.kind(),
                format!("cannot write the links file {}: {e}", path.display()),
            )
        })?;
        Ok((links, kept))
    }

    /// The file's text.
    fn text(&self) -> String {
        let mut out = String::from(
            "# umpire serve: the secret links of this battle. Anyone who has a token reads that \
             side's view.\n# Delete this file, or serve with --new-links, to make new ones.\n",
        );
        for (side, token) in &self.sides {
            out.push_str(&format!("side {side} {token}\n"));
        }
        out.push_str(&format!("{PUBLIC} {}\n", self.public));
        out
    }
}

/// True for a well-formed token.
fn is_token(t: &str) -> bool {
    t.len() == TOKEN_LEN
        && t.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// The links kept at `path` for `sides`: none if there is no file; an error saying why new
/// ones must be made if it may be read by others or does not name every side.
fn read(path: &Path, sides: &[String]) -> Result<Option<Links>, Kept> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(_) => return Err(Kept::Unreadable),
    };
    if !meta.is_file() {
        return Err(Kept::Unreadable);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o077 != 0 {
            return Err(Kept::Exposed);
        }
    }
    let text = crate::files::read_text(path, 64 * 1024).map_err(|_| Kept::Unreadable)?;
    let mut found: Vec<Option<String>> = vec![None; sides.len()];
    let mut public = None;
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            [w, ..] if w.starts_with('#') => {}
            ["side", id, token] if is_token(token) => {
                let i = sides.iter().position(|s| s == id).ok_or(Kept::Unreadable)?;
                found[i] = Some((*token).to_string());
            }
            [PUBLIC, token] if is_token(token) => public = Some((*token).to_string()),
            _ => return Err(Kept::Unreadable),
        }
    }
    let public = public.ok_or(Kept::Unreadable)?;
    let sides = sides
        .iter()
        .zip(found)
        .map(|(s, t)| t.map(|t| (s.clone(), t)).ok_or(Kept::Unreadable))
        .collect::<Result<_, _>>()?;
    Ok(Some(Links { sides, public }))
}

/// Writes the links to `path` whole or not at all, readable by its owner only.
fn write(path: &Path, links: &Links) -> std::io::Result<()> {
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
    let _ = std::fs::remove_file(&tmp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let result = (|| {
        let mut file = options.open(&tmp)?;
        file.write_all(links.text().as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
