//! Nullable pass: "C# 12, nullable enabled", "Enable nullable reference types", "Nullable
//! habilitado" — a C# project that sets `<Nullable>` to anything but `enable`, or a source file
//! that turns the context off (`#nullable disable`), breaks it. A project that leaves the
//! property out is not flagged: `Directory.Build.props` may set it for every project.

use super::super::files::{FileScope, Lang};
use super::super::words::NEGATIONS;
use super::{At, Context, Found};
use crate::rules::model::Within;

const ENABLED: &[&str] = &[
    "enabled",
    "enable",
    "on",
    "habilitado",
    "habilitados",
    "habilita",
    "habilitar",
    "activado",
    "activados",
    "activa",
    "activar",
];

pub fn run(ctx: &Context, out: &mut Found) {
    if !ctx.says(&["nullable"]) || !ctx.says(ENABLED) || ctx.says(NEGATIONS) {
        return;
    }
    let csharp = ctx.named.langs().contains(&Lang::CSharp)
        || ctx.says(&["c#"])
        || ctx.rule.instruction.to_lowercase().contains(".net")
        || ctx.says(&["reference"]);
    if !csharp {
        return;
    }
    let projects: &[&str] = &["**/*.csproj", "**/Directory.Build.props"];
    let mut scope = FileScope::of_globs(projects, projects.join(", "));
    ctx.narrow(&mut scope);
    let explanation = format!(
        "nullable reference types enabled: a project whose `<Nullable>` is not `enable`; scope {}",
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            r"<Nullable>[ \t]*(?P<hit>disable|warnings|annotations)[ \t]*</Nullable>".to_string(),
            scope,
            None,
            explanation,
            Within::Any,
        ),
    );
    let mut scope = FileScope::of_globs(Lang::CSharp.globs(), "C# files".into());
    ctx.narrow(&mut scope);
    let explanation = format!(
        "nullable reference types enabled: a `#nullable disable` directive; scope {}",
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            r"^[ \t]*#nullable[ \t]+(?P<hit>disable)\b".to_string(),
            scope,
            None,
            explanation,
            Within::Code,
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn nullable_turned_off() {
        let off = "<Project>\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n    <Nullable>disable</Nullable>\n  </PropertyGroup>\n</Project>\n";
        let on = off.replace("disable", "enable");
        let cs = "#nullable disable\nnamespace A;\n// #nullable disable in a comment\n";
        for i in [
            "Target: .NET 8 (`net8.0`), C# 12, nullable enabled.",
            "Enable nullable reference types in every project.",
            "Nullable habilitado en todos los proyectos de .NET.",
        ] {
            assert_eq!(texts(i, "src/A/A.csproj", off), ["disable"], "{i}");
            assert!(texts(i, "src/A/A.csproj", &on).is_empty(), "{i}");
            assert_eq!(texts(i, "src/A/Legacy.cs", cs), ["disable"], "{i}");
        }
        for i in [
            "Don't enable nullable reference types yet.",
            "Mark nullable columns explicitly in migrations.",
            "Kotlin: nullable types enabled by default, avoid `!!`.",
        ] {
            assert!(texts(i, "src/A/A.csproj", off).is_empty(), "{i}");
        }
    }
}
