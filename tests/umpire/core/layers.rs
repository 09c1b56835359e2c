//! The program's modules stand in layers with no circle: each module uses only those below it.
//! Read from the source's own paths (`crate::…`), comments and unit tests left out (a module's
//! tests stand above it and may use anything), so a new import that closes a circle fails here,
//! naming it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module a source file belongs to for the layering: its top-level module, except that each
/// rule set's folder is a module of its own (`rules::newport`), apart from the registry (`rules`).
fn node_of(file: &Path, src: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap();
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    match parts.as_slice() {
        [top] => top.clone(),
        [rules, set, ..] if rules == "rules" && set != "mod" => format!("rules::{set}"),
        [top, ..] => top.clone(),
        [] => unreachable!(),
    }
}

/// The module a path used in `node`'s code names, if another.
fn target_of(path: &[&str], node: &str) -> Option<String> {
    let target = match path {
        ["rules", set, ..]
            if !set.is_empty()
                && set
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') =>
        {
            if ["registry", "get"].contains(set) {
                "rules".to_string()
            } else {
                format!("rules::{set}")
            }
        }
        [top, ..] => top.to_string(),
        [] => return None,
    };
    (target != node).then_some(target)
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

/// The code of a file without its comments (doc links name modules without using them) and
/// without its unit tests (its `#[cfg(test)] mod tests { … }`, which ends a file).
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => text,
    };
    uncommented(text)
}

/// A file's text without its line comments.
fn uncommented(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every module's uses of the others: node → the nodes it names, with a file that names each.
fn graph() -> BTreeMap<String, BTreeMap<String, String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for file in all {
        let node = node_of(&file, &src);
        let text = code(&std::fs::read_to_string(&file).unwrap());
        let uses = graph.entry(node.clone()).or_default();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let mut path: Vec<&str> = Vec::new();
            let mut tail = rest;
            loop {
                let end = tail
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(tail.len());
                path.push(&tail[..end]);
                tail = &tail[end..];
                match tail.strip_prefix("::") {
                    Some(t) if t.starts_with(|c: char| c.is_lowercase()) => tail = t,
                    _ => break,
                }
                if path.len() == 2 {
                    break;
                }
            }
            if let Some(t) = target_of(&path, &node) {
                uses.entry(t).or_insert_with(|| file.display().to_string());
            }
        }
        // A grouped use of the registry's rule sets: `use crate::rules::{newport, scruby}`.
        let mut rest = text.as_str();
        while let Some(i) = rest.find("crate::rules::{") {
            rest = &rest[i + "crate::rules::{".len()..];
            let body = &rest[..rest.find('}').unwrap_or(rest.len())];
            for name in body.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                let name = name.split("::").next().unwrap();
                if let Some(t) = target_of(&["rules", name], &node) {
                    uses.entry(t).or_insert_with(|| file.display().to_string());
                }
            }
        }
    }
    graph
}

/// A circle through `graph`, if there is one, as the modules in order.
fn circle(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        graph: &BTreeMap<String, BTreeMap<String, String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for m in graph.get(n).into_iter().flat_map(|e| e.keys()) {
            match state.get(m.as_str()).copied().unwrap_or(0) {
                1 => {
                    let at = stack.iter().position(|s| s == m).unwrap();
                    let mut c = stack[at..].to_vec();
                    c.push(m.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(m, graph, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in graph.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0
            && let Some(c) = visit(n, graph, &mut state, &mut Vec::new())
        {
            return Some(c);
        }
    }
    None
}

#[test]
fn the_modules_stand_in_layers_without_a_circle() {
    let graph = graph();
    if let Some(c) = circle(&graph) {
        let why: Vec<String> = c
            .windows(2)
            .map(|w| format!("{} → {} (in {})", w[0], w[1], graph[&w[0]][&w[1]]))
            .collect();
        panic!(
            "the modules use each other in a circle:\n{}",
            why.join("\n")
        );
    }
}

#[test]
fn a_rule_set_stands_on_the_core_alone() {
    const CORE: &[&str] = &[
        "declare",
        "model",
        "ruleset",
        "dice",
        "odds",
        "resolution",
        "text",
    ];
    let graph = graph();
    let sets: Vec<&String> = graph.keys().filter(|n| n.starts_with("rules::")).collect();
    assert!(sets.len() >= 4, "the rule sets are found: {sets:?}");
    for set in sets {
        for (used, file) in &graph[set] {
            assert!(
                CORE.contains(&used.as_str()),
                "{set} uses {used} (in {file}): a rule set uses only the core ({CORE:?})"
            );
        }
    }
}

#[test]
fn the_core_knows_no_rule_set_and_nothing_above_it() {
    let graph = graph();
    let below: BTreeSet<&str> = [
        "declare",
        "model",
        "ruleset",
        "dice",
        "odds",
        "resolution",
        "text",
    ]
    .into_iter()
    .collect();
    for node in &below {
        for (used, file) in graph.get(*node).into_iter().flatten() {
            assert!(
                below.contains(used.as_str()),
                "{node} uses {used} (in {file}): the core uses only the core"
            );
        }
    }
    // A circle made to fail is found: the check is not blind.
    let mut made = graph.clone();
    made.get_mut("model")
        .unwrap()
        .insert("battle".into(), "made up".into());
    assert!(circle(&made).is_some());
}

/// What a rule set's code may not name, its unit tests included: the scenario file's structs and
/// the TOML reader. Its scenario checks read the order of battle
/// ([`umpire::model::OrderOfBattle`]), whose typed values and places stand for them.
const FILE_STRUCTS: &[&str] = &[
    "ScenarioFile",
    "SideDef",
    "FormationDef",
    "UnitDef",
    "ConcealedDef",
    "Spanned",
    "toml::",
];

/// Which of [`FILE_STRUCTS`] `text` names outside its comments, each once, in that order: a name
/// as a whole word (`UnitDefaults` is another), `toml::` as a path's start.
fn file_structs_in(text: &str) -> Vec<&'static str> {
    let text = uncommented(text);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    FILE_STRUCTS
        .iter()
        .copied()
        .filter(|name| {
            text.match_indices(name).any(|(at, _)| {
                let before = text[..at].chars().next_back();
                let after = text[at + name.len()..].chars().next();
                !before.is_some_and(ident) && (name.ends_with("::") || !after.is_some_and(ident))
            })
        })
        .collect()
}

#[test]
fn a_rule_set_checks_the_order_of_battle_not_the_file() {
    // A use made to fail is found, and a comment or a longer name is not: the check is not blind.
    let made = "use crate::model::{Problem, UnitDef};\nfn f(v: &toml::Value) {}\n";
    assert_eq!(file_structs_in(made), ["UnitDef", "toml::"]);
    let innocent = "// reads no ScenarioFile\nstruct UnitDefaults; // toml::Value\nconst F: &str = \"a.toml\";\n";
    assert_eq!(file_structs_in(innocent), Vec::<&str>::new());

    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut all = Vec::new();
    walk(&rules, &mut all);
    let checks = all.iter().filter(|f| f.ends_with("validate.rs")).count();
    assert!(checks >= 4, "the rule sets' checks are read: {all:?}");
    for file in &all {
        let found = file_structs_in(&std::fs::read_to_string(file).unwrap());
        assert!(
            found.is_empty(),
            "{} names {found:?}: a rule set reads the scenario through its order of battle \
             (`model::OrderOfBattle`), never the file's structs or the TOML reader",
            file.display()
        );
    }
}
