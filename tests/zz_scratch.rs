#[test]
fn show() {
    for s in std::fs::read_to_string("/tmp/instr.txt").unwrap().lines() {
        let t = autofix::rules::infer::text::tokenize(s);
        println!(
            "{s}\n  {:?}",
            t.iter()
                .map(|t| format!("{:?}:{}", t.kind, t.text))
                .collect::<Vec<_>>()
        );
    }
}
