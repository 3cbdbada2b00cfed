//! Class-per-file pass: "One class per file", "A file can only contain one class declaration",
//! "Una clase por archivo", "Each class in its own file", "Never put more than one class in a
//! file" — every top-level class declared after a file's first is flagged (the hit is
//! `class Name`). Top level is a declaration at the line's start — or, in C#, one indent in
//! under a block `namespace X {` — so nested classes are left alone, as are enums, interfaces,
//! records and Kotlin's `enum class`. Dart is checked only when named: a Flutter widget and its
//! `State` class share a file by design. "One public class per file" (a qualifier between) is
//! not read. "One component per file", "Un componente por archivo": the same for React
//! components in `*.tsx`/`*.jsx` — a PascalCase `function` or a PascalCase `const` given an arrow
//! function, `memo(…)` or `forwardRef(…)`, at a line's start (the hit is the name); stories and
//! tests, which declare one per case, are left out.

use super::super::files::{FileScope, Lang};
use super::super::text::Token;
use super::super::words::{FILE_WORDS, NEGATIONS};
use super::{At, Context, Found, lang_names};
use crate::rules::model::Within;

/// The languages whose classes are declared with `class` at a line's start; Dart's only when
/// the rule names it.
const CLASS_LANGS: &[Lang] = &[
    Lang::CSharp,
    Lang::Java,
    Lang::Kotlin,
    Lang::TypeScript,
    Lang::JavaScript,
    Lang::Php,
    Lang::Python,
    Lang::Dart,
];

/// The modifiers a class declaration may open with, in any of those languages (and Dart's).
macro_rules! class_modifiers {
    () => {
        r"(?:(?:export|default|declare|public|internal|private|protected|static|sealed|abstract|partial|final|open|data|inner|value|readonly|non-sealed|strictfp|unsafe|file|base|mixin)[ \t]+)*"
    };
}

/// The name after `class`.
macro_rules! class_name {
    () => {
        r"class[ \t]+[A-Za-z_$][\w$]*"
    };
}

/// A class declared at a line's start after another one (anything between): the hit is the
/// second's `class Name`; the next search resumes there (`ahead`), so a third is found too.
const SECOND_CLASS: &str = concat!(
    r"(?m)^",
    class_modifiers!(),
    class_name!(),
    // The shortest stretch first (`??`): the very next line may hold the second.
    r"[^\n]*\n(?:(?s:.*?)\n)??(?P<ahead>)",
    class_modifiers!(),
    "(?P<hit>",
    class_name!(),
    ")"
);

/// C#'s block namespace: classes one indent in (four spaces or a tab) are its top level. The
/// namespace's opening is part of the match, so the search cannot resume inside it: the
/// namespace's second class is flagged, once (a third is found once the second has moved).
const SECOND_CLASS_IN_A_NAMESPACE: &str = concat!(
    r"(?ms)^namespace\b[^;{]*\{.*?^(?:    |\t)",
    class_modifiers!(),
    class_name!(),
    r"[^\n]*\n(?:.*?\n)??(?:    |\t)",
    class_modifiers!(),
    "(?P<hit>",
    class_name!(),
    ")"
);

/// A React component declared at a line's start: a PascalCase `function`, or a PascalCase
/// `const` given an arrow function (its parameters may go on over lines), `memo(…)` or
/// `forwardRef(…)`.
macro_rules! component {
    ($name:literal) => {
        concat!(
            r"(?:export[ \t]+(?:default[ \t]+)?)?(?:function|const)[ \t]+",
            $name,
            // A function's parameters, or a constant's (typed) arrow, `memo` or `forwardRef`.
            r"(?:[ \t]*[(<]|(?:[ \t]*:[^=\n]+)?[ \t]*=[ \t]*(?:(?:React\.)?(?:memo|forwardRef)\b|(?:async[ \t]+)?\(|[a-z_]\w*[ \t]*=>))"
        )
    };
}

/// A component declared at a line's start after another one: the hit is the second's name;
/// the search resumes there, as for classes.
const SECOND_COMPONENT: &str = concat!(
    r"(?m)^",
    component!(r"[A-Z][a-z0-9]\w*"),
    r"[^\n]*\n(?:(?s:.*?)\n)??(?P<ahead>)",
    component!(r"(?P<hit>[A-Z][a-z0-9]\w*)")
);

/// Words for "one" before "class".
const ONE_WORDS: &[&str] = &[
    "one", "single", "un", "una", "único", "unico", "única", "unica", "solo", "sola", "1",
];
const CLASS_WORDS: &[&str] = &["class", "classes", "clase", "clases"];
const COMPONENT_WORDS: &[&str] = &["component", "components", "componente", "componentes"];

pub fn run(ctx: &Context, out: &mut Found) {
    if let Some(said) = one_per_file(ctx.tokens, COMPONENT_WORDS) {
        components(ctx, out, &said);
    }
    let Some(said) = one_per_file(ctx.tokens, CLASS_WORDS) else {
        return;
    };
    // Dart only when named: a Flutter widget and its `State` share a file.
    let named = !ctx.named.langs().is_empty();
    let own: Vec<Lang> = CLASS_LANGS
        .iter()
        .copied()
        .filter(|l| named || *l != Lang::Dart)
        .collect();
    let Some(langs) = ctx.langs_or_note(out, &own, &said, "classes per file are counted") else {
        return;
    };
    let mut scope = FileScope::of_langs(&langs, String::new()).titled(&lang_names(&langs));
    ctx.narrow(&mut scope);
    let explanation = format!(
        "one class per file (\"{said}\"): a top-level class declared after the file's first (nested classes, enums, interfaces and records left alone); scope {}",
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            SECOND_CLASS.to_string(),
            scope,
            None,
            explanation.clone(),
            Within::Code,
        ),
    );
    if langs.contains(&Lang::CSharp) {
        let mut scope = FileScope::of_langs(&[Lang::CSharp], String::new()).titled("C#");
        ctx.narrow(&mut scope);
        out.check(
            At::Places,
            ctx.pattern_check(
                SECOND_CLASS_IN_A_NAMESPACE.to_string(),
                scope,
                None,
                format!("{explanation}; in a block `namespace {{ … }}`"),
                Within::Code,
            ),
        );
    }
}

/// "One component per file": React's components, where a rule names no other framework.
fn components(ctx: &Context, out: &mut Found, said: &str) {
    let named = ctx.named.langs();
    if !named.is_empty()
        && !named
            .iter()
            .any(|n| matches!(n, Lang::React | Lang::TypeScript | Lang::JavaScript))
    {
        return;
    }
    let mut scope = FileScope::of_globs(&["*.tsx", "*.jsx"], String::new()).titled("React components");
    for e in ["*.stories.*", "*.test.*", "*.spec.*", "**/__tests__/**"] {
        scope.except(e);
    }
    ctx.narrow(&mut scope);
    let explanation = format!(
        "one component per file (\"{said}\"): a React component (a PascalCase function, or a PascalCase const given an arrow, `memo` or `forwardRef`) declared at a line's start after the file's first; stories and tests left out; scope {}",
        scope.why
    );
    out.check(
        At::Places,
        ctx.pattern_check(
            SECOND_COMPONENT.to_string(),
            scope,
            None,
            explanation,
            Within::Code,
        ),
    );
}

/// The words of a rule that allows one class (or component: `kinds`) per file: "one class per
/// file", "a file can only contain one class", "una clase por archivo", "each class in its own
/// file", "never more than one class in a file".
fn one_per_file(tokens: &[Token], kinds: &[&str]) -> Option<String> {
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .collect();
    if !words.iter().any(|w| FILE_WORDS.contains(w)) {
        return None;
    }
    let class = words.iter().position(|w| kinds.contains(w))?;
    let before = &words[class.saturating_sub(3)..class];
    // "one class", "a single class", "una sola clase", "una clase": "one" right before, or with
    // "single"/"sola" between.
    let one = match before {
        [.., w] if ONE_WORDS.contains(w) => true,
        [.., w, s]
            if ONE_WORDS.contains(w)
                && ["single", "solo", "sola", "único", "unico", "única", "unica"].contains(s) =>
        {
            true
        }
        _ => false,
    };
    let more_than_one = matches!(
        before,
        [.., "more", "than", "one"] | ["más", "de", "una"] | ["mas", "de", "una"]
    );
    let negated_before = words[..class].iter().any(|w| NEGATIONS.contains(w));
    let each_its_own = matches!(before, [.., "each" | "every" | "cada"])
        && words[class..].windows(2).any(|w| {
            matches!(w, ["own", _] | ["propio", _] | ["separate", _] | ["separado", _])
                || matches!(w, [_, "own"])
        });
    let reads = if more_than_one {
        negated_before
    } else {
        (one && !negated_before) || each_its_own
    };
    reads.then(|| {
        let from = class.saturating_sub(if more_than_one { 3 } else { 1 });
        words[from..(class + 4).min(words.len())].join(" ")
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const CS: &str = "using System;\n\nnamespace Shop.Validation;\n\npublic class OrderValidator : AbstractValidator<Order>\n{\n    public OrderValidator() { }\n\n    private sealed class Nested { }\n}\n\npublic class OrderValidationException : Exception\n{\n}\n\npublic enum Status { A }\n\ninternal static class Third { }\n";

    #[test]
    fn a_second_top_level_class_is_flagged() {
        for i in [
            "A file can only contain one class declaration.",
            "One class per file",
            "Una clase por archivo",
            "Each class goes in its own file",
            "Never put more than one class in a file",
            "Solo una clase por fichero",
        ] {
            assert_eq!(
                texts(i, "src/Validation/OrderValidator.cs", CS),
                ["class OrderValidationException", "class Third"],
                "{i}"
            );
        }
        let i = "One class per file";
        // A class with an enum and an interface beside it; a comment naming classes.
        let ok = "namespace M;\n\n// One class per file: OrderLine lives in OrderLine.cs.\npublic class Order\n{\n    public List<OrderLine> Lines { get; set; } = [];\n}\n\npublic enum OrderStatus { Pending }\n\npublic interface IOrder { }\n\npublic record OrderDto(int Id);\n";
        assert!(texts(i, "Models/Order.cs", ok).is_empty());
        // A block namespace: classes one indent in.
        let block = "namespace M\n{\n    public class A\n    {\n        private class Inner { }\n    }\n\n    public class B { }\n}\n";
        assert_eq!(texts(i, "A.cs", block), ["class B"]);
        let block_ok = "namespace M\n{\n    public class A\n    {\n        private class Inner { }\n        private class Other { }\n    }\n}\n";
        assert!(texts(i, "A.cs", block_ok).is_empty());
        // TypeScript, Python, Kotlin, Java, PHP.
        assert_eq!(
            texts(i, "src/a.ts", "export class A {}\n\nexport default class B {}\n"),
            ["class B"]
        );
        assert_eq!(
            texts(
                i,
                "a.py",
                "class A:\n    class Meta:\n        pass\n\n\nclass B(A):\n    pass\n"
            ),
            ["class B"]
        );
        assert_eq!(
            texts(
                i,
                "a.kt",
                "data class A(val x: Int)\n\nenum class E { X }\n\nsealed class B\n"
            ),
            ["class B"]
        );
        assert!(texts(i, "A.java", "public final class A {\n    static class B {}\n}\n").is_empty());
        assert_eq!(
            texts(
                i,
                "A.php",
                "<?php\nfinal class A {}\nabstract class B {}\nclass C {}\n"
            ),
            ["class B", "class C"]
        );
        // A class named in a string or a docstring is no declaration.
        assert!(texts(i, "a.py", "class A:\n    \"\"\"\nclass B:\n    \"\"\"\n").is_empty());
        // Dart only when named: a widget and its State share a file by design.
        let dart = "class Home extends StatefulWidget {}\n\nclass _HomeState extends State<Home> {}\n";
        assert!(texts(i, "lib/home.dart", dart).is_empty());
        assert_eq!(
            texts("One class per file in Dart", "lib/home.dart", dart),
            ["class _HomeState"]
        );
    }

    #[test]
    fn a_second_react_component_is_flagged() {
        let tsx = "import { memo, forwardRef } from 'react';\n\nexport default function ProductList({ items }: Props) {\n  return <ul>{items.map((i) => <Row key={i.id} item={i} />)}</ul>;\n}\n\nfunction Row({ item }: { item: Item }) {\n  return <li>{item.name}</li>;\n}\n\nconst Badge = ({\n  label,\n}: BadgeProps) => <span>{label}</span>;\n\nexport const Card = memo(function Card() {\n  return null;\n});\n\nconst Wrapper = styled.div`\n  padding: 4px;\n`;\nconst Schema = z.object({});\nfunction useThing() {}\nconst formatPrice = (n: number) => `${n}`;\nexport const Input = forwardRef<HTMLInputElement, Props>((props, ref) => <input ref={ref} />);\n";
        for i in [
            "One component per file",
            "Un componente por archivo",
            "Each component in its own file",
        ] {
            assert_eq!(
                texts(i, "src/components/ProductList.tsx", tsx),
                ["Row", "Badge", "Card", "Input"],
                "{i}"
            );
        }
        let i = "One component per file";
        // Stories and tests declare one per case; a plain module has none.
        assert!(
            texts(
                i,
                "src/Button.stories.tsx",
                "export const Primary = () => <Button />;\nexport const Secondary = () => <Button />;\n"
            )
            .is_empty()
        );
        assert!(
            texts(
                i,
                "src/utils.ts",
                "export function Foo() {}\nexport function Bar() {}\n"
            )
            .is_empty()
        );
        // No class is read from "component", no component from "class".
        assert!(texts(i, "src/a.ts", "class A {}\nclass B {}\n").is_empty());
        assert!(
            texts(
                "One class per file",
                "src/A.tsx",
                "function A() {}\nfunction B() {}\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn other_rules_about_classes_are_not_this() {
        for i in [
            "One public class per file",
            "Multiple classes per file are fine",
            "Use one file per feature, with classes grouped",
            "Don't put one class in many files",
        ] {
            assert!(texts(i, "a.ts", "class A {}\nclass B {}\n").is_empty(), "{i}");
        }
    }
}
