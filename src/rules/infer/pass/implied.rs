//! Implied forbids: a rule that mandates one of a known pair ("Always use `===`", "Use
//! `Number.parseInt()`", "Prefer named exports") forbids its counterpart (`==`, a bare
//! `parseInt(`, default exports), which is checked in code — unless the rule names the
//! counterpart itself, which the other passes check. Only pairs whose counterpart is
//! unambiguous; a fix only where the swap keeps the meaning.

use super::super::concepts::{COMMONJS, CONCEPTS, DEFAULT_EXPORT};
use super::super::files::Lang;
use super::super::literal::{self, LitKind, Literal};
use super::super::phrases::{Entity, Role};
use super::super::text::clauses;
use super::super::words::ESM_NAMES;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// A mandated form and the form it rules out.
struct Pair {
    /// The mandated text, as a rule writes it (call parentheses dropped).
    mandated: &'static str,
    /// The ruled-out form, as `--explain` shows it.
    forbidden: &'static str,
    /// Finds the ruled-out form; `hit` is what the diagnostic covers.
    pattern: Pattern,
    /// The replacement of the hit, when swapping keeps the meaning.
    fix: Option<&'static str>,
}

enum Pattern {
    /// An operator, bounded as the literals pass bounds it (`==` never inside `===`).
    Operator(&'static str),
    /// A regex.
    Regex(&'static str),
}

const JS_TS: &[Lang] = &[Lang::TypeScript, Lang::JavaScript];

const PAIRS: &[Pair] = &[
    Pair {
        mandated: "===",
        forbidden: "==",
        pattern: Pattern::Operator("=="),
        fix: Some("==="),
    },
    Pair {
        mandated: "!==",
        forbidden: "!=",
        pattern: Pattern::Operator("!="),
        fix: Some("!=="),
    },
    // `Number.parseInt` is the global `parseInt`: the swap changes nothing but the spelling.
    Pair {
        mandated: "Number.parseInt",
        forbidden: "parseInt(",
        pattern: Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>parseInt)[ \t]*\("),
        fix: Some("Number.parseInt"),
    },
    Pair {
        mandated: "Number.parseFloat",
        forbidden: "parseFloat(",
        pattern: Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>parseFloat)[ \t]*\("),
        fix: Some("Number.parseFloat"),
    },
    // The global `isNaN` coerces its argument and `Number.isNaN` does not: no fix.
    Pair {
        mandated: "Number.isNaN",
        forbidden: "isNaN(",
        pattern: Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>isNaN)[ \t]*\("),
        fix: None,
    },
    Pair {
        mandated: "Number.isFinite",
        forbidden: "isFinite(",
        pattern: Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>isFinite)[ \t]*\("),
        fix: None,
    },
];

fn normalized(text: &str) -> &str {
    text.trim().trim_end_matches("()").trim_end_matches('(')
}

/// How rules name the mandated side of a concept pair: named exports rule out default ones.
const NAMED_EXPORTS: &[&str] = &[
    "named export",
    "named exports",
    "named exports only",
    "exports nombrados",
    "exportaciones nombradas",
    "exportaciones con nombre",
];

pub fn run(ctx: &Context, out: &mut Found) {
    code_pairs(ctx, out);
    named_exports(ctx, out);
    es_modules(ctx, out);
}

/// "Use ES module syntax (import/export)", "✅ ES6 modules": CommonJS is out.
fn es_modules(ctx: &Context, out: &mut Found) {
    let forbids_cjs = ctx.found.iter().any(|f| {
        f.role == Role::Forbid
            && matches!(&f.entity, Entity::Concept { index, .. } if CONCEPTS[*index].detector.name == COMMONJS.name)
    });
    if forbids_cjs {
        return;
    }
    let naming: Vec<usize> = clauses(ctx.tokens)
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let words: Vec<&str> = c
                .iter()
                .filter(|t| t.is_word())
                .map(|t| t.lower.as_str())
                .collect();
            let said = format!(" {} ", words.join(" "));
            ESM_NAMES.iter().any(|n| said.contains(&format!(" {n} ")))
        })
        .map(|(i, _)| i)
        .collect();
    // A mandate in a naming clause, or a clause that opens with "use" ("Use ES module syntax":
    // "es" stops a term, so no mention is read there).
    let all = clauses(ctx.tokens);
    let opens_with_use = |c: usize| {
        all.get(c).is_some_and(|c| {
            let words: Vec<&str> = c
                .iter()
                .filter(|t| t.is_word())
                .map(|t| t.lower.as_str())
                .collect();
            matches!(
                words.first(),
                Some(&("use" | "usa" | "usar" | "utiliza" | "prefer" | "always"))
            ) && !words
                .iter()
                .any(|w| matches!(*w, "not" | "never" | "no" | "don't" | "nunca"))
        })
    };
    let found = ctx
        .mentions()
        .find(|(_, f)| f.role == Role::Mandate && naming.contains(&f.clause))
        .map(|(i, f)| (At::Mention(i), f.trigger.clone()));
    let Some((at, trigger)) = found.or_else(|| {
        naming
            .iter()
            .find(|c| opens_with_use(**c))
            .map(|_| (At::Places, "use".to_string()))
    }) else {
        return;
    };
    let scope = ctx.detector_scope(&COMMONJS, "ES modules");
    let explanation = format!(
        "CommonJS ruled out: the rule asks for ES modules (\"{trigger}\") → detector {} ({}); scope {}",
        COMMONJS.name, COMMONJS.summary, scope.why
    );
    out.check(
        at,
        ctx.pattern_check(
            COMMONJS.pattern.to_string(),
            scope,
            None,
            explanation,
            Within::Code,
        ),
    );
}

/// "Prefer named exports", "✅ Named exports", "Solo named exports": default exports are out.
fn named_exports(ctx: &Context, out: &mut Found) {
    let forbids_default = ctx.found.iter().any(|f| {
        f.role == Role::Forbid
            && matches!(&f.entity, Entity::Concept { index, .. } if CONCEPTS[*index].detector.name == DEFAULT_EXPORT.name)
    });
    if forbids_default {
        return;
    }
    // The clauses that name named exports; a mandate in one of them asks for them.
    let naming: Vec<usize> = clauses(ctx.tokens)
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            let words: Vec<&str> = c
                .iter()
                .filter(|t| t.is_word())
                .map(|t| t.lower.as_str())
                .collect();
            let said = format!(" {} ", words.join(" "));
            NAMED_EXPORTS.iter().any(|n| said.contains(&format!(" {n} ")))
        })
        .map(|(i, _)| i)
        .collect();
    let Some((i, f)) = ctx
        .mentions()
        .find(|(_, f)| f.role == Role::Mandate && naming.contains(&f.clause))
    else {
        return;
    };
    let scope = ctx.detector_scope(&DEFAULT_EXPORT, "named exports");
    let explanation = format!(
        "default exports ruled out: the rule asks for named exports (\"{}\") → detector {} ({}); scope {}",
        f.trigger, DEFAULT_EXPORT.name, DEFAULT_EXPORT.summary, scope.why
    );
    out.check(
        At::Mention(i),
        ctx.pattern_check(
            DEFAULT_EXPORT.pattern.to_string(),
            scope,
            None,
            explanation,
            Within::Code,
        ),
    );
}

fn code_pairs(ctx: &Context, out: &mut Found) {
    // What the rule forbids itself is the literals pass's.
    let forbidden: Vec<&str> = ctx
        .mentions()
        .filter(|(_, f)| f.role == Role::Forbid)
        .filter_map(|(_, f)| match &f.entity {
            Entity::Code { text, .. } => Some(normalized(text)),
            _ => None,
        })
        .collect();
    for (i, f) in ctx.mentions() {
        let Entity::Code { text, .. } = &f.entity else {
            continue;
        };
        if f.role != Role::Mandate {
            continue;
        }
        let Some(pair) = PAIRS.iter().find(|p| p.mandated == normalized(text)) else {
            continue;
        };
        if forbidden
            .iter()
            .any(|x| *x == normalized(pair.forbidden) || *x == pair.forbidden)
        {
            continue;
        }
        let pattern = match pair.pattern {
            Pattern::Operator(op) => literal::pattern(&Literal {
                text: op.to_string(),
                kind: LitKind::Operator,
                langs: JS_TS.to_vec(),
                case_insensitive: false,
            }),
            Pattern::Regex(re) => re.to_string(),
        };
        let scope = ctx.scope_for(JS_TS, &format!("`{}`", pair.mandated));
        let explanation = format!(
            "`{}` ruled out: the rule asks for `{}` (\"{}\"); scope {}{}",
            pair.forbidden,
            pair.mandated,
            f.trigger,
            scope.why,
            pair.fix.map_or(String::new(), |x| format!("; fix `{x}`"))
        );
        out.check(
            At::Mention(i),
            ctx.pattern_check(
                pattern,
                scope,
                pair.fix.map(str::to_string),
                explanation,
                Within::Code,
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::infer::tests::hits_of;

    #[test]
    fn a_mandated_form_rules_out_its_counterpart() {
        let ts = "if (a == b && c === d) {}\nconst n = parseInt(s, 10) + Number.parseInt(t);\n// == in a comment\n";
        assert_eq!(
            hits_of("Always use `===` for comparisons.", "src/a.ts", ts),
            [("==".to_string(), Some("===".to_string()))]
        );
        assert_eq!(
            hits_of("Use `Number.parseInt()` and `Number.isNaN()`.", "src/a.ts", ts),
            [("parseInt".to_string(), Some("Number.parseInt".to_string()))]
        );
        let nan = "if (isNaN(x) || Number.isNaN(y)) {}\n";
        assert_eq!(
            hits_of("Use `Number.isNaN()`.", "src/a.ts", nan),
            [("isNaN".to_string(), None)],
            "no fix: the global coerces"
        );
        assert!(
            hits_of("Always use `===`.", "app.py", "a == b\n").is_empty(),
            "JS and TS only"
        );
    }

    #[test]
    fn named_exports_rule_out_default_exports() {
        let ts = "export default function run() {}\nexport const a = 1;\n// export default is gone\n";
        for rule in [
            "Prefer named exports.",
            "✅ Named exports",
            "Usa siempre exportaciones con nombre.",
        ] {
            assert_eq!(
                hits_of(rule, "src/run.ts", ts),
                [("export default".to_string(), None)],
                "{rule}"
            );
        }
        assert!(hits_of("Prefer named exports.", "app.py", "export default = 1\n").is_empty());
    }
}
