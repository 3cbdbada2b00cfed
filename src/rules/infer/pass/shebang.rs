//! Shebang pass: "Scripts start with `#!/bin/bash -e`", "Use `#!/usr/bin/env bash`": the
//! interpreter line a project's scripts open with. A file whose first line is a shebang of the
//! same interpreter family (sh/bash/zsh, Python, Node, Ruby, Perl) other than the one mandated is
//! flagged, whatever its name (scripts in `bin/` have no extension); a Python script is no
//! violation of a shell rule, and a shebang shown in a README's code block is not a first line.

use super::super::files::FileScope;
use super::super::phrases::{Entity, Role};
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Interpreters that run the same scripts, as a pattern alternation.
const FAMILIES: &[(&[&str], &str)] = &[
    (&["sh", "bash", "zsh", "dash", "ksh", "ash"], "(?:ba|z|da|k|a)?sh"),
    (&["python", "python2", "python3"], r"python[0-9.]*"),
    (&["node", "nodejs"], "node(?:js)?"),
    (&["ruby"], "ruby"),
    (&["perl"], "perl"),
];

pub fn run(ctx: &Context, out: &mut Found) {
    let mandated: Vec<(usize, &str)> = ctx
        .mentions()
        .filter(|(_, m)| m.role != Role::Forbid)
        .filter_map(|(i, m)| match &m.entity {
            Entity::Code { text, .. } if text.starts_with("#!") => Some((i, text.trim())),
            _ => None,
        })
        .collect();
    // One shebang: two are a choice ("`#!/bin/sh` or `#!/bin/bash`") no check can make.
    let [(at, line)] = mandated.as_slice() else {
        return;
    };
    let Some(family) = interpreter(line).and_then(|name| {
        FAMILIES
            .iter()
            .find(|(names, _)| names.contains(&name.as_str()))
            .map(|(_, pattern)| *pattern)
    }) else {
        return;
    };
    // The mandated line is consumed without a hit; any other shebang of the family is the hit.
    let pattern = format!(
        r"\A(?:{}[ \t]*(?:\r?\n|\z)|(?P<hit>#![ \t]*(?:/usr)?(?:/local)?/bin/(?:env[ \t]+(?:-S[ \t]+)?)?{family}\b[^\r\n]*))",
        regex::escape(line)
    );
    let mut scope = FileScope::of_globs(&[], "scripts, by their first line (any file name)".into());
    ctx.narrow(&mut scope);
    let explanation = format!(
        "scripts open with `{line}`: a first line that is another shebang of the same interpreter; scope {}",
        scope.why
    );
    out.check(
        At::Mention(*at),
        ctx.pattern_check(pattern, scope, None, explanation, Within::Any),
    );
}

/// The interpreter a shebang runs: `bash` for `#!/usr/bin/env -S bash -e` and `#!/bin/bash -e`,
/// `python3` for `#!/usr/bin/python3`.
fn interpreter(line: &str) -> Option<String> {
    let mut words = line.trim_start_matches("#!").split_whitespace();
    let program = words.next()?;
    let name = program.rsplit('/').next()?;
    let name = if name == "env" {
        words.find(|w| !w.starts_with('-'))?
    } else {
        name
    };
    Some(name.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn scripts_open_with_the_mandated_shebang() {
        let i = "Scripts start with `#!/bin/bash -e`";
        assert_eq!(
            texts(i, "bin/hr", "#!/usr/bin/env bash\necho\n"),
            ["#!/usr/bin/env bash"]
        );
        assert_eq!(texts(i, "bin/recent", "#!/bin/sh\nfind .\n"), ["#!/bin/sh"]);
        assert!(texts(i, "bin/ghetem", "#!/bin/bash -e\ngh browse\n").is_empty());
        assert!(texts(i, "bin/crlf", "#!/bin/bash -e\r\ngh browse\r\n").is_empty());
        // Another interpreter's script, a shebang shown in prose, a file without one.
        assert!(texts(i, "tools/gen.py", "#!/usr/bin/env python3\nprint(1)\n").is_empty());
        assert!(texts(i, "README.md", "# shelps\n\n```bash\n#!/usr/bin/env bash\n```\n").is_empty());
        assert!(texts(i, "lib/x.sh", "echo hi\n").is_empty());
        let i = "**Shell**: Use `#!/usr/bin/env bash`, with minimum Bash 3.2+ compatibility";
        assert_eq!(
            texts(i, "install.sh", "#!/usr/bin/env zsh\n"),
            ["#!/usr/bin/env zsh"]
        );
        assert!(texts(i, "install.sh", "#!/usr/bin/env bash\n").is_empty());
        // A choice between two is no check; a forbidden one is the literal's.
        assert!(texts("Use `#!/bin/sh` or `#!/bin/bash`", "a.sh", "#!/bin/zsh\n").is_empty());
    }
}
