//! How long importing agent files takes: reading a file into rules and planning them against
//! each other and the rules file. `cargo bench --bench import`; figures in docs/benchmarks.md.

use autofix::agent_files::formats::AgentFormat;
use autofix::agent_files::import::extract;
use autofix::agent_files::plan::plan;
use divan::Bencher;
use divan::counter::ItemsCount;

fn main() {
    divan::main();
}

/// An agent file of `n` distinct bullets, half under contrasting labels.
fn agent_file(n: usize) -> String {
    let mut text = String::from("# Rules\n\n## Schemas\n\n");
    for i in 0..n / 2 {
        text.push_str(&format!(
            "**Kind{i} Schemas** (part {i}):\n\n- Use `.nullish()` instead of `.optional()`\n\n"
        ));
    }
    text.push_str("## Style\n\n");
    for i in 0..n / 2 {
        text.push_str(&format!("- Never call `legacy_{i}()` from request handlers\n"));
    }
    text
}

/// Extracting and planning a file of 100, 1,000 and 4,000 rules (a real one holds tens).
#[divan::bench(args = [100, 1000, 4000])]
fn extract_and_plan(bencher: Bencher, n: usize) {
    let text = agent_file(n);
    bencher.counter(ItemsCount::new(n)).bench(|| {
        let found = extract("AGENTS.md", AgentFormat::AgentsMd, divan::black_box(&text));
        plan(vec![("AGENTS.md".into(), AgentFormat::AgentsMd, found)], None)
    });
}
