//! The shape of the code: dependencies between the top-level modules of `src/` and between its
//! files point one way, and each fixed game's spelling is written only in its own module (and in
//! the help of `main.rs` and `cli/`). `docs/architecture.md` draws the layers.
//!
//! The module graph is read from the code lines of every file (comments are skipped): a file of
//! module `a` that mentions `crate::b` depends on `b`. The file graph is read from the paths each
//! file names ([`file_graph`]).

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

/// The code of a Rust file as tokens: comments (doc comments too), string and character
/// literals are dropped; identifiers, `::` and single punctuation characters are kept.
fn code_tokens(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut at = 0;
    let skip_string = |from: usize| -> usize {
        // `from` is just after the opening quote.
        let mut at = from;
        while at < chars.len() && chars[at] != '"' {
            at += if chars[at] == '\\' { 2 } else { 1 };
        }
        at + 1
    };
    while at < chars.len() {
        let c = chars[at];
        let next = chars.get(at + 1).copied();
        if c == '/' && next == Some('/') {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while at < chars.len() {
                if chars[at] == '/' && chars.get(at + 1) == Some(&'*') {
                    depth += 1;
                    at += 2;
                } else if chars[at] == '*' && chars.get(at + 1) == Some(&'/') {
                    depth -= 1;
                    at += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    at += 1;
                }
            }
        } else if c == '"' {
            at = skip_string(at + 1);
        } else if c == '\'' {
            if next == Some('\\') {
                at += 2;
                while at < chars.len() && chars[at] != '\'' {
                    at += 1;
                }
                at += 1;
            } else if chars.get(at + 2) == Some(&'\'') {
                at += 3;
            } else {
                at += 1; // a lifetime
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = at;
            while at < chars.len() && (chars[at].is_alphanumeric() || chars[at] == '_') {
                at += 1;
            }
            let word: String = chars[start..at].iter().collect();
            let quote = chars.get(at).copied();
            if (word == "r" || word == "br") && matches!(quote, Some('"' | '#')) {
                let hashes = chars[at..].iter().take_while(|&&h| h == '#').count();
                at += hashes + 1;
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let rest: String = chars[at..].iter().collect();
                at += rest.find(&close).map_or(rest.len(), |end| {
                    rest[..end].chars().count() + close.chars().count()
                });
            } else if word == "b" && quote == Some('"') {
                at = skip_string(at + 1);
            } else if word == "b" && quote == Some('\'') {
                at += 1;
                while at < chars.len() && chars[at] != '\'' {
                    at += if chars[at] == '\\' { 2 } else { 1 };
                }
                at += 1;
            } else {
                tokens.push(word);
            }
        } else if c == ':' && next == Some(':') {
            tokens.push("::".to_string());
            at += 2;
        } else if c.is_whitespace() {
            at += 1;
        } else if c.is_ascii_digit() {
            while at < chars.len() && (chars[at].is_alphanumeric() || chars[at] == '_') {
                at += 1;
            }
        } else {
            tokens.push(c.to_string());
            at += 1;
        }
    }
    tokens
}

fn is_identifier(token: &str) -> bool {
    token
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The paths a file's tokens name (each with at least one `::`), `use` groups expanded:
/// `use crate::{a, b::{c, d}}` names `crate::a`, `crate::b::c` and `crate::b::d`. Each path comes
/// with the inline modules (`mod tests { … }`) it is written in.
fn named_paths(tokens: &[String]) -> Vec<(Vec<String>, Vec<String>)> {
    /// The paths of the group or path starting at `at`, after `prefix`; returns where it ends.
    fn group(
        tokens: &[String],
        mut at: usize,
        prefix: &[String],
        out: &mut Vec<Vec<String>>,
    ) -> usize {
        let mut path = prefix.to_vec();
        loop {
            match tokens.get(at).map(String::as_str) {
                Some("{") => {
                    at += 1;
                    loop {
                        at = group(tokens, at, &path, out);
                        match tokens.get(at).map(String::as_str) {
                            Some(",") => at += 1,
                            Some("}") => return at + 1,
                            _ => return at,
                        }
                        if tokens.get(at).map(String::as_str) == Some("}") {
                            return at + 1;
                        }
                    }
                }
                Some(word) if is_identifier(word) || word == "*" || word == "$" => {
                    if word != "$" {
                        path.push(word.to_string());
                    }
                    at += 1;
                    if word == "$" {
                        continue;
                    }
                    if tokens.get(at).map(String::as_str) == Some("::") {
                        at += 1;
                        continue;
                    }
                    if path.len() > prefix.len() || prefix.is_empty() {
                        out.push(path);
                    }
                    // `as name`
                    if tokens.get(at).map(String::as_str) == Some("as") {
                        at += 2;
                    }
                    return at;
                }
                _ => {
                    if path.len() > prefix.len() {
                        out.push(path);
                    }
                    return at;
                }
            }
        }
    }
    let mut named = Vec::new();
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut at = 0;
    while at < tokens.len() {
        let token = tokens[at].as_str();
        if token == "mod"
            && tokens.get(at + 2).map(String::as_str) == Some("{")
            && tokens.get(at + 1).is_some_and(|name| is_identifier(name))
        {
            inline.push((tokens[at + 1].clone(), depth));
            depth += 1;
            at += 3;
            continue;
        }
        if token == "{" {
            depth += 1;
        } else if token == "}" {
            depth = depth.saturating_sub(1);
            if inline.last().is_some_and(|&(_, open)| open == depth) {
                inline.pop();
            }
        }
        let starts_path = (is_identifier(token) || token == "$")
            && !matches!(
                at.checked_sub(1).map(|before| tokens[before].as_str()),
                Some("::" | "." | "$")
            )
            && (tokens.get(at + 1).map(String::as_str) == Some("::")
                || token == "$" && tokens.get(at + 2).map(String::as_str) == Some("::"));
        if starts_path {
            let mut paths = Vec::new();
            let end = group(tokens, at, &[], &mut paths);
            let modules: Vec<String> = inline.iter().map(|(name, _)| name.clone()).collect();
            for path in paths {
                if path.len() > 1 {
                    named.push((modules.clone(), path));
                }
            }
            // Braces of a `use` group were consumed; those inside code are not groups.
            at = end.max(at + 1);
            continue;
        }
        at += 1;
    }
    named
}

/// The module path of a file of `src/` (`families/heap_rule.rs` → `[families, heap_rule]`,
/// `families/mod.rs` → `[families]`, `lib.rs` → `[]`).
fn module_path(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if parts
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        parts.pop();
    }
    parts
}

/// A file-level graph: file → the files its paths resolve to.
type FileGraph = BTreeMap<String, BTreeSet<String>>;

/// The file of `src/` holding module `path`, if one does.
fn module_file(files: &BTreeSet<String>, path: &[String]) -> Option<String> {
    if path.is_empty() {
        return Some("lib.rs".to_string());
    }
    let joined = path.join("/");
    [format!("{joined}.rs"), format!("{joined}/mod.rs")]
        .into_iter()
        .find(|candidate| files.contains(candidate))
}

/// The files each file of the library depends on. A path is read from its root (`crate::`,
/// `super::`, `self::`, or a child module of the file) and depends on the deepest module along it
/// that is a file: `crate::families::heap_rule::HeapRule` on `families/heap_rule.rs`,
/// `crate::families::HeapRule` on `families/mod.rs`.
fn file_graph(sources: &BTreeMap<String, String>) -> FileGraph {
    let files: BTreeSet<String> = sources.keys().cloned().collect();
    let mut graph = FileGraph::new();
    for (file, text) in sources {
        let own = module_path(file);
        let entry = graph.entry(file.clone()).or_default();
        for (inline, path) in named_paths(&code_tokens(text)) {
            let mut base: Vec<String> = own.iter().chain(&inline).cloned().collect();
            let mut rest = path.as_slice();
            match rest[0].as_str() {
                "crate" => {
                    base.clear();
                    rest = &rest[1..];
                }
                "self" => rest = &rest[1..],
                "super" => {
                    while rest.first().is_some_and(|word| word == "super") {
                        base.pop();
                        rest = &rest[1..];
                    }
                }
                child => {
                    let mut module = base.clone();
                    module.push(child.to_string());
                    if module_file(&files, &module).is_none() {
                        continue;
                    }
                }
            }
            let full: Vec<String> = base.into_iter().chain(rest.iter().cloned()).collect();
            let target = (0..=full.len())
                .rev()
                .find_map(|depth| module_file(&files, &full[..depth]));
            if let Some(target) = target
                && target != *file
            {
                entry.insert(target);
            }
        }
    }
    graph
}

/// One circle per group of files that reach each other, each as the files along it.
fn circles(graph: &FileGraph) -> Vec<Vec<String>> {
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.to_string()];
        while let Some(node) = todo.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|node| (node, reach(node))).collect();
    let mut placed = BTreeSet::new();
    let mut found = Vec::new();
    for node in graph.keys() {
        if placed.contains(node) || !reaches[node].contains(node) {
            continue;
        }
        let group: BTreeSet<String> = reaches[node]
            .iter()
            .filter(|other| reaches.get(other).is_some_and(|back| back.contains(node)))
            .cloned()
            .collect();
        let inside: FileGraph = group
            .iter()
            .map(|member| {
                let targets = graph[member].intersection(&group).cloned().collect();
                (member.clone(), targets)
            })
            .collect();
        found.extend(find_cycle(&inside));
        placed.extend(group);
    }
    found
}

/// Every `.rs` file of the library (`src/` but the binary's `main.rs` and `cli/`, which the
/// top-level test covers) with its text, keyed by its path inside `src/`.
fn library_sources() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    rust_files(&src)
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(&src).unwrap().to_string_lossy();
            let relative = relative.replace('\\', "/");
            (relative, fs::read_to_string(&file).unwrap())
        })
        .collect()
}

#[test]
fn no_file_of_src_imports_a_file_that_imports_it_back() {
    let graph = file_graph(&library_sources());
    assert!(graph.len() > 50, "only {} files read", graph.len());
    // The checker reads real edges: a heap rule is compiled into the engine's rule value.
    assert!(graph["families/heap_rule.rs"].contains("engine/rule.rs"));
    // The table engine knows only the rule value: no file of it uses the families above it.
    for (file, targets) in &graph {
        if file.starts_with("engine/") {
            for target in targets {
                assert!(
                    !target.starts_with("families/"),
                    "{file} imports {target}: the engine sits below the families"
                );
            }
        }
    }
    let found = circles(&graph);
    let lines: Vec<String> = found.iter().map(|circle| circle.join(" -> ")).collect();
    assert!(
        found.is_empty(),
        "{} import circle(s) between files of src/ (import items from the file that defines them, \
         move what both use to a lower file):\n{}",
        found.len(),
        lines.join("\n")
    );
}

#[test]
fn the_file_graph_finds_a_planted_circle() {
    let sources: BTreeMap<String, String> = [
        ("lib.rs", "pub mod a;\npub mod b;\npub use a::Thing;\n"),
        ("a/mod.rs", "mod inner;\npub use inner::Thing;\n"),
        (
            "a/inner.rs",
            "// use crate::b::Other; (a comment, not an edge)\n\
             /// ```\n/// use crate::b::Doc;\n/// ```\n\
             const TEXT: &str = \"crate::b::InString\";\n\
             pub struct Thing;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
        (
            "b/mod.rs",
            "pub mod c;\nuse crate::{\n    a::inner::Thing,\n    b::c::Other,\n};\n",
        ),
        ("b/c.rs", "pub struct Other;\n"),
    ]
    .into_iter()
    .map(|(file, text)| (file.to_string(), text.to_string()))
    .collect();
    let mut graph = file_graph(&sources);
    let edges =
        |graph: &FileGraph, file: &str| -> Vec<String> { graph[file].iter().cloned().collect() };
    assert_eq!(edges(&graph, "lib.rs"), ["a/mod.rs"]);
    assert_eq!(edges(&graph, "a/mod.rs"), ["a/inner.rs"]);
    assert!(edges(&graph, "a/inner.rs").is_empty());
    assert_eq!(edges(&graph, "b/mod.rs"), ["a/inner.rs", "b/c.rs"]);
    assert!(circles(&graph).is_empty());

    // A child importing through its parent's re-export closes a circle.
    let mut planted = sources.clone();
    planted.insert(
        "b/c.rs".to_string(),
        "pub struct Other;\nfn make() -> super::super::Thing { crate::a::Thing }\n".to_string(),
    );
    planted.insert(
        "a/inner.rs".to_string(),
        "use crate::b::c::Other;\npub struct Thing;\n".to_string(),
    );
    graph = file_graph(&planted);
    assert_eq!(edges(&graph, "b/c.rs"), ["a/mod.rs", "lib.rs"]);
    let found = circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    let circle = &found[0];
    assert_eq!(circle.first(), circle.last());
    for file in ["a/mod.rs", "a/inner.rs", "b/c.rs"] {
        assert!(circle.contains(&file.to_string()), "{circle:?}");
    }
}
