//! Shell-options pass: "Always start scripts with `set -euo pipefail`", "Use set -Eeuxo pipefail
//! for stricter error handling in main scripts", "Use -e to exit on error": the options every
//! shell script must set. A script is flagged on its first line when no `set` line (or its
//! shebang, `#!/bin/bash -e`) turns each option on, however spelled (`-eu -o pipefail`,
//! `-o errexit`, options split over several lines). A file without a shebang is a library other
//! scripts source, and is left alone; "main scripts" leave out helper folders too. Not for new
//! scripts: existing ones cannot be told apart from new ones.

use std::sync::LazyLock;

use regex::Regex;

use super::super::files::{FileScope, Lang};
use super::super::words::NEW_FILE_WORDS;
use super::required::negated_before;
use super::{At, Context, Found};

/// "set -euo pipefail", "set -o errexit -o nounset", "set -Eeux": the word `set` and its options.
static SET_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:^|[^\w-])set((?:[ \t]+(?:-[A-Za-z]+|-o[ \t]+[a-z]+|pipefail|errexit|nounset|errtrace|xtrace)\b)+)",
    )
    // A constant pattern, compiled by this module's tests.
    .expect("a valid pattern")
});

/// "Use -e to exit on error", "usa `-e` para salir ante errores": the exit-on-error flag alone.
static EXIT_FLAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:^|[\s(`])-e\b[`)]?\s+(?:to|para)\s+(?:exit|fail|abort|salir|terminar|abortar)\b")
        // A constant pattern, compiled by this module's tests.
        .expect("a valid pattern")
});

/// Options as `set -o` names them, and their letters (every option is an ASCII letter, read by
/// `-[A-Za-z]+`: it goes into a pattern as it is).
const LONG_NAMES: &[(&str, char)] = &[
    ("errexit", 'e'),
    ("nounset", 'u'),
    ("xtrace", 'x'),
    ("errtrace", 'E'),
    ("pipefail", 'p'),
];

/// Words that make the scripts a rule speaks of its entry points: helpers they source are not.
const MAIN_WORDS: &[&str] = &["main", "entry", "top-level", "principal", "principales"];

/// Folders that hold the helpers main scripts source.
const HELPER_FOLDERS: &[&str] = &[
    "**/helpers/**",
    "**/helper/**",
    "**/lib/**",
    "**/libs/**",
    "**/common/**",
    "**/utils/**",
    "**/includes/**",
    "**/include/**",
];

/// More options than this make too many orders to spell out.
const MAX_OPTIONS: usize = 5;

/// Options that may be spread over several lines and spellings.
const SPREAD_OPTIONS: usize = 3;

pub fn run(ctx: &Context, out: &mut Found) {
    let text = &ctx.rule.instruction;
    let Some((options, said)) = mandated_options(text) else {
        return;
    };
    if options.len() > MAX_OPTIONS {
        out.note(
            At::Places,
            format!("shell options `{said}` mandated: more than {MAX_OPTIONS} options — not checked"),
        );
        return;
    }
    // "`set -eux` in Dockerfile RUN steps", "… in CI workflows": options for other files' shells.
    let langs = ctx.named.langs();
    if langs.iter().any(|l| *l != Lang::Shell) {
        return;
    }
    if let Some(word) = ctx.first_said(NEW_FILE_WORDS) {
        out.note(
            At::Places,
            format!(
                "shell options `{said}` mandated with \"{word}\": the scripts it is meant for cannot be told apart from the others — not checked"
            ),
        );
        return;
    }
    let mut scope = FileScope::of_langs(&[Lang::Shell], "shell scripts (*.sh, *.bash, *.zsh)".into());
    if ctx.says(MAIN_WORDS) {
        scope
            .exclude
            .extend(HELPER_FOLDERS.iter().map(|g| format!("!{g}")));
        scope.why.push_str(", helper folders left out (\"main scripts\")");
    }
    ctx.narrow(&mut scope);
    let names: Vec<String> = options.iter().map(|&o| option_name(o)).collect();
    let explanation = format!(
        "shell options `{said}` mandated: a script that never turns on {} (in a `set` line or its shebang, any spelling) is flagged on line 1; files without a shebang are sourced libraries and left alone; scope {}",
        names.join(", "),
        scope.why
    );
    out.check(
        At::Places,
        ctx.require_check(&scope, require_pattern(&options), explanation),
    );
}

/// The options the rule turns on (letters; `p` for pipefail) and how it wrote them — not when a
/// negation comes before them ("never `set -x` in CI").
fn mandated_options(text: &str) -> Option<(Vec<char>, String)> {
    let negated = |at: usize| negated_before(&text[..at]);
    if let Some(caps) = SET_LINE.captures(text) {
        let all = caps.get(0)?;
        if negated(all.start()) {
            return None;
        }
        let args = caps.get(1)?.as_str();
        let mut options: Vec<char> = Vec::new();
        let mut push = |o: char| {
            if !options.contains(&o) {
                options.push(o);
            }
        };
        for word in args.split_whitespace() {
            if let Some(letters) = word.strip_prefix('-') {
                // `o` takes the name after it: it is no option of its own.
                letters.chars().filter(|&c| c != 'o').for_each(&mut push);
            } else if let Some((_, letter)) = LONG_NAMES.iter().find(|(n, _)| *n == word) {
                push(*letter);
            }
        }
        let said = format!("set{}", args.trim_end());
        return (!options.is_empty()).then_some((options, said));
    }
    let flag = EXIT_FLAG.find(text)?;
    (!negated(flag.start())).then(|| (vec!['e'], "-e".to_string()))
}

/// How `--explain` names an option.
fn option_name(option: char) -> String {
    match LONG_NAMES.iter().find(|(_, l)| *l == option) {
        Some(("pipefail", _)) => "`-o pipefail`".to_string(),
        Some((name, _)) => format!("`-{option}` ({name})"),
        None => format!("`-{option}`"),
    }
}

/// Where one option is turned on, within a `set` line or a shebang: a dash group holding its
/// letter, or `-o` and its name.
fn turned_on(option: char) -> String {
    let long = LONG_NAMES.iter().find(|(_, l)| *l == option).map(|(n, _)| *n);
    match (option, long) {
        ('p', _) => r"-[A-Za-z]*o[ \t]+pipefail\b".to_string(),
        (letter, Some(name)) => format!(r"(?:-[A-Za-z]*{letter}|-o[ \t]+{name}\b)"),
        (letter, None) => format!(r"-[A-Za-z]*{letter}"),
    }
}

/// A file that turns every option on, in any order — or has no shebang (a sourced library), or
/// is empty. Up to [`SPREAD_OPTIONS`] options, one alternative per order of the options: each
/// finds the next option in the same dash group, later on the same line, or on a later `set`
/// line or the shebang (`#!/bin/bash -e` then `set -uo pipefail`). More options must be turned
/// on together, in one dash group of one `set` line (`set -Eeuxo pipefail`, letters in any
/// order): every order over every line would make a pattern too large to run fast. A `set`
/// line is read as ASCII (`[ -~]`), which keeps the pattern small.
fn require_pattern(options: &[char]) -> String {
    const LINE: &str = r"^(?:[ \t]*set\b|#!)[ -~]*?[ \t]";
    const NOT_A_SCRIPT: &str = r"|\A(?:[^#\s]|#[^!])|\A\s*\z";
    if options.len() > SPREAD_OPTIONS {
        let letters: Vec<char> = options.iter().copied().filter(|&o| o != 'p').collect();
        let groups: Vec<String> = permutations(&letters)
            .iter()
            .map(|order| order.iter().map(|l| format!("[A-Za-z]*{l}")).collect::<String>())
            .collect();
        let pipefail = if options.contains(&'p') {
            r"(?:o[ \t]+pipefail\b|[A-Za-z]*[ \t]+-o[ \t]+pipefail\b)"
        } else {
            ""
        };
        return format!(
            r"(?m)^[ \t]*set[ \t]+-(?:{}){pipefail}{NOT_A_SCRIPT}",
            groups.join("|")
        );
    }
    let mut orders: Vec<String> = Vec::new();
    for order in permutations(options) {
        let mut alternative = String::new();
        for (i, &option) in order.iter().enumerate() {
            let on = turned_on(option);
            if i == 0 {
                alternative.push_str(&on);
                continue;
            }
            let same_group = if option == 'p' {
                r"[A-Za-z]*o[ \t]+pipefail\b".to_string()
            } else {
                format!("[A-Za-z]*{option}")
            };
            alternative.push_str(&format!(r"(?:{same_group}|[ -~]*?[ \t]{on}|[\s\S]*?{LINE}{on})"));
        }
        orders.push(alternative);
    }
    format!(r"(?m){LINE}(?:{}){NOT_A_SCRIPT}", orders.join("|"))
}

/// Every order of `items`.
fn permutations(items: &[char]) -> Vec<Vec<char>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::{explained, texts};
    use super::*;

    #[test]
    fn options_read_from_the_rule() {
        let read = |t: &str| mandated_options(t).map(|(o, s)| (o.into_iter().collect::<String>(), s));
        assert_eq!(
            read("Always start scripts with `set -euo pipefail`"),
            Some(("eup".into(), "set -euo pipefail".into()))
        );
        assert_eq!(
            read("Use set -Eeuxo pipefail for stricter error handling in main scripts"),
            Some(("Eeuxp".into(), "set -Eeuxo pipefail".into()))
        );
        assert_eq!(
            read("Scripts: `set -o errexit -o nounset`."),
            Some(("eu".into(), "set -o errexit -o nounset".into()))
        );
        assert_eq!(read("Use -e to exit on error"), Some(("e".into(), "-e".into())));
        assert_eq!(
            read("Usa `-e` para salir ante errores."),
            Some(("e".into(), "-e".into()))
        );
        assert_eq!(read("Never use `set -x` in CI scripts."), None);
        assert_eq!(read("No uses set -x."), None);
        assert_eq!(read("Set the timeout to 30 seconds."), None);
        assert_eq!(read("Use `grep -e` to match patterns."), None);
    }

    #[test]
    fn any_spelling_in_any_order_over_any_lines() {
        let re = Regex::new(&require_pattern(&['e', 'u', 'p'])).unwrap();
        for ok in [
            "#!/bin/bash\nset -euo pipefail\n",
            "#!/bin/bash\nset -ueo pipefail\n",
            "#!/bin/bash\nset -eu -o pipefail\n",
            "#!/bin/bash\nset -o pipefail -eu\n",
            "#!/bin/bash\nset -o errexit -o nounset -o pipefail\n",
            "#!/bin/bash -e\nset -uo pipefail\n",
            "#!/bin/bash\nset -e\nset -u\nset -o pipefail\n",
            "#!/bin/bash\n  set -Eeuxo pipefail\n",
            "# sourced helper, no shebang\nf() { :; }\n",
            "",
        ] {
            assert!(re.is_match(ok), "{ok:?}");
        }
        for bad in [
            "#!/bin/bash\necho hi\n",
            "#!/bin/bash\nset -e\n",
            "#!/bin/bash\nset -eo pipefail\n",
            "#!/bin/bash\n# set -euo pipefail\n",
            "#!/bin/bash\necho set -euo pipefail\n",
            "#!/bin/bash\nset +euo pipefail\n",
            "#!/bin/bash\nset -o pipefail\n",
        ] {
            assert!(!re.is_match(bad), "{bad:?}");
        }
        let e = Regex::new(&require_pattern(&['e'])).unwrap();
        assert!(e.is_match("#!/bin/bash -e\necho\n"));
        assert!(e.is_match("#!/bin/bash\nset -Eeuxo pipefail\n"));
        assert!(!e.is_match("#!/bin/bash\necho -e hi\n"));
        // More options: together, in one dash group, letters in any order.
        let five = Regex::new(&require_pattern(&['E', 'e', 'u', 'x', 'p'])).unwrap();
        let long = format!(
            "#!/bin/bash\n{}set -Eeuxo pipefail\n",
            "echo line\n".repeat(20_000)
        );
        assert!(five.is_match(&long));
        assert!(five.is_match("#!/bin/bash\nset -xueE -o pipefail\n"));
        assert!(!five.is_match(&long.replace("set -Eeuxo", "set -Eeuo")));
        assert!(!five.is_match("#!/bin/bash\nset -Eeux\n"));
    }

    #[test]
    fn scripts_flagged_on_their_first_line() {
        let strict = "Always start scripts with `set -euo pipefail`";
        assert_eq!(
            texts(strict, "scripts/build_docs.sh", "#!/usr/bin/env bash\ncd docs\n"),
            ["#!/usr/bin/env bash"]
        );
        assert!(
            texts(
                strict,
                "scripts/setup.sh",
                "#!/usr/bin/env bash\nset -euo pipefail\n"
            )
            .is_empty()
        );
        assert!(texts(strict, "docs/dev.md", "#!/usr/bin/env bash\n").is_empty());
        let exit = "Use -e to exit on error";
        assert_eq!(
            texts(exit, "scripts/yq.sh", "#!/bin/bash\n. helpers.sh\n"),
            ["#!/bin/bash"]
        );
        assert!(texts(exit, "scripts/install.sh", "#!/bin/bash -e\nf() { :; }\n").is_empty());
        assert!(texts(exit, "scripts/act.sh", "#!/bin/bash\n\nset -Eeuxo pipefail\n").is_empty());
        // Main scripts: the helpers they source are not meant.
        let main = "Use set -Eeuxo pipefail for stricter error handling in main scripts";
        assert_eq!(
            texts(main, "linux/scripts/go.sh", "#!/bin/bash -e\n. x\n"),
            ["#!/bin/bash -e"]
        );
        assert!(
            texts(
                main,
                "linux/scripts/helpers/etc.sh",
                "#!/bin/bash -e\nf() { :; }\n"
            )
            .is_empty()
        );
        assert!(explained(main).contains("helper folders left out (\"main scripts\")"));
        // New scripts cannot be told apart from the existing ones.
        let new = "New scripts must be idempotent and `set -euo pipefail`.";
        assert!(texts(new, "scripts/a.sh", "#!/bin/bash\n").is_empty());
        assert!(explained(new).contains("with \"New\": the scripts it is meant for cannot be told apart"));
        // Another file's shell.
        assert!(
            texts(
                "Use `set -eux` in Dockerfile RUN steps.",
                "scripts/a.sh",
                "#!/bin/bash\n"
            )
            .is_empty()
        );
    }
}
