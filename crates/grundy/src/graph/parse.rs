//! Readers for the two input formats.
//!
//! **Edge list**: one `FROM TO` pair of node names per line; a line with a
//! single name declares a node (isolated or not); `#` starts a comment that
//! runs to the end of the line; blank lines are ignored. Names are any
//! run of non-blank characters.
//!
//! **JSON**: `{"nodes": [NAME, ...], "edges": [[FROM, TO], ...]}` where a
//! name is a string or a non-negative integer (`3` and `"3"` are the same
//! node). `"nodes"` is required and every edge must name listed nodes;
//! `"edges"` may be left out; other keys are ignored.

use super::{Graph, GraphBuilder, GraphError, NodeId};

/// 1-based line and column of byte `offset` in `text`.
fn line_col(text: &[u8], offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = offset
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    (line, column)
}

impl Graph {
    /// Reads an edge list (see the [module docs](self)).
    ///
    /// # Complexity
    /// O(length of the text) expected: one hash look-up per name.
    ///
    /// # Errors
    /// [`GraphError::TooManyFields`] for a line with three or more fields,
    /// [`GraphError::Empty`] when no line names a node.
    ///
    /// # Examples
    /// ```
    /// use grundy::graph::{Graph, GraphError};
    ///
    /// let g = Graph::parse_edge_list("# a path\n1 2\n2 3\nlonely\n").unwrap();
    /// assert_eq!((g.node_count(), g.edge_count()), (4, 2));
    /// let err = Graph::parse_edge_list("1 2\n1 2 3\n").unwrap_err();
    /// assert_eq!(err, GraphError::TooManyFields { line: 2, column: 5 });
    /// ```
    pub fn parse_edge_list(text: &str) -> Result<Graph, GraphError> {
        let mut builder = GraphBuilder::new();
        let lines = builder.edge_lines(text.as_bytes(), 1)?;
        builder.build().map_err(|e| match e {
            GraphError::Empty { .. } => GraphError::Empty { line: lines.max(1) },
            other => other,
        })
    }

    /// Reads the JSON format (see the [module docs](self)).
    ///
    /// # Complexity
    /// O(length of the text) expected.
    ///
    /// # Errors
    /// [`GraphError::Json`] for malformed JSON or the wrong shape,
    /// [`GraphError::UnknownNode`] for an edge naming an unlisted node,
    /// [`GraphError::Empty`] when `"nodes"` is empty; all with line and
    /// column.
    ///
    /// # Examples
    /// ```
    /// use grundy::graph::{Graph, GraphError};
    ///
    /// let g = Graph::parse_json(r#"{"nodes": ["a", "b", 7], "edges": [["a", "b"], ["b", 7]]}"#).unwrap();
    /// assert_eq!(g.followers(g.node("b").unwrap()), &[g.node("7").unwrap()]);
    /// let err = Graph::parse_json("{\"nodes\": [\"a\"],\n \"edges\": [[\"a\", \"z\"]]}").unwrap_err();
    /// assert!(matches!(err, GraphError::UnknownNode { line: 2, column: 18, .. }));
    /// ```
    pub fn parse_json(text: &str) -> Result<Graph, GraphError> {
        JsonReader {
            text: text.as_bytes(),
            at: 0,
        }
        .graph()
    }
}

struct JsonReader<'t> {
    text: &'t [u8],
    at: usize,
}

/// A node name read from JSON, with where it was.
struct Name {
    text: String,
    offset: usize,
}

impl JsonReader<'_> {
    fn error_at(&self, offset: usize, message: impl Into<String>) -> GraphError {
        let (line, column) = line_col(self.text, offset);
        GraphError::Json {
            line,
            column,
            message: message.into(),
        }
    }

    fn found(&self) -> String {
        match self.text.get(self.at) {
            None => "end of input".to_owned(),
            Some(&b) if b.is_ascii_graphic() => format!("`{}`", b as char),
            Some(&b) => format!("byte 0x{b:02x}"),
        }
    }

    fn expected(&self, what: &str) -> GraphError {
        self.error_at(self.at, format!("expected {what}, found {}", self.found()))
    }

    fn skip_ws(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
        {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, byte: u8, what: &str) -> Result<(), GraphError> {
        if self.eat(byte) {
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// Parses `[ item, item, ... ]`, calling `item` for each element.
    fn array(
        &mut self,
        what: &str,
        mut item: impl FnMut(&mut Self) -> Result<(), GraphError>,
    ) -> Result<(), GraphError> {
        self.expect(b'[', what)?;
        if self.eat(b']') {
            return Ok(());
        }
        loop {
            item(self)?;
            if self.eat(b']') {
                return Ok(());
            }
            self.expect(b',', "`,` or `]`")?;
        }
    }

    fn hex4(&mut self) -> Result<u32, GraphError> {
        let digits = self
            .text
            .get(self.at..self.at + 4)
            .and_then(|d| std::str::from_utf8(d).ok())
            .and_then(|d| u32::from_str_radix(d, 16).ok())
            .ok_or_else(|| self.expected("four hex digits after `\\u`"))?;
        self.at += 4;
        Ok(digits)
    }

    /// A JSON string (the cursor is on the opening quote).
    fn string(&mut self) -> Result<String, GraphError> {
        self.expect(b'"', "a string")?;
        let mut out = Vec::new();
        loop {
            let start = self.at;
            while self
                .text
                .get(self.at)
                .is_some_and(|&b| b != b'"' && b != b'\\' && b >= 0x20)
            {
                self.at += 1;
            }
            out.extend_from_slice(&self.text[start..self.at]);
            match self.text.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return String::from_utf8(out)
                        .map_err(|_| self.error_at(start, "string is not valid UTF-8"));
                }
                Some(b'\\') => {
                    self.at += 1;
                    let escape = self.text.get(self.at).copied();
                    self.at += 1;
                    let c = match escape {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if self.text.get(self.at..self.at + 2) != Some(b"\\u") {
                                    return Err(
                                        self.expected("a low surrogate `\\uDC00`..`\\uDFFF`")
                                    );
                                }
                                self.at += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.error_at(self.at - 6, "invalid low surrogate"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            char::from_u32(code).ok_or_else(|| {
                                self.error_at(self.at - 6, "escape is not a Unicode scalar value")
                            })?
                        }
                        _ => {
                            self.at -= 1;
                            return Err(self.expected("an escape: one of `\"\\/bfnrtu`"));
                        }
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                Some(_) => return Err(self.expected("a printable character or `\"`")),
                None => return Err(self.expected("`\"` to close the string")),
            }
        }
    }

    /// A node name: a string or a non-negative integer.
    fn name(&mut self) -> Result<Name, GraphError> {
        let offset = match self.peek() {
            Some(_) => self.at,
            None => return Err(self.expected("a node name")),
        };
        let text = match self.text[self.at] {
            b'"' => self.string()?,
            b'0'..=b'9' => {
                let start = self.at;
                while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
                    self.at += 1;
                }
                if self
                    .text
                    .get(self.at)
                    .is_some_and(|b| matches!(b, b'.' | b'e' | b'E'))
                {
                    return Err(self.error_at(start, "node numbers must be integers"));
                }
                String::from_utf8(self.text[start..self.at].to_vec()).expect("digits are ASCII")
            }
            _ => return Err(self.expected("a node name (a string or a non-negative integer)")),
        };
        Ok(Name { text, offset })
    }

    /// Skips any JSON value (for keys we do not use).
    ///
    /// Iterative, with an explicit stack of the open containers (one byte
    /// per level), so that input nested a million levels deep gets read or
    /// refused like any other input instead of overflowing the call stack.
    fn skip_value(&mut self) -> Result<(), GraphError> {
        let mut open: Vec<u8> = Vec::new();
        loop {
            // One value starts here: a scalar, or a container we enter.
            match self.peek() {
                Some(b'"') => drop(self.string()?),
                Some(b'[') => {
                    self.at += 1;
                    if !self.eat(b']') {
                        open.push(b'[');
                        continue;
                    }
                }
                Some(b'{') => {
                    self.at += 1;
                    if !self.eat(b'}') {
                        self.string()?;
                        self.expect(b':', "`:`")?;
                        open.push(b'{');
                        continue;
                    }
                }
                Some(b'-' | b'0'..=b'9') => {
                    while self.text.get(self.at).is_some_and(|b| {
                        matches!(b, b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    }) {
                        self.at += 1;
                    }
                }
                _ => {
                    let word = [&b"true"[..], b"false", b"null"]
                        .into_iter()
                        .find(|w| self.text[self.at..].starts_with(w))
                        .ok_or_else(|| self.expected("a JSON value"))?;
                    self.at += word.len();
                }
            }
            // A value ended: close the containers it ends, then go on to the
            // next element of the innermost one still open.
            loop {
                match open.last() {
                    None => return Ok(()),
                    Some(b'[') => {
                        if !self.eat(b']') {
                            self.expect(b',', "`,` or `]`")?;
                            break;
                        }
                    }
                    Some(_) => {
                        if !self.eat(b'}') {
                            self.expect(b',', "`,` or `}`")?;
                            self.string()?;
                            self.expect(b':', "`:`")?;
                            break;
                        }
                    }
                }
                open.pop();
            }
        }
    }

    fn graph(mut self) -> Result<Graph, GraphError> {
        let mut builder = GraphBuilder::new();
        // declared[id]: listed in "nodes". first_use[id]: offset of the
        // first edge endpoint naming it, checked once every key is read
        // (the keys may come in either order).
        let mut declared: Vec<bool> = Vec::new();
        let mut first_use: Vec<usize> = Vec::new();
        let mut seen_nodes = false;
        let intern = |builder: &mut GraphBuilder,
                      name: &Name,
                      declared: &mut Vec<bool>,
                      first_use: &mut Vec<usize>|
         -> Result<NodeId, GraphError> {
            let id = builder.node(&name.text)?;
            if id as usize == declared.len() {
                declared.push(false);
                first_use.push(name.offset);
            }
            Ok(id)
        };

        if self.peek().is_none() {
            let (line, _) = line_col(self.text, self.text.len());
            return Err(GraphError::Empty { line });
        }
        self.expect(b'{', "`{` starting the graph object")?;
        let mut first = true;
        while !self.eat(b'}') {
            if !first {
                self.expect(b',', "`,` or `}`")?;
            }
            first = false;
            let key = self.string()?;
            self.expect(b':', "`:` after the key")?;
            match key.as_str() {
                "nodes" => {
                    seen_nodes = true;
                    self.array("`[` starting the node list", |r| {
                        let name = r.name()?;
                        let id = intern(&mut builder, &name, &mut declared, &mut first_use)?;
                        declared[id as usize] = true;
                        Ok(())
                    })?;
                }
                "edges" => {
                    self.array("`[` starting the edge list", |r| {
                        let pair_at = r.peek().map(|_| r.at).unwrap_or(r.at);
                        let mut ends = Vec::with_capacity(2);
                        r.array("`[FROM, TO]`", |r| {
                            if ends.len() == 2 {
                                return Err(r.error_at(
                                    pair_at,
                                    "an edge has exactly two nodes, `[FROM, TO]`",
                                ));
                            }
                            ends.push(r.name()?);
                            Ok(())
                        })?;
                        if ends.len() != 2 {
                            return Err(
                                r.error_at(pair_at, "an edge has exactly two nodes, `[FROM, TO]`")
                            );
                        }
                        let from = intern(&mut builder, &ends[0], &mut declared, &mut first_use)?;
                        let to = intern(&mut builder, &ends[1], &mut declared, &mut first_use)?;
                        builder.edge(from, to)
                    })?;
                }
                _ => self.skip_value()?,
            }
        }
        if self.peek().is_some() {
            return Err(self.expected("end of input after the graph object"));
        }
        if !seen_nodes {
            return Err(self.error_at(0, "missing key \"nodes\" (the list of node names)"));
        }
        if let Some(id) = (0..declared.len())
            .filter(|&id| !declared[id])
            .min_by_key(|&id| first_use[id])
        {
            let (line, column) = line_col(self.text, first_use[id]);
            return Err(GraphError::UnknownNode {
                name: builder.name(id as NodeId).to_owned(),
                line,
                column,
            });
        }
        builder.build().map_err(|e| match e {
            GraphError::Empty { .. } => GraphError::Empty {
                line: line_col(self.text, self.text.len()).0,
            },
            other => other,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one() {
        let text = b"ab\ncd\n";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 4), (2, 2));
        assert_eq!(line_col(text, 6), (3, 1));
    }

    #[test]
    fn edge_list_errors() {
        assert_eq!(
            Graph::parse_edge_list("").unwrap_err(),
            GraphError::Empty { line: 1 }
        );
        assert_eq!(
            Graph::parse_edge_list("# only a comment\n\n").unwrap_err(),
            GraphError::Empty { line: 2 }
        );
        assert_eq!(
            Graph::parse_edge_list("a b\n\tx y z\n").unwrap_err(),
            GraphError::TooManyFields { line: 2, column: 6 }
        );
        // CRLF line ends and tabs are blanks.
        let g = Graph::parse_edge_list("a\tb\r\nb c\r\n").unwrap();
        assert_eq!(g.edge_count(), 2);
        assert_eq!(g.name(1), "b");
    }

    #[test]
    fn json_reads_strings_numbers_and_escapes() {
        let g = Graph::parse_json(
            r#" {"name": {"x": [1, -2.5e3, true, null]}, "edges": [[0, "\u00e9\n"]], "nodes": [0, "é\n"]} "#,
        )
        .unwrap();
        assert_eq!(g.node_count(), 2);
        assert_eq!(g.followers(g.node("0").unwrap()), &[g.node("é\n").unwrap()]);
    }

    /// Issue 15: a million-deep unknown field overflowed the stack of the
    /// recursive skipper ("fatal runtime error: stack overflow", exit 134).
    /// Now deep nesting is skipped when it is well formed and gets a located
    /// error when it is not.
    #[test]
    fn json_deep_nesting_is_skipped_without_recursion() {
        let depth = 1_000_000;
        let arrays = format!(
            "{{\"extra\":{}1{},\"nodes\":[\"a\"]}}",
            "[".repeat(depth),
            "]".repeat(depth)
        );
        assert_eq!(Graph::parse_json(&arrays).unwrap().node_count(), 1);
        let objects = format!(
            "{{\"extra\":{}null{},\"nodes\":[\"a\"]}}",
            "{\"k\":".repeat(depth),
            "}".repeat(depth)
        );
        assert_eq!(Graph::parse_json(&objects).unwrap().node_count(), 1);
        // Truncated: the error is at the end of the input.
        let open = format!("{{\"extra\":{}", "[{\"k\":".repeat(depth));
        match Graph::parse_json(&open).unwrap_err() {
            GraphError::Json { line, column, .. } => {
                assert_eq!((line, column), (1, open.len() + 1))
            }
            other => panic!("{other:?}"),
        }
        // Mixed, with a bad element deep inside.
        let bad = format!("{{\"extra\":{}[1,}}", "[".repeat(depth));
        assert!(matches!(
            Graph::parse_json(&bad).unwrap_err(),
            GraphError::Json { .. }
        ));
    }

    #[test]
    fn json_errors_have_lines() {
        let cases: [(&str, usize, usize); 9] = [
            ("", 1, 0),
            ("{\"nodes\": [\"a\"]", 1, 16),
            ("{\"nodes\": [\"a\"], \"edges\": [[\"a\"]]}", 1, 28),
            (
                "{\"nodes\": [\"a\"], \"edges\": [[\"a\", \"a\", \"a\"]]}",
                1,
                28,
            ),
            ("{\"nodes\": [1.5]}", 1, 12),
            ("{\"nodes\": [true]}", 1, 12),
            ("{\"edges\": []}", 1, 1),
            ("{\n\"nodes\": []\n}\n", 4, 0),
            ("{\"nodes\": [\"a\\q\"]}", 1, 15),
        ];
        for (text, line, column) in cases {
            let err = Graph::parse_json(text).unwrap_err();
            let got = match &err {
                GraphError::Json { line, column, .. } => (*line, *column),
                GraphError::Empty { line } => (*line, 0),
                other => panic!("{text:?}: unexpected {other}"),
            };
            assert_eq!(got, (line, column), "{text:?}: {err}");
        }
    }
}
