//! Shared inputs of the benchmarks: a realistic TypeScript file and a rules file of 50 rules.
#![allow(dead_code)]

/// A TypeScript-like file of `lines` lines, with a few violations sprinkled in.
pub fn typescript(lines: usize) -> String {
    let mut out = String::with_capacity(lines * 40);
    let mut i = 0;
    let mut count = 0;
    while count < lines {
        let block = match i % 8 {
            0 => format!("import {{ helper{i} }} from \"./helpers/helper{i}\";\n"),
            1 => format!(
                "export interface Shape{i} {{\n  id: number;\n  name: string;\n  tags: string[];\n}}\n"
            ),
            2 => format!(
                "export function compute{i}(input: Shape{i}): number {{\n  const total = input.tags.length * {i};\n  return total + input.id;\n}}\n"
            ),
            3 => format!(
                "// Explains why step {i} is needed before the next one runs.\nconst value{i} = compute{}({{ id: {i}, name: \"n{i}\", tags: [] }});\n",
                i - 1
            ),
            4 => format!(
                "export class Service{i} {{\n  private cache = new Map<string, number>();\n  get(key: string): number | undefined {{\n    return this.cache.get(key);\n  }}\n}}\n"
            ),
            5 if i % 400 == 5 => format!("let loose{i}: any = JSON.parse(\"{{}}\");\n"),
            6 if i % 600 == 6 => format!("console.log(\"debug {i}\");\n"),
            _ => format!("const label{i} = `item-${{{i}}}`;\n"),
        };
        count += block.matches('\n').count();
        out.push_str(&block);
        i += 1;
    }
    out
}

/// A rules file with `n` rules: patterns of the kinds real rules use, most scoped to TypeScript.
/// Past the 15 kinds, each rule repeats one of them (with a word of its own as an alternative):
/// the same place breaks many rules, as in no real file.
pub fn rules(n: usize) -> String {
    rules_of(n, true)
}

/// A rules file with `n` rules, each with a pattern of its own, as a project that learned
/// hundreds of rules has them: the 15 kinds of [`rules`], then patterns of those kinds about
/// names of their own (`\bdeprecatedApi17\(`, `from 'pkg17'`, `: Legacy17\b`, …).
pub fn distinct_rules(n: usize) -> String {
    rules_of(n, false)
}

fn rules_of(n: usize, repeat: bool) -> String {
    let patterns = [
        r#":\\s*any\\b"#,
        r#"\\bconsole\\.log\\("#,
        r#"\\bvar\\s+\\w+"#,
        r#"(?:^|[^=!<>])(?P<hit>==)(?:[^=]|$)"#,
        r#"\\bTODO\\b"#,
        r#"\\bdebugger\\b"#,
        r#"^export default\\b"#,
        r#"\\beval\\("#,
        r#"from\\s+['\"]axios['\"]"#,
        r#"\\bfunction [a-z]+_[a-z_]+\\("#,
        r#"\\.then\\(\\s*\\)"#,
        r#"\\bnew Function\\("#,
        r#"\\bsetTimeout\\(\\s*['\"]"#,
        r#"@ts-ignore"#,
        r#"\\bas unknown as\\b"#,
    ];
    let mut items = Vec::new();
    let own = [
        r#"\\bforbidden{i}\\b"#,
        r#"\\bdeprecatedApi{i}\\("#,
        r#"from\\s+['\"]pkg{i}['\"]"#,
        r#":\\s*Legacy{i}\\b"#,
        r#"\\bold_helper_{i}\\w*"#,
        r#"(?i)\\bhack{i}\\b"#,
        r#"\\.unsafeCall{i}\\(\\s*\\)"#,
    ];
    for i in 0..n {
        let pattern = if i < patterns.len() {
            patterns[i].to_string()
        } else if repeat {
            format!("{}|\\\\bforbidden{i}\\\\b", patterns[i % patterns.len()])
        } else {
            own[i % own.len()].replace("{i}", &i.to_string())
        };
        let files = match i % 5 {
            0 => r#"["**/*.ts", "**/*.tsx", "!**/*.d.ts"]"#,
            1 => r#"["src/**/*.ts"]"#,
            2 => r#"["*.ts"]"#,
            3 => r#"["**/*.py"]"#,
            _ => r#"[]"#,
        };
        items.push(format!(
            r#"  {{"Rule_number": {}, "Category": "CODE", "Instruction": "Never do thing {i}.", "Why": "reason {i}", "Check": {{"Files": {files}, "Pattern": "{pattern}"}}}}"#,
            i + 1
        ));
    }
    format!("[\n{}\n]\n", items.join(",\n"))
}
