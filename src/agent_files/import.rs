//! From an agent file to candidate rules: one imperative bullet or sentence is one rule, in the
//! file's own words; headings, prose that commands nothing, code, tables and link lists are
//! skipped, each with the reason. A following "because …", "porque …" or " — reason" clause
//! becomes the rule's `Why`; the category comes from the words; the file's scope (frontmatter
//! globs, or the folder of a nested `AGENTS.md`) becomes `Check.Files`.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use super::category::category_of;
use super::convention;
use super::formats::{self, AgentFormat};
use super::markdown::{self, UnitKind, blank_code_spans};
use super::words::{
    BE_VERBS, BULLET_MUSTS, CHECKLIST_WORDS, CLAUSE_COMMANDS, CLAUSE_FILLERS, CROSS_REFERENCES,
    DASH_COMMANDS, DASH_CONTINUATIONS, EMPHATIC_TAILS, EVERY_WORDS, HAVE_VERBS, INTRO_VERBS, LABEL_COMMANDS,
    LABEL_NOUNS, LEADING_CLAUSES, LINE_MARKERS, MORE_VERBS, NOT_BEFORE_A_COMMAND, NOT_NEEDED, OBJECT_OPENERS,
    PERMISSIONS, PROSE_MUSTS, REQUIREMENT_MODALS, SPANISH_COMMANDS,
};
use super::{frontmatter, heading_scope};
use crate::rules::Category;
use crate::rules::infer::words::{CONDITION_CONSTRUCTS, CONDITION_TYPES, LIST_WORDS};
use crate::text::one_line;

/// A rule found in an agent file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// The rule in the file's words (code spans keep their backticks), without its reason.
    pub instruction: String,
    /// The reason given with it ("because …", " — …", a nested "Why:" bullet), if any.
    pub why: Option<String>,
    pub category: Category,
    /// The globs the rule applies to (relative to the rules root); empty: every file.
    pub files: Vec<String>,
    /// The heading or parent bullet whose language narrowed `files` ("Python Code Style").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// The scope of the file it came from (its globs, its folder), before a section narrowed it.
    #[serde(skip)]
    pub file_scope: Vec<String>,
    /// The file it came from, as shown.
    pub source: String,
    /// 1-based line in that file.
    pub line: usize,
}

/// Why a piece of an agent file is not a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "detail")]
pub enum SkipReason {
    /// A heading: it names a topic, it commands nothing.
    Heading,
    /// Prose that commands nothing (a description, an explanation).
    Prose,
    /// A code block: an example or a command, not a rule.
    CodeBlock,
    /// A table.
    Table,
    /// HTML (a comment, a marker, markup).
    Html,
    /// Only links (a table of contents, "see …").
    LinksOnly,
    /// A bullet that introduces the ones nested under it ("Testing:").
    Introduction,
    /// A question.
    Question,
    /// A bullet under a heading or bullet that negates it ("Don'ts", "Never:"): taken alone its
    /// words would say the opposite. The detail is the negating text.
    NegatedByContext(String),
}

impl SkipReason {
    /// The reason as people read it.
    pub fn message(&self) -> String {
        match self {
            SkipReason::Heading => "heading".into(),
            SkipReason::Prose => "prose that commands nothing".into(),
            SkipReason::CodeBlock => "code block".into(),
            SkipReason::Table => "table".into(),
            SkipReason::Html => "HTML".into(),
            SkipReason::LinksOnly => "links only".into(),
            SkipReason::Introduction => "introduces the bullets under it".into(),
            SkipReason::Question => "a question".into(),
            SkipReason::NegatedByContext(by) => format!(
                "under \"{by}\", which negates it: alone it would say the opposite — write it as a rule of its own (\"Never …\")"
            ),
        }
    }
}

/// Something in an agent file that is not a rule, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skipped {
    pub text: String,
    pub line: usize,
    pub reason: SkipReason,
}

/// What one agent file holds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Extracted {
    pub rules: Vec<Candidate>,
    pub skipped: Vec<Skipped>,
    /// Things worth telling about the file as a whole (a frontmatter that does not parse).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// Reads the agent file `path_shown` (relative to the project root, `/`-separated: its folder
/// scopes a nested `AGENTS.md`) of format `kind`.
pub fn extract(path_shown: &str, kind: AgentFormat, text: &str) -> Extracted {
    extract_scoped(path_shown, path_shown, kind, text)
}

/// [`extract`], with the path that decides the scope given apart: relative to the folder of the
/// rules file the rules go to (a package's own, in a monorepo).
pub fn extract_scoped(path_shown: &str, scope_path: &str, kind: AgentFormat, text: &str) -> Extracted {
    let doc = markdown::read(text);
    let mut out = Extracted::default();
    let base = formats::base_dir(scope_path, kind);
    let mut globs = Vec::new();
    if let Some(yaml) = &doc.frontmatter {
        let fm = frontmatter::read(yaml, kind);
        if let Some(e) = fm.error {
            out.notes.push(e);
        }
        globs = fm.globs;
    }
    let files = scope_files(&base, &globs, kind.scoped_by_folder());
    // A language's section scopes its code rules, unless the file's own globs already do.
    let section_base = globs.is_empty().then_some(base.as_str());
    let file_label = file_label(path_shown);

    let contrasting = construct_labels(&doc.units);
    // Per item: its reason from a nested "Why:" bullet, and whether it became a rule.
    let mut rule_of_unit: Vec<Option<usize>> = vec![None; doc.units.len()];
    // Inside what autofix exported (its section, or a generated file), its own heading and
    // note are not worth listing as skipped.
    let mut managed = false;
    for (i, unit) in doc.units.iter().enumerate() {
        let text = one_line(&unit.text);
        if unit.kind == UnitKind::Html {
            if text.starts_with(super::section::BEGIN) || text.starts_with(super::section::GENERATED) {
                managed = true;
            } else if text.starts_with(super::section::END) {
                managed = false;
            }
        }
        if managed && matches!(unit.kind, UnitKind::Heading { .. } | UnitKind::Paragraph) {
            continue;
        }
        let skip = |out: &mut Extracted, reason: SkipReason| {
            if !text.is_empty() {
                out.skipped.push(Skipped {
                    text: text.clone(),
                    line: unit.line,
                    reason,
                });
            }
        };
        let heading_context = unit.headings.join(" / ");
        match &unit.kind {
            UnitKind::Heading { .. } => skip(&mut out, SkipReason::Heading),
            UnitKind::CodeBlock => skip(&mut out, SkipReason::CodeBlock),
            UnitKind::Table => {
                // A table of rules ("| Do not … | Instead … |") gives its rows; any other is
                // skipped whole.
                let rows = doc.units[i + 1..]
                    .iter()
                    .take_while(|u| u.kind == UnitKind::TableRow);
                if !rows.into_iter().any(|u| commands(&one_line(&u.text), true)) {
                    skip(&mut out, SkipReason::Table);
                }
            }
            UnitKind::TableRow => {
                if commands(&text, true) && !unit.links_only {
                    let mut rule = candidate(&text, None, &heading_context, &files, path_shown, unit.line);
                    scope_by_section(
                        &mut rule,
                        &labels(&file_label, &unit.headings, None),
                        section_base,
                    );
                    out.rules.push(rule);
                }
            }
            UnitKind::Html => {
                // autofix's own markers are not worth listing.
                if !text.starts_with("<!-- autofix:") {
                    skip(&mut out, SkipReason::Html)
                }
            }
            UnitKind::Item {
                parent,
                has_children,
                task,
                ..
            } => {
                if text.is_empty() {
                    continue;
                }
                // A nested "Why: …" gives its parent's reason.
                if let Some(p) = parent
                    && let Some(reason) = reason_bullet(&text)
                    && let Some(r) = rule_of_unit[*p]
                {
                    out.rules[r].why = Some(reason);
                    continue;
                }
                // A nested "Example 1: use `text-primary` rather than `text-white`" shows its
                // parent's rule at work: part of that rule, under its words ("when possible").
                if let Some(p) = parent
                    && is_example_bullet(&text)
                    && let Some(r) = rule_of_unit[*p]
                {
                    let rule = &mut out.rules[r].instruction;
                    if !rule.trim_end().ends_with(['.', '!', '?', ':', ';']) {
                        rule.push('.');
                    }
                    rule.push(' ');
                    rule.push_str(text.trim());
                    continue;
                }
                if unit.links_only {
                    skip(&mut out, SkipReason::LinksOnly);
                    continue;
                }
                let parent_text = parent.map(|p| one_line(&doc.units[p].text)).unwrap_or_default();
                let context = format!("{heading_context} {parent_text}");
                // `- [CODE] …`: a rule as autofix exports it, taken as it is.
                if let (Some(category), body) = explicit_category(&text) {
                    rule_of_unit[i] = Some(out.rules.len());
                    out.rules.push(Candidate {
                        instruction: body.to_string(),
                        why: None,
                        category,
                        files: files.clone(),
                        section: None,
                        file_scope: files.clone(),
                        source: path_shown.to_string(),
                        line: unit.line,
                    });
                    continue;
                }
                // Children that only give examples leave the bullet a rule of its own.
                let lists_more = *has_children
                    && doc.units.iter().any(|u| {
                        matches!(u.kind, UnitKind::Item { parent: Some(p), .. } if p == i)
                            && !is_example_bullet(&u.text)
                    });
                if lists_more
                    && introduces(&text)
                    && !(ends_with_colon(&text)
                        && commands(text.trim_end_matches(['*', '_', ' ', ':']), true)
                        && rule_over_list(&text, list_commands(&doc.units, i + 1, Some(i))))
                {
                    skip(&mut out, SkipReason::Introduction);
                    continue;
                }
                if text.ends_with('?') {
                    skip(&mut out, SkipReason::Question);
                    continue;
                }
                let (category, body) = explicit_category(&text);
                let intro = list_intro(&doc.units, i);
                if grants(&intro) {
                    skip(&mut out, SkipReason::Prose);
                    continue;
                }
                let required = required_by_its_list(&unit.headings, &intro, *task);
                if !commands(body, true) && !required && !later_sentence_commands(body) {
                    skip(&mut out, SkipReason::Prose);
                    continue;
                }
                if let Some(by) = negating(&unit.headings, &parent_text)
                    && !is_negative(body)
                {
                    skip(&mut out, SkipReason::NegatedByContext(by));
                    continue;
                }
                rule_of_unit[i] = Some(out.rules.len());
                // "**Response Schemas** (API responses):" over "- Use `.nullish()` instead of
                // `.optional()`": the kind of construct the rule holds for stays in its words.
                let labelled;
                let body = match construct_label(&intro).filter(|_| contrasted(&doc.units, i, &contrasting)) {
                    Some(label) => {
                        labelled = format!("For {label}, {}", lower_first(body));
                        labelled.as_str()
                    }
                    None => body,
                };
                let mut rule = candidate(body, category, &context, &files, path_shown, unit.line);
                scope_by_section(
                    &mut rule,
                    &labels(&file_label, &unit.headings, Some(&parent_text)),
                    section_base,
                );
                out.rules.push(rule);
            }
            UnitKind::Paragraph => {
                if unit.links_only {
                    skip(&mut out, SkipReason::LinksOnly);
                    continue;
                }
                let sentences = sentences(&unit.text);
                // A list right after the paragraph: its last sentence, ending with a colon,
                // introduces it ("You MUST follow this sequence:").
                let list_follows = doc
                    .units
                    .get(i + 1)
                    .is_some_and(|u| matches!(u.kind, UnitKind::Item { .. }));
                let last = sentences.len().saturating_sub(1);
                let commanding: Vec<bool> = sentences
                    .iter()
                    .enumerate()
                    .map(|(n, (s, _))| {
                        let introduces = n == last && list_follows && introduces(s);
                        // A short line without a full stop is a title, not a sentence.
                        let title = s.split_whitespace().count() < 4 && !s.trim_end().ends_with(['.', '!']);
                        let over_examples = n == last
                            && list_follows
                            && ends_with_colon(s)
                            && commands(s.trim_end_matches(['*', '_', ' ', ':']), false)
                            && rule_over_list(s, list_commands(&doc.units, i + 1, None));
                        over_examples || (!introduces && !title && !lacks_object(s) && commands(s, false))
                    })
                    .collect();
                if !commanding.iter().any(|c| *c) {
                    skip(&mut out, SkipReason::Prose);
                    continue;
                }
                let merged = merge_directly(sentences.into_iter().zip(commanding).collect());
                for ((sentence, offset), command) in &merged {
                    let (offset, command) = (*offset, *command);
                    let line = unit.line + offset;
                    if command {
                        let (category, body) = explicit_category(sentence);
                        if negating(&unit.headings, "").is_some() && !is_negative(body) {
                            out.skipped.push(Skipped {
                                text: sentence.clone(),
                                line,
                                reason: SkipReason::NegatedByContext(
                                    unit.headings.last().cloned().unwrap_or_default(),
                                ),
                            });
                            continue;
                        }
                        let mut rule = candidate(body, category, &heading_context, &files, path_shown, line);
                        scope_by_section(
                            &mut rule,
                            &labels(&file_label, &unit.headings, None),
                            section_base,
                        );
                        out.rules.push(rule);
                    } else {
                        out.skipped.push(Skipped {
                            text: sentence.clone(),
                            line,
                            reason: SkipReason::Prose,
                        });
                    }
                }
            }
        }
    }
    out
}

fn candidate(
    text: &str,
    category: Option<Category>,
    context: &str,
    files: &[String],
    source: &str,
    line: usize,
) -> Candidate {
    let (instruction, why) = split_why(text);
    Candidate {
        category: category.unwrap_or_else(|| category_of(&instruction, context)),
        instruction,
        why,
        files: files.to_vec(),
        section: None,
        file_scope: files.to_vec(),
        source: source.to_string(),
        line,
    }
}

/// The headings above a unit, outermost first, then its parent bullet: what may name the
/// language of its section.
fn labels<'a>(file: &'a str, headings: &'a [String], parent: Option<&'a str>) -> Vec<&'a str> {
    std::iter::once(file)
        .chain(headings.iter().map(String::as_str))
        .chain(parent)
        .collect()
}

/// A rules file's name as the label of all it holds: `.cursor/rules/python-fastapi.mdc` is a
/// Python file's rules when no heading or glob says otherwise.
fn file_label(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name);
    // File names are lowercase: `go.mdc` names Go as a heading writes it.
    stem.split(['-', '_'])
        .map(|w| if w == "go" { "Go" } else { w })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A code rule under a language's section ("## Python Code Style") takes that language's files,
/// under the folder `base` the file speaks for; `None` when the file's own globs scope it.
fn scope_by_section(rule: &mut Candidate, labels: &[&str], base: Option<&str>) {
    let Some(base) = base else { return };
    if !heading_scope::takes_section_scope(rule.category, &rule.instruction) {
        return;
    }
    // "- **Go:** Never use `os.Exit`": the rule's own label is the innermost section.
    let own = rule.instruction.split_once(':').map(|(label, _)| label);
    let labels: Vec<&str> = labels.iter().copied().chain(own).collect();
    if let Some((globs, label)) = heading_scope::section_globs(&labels) {
        let globs: Vec<String> = globs.iter().map(|g| g.to_string()).collect();
        rule.files = scope_files(base, &globs, true);
        rule.section = Some(label.to_string());
    }
}

/// The globs of a file's rules, relative to the rules root: its frontmatter globs under the
/// folder it speaks for, or that folder itself for a nested `AGENTS.md`.
pub fn scope_files(base: &str, globs: &[String], by_folder: bool) -> Vec<String> {
    if base.is_empty() {
        return globs.to_vec();
    }
    if globs.is_empty() {
        return if by_folder || !base.is_empty() {
            vec![format!("{base}/**")]
        } else {
            Vec::new()
        };
    }
    globs
        .iter()
        .map(|g| {
            let (neg, body) = match g.strip_prefix('!') {
                Some(rest) => ("!", rest),
                None => ("", g.as_str()),
            };
            let body = body.trim_start_matches("./").trim_start_matches('/');
            // A glob without `/` matches at any depth: keep that under the folder.
            if body.contains('/') || body.starts_with("**") {
                format!("{neg}{base}/{body}")
            } else {
                format!("{neg}{base}/**/{body}")
            }
        })
        .collect()
}

/// `[CODE] …` as autofix exports a rule: the category, and the rest.
fn explicit_category(text: &str) -> (Option<Category>, &str) {
    if let Some(rest) = text.strip_prefix('[')
        && let Some((name, after)) = rest.split_once(']')
        && let Some(category) = Category::parse(name)
    {
        return (Some(category), after.trim_start());
    }
    (None, text)
}

/// A bullet of several sentences whose command comes after a fact ("Many files are generated.
/// Only edit them as their README says."): the bullet is kept whole, as one rule.
fn later_sentence_commands(text: &str) -> bool {
    sentences(text).iter().skip(1).any(|(s, _)| commands(s, false))
}

/// The text that introduces the list item `i` is in: its parent item, or the paragraph right
/// before its list ("All READMEs must have:"); empty when the list follows a heading.
fn list_intro(units: &[markdown::Unit], i: usize) -> String {
    if let UnitKind::Item { parent: Some(p), .. } = units[i].kind {
        return one_line(&units[p].text);
    }
    units[..i]
        .iter()
        .rev()
        .find(|u| !matches!(u.kind, UnitKind::Item { .. }))
        .filter(|u| u.kind == UnitKind::Paragraph)
        .map(|u| one_line(&u.text))
        .unwrap_or_default()
}

/// The intro paragraph of the list holding item `i`, if the list has one.
fn intro_paragraph(units: &[markdown::Unit], i: usize) -> Option<usize> {
    units[..i]
        .iter()
        .rposition(|u| !matches!(u.kind, UnitKind::Item { .. }))
        .filter(|&p| units[p].kind == UnitKind::Paragraph)
}

/// Per heading path and head noun, how many lists a construct label introduces: read once per
/// document, so that each item's question is a lookup.
fn construct_labels(units: &[markdown::Unit]) -> HashMap<(&[String], String), usize> {
    let mut counts = HashMap::new();
    for (p, u) in units.iter().enumerate() {
        if u.kind == UnitKind::Paragraph
            && units
                .get(p + 1)
                .is_some_and(|n| matches!(n.kind, UnitKind::Item { .. }))
            && let Some(label) = construct_label(&one_line(&u.text))
        {
            *counts
                .entry((u.headings.as_slice(), label_head(label)))
                .or_insert(0) += 1;
        }
    }
    counts
}

/// Whether the list holding item `i` is introduced by a label that a sibling list's label
/// contrasts with — the same kind of construct, another qualifier ("**Provider Options
/// Schemas**:" / "**Response Schemas**:" under one heading): the labels split the construct, and
/// each list holds for its own part. A label alone ("**Return types**:") names a topic.
fn contrasted(units: &[markdown::Unit], i: usize, labels: &HashMap<(&[String], String), usize>) -> bool {
    let Some(own) = intro_paragraph(units, i) else {
        return false;
    };
    construct_label(&one_line(&units[own].text)).is_some_and(|label| {
        labels
            .get(&(units[own].headings.as_slice(), label_head(label)))
            .is_some_and(|n| *n >= 2)
    })
}

/// The head noun of a label, lowercase: "schemas" for "Response Schemas (API responses)".
fn label_head(label: &str) -> String {
    let head = label.split_once('(').map_or(label, |(h, _)| h);
    head.split_whitespace().last().unwrap_or_default().to_lowercase()
}

/// `text` with its first word lowercase when it is a plain capitalized word ("Use" → "use"),
/// as it goes on after a condition.
fn lower_first(text: &str) -> String {
    let first = text.split_whitespace().next().unwrap_or_default();
    let plain = first.chars().next().is_some_and(char::is_uppercase)
        && first.chars().skip(1).all(|c| c.is_lowercase());
    if plain {
        let mut chars = text.chars();
        chars
            .next()
            .map(|c| c.to_lowercase().chain(chars).collect())
            .unwrap_or_default()
    } else {
        text.to_string()
    }
}

/// A list's label that names a kind of construct ("Response Schemas (API responses):",
/// "Provider Options Schemas (user-facing):"), without its colon. Two to four words before an
/// aside.
fn construct_label(intro: &str) -> Option<&str> {
    let label = intro.trim().strip_suffix(':')?.trim_end();
    let head = label.split_once('(').map_or(label, |(h, _)| h).trim();
    let words: Vec<&str> = head.split_whitespace().collect();
    let last = words.last()?.to_lowercase();
    ((2..=4).contains(&words.len())
        && words
            .iter()
            .all(|w| w.chars().all(|c| c.is_alphanumeric() || c == '-'))
        && (CONDITION_CONSTRUCTS.contains(&last.as_str()) || CONDITION_TYPES.contains(&last.as_str())))
    .then_some(label)
}

/// "You may:", "Tienes permiso para:": the list under it grants, it does not command.
fn grants(intro: &str) -> bool {
    let lower = intro.to_lowercase();
    ends_with_colon(&lower) && PERMISSIONS.iter().any(|p| lower.contains(p))
}

/// An item that states a requirement without a verb ("Tests for custom hooks", "`aria-label`
/// on icon buttons", "easy to navigate") because its list says it is one: a task in a review
/// checklist, or an item under "All X must have:" / "It must be:".
fn required_by_its_list(headings: &[String], intro: &str, task: bool) -> bool {
    let checklist = || {
        let around = format!("{} {intro}", headings.join(" ")).to_lowercase();
        CHECKLIST_WORDS.iter().any(|w| around.contains(w))
    };
    (task && checklist()) || requires_each_item(intro)
}

/// "All interactive elements must have:", "Cada endpoint debe incluir:" — what every one of a
/// kind must have, item by item — or "It must be:", the qualities it must have; not "It must
/// have:" over a list of features to build (a task, not standing rules).
fn requires_each_item(intro: &str) -> bool {
    let Some(body) = strip_label(intro).trim_end().strip_suffix(':') else {
        return false;
    };
    let words: Vec<String> = body
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .collect();
    let [.., modal, verb] = words.as_slice() else {
        return false;
    };
    if !REQUIREMENT_MODALS.contains(&modal.as_str()) {
        return false;
    }
    let every = words.first().is_some_and(|w| EVERY_WORDS.contains(&w.as_str()));
    BE_VERBS.contains(&verb.as_str()) || (every && HAVE_VERBS.contains(&verb.as_str()))
}

/// "Example 1: …", "Example: …", "e.g. …", "Ejemplo 2: …": a nested bullet that shows its
/// parent's rule by an example.
fn is_example_bullet(text: &str) -> bool {
    static EXAMPLE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^(?:\*\*|_)?(?:(?:examples?|ejemplos?)(?:[ \t]*\d+)?(?:\*\*|_)?[ \t]*[:.)-]|(?:e\.g\.|p\. ?ej\.)(?:\*\*|_)?[ \t,:])")
            // A constant pattern, compiled by every import test.
            .expect("a valid pattern")
    });
    EXAMPLE.is_match(text.trim_start())
}

/// "Why: …", "Because …", "Reason: …", "Porque …": a nested bullet that gives a reason.
fn reason_bullet(text: &str) -> Option<String> {
    // ASCII lowercasing keeps byte offsets: `text[prefix.len()..]` below relies on it.
    let lower = text.to_ascii_lowercase();
    for prefix in [
        "why:",
        "reason:",
        "rationale:",
        "because ",
        "porque ",
        "motivo:",
        "razón:",
    ] {
        if lower.starts_with(prefix) {
            let rest = text[prefix.len()..].trim().trim_end_matches('.').trim();
            return (!rest.is_empty()).then(|| rest.to_string());
        }
    }
    None
}

/// A bullet (or the sentence before a list) that only introduces what comes under it: a topic
/// ("Testing:", "Naming"), or a command that points at the list ("Follow these steps:", "It
/// must have:") — while "Use UK English spelling:" is a rule of its own.
fn introduces(text: &str) -> bool {
    let t = text.trim_end_matches(['*', '_', ' ']);
    let words = t.split_whitespace().count();
    if !commands(t.trim_end_matches(':'), true) {
        return t.ends_with(':') || words <= 4;
    }
    // A title of a few words ("Build & run", "Commit best practices"), colon or not.
    if words <= 3 && !t.ends_with(['.', '!']) {
        return true;
    }
    if !t.ends_with(':') {
        return false;
    }
    // "Structure & naming conventions:": a title of a few words naming what the list holds.
    let last = t
        .trim_end_matches(':')
        .split_whitespace()
        .last()
        .unwrap_or_default();
    let titled = words <= 5 && LABEL_NOUNS.contains(&last.to_lowercase().as_str());
    points_at_list(t) || words <= 2 || titled
}

/// A command ending in `:` whose object is the list under it: "Follow these steps:", "It must
/// have:", "Cada módulo debe tener:", "When reviewing, verify:".
fn points_at_list(text: &str) -> bool {
    let lower = text.to_lowercase();
    let points = [" the following", " these", " as follows", " below", " following:"]
        .iter()
        .any(|w| lower.contains(w));
    let last = lower
        .trim_end_matches(':')
        .split_whitespace()
        .last()
        .unwrap_or_default();
    let bare_verb = INTRO_VERBS.contains(&last) || HAVE_VERBS.contains(&last) || BE_VERBS.contains(&last);
    // "DO NOT use for:", "Run it with:": the sentence ends in the preposition whose object is
    // the list.
    let dangling = matches!(
        last,
        "for" | "with" | "in" | "on" | "to" | "by" | "of" | "para" | "con" | "en" | "de" | "por"
    );
    points || bare_verb || dangling || lacks_object(text)
}

/// A short command ending in `:` over a list (`text` commands: the caller knows) is a rule itself
/// when the list only gives its examples ("Use metric units:" over "metres, not feet") — not
/// when the list is its object ("It must have:") or it is a title ("Test Location:"). (A list
/// of commands under a command decides nothing: "NEVER use `Any`:" over "Never use `# noqa`" is
/// a rule, "Follow the steps:" over steps is not, and its words tell which.)
fn rule_over_list(text: &str, list_commands: bool) -> bool {
    let t = text.trim_end_matches(['*', '_', ' ']);
    !list_commands && !points_at_list(t) && !title_case(t)
}

/// A title in Title Case ("Test Location:", "Build & Run"): a topic, even when its first word
/// could be a verb.
fn title_case(text: &str) -> bool {
    let words: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .collect();
    (2..=3).contains(&words.len()) && words.iter().all(|w| w.starts_with(char::is_uppercase))
}

/// True when some item of the list that `from` starts (the units right after an intro), nested
/// in `parent` (`None`: a top-level list), commands.
fn list_commands(units: &[markdown::Unit], from: usize, parent: Option<usize>) -> bool {
    units[from.min(units.len())..]
        .iter()
        .take_while(|u| matches!(u.kind, UnitKind::Item { .. }))
        .filter(|u| matches!(u.kind, UnitKind::Item { parent: p, .. } if p == parent))
        .any(|u| commands(&one_line(&u.text), true))
}

/// `text` ends with a colon (emphasis aside): it introduces what follows.
fn ends_with_colon(text: &str) -> bool {
    text.trim_end_matches(['*', '_', ' ']).ends_with(':')
}

/// "When reviewing a PR, verify:": a command whose object is what comes next (a list, maybe
/// under a heading), not a rule on its own.
fn lacks_object(text: &str) -> bool {
    let Some(body) = text.trim_end().strip_suffix(':') else {
        return false;
    };
    let last = body.split_whitespace().last().unwrap_or_default().to_lowercase();
    crate::rules::lint::VERBS.contains(&last.as_str()) || MORE_VERBS.contains(&last.as_str())
}

/// The words that negate what comes under them: a heading such as "Don'ts" or "Avoid", a
/// parent bullet such as "Never:".
fn negating(headings: &[String], parent: &str) -> Option<String> {
    let negates = |t: &str| {
        let lower = t.to_lowercase();
        let lower = lower.trim().trim_end_matches(':').trim();
        let words: Vec<&str> = lower
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .filter(|w| !w.is_empty())
            .collect();
        let negative_word = |w: &&str| {
            matches!(
                *w,
                "don'ts"
                    | "donts"
                    | "dont's"
                    | "avoid"
                    | "never"
                    | "forbidden"
                    | "prohibited"
                    | "banned"
                    | "anti-patterns"
                    | "antipatterns"
                    | "nunca"
                    | "evitar"
                    | "prohibido"
                    | "prohibidos"
            )
        };
        (!words.is_empty() && words.len() <= 5 && words.iter().any(negative_word))
            || lower == "do not"
            || lower == "don't"
            || lower.starts_with("do not ") && lower.len() < 30
            || lower.starts_with("don't ") && lower.len() < 30
    };
    if !parent.is_empty() && parent.trim_end().ends_with(':') && negates(parent) {
        return Some(parent.to_string());
    }
    headings.last().filter(|h| negates(h)).cloned()
}

/// True when the text itself says "never/don't/avoid/no …".
fn is_negative(text: &str) -> bool {
    let lower = strip_label(text).to_lowercase();
    let lower = lower.trim_start_matches(['*', '_', ' ']);
    [
        "never",
        "don't",
        "do not",
        "dont",
        "avoid",
        "no ",
        "not ",
        "nunca",
        "no uses",
        "evita",
        "evitar",
        "must not",
        "mustn't",
        "should not",
        "shouldn't",
        "stop ",
        "without ",
    ]
    .iter()
    .any(|p| lower.starts_with(p))
        || lower.contains(" not ")
        || lower.contains("n't ")
        || lower.contains("never ")
}

/// "Naming: …", "**Tests** — …": a short label before the rule.
fn strip_label(text: &str) -> &str {
    if let Some((label, rest)) = text.split_once(": ")
        && label.split_whitespace().count() <= 4
        && !label.contains('`')
        && !rest.trim().is_empty()
    {
        return rest.trim_start();
    }
    text
}

/// True when `text` opens with a word that starts a clause before the command ("When …",
/// "If …", "To …", "Para …").
fn opens_with_clause(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or_default();
    let first = first.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    LEADING_CLAUSES.contains(&first.as_str())
}

/// Where an opening clause may end: after each ", ", " - " or " — " outside parentheses and code
/// spans, up to [`MAX_CLAUSE_WORDS`] words in. A part that is one item of a list inside the
/// clause ("If you add code, files or folders, …") is not where the command starts. Without any
/// separator ("When running migrations use `uv run alembic`"), at the first of
/// [`CLAUSE_COMMANDS`] that no subject or auxiliary comes right before.
fn after_clause(text: &str) -> Vec<&str> {
    let ends = clause_ends(text);
    if ends.is_empty() {
        return command_word_without_comma(text).into_iter().collect();
    }
    let mut out = Vec::new();
    for (n, &(at, sep)) in ends.iter().enumerate() {
        if text[..at].split_whitespace().count() > MAX_CLAUSE_WORDS {
            break;
        }
        let rest = &text[at + sep..];
        let part = match ends.get(n + 1) {
            Some(&(next, _)) => &text[at + sep..next],
            None => rest,
        };
        let in_a_list = ends.get(n + 1).is_some()
            && part
                .split_whitespace()
                .any(|w| LIST_WORDS.contains(&w.to_lowercase().as_str()));
        if !in_a_list {
            out.push(rest);
        }
    }
    out
}

/// The byte offsets (and lengths) of the separators that may end an opening clause: ", ", " - ",
/// " — " outside parentheses and code spans.
fn clause_ends(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut in_code = false;
    for (i, c) in text.char_indices() {
        match c {
            '`' => in_code = !in_code,
            '(' if !in_code => depth += 1,
            ')' if !in_code => depth = depth.saturating_sub(1),
            _ => {}
        }
        if depth > 0 || in_code {
            continue;
        }
        for sep in [", ", " - ", " — "] {
            if text[i..].starts_with(sep) {
                out.push((i, sep.len()));
            }
        }
    }
    out
}

/// "When running migrations use …", "For any artifacts use …": the first of
/// [`CLAUSE_COMMANDS`] within the first words, unless a subject or an auxiliary is right before
/// it ("When we use …", "If tests that use …").
fn command_word_without_comma(text: &str) -> Option<&str> {
    // A constant pattern: it compiles (the tests of this module run it).
    static WORD: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\S+").expect("a valid regex"));
    let clean = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let mut previous = String::new();
    for (n, word) in WORD.find_iter(text).take(MAX_CLAUSE_WORDS / 2 + 1).enumerate() {
        let this = clean(word.as_str());
        if n > 1
            && CLAUSE_COMMANDS.contains(&this.as_str())
            && !NOT_BEFORE_A_COMMAND.contains(&previous.as_str())
        {
            return Some(&text[word.start()..]);
        }
        previous = this;
    }
    None
}

/// "execute the file", "run all checks": a word that takes an object right after an opening
/// clause is its command, in any verb ("If the user types `/x`, execute the matching file") —
/// not a subject ("If it fails, CI reports the error") nor an adverb ("…, then the …").
fn verb_before_object(words: &[&str]) -> bool {
    let [verb, object, ..] = words else {
        return false;
    };
    let lower = verb.to_lowercase();
    let plain =
        verb.chars().all(|c| c.is_alphabetic()) && verb.chars().next().is_some_and(char::is_lowercase);
    plain
        // "reports", "fails": a third person, so a subject came before it.
        && (!lower.ends_with('s') || lower.ends_with("ss"))
        && !lower.ends_with("ly")
        && !NOT_BEFORE_A_COMMAND.contains(&lower.as_str())
        && !CLAUSE_FILLERS.contains(&lower.as_str())
        && !CROSS_REFERENCES.contains(&lower.as_str())
        && OBJECT_OPENERS.contains(&object.to_lowercase().as_str())
}

/// The most words an opening clause has before its command.
const MAX_CLAUSE_WORDS: usize = 20;

/// True when `text` tells the reader to do or not do something. A bullet (`bullet`) may also
/// state a must ("Components must be pure"); a sentence of prose must open with its command
/// (or a short "When …," clause before it), or shout it (MUST, NEVER, ALWAYS).
pub fn commands(text: &str, bullet: bool) -> bool {
    let text = text.trim();
    let unlabelled = strip_label(text);
    // "Never use relative imports: `from .models import X`", "Use native types: `list`, `dict`":
    // what looks like a label is the command when it says never/always/use/avoid and code
    // follows — not "Start server: `pnpm run start`" (a list of commands).
    let label_commands = unlabelled.len() != text.len() && unlabelled.starts_with('`') && {
        let first = text
            .split_whitespace()
            .next()
            .unwrap_or("")
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        LABEL_COMMANDS.contains(&first.as_str())
    };
    commands_text(unlabelled, bullet)
        || (label_commands && commands_text(text, bullet))
        // A bullet may state a convention without a verb ("Files: kebab-case", "ESM only"), or
        // put its command after a dash ("`dist/` is generated — never edit it").
        || (bullet && (convention::prescribes(text) || command_after_dash(text)))
}

/// A clause after a dash that opens with an unmistakable command ("`public/` is generated —
/// never edit it", "Descriptive names — avoid abbreviations"); a folder map's "`test/` — test
/// fixtures" opens with a noun that is also a verb, so only [`DASH_COMMANDS`] count.
fn command_after_dash(text: &str) -> bool {
    // Code spans filled with a byte no dash contains: offsets stay those of `text`.
    let plain = blank_code_spans(text, '\u{1}');
    [" — ", " – ", " -- ", " - "].iter().any(|dash| {
        plain.match_indices(dash).any(|(i, _)| {
            let after = &text[i + dash.len()..];
            let first = after
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .trim_matches(|c: char| !(c.is_alphanumeric() || c == '\''))
                .to_lowercase();
            DASH_COMMANDS.contains(&first.as_str()) && commands_text(after, true)
        })
    })
}

fn commands_text(text: &str, bullet: bool) -> bool {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return false;
    }
    if words.len() < 2 {
        return false;
    }
    // A command opens with a word: not "/commit", "`pnpm build` …", "@mention" (a leading
    // emoji or mark is skipped: "✅ Check …").
    let opening = words[0]
        .trim_start_matches(|c: char| !(c.is_alphanumeric() || matches!(c, '/' | '`' | '@' | '#' | '$')));
    let opening = if opening.is_empty() { words[1] } else { opening };
    let starts_with_word = opening.starts_with(char::is_alphabetic);
    // Shouted: MUST, NEVER, ALWAYS, SHOULD, DON'T, DO NOT ("Does NOT apply" only describes).
    let bare: Vec<&str> = words
        .iter()
        .map(|w| w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’')))
        .collect();
    let shout = bare.iter().enumerate().any(|(i, w)| {
        matches!(*w, "MUST" | "NEVER" | "ALWAYS" | "SHOULD" | "DON'T" | "DON’T")
            || (*w == "DO" && bare.get(i + 1) == Some(&"NOT"))
    }) && words.iter().filter(|w| w.chars().any(char::is_lowercase)).count() > 0;
    if shout && starts_with_word {
        return true;
    }
    // A Spanish infinitive opens a command only in Spanish ("Usar …"), not "Faster …".
    let spanish = {
        let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
        let count = |list: &[&str]| lower.iter().filter(|w| list.contains(&w.as_str())).count();
        count(crate::rules::infer::words::SPANISH_MARKERS)
            > count(crate::rules::infer::words::ENGLISH_MARKERS)
    };
    let clean = |w: &str| {
        w.trim_matches(|c: char| !(c.is_alphanumeric() || c == '\''))
            .to_lowercase()
            .replace('’', "'")
    };
    let head_commands = |ws: &[&str]| -> bool {
        let mut ws = ws.iter().map(|w| clean(w)).filter(|w| !w.is_empty());
        let Some(mut head) = ws.next() else { return false };
        // "No amount of …", "No matter what, …": idioms, not a "no" that forbids.
        if head == "no"
            && ws
                .clone()
                .next()
                .is_some_and(|next| matches!(next.as_str(), "amount" | "matter" | "longer" | "doubt"))
        {
            return false;
        }
        if head == "please" || head == "you" || head == "we" {
            match ws.next() {
                Some(next) if head == "please" => head = next,
                Some(next)
                    if [
                        "must",
                        "should",
                        "shall",
                        "need",
                        "have",
                        "always",
                        "never",
                        "mustn't",
                        "shouldn't",
                        "can't",
                        "cannot",
                        "don't",
                    ]
                    .contains(&next.as_str()) =>
                {
                    return true;
                }
                _ => return false,
            }
        }
        matches!(
            head.as_str(),
            "never"
                | "always"
                | "don't"
                | "dont"
                | "do"
                | "avoid"
                | "prefer"
                | "only"
                | "nunca"
                | "siempre"
                | "must"
                | "ensure"
                | "make"
                | "no"
                // "Prohibido usar `container.resolve()`": a ban stated as its label (the
                // English "Prohibited packages are …" describes).
                | "prohibido"
                | "prohibida"
                | "prohibidos"
                | "prohibidas"
        ) || crate::rules::lint::VERBS.contains(&head.as_str())
            || MORE_VERBS.contains(&head.as_str())
            || (spanish && SPANISH_COMMANDS.contains(&head.as_str()))
            || (spanish
                && crate::rules::lint::is_imperative(&head)
                && !crate::rules::lint::MARKERS.contains(&head.as_str())
                && head.chars().count() > 4)
    };
    // Marks and emoji before the first word are skipped, and an adverb ("Fully implement …").
    let mut skip_marks: Vec<&str> = words
        .iter()
        .copied()
        .skip_while(|w| !w.chars().any(char::is_alphanumeric))
        .collect();
    if skip_marks.len() > 2 && skip_marks[0].to_lowercase().ends_with("ly") && skip_marks[0].len() > 4 {
        skip_marks.remove(0);
    }
    if starts_with_word && head_commands(&skip_marks) {
        // "No …" opens a command only before a thing ("No `any`", "No default exports"), not
        // "No, …", "No one …" or what is not needed ("No es necesario …").
        let first = clean(words[0]);
        if first == "no" && words.len() > 1 && matches!(clean(words[1]).as_str(), "one" | "longer" | "need") {
            return false;
        }
        let lower = text.to_lowercase();
        // "No manual configuration needed! 🎉", "No hace falta configuración extra": what the
        // reader is spared, not what is forbidden.
        let last = words
            .iter()
            .rev()
            .map(|w| clean(w))
            .find(|w| !w.is_empty())
            .unwrap_or_default();
        let spared = first == "no"
            && matches!(
                last.as_str(),
                "needed" | "required" | "necessary" | "necesario" | "necesaria" | "necesarios"
            );
        return !spared && !NOT_NEEDED.iter().any(|p| lower.starts_with(p));
    }
    // "When adding a route, always register it", "To run one test, use …", "If you add code,
    // files or folders, ensure …": the command after an opening clause.
    if starts_with_word && opens_with_clause(text) {
        let commands_here = |rest: &str| {
            let words: Vec<&str> = rest
                .split_whitespace()
                .skip_while(|w| !w.chars().any(char::is_alphanumeric))
                .collect();
            head_commands(&words) || verb_before_object(&words)
        };
        if after_clause(text).into_iter().any(commands_here) {
            return true;
        }
    }
    let lower = format!(" {} ", text.to_lowercase());
    // "Each raise must include an error code", "I want you to use …": a must, even in prose.
    if PROSE_MUSTS.iter().any(|m| lower.contains(m)) {
        return true;
    }
    if bullet {
        return BULLET_MUSTS.iter().any(|m| lower.contains(m));
    }
    false
}

/// Where a reason clause starts, outside code spans: ("because", "porque", a dash).
fn split_why(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    // Byte positions outside backtick spans.
    let mut outside = vec![true; text.len() + 1];
    let mut in_code = false;
    for (i, c) in text.char_indices() {
        if c == '`' {
            in_code = !in_code;
        }
        outside[i] = !in_code;
    }
    // ASCII lowercasing keeps every byte where it was (`to_lowercase` does not: "İ" grows), so
    // offsets found in `lower` index `text`; the keywords are ASCII.
    let lower = text.to_ascii_lowercase();
    let finish = |instruction: &str, why: &str| {
        let instruction = instruction
            .trim()
            .trim_end_matches([',', ';', ':', ' '])
            .trim()
            .to_string();
        let why = why.trim().trim_end_matches(['.', ' ']).trim();
        let why = why
            .strip_prefix('(')
            .and_then(|w| w.strip_suffix(')'))
            .unwrap_or(why)
            .trim()
            .to_string();
        (instruction, (!why.is_empty()).then_some(why))
    };
    for keyword in [
        " because ",
        ", because ",
        " porque ",
        ", since ",
        " ya que ",
        " (because ",
    ] {
        if let Some(at) = lower.find(keyword)
            && outside[at]
            && at > 0
        {
            let why_start = at + keyword.len();
            let why = &text[why_start..];
            let why = if keyword.ends_with("(because ") {
                why.trim_end_matches([')', '.'])
            } else {
                why
            };
            return finish(&text[..at], why);
        }
    }
    for dash in [" — ", " – ", " -- ", " - "] {
        let mut from = 0;
        while let Some(rel) = text[from..].find(dash) {
            let at = from + rel;
            from = at + dash.len();
            if !outside[at] {
                continue;
            }
            let (before, after) = (&text[..at], &text[at + dash.len()..]);
            let opening = after
                .split_whitespace()
                .next()
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
                .unwrap_or_default();
            if DASH_CONTINUATIONS.contains(&opening.as_str()) {
                continue;
            }
            // "Never use `any` - use `unknown`": a second command, not a reason.
            if commands(before, true) && !commands(after, true) && !after.trim().is_empty() {
                return finish(before, after);
            }
        }
    }
    (text.to_string(), None)
}

/// Words a line of a sentence cannot end on: the sentence goes on in the next line.
const CONTINUING_WORDS: &[&str] = &[
    "in", "into", "on", "at", "to", "of", "for", "with", "from", "by", "the", "a", "an", "and", "or", "that",
    "so", "using", "than", "as", "via", "under", "is", "are", "be", "de", "en", "la", "el", "los", "las",
    "un", "una", "y", "o", "con", "para", "por", "que", "del", "al", "usando",
];

/// How long a line must be to have been wrapped by its writer's editor rather than ended.
const WRAPPED_LINE: usize = 72;

/// A paragraph's sentences, each with the number of lines it starts below the paragraph's
/// first. A line break ends a sentence when the line ended one or the next starts like one.
fn sentences(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut line = 0usize;
    let mut start_line = 0usize;
    let chars: Vec<char> = text.chars().collect();
    let mut in_code = false;
    let mut i = 0;
    let flush = |current: &mut String, out: &mut Vec<(String, usize)>, start: usize| {
        let s = one_line(current);
        if !s.is_empty() {
            out.push((s, start));
        }
        current.clear();
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '`' {
            in_code = !in_code;
        }
        if c == '\n' {
            line += 1;
            let ended = current.trim_end().ends_with(['.', '!', '?', ':']);
            // A line that stops on "in", "the", "so that" or a comma goes on, whatever the next
            // one opens with ("create a summary in\n`docs/sessions/`").
            let open_ended = current.trim_end().ends_with(',')
                || current
                    .split_whitespace()
                    .last()
                    .is_some_and(|w| CONTINUING_WORDS.contains(&w.to_lowercase().as_str()));
            // A next line that is only code ("`YYYY-MM-DD_brief.md`.") is no sentence either.
            let next_line: String = chars[i + 1..].iter().take_while(|c| **c != '\n').collect();
            let only_code = !blank_code_spans(&next_line, ' ').chars().any(char::is_alphabetic);
            // "…, then run\n`make proto`. `protoc-gen-fiber` emits …": a code span that ends a
            // sentence right away is the object of the line before, not a sentence of its own.
            let ends_on_code = next_line
                .trim_start()
                .strip_prefix('`')
                .and_then(|rest| rest.split_once('`'))
                .is_some_and(|(_, after)| after.starts_with(['.', ',', ';', ')']));
            // "… (e.g. an API removed in v2), mark the requirement\n`deferred: '<reason>'`
            // instead": a long line that stops mid-sentence was wrapped, and the code span
            // opening the next one goes on with it.
            let line_len = chars[..i].iter().rev().take_while(|c| **c != '\n').count();
            let wrapped = line_len >= WRAPPED_LINE && next_line.trim_start().starts_with('`');
            // "… whereas `make` is not (my\nWindows box has only `just`).": an aside still open
            // goes on in the next line, whatever that line opens with.
            let in_aside = open_parentheses(&current) > 0;
            let next_starts = !open_ended
                && !in_aside
                && !only_code
                && !ends_on_code
                && !wrapped
                && chars
                    .get(i + 1..)
                    .and_then(|rest| rest.iter().find(|c| !c.is_whitespace()))
                    .is_some_and(|c| c.is_uppercase() || *c == '`' || *c == '*' || LINE_MARKERS.contains(c));
            if !in_code && (ended || next_starts) {
                flush(&mut current, &mut out, start_line);
                start_line = line;
            } else {
                current.push(' ');
            }
            i += 1;
            continue;
        }
        current.push(c);
        let next = chars.get(i + 1).copied();
        if !in_code && matches!(c, '.' | '!' | '?') && next.is_some_and(|n| n == ' ') {
            let after = chars[i + 1..].iter().find(|c| !c.is_whitespace());
            // Not after "e.g." / "i.e." / "etc." / a version number.
            let word: String = current
                .split_whitespace()
                .last()
                .unwrap_or_default()
                .to_lowercase();
            let abbreviation =
                ["e.g.", "i.e.", "etc.", "vs.", "p.", "ej.", "approx."].contains(&word.as_str());
            if !abbreviation && after.is_some_and(|a| a.is_uppercase() || *a == '`' || *a == '*') {
                flush(&mut current, &mut out, start_line);
                start_line = line;
            }
        }
        i += 1;
    }
    flush(&mut current, &mut out, start_line);
    merge_emphatic_tails(out)
}

/// How many parentheses are open at the end of `text`, outside its code spans.
fn open_parentheses(text: &str) -> usize {
    let mut depth = 0usize;
    for c in blank_code_spans(text, ' ').chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    depth
}

/// How many words the sentence before a "… directly" may have to be the way it refers to.
const WAY_WORDS: usize = 25;

/// "Access via `env` export from `app/env.server.ts`. **Never use `process.env` directly.**":
/// "directly" refers back to the way the sentence before names in code — one rule, so what is
/// forbidden keeps its way, and the module that way comes from. Each sentence comes with
/// whether it commands; a merged one does.
fn merge_directly(sentences: Vec<((String, usize), bool)>) -> Vec<((String, usize), bool)> {
    let mut out: Vec<((String, usize), bool)> = Vec::with_capacity(sentences.len());
    for ((sentence, line), command) in sentences {
        let refers = command
            && sentence
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w.eq_ignore_ascii_case("directly") || w.eq_ignore_ascii_case("directamente"));
        match out.last_mut() {
            Some(((previous, _), previous_command))
                if refers
                    && previous.contains('`')
                    && previous.split_whitespace().count() <= WAY_WORDS
                    && !previous.trim_end().ends_with(':') =>
            {
                previous.push(' ');
                previous.push_str(&sentence);
                *previous_command = true;
            }
            _ => out.push(((sentence, line), command)),
        }
    }
    out
}

/// "Every error must be handled. No exceptions.": a sentence that only insists on the one
/// before it is part of that rule, not a rule of its own.
fn merge_emphatic_tails(sentences: Vec<(String, usize)>) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::with_capacity(sentences.len());
    for (sentence, line) in sentences {
        let bare = sentence
            .trim_matches(|c: char| matches!(c, '*' | '_' | ' ' | '.' | '!'))
            .to_lowercase();
        match out.last_mut() {
            Some((previous, _)) if EMPHATIC_TAILS.contains(&bare.as_str()) => {
                previous.push(' ');
                previous.push_str(&sentence);
            }
            _ => out.push((sentence, line)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Vec<(String, Option<String>)> {
        extract("AGENTS.md", AgentFormat::AgentsMd, text)
            .rules
            .into_iter()
            .map(|c| (c.instruction, c.why))
            .collect()
    }

    #[test]
    fn bullets_that_command_are_rules_in_their_own_words() {
        let got = rules(
            "# Project\n\nThis repository holds the web app.\n\n## Conventions\n\n- Use `pnpm`, never `npm`.\n- Never commit secrets because they leak.\n- **Naming**: use camelCase for variables\n- The `src/` folder holds the code\n- [Contributing](CONTRIBUTING.md)\n- Components must be pure functions — easier to test\n",
        );
        assert_eq!(
            got,
            [
                ("Use `pnpm`, never `npm`.".to_string(), None),
                ("Never commit secrets".to_string(), Some("they leak".to_string())),
                ("Naming: use camelCase for variables".to_string(), None),
                (
                    "Components must be pure functions".to_string(),
                    Some("easier to test".to_string())
                ),
            ]
        );
    }

    #[test]
    fn a_sentence_that_only_insists_belongs_to_the_rule_before_it() {
        let got = rules(
            "## Errors\n\n**Every error must be explicitly handled. No exceptions.**\n\nNunca ignores un error. Sin excepciones.\n",
        );
        let instructions: Vec<&str> = got.iter().map(|(i, _)| i.as_str()).collect();
        assert_eq!(
            instructions,
            [
                "Every error must be explicitly handled. No exceptions.",
                "Nunca ignores un error. Sin excepciones."
            ]
        );
    }

    #[test]
    fn a_sentence_forbidding_a_thing_directly_keeps_the_way_before_it() {
        // Trigger.dev's `apps/webapp/CLAUDE.md`: the way, and the module it comes from, is what
        // "directly" refers to.
        let got = rules(
            "## Environment Variables\n\nAccess via `env` export from `app/env.server.ts`. **Never use `process.env` directly.**\n\nUsa `db` de `~/db.server`. Nunca llames a `prisma` directamente.\n\nNever call the API directly.\n",
        );
        let instructions: Vec<&str> = got.iter().map(|(i, _)| i.as_str()).collect();
        assert_eq!(
            instructions,
            [
                "Access via `env` export from `app/env.server.ts`. Never use `process.env` directly.",
                "Usa `db` de `~/db.server`. Nunca llames a `prisma` directamente.",
                "Never call the API directly."
            ]
        );
    }

    #[test]
    fn skipped_things_say_why() {
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "# Title\n\nWelcome to the project.\n\n```sh\nnpm test\n```\n\n- [Docs](docs.md)\n- Is this a rule?\n\n| a | b |\n|---|---|\n",
        );
        assert!(got.rules.is_empty(), "{:?}", got.rules);
        let reasons: Vec<_> = got.skipped.iter().map(|s| (s.line, s.reason.clone())).collect();
        assert_eq!(
            reasons,
            [
                (1, SkipReason::Heading),
                (3, SkipReason::Prose),
                (5, SkipReason::CodeBlock),
                (9, SkipReason::LinksOnly),
                (10, SkipReason::Question),
                (12, SkipReason::Table),
            ]
        );
    }

    #[test]
    fn a_parent_that_introduces_gives_context_not_a_rule() {
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "- Testing:\n  - Keep them fast and isolated\n  - Run `pnpm test` before pushing\n",
        );
        assert_eq!(got.rules.len(), 2);
        assert_eq!(got.rules[0].category, Category::Process);
        assert_eq!(got.skipped[0].reason, SkipReason::Introduction);
    }

    #[test]
    fn a_title_naming_what_its_list_holds_introduces_it() {
        // huggingface_hub: "Structure" read as a verb made the title a rule.
        for text in [
            "**Structure & naming conventions:**\n\n- Use **pipe-separated aliases**: `@app.command(\"list | ls\")`.\n",
            "Testing and review guidelines:\n\n- Run `pytest` before pushing.\n",
        ] {
            let got = extract("AGENTS.md", AgentFormat::AgentsMd, text);
            let instructions: Vec<&str> = got.rules.iter().map(|c| c.instruction.as_str()).collect();
            assert_eq!(instructions.len(), 1, "{text}: {instructions:?}");
            assert!(!instructions[0].ends_with(':'), "{text}: {instructions:?}");
        }
    }

    #[test]
    fn a_command_over_conventions_introduces_them_and_each_convention_is_a_rule() {
        let text = "- Follow naming conventions:\n  - PascalCase for components\n  - camelCase for functions and variables\n  - UPPER_SNAKE_CASE for constants\n- Commit messages: Conventional Commits (`feat:`, `fix:`)\n";
        let got = extract("AGENTS.md", AgentFormat::AgentsMd, text);
        let instructions: Vec<&str> = got.rules.iter().map(|c| c.instruction.as_str()).collect();
        assert_eq!(
            instructions,
            [
                "PascalCase for components",
                "camelCase for functions and variables",
                "UPPER_SNAKE_CASE for constants",
                "Commit messages: Conventional Commits (`feat:`, `fix:`)",
            ]
        );
        assert_eq!(got.skipped[0].reason, SkipReason::Introduction);
    }

    #[test]
    fn no_amount_and_no_matter_open_no_rule() {
        let got = rules(
            "No amount of documentation creates \"hard rules\" in probabilistic systems.\n\nNo more than 3 retries.\n",
        );
        let instructions: Vec<&str> = got.iter().map(|(i, _)| i.as_str()).collect();
        assert_eq!(instructions, ["No more than 3 retries."]);
        assert_eq!(rules("No `console.log` in src.\n").len(), 1);
        assert!(rules("No matter what, the tests run in CI.\n").is_empty());
    }

    #[test]
    fn a_sentence_wrapped_before_a_code_span_is_one_rule() {
        let got = rules(
            "**Always set `PYTHONPATH=$(pwd)` when running tests** so that the\n`functions/` package is importable.\n\nAfter significant sessions, create a summary in\n`docs/sessions/` using the format\n`YYYY-MM-DD_brief-description.md`.\n",
        );
        let instructions: Vec<&str> = got.iter().map(|(i, _)| i.as_str()).collect();
        assert_eq!(
            instructions,
            [
                "Always set `PYTHONPATH=$(pwd)` when running tests so that the `functions/` package is importable.",
                "After significant sessions, create a summary in `docs/sessions/` using the format `YYYY-MM-DD_brief-description.md`.",
            ]
        );
    }

    #[test]
    fn lines_opened_by_a_marker_are_one_rule_each() {
        let got = rules(
            "## Common Pitfalls\n\n❌ **Don't** put loading logic in scene files\n❌ **Don't** call useStaticSceneLoader in defineScene (causes double-loading)\n❌ **Don't** use console.log (use Logger instead)\n",
        );
        let kept: Vec<&str> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            [
                "❌ Don't put loading logic in scene files",
                "❌ Don't call useStaticSceneLoader in defineScene (causes double-loading)",
                "❌ Don't use console.log (use Logger instead)",
            ]
        );
    }

    #[test]
    fn a_ban_stated_as_its_label_is_a_rule() {
        let got = rules(
            "- Prohibido usar `container.resolve()` en la declaración de rutas\n- Prohibido instanciar con `new`.\n- Queda prohibido usar `any`.\n- Prohibited packages are listed in `deny.toml`\n",
        );
        let kept: Vec<&str> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            [
                "Prohibido usar `container.resolve()` en la declaración de rutas",
                "Prohibido instanciar con `new`.",
                "Queda prohibido usar `any`.",
            ]
        );
    }

    #[test]
    fn a_code_span_that_ends_the_wrapped_sentence_is_its_object() {
        let got = rules(
            "Declare a route with a `veemon.route` option on the RPC, then run\n`make proto`. `protoc-gen-fiber` emits the routes.\nNever add a Fiber route by hand.\n",
        );
        let instructions: Vec<&str> = got.iter().map(|(i, _)| i.as_str()).collect();
        assert_eq!(
            instructions,
            [
                "Declare a route with a `veemon.route` option on the RPC, then run `make proto`.",
                "Never add a Fiber route by hand.",
            ]
        );
        // A line that opens with a code span and goes on is a sentence of its own.
        let got = rules("Use pnpm for scripts\n`npm` is not installed on CI runners\n");
        assert_eq!(got[0].0, "Use pnpm for scripts", "{got:?}");
    }

    #[test]
    fn bullets_under_a_negating_heading_are_not_turned_around() {
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "## Don'ts\n\n- Use `var`\n- Never push to main\n\n## Do\n\n- Use `const`\n",
        );
        let kept: Vec<_> = got.rules.iter().map(|r| r.instruction.as_str()).collect();
        assert_eq!(kept, ["Never push to main", "Use `const`"]);
        assert!(matches!(got.skipped[1].reason, SkipReason::NegatedByContext(_)));
    }

    #[test]
    fn prose_sentences_that_command_are_rules_and_the_rest_is_skipped() {
        let got = extract(
            ".cursorrules",
            AgentFormat::Cursorrules,
            "You are an expert in TypeScript and React.\nUse functional components with hooks.\nThe app talks to a REST API. Never call `fetch` directly, use the `api` client.\n",
        );
        let kept: Vec<_> = got
            .rules
            .iter()
            .map(|r| (r.instruction.as_str(), r.line))
            .collect();
        assert_eq!(
            kept,
            [
                ("Use functional components with hooks.", 2),
                ("Never call `fetch` directly, use the `api` client.", 3)
            ]
        );
        assert_eq!(got.skipped.len(), 2);
    }

    #[test]
    fn a_label_naming_a_kind_of_construct_stays_in_its_rules() {
        // The Vercel AI SDK's AGENTS.md: two lists of the opposite rule, told apart by labels.
        let text = "## Schemas\n\n**Provider Options Schemas** (user-facing):\n\n- Use `.optional()` unless `null` is meaningful\n\n**Response Schemas** (API responses):\n\n- Use `.nullish()` instead of `.optional()`\n\n**Testing**:\n\n- Use `vitest` for unit tests\n\n## Types\n\n**Return types**:\n\n- Return `Promise<T>`, not `Promise<any>`\n";
        let got = extract("AGENTS.md", AgentFormat::AgentsMd, text);
        let kept: Vec<_> = got.rules.iter().map(|r| r.instruction.as_str()).collect();
        assert_eq!(
            kept,
            [
                "For Provider Options Schemas (user-facing), use `.optional()` unless `null` is meaningful",
                "For Response Schemas (API responses), use `.nullish()` instead of `.optional()`",
                "Use `vitest` for unit tests",
                // A label no sibling contrasts with names a topic.
                "Return `Promise<T>`, not `Promise<any>`",
            ]
        );
    }

    #[test]
    fn an_aside_open_at_a_line_break_goes_on() {
        let got = sentences(
            "Prefer `just` over `make`: `just` is on all my machines whereas `make` is not (my\nWindows box has only `just`).\nRun it.\n",
        );
        let texts: Vec<&str> = got.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            texts,
            [
                "Prefer `just` over `make`: `just` is on all my machines whereas `make` is not (my Windows box has only `just`).",
                "Run it."
            ]
        );
        // A parenthesis in code opens no aside.
        let got = sentences("Call `f(` first\nThen `g`.\n");
        assert_eq!(got.len(), 2);
    }

    #[test]
    fn a_long_line_wrapped_before_a_code_span_goes_on() {
        // The MCP TypeScript SDK's test/e2e/CLAUDE.md, wrapped at its editor's width.
        let text = "`verifies()` runs matching cells as `test.fails()`. When the behavior cannot be expressed against the public surface at all (e.g. an API removed in v2), mark the requirement\n`deferred: '<reason>'` instead — deferred ids must not be cited by any `verifies()` call.\n";
        let got = extract("CLAUDE.md", AgentFormat::ClaudeMd, text);
        assert!(
            got.rules.iter().all(|r| !r.instruction.starts_with("`deferred")),
            "{:#?}",
            got.rules
        );
        // Short lines of their own, each opening with code, stay rules of their own.
        let got = sentences("Use functional components with hooks\n`any` is forbidden in the public API\n");
        let kept: Vec<_> = got.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(
            kept,
            [
                "Use functional components with hooks",
                "`any` is forbidden in the public API"
            ]
        );
    }

    #[test]
    fn a_label_that_commands_is_the_rule_and_a_list_of_commands_is_not() {
        for line in [
            "Never use relative imports: `from .models import SourceContract`",
            "Use native types: `list`, `dict`, `tuple`, `set` (not `List`, `Dict`)",
            "Capitalize the first word",
            "Serialize with `.model_dump()` or `.model_dump_json(by_alias=True)`",
        ] {
            assert!(commands(line, true), "{line}");
        }
        for line in [
            "Start server: `pnpm run start-server`",
            "Default Port: 8080",
            "Run migrations: `pnpm run migrate:run`",
        ] {
            assert!(!commands(line, true), "{line}");
        }
    }

    #[test]
    fn conventions_without_a_verb_are_rules_and_inventories_are_not() {
        let got = rules(
            "## Style\n\n- Classes: PascalCase (`OrderLine`)\n- Indent: 4 spaces\n- Tailwind only — no inline styles\n- Mensajes de commit: en inglés\n- Nombres de archivo: kebab-case\n\n## Stack\n\n- Backend: Django 5\n- Base de datos: PostgreSQL\n- Build: `make release`\n- `lib/`: shared helpers\n",
        );
        let kept: Vec<_> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            [
                "Classes: PascalCase (`OrderLine`)",
                "Indent: 4 spaces",
                "Tailwind only — no inline styles",
                "Mensajes de commit: en inglés",
                "Nombres de archivo: kebab-case",
            ]
        );
    }

    #[test]
    fn a_command_after_a_dash_makes_the_bullet_a_rule() {
        for line in [
            "`dist/` is built by CI — never edit it by hand",
            "Short names — avoid one-letter variables",
            "`vendor/` se genera — nunca lo edites a mano",
        ] {
            assert!(commands(line, true), "{line}");
        }
        for line in [
            "`test/` — test fixtures",
            "`build/` - build output",
            "Release notes — no longer kept by hand",
            "`docs/` — la documentación",
        ] {
            assert!(!commands(line, true), "{line}");
        }
    }

    #[test]
    fn a_command_behind_a_purpose_or_condition_clause_is_found() {
        for line in [
            "To deploy a hotfix, tag the release first",
            "If you touch the parser, the lexer or the AST, run the fuzz suite",
            "When writing migrations use `sqlx migrate add`",
            "If a job hangs, restart the worker",
            "Para probar un solo módulo, usa `cargo test -p`",
            "Si cambias el esquema, regenera el cliente",
            "Cuando escribas migraciones usa `sqlx migrate add`",
        ] {
            assert!(commands(line, false), "{line}");
        }
        for line in [
            "When the build fails, the CI job stops",
            "If the build, test or lint step fails, the pipeline stops",
            "For more, see the deployment guide",
            "When we use Redis the cache is shared",
            "If it fails, CI reports the error",
            "Si falla, el job se detiene",
            "Cuando usamos Redis la caché se comparte",
            "Para más detalles, ver la guía",
        ] {
            assert!(!commands(line, false), "{line}");
        }
        // A command whose object is the list below it is not a rule of its own.
        let got = rules("When reviewing a PR, verify:\n\n### Required\n\n- Tests pass\n");
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn a_review_checklist_s_items_are_rules_and_a_to_do_list_s_are_not() {
        let got = rules(
            "## Pull request checklist\n\n- [ ] Migrations reversible\n- [ ] New endpoints documented in `docs/api.md`\n\n## Lista de verificación\n\n- [ ] Textos traducidos al inglés\n\n## Roadmap\n\n- [ ] Dark mode\n- [x] Login page\n\n## Notes\n\n- Migrations reversible\n",
        );
        let kept: Vec<_> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            [
                "Migrations reversible",
                "New endpoints documented in `docs/api.md`",
                "Textos traducidos al inglés",
            ]
        );
    }

    #[test]
    fn items_an_introduction_requires_are_rules_and_features_to_build_are_not() {
        let got = rules(
            "- Every endpoint must have:\n  - an OpenAPI summary\n  - a rate limit\n\nCada módulo debe tener:\n\n- un README\n\nThe dashboard must be:\n\n- fast on mobile\n\nIt must have:\n\n- a login page\n- a settings page\n\nThe API has:\n\n- a health probe\n",
        );
        let kept: Vec<_> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            [
                "an OpenAPI summary",
                "a rate limit",
                "un README",
                "fast on mobile"
            ]
        );
    }

    #[test]
    fn a_short_command_over_its_examples_is_the_rule() {
        let got = rules(
            "**Use British spelling:**\n\n- colour, not color\n- centre, not center\n\n**Usa comillas simples:**\n\n- `'texto'`, no `\"texto\"`\n\n**Test Location:**\n\n- unit tests in `tests/`\n\nIt must have:\n\n- a login page\n\n- Name files:\n  - `user_profile.py`\n",
        );
        let kept: Vec<_> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            ["Use British spelling:", "Usa comillas simples:", "Name files:"]
        );
    }

    #[test]
    fn example_bullets_belong_to_the_rule_above_them() {
        let got = rules(
            "- Always prefer the functional tokens when possible.\n  - Example 1: use `text-primary` rather than `text-white`\n  - Example 2: use `bg-container` rather than `bg-white`\n- Never use `current_user`\n  - **Ejemplo:** `Current.user.name` en su lugar\n",
        );
        let kept: Vec<_> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            [
                "Always prefer the functional tokens when possible. Example 1: use `text-primary` rather than `text-white`. Example 2: use `bg-container` rather than `bg-white`",
                "Never use `current_user`. Ejemplo: `Current.user.name` en su lugar",
            ]
        );
        assert!(!is_example_bullet("Examples of tokens live in the docs"));
        assert!(is_example_bullet("e.g. `foo`"));
    }

    #[test]
    fn a_bullet_whose_later_sentence_commands_is_one_rule() {
        let got = rules(
            "- `gen/` is generated. Never edit it by hand.\n- Los tests son lentos. Ejecuta solo los del módulo.\n- The API is stable. Breaking changes are rare.\n",
        );
        let kept: Vec<_> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(
            kept,
            [
                "`gen/` is generated. Never edit it by hand.",
                "Los tests son lentos. Ejecuta solo los del módulo."
            ]
        );
    }

    #[test]
    fn a_mandatory_thing_and_more_verbs_command() {
        for line in [
            "`pathlib` is mandatory for paths",
            "El uso de `pathlib` es obligatorio",
            "Respond in the user's language",
            "Register every new tool in `cmd/root.go`",
        ] {
            assert!(commands(line, true), "{line}");
        }
    }

    #[test]
    fn permissions_and_what_is_not_needed_are_not_rules() {
        let got = rules(
            "You may, without asking:\n\n- Create empty folders\n- Run the formatter\n\nPuedes sin preguntar:\n\n- Instalar dependencias\n\n- No es necesario reiniciar el servidor\n- No hace falta limpiar la caché\n- No need to restart\n\nAlways:\n\n- Run the tests\n",
        );
        let kept: Vec<_> = got.iter().map(|(rule, _)| rule.as_str()).collect();
        assert_eq!(kept, ["Run the tests"]);
    }

    #[test]
    fn a_second_command_after_a_dash_is_not_a_reason() {
        assert_eq!(
            split_why("Never use `any` in TypeScript - use `unknown` with type guards."),
            (
                "Never use `any` in TypeScript - use `unknown` with type guards.".into(),
                None
            )
        );
        assert_eq!(
            split_why("Prefer `a - b` over `b` — clearer"),
            ("Prefer `a - b` over `b`".into(), Some("clearer".into()))
        );
        // langchainjs: a condition or a comparison goes on with the rule.
        for whole in [
            "**No `process.env`** - Except in test files (`node/no-process-env: error`)",
            "**Prefer template literals** - Over string concatenation (`prefer-template: error`)",
            "No `console.log` — salvo en scripts",
        ] {
            assert_eq!(split_why(whole), (whole.into(), None));
        }
        assert_eq!(
            split_why("Usa pnpm porque es más rápido."),
            ("Usa pnpm".into(), Some("es más rápido".into()))
        );
    }

    #[test]
    fn a_command_ending_in_the_preposition_of_its_list_only_introduces_it() {
        assert!(points_at_list("DO NOT use for:"));
        assert!(points_at_list("No usar para:"));
        assert!(!points_at_list("Use the centralized config system:"));
    }

    #[test]
    fn what_the_reader_is_spared_is_no_rule() {
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "- No manual configuration needed! 🎉\n- No hace falta configuración extra\n- No `any` in exported types\n- No default exports needed by the router are allowed\n",
        );
        let texts: Vec<&str> = got.rules.iter().map(|r| r.instruction.as_str()).collect();
        assert_eq!(
            texts,
            [
                "No `any` in exported types",
                "No default exports needed by the router are allowed"
            ]
        );
    }

    #[test]
    fn a_reason_after_letters_that_grow_when_lowercased_is_found_without_a_panic() {
        // "İ" lowercases to two chars (three bytes): offsets in a Unicode-lowercased copy would
        // not be char boundaries of the text.
        assert_eq!(
            split_why("Never use İİİİİİİİİİ `eval` because éééé breaks."),
            ("Never use İİİİİİİİİİ `eval`".into(), Some("éééé breaks".into()))
        );
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "- Never use İİİİİİİİİİ `eval` because éééé breaks.\n",
        );
        assert_eq!(got.rules.len(), 1);
    }

    #[test]
    fn scopes_from_frontmatter_and_folders() {
        let got = extract(
            ".cursor/rules/ts.mdc",
            AgentFormat::CursorMdc,
            "---\ndescription: TS\nglobs: src/**/*.ts, *.tsx\nalwaysApply: false\n---\n- Never use `any`\n",
        );
        assert_eq!(got.rules[0].files, ["src/**/*.ts", "*.tsx"]);
        let nested = extract("web/AGENTS.md", AgentFormat::AgentsMd, "- Use `pnpm`\n");
        assert_eq!(nested.rules[0].files, ["web/**"]);
        // Effect-TS/effect keeps its only AGENTS.md in `.agents/`: it speaks for the project.
        let dot_folder = extract(".agents/AGENTS.md", AgentFormat::AgentsMd, "- Use `pnpm`\n");
        assert!(
            dot_folder.rules[0].files.is_empty(),
            "{:?}",
            dot_folder.rules[0].files
        );
        let nested_cursor = extract(
            "web/.cursor/rules/x.mdc",
            AgentFormat::CursorMdc,
            "---\nglobs: \"*.ts\"\n---\n- Never use `any`\n",
        );
        assert_eq!(nested_cursor.rules[0].files, ["web/**/*.ts"]);
    }

    #[test]
    fn a_language_section_scopes_its_code_rules() {
        let text = "# Guidelines\n\n- Never commit `.env` files\n\n## Python Code Style\n\n- Never use bare `except:`\n- **Go:** Never use `os.Exit`\n- Use uv, never pip\n- Shell scripts start with `set -euo pipefail`\n\nPrefer f-strings over `%` formatting.\n\n| Do not | Instead |\n|---|---|\n| Do not use `print()` for logging. | Use `logging`. |\n\n## Frontend\n\n- **TypeScript:**\n  - Never use `any`\n\n## Setup (Node.js 20, Python 3.12)\n\n- Never use `eval()`\n";
        let got = extract("AGENTS.md", AgentFormat::AgentsMd, text);
        let files = |needle: &str| {
            let rule = got.rules.iter().find(|r| r.instruction.contains(needle));
            rule.unwrap_or_else(|| panic!("{needle}: {:?}", got.rules))
                .files
                .clone()
        };
        let python = [
            "*.py",
            "pyproject.toml",
            "setup.cfg",
            "requirements*.txt",
            "requirements/*.txt",
            "Pipfile",
        ];
        // Above any language section, and a label that names versions, not a section: unscoped.
        assert!(files("`.env`").is_empty());
        assert!(files("`eval()`").is_empty());
        // A bullet, a paragraph and a table row under "## Python Code Style".
        assert_eq!(files("bare"), python);
        assert_eq!(files("f-strings"), python);
        assert_eq!(files("`print()`"), python);
        // A tool rule is about commands, and a rule that names its language keeps its words'.
        assert!(files("uv").is_empty());
        assert!(files("Shell scripts").is_empty());
        // A parent bullet names the section.
        assert_eq!(
            files("`any`"),
            ["*.ts", "*.tsx", "tsconfig*.json", "package.json"]
        );
        // The rule's own label is the innermost section.
        assert_eq!(files("`os.Exit`"), ["*.go", "go.mod"]);

        // Under a nested AGENTS.md's folder; a file's own globs win over its headings.
        let nested = extract(
            "api/AGENTS.md",
            AgentFormat::AgentsMd,
            "## Go\n\n- Never use `panic()`\n",
        );
        assert_eq!(nested.rules[0].files, ["api/**/*.go", "api/**/go.mod"]);
        let globbed = extract(
            ".cursor/rules/py.mdc",
            AgentFormat::CursorMdc,
            "---\nglobs: src/**/*.py\n---\n## Python\n\n- Never use bare `except:`\n",
        );
        assert_eq!(globbed.rules[0].files, ["src/**/*.py"]);
        // A rules file named for a language or its framework scopes its code rules; its tool
        // rules and a file named for no language stay unscoped.
        let named = extract(
            ".cursor/rules/python-fastapi.mdc",
            AgentFormat::CursorMdc,
            "---\nalwaysApply: false\n---\nPython/FastAPI\n\n- Use type hints for all function signatures.\n- Use uv, never pip\n",
        );
        assert_eq!(named.rules[0].files, python);
        assert!(named.rules[1].files.is_empty());
        let go = extract(
            ".cursor/rules/go-style.mdc",
            AgentFormat::CursorMdc,
            "- Never use `panic()`\n",
        );
        assert_eq!(go.rules[0].files, ["*.go", "go.mod"]);
        let unnamed = extract(
            ".cursor/rules/dev-server-single-instance.mdc",
            AgentFormat::CursorMdc,
            "- Never use `var`\n",
        );
        assert!(unnamed.rules[0].files.is_empty());
    }

    #[test]
    fn exported_rules_read_back_with_their_category_and_reason() {
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "- [STYLE] Use tabs - for real\n  - Why: the team agreed\n",
        );
        assert_eq!(got.rules[0].category, Category::Style);
        assert_eq!(got.rules[0].instruction, "Use tabs - for real");
        assert_eq!(got.rules[0].why.as_deref(), Some("the team agreed"));
    }

    #[test]
    fn a_table_of_rules_gives_its_rows_and_a_table_of_data_is_skipped() {
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            "| Rule | Instead |\n|---|---|\n| Do not log tokens. | Log a hash. |\n| `npm test` | runs tests |\n\n| Command | What |\n|---|---|\n| `pnpm dev` | dev server |\n",
        );
        let kept: Vec<_> = got
            .rules
            .iter()
            .map(|r| (r.instruction.as_str(), r.line))
            .collect();
        assert_eq!(kept, [("Do not log tokens.", 3)]);
        assert_eq!(got.skipped.last().unwrap().reason, SkipReason::Table);
    }

    #[test]
    fn autofix_s_own_heading_and_note_are_not_listed() {
        let section = crate::agent_files::section::render(
            "## Project rules (autofix)\n\nThese rules come from autofix.json.\n\n- [CODE] Use `x`\n  - Why: w\n",
            "\n",
        );
        let got = extract(
            "AGENTS.md",
            AgentFormat::AgentsMd,
            &format!("# Mine\n\n{section}\nAfter it.\n"),
        );
        assert_eq!(got.rules.len(), 1);
        let skipped: Vec<_> = got.skipped.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(skipped, ["Mine", "After it."]);
    }
}
