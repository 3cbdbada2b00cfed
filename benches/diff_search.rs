//! How fast blocks are found in large files: `cargo bench --bench diff_search`.
//!
//! The file is generated TypeScript (imports, interfaces, classes, functions; every identifier
//! numbered so blocks are unique, as in real code), the same on every run.

use std::hint::black_box;
use std::sync::LazyLock;

use autofix::diff::{self, Block, Diff, SearchOptions};

fn main() {
    divan::main();
}

/// A small deterministic generator (xorshift), so every run measures the same text.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const NOUNS: &[&str] = &[
    "user", "order", "invoice", "session", "token", "cart", "product", "payment", "account", "report",
    "widget", "queue", "cache", "event", "config", "tenant",
];
const VERBS: &[&str] = &[
    "fetch", "load", "save", "update", "remove", "validate", "render", "parse", "format", "compute", "sync",
    "resolve",
];
const TYPES: &[&str] = &[
    "string",
    "number",
    "boolean",
    "Date",
    "string[]",
    "Record<string, unknown>",
    "Map<string, number>",
];

fn cap(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// About `lines` lines of TypeScript-like code.
fn typescript(lines: usize, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut out: Vec<String> = Vec::with_capacity(lines + 64);
    let mut n = 0u64;
    while out.len() < lines {
        n += 1;
        let noun = rng.pick(NOUNS);
        let verb = rng.pick(VERBS);
        match rng.below(5) {
            0 => {
                for _ in 0..=rng.below(4) {
                    let other = rng.pick(NOUNS);
                    out.push(format!(
                        "import {{ {}{n}, {}{}SearchOptions }} from \"./{other}/{noun}-{n}\";",
                        cap(noun),
                        verb,
                        cap(other)
                    ));
                }
                out.push(String::new());
            }
            1 => {
                out.push(format!("export interface {}Record{n} {{", cap(noun)));
                for field in 0..3 + rng.below(6) {
                    let optional = if rng.below(3) == 0 { "?" } else { "" };
                    out.push(format!(
                        "  {}{field}{optional}: {};",
                        rng.pick(NOUNS),
                        rng.pick(TYPES)
                    ));
                }
                out.push("}".into());
                out.push(String::new());
            }
            2 => {
                out.push(
                    format!(
                        "/**\n * {} the {noun} #{n} and report what changed.\n */",
                        cap(verb)
                    )
                    .replace('\n', "\n"),
                );
                out.push(format!(
                    "export async function {verb}{}{n}(client: HttpClient, limit = {}): Promise<{}[]> {{",
                    cap(noun),
                    10 + rng.below(90),
                    cap(noun)
                ));
                out.push(format!(
                    "  const response = await client.get(`/api/{noun}s/{n}?limit=${{limit}}`);"
                ));
                out.push("  if (!response.ok) {".into());
                out.push(format!(
                    "    throw new Error(\"cannot {verb} {noun} {n}: \" + response.status);"
                ));
                out.push("  }".into());
                for step in 0..rng.below(5) {
                    out.push(format!(
                        "  const {}{step} = response.data.filter((item) => item.{} !== undefined);",
                        rng.pick(NOUNS),
                        rng.pick(NOUNS)
                    ));
                }
                out.push(format!(
                    "  return response.data.map((item) => normalize{}(item, {}));",
                    cap(noun),
                    rng.below(1000)
                ));
                out.push("}".into());
                out.push(String::new());
            }
            3 => {
                out.push(format!("export class {}{}Service{n} {{", cap(verb), cap(noun)));
                out.push(format!(
                    "  private readonly cache = new Map<string, {}Record{n}>();",
                    cap(noun)
                ));
                out.push(String::new());
                out.push(format!(
                    "  constructor(private readonly repository: {}Repository) {{}}",
                    cap(noun)
                ));
                for method in 0..1 + rng.below(3) {
                    let m = rng.pick(VERBS);
                    out.push(String::new());
                    out.push(format!(
                        "  async {m}{method}(id: string): Promise<{}Record{n} | undefined> {{",
                        cap(noun)
                    ));
                    out.push("    const cached = this.cache.get(id);".into());
                    out.push("    if (cached) {".into());
                    out.push("      return cached;".into());
                    out.push("    }".into());
                    out.push(format!(
                        "    const found = await this.repository.{m}(id, {{ retries: {} }});",
                        rng.below(9)
                    ));
                    out.push("    if (found) {".into());
                    out.push("      this.cache.set(id, found);".into());
                    out.push("    }".into());
                    out.push("    return found;".into());
                    out.push("  }".into());
                }
                out.push("}".into());
                out.push(String::new());
            }
            _ => {
                out.push(format!(
                    "export const {}{}Limit{n} = {};",
                    noun,
                    cap(verb),
                    rng.below(10_000)
                ));
                out.push(format!(
                    "// {verb} {noun}s in batches of {} (see ticket {}-{n})",
                    rng.below(500),
                    noun.to_uppercase()
                ));
                out.push(String::new());
            }
        }
    }
    let mut text = out.join("\n");
    text.push('\n');
    text
}

fn lines_of(text: &str) -> Vec<&str> {
    text.lines().collect()
}

/// A block made of `len` lines starting at `start` (0-based) that are neither blank nor too short
/// to matter, moved to the nearest such place.
fn block_at(lines: &[&str], mut start: usize, len: usize) -> Vec<String> {
    while lines[start..start + len].iter().any(|l| l.trim().len() < 3) {
        start += 1;
    }
    lines[start..start + len].iter().map(|l| l.to_string()).collect()
}

fn start_of(lines: &[&str], block: &[String]) -> usize {
    (0..lines.len())
        .find(|&s| lines[s..].iter().zip(block).all(|(a, b)| a == b) && s + block.len() <= lines.len())
        .unwrap()
}

struct Case {
    text: String,
    diff: Diff,
    options: SearchOptions,
}

/// Five blocks whose SEARCH has a small edit (so none matches exactly), with hints 10 to 30 lines off.
static FUZZY: LazyLock<Case> = LazyLock::new(|| {
    let text = typescript(20_000, 0x5eed_1234_abcd_0001);
    let lines = lines_of(&text);
    let offsets: [isize; 5] = [12, -18, 25, -30, 10];
    let blocks = (0..5)
        .map(|i| {
            let search = block_at(&lines, 2_000 + i * 3_500, 6);
            let start = start_of(&lines, &search);
            let mut edited = search.clone();
            // A typo in the middle line: still above 90% similar, no longer equal.
            let middle = &mut edited[3];
            let at = middle.len() / 2;
            middle.replace_range(at..at + 1, "#");
            let replace: Vec<String> = search.iter().map(|l| format!("{l} // reviewed")).collect();
            let hint = (start as isize + 1 + offsets[i]) as usize;
            Block::new(edited, replace).with_start_line(hint)
        })
        .collect();
    Case {
        text,
        diff: Diff { path: None, blocks },
        options: SearchOptions {
            threshold: 0.9,
            ..SearchOptions::default()
        },
    }
});

fn exact_case(lines_in_file: usize, seed: u64) -> Case {
    let text = typescript(lines_in_file, seed);
    let lines = lines_of(&text);
    let search = block_at(&lines, lines.len() * 7 / 10, 8);
    let replace = search.iter().map(|l| l.replace("const", "let")).collect();
    Case {
        diff: Diff {
            path: None,
            blocks: vec![Block::new(search, replace)],
        },
        text,
        options: SearchOptions::default(),
    }
}

static EXACT_20K: LazyLock<Case> = LazyLock::new(|| exact_case(20_000, 0x5eed_1234_abcd_0002));
static EXACT_100K: LazyLock<Case> = LazyLock::new(|| exact_case(100_000, 0x5eed_1234_abcd_0003));

fn run(case: &Case) -> diff::Outcome {
    diff::apply(black_box(&case.text), black_box(&case.diff), &case.options)
}

fn check(case: &Case) {
    let outcome = run(case);
    assert!(outcome.all_applied(), "{:?}", outcome.error);
}

/// (a) 5 fuzzy blocks, threshold 0.9, hints 10–30 lines off, 20,000 lines.
#[divan::bench]
fn fuzzy_5_blocks_20k_lines(bencher: divan::Bencher) {
    check(&FUZZY);
    for block in &run(&FUZZY).blocks {
        assert!(
            block.similarity.is_some_and(|s| (0.9..1.0).contains(&s)),
            "{block:?}"
        );
    }
    bencher.bench(|| run(&FUZZY));
}

/// (b) one exact 8-line block without a hint, 20,000 lines.
#[divan::bench]
fn exact_no_hint_20k_lines(bencher: divan::Bencher) {
    check(&EXACT_20K);
    bencher.bench(|| run(&EXACT_20K));
}

/// (c) one exact 8-line block without a hint, 100,000 lines.
#[divan::bench]
fn exact_no_hint_100k_lines(bencher: divan::Bencher) {
    check(&EXACT_100K);
    bencher.bench(|| run(&EXACT_100K));
}

/// Harder paths, for the record: a fuzzy block without a hint searches the whole file.
static FUZZY_NO_HINT: LazyLock<Case> = LazyLock::new(|| {
    let mut case = exact_case(20_000, 0x5eed_1234_abcd_0004);
    if let Some(block) = case.diff.blocks.first_mut() {
        block.search[3].push_str(" /* typo */");
    }
    case.options.threshold = 0.9;
    case
});

/// A block that is nowhere in the file (code in the same style from another file, as a model
/// that misremembers would write): the failure report still names the best candidate.
static NOT_FOUND: LazyLock<Case> = LazyLock::new(|| {
    let mut case = exact_case(20_000, 0x5eed_1234_abcd_0005);
    let elsewhere = exact_case(2_000, 0x5eed_1234_abcd_0006);
    case.diff = elsewhere.diff;
    case
});

/// (d) one fuzzy 8-line block without a hint, threshold 0.9, 20,000 lines.
#[divan::bench]
fn fuzzy_no_hint_20k_lines(bencher: divan::Bencher) {
    check(&FUZZY_NO_HINT);
    bencher.bench(|| run(&FUZZY_NO_HINT));
}

/// (e) one 8-line block found nowhere (threshold 1.0, no hint), 20,000 lines: the failure report.
#[divan::bench]
fn not_found_20k_lines(bencher: divan::Bencher) {
    let outcome = run(&NOT_FOUND);
    assert!(
        !outcome.success,
        "{:?} {:?}",
        outcome.blocks, NOT_FOUND.diff.blocks[0].search
    );
    bencher.bench(|| run(&NOT_FOUND));
}
