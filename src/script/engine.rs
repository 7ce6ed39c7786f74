//! The embedded Rhai engine: a sandbox with limits, and the calls grundy makes into a script.
//!
//! The engine has no file, network or environment access (Rhai has none built in; `import` is
//! switched off and `eval` disabled). Every call runs under an operation limit, a time limit,
//! a call-depth limit and size limits on arrays, strings and maps, so a runaway script ends with
//! an error naming the limit. Errors name the script's file, line and column (`file:line:col:`).

use rhai::{AST, CallFnOptions, Dynamic, Engine, EvalAltResult, FuncArgs, Position, Scope};
use std::cell::Cell;
use std::path::Path;
use std::time::{Duration, Instant};

/// A position of a script game: a sequence of integers.
pub type Cells = Box<[i64]>;

/// Operations one call may run (a simple `options` runs a few hundred).
pub const OPERATION_LIMIT: u64 = 20_000_000;

/// Why `on_progress` stopped a script.
const OPERATIONS_EXCEEDED: &str = "operation limit";
const TIME_EXCEEDED: &str = "time limit";

/// How long one call may run.
pub const TIME_LIMIT: Duration = Duration::from_secs(10);

/// How deep script functions may call each other.
pub const CALL_DEPTH_LIMIT: usize = 64;

/// The most elements an array (with the arrays inside it), characters a string, or entries a map
/// may hold.
pub const SIZE_LIMIT: usize = 1 << 20;

/// The largest script file read.
const SOURCE_LIMIT: u64 = 1 << 20;

thread_local! {
    /// When the current call on this thread started (for the time limit).
    static CALL_STARTED: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Which optional functions a script defines.
#[derive(Clone, Copy, Debug, Default)]
pub struct Defined {
    /// `options(position)`.
    pub options: bool,
    /// `heap_options(n)`.
    pub heap_options: bool,
    /// `parse(text)`.
    pub parse: bool,
    /// `show(position)`.
    pub show: bool,
    /// `move_name(position, option)`.
    pub move_name: bool,
    /// `positions(size)`.
    pub positions: bool,
    /// `grundy(position)`.
    pub grundy: bool,
    /// `is_lost(position)`.
    pub is_lost: bool,
    /// `misere_is_lost(position)`: the misère conjecture.
    pub misere_is_lost: bool,
    /// `rules()`.
    pub rules: bool,
}

/// A compiled script with its engine.
pub struct Script {
    name: String,
    /// The source compiled: with the name, what identifies the script's rules.
    source: String,
    engine: Engine,
    ast: AST,
    defined: Defined,
}

/// A conjecture's claim about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `grundy(position)` returned this value.
    Grundy(u64),
    /// `is_lost(position)` returned this.
    Lost(bool),
}

impl Script {
    /// Reads and compiles the script at `path`.
    pub fn load(path: &Path) -> Result<Script, String> {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| format!("cannot read {name}: {e}"))?;
        let mut source = String::new();
        use std::io::Read;
        file.take(SOURCE_LIMIT + 1)
            .read_to_string(&mut source)
            .map_err(|e| format!("cannot read {name}: {e}"))?;
        if source.len() as u64 > SOURCE_LIMIT {
            return Err(format!(
                "{name}: the script is larger than {SOURCE_LIMIT} bytes"
            ));
        }
        Script::compile(&name, &source)
    }

    /// Compiles `source`, reporting errors as coming from `name`.
    pub fn compile(name: &str, source: &str) -> Result<Script, String> {
        let engine = sandbox();
        let ast = engine
            .compile(source)
            .map_err(|error| located(name, error.position(), &error.err_type().to_string()))?;
        let has = |function: &str, arity: usize| {
            ast.iter_functions()
                .any(|f| f.name == function && f.params.len() == arity)
        };
        let defined = Defined {
            options: has("options", 1),
            heap_options: has("heap_options", 1),
            parse: has("parse", 1),
            show: has("show", 1),
            move_name: has("move_name", 2),
            positions: has("positions", 1),
            grundy: has("grundy", 1),
            is_lost: has("is_lost", 1),
            misere_is_lost: has("misere_is_lost", 1),
            rules: has("rules", 0),
        };
        if !defined.options && !defined.heap_options {
            return Err(format!(
                "{name}: the script defines neither `fn options(position)` (the positions one \
                 move leads to) nor `fn heap_options(n)` (what one heap of n may become)"
            ));
        }
        Ok(Script {
            name: name.to_string(),
            source: source.to_string(),
            engine,
            ast,
            defined,
        })
    }

    /// The script's name (its path as given).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The source compiled.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The optional functions it defines.
    pub fn defined(&self) -> Defined {
        self.defined
    }

    /// Calls `function` under the limits; errors are located in the script.
    fn call(
        &self,
        function: &str,
        args: impl FuncArgs,
        call: impl FnOnce() -> String,
    ) -> Result<Dynamic, String> {
        CALL_STARTED.with(|started| started.set(Some(Instant::now())));
        let result = self.engine.call_fn_with_options::<Dynamic>(
            CallFnOptions::new().eval_ast(false).rewind_scope(false),
            &mut Scope::new(),
            &self.ast,
            function,
            args,
        );
        CALL_STARTED.with(|started| started.set(None));
        result.map_err(|error| format!("{} (in {})", self.describe(&error), call()))
    }

    /// An error as `file:line:column: message`, from the innermost failing call.
    fn describe(&self, error: &EvalAltResult) -> String {
        let mut error = error;
        let mut inside = Vec::new();
        // The innermost known position: some errors (limits) carry none of their own.
        let mut position = error.position();
        while let EvalAltResult::ErrorInFunctionCall(function, _, inner, _) = error {
            inside.push(function.clone());
            error = inner;
            if !error.position().is_none() {
                position = error.position();
            }
        }
        if !error.position().is_none() {
            position = error.position();
        }
        let message = match error {
            EvalAltResult::ErrorTerminated(reason, _)
                if reason
                    .clone()
                    .into_string()
                    .is_ok_and(|r| r == OPERATIONS_EXCEEDED) =>
            {
                format!(
                    "the script ran more than {OPERATION_LIMIT} operations in one call (an \
                     endless loop?)"
                )
            }
            EvalAltResult::ErrorTerminated(..) => format!(
                "the script ran longer than {} seconds in one call",
                TIME_LIMIT.as_secs()
            ),
            EvalAltResult::ErrorStackOverflow(_) => format!(
                "recursion too deep: script functions may call each other at most \
                 {CALL_DEPTH_LIMIT} deep"
            ),
            EvalAltResult::ErrorDataTooLarge(what, _) => format!(
                "{what} too large: arrays, strings and maps hold at most {SIZE_LIMIT} items"
            ),
            EvalAltResult::ErrorRuntime(value, _) => match value.clone().into_string() {
                Ok(text) => text,
                Err(_) => format!("thrown: {value}"),
            },
            other => {
                let text = other.to_string();
                let suffix = format!(" ({})", other.position());
                text.strip_suffix(&suffix).unwrap_or(&text).to_string()
            }
        };
        let mut text = located(&self.name, position, &message);
        if !inside.is_empty() {
            text.push_str(&format!(" (in {}", inside.join(" <- ")));
            text.push(')');
        }
        text
    }

    /// `options(position)`: the positions one move leads to, each once.
    pub fn options(&self, position: &[i64]) -> Result<Vec<Cells>, String> {
        let result = self.call("options", (to_array(position),), || {
            format!("options({})", shown_array(position))
        })?;
        let context = || format!("options({})", shown_array(position));
        let mut options =
            positions_from(result, &context).map_err(|e| format!("{}: {e}", self.name))?;
        // The options are a set: a repeated one is dropped (the first stays, in order).
        if options.len() > 1 {
            let mut seen = rustc_hash::FxHashSet::default();
            options.retain(|option| seen.insert(option.clone()));
        }
        Ok(options)
    }

    /// `heap_options(n)`: the heap lists one heap of `n` may become, each list sorted, without
    /// empty heaps, without repeats, in the script's order.
    pub fn heap_options(&self, n: u64) -> Result<Vec<Vec<u64>>, String> {
        let heap = i64::try_from(n).map_err(|_| format!("a heap of {n} is too large"))?;
        let result = self.call("heap_options", (heap,), || format!("heap_options({n})"))?;
        let context = || format!("heap_options({n})");
        let lists = positions_from(result, &context).map_err(|e| format!("{}: {e}", self.name))?;
        let mut options: Vec<Vec<u64>> = Vec::with_capacity(lists.len());
        for list in lists {
            let mut heaps = Vec::with_capacity(list.len());
            for &part in list.iter() {
                if part < 0 {
                    return Err(format!(
                        "{}: {} gives a heap of {part}; heaps are never negative",
                        self.name,
                        context()
                    ));
                }
                if part as u64 >= n {
                    return Err(format!(
                        "{}: {} gives a heap of {part}: a move must leave heaps smaller than the \
                         heap it is made on (or the game could go on forever)",
                        self.name,
                        context()
                    ));
                }
                if part > 0 {
                    heaps.push(part as u64);
                }
            }
            heaps.sort_unstable();
            options.push(heaps);
        }
        // A repeated option is dropped (the first stays, in the script's order).
        let mut seen = rustc_hash::FxHashSet::default();
        options.retain(|option| seen.insert(option.clone()));
        Ok(options)
    }

    /// `parse(text)`, or whitespace-separated integers when the script has none.
    pub fn parse(&self, text: &str) -> Result<Cells, String> {
        if !self.defined.parse {
            return parse_integers(text);
        }
        let result = self.call("parse", (text.to_string(),), || format!("parse({text:?})"))?;
        let context = || format!("parse({text:?})");
        position_from(result, &context).map_err(|e| format!("{}: {e}", self.name))
    }

    /// `show(position)`, or the integers separated by spaces when the script has none.
    pub fn show(&self, position: &[i64]) -> Result<String, String> {
        if !self.defined.show {
            return Ok(show_integers(position));
        }
        let result = self.call("show", (to_array(position),), || {
            format!("show({})", shown_array(position))
        })?;
        result.into_string().map_err(|kind| {
            format!(
                "{}: show({}) returned {kind}, not a string",
                self.name,
                shown_array(position)
            )
        })
    }

    /// `move_name(position, option)`, if the script names its moves.
    pub fn move_name(&self, from: &[i64], to: &[i64]) -> Option<Result<String, String>> {
        if !self.defined.move_name {
            return None;
        }
        Some(
            self.call("move_name", (to_array(from), to_array(to)), || {
                format!("move_name({}, {})", shown_array(from), shown_array(to))
            })
            .and_then(|result| {
                result.into_string().map_err(|kind| {
                    format!("{}: move_name returned {kind}, not a string", self.name)
                })
            }),
        )
    }

    /// `positions(size)`: the small positions `verify` checks.
    pub fn positions(&self, size: u64) -> Result<Vec<Cells>, String> {
        let size = i64::try_from(size).map_err(|_| format!("--size {size} is too large"))?;
        let result = self.call("positions", (size,), || format!("positions({size})"))?;
        let context = || format!("positions({size})");
        positions_from(result, &context).map_err(|e| format!("{}: {e}", self.name))
    }

    /// `rules()`: the rules in a line, if the script gives them.
    pub fn rules(&self) -> Option<String> {
        if !self.defined.rules {
            return None;
        }
        self.call("rules", (), || "rules()".to_string())
            .ok()?
            .into_string()
            .ok()
    }

    /// What the conjecture (`grundy` and/or `is_lost`) claims about `position`; a function that
    /// returns `()` claims nothing about it.
    pub fn claims(&self, position: &[i64]) -> Result<Vec<Claim>, String> {
        let mut claims = Vec::new();
        if self.defined.grundy {
            let value = self.call("grundy", (to_array(position),), || {
                format!("grundy({})", shown_array(position))
            })?;
            if !value.is_unit() {
                claims.push(self.grundy_claim(position, value)?);
            }
        }
        if self.defined.is_lost {
            let lost = self.call("is_lost", (to_array(position),), || {
                format!("is_lost({})", shown_array(position))
            })?;
            if !lost.is_unit() {
                let lost = lost.as_bool().map_err(|kind| {
                    format!(
                        "{}: is_lost({}) returned {kind}, not true, false or ()",
                        self.name,
                        shown_array(position)
                    )
                })?;
                claims.push(Claim::Lost(lost));
            }
        }
        Ok(claims)
    }

    /// What the misère conjecture `misere_is_lost(position)` claims: whether the player to move
    /// loses under misère play; `None` when the script defines no such function or it returns
    /// `()` (no claim about this position).
    pub fn misere_claim(&self, position: &[i64]) -> Result<Option<bool>, String> {
        if !self.defined.misere_is_lost {
            return Ok(None);
        }
        let lost = self.call("misere_is_lost", (to_array(position),), || {
            format!("misere_is_lost({})", shown_array(position))
        })?;
        if lost.is_unit() {
            return Ok(None);
        }
        lost.as_bool().map(Some).map_err(|kind| {
            format!(
                "{}: misere_is_lost({}) returned {kind}, not true, false or ()",
                self.name,
                shown_array(position)
            )
        })
    }

    fn grundy_claim(&self, position: &[i64], value: Dynamic) -> Result<Claim, String> {
        {
            let value = value
                .as_int()
                .ok()
                .and_then(|value| u64::try_from(value).ok())
                .ok_or_else(|| {
                    format!(
                        "{}: grundy({}) returned {}, not a Grundy value (an integer >= 0) or ()",
                        self.name,
                        shown_array(position),
                        value.type_name()
                    )
                })?;
            Ok(Claim::Grundy(value))
        }
    }
}

/// The engine with its sandbox and limits.
fn sandbox() -> Engine {
    let mut engine = Engine::new();
    engine.set_max_call_levels(CALL_DEPTH_LIMIT);
    engine.set_max_expr_depths(64, 64);
    engine.set_max_string_size(SIZE_LIMIT);
    engine.set_max_array_size(SIZE_LIMIT);
    engine.set_max_map_size(SIZE_LIMIT);
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    engine.disable_symbol("eval");
    engine.disable_symbol("import");
    // `print` and `debug` go to standard error, so they never mix with a command's output.
    engine.on_print(|text| eprintln!("{text}"));
    engine.on_debug(|text, _, position| eprintln!("{position:?}: {text}"));
    // The operation and time limits, checked here (not by `set_max_operations`) so that the
    // error carries the position where the script was stopped.
    engine.on_progress(|operations| {
        if operations > OPERATION_LIMIT {
            return Some(Dynamic::from(OPERATIONS_EXCEEDED));
        }
        if operations % 4096 != 0 {
            return None;
        }
        let started = CALL_STARTED.with(Cell::get)?;
        (started.elapsed() > TIME_LIMIT).then(|| Dynamic::from(TIME_EXCEEDED))
    });
    engine
}

/// `name:line:column: message`, or `name: message` without a position.
fn located(name: &str, position: Position, message: &str) -> String {
    match (position.line(), position.position()) {
        (Some(line), Some(column)) => format!("{name}:{line}:{column}: {message}"),
        (Some(line), None) => format!("{name}:{line}: {message}"),
        _ => format!("{name}: {message}"),
    }
}

fn to_array(position: &[i64]) -> rhai::Array {
    position
        .iter()
        .map(|&cell| Dynamic::from_int(cell))
        .collect()
}

/// `[1, 2, 3]`: a position as the script sees it.
fn shown_array(position: &[i64]) -> String {
    let cells: Vec<String> = position.iter().map(i64::to_string).collect();
    format!("[{}]", cells.join(", "))
}

/// A position (an array of integers) returned by a script.
fn position_from(value: Dynamic, context: &dyn Fn() -> String) -> Result<Cells, String> {
    let kind = value.type_name();
    let array = value.into_array().map_err(|_| {
        format!(
            "{} returned {kind}, not a position (an array of integers)",
            context()
        )
    })?;
    array
        .into_iter()
        .enumerate()
        .map(|(index, cell)| {
            cell.as_int().map_err(|kind| {
                format!(
                    "{} returned a position whose item {index} is {kind}, not an integer",
                    context()
                )
            })
        })
        .collect()
}

/// An array of positions returned by a script.
fn positions_from(value: Dynamic, context: &dyn Fn() -> String) -> Result<Vec<Cells>, String> {
    let kind = value.type_name();
    let array = value.into_array().map_err(|_| {
        format!(
            "{} returned {kind}, not an array of positions (each an array of integers)",
            context()
        )
    })?;
    array
        .into_iter()
        .enumerate()
        .map(|(index, item)| position_from(item, &|| format!("{} (item {index})", context())))
        .collect()
}

/// Whitespace-separated integers; errors give the column.
pub fn parse_integers(text: &str) -> Result<Cells, String> {
    let mut cells = Vec::new();
    let mut rest = text;
    let mut offset = 0;
    while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
        let token_len = rest[start..]
            .find(char::is_whitespace)
            .unwrap_or(rest.len() - start);
        let token = &rest[start..start + token_len];
        let cell = token.parse::<i64>().map_err(|_| {
            let column = text[..offset + start].chars().count() + 1;
            format!("column {column}: `{token}` is not an integer")
        })?;
        cells.push(cell);
        offset += start + token_len;
        rest = &rest[start + token_len..];
    }
    Ok(cells.into_boxed_slice())
}

/// The integers separated by spaces.
pub fn show_integers(position: &[i64]) -> String {
    let cells: Vec<String> = position.iter().map(i64::to_string).collect();
    cells.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_notation() {
        assert_eq!(&*parse_integers(" 3  -4 5 ").unwrap(), &[3, -4, 5]);
        assert_eq!(
            parse_integers("3 x4").unwrap_err(),
            "column 3: `x4` is not an integer"
        );
        assert_eq!(show_integers(&[1, 2]), "1 2");
        assert!(parse_integers("").unwrap().is_empty());
    }

    #[test]
    fn errors_are_located() {
        let error = Script::compile("g.rhai", "fn options(p) {\n  let x = [1, 2;\n}")
            .err()
            .unwrap();
        assert!(error.starts_with("g.rhai:2:"), "{error}");
        let script = Script::compile(
            "g.rhai",
            "fn options(p) {\n  helper(p)\n}\nfn helper(p) {\n  p[5]\n}",
        )
        .unwrap();
        let error = script.options(&[1]).unwrap_err();
        assert!(error.starts_with("g.rhai:5:"), "{error}");
    }
}
