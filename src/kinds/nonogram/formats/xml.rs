//! webpbn XML (PBN 0.3), read with a small tolerant XML reader and written canonically (formats.md 3.4).
//!
//! A hand-written reader rather than a crate: the format needs elements, attributes, text and
//! line numbers only, this keeps the core free of another dependency for wasm, and every
//! malformed input becomes an [`InputError`] naming its line.

use super::super::model::{normalise_clue, Line, Nonogram};
use crate::error::{InputError, InputResult};
use crate::grid::Grid;
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
                _ if name.starts_with("#x") => u32::from_str_radix(&name[2..], 16).ok().and_then(char::from_u32),
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

/// Parses an XML document into its root element (tolerant: no namespaces, no validation).
pub fn parse(text: &str) -> InputResult<Element> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut line = 1;
    let mut stack: Vec<Element> = vec![Element { name: String::new(), line: 1, ..Default::default() }];
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
            rest.find(pat).map(|e| i + e + pat.len()).ok_or_else(|| err(format!("unterminated {what}")))
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
                return Err(err(format!("`</{}>` closes `<{}>` (opened on line {})", clip(name), clip(&el.name), el.line)));
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
                let eq = a.find('=').ok_or_else(|| err(format!("attribute `{}` has no value", clip(a))))?;
                let key = a[..eq].trim().to_string();
                let v = a[eq + 1..].trim_start();
                let q = v.chars().next().filter(|c| *c == '"' || *c == '\'').ok_or_else(|| err(format!("the value of `{}` is not quoted", clip(&key))))?;
                let close = v[1..].find(q).ok_or_else(|| err(format!("the value of `{}` is not closed", clip(&key))))?;
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
        return Err(InputError::at(format!("XML line {}", el.line), format!("`<{}>` is never closed", clip(&el.name))));
    }
    Ok(stack.pop().expect("root"))
}

/// Reads the first `<puzzle>` of a webpbn XML document.
pub fn from_xml(text: &str) -> InputResult<Nonogram> {
    let root = parse(text)?;
    let puzzle = root.find("puzzle").ok_or_else(|| InputError::new("no <puzzle> element"))?;
    let at = |e: &Element| format!("XML line {}", e.line);
    if let Some(t) = puzzle.attr("type") {
        if t != "grid" {
            return Err(InputError::at(at(puzzle), format!("puzzle type `{}` is not supported (only grid)", clip(t))));
        }
    }
    let default = puzzle.attr("defaultcolor").unwrap_or("black").to_string();
    let background = puzzle.attr("backgroundcolor").unwrap_or("white").to_string();
    let mut used = vec![background.clone()];
    let mut read_clues = |kind: &str| -> InputResult<Vec<Vec<u32>>> {
        let block = puzzle
            .all("clues")
            .find(|c| c.attr("type") == Some(kind))
            .ok_or_else(|| InputError::at(at(puzzle), format!("no <clues type=\"{kind}\">")))?;
        block
            .all("line")
            .enumerate()
            .map(|(k, l)| {
                let which = if kind == "rows" { Line::Row(k) } else { Line::Col(k) };
                let mut clue = Vec::new();
                for c in l.all("count") {
                    let colour = c.attr("color").unwrap_or(&default).to_string();
                    if !used.contains(&colour) {
                        used.push(colour);
                    }
                    if used.len() > 2 {
                        return Err(InputError::at(at(c), "multicolour puzzles are not supported (more than two colours)"));
                    }
                    let here = || format!("{}, {which}", at(c));
                    clue.push(super::parse_run(&c.text, &here)?);
                }
                normalise_clue(which, clue).map_err(|e| e.within(at(l)))
            })
            .collect()
    };
    let cols = read_clues("columns")?;
    let rows = read_clues("rows")?;
    let title = puzzle.all("title").next().map(|t| t.text.trim().to_string());
    let mut p = Nonogram::new(rows, cols)?.with_title(title);
    let blank_char = puzzle
        .all("color")
        .find(|c| c.attr("name") == Some(background.as_str()))
        .and_then(|c| c.attr("char"))
        .and_then(|c| c.chars().next())
        .unwrap_or('.');
    let goal = puzzle.all("solution").find(|s| matches!(s.attr("type"), None | Some("goal") | Some("solution")));
    if let Some(sol) = goal {
        let image = sol.all("image").next().ok_or_else(|| InputError::at(at(sol), "<solution> without <image>"))?;
        let rows_text: Vec<String> = image.text.split('|').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect();
        let (w, h) = (p.width(), p.height());
        if rows_text.len() != h || rows_text.iter().any(|r| r.chars().count() != w) {
            return Err(InputError::at(at(image), format!("the image should be {h} rows of {w} cells, each in |…|")));
        }
        let cells = rows_text.iter().flat_map(|r| r.chars().map(|c| c != blank_char)).collect();
        p = p.with_goal(Grid::from_cells(h, w, cells).expect("counted")).map_err(|e| e.within(at(image)))?;
    }
    Ok(p)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Writes a webpbn XML document with one puzzle (givens are not part of the format).
pub fn to_xml(p: &Nonogram) -> String {
    let mut out = String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"http://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n");
    if let Some(t) = p.title() {
        out.push_str(&format!("<title>{}</title>\n", escape(t)));
    }
    out.push_str("<color name=\"white\" char=\".\">fff</color>\n<color name=\"black\" char=\"X\">000</color>\n");
    for (kind, clues) in [("columns", p.cols()), ("rows", p.rows())] {
        out.push_str(&format!("<clues type=\"{kind}\">\n"));
        for c in clues {
            if c.is_empty() {
                out.push_str("<line/>\n");
            } else {
                out.push_str("<line>");
                for r in c {
                    out.push_str(&format!("<count>{r}</count>"));
                }
                out.push_str("</line>\n");
            }
        }
        out.push_str("</clues>\n");
    }
    if let Some(g) = p.goal() {
        out.push_str("<solution type=\"goal\"><image>\n");
        for r in 0..g.rows() {
            out.push('|');
            out.extend(g.row(r).iter().map(|&b| if b { 'X' } else { '.' }));
            out.push_str("|\n");
        }
        out.push_str("</image></solution>\n");
    }
    out.push_str("</puzzle>\n</puzzleset>\n");
    out
}
