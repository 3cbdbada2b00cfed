//! Document-start pass: "Use `---` document start marker at beginning of files", "YAML files
//! start with `---`", "Los YAML empiezan con `---`" — yamllint's `document-start`. A YAML file
//! whose first line of content (after blank lines, comments and `%` directives) is not `---` is
//! flagged at line 1; an empty or comment-only file, and a template whose first line is a
//! template tag (`{{- if … }}`, `{% … %}`), are left alone. A named language is the scope
//! ("Markdown posts start with `---`": their front matter); none named, YAML files.

use super::super::files::{FileScope, Lang};
use super::super::phrases::{Entity, Role};
use super::{At, Context, Found};

/// Words that put the marker at a file's start.
const START_WORDS: &[&str] = &[
    "start",
    "starts",
    "starting",
    "begin",
    "begins",
    "beginning",
    "top",
    "first",
    "open",
    "opens",
    "empieza",
    "empiezan",
    "empezar",
    "comienza",
    "comienzan",
    "comenzar",
    "inicio",
    "iniciar",
    "inician",
    "principio",
];

/// A YAML text whose first line of content is the marker, or that has no content: blank lines,
/// comments and directives may come first; a template tag may stand for the marker.
const STARTS_WITH_THE_MARKER: &str = r"\A(?:\x{FEFF})?(?:[ \t]*(?:[#%][^\r\n]*)?\r?\n)*(?:---(?:[ \t]|\r?\n|\z)|[ \t]*(?:#[^\r\n]*)?\z|\{[{%])";

/// Another language's front matter (Markdown, Astro): the marker on the very first line.
const MARKER_ON_THE_FIRST_LINE: &str = r"\A(?:\x{FEFF})?(?:---[ \t]*(?:\r?\n|\z)|\z)";

/// What a file in `scope` starts with when it starts with the marker: YAML's comments may come
/// before it, a Markdown heading may not.
pub(super) fn marker_first(scope: &FileScope) -> &'static str {
    if scope
        .include
        .iter()
        .all(|g| Lang::Yaml.globs().contains(&g.as_str()))
    {
        STARTS_WITH_THE_MARKER
    } else {
        MARKER_ON_THE_FIRST_LINE
    }
}

pub fn run(ctx: &Context, out: &mut Found) {
    let marker = ctx
        .mentions()
        .find(|(_, m)| m.role != Role::Forbid && is_marker(&m.entity));
    let named_marker = ctx.says(&["document"]) && ctx.says(&["start", "marker"]);
    if marker.is_none() && !named_marker {
        return;
    }
    if !ctx.says(START_WORDS)
        || ctx
            .mentions()
            .any(|(_, m)| m.role == Role::Forbid && is_marker(&m.entity))
    {
        return;
    }
    // "YAML files must start with `---`" is the required-start pass's, with this same pattern.
    if out.checks().iter().any(|(_, c)| {
        c.require.as_deref() == Some(STARTS_WITH_THE_MARKER)
            || c.require.as_deref() == Some(MARKER_ON_THE_FIRST_LINE)
    }) {
        return;
    }
    let mut scope = match ctx.named.scope() {
        Some(scope) => scope,
        None => FileScope::of_langs(
            &[Lang::Yaml],
            "YAML (*.yml, *.yaml), the marker's language".into(),
        ),
    };
    ctx.narrow(&mut scope);
    let explanation = format!(
        "files start with the document marker `---`: a file whose first line of content (after comments and directives) is something else (flagged at line 1); scope {}",
        scope.why
    );
    let at = marker.map_or(At::Places, |(i, _)| At::Mention(i));
    let pattern = marker_first(&scope).to_string();
    out.check(at, ctx.require_check(&scope, pattern, explanation));
}

fn is_marker(e: &Entity) -> bool {
    matches!(e, Entity::Code { text, .. } if text.trim() == "---")
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn yaml_files_start_with_the_marker() {
        for i in [
            "Use `---` document start marker at beginning of files",
            "All YAML files must start with `---`",
            "Los archivos YAML empiezan con `---`",
            "Always include the YAML document start marker at the top of each file",
        ] {
            assert_eq!(
                texts(i, "roles/k/defaults/main.yaml", "k_iface: eth0\nk_id: 51\n"),
                ["k_iface: eth0"],
                "{i}"
            );
            assert_eq!(texts(i, "a.yml", "# vars\nk: 1\n"), ["# vars"], "{i}");
            for ok in [
                "---\n- name: x\n",
                "---\r\n- name: x\r\n",
                "# comment\n\n---\nk: 1\n",
                "%YAML 1.2\n---\nk: 1\n",
                "--- # play\n- hosts: all\n",
                "",
                "# only a comment\n",
                "{{- if .Values.enabled }}\napiVersion: v1\n",
            ] {
                assert!(texts(i, "a.yaml", ok).is_empty(), "{i}: {ok:?}");
            }
            // Not YAML: a template, a guide, code.
            assert!(texts(i, "templates/k.conf.j2", "vrrp {\n}\n").is_empty(), "{i}");
            assert!(texts(i, "docs/guide.md", "# Guide\n").is_empty(), "{i}");
            assert!(texts(i, "src/a.ts", "let a = 1;\n").is_empty(), "{i}");
        }
        // A list item's dash, `----`, or `---x` is not the marker.
        let i = "Use `---` document start marker at beginning of files";
        assert_eq!(texts(i, "a.yml", "- name: x\n"), ["- name: x"]);
        assert_eq!(texts(i, "a.yml", "----\n"), ["----"]);
        // Forbidding the marker, or speaking of it elsewhere, is not this.
        assert!(texts("Never start YAML files with `---`", "a.yml", "k: 1\n").is_empty());
        assert!(texts("Separate documents with `---`", "a.yml", "k: 1\n").is_empty());
        // Markdown's front matter is on the first line: a heading before it is no comment.
        let i = "Markdown posts must start with `---` front matter";
        assert_eq!(texts(i, "posts/a.md", "# Title\n---\n"), ["# Title"]);
        assert!(texts(i, "posts/b.md", "---\ntitle: B\n---\n# B\n").is_empty());
    }
}
