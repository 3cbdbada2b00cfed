//! Conflicts from words: a newer rule that forbids what an older rule mandates supersedes it
//! ("Use Axios" / "Always use native fetch instead of Axios"), and so does one that mandates what
//! an older rule forbids ("Never use `console.log`" / "Always use `console.log` for debugging"),
//! and so does one that sets another floor on the same version ("Python 3.10+" / "Use Python 3.12
//! or later").

use super::concepts::is_tool;
use super::literal::is_prose_word;
use super::{Inference, Term};
use crate::rules::model::Rule;
use crate::rules::problem::{Clash, ClashKind};

/// Rules at odds: a newer rule that forbids what an older one mandates, mandates what an older
/// one forbids ("Always use `console.log` for debugging output" after "Never use
/// `console.log`") or sets another floor on the same version, when both can apply to the same
/// files (they name no languages, or share one). `inferences` is parallel to `rules`. Each is
/// `(newer, older, the words of each)`.
pub fn conflicts(rules: &[Rule], inferences: &[Inference]) -> Vec<(u64, u64, Clash)> {
    let mut out: Vec<(u64, u64, Clash)> = Vec::new();
    for (newer, ni) in rules.iter().zip(inferences) {
        if says_nothing_for_precedence(ni) {
            continue;
        }
        for (older, oi) in rules.iter().zip(inferences) {
            if older.number >= newer.number
                || !compatible(&ni.languages, &oi.languages)
                || out
                    .iter()
                    .any(|(n, o, _)| (*n, *o) == (newer.number, older.number))
            {
                continue;
            }
            if let Some(clash) = first_of_any_kind(ni, oi) {
                out.push((newer.number, older.number, clash));
            }
        }
    }
    out
}

fn says_nothing_for_precedence(i: &Inference) -> bool {
    i.forbids.is_empty() && i.mandates.is_empty() && i.floors.is_empty()
}

/// The first contradiction of `newer` with `older`: a forbid of a mandate, a mandate of a
/// forbid, another floor on the same version.
fn first_of_any_kind(newer: &Inference, older: &Inference) -> Option<Clash> {
    first_clash(&newer.forbids, &older.mandates, ClashKind::Forbids)
        .or_else(|| first_clash(&newer.mandates, &older.forbids, ClashKind::Mandates))
        .or_else(|| first_clash(&newer.floors, &older.floors, ClashKind::Floor))
}

/// The first pair of `newer` and `older` terms that contradict each other. A newer mandate
/// retires an older forbid of the very same thing only: "use pnpm" says nothing of "don't run
/// `pnpm dev`". Two floors clash on the same version (their key) set at different values (their
/// text): the same floor said twice is no contradiction.
fn first_clash(newer: &[Term], older: &[Term], kind: ClashKind) -> Option<Clash> {
    newer.iter().find_map(|n| {
        let contradicts = |o: &&Term| match kind {
            ClashKind::Forbids => clash(n, o),
            ClashKind::Mandates => n.same(o) && !prose_and_code(n, o),
            ClashKind::Floor => n.key == o.key && n.text != o.text,
        };
        older.iter().find(contradicts).map(|o| Clash {
            kind,
            newer_text: n.text.clone(),
            newer_trigger: n.trigger.clone(),
            older_text: o.text.clone(),
            older_trigger: o.trigger.clone(),
        })
    })
}

fn compatible(a: &[String], b: &[String]) -> bool {
    a.is_empty() || b.is_empty() || a.iter().any(|x| b.contains(x))
}

/// The same contradictions between two layers of rules, from what was inferred from each rule:
/// each of `newer` (a project's) against each of `older` (the user's), whatever their numbers.
/// Each is `(newer index, older index, the words of each)`.
pub fn conflicts_across(newer: &[&Inference], older: &[Inference]) -> Vec<(usize, usize, Clash)> {
    let mut out = Vec::new();
    for (n, ni) in newer.iter().enumerate() {
        if says_nothing_for_precedence(ni) {
            continue;
        }
        for (o, oi) in older.iter().enumerate() {
            if !compatible(&ni.languages, &oi.languages) {
                continue;
            }
            if let Some(clash) = first_of_any_kind(ni, oi) {
                out.push((n, o, clash));
            }
        }
    }
    out
}

/// A code span and an English word of the same letters: "update the state in the main loop"
/// mandates no `Update(tea.Msg)`. A name that is no English word ("Use Axios", "never `axios`")
/// is one thing however it is written.
fn prose_and_code(a: &Term, b: &Term) -> bool {
    a.exact.is_some() != b.exact.is_some() && is_prose_word(&a.key)
}

/// Whether forbidding `f` contradicts mandating `m`: the same thing, or one word of a short
/// phrase that names it ("fetch" and "native fetch", "Fetch nativo").
fn clash(f: &Term, m: &Term) -> bool {
    if f.key == m.key {
        // `mixedCaps` forbidden and `MixedCaps` mandated are two names, not one.
        return f.same(m) && !prose_and_code(f, m);
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
    // "ALWAYS use `pnpm`" then "NEVER run `pnpm test`": a tool's subcommand forbidden is not the
    // tool forbidden.
    let subcommand_of_mandate = fw.len() > 1 && mw.len() == 1 && fw[0] == mw[0] && is_tool(mw[0]);
    within(&fw, &mw) || (within(&mw, &fw) && !subcommand_of_mandate)
}
