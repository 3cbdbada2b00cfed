//! Conflicts from words: a newer rule that forbids what an older rule mandates supersedes it
//! ("Use Axios" / "Always use native fetch instead of Axios").

use super::literal::is_prose_word;
use super::{Inference, Term};
use crate::rules::model::Rule;

/// `(newer, older)` pairs where the newer rule forbids what the older one mandates, and both
/// can apply to the same files (they name no languages, or share one). `inferences` is
/// parallel to `rules`.
pub fn conflicts(rules: &[Rule], inferences: &[Inference]) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for (newer, ni) in rules.iter().zip(inferences) {
        if ni.forbids.is_empty() {
            continue;
        }
        for (older, oi) in rules.iter().zip(inferences) {
            if older.number >= newer.number
                || oi.mandates.is_empty()
                || !compatible(&ni.languages, &oi.languages)
            {
                continue;
            }
            let clash = ni.forbids.iter().any(|f| oi.mandates.iter().any(|m| clash(f, m)));
            if clash && !out.contains(&(newer.number, older.number)) {
                out.push((newer.number, older.number));
            }
        }
    }
    out
}

fn compatible(a: &[String], b: &[String]) -> bool {
    a.is_empty() || b.is_empty() || a.iter().any(|x| b.contains(x))
}

/// Whether forbidding `f` contradicts mandating `m`: the same thing, or one word of a short
/// phrase that names it ("fetch" and "native fetch", "Fetch nativo").
fn clash(f: &Term, m: &Term) -> bool {
    if f.key == m.key {
        return true;
    }
    let fw: Vec<&str> = f.key.split_whitespace().collect();
    let mw: Vec<&str> = m.key.split_whitespace().collect();
    let within = |one: &[&str], many: &[&str]| {
        one.len() == 1
            && many.len() <= 3
            && many.contains(&one[0])
            && !is_prose_word(one[0])
            && one[0].len() > 2
    };
    within(&fw, &mw) || within(&mw, &fw)
}
