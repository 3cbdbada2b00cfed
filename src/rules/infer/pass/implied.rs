//! Implied forbids: a rule that mandates one of a known pair of code forms ("Always use `===`",
//! "Use `Number.parseInt()`") forbids its counterpart (`==`, a bare `parseInt(`), which is
//! checked in code — unless the rule names the counterpart itself, which the literals pass
//! checks. Only pairs whose counterpart is unambiguous; a fix only where the swap keeps the
//! meaning. (Concepts that rule out a counterpart — named exports, ES modules — are detectors
//! with `Effect::RulesOut`, in `concepts`.)

use super::super::concepts;
use super::super::files::Lang;
use super::super::literal::{self, LitKind, Literal};
use super::super::phrases::{Entity, Mention, Role};
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
    /// The languages whose code it is.
    langs: &'static [Lang],
    /// Whether a span that holds the mandated text names it too (`fmt.Errorf("%w", err)`
    /// names `%w`).
    within_span: bool,
    /// Where the hit is: in code, or inside a string (a format verb).
    within: Within,
    /// What the rule may forbid itself besides `forbidden` ("use `%w`, not `%v`"), which the
    /// literals pass then checks.
    named_apart: &'static [&'static str],
}

enum Pattern {
    /// An operator, bounded as the literals pass bounds it (`==` never inside `===`).
    Operator(&'static str),
    /// A regex.
    Regex(&'static str),
}

const JS_TS: &[Lang] = &[Lang::TypeScript, Lang::JavaScript];

impl Pair {
    /// A pair of JS/TS code forms, named by its exact text, its hit in code.
    const fn js(
        mandated: &'static str,
        forbidden: &'static str,
        pattern: Pattern,
        fix: Option<&'static str>,
    ) -> Pair {
        Pair {
            mandated,
            forbidden,
            pattern,
            fix,
            langs: JS_TS,
            within_span: false,
            within: Within::Code,
            named_apart: &[],
        }
    }
}

/// A number's or a date's `Parse` / `TryParse` (`…Exact` too) in C#: `int.Parse`,
/// `DateTime.TryParseExact`.
macro_rules! dotnet_parse {
    () => {
        r"(?:u?short|u?int|u?long|s?byte|decimal|double|float|DateTime|DateTimeOffset|TimeSpan|U?Int(?:16|32|64)|Decimal|Double|Single|S?Byte)\.(?:Try)?Parse(?:Exact)?"
    };
}

const PAIRS: &[Pair] = &[
    Pair::js("===", "==", Pattern::Operator("=="), Some("===")),
    Pair::js("!==", "!=", Pattern::Operator("!="), Some("!==")),
    // `Number.parseInt` is the global `parseInt`: the swap changes nothing but the spelling.
    Pair::js(
        "Number.parseInt",
        "parseInt(",
        Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>parseInt)[ \t]*\("),
        Some("Number.parseInt"),
    ),
    Pair::js(
        "Number.parseFloat",
        "parseFloat(",
        Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>parseFloat)[ \t]*\("),
        Some("Number.parseFloat"),
    ),
    // The global `isNaN` coerces its argument and `Number.isNaN` does not: no fix.
    Pair::js(
        "Number.isNaN",
        "isNaN(",
        Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>isNaN)[ \t]*\("),
        None,
    ),
    Pair::js(
        "Number.isFinite",
        "isFinite(",
        Pattern::Regex(r"(?:^|[^\w$.])(?P<hit>isFinite)[ \t]*\("),
        None,
    ),
    // "Wrap errors with `%w`", "wrap with `fmt.Errorf(\"%w\", err)`": an error formatted with
    // `%v` or `%s` into a `fmt.Errorf` whose format has no `%w` loses the chain `errors.Is`
    // walks; the hit is the verb (the last one, the error's by Go's habit). No fix: which
    // argument is the error is not read.
    Pair {
        mandated: "%w",
        forbidden: "%v/%s for an error in fmt.Errorf",
        pattern: Pattern::Regex(
            r#"\bfmt\.Errorf\([ \t]*"(?:[^"%\\\r\n]|\\.|%[^w"\r\n])*(?P<hit>%[+#]?[vs])(?:[^"%\\\r\n]|\\.|%[^w"\r\n])*"[^)\r\n]*\b\w*(?:err|Err)(?:\.Error\(\))?[ \t]*\)"#,
        ),
        fix: None,
        langs: &[Lang::Go],
        within_span: true,
        // The verb is inside the format string.
        within: Within::Strings,
        named_apart: &["%v", "%s", "%+v"],
    },
    // "Usa `<script setup>` para componentes": a single-file component whose script is a plain
    // `<script>` block (Options API, or `setup()` inside `export default`); the opening tag is
    // the hit. A file that has a `<script setup>` may keep a plain one beside it (named exports).
    Pair {
        mandated: "<script setup>",
        forbidden: "a plain `<script>` block",
        pattern: Pattern::Regex(r"\A(?s:.*?)<script\b[^>]*\bsetup\b(?s:.*)|(?P<hit><script\b[^>]*>)"),
        fix: None,
        langs: &[Lang::Vue],
        within_span: true,
        within: Within::Code,
        named_apart: &["<script>"],
    },
    // Angular's own guidance ("Use native control flow (`@if`, `@for`, `@switch`)", "Use the
    // `inject()` function instead of constructor injection", "Use `input()` and `output()`
    // functions instead of decorators"): the mandated form rules out the older one. Templates
    // are HTML files and strings of TypeScript components, so the structural directives are
    // looked for anywhere in both — as attributes given a value, which a comment naming them
    // ("migrate *ngIf to @if") does not give.
    Pair::angular("@if", "*ngIf", r"(?P<hit>\*ngIf)[ \t]*=", Within::Any),
    Pair::angular("@for", "*ngFor", r"(?P<hit>\*ngFor)[ \t]*=", Within::Any),
    Pair::angular(
        "@switch",
        "[ngSwitch] / *ngSwitchCase",
        r"(?P<hit>\[ngSwitch\]|\*ngSwitchCase|\*ngSwitchDefault\b)[ \t]*=?",
        Within::Any,
    ),
    // A constructor parameter property (`constructor(private http: HttpClient)`), the first
    // of each constructor; the hit is the parameter.
    Pair::angular(
        "inject",
        "constructor injection",
        r"\bconstructor[ \t]*\((?:\s*@\w+\([^)]*\))?\s*(?P<hit>(?:private|protected|public|readonly)\b[^,)=]*)",
        Within::Code,
    ),
    // "Toda la gestión de estado debe usar SIGNALS: Usa `signal`, `computed`, `effect`": state
    // held in an RxJS `BehaviorSubject` (its import and its construction) is what signals
    // replace; an `Observable` of a request is no state.
    Pair::angular(
        "signal",
        "BehaviorSubject (state held in RxJS)",
        r"\b(?P<hit>BehaviorSubject)\b",
        Within::Code,
    ),
    Pair::angular("input", "@Input()", r"(?P<hit>@Input)[ \t]*\(", Within::Code),
    Pair::angular("output", "@Output()", r"(?P<hit>@Output)[ \t]*\(", Within::Code),
    // "Prefer explicit command checks via `command -v`": `which` is not POSIX and its output
    // and exit status differ across systems (ShellCheck's SC2230) — at a command's position
    // (`if which node`, `! which x`, `$(which y)`), not a word of an argument or a comment.
    // No fix: `command -v` prints a builtin's or a function's name, not a path.
    Pair {
        mandated: "command -v",
        forbidden: "`which`",
        pattern: Pattern::Regex(
            r"(?:^|[;&|(!`]|\$\(|\b(?:if|then|do|else|elif|while|until)\b)[ \t]*(?P<hit>which)[ \t]+[A-Za-z0-9_.+/-]",
        ),
        fix: None,
        langs: &[Lang::Shell],
        within_span: false,
        within: Within::Code,
        named_apart: &["which"],
    },
    // "All numeric and date formatting/parsing must use `CultureInfo.InvariantCulture`": a
    // number's or a date's `Parse` / `TryParse` (`…Exact` too) given no format provider on its
    // line reads with the machine's culture (analyzer CA1305). Those given one — a
    // `CultureInfo`, a `NumberFormatInfo`, a `provider` — are consumed first, without a hit.
    Pair {
        mandated: "CultureInfo.InvariantCulture",
        forbidden: "`Parse`/`TryParse` of a number or date without a format provider",
        pattern: Pattern::Regex(concat!(
            r"\b",
            dotnet_parse!(),
            r"[ \t]*\([^;\r\n]*?(?:CultureInfo|InvariantCulture|FormatProvider|NumberFormatInfo|DateTimeFormatInfo|\bprovider\b)",
            r"|\b(?P<hit>",
            dotnet_parse!(),
            r")[ \t]*\("
        )),
        fix: None,
        langs: &[Lang::CSharp],
        within_span: false,
        within: Within::Code,
        named_apart: &[],
    },
    // "SwiftUI backed up by `@Observable` classes for shared data": the Observation macro
    // replaces Combine's `ObservableObject` conformance (the hit).
    Pair {
        mandated: "@Observable",
        forbidden: "an `ObservableObject` conformance",
        pattern: Pattern::Regex(
            r"\b(?:class|actor)[ \t]+\w+[^{\r\n]*:[^{\r\n]*\b(?P<hit>ObservableObject)\b",
        ),
        fix: None,
        langs: &[Lang::Swift],
        within_span: false,
        within: Within::Code,
        named_apart: &["ObservableObject"],
    },
];

/// Angular's templates and components.
const ANGULAR: &[Lang] = &[Lang::Html, Lang::TypeScript];

impl Pair {
    /// A pair of Angular forms: no fix (the newer form is written differently).
    const fn angular(
        mandated: &'static str,
        forbidden: &'static str,
        pattern: &'static str,
        within: Within,
    ) -> Pair {
        Pair {
            mandated,
            forbidden,
            pattern: Pattern::Regex(pattern),
            fix: None,
            langs: ANGULAR,
            within_span: false,
            within,
            named_apart: &[],
        }
    }
}

fn normalized(text: &str) -> &str {
    text.trim().trim_end_matches("()").trim_end_matches('(')
}

pub fn run(ctx: &Context, out: &mut Found) {
    code_pairs(ctx, out);
    interfaces_for_shapes(ctx, out);
    eloquent_over_the_db_facade(ctx, out);
    coroutines_over_threads(ctx, out);
    one_namespace_of_a_family(ctx, out);
}

/// Words that make an Eloquent mandate about how the code queries the database.
const DATABASE_WORDS: &[&str] = &[
    "database",
    "db",
    "queries",
    "query",
    "interactions",
    "access",
    "sql",
    "datos",
    "consultas",
    "consulta",
];

/// "Use Eloquent ORM for database interactions", "Usa Eloquent en lugar de consultas con DB":
/// mandated for querying, Eloquent rules out queries through the `DB` facade — unless the rule
/// forbids Eloquent, or names the facade itself (the literals pass checks what it names).
fn eloquent_over_the_db_facade(ctx: &Context, out: &mut Found) {
    let names_the_facade = ctx.mentions().any(|(_, f)| {
        f.role == Role::Forbid && matches!(&f.entity, Entity::Code { text, .. } if text.starts_with("DB::"))
    });
    if names_the_facade || !ctx.says(DATABASE_WORDS) {
        return;
    }
    let Some((i, f)) = mandated_only(ctx, |text| {
        let lower = text.to_lowercase();
        lower.contains("eloquent") || lower.ends_with("::query()")
    }) else {
        return;
    };
    let d = &concepts::LARAVEL_DB_QUERY;
    if !ctx.detector_fits(d) {
        return;
    }
    let scope = ctx.detector_scope(d, "Eloquent");
    let said = format!(
        "mandated Eloquent (\"{}\") rules out queries through the `DB` facade",
        f.trigger
    );
    out.check(At::Mention(i), ctx.detector_check(d, scope, said));
}

/// The first mention of what `names` recognizes that the rule mandates — none when the rule
/// also forbids it (then what it forbids is what it means).
fn mandated_only<'a>(ctx: &Context<'a>, names: impl Fn(&str) -> bool) -> Option<(usize, &'a Mention)> {
    let named = |f: &Mention| f.named().is_some_and(&names);
    if ctx.mentions().any(|(_, f)| f.role == Role::Forbid && named(f)) {
        return None;
    }
    ctx.mentions().find(|(_, f)| f.role == Role::Mandate && named(f))
}

/// "Use Kotlin coroutines and Flow for async operations", "Use Coroutines and Flow, no
/// callbacks": Kotlin code that starts threads by hand or runs Retrofit calls with callback
/// objects — what coroutines replace.
fn coroutines_over_threads(ctx: &Context, out: &mut Found) {
    let Some((i, f)) = mandated_only(ctx, |text| {
        let lower = text.to_lowercase();
        lower.contains("coroutine") || lower.contains("corrutina")
    }) else {
        return;
    };
    for (d, what) in [
        (&concepts::KOTLIN_RAW_THREAD, "threads started by hand"),
        (&concepts::KOTLIN_CALLBACK_ENQUEUE, "callback objects"),
    ] {
        if !ctx.detector_fits(d) {
            continue;
        }
        let scope = ctx.detector_scope(d, "coroutines");
        let said = format!("mandated coroutines (\"{}\") rule out {what}", f.trigger);
        out.check(At::Mention(i), ctx.detector_check(d, scope, said));
    }
}

/// "Usar `Icons.Rounded.*` para todos los iconos": one namespace of an object's family
/// (`Icons.Rounded`) mandated rules out its siblings (`Icons.Filled.Delete`,
/// `Icons.Outlined.Share`, `Icons.Default.Key`); the hit is the member used. Only an object's
/// namespaces, both capitalized: a package's (`java.time.*`) siblings are other packages, not
/// alternatives.
fn one_namespace_of_a_family(ctx: &Context, out: &mut Found) {
    for (i, f) in ctx.mentions() {
        if f.role != Role::Mandate {
            continue;
        }
        let Entity::Code { text, .. } = &f.entity else {
            continue;
        };
        let Some((root, namespace)) =
            text.strip_suffix(".*")
                .and_then(|t| t.split_once('.'))
                .filter(|(root, namespace)| {
                    capitalized_identifier(root)
                        && capitalized_identifier(namespace)
                        && namespace.len() <= MAX_NAMESPACE
                })
        else {
            continue;
        };
        let scope = ctx.scope_for(&[], &format!("`{text}`"));
        let pattern = format!(
            r"(?:^|[^\w.$])(?P<hit>{root}\.{}\.[A-Za-z_]\w*)",
            identifier_except(namespace)
        );
        let explanation = format!(
            "`{text}` mandated (\"{}\"): a member of another namespace of `{root}` than `{namespace}` (`{root}.Other.member`)",
            f.trigger
        );
        out.check(
            At::Mention(i),
            ctx.pattern_check(pattern, scope, None, explanation, Within::Code),
        );
    }
}

/// An identifier that starts with a capital letter (`Icons`, `Rounded`).
fn capitalized_identifier(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_ascii_uppercase())
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The longest namespace name read: the pattern of every other name grows with its square.
const MAX_NAMESPACE: usize = 40;

/// A pattern of the ASCII identifiers other than `word` (an ASCII identifier): one that differs
/// at some character, stops short of it, or goes on past it. ASCII classes: Unicode's `\w`,
/// repeated per character, would pass the compiled-size limit for a name of 40 characters.
fn identifier_except(word: &str) -> String {
    const WORD: &str = "[0-9A-Za-z_]";
    let chars: Vec<char> = word.chars().collect();
    let mut alternatives = Vec::new();
    for (k, c) in chars.iter().enumerate() {
        let prefix: String = chars[..k].iter().collect();
        // A proper prefix, alone: `Round` is not `Rounded`.
        if k > 0 {
            alternatives.push(format!(r"{prefix}(?-u:\b)"));
        }
        alternatives.push(format!(r"{prefix}[{WORD}--[{c}]]{WORD}*"));
    }
    alternatives.push(format!(r"{word}{WORD}+"));
    format!("(?:{})", alternatives.join("|"))
}

/// What interfaces are mandated for when they rule out object type aliases: shapes of data.
const SHAPE_WORDS: &[&str] = &[
    "type",
    "types",
    "aliases",
    "alias",
    "shapes",
    "shape",
    "objects",
    "object",
    "structures",
    "definitions",
    "props",
    "models",
    "tipos",
    "estructuras",
    "objetos",
    "definiciones",
    "modelos",
];

/// "Use interfaces for data structures", "prefer interfaces over type aliases for object
/// shapes": mandated for shapes of data, interfaces rule out object type aliases — not when the
/// rule is about something else interfaces do ("interfaces for dependency injection"), nor when
/// it forbids interfaces itself.
fn interfaces_for_shapes(ctx: &Context, out: &mut Found) {
    let is_interface = |text: &str| {
        matches!(
            normalized(text).to_lowercase().as_str(),
            "interface" | "interfaces" | "interfaz"
        )
    };
    if !ctx.says(SHAPE_WORDS) || types_or_interfaces(ctx) {
        return;
    }
    let Some((i, f)) = mandated_only(ctx, is_interface) else {
        return;
    };
    let d = &concepts::OBJECT_TYPE_ALIAS;
    let scope = ctx.detector_scope(d, "interfaces");
    let said = format!(
        "mandated interfaces (\"{}\") rule out object type aliases",
        f.trigger
    );
    out.check(At::Mention(i), ctx.detector_check(d, scope, said));
}

/// "TypeScript types or interfaces for all component props": either will do, so neither rules
/// the other out.
fn types_or_interfaces(ctx: &Context) -> bool {
    let words: Vec<&str> = ctx
        .tokens
        .iter()
        .filter(|t| t.is_word() || t.kind == super::super::text::Kind::Sep)
        .map(|t| t.lower.as_str())
        .collect();
    let is = |w: &str, list: &[&str]| list.contains(&w);
    let types = ["type", "types", "tipo", "tipos"];
    let interfaces = ["interface", "interfaces", "interfaz"];
    let either = ["or", "o", "and/or"];
    words.windows(3).any(|w| {
        is(w[1], &either)
            && ((is(w[0], &types) && is(w[2], &interfaces)) || (is(w[0], &interfaces) && is(w[2], &types)))
    })
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
    // "Angular: Standalone components, Signals, `@if/@for/@defer`, `inject()`": a rule read
    // with no role at all and no negation lists what the project uses — its forms rule out
    // their older counterparts as a mandate would (precedence is not told: that needs a verb).
    let listing = ctx.found.iter().all(|f| f.role == Role::Neutral) && !ctx.says(NEGATIONS);
    for (i, f) in ctx.mentions() {
        let Entity::Code { text, .. } = &f.entity else {
            continue;
        };
        if f.role != Role::Mandate && !(listing && f.role == Role::Neutral) {
            continue;
        }
        // "`@if/@for/@defer`": one span naming several forms.
        let parts: Vec<&str> = text
            .split(['/', ','])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        for pair in PAIRS.iter().filter(|p| {
            p.mandated == normalized(text)
                    || (parts.len() > 1 && parts.iter().any(|part| p.mandated == normalized(part)))
                    // `<script setup lang="ts">` names `<script setup>`.
                    || (p.within_span && text.contains(p.mandated.trim_end_matches('>')))
        }) {
            if forbidden.iter().any(|x| {
                *x == normalized(pair.forbidden) || *x == pair.forbidden || pair.named_apart.contains(x)
            }) {
                continue;
            }
            implied_check(ctx, out, i, f, pair);
        }
    }
}

/// The check of what `pair`'s mandated form, named by the mention `f`, rules out.
fn implied_check(ctx: &Context, out: &mut Found, i: usize, f: &Mention, pair: &Pair) {
    let pattern = match pair.pattern {
        Pattern::Operator(op) => literal::pattern(&Literal {
            text: op.to_string(),
            kind: LitKind::Operator,
            langs: pair.langs.to_vec(),
            case_insensitive: false,
        }),
        Pattern::Regex(re) => re.to_string(),
    };
    let scope = ctx.scope_for(pair.langs, &format!("`{}`", pair.mandated));
    let said = if f.trigger.is_empty() {
        "listed"
    } else {
        f.trigger.as_str()
    };
    let explanation = format!(
        "`{}` ruled out: the rule asks for `{}` (\"{}\"); scope {}{}",
        pair.forbidden,
        pair.mandated,
        said,
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
            pair.within,
        ),
    );
}

#[cfg(test)]
mod tests {
    use crate::rules::infer::tests::{hits_of, texts};

    #[test]
    fn one_namespace_of_a_family_rules_out_its_siblings() {
        let i = "Usar `Icons.Rounded.*` para todos los iconos";
        let kt = "import androidx.compose.material.icons.Icons\nIcon(Icons.Filled.Delete, null)\nIcon(Icons.Outlined.Share, null)\n// Antes Icons.Filled.Search\nIcon(Icons.Rounded.Search, null)\nIcon(Icons.RoundedX.Y, null)\nIcon(Icons.Round.Y, null)\nval a = MyIcons.Filled.X\n";
        assert_eq!(
            texts(i, "app/src/main/java/Card.kt", kt),
            [
                "Icons.Filled.Delete",
                "Icons.Outlined.Share",
                "Icons.RoundedX.Y",
                "Icons.Round.Y"
            ]
        );
        // A package's namespace, or the namespace forbidden: nothing of this.
        assert!(
            texts(
                "Use `java.time.*` for dates.",
                "src/A.java",
                "import java.util.Date;\nx = java.util.List.of();\n"
            )
            .is_empty()
        );
        // The longest namespace read still compiles and finds its siblings; a longer one is
        // not read.
        let long = format!("A{}", "b".repeat(super::MAX_NAMESPACE - 1));
        assert_eq!(
            texts(&format!("Usar `Icons.{long}.*` siempre"), "Card.kt", kt).len(),
            5
        );
        assert!(texts(&format!("Usar `Icons.{long}b.*` siempre"), "Card.kt", kt).is_empty());
        assert!(
            texts("Never use `Icons.Rounded.*`.", "Card.kt", kt)
                .iter()
                .all(|t| t.starts_with("Icons.Rounded"))
        );
    }

    proptest::proptest! {
        #[test]
        fn identifier_except_matches_every_other_identifier(
            word in "[A-Z][A-Za-z0-9_]{0,6}",
            other in "[A-Za-z_][A-Za-z0-9_]{0,8}",
        ) {
            // Test code: a pattern that does not compile fails the property.
            let re = regex::Regex::new(&format!("^{}$", super::identifier_except(&word))).unwrap();
            proptest::prop_assert_eq!(re.is_match(&other), other != word);
            proptest::prop_assert!(!re.is_match(&word));
        }
    }

    #[test]
    fn coroutines_rule_out_threads_and_callbacks() {
        let kt = "class Repo(private val api: Api) {\n    fun sync() {\n        Thread {\n            api.sync()\n        }.start()\n        api.syncCall().enqueue(object : Callback<Unit> {\n        })\n        WorkManager.getInstance(ctx).enqueue(request)\n        Thread.sleep(10)\n        // a Thread { } in a comment\n    }\n}\n";
        for i in [
            "Use Kotlin coroutines and Flow for async operations",
            "Use Coroutines and Flow, no callbacks",
        ] {
            assert_eq!(
                texts(i, "app/src/main/java/Repo.kt", kt),
                ["Thread", "enqueue"],
                "{i}"
            );
        }
        assert!(texts("Do not use coroutines here.", "app/Repo.kt", kt).is_empty());
        assert!(
            texts(
                "Use coroutines with asyncio.",
                "app/worker.py",
                "t = Thread(target=f)\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn invariant_culture_rules_out_parsing_without_a_provider() {
        let i = "All numeric and date formatting/parsing **must** use `CultureInfo.InvariantCulture`.";
        let cs = "if (ushort.TryParse(value, NumberStyles.Integer, CultureInfo.InvariantCulture, out var count)) { }\nreturn byte.Parse(value, NumberStyles.HexNumber);\nreturn int.TryParse(value, out baudRate);\nvar d = DateTime.ParseExact(s, \"yyyy\", provider);\nvar e = Enum.Parse<Color>(s);\n// int.Parse(x) in a comment\nvar f = decimal.Parse(s, NumberStyles.Any, NumberFormatInfo.InvariantInfo);\n";
        assert_eq!(texts(i, "src/Parser.cs", cs), ["byte.Parse", "int.TryParse"]);
        assert!(texts(i, "src/a.ts", "const n = int.Parse(x);\n").is_empty());
    }

    #[test]
    fn command_v_rules_out_which() {
        let i = "Prefer explicit command checks via `command -v` and guard platform-specific logic (`Darwin` vs `Linux`).";
        let sh = "#!/usr/bin/env bash\nif which brew >/dev/null; then :; fi\nif ! which bwrap >/dev/null 2>&1; then :; fi\nNODE=$(which node)\necho \"which one\"\n# which x\ncommand -v y\nwhich_tool=1\n";
        assert_eq!(texts(i, "scripts/setup.sh", sh), ["which", "which", "which"]);
        assert!(texts(i, "README.md", "Use `command -v` rather than `which x`.\n").is_empty());
        // Forbidding `command -v` rules nothing out.
        assert!(
            !texts("Never use `command -v`.", "scripts/setup.sh", sh)
                .iter()
                .any(|t| t == "which")
        );
    }

    #[test]
    fn signals_and_observation_rule_out_the_older_state() {
        let i = "Toda la gestión de estado debe usar SIGNALS: Usa `signal`, `computed`, `effect`.";
        let ts = "import { BehaviorSubject } from 'rxjs';\n// Antes usaba un BehaviorSubject\nexport class A {\n  private readonly open$ = new BehaviorSubject<boolean>(false);\n  readonly n = signal(0);\n}\n";
        assert_eq!(
            texts(i, "src/lib/a.component.ts", ts),
            ["BehaviorSubject", "BehaviorSubject"]
        );
        // Forbidden, `signal` rules nothing out.
        assert!(
            !texts("Never use `signal` for forms.", "src/lib/a.component.ts", ts)
                .contains(&"BehaviorSubject".to_string())
        );
        let i = "SwiftUI backed up by `@Observable` classes for shared data.";
        let swift = "@MainActor\nfinal class ServicesStore: ObservableObject {\n    @Published var n = 0\n}\n// was ObservableObject\n@Observable\nfinal class AppSettings {}\nlet o: any ObservableObject\n";
        assert_eq!(
            texts(i, "Services/ServicesStore.swift", swift),
            ["ObservableObject"]
        );
    }

    #[test]
    fn angular_forms_rule_out_the_older_ones() {
        let html = "<ul>\n  <li *ngFor=\"let t of todos\">{{ t }}</li>\n</ul>\n<p *ngIf=\"done\">ok</p>\n@if (done) { <p>ok</p> }\n<div [ngSwitch]=\"x\"><span *ngSwitchCase=\"1\">1</span></div>\n";
        let i = "Use `@if`, `@for` and `@switch` for control flow";
        assert_eq!(
            texts(i, "src/app/todos/todo-list.component.html", html),
            ["*ngFor", "*ngIf", "[ngSwitch]", "*ngSwitchCase"]
        );
        // One span naming several forms; inline templates are strings of the component.
        let i = "Angular: prefer `@if/@for/@defer` in templates";
        let ts = "@Component({\n  template: `<p *ngIf=\"ok\">x</p>`,\n})\n// migrate *ngIf to @if\nexport class A {}\n";
        assert_eq!(texts(i, "src/app/a.component.ts", ts), ["*ngIf"]);
        // A list with no verb names what the project uses: its forms rule out the older ones,
        // but mandate nothing for precedence (that needs a verb).
        let i = "Angular: Standalone components, Signals, `@if/@for/@defer`, `inject()`, functional guards";
        assert_eq!(
            texts(i, "src/app/todos/todo-list.component.html", html),
            ["*ngFor", "*ngIf"]
        );
        let inf = crate::rules::infer::infer(&crate::rules::infer::tests::rule(i));
        assert!(inf.mandates.is_empty(), "{:?}", inf.mandates);
        // The older form named by the rule is the literals pass's, checked once.
        let i = "Use `@if` instead of `*ngIf`";
        assert_eq!(texts(i, "a.component.html", html), ["*ngIf"]);
        let ts = "export class Api {\n  constructor(\n    private readonly http: HttpClient,\n    private store: Store,\n  ) {}\n}\nexport class Plain {\n  constructor(x: number) {}\n}\nclass Svc {\n  private http = inject(HttpClient);\n  @Input() name = '';\n  @Output() changed = new EventEmitter<string>();\n  label = input<string>();\n}\n";
        assert_eq!(
            texts(
                "Use the `inject()` function instead of constructor injection",
                "src/app/api.service.ts",
                ts
            ),
            ["private readonly http: HttpClient"]
        );
        assert_eq!(
            texts(
                "Use `input()` and `output()` functions instead of decorators",
                "src/app/svc.ts",
                ts
            ),
            ["@Input", "@Output"]
        );
        // Standalone components mandated rule out a declaration opted out of them.
        let component = "@Component({\n  selector: 'app-x',\n  standalone: false,\n})\nexport class X {}\n// standalone: false in a comment\n";
        for i in [
            "Use standalone components by default",
            "Usa siempre componentes standalone.",
        ] {
            assert_eq!(
                texts(i, "src/app/x.component.ts", component),
                ["standalone: false"],
                "{i}"
            );
        }
        // A property forbidden "inside the `@Component` … decorators" is looked for in their
        // arguments (the same key in a signal's object is not in one), and the decorators
        // themselves are not forbidden.
        let pipe = "@Pipe({\n  name: 'duration',\n  host: { class: 'x' },\n  standalone: true,\n})\nexport class DurationPipe {\n  readonly state = signal({ standalone: true });\n}\n";
        for i in [
            "Do NOT set `standalone: true` inside the `@Component`, `@Directive` and `@Pipe` decorators",
            "Must NOT set `standalone: true` inside Angular decorators. It's the default in Angular v20+.",
        ] {
            assert_eq!(
                texts(i, "src/app/duration.pipe.ts", pipe),
                ["standalone: true"],
                "{i}"
            );
        }
        // Another thing forbidden inside a decorator is a condition no check sees.
        assert!(
            texts(
                "Never use `any` inside the `@Component` decorator",
                "a.ts",
                "let a: any = @Component;"
            )
            .is_empty()
        );
        // "NgModules" forbidden, also after "Always use X over".
        let module =
            "@NgModule({\n  declarations: [A],\n})\nexport class AppModule {}\n// @NgModule() in a comment\n";
        for i in [
            "Always use standalone components over NgModules",
            "4. **Componentes standalone con OnPush** - no usar NgModules",
        ] {
            assert_eq!(texts(i, "src/app/app.module.ts", module), ["@NgModule"], "{i}");
        }
    }

    #[test]
    fn eloquent_rules_out_db_facade_queries() {
        let php = "<?php\nuse Illuminate\\Support\\Facades\\DB;\n\n$r = DB::table('farm_reports')->get();\n$t = \\DB::select('select 1');\nDB::transaction(fn () => Farm::query()->update(['x' => 1]));\nFarm::query()->addSelect(DB::raw('count(*) as n'));\n// DB::table in a comment\n";
        for i in [
            "Use Eloquent ORM for database interactions unless otherwise specified.",
            "Use Eloquent models instead of raw DB queries.",
            "Usa Eloquent para las consultas a la base de datos.",
        ] {
            let hits = texts(i, "app/Http/Controllers/FarmController.php", php);
            assert_eq!(hits, ["DB::table", "DB::select"], "{i}");
            assert!(
                hits_of(i, "database/migrations/2024_01_01_x.php", php).is_empty(),
                "{i}"
            );
            assert!(hits_of(i, "tests/Feature/FarmTest.php", php).is_empty(), "{i}");
        }
        // The facade named: the literal's; Eloquent forbidden; not about queries.
        let named = texts("Prefer `Model::query()` over `DB::`.", "app/A.php", php);
        assert_eq!(named, ["DB::table", "DB::select", "DB::transaction", "DB::raw"]);
        assert!(hits_of("Never use Eloquent for database queries.", "app/A.php", php).is_empty());
        assert!(hits_of("Use Eloquent API resources for JSON responses.", "app/A.php", php).is_empty());
    }

    #[test]
    fn script_setup_rules_out_plain_script_blocks() {
        let options = "<template><p>{{ n }}</p></template>\n\n<script lang=\"ts\">\nexport default { data() { return { n: 1 } } }\n</script>\n";
        let setup =
            "<script setup lang=\"ts\">\nconst n = 1\n</script>\n<template><p>{{ n }}</p></template>\n";
        let both = "<script>\nexport const meta = {}\n</script>\n<script setup>\nconst n = 1\n</script>\n";
        for i in [
            "Usa `<script setup>` para componentes",
            "Use the Composition API with `<script setup>` for better type inference and organization",
            "Always use `<script setup lang=\"ts\">` in components.",
        ] {
            let hits = texts(i, "src/components/A.vue", options);
            assert_eq!(hits, ["<script lang=\"ts\">"], "{i}");
            assert!(hits_of(i, "src/components/B.vue", setup).is_empty(), "{i}");
            assert!(hits_of(i, "src/components/C.vue", both).is_empty(), "{i}");
            assert!(
                hits_of(
                    i,
                    "index.html",
                    "<script type=\"module\" src=\"/src/main.js\"></script>\n"
                )
                .is_empty(),
                "{i}"
            );
        }
        // Forbidding it is another rule.
        assert!(hits_of("Never use `<script setup>`.", "src/components/A.vue", options).is_empty());
    }

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
    fn wrapping_with_w_rules_out_v_and_s_for_errors() {
        let go = "package store\n\nfunc (s *Store) Get(id string) error {\n\tif err := s.db.Get(id); err != nil {\n\t\treturn fmt.Errorf(\"get card %s: %v\", id, err)\n\t}\n\tif err := s.ping(); err != nil {\n\t\treturn fmt.Errorf(\"ping: %w\", err)\n\t}\n\tif writeErr != nil {\n\t\treturn fmt.Errorf(\"write %q: %s\", name, writeErr)\n\t}\n\tif err != nil {\n\t\treturn fmt.Errorf(\"read %s: %s\", name, err.Error())\n\t}\n\tif info.IsDir() {\n\t\treturn fmt.Errorf(\"%s is a directory (mode %v)\", name, info.Mode())\n\t}\n\t// fmt.Errorf(\"old: %v\", err) in a comment\n\treturn fmt.Errorf(\"card %s not found\", id)\n}\n";
        for rule in [
            "Use error wrapping with `%w`",
            "**Error handling:** Use explicit error checking, prefer `errors.Is`/`errors.As`, wrap with `fmt.Errorf(\"%w\", err)`",
        ] {
            assert_eq!(
                hits_of(rule, "internal/store/store.go", go),
                [
                    ("%v".to_string(), None),
                    ("%s".to_string(), None),
                    ("%s".to_string(), None)
                ],
                "{rule}"
            );
            assert!(hits_of(rule, "src/a.ts", "const s = `%v ${err}`;\n").is_empty());
        }
        // Forbidding `%w` forbids `%w`, and rules out nothing.
        assert_eq!(
            hits_of("Never use `%w`.", "internal/store/store.go", go),
            [("%w".to_string(), None)]
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
