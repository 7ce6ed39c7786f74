//! The shape of the code: dependencies between the top-level modules of `src/` point one way,
//! and each fixed game's spelling is written only in its own module (and in the help of `main.rs` and `cli/`).
//!
//! The module graph is read from the code lines of every file (comments are skipped): a file of
//! module `a` that mentions `crate::b` depends on `b`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ending| ending == "rs") {
            files.push(path);
        }
    }
    files
}

/// The top-level module a file of `src/` belongs to (`src/games/chocolate.rs` → `games`).
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

/// The top-level modules a line of code names through `crate::`.
fn named_modules(line: &str) -> Vec<String> {
    let mut named = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            named.push(name);
        }
        rest = after;
    }
    // `use crate::{a, b::c}` names several modules at once.
    if let Some(start) = line.find("crate::{") {
        let inside = &line[start + "crate::{".len()..];
        for part in inside.split([',', '}']) {
            let name: String = part
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                named.push(name);
            }
        }
    }
    named
}

/// Module → the modules it depends on, from the code (not the comments) of `src/`.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(&src) {
        let module = module_of(&src, &file);
        if module == "main" || module == "lib" {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        let entry = graph.entry(module.clone()).or_default();
        let mut in_multiline_use = false;
        for line in text.lines() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            let mut names = named_modules(code);
            // The items of a `use crate::{` that spans lines.
            if in_multiline_use {
                names.extend(
                    code.split([',', '}', ';'])
                        .map(|part| {
                            part.trim()
                                .chars()
                                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                                .collect::<String>()
                        })
                        .filter(|name| !name.is_empty()),
                );
            }
            if code.starts_with("use crate::{") && !code.contains('}') {
                in_multiline_use = true;
            } else if in_multiline_use && code.contains('}') {
                in_multiline_use = false;
            }
            for name in names {
                let is_module = src.join(format!("{name}.rs")).exists() || src.join(&name).is_dir();
                if name != module && is_module {
                    entry.insert(name);
                }
            }
        }
    }
    graph
}

/// A cycle in `graph`, if there is one (as the modules along it).
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|on_path| on_path == node) {
            let mut cycle = path[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(cycle);
        }
    }
    None
}

#[test]
fn dependencies_between_top_level_modules_point_one_way() {
    let graph = module_graph();
    assert!(graph.contains_key("core") && graph.contains_key("resolve"));
    // The bottom imports nothing, the resolver is imported by nothing but the commands' hosts.
    assert!(graph["core"].is_empty(), "core imports {:?}", graph["core"]);
    for (module, imports) in &graph {
        if imports.contains("resolve") {
            assert!(module == "serve", "{module} imports the resolver");
        }
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("an import circle: {}", cycle.join(" -> "));
    }
}

#[test]
fn the_cycle_finder_finds_a_planted_cycle() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    graph.entry("c".into()).or_default();
    assert_eq!(find_cycle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        find_cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(
        named_modules("use crate::{game::Game, resolve::x};"),
        ["game", "resolve"]
    );
}

#[test]
fn each_fixed_game_spelling_is_written_only_in_its_own_module() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for game in grundy::resolve::fixed_games() {
        let name = &game.info().name;
        let quoted = format!("\"{name}\"");
        for file in rust_files(&src) {
            let text = fs::read_to_string(&file).unwrap();
            let relative = file
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .to_string();
            let module = name.replace('-', "_");
            // A game that is also a heap rule (Nim) spells its name once, in the rule's module.
            let own = relative.starts_with(&format!("games/{module}"))
                || relative == format!("families/{module}.rs")
                || name.starts_with("box-fill") && relative == "games/box_fill.rs";
            if own || relative == "main.rs" || relative.starts_with("cli/") {
                continue;
            }
            assert!(
                !text.contains(&quoted),
                "{relative} spells the game {quoted}; use its module's NAME"
            );
        }
    }
}
