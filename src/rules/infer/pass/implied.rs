//! Implied forbids: a rule that mandates one of a known pair ("Always use `===`", "Use
//! `Number.parseInt()`", "Prefer named exports") forbids its counterpart (`==`, a bare
//! `parseInt(`, default exports), which is checked in code — unless the rule names the
//! counterpart itself, which the other passes check. Only pairs whose counterpart is
//! unambiguous; a fix only where the swap keeps the meaning.

use super::super::concepts::{CONCEPTS, DEFAULT_EXPORT, Detector};
use super::super::files::Lang;
use super::super::literal::{self, LitKind, Literal};
use super::super::phrases::{Entity, Role};
use super::super::text::clauses;
use super::super::words::NEGATIONS;
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

/// A mandated way of writing something, named in words, and the detector of what it rules out.
struct ConceptPair {
    /// How rules name the mandated side (lowercase words, matched whole within a clause).
    names: &'static [&'static str],
    /// What it rules out.
    detector: &'static Detector,
    /// What the ruled-out side is called in `--explain`.
    ruled_out: &'static str,
    /// Files left out of the check.
    exclude: &'static [&'static str],
}

/// Words that ask for what follows them in a clause.
const MANDATING: &[&str] = &[
    "use", "using", "prefer", "always", "only", "must", "usa", "usar", "utiliza", "utilizar", "siempre",
    "solo", "sólo", "preferir", "prefiere",
];

const CONCEPT_PAIRS: &[ConceptPair] = &[ConceptPair {
    names: &[
        "named export",
        "named exports",
        "exports nombrados",
        "exportaciones nombradas",
        "exportaciones con nombre",
    ],
    detector: &DEFAULT_EXPORT,
    ruled_out: "default exports",
    exclude: &[],
}];

pub fn run(ctx: &Context, out: &mut Found) {
    code_pairs(ctx, out);
    for pair in CONCEPT_PAIRS {
        concept_pair(ctx, out, pair);
    }
}

/// "Prefer named exports", "✅ ES6 modules (import/export)": a mandate in a clause that names
/// the mandated side rules out the other — unless the rule names that one itself.
fn concept_pair(ctx: &Context, out: &mut Found, pair: &ConceptPair) {
    let named_itself = ctx.found.iter().any(|f| {
        matches!(&f.entity, Entity::Concept { index, .. } if CONCEPTS[*index].detector.name == pair.detector.name)
    });
    if named_itself {
        return;
    }
    // A clause that names the mandated side and asks for something ("use", "prefer", "✅"),
    // with no negation in it.
    let asking = clauses(ctx.tokens).into_iter().find_map(|c| {
        let words: Vec<&str> = c
            .iter()
            .filter(|t| t.is_word())
            .map(|t| t.lower.as_str())
            .collect();
        let said = format!(" {} ", words.join(" "));
        let names = pair.names.iter().any(|n| said.contains(&format!(" {n} ")));
        let asks = words.iter().find(|w| {
            MANDATING.contains(w)
                || ctx
                    .found
                    .iter()
                    .any(|f| f.role == Role::Mandate && f.trigger == **w)
        });
        let negated = words.iter().any(|w| NEGATIONS.contains(w));
        (names && !negated).then_some(asks?.to_string())
    });
    let Some(trigger) = asking else {
        return;
    };
    let mut scope = ctx.detector_scope(pair.detector, pair.ruled_out);
    for glob in pair.exclude {
        scope.exclude.push((*glob).to_string());
    }
    let explanation = format!(
        "{} ruled out: the rule asks for its alternative (\"{}\") → detector {} ({}); scope {}",
        pair.ruled_out, trigger, pair.detector.name, pair.detector.summary, scope.why
    );
    out.check(
        At::Commands,
        ctx.pattern_check(
            pair.detector.pattern.to_string(),
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
    fn es_modules_rule_out_commonjs() {
        let js = "const db = require('./db');\nimport x from './x.js';\nmodule.exports = db;\n// require() is gone\n";
        for rule in [
            "Use ES module syntax (import/export).",
            "✅ ES6 modules (import/export)",
        ] {
            let found: Vec<String> = hits_of(rule, "src/db.js", js)
                .into_iter()
                .map(|(t, _)| t)
                .collect();
            assert_eq!(found, ["require", "module.exports"], "{rule}");
        }
        assert!(
            hits_of("Use ES modules.", "config/legacy.cjs", "module.exports = {};\n").is_empty(),
            "a .cjs file is CommonJS by its name"
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
