//! "Make this check explicit" keeps what the rule enforces: for every rule of both inference
//! corpora, the rules file with the inferred checks written into it as a `Check` finds exactly the
//! violations the words found, on every sample file (files an editor names only by language id,
//! such as `gitcommit` buffers without a path, are left out: a `Check` has no key for those).

#[path = "common/corpus.rs"]
mod corpus;

use std::path::Path;

use autofix::rules::infer::make_explicit_edit;
use autofix::rules::{BuildOptions, RuleSet};
use corpus::every_rule;

#[test]
fn a_check_made_explicit_finds_what_the_words_found() {
    let root = Path::new("/corpus");
    let file = root.join("autofix.json");
    let (mut made, mut compared) = (0, 0);
    let mut differences = Vec::new();
    for (path, case) in every_rule() {
        let source = serde_json::to_string_pretty(&serde_json::Value::Array(vec![case.rule])).unwrap();
        let inferred = RuleSet::from_text(&file, &source, BuildOptions::default());
        let Some((range, insert)) = make_explicit_edit(&source, &inferred.rules[0], &inferred.inferences[0])
        else {
            continue;
        };
        made += 1;
        let mut edited = source.clone();
        edited.replace_range(range, &insert);
        let explicit = RuleSet::from_text(&file, &edited, BuildOptions::default());
        assert!(
            explicit.is_usable(),
            "{}: {:?}\n{edited}",
            path.display(),
            explicit.problems
        );
        assert!(
            explicit.inferences[0].checks.is_empty(),
            "an explicit Check turns inference off"
        );
        for sample in case.files.iter().filter(|s| s.language.is_none()) {
            let at = root.join(&sample.path);
            let ranges = |set: &RuleSet| -> Vec<(std::ops::Range<usize>, Option<String>)> {
                set.check_file(&at, &sample.text, None)
                    .violations
                    .into_iter()
                    .map(|v| (v.range, v.fix))
                    .collect()
            };
            compared += 1;
            let (words, written) = (ranges(&inferred), ranges(&explicit));
            if words != written {
                differences.push(format!(
                    "{} {}: inferred {words:?}, explicit {written:?}\n{edited}",
                    path.display(),
                    sample.path
                ));
            }
        }
    }
    println!("{made} rules made explicit, {compared} samples compared");
    assert!(made >= 100, "the corpora exercise make-explicit ({made} rules)");
    assert!(differences.is_empty(), "{}", differences.join("\n\n"));
}
