//! TAAI / TCGA tournament text: `$n`, then the column clues, then the row clues, TAB-separated (formats.md 3.5).

use super::super::model::{Line, Nonogram};
use crate::error::{InputError, InputResult};
use crate::puzzle::Entry;

/// A puzzle block being read: its `$n` header, the header's line number, and its clue lines.
type Block<'a> = (String, usize, Vec<(usize, &'a str)>);

/// Reads every puzzle of a question file. Each block is square: 2N clue lines give an N x N grid.
pub fn read(text: &str, name: &str) -> InputResult<Vec<Entry<Nonogram>>> {
    let mut out = Vec::new();
    let mut block: Option<Block> = None;
    let finish = |b: Block, out: &mut Vec<Entry<Nonogram>>| -> InputResult<()> {
        let (id, header_line, lines) = b;
        if lines.is_empty() || lines.len() % 2 != 0 {
            return Err(InputError::at(
                format!("line {header_line}"),
                format!(
                    "puzzle {id} has {} clue lines; a TAAI puzzle has 2N (N columns, then N rows)",
                    lines.len()
                ),
            ));
        }
        let n = lines.len() / 2;
        let mut clues = Vec::with_capacity(2 * n);
        for (k, (ln, l)) in lines.iter().enumerate() {
            let at = || format!("line {ln}");
            let clue = l
                .split(['\t', ' ', ','])
                .filter(|t| !t.is_empty())
                .map(|t| super::parse_run(t, &at))
                .collect::<InputResult<Vec<u32>>>()?;
            let line = if k < n { Line::Col(k) } else { Line::Row(k - n) };
            clues
                .push(super::super::model::normalise_clue(line, clue).map_err(|e| e.within(at()))?);
        }
        let rows = clues.split_off(n);
        let puzzle = Nonogram::new(rows, clues)
            .map_err(|e| e.within(format!("puzzle {id} (line {header_line})")))?;
        let id = if name.is_empty() { id } else { format!("{name} {id}") };
        out.push(Entry { id, puzzle, known: None });
        Ok(())
    };
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim();
        if l.is_empty() {
            continue;
        }
        if l.starts_with('$') {
            if let Some(b) = block.take() {
                finish(b, &mut out)?;
            }
            block = Some((l.to_string(), i + 1, Vec::new()));
        } else {
            match &mut block {
                Some((_, _, lines)) => lines.push((i + 1, l)),
                None => {
                    return Err(InputError::at(
                        format!("line {}", i + 1),
                        "expected a `$n` puzzle header first",
                    ))
                }
            }
        }
    }
    if let Some(b) = block.take() {
        finish(b, &mut out)?;
    }
    Ok(out)
}

/// Writes puzzles in TAAI form (square puzzles only; `None` otherwise).
pub fn write(puzzles: &[Nonogram]) -> Option<String> {
    let mut out = String::new();
    for (i, p) in puzzles.iter().enumerate() {
        if p.width() != p.height() {
            return None;
        }
        out.push_str(&format!("${}\n", i + 1));
        for c in p.cols().iter().chain(p.rows()) {
            out.push_str(&super::clue_string(c, "\t"));
            out.push('\n');
        }
    }
    Some(out)
}
