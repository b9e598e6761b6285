//! A small tolerant XML reader for puzzle files (webpbn PBN XML, formats.md 3.4): elements,
//! attributes, text and line numbers, every malformed input an [`InputError`] naming its line.
//! Shared by the nonogram's and the colour nonogram's webpbn readers.
//!
//! A hand-written reader rather than a crate: the formats need elements, attributes, text and
//! line numbers only, and this keeps the core free of another dependency for wasm.

use crate::error::{InputError, InputResult};
use crate::link::clip;

/// One XML element: name, attributes, children, text and the line it starts on (1-based).
#[derive(Debug, Clone, Default)]
pub struct Element {
    /// Tag name.
    pub name: String,
    /// Attributes in document order.
    pub attrs: Vec<(String, String)>,
    /// Child elements.
    pub children: Vec<Element>,
    /// Concatenated text content (entities decoded).
    pub text: String,
    /// Line of the start tag.
    pub line: usize,
}

impl Element {
    /// The value of attribute `name`.
    pub fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Children named `name`.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    /// The first descendant (or self) named `name`, depth first.
    pub fn find(&self, name: &str) -> Option<&Element> {
        if self.name == name {
            return Some(self);
        }
        self.children.iter().find_map(|c| c.find(name))
    }

    /// Every descendant (or self) named `name`, in document order, not looking inside a match
    /// (the `<puzzle>`s of a `<puzzleset>`).
    pub fn find_all(&self, name: &str) -> Vec<&Element> {
        if self.name == name {
            return vec![self];
        }
        self.children.iter().flat_map(|c| c.find_all(name)).collect()
    }
}

fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let name = &tail[1..e];
            let ch = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                _ if name.starts_with("#x") => {
                    u32::from_str_radix(&name[2..], 16).ok().and_then(char::from_u32)
                }
                _ if name.starts_with('#') => name[1..].parse().ok().and_then(char::from_u32),
                _ => None,
            };
            ch.map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &tail[e + 1..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Reads the one `<puzzle>` of a webpbn document with `read`. A `<puzzleset>` of several is
/// refused with their count ([`every_puzzle`] reads them all).
pub fn one_puzzle<T>(text: &str, read: impl Fn(&Element) -> InputResult<T>) -> InputResult<T> {
    let root = parse(text)?;
    let puzzles = root.find_all("puzzle");
    match puzzles.as_slice() {
        [] => Err(InputError::new("no <puzzle> element")),
        [one] => read(one),
        many => Err(InputError::new(format!(
            "the file holds {} puzzles (a <puzzleset>), and one puzzle is opened at a time: keep one <puzzle> in the file, or run them all on the Benchmark page (pasted there) or with `puzzle bench` or `puzzle explain`",
            many.len()
        ))),
    }
}

/// Every `<puzzle>` of a webpbn document read with `read`, in order; an error names the puzzle
/// it is in.
pub fn every_puzzle<T>(
    text: &str,
    read: impl Fn(&Element) -> InputResult<T>,
) -> InputResult<Vec<T>> {
    let root = parse(text)?;
    let puzzles = root.find_all("puzzle");
    if puzzles.is_empty() {
        return Err(InputError::new("no <puzzle> element"));
    }
    let n = puzzles.len();
    puzzles
        .iter()
        .enumerate()
        .map(|(k, p)| {
            read(p).map_err(|e| if n > 1 { e.within(format!("puzzle {}", k + 1)) } else { e })
        })
        .collect()
}

/// The place of a clue line in a webpbn file: `the clue of column 2 (XML line 9)`. Not `XML
/// line 9, column 2`, which reads like a place in the file when it means the puzzle's second
/// column.
pub fn clue_place(line: impl std::fmt::Display, xml_line: usize) -> String {
    format!("the clue of {line} (XML line {xml_line})")
}

/// An error the model placed at a clue line (`row 2`, `column 2, run 1`) placed in a webpbn
/// file read from `xml_line` ([`clue_place`]); an error placed elsewhere gets `XML line N` in
/// front.
pub fn in_clue(e: InputError, xml_line: usize) -> InputError {
    match &e.at {
        Some(at) if at.starts_with("row ") || at.starts_with("column ") => {
            InputError::at(clue_place(at, xml_line), e.message)
        }
        _ => e.within(format!("XML line {xml_line}")),
    }
}

/// Refuses a `<puzzle>` whose `type` is not `grid` (webpbn also has triddlers).
pub fn grid_puzzle(puzzle: &Element) -> InputResult<()> {
    match puzzle.attr("type") {
        Some(t) if t != "grid" => Err(InputError::at(
            format!("XML line {}", puzzle.line),
            format!("puzzle type `{}` is not supported (only grid)", clip(t)),
        )),
        _ => Ok(()),
    }
}

/// Parses an XML document into its root element (tolerant: no namespaces, no validation).
pub fn parse(text: &str) -> InputResult<Element> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut line = 1;
    let mut stack: Vec<Element> =
        vec![Element { name: String::new(), line: 1, ..Default::default() }];
    let mut counted = 0;
    while i < b.len() {
        line += b[counted..i].iter().filter(|&&c| c == b'\n').count();
        counted = i;
        if b[i] != b'<' {
            let end = text[i..].find('<').map_or(b.len(), |e| i + e);
            stack.last_mut().expect("root").text.push_str(&decode_entities(&text[i..end]));
            i = end;
            continue;
        }
        let here = line;
        let err = |m: String| InputError::at(format!("XML line {here}"), m);
        let rest = &text[i..];
        let skip_to = |pat: &str, what: &str| -> InputResult<usize> {
            rest.find(pat)
                .map(|e| i + e + pat.len())
                .ok_or_else(|| err(format!("unterminated {what}")))
        };
        let next = if rest.starts_with("<!--") {
            skip_to("-->", "comment")?
        } else if rest.starts_with("<![CDATA[") {
            let end = skip_to("]]>", "CDATA section")?;
            stack.last_mut().expect("root").text.push_str(&text[i + 9..end - 3]);
            end
        } else if rest.starts_with("<?") {
            skip_to("?>", "processing instruction")?
        } else if rest.starts_with("<!") {
            skip_to(">", "declaration")?
        } else if rest.starts_with("</") {
            let end = skip_to(">", "end tag")?;
            let name = text[i + 2..end - 1].trim();
            if stack.len() < 2 {
                return Err(err(format!("`</{}>` closes nothing", clip(name))));
            }
            let el = stack.pop().expect("checked");
            if el.name != name {
                return Err(err(format!(
                    "`</{}>` closes `<{}>` (opened on line {})",
                    clip(name),
                    clip(&el.name),
                    el.line
                )));
            }
            stack.last_mut().expect("root").children.push(el);
            end
        } else {
            // A start tag: find its end outside quotes.
            let mut j = i + 1;
            let mut quote = None;
            while j < b.len() {
                match (quote, b[j]) {
                    (None, b'"' | b'\'') => quote = Some(b[j]),
                    (Some(q), c) if c == q => quote = None,
                    (None, b'>') => break,
                    _ => {}
                }
                j += 1;
            }
            if j >= b.len() {
                return Err(err("unterminated start tag".into()));
            }
            let inner = &text[i + 1..j];
            let (inner, closed) = match inner.strip_suffix('/') {
                Some(s) => (s, true),
                None => (inner, false),
            };
            let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
            let name = &inner[..name_end];
            if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || "-_:.".contains(c)) {
                return Err(err(format!("`<{}` is not a tag name", clip(name))));
            }
            let mut el = Element { name: name.to_string(), line: here, ..Default::default() };
            let mut a = inner[name_end..].trim_start();
            while !a.is_empty() {
                let eq = a
                    .find('=')
                    .ok_or_else(|| err(format!("attribute `{}` has no value", clip(a))))?;
                let key = a[..eq].trim().to_string();
                let v = a[eq + 1..].trim_start();
                let q =
                    v.chars().next().filter(|c| *c == '"' || *c == '\'').ok_or_else(|| {
                        err(format!("the value of `{}` is not quoted", clip(&key)))
                    })?;
                let close = v[1..]
                    .find(q)
                    .ok_or_else(|| err(format!("the value of `{}` is not closed", clip(&key))))?;
                el.attrs.push((key, decode_entities(&v[1..1 + close])));
                a = v[close + 2..].trim_start();
            }
            if closed {
                stack.last_mut().expect("root").children.push(el);
            } else {
                stack.push(el);
            }
            j + 1
        };
        i = next;
    }
    if stack.len() > 1 {
        let el = stack.last().expect("checked");
        return Err(InputError::at(
            format!("XML line {}", el.line),
            format!("`<{}>` is never closed", clip(&el.name)),
        ));
    }
    Ok(stack.pop().expect("root"))
}
