//! No import circles among the library's modules.
//!
//! Reads the source of `crates/grundy/src`, follows every path that names
//! another module of the crate (`use crate::…`, `use super::…`, and paths
//! written inline in the code, such as `crate::limits::LimitError`), and
//! fails if the files import each other in a circle. Each file is a node;
//! a path is resolved to the file that defines the item it names, through
//! re-exports (`pub use`), so that importing `super::HeapRuleset` from a
//! sibling of `heap/mod.rs` is an arrow to `heap/spec.rs`, where it is
//! defined. A parent's re-export of its children's items (the facade of a
//! `mod.rs`) is not itself an arrow. Unit tests (`#[cfg(test)]`) may import
//! anything and are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module of the crate: its path from the crate root (`["heap",
/// "period"]`) and the code of its file, with comments, string contents
/// and test-only items blanked out.
struct Module {
    file: PathBuf,
    code: String,
    /// The children declared with `mod x;` or `mod x { … }`, by name.
    children: BTreeSet<String>,
    /// `(byte range, name)` of every inline module (`mod avx512 { … }`).
    inline: Vec<(std::ops::Range<usize>, String)>,
}

type ModPath = Vec<String>;

/// Replaces comments and the contents of string and character literals by
/// spaces, keeping every byte offset (and so the line numbers).
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(b.len(), |e| i + e);
                blank(&mut out, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                let mut j = i;
                while j < b.len() {
                    if b[j..].starts_with(b"/*") {
                        depth += 1;
                        j += 2;
                    } else if b[j..].starts_with(b"*/") {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += 1;
                    }
                }
                blank(&mut out, i, j);
                i = j;
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !is_ident(b[i - 1])) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let body = i + 2 + hashes;
                let end = text[body..]
                    .find(&close)
                    .map_or(b.len(), |e| body + e + close.len());
                blank(&mut out, body, end.saturating_sub(close.len()).max(body));
                i = end;
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                blank(&mut out, i + 1, j.min(b.len()));
                i = j + 1;
            }
            b'\'' => {
                // A character literal ('x', '\n', '\u{1F600}', 'é'), or a
                // lifetime ('a), which is left alone.
                let rest = &text[i + 1..];
                let mut chars = rest.char_indices();
                match chars.next() {
                    Some((_, '\\')) => {
                        let end = rest[1..].find('\'').map_or(b.len(), |e| i + 2 + e);
                        blank(&mut out, i + 1, end);
                        i = end + 1;
                    }
                    Some((_, c)) if rest[c.len_utf8()..].starts_with('\'') => {
                        blank(&mut out, i + 1, i + 1 + c.len_utf8());
                        i += 2 + c.len_utf8();
                    }
                    _ => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    String::from_utf8(out).expect("only ASCII bytes were written")
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The end of the item that starts at `from`: its closing brace, or its
/// `;` when that comes first.
fn item_end(code: &str, from: usize) -> usize {
    let b = code.as_bytes();
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().skip(from) {
        match c {
            b';' if depth == 0 => return j + 1,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    b.len()
}

/// Blanks every item marked `#[cfg(test)]`.
fn without_tests(mut code: String) -> String {
    while let Some(at) = code.find("#[cfg(test)]") {
        let end = item_end(&code, at + "#[cfg(test)]".len());
        let blanked: String = code[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        code.replace_range(at..end, &blanked);
    }
    code
}

/// The words of `code` with their byte offsets (identifiers and keywords).
fn words(code: &str) -> impl Iterator<Item = (usize, &str)> {
    let b = code.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() && !is_ident(b[i]) {
            i += 1;
        }
        if i >= b.len() {
            return None;
        }
        let start = i;
        while i < b.len() && is_ident(b[i]) {
            i += 1;
        }
        Some((start, &code[start..i]))
    })
}

fn load(src: &Path, path: &ModPath, file: PathBuf, modules: &mut BTreeMap<ModPath, Module>) {
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
    let code = without_tests(strip(&text));
    let mut children = BTreeSet::new();
    let mut inline = Vec::new();
    let mut declared = Vec::new();
    let b = code.as_bytes();
    for (at, word) in words(&code) {
        if word != "mod" || (at > 0 && is_ident(b[at - 1])) {
            continue;
        }
        let rest = code[at + 3..].trim_start();
        let name: String = rest
            .bytes()
            .take_while(|&c| is_ident(c))
            .map(char::from)
            .collect();
        if name.is_empty() {
            continue;
        }
        let after = rest[name.len()..].trim_start();
        children.insert(name.clone());
        if after.starts_with(';') {
            declared.push(name);
        } else if after.starts_with('{') {
            inline.push((at..item_end(&code, at), name));
        }
    }
    let dir = if file.ends_with("lib.rs") || file.ends_with("mod.rs") {
        file.parent().expect("a file has a folder").to_path_buf()
    } else {
        file.with_extension("")
    };
    modules.insert(
        path.clone(),
        Module {
            file: file.strip_prefix(src).unwrap_or(&file).to_path_buf(),
            code,
            children,
            inline,
        },
    );
    for name in declared {
        let flat = dir.join(format!("{name}.rs"));
        let nested = dir.join(&name).join("mod.rs");
        let child = if flat.exists() { flat } else { nested };
        let mut child_path = path.clone();
        child_path.push(name);
        load(src, &child_path, child, modules);
    }
}

/// One `use` tree, flattened: `a::{b, c::{self, d}}` gives `a::b`,
/// `a::c`, `a::c::d`. A `*` is kept as a segment; `x as y` names `x`.
fn flatten(tree: &str) -> Vec<Vec<String>> {
    fn go(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
        let tree = tree.trim();
        if tree.is_empty() {
            return;
        }
        if let Some(open) = tree.find('{') {
            let close = tree.rfind('}').expect("a use tree closes its braces");
            let mut base = prefix.to_vec();
            base.extend(segments(tree[..open].trim_end_matches(':')));
            let inner = &tree[open + 1..close];
            let (mut depth, mut from) = (0, 0);
            for (j, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        go(&inner[from..j], &base, out);
                        from = j + 1;
                    }
                    _ => {}
                }
            }
            go(&inner[from..], &base, out);
            return;
        }
        let name = tree.split(" as ").next().unwrap_or(tree);
        let mut path = prefix.to_vec();
        path.extend(segments(name));
        // `a::{self}` names `a` itself.
        if path.len() > 1 && path.last().map(String::as_str) == Some("self") {
            path.pop();
        }
        out.push(path);
    }
    let mut out = Vec::new();
    go(tree, &[], &mut out);
    out
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// `path` as written in the module `here` made absolute (from the crate
/// root), or `None` for a path into another crate.
fn absolute(here: &ModPath, path: &[String]) -> Option<Vec<String>> {
    let mut base = here.clone();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("super") | Some("self") => {
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

struct Crate {
    modules: BTreeMap<ModPath, Module>,
}

impl Crate {
    /// The module whose file holds the item `path` names, following
    /// re-exports.
    fn resolve(&self, path: &[String], depth: usize) -> ModPath {
        let mut module: ModPath = Vec::new();
        for (i, seg) in path.iter().enumerate() {
            let m = &self.modules[&module];
            let mut child = module.clone();
            child.push(seg.clone());
            if self.modules.contains_key(&child) {
                module = child;
                continue;
            }
            if m.children.contains(seg) {
                // An inline module (`mod avx512 { … }`): its file.
                return module;
            }
            if depth < 16 {
                if let Some(target) = self.reexport(&module, seg) {
                    let mut full = target;
                    full.extend(path[i + 1..].iter().cloned());
                    return self.resolve(&full, depth + 1);
                }
            }
            return module;
        }
        module
    }

    /// Where `module` re-exports `name` from (`pub use x::name;`), as an
    /// absolute path.
    fn reexport(&self, module: &ModPath, name: &str) -> Option<Vec<String>> {
        let m = &self.modules[module];
        for (use_path, public) in uses(&m.code) {
            if !public {
                continue;
            }
            for path in flatten(&use_path) {
                if path.last().map(String::as_str) != Some(name) {
                    continue;
                }
                let path = if matches!(path[0].as_str(), "crate" | "super" | "self") {
                    absolute(module, &path)?
                } else if m.children.contains(&path[0]) {
                    let mut p = module.clone();
                    p.extend(path);
                    p
                } else {
                    continue;
                };
                return Some(path);
            }
        }
        None
    }

    /// The module an offset of `module`'s file is in, counting inline
    /// modules (`super` inside `mod avx512 { … }` is the file's module).
    fn scope(&self, module: &ModPath, at: usize) -> ModPath {
        let mut scope = module.clone();
        let mut ranges: Vec<_> = self.modules[module]
            .inline
            .iter()
            .filter(|(r, _)| r.contains(&at))
            .collect();
        ranges.sort_by_key(|(r, _)| r.start);
        scope.extend(ranges.into_iter().map(|(_, name)| name.clone()));
        scope
    }

    /// Every arrow from one file to another: `(from, to, what)`.
    fn arrows(&self) -> BTreeSet<(ModPath, ModPath, String)> {
        let mut out = BTreeSet::new();
        for (path, m) in &self.modules {
            let mut add = |at: usize, written: &[String]| {
                let scope = self.scope(path, at);
                let Some(abs) = absolute(&scope, written) else {
                    return;
                };
                let to = self.resolve(&abs, 0);
                if &to != path {
                    out.insert((path.clone(), to, written.join("::")));
                }
            };
            let mut spans = Vec::new();
            for (at, end, tree, public) in use_items(&m.code) {
                spans.push(at..end);
                for written in flatten(&tree) {
                    if written.is_empty() {
                        continue;
                    }
                    // A parent's re-export of its children's items is a
                    // facade, not a dependency.
                    let facade = public && m.children.contains(&written[0]);
                    let facade = facade
                        || public
                            && written[0] == "self"
                            && written.get(1).is_some_and(|c| m.children.contains(c));
                    if !facade {
                        add(at, &written);
                    }
                }
            }
            // Paths written in the code itself.
            let b = m.code.as_bytes();
            for (at, word) in words(&m.code) {
                if !(word == "crate" || word == "super")
                    || spans.iter().any(|s| s.contains(&at))
                    || (at > 0 && (b[at - 1] == b'$' || b[at - 1] == b':'))
                    || !m.code[at + word.len()..].starts_with("::")
                {
                    continue;
                }
                let len = m.code[at..]
                    .bytes()
                    .take_while(|&c| is_ident(c) || c == b':')
                    .count();
                let written = segments(&m.code[at..at + len]);
                add(at, &written);
            }
        }
        out
    }
}

/// The `use` items of `code`: `(start, end, tree, public)`.
fn use_items(code: &str) -> Vec<(usize, usize, String, bool)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, word) in words(code) {
        if word != "use" || (at > 0 && (is_ident(b[at - 1]) || b[at - 1] == b':')) {
            continue;
        }
        let end = code[at..].find(';').map_or(code.len(), |e| at + e);
        let before = code[..at].trim_end();
        let public = before.ends_with("pub")
            || before.ends_with(')') && {
                let open = before.rfind('(').unwrap_or(0);
                before[..open].trim_end().ends_with("pub")
            };
        out.push((at, end, code[at + 3..end].to_string(), public));
    }
    out
}

fn uses(code: &str) -> Vec<(String, bool)> {
    use_items(code)
        .into_iter()
        .map(|(_, _, tree, public)| (tree, public))
        .collect()
}

/// The strongly connected components of more than one module (Tarjan).
fn circles(
    nodes: &BTreeSet<ModPath>,
    arrows: &BTreeSet<(ModPath, ModPath, String)>,
) -> Vec<Vec<ModPath>> {
    struct Walk<'a> {
        next: BTreeMap<&'a ModPath, Vec<&'a ModPath>>,
        index: BTreeMap<&'a ModPath, usize>,
        low: BTreeMap<&'a ModPath, usize>,
        stack: Vec<&'a ModPath>,
        on_stack: BTreeSet<&'a ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a ModPath) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.next.get(v).cloned().unwrap_or_default() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        next: BTreeMap::new(),
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for (from, to, _) in arrows {
        walk.next.entry(from).or_default().push(to);
    }
    for v in nodes {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

fn library() -> Crate {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    load(&src, &Vec::new(), src.join("lib.rs"), &mut modules);
    Crate { modules }
}

fn name(path: &ModPath) -> String {
    if path.is_empty() {
        "crate".into()
    } else {
        path.join("::")
    }
}

/// Circles known to remain, each to be removed from this list once it is
/// gone (the test fails while a listed circle no longer exists). None is
/// left: the three found when this check was written (games::board and
/// games::spec, the Node Kayles files and the family list through
/// GameError, play::heaps and play::hint) were taken apart.
const KNOWN_CIRCLES: &[&[&str]] = &[];

#[test]
fn the_library_has_no_import_circle() {
    let lib = library();
    let arrows = lib.arrows();
    let nodes: BTreeSet<ModPath> = lib.modules.keys().cloned().collect();
    let found = circles(&nodes, &arrows);
    let names = |c: &Vec<ModPath>| c.iter().map(name).collect::<Vec<_>>();
    let mut report = String::new();
    for component in &found {
        if KNOWN_CIRCLES.iter().any(|k| *k == names(component)) {
            continue;
        }
        report.push_str(&format!(
            "\nthese modules import each other in a circle: {}\n",
            names(component).join(", ")
        ));
        for (from, to, what) in &arrows {
            if component.contains(from) && component.contains(to) {
                report.push_str(&format!(
                    "  {} -> {} ({what}, in {})\n",
                    name(from),
                    name(to),
                    lib.modules[from].file.display()
                ));
            }
        }
    }
    for known in KNOWN_CIRCLES {
        if !found.iter().any(|c| names(c) == *known) {
            report.push_str(&format!(
                "\nthe circle {} is gone: remove it from KNOWN_CIRCLES\n",
                known.join(", ")
            ));
        }
    }
    assert!(report.is_empty(), "{report}");
}

/// The rows of the table of layers in `heap/mod.rs`'s documentation, from
/// the bottom up: the modules each row names (`x.rs`, `x/` for a folder
/// and everything in it, `mod.rs` for `heap` itself).
fn heap_layers(lib: &Crate) -> Vec<(String, Vec<String>)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/heap/mod.rs");
    let text = std::fs::read_to_string(src).expect("heap/mod.rs");
    let mut rows = Vec::new();
    let mut in_table = false;
    for line in text.lines() {
        let Some(line) = line.strip_prefix("//! ") else {
            in_table = false;
            continue;
        };
        if line.starts_with("| layer | files |") {
            in_table = true;
            continue;
        }
        if !in_table || line.starts_with("|---") {
            continue;
        }
        if !line.starts_with('|') {
            in_table = false;
            continue;
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let files = cells[2]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|f| match f {
                "mod.rs" => "heap".to_string(),
                _ => format!("heap::{}", f.trim_end_matches(".rs").trim_end_matches('/')),
            })
            .collect();
        rows.push((cells[1].to_string(), files));
    }
    assert!(
        rows.len() > 3,
        "heap/mod.rs has no table of layers: {rows:?} ({} modules)",
        lib.modules.len()
    );
    rows
}

#[test]
fn heap_imports_run_down_its_layers() {
    let lib = library();
    let rows = heap_layers(&lib);
    let row_of = |module: &ModPath| -> Option<usize> {
        let name = name(module);
        rows.iter().position(|(_, files)| {
            files
                .iter()
                .any(|f| *f == name || (f != "heap" && name.starts_with(&format!("{f}::"))))
        })
    };
    let mut report = String::new();
    for module in lib.modules.keys() {
        if module.first().map(String::as_str) == Some("heap") && row_of(module).is_none() {
            report.push_str(&format!(
                "{} is in no layer of heap/mod.rs's table\n",
                name(module)
            ));
        }
    }
    for (from, to, what) in lib.arrows() {
        if let (Some(a), Some(b)) = (row_of(&from), row_of(&to)) {
            if b > a {
                report.push_str(&format!(
                    "{} ({}) imports {} ({}), a layer above it: {what}\n",
                    name(&from),
                    rows[a].0,
                    name(&to),
                    rows[b].0
                ));
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

/// The check itself finds what it must: a circle through a re-export, an
/// inline path and a `super` inside an inline module, and none in a facade.
#[test]
fn the_check_sees_circles_through_every_kind_of_path() {
    let module = |file: &str, text: &str| {
        let code = without_tests(strip(text));
        let mut children = BTreeSet::new();
        let mut inline = Vec::new();
        for (at, word) in words(&code) {
            if word == "mod" {
                let rest = code[at + 3..].trim_start();
                let name: String = rest
                    .bytes()
                    .take_while(|&c| is_ident(c))
                    .map(char::from)
                    .collect();
                children.insert(name.clone());
                if rest[name.len()..].trim_start().starts_with('{') {
                    inline.push((at..item_end(&code, at), name));
                }
            }
        }
        Module {
            file: file.into(),
            code,
            children,
            inline,
        }
    };
    let path = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<ModPath>();
    let build = |files: Vec<(ModPath, Module)>| Crate {
        modules: files.into_iter().collect(),
    };
    let lib = |extra: &str| {
        build(vec![
            (path(&[]), module("lib.rs", "pub mod a; pub mod b; mod c;")),
            (
                path(&["a"]),
                module(
                    "a/mod.rs",
                    &format!("pub mod x; mod y; pub use x::Thing; pub use self::y::Other; {extra}"),
                ),
            ),
            (path(&["a", "x"]), module("a/x.rs", "pub struct Thing;")),
            (
                path(&["a", "y"]),
                module("a/y.rs", "use super::Thing; pub struct Other;"),
            ),
            (
                path(&["b"]),
                module(
                    "b.rs",
                    "// use crate::c::Gone; a comment names no module\n\
                     pub fn f() -> &'static str { \"crate::c::Gone\" }\n\
                     #[cfg(test)] mod tests { use crate::c::Gone; }",
                ),
            ),
            (
                path(&["c"]),
                module(
                    "c.rs",
                    "mod inner { use super::super::b::f; } pub struct Gone;",
                ),
            ),
        ])
    };
    let nodes = |c: &Crate| c.modules.keys().cloned().collect::<BTreeSet<_>>();
    // The facade and the re-export through it make no circle; comments,
    // strings and tests are not read.
    let quiet = lib("");
    let arrows = quiet.arrows();
    assert!(arrows.contains(&(path(&["a", "y"]), path(&["a", "x"]), "super::Thing".into())));
    assert!(arrows.contains(&(path(&["c"]), path(&["b"]), "super::super::b::f".into())));
    assert!(circles(&nodes(&quiet), &arrows).is_empty());
    // An inline path from b back to c closes b -> c -> b.
    let mut looped = lib("");
    looped.modules.get_mut(&path(&["b"])).unwrap().code +=
        " fn g() -> crate::c::Gone { crate::c::Gone }";
    let found = circles(&nodes(&looped), &looped.arrows());
    assert_eq!(found, [vec![path(&["b"]), path(&["c"])]]);
    // So does an import of the facade's re-export from the defining file.
    let mut through = lib("");
    through.modules.get_mut(&path(&["a", "x"])).unwrap().code += " use super::Other;";
    let found = circles(&nodes(&through), &through.arrows());
    assert_eq!(found, [vec![path(&["a", "x"]), path(&["a", "y"])]]);
}
