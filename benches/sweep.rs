//! The workspace sweep behind workspace diagnostics, on a generated tree of 2,000 TypeScript
//! files (200 lines each) with 20 rules: the first full sweep, an update after one file changed
//! on disk, an update with nothing to do, and an update after a rules change that one check's
//! scope confines to one folder.
//!
//! `cargo bench --bench sweep`

#[path = "fixtures.rs"]
mod fixtures;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use autofix::budget::Budget;
use autofix::rules::index::LoadedRules;
use autofix::rules::sweep::{Quiet, Sweep};
use autofix::rules::{BuildOptions, RuleSet};
use autofix::text::Encoding;

fn main() {
    divan::main();
}

const FILES: usize = 2_000;

struct Tree {
    _dir: tempfile::TempDir,
    root: PathBuf,
    rules: Arc<LoadedRules>,
}

fn tree() -> Tree {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let text = fixtures::typescript(200);
    for i in 0..FILES {
        let path = root.join(format!("src/module{}/file{i}.ts", i % 40));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
    }
    let rules = rules(&root, &fixtures::rules(20));
    Tree {
        _dir: dir,
        root,
        rules,
    }
}

fn rules(root: &Path, text: &str) -> Arc<LoadedRules> {
    let set = RuleSet::from_text(&root.join("autofix.json"), text, BuildOptions { inferred: false });
    assert!(set.is_usable(), "{:?}", set.problems);
    Arc::new(LoadedRules::new(set))
}

fn update(sweep: &mut Sweep, rules: &Arc<LoadedRules>) -> usize {
    let rules_of = |_: &Path| Some(rules.clone());
    let changes = sweep
        .update(&rules_of, Encoding::Utf16, &Budget::unlimited(), &Quiet)
        .unwrap();
    changes.read
}

#[divan::bench(sample_count = 10)]
fn first_full_sweep_2000_files(bencher: divan::Bencher) {
    let tree = tree();
    bencher.bench_local(|| {
        let mut sweep = Sweep::new(vec![tree.root.clone()], 20_000);
        assert_eq!(update(&mut sweep, &tree.rules), FILES);
    });
}

#[divan::bench]
fn update_after_one_file_changed(bencher: divan::Bencher) {
    let tree = tree();
    let mut sweep = Sweep::new(vec![tree.root.clone()], 20_000);
    update(&mut sweep, &tree.rules);
    let target = tree.root.join("src/module7/file7.ts");
    let texts = [fixtures::typescript(200), fixtures::typescript(201)];
    let mut n = 0;
    bencher.bench_local(|| {
        n += 1;
        std::fs::write(&target, &texts[n % 2]).unwrap();
        sweep.file_changed(target.clone());
        assert_eq!(update(&mut sweep, &tree.rules), 1);
    });
}

#[divan::bench]
fn update_with_nothing_changed(bencher: divan::Bencher) {
    let tree = tree();
    let mut sweep = Sweep::new(vec![tree.root.clone()], 20_000);
    update(&mut sweep, &tree.rules);
    bencher.bench_local(|| assert_eq!(update(&mut sweep, &tree.rules), 0));
}

#[divan::bench(sample_count = 10)]
fn update_after_a_rule_for_one_folder_changed(bencher: divan::Bencher) {
    let tree = tree();
    let mut sweep = Sweep::new(vec![tree.root.clone()], 20_000);
    update(&mut sweep, &tree.rules);
    let base = fixtures::rules(20);
    let scoped = |word: &str| {
        base.replace(
            "\n]\n",
            &format!(
                ",\n  {{\"Rule_number\": 21, \"Category\": \"CODE\", \"Instruction\": \"No {word}.\", \"Why\": \"w\", \"Check\": {{\"Files\": [\"src/module3/**\"], \"Pattern\": \"\\\\b{word}\\\\b\"}}}}\n]\n"
            ),
        )
    };
    let sets = [
        rules(&tree.root, &scoped("alpha")),
        rules(&tree.root, &scoped("beta")),
    ];
    update(&mut sweep, &sets[0]);
    let mut n = 0;
    bencher.bench_local(|| {
        n += 1;
        // Only src/module3's 50 files can see rule 21 change.
        assert_eq!(update(&mut sweep, &sets[n % 2]), FILES / 40);
    });
}
