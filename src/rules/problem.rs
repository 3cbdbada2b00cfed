//! Problems found in a rules file — its JSON, its schema, its checks and its meaning — each with
//! the exact span, a severity, and a message in English or Spanish that says how to fix it.

use std::ops::Range;
use std::path::PathBuf;

use crate::i18n::Locale;
use crate::text::LineIndex;

use super::model::{Category, Severity};

/// Why a rule no longer applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SupersededReason {
    /// A newer rule lists it in `Supersedes`.
    Listed,
    /// A newer rule's text names it ("replaces Rule 1").
    Named,
    /// A newer rule forbids what it mandates, or mandates what it forbids: the words of each.
    Conflict(Clash),
    /// A later entry has the same `Rule_number`.
    Duplicate,
    /// A user-level rule that the project's rule `by` overrides: it says the opposite (the
    /// words of each), or the same thing (`None`) and the project's rule is the one in force.
    Project(Option<Clash>),
}

/// Two rules at odds: what the newer one says of a thing, and what the older one said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clash {
    /// How the newer rule contradicts the older one.
    pub kind: ClashKind,
    /// The thing as the newer rule writes it (`` `console.log` ``, "npm", "python 3.12").
    pub newer_text: String,
    /// The words that made it so in the newer rule ("never use", "always use").
    pub newer_trigger: String,
    pub older_text: String,
    pub older_trigger: String,
}

/// How a newer rule contradicts an older one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClashKind {
    /// The newer rule forbids what the older mandates.
    Forbids,
    /// The newer rule mandates what the older forbids.
    Mandates,
    /// The newer rule sets another floor on the same version ("Python 3.12+" after "Python
    /// 3.10+"), higher or lower: the newest floor is the one in force.
    Floor,
}

impl ClashKind {
    /// What the newer rule and the older one do, in `locale`: ("forbids", "asks for").
    fn verbs(self, locale: Locale) -> (&'static str, &'static str) {
        let forbids = locale.pick("forbids", "prohíbe");
        let asks = locale.pick("asks for", "pide");
        match self {
            ClashKind::Forbids => (forbids, asks),
            ClashKind::Mandates => (asks, forbids),
            ClashKind::Floor => {
                let floor = locale.pick("sets the floor at", "fija como mínimo");
                (floor, floor)
            }
        }
    }
}

impl Clash {
    /// `rule #5 forbids `axios` ("instead of"); this one asks for Axios ("always use")`.
    fn describe(&self, by: u64, locale: Locale) -> String {
        let (newer_does, older_does) = self.kind.verbs(locale);
        match locale {
            Locale::Es => format!(
                "la regla #{by} {newer_does} {} («{}»); esta {older_does} {} («{}»)",
                self.newer_text, self.newer_trigger, self.older_text, self.older_trigger
            ),
            _ => format!(
                "rule #{by} {newer_does} {} (\"{}\"); this one {older_does} {} (\"{}\")",
                self.newer_text, self.newer_trigger, self.older_text, self.older_trigger
            ),
        }
    }
}

impl SupersededReason {
    /// Why rule `older` no longer applies, told from the rule that retired it: "retires #3,
    /// which forbids `console.log` ("never use"); this rule asks for `console.log` ("always use")".
    pub fn retires(&self, older: u64, locale: Locale) -> String {
        let es = locale == Locale::Es;
        match self {
            SupersededReason::Listed if es => format!("reemplaza a #{older} (la incluye en Supersedes)"),
            SupersededReason::Listed => format!("retires #{older} (lists it in Supersedes)"),
            SupersededReason::Named if es => format!("reemplaza a #{older} (lo dice su texto)"),
            SupersededReason::Named => format!("retires #{older} (its words say so)"),
            SupersededReason::Duplicate if es => {
                format!("reemplaza a la entrada anterior #{older} (mismo número)")
            }
            SupersededReason::Duplicate => format!("replaces the earlier entry #{older} (same number)"),
            SupersededReason::Project(_) if es => format!("prevalece sobre la regla de usuario #{older}"),
            SupersededReason::Project(_) => format!("overrides user rule #{older}"),
            SupersededReason::Conflict(c) => {
                let (newer_does, older_does) = c.kind.verbs(locale);
                if es {
                    format!(
                        "reemplaza a #{older}, que {older_does} {} («{}»): esta {newer_does} {} («{}»)",
                        c.older_text, c.older_trigger, c.newer_text, c.newer_trigger
                    )
                } else {
                    format!(
                        "retires #{older}, which {older_does} {} (\"{}\"): this rule {newer_does} {} (\"{}\")",
                        c.older_text, c.older_trigger, c.newer_text, c.newer_trigger
                    )
                }
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProblemKind {
    InvalidJson {
        detail: String,
    },
    NotAnArray {
        found: &'static str,
    },
    RuleNotObject {
        index: usize,
        found: &'static str,
    },
    MissingField {
        field: &'static str,
        similar: Option<String>,
    },
    WrongType {
        field: String,
        expected: &'static str,
        found: &'static str,
    },
    UnknownCategory {
        found: String,
    },
    NonCanonicalCategory {
        found: String,
        canonical: Category,
    },
    NonPositiveNumber {
        found: String,
    },
    NumberTooLarge {
        found: String,
    },
    DuplicateNumber {
        number: u64,
    },
    DuplicateKey {
        key: String,
    },
    EmptyField {
        field: &'static str,
    },
    InvalidRegex {
        field: &'static str,
        error: String,
    },
    InvalidGlob {
        field: &'static str,
        glob: String,
        error: String,
    },
    InvalidSeverity {
        found: String,
    },
    /// A `Within` other than code, comments, strings or any.
    InvalidWithin {
        found: String,
    },
    /// `Indent` is not a whole number of spaces from 1 to `indent::MAX_STEP`.
    InvalidIndent {
        found: String,
    },
    UnknownCheckKey {
        key: String,
        suggestion: Option<&'static str>,
    },
    CheckNeverMatches,
    FixWithoutPattern,
    /// `Within` says where a `Pattern` match counts: a check without one (`Require`, `Indent`)
    /// reads it not.
    WithinWithoutPattern,
    /// The `Fix` text is itself a match of the `Pattern`: applied, it would be found again and
    /// fixed again, run after run.
    FixMatchesPattern {
        fix: String,
    },
    Superseded {
        by: u64,
        reason: SupersededReason,
    },
    SupersedesUnknown {
        number: u64,
    },
    SupersedesNewer {
        number: u64,
    },
    NotImperative,
    TooVague,
    /// The rule forbids something only "without a justification" (`exception`, as written),
    /// which no file shows: it is not checked, but a check is proposed
    /// (`Inference::proposed`) for the user to enforce.
    ExceptionUnseen {
        exception: String,
    },
    /// The rule's words were not read (too long, or its file's reading budget spent): nothing
    /// is inferred from them.
    NotRead {
        why: crate::rules::infer::Unread,
    },
    LowerPriorityFile {
        in_force: PathBuf,
    },
    /// A check inferred from the rule's words did not compile (`error`, about its `field`):
    /// autofix's own fault, not the file's — that check is left out and the rest applies.
    InferredNotCompiled {
        field: &'static str,
        error: String,
    },
}

/// One problem at `span` (byte offsets in the rules file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub span: Range<usize>,
    /// The rule it concerns, when known.
    pub rule: Option<u64>,
}

impl Problem {
    pub fn new(kind: ProblemKind, span: Range<usize>) -> Self {
        Problem {
            kind,
            span,
            rule: None,
        }
    }

    pub fn for_rule(mut self, rule: Option<u64>) -> Self {
        self.rule = rule;
        self
    }

    /// A fatal problem makes the rule set unusable: the file's rules are not applied (the LSP
    /// keeps the last good set, `check` exits 2).
    pub fn is_fatal(&self) -> bool {
        use ProblemKind::*;
        matches!(
            self.kind,
            InvalidJson { .. }
                | NotAnArray { .. }
                | RuleNotObject { .. }
                | MissingField { .. }
                | WrongType { .. }
                | UnknownCategory { .. }
                | NonPositiveNumber { .. }
                | NumberTooLarge { .. }
                | InvalidRegex { .. }
                | InvalidGlob { .. }
                | InvalidSeverity { .. }
                | InvalidWithin { .. }
                | InvalidIndent { .. }
        )
    }

    pub fn severity(&self) -> Severity {
        use ProblemKind::*;
        if self.is_fatal() {
            return Severity::Error;
        }
        match self.kind {
            DuplicateNumber { .. } | EmptyField { .. } => Severity::Error,
            NonCanonicalCategory { .. }
            | DuplicateKey { .. }
            | UnknownCheckKey { .. }
            | CheckNeverMatches
            | FixWithoutPattern
            | WithinWithoutPattern
            | FixMatchesPattern { .. }
            | SupersedesUnknown { .. }
            | SupersedesNewer { .. } => Severity::Warning,
            // Actionable (its quick fix enforces the rule): listed where problems are, not a hint.
            NotImperative
            | LowerPriorityFile { .. }
            | ExceptionUnseen { .. }
            | NotRead { .. }
            | InferredNotCompiled { .. } => Severity::Information,
            _ => Severity::Hint,
        }
    }

    /// True for problems that mark text as no longer in effect (shown greyed out).
    pub fn is_unnecessary(&self) -> bool {
        matches!(self.kind, ProblemKind::Superseded { .. })
    }

    /// A short stable identifier, used as the diagnostic code.
    pub fn code(&self) -> &'static str {
        use ProblemKind::*;
        match self.kind {
            InvalidJson { .. } => "invalid-json",
            NotAnArray { .. } => "not-an-array",
            RuleNotObject { .. } => "rule-not-object",
            MissingField { .. } => "missing-field",
            WrongType { .. } => "wrong-type",
            UnknownCategory { .. } => "unknown-category",
            NonCanonicalCategory { .. } => "non-canonical-category",
            NonPositiveNumber { .. } => "non-positive-number",
            NumberTooLarge { .. } => "number-too-large",
            DuplicateNumber { .. } => "duplicate-number",
            DuplicateKey { .. } => "duplicate-key",
            EmptyField { .. } => "empty-field",
            InvalidRegex { .. } => "invalid-regex",
            InvalidGlob { .. } => "invalid-glob",
            InvalidSeverity { .. } => "invalid-severity",
            InvalidWithin { .. } => "invalid-within",
            InvalidIndent { .. } => "invalid-indent",
            UnknownCheckKey { .. } => "unknown-check-key",
            CheckNeverMatches => "check-never-matches",
            FixWithoutPattern => "fix-without-pattern",
            WithinWithoutPattern => "within-without-pattern",
            FixMatchesPattern { .. } => "fix-matches-pattern",
            Superseded { .. } => "superseded",
            SupersedesUnknown { .. } => "supersedes-unknown",
            SupersedesNewer { .. } => "supersedes-newer",
            NotImperative => "not-imperative",
            TooVague => "too-vague",
            ExceptionUnseen { .. } => "exception-unseen",
            NotRead { .. } => "not-read",
            LowerPriorityFile { .. } => "lower-priority-file",
            InferredNotCompiled { .. } => "inferred-not-compiled",
        }
    }

    /// What is wrong and how to fix it, in one line: `what — how`.
    pub fn message(&self, locale: Locale) -> String {
        let (what, how) = self.parts(locale);
        match how {
            Some(how) => format!("{what} — {how}"),
            None => what,
        }
    }

    /// `path:line:col: what — how`, as the CLI prints it (line and column 1-based, in characters).
    pub fn render(&self, path: &str, text: &str, locale: Locale) -> String {
        let index = LineIndex::new(text);
        let (line, col) = index.line_col(text, self.span.start);
        format!("{path}:{}:{}: {}", line + 1, col + 1, self.message(locale))
    }

    fn parts(&self, locale: Locale) -> (String, Option<String>) {
        use ProblemKind::*;
        let es = locale == Locale::Es;
        let l = |en: String, es_text: String| if es { es_text } else { en };
        match &self.kind {
            InvalidJson { detail } => (
                l(format!("invalid JSON: {detail}"), format!("JSON no válido: {detail}")),
                Some(l(
                    "fix the syntax here; autofix.json is plain JSON (no comments, no trailing commas)".into(),
                    "corrige la sintaxis aquí; autofix.json es JSON estándar (sin comentarios ni comas finales)".into(),
                )),
            ),
            NotAnArray { found } => (
                l(
                    format!("the rules file must be a JSON array of rules, found {found}"),
                    format!("el archivo de reglas debe ser un arreglo JSON de reglas, se encontró {found}"),
                ),
                Some(l(
                    "wrap the rules in [ … ], e.g. [{\"Rule_number\": 1, …}]".into(),
                    "envuelve las reglas en [ … ], p. ej. [{\"Rule_number\": 1, …}]".into(),
                )),
            ),
            RuleNotObject { index, found } => (
                l(
                    format!("entry {} of the array is {found}, not a rule object", index + 1),
                    format!("la entrada {} del arreglo es {found}, no un objeto de regla", index + 1),
                ),
                Some(l(
                    "write it as {\"Rule_number\": N, \"Category\": \"CODE\", \"Instruction\": \"…\", \"Why\": \"…\"}".into(),
                    "escríbela como {\"Rule_number\": N, \"Category\": \"CODE\", \"Instruction\": \"…\", \"Why\": \"…\"}".into(),
                )),
            ),
            MissingField { field, similar } => (
                l(format!("missing required field `{field}`"), format!("falta el campo obligatorio `{field}`")),
                Some(match similar {
                    Some(found) => l(
                        format!("rename `{found}` to `{field}` (field names are case-sensitive)"),
                        format!("renombra `{found}` a `{field}` (los nombres distinguen mayúsculas)"),
                    ),
                    None => l(format!("add \"{field}\" to this rule"), format!("añade \"{field}\" a esta regla")),
                }),
            ),
            WrongType { field, expected, found } => (
                l(
                    format!("`{field}` must be {expected}, found {found}"),
                    format!("`{field}` debe ser {}, se encontró {found}", expected_es(expected)),
                ),
                Some(l(format!("change `{field}` to {expected}"), format!("cambia `{field}` a {}", expected_es(expected)))),
            ),
            UnknownCategory { found } => (
                l(format!("unknown category `{found}`"), format!("categoría desconocida `{found}`")),
                Some(l(
                    format!("use one of {}", Category::list()),
                    format!("usa una de {}", Category::list()),
                )),
            ),
            NonCanonicalCategory { found, canonical } => (
                l(
                    format!("category `{found}` is written in a non-canonical form"),
                    format!("la categoría `{found}` no está en su forma canónica"),
                ),
                Some(l(format!("write \"{canonical}\""), format!("escribe \"{canonical}\""))),
            ),
            NonPositiveNumber { found } => (
                l(
                    format!("`Rule_number` must be a positive integer, found {found}"),
                    format!("`Rule_number` debe ser un entero positivo, se encontró {found}"),
                ),
                Some(l(
                    "number rules 1, 2, 3, … in the order they were learned".into(),
                    "numera las reglas 1, 2, 3, … en el orden en que se aprendieron".into(),
                )),
            ),
            NumberTooLarge { found } => (
                l(
                    format!(
                        "`Rule_number` {found} is too large: numbers go up to {MAX} (the largest integer every JSON reader keeps exact)",
                        MAX = super::parse::MAX_RULE_NUMBER
                    ),
                    format!(
                        "`Rule_number` {found} es demasiado grande: los números llegan hasta {MAX} (el mayor entero que todo lector de JSON conserva exacto)",
                        MAX = super::parse::MAX_RULE_NUMBER
                    ),
                ),
                Some(l(
                    "number rules 1, 2, 3, … in the order they were learned".into(),
                    "numera las reglas 1, 2, 3, … en el orden en que se aprendieron".into(),
                )),
            ),
            DuplicateNumber { number } => (
                l(
                    format!("Rule_number {number} is used more than once; the later entry wins"),
                    format!("Rule_number {number} se usa más de una vez; gana la entrada posterior"),
                ),
                Some(l(
                    "give each rule its own number (the next free one is the highest + 1)".into(),
                    "da a cada regla su propio número (el siguiente libre es el mayor + 1)".into(),
                )),
            ),
            DuplicateKey { key } => (
                l(format!("`{key}` appears twice in this object; the last one is used"), format!("`{key}` aparece dos veces en este objeto; se usa el último")),
                Some(l("remove one of them".into(), "elimina uno de los dos".into())),
            ),
            EmptyField { field } => (
                l(format!("`{field}` is empty"), format!("`{field}` está vacío")),
                Some(match *field {
                    "Why" => l(
                        "say briefly why the rule exists (e.g. \"user preference\")".into(),
                        "di brevemente por qué existe la regla (p. ej. \"preferencia del usuario\")".into(),
                    ),
                    _ => l(
                        "write the rule as \"Never/Always do X - because Y\"".into(),
                        "escribe la regla como \"Nunca/Siempre haz X - porque Y\"".into(),
                    ),
                }),
            ),
            InferredNotCompiled { field, error } => (
                l(
                    format!("one check inferred from this rule's words did not compile ({field}: {error}); it is left out"),
                    format!("una comprobación deducida de las palabras de esta regla no compiló ({field}: {error}); se deja fuera"),
                ),
                Some(l(
                    "give the rule an explicit Check, or report this to autofix".into(),
                    "dale a la regla un Check explícito, o informa de esto a autofix".into(),
                )),
            ),
            InvalidRegex { field, error } => (
                l(format!("invalid regex in `{field}`: {error}"), format!("regex no válida en `{field}`: {error}")),
                Some(l(
                    "fix the pattern (Rust regex syntax; backslashes are doubled in JSON: \"\\\\b\")".into(),
                    "corrige el patrón (sintaxis regex de Rust; las barras invertidas van dobles en JSON: \"\\\\b\")".into(),
                )),
            ),
            InvalidGlob { field, glob, error } => (
                l(format!("invalid glob `{glob}` in `{field}`: {error}"), format!("glob no válido `{glob}` en `{field}`: {error}")),
                Some(l(
                    "use globs like \"src/**/*.ts\" or \"!**/*.d.ts\"".into(),
                    "usa globs como \"src/**/*.ts\" o \"!**/*.d.ts\"".into(),
                )),
            ),
            InvalidSeverity { found } => (
                l(format!("unknown severity `{found}`"), format!("severidad desconocida `{found}`")),
                Some(l(
                    "use \"error\", \"warning\", \"information\" or \"hint\"".into(),
                    "usa \"error\", \"warning\", \"information\" o \"hint\"".into(),
                )),
            ),
            InvalidWithin { found } => (
                l(format!("unknown `Within` `{found}`"), format!("`Within` desconocido `{found}`")),
                Some(l(
                    "use \"code\", \"comments\", \"strings\" or \"any\"".into(),
                    "usa \"code\", \"comments\", \"strings\" o \"any\"".into(),
                )),
            ),
            InvalidIndent { found } => (
                l(format!("`Indent` {found} is not a number of spaces"), format!("`Indent` {found} no es un número de espacios")),
                Some(l(
                    format!("use a whole number from 1 to {}: the spaces each nesting level adds", crate::rules::indent::MAX_STEP),
                    format!("usa un número entero de 1 a {}: los espacios que añade cada nivel", crate::rules::indent::MAX_STEP),
                )),
            ),
            UnknownCheckKey { key, suggestion } => (
                l(format!("unknown Check key `{key}` is ignored"), format!("la clave de Check desconocida `{key}` se ignora")),
                Some(match suggestion {
                    Some(s) => l(format!("did you mean `{s}`?"), format!("¿quisiste decir `{s}`?")),
                    None => {
                        let keys = super::parse::KNOWN_CHECK_KEYS.join(", ");
                        l(format!("known keys: {keys}"), format!("claves conocidas: {keys}"))
                    }
                }),
            ),
            CheckNeverMatches => (
                l("this Check can never report anything".into(), "este Check nunca puede informar nada".into()),
                Some(l(
                    "give it a \"Pattern\", \"Require\", \"Forbidden_paths\" or \"Indent\"".into(),
                    "dale un \"Pattern\", \"Require\", \"Forbidden_paths\" o \"Indent\"".into(),
                )),
            ),
            WithinWithoutPattern => (
                l("`Within` has no effect without `Pattern`".into(), "`Within` no tiene efecto sin `Pattern`".into()),
                Some(l(
                    "it says where a pattern's matches count; remove it (an `Indent` check reads only lines that start in code)".into(),
                    "dice dónde cuentan las coincidencias de un patrón; quítalo (un `Indent` solo lee líneas que empiezan en código)".into(),
                )),
            ),
            FixWithoutPattern => (
                l("`Fix` has no effect without `Pattern`".into(), "`Fix` no tiene efecto sin `Pattern`".into()),
                Some(l("add the \"Pattern\" whose matches it replaces".into(), "añade el \"Pattern\" cuyas coincidencias reemplaza".into())),
            ),
            FixMatchesPattern { fix } => (
                l(
                    format!("the `Fix` `{fix}` is itself matched by the `Pattern`: fixed code would be found again and fixed again (`await await …`), so this fix is not offered"),
                    format!("el `Fix` `{fix}` coincide él mismo con el `Pattern`: el código corregido se volvería a encontrar y a corregir (`await await …`), así que este fix no se ofrece"),
                ),
                Some(l(
                    "make the pattern leave fixed code alone, e.g. with a `hit` group that also requires what comes before: `(?:^|[^t] )(?P<hit>fetch\\()`".into(),
                    "haz que el patrón deje en paz el código corregido, p. ej. con un grupo `hit` que exija también lo que va antes: `(?:^|[^t] )(?P<hit>fetch\\()`".into(),
                )),
            ),
            Superseded { by, reason } => {
                let why_en = match reason {
                    SupersededReason::Listed => format!("rule #{by} lists it in Supersedes"),
                    SupersededReason::Named => format!("rule #{by} says it replaces it"),
                    SupersededReason::Conflict(clash) => clash.describe(*by, Locale::En),
                    SupersededReason::Duplicate => format!("a later rule #{by} has the same number"),
                    SupersededReason::Project(Some(clash)) => format!("the project's {}", clash.describe(*by, Locale::En)),
                    SupersededReason::Project(None) => format!("the project's rule #{by} says the same"),
                };
                let why_es = match reason {
                    SupersededReason::Listed => format!("la regla #{by} la incluye en Supersedes"),
                    SupersededReason::Named => format!("la regla #{by} dice que la reemplaza"),
                    SupersededReason::Conflict(clash) => clash.describe(*by, Locale::Es),
                    SupersededReason::Duplicate => format!("una regla posterior #{by} tiene el mismo número"),
                    SupersededReason::Project(Some(clash)) => format!("en el proyecto, {}", clash.describe(*by, Locale::Es)),
                    SupersededReason::Project(None) => format!("la regla #{by} del proyecto dice lo mismo"),
                };
                (l(format!("superseded by #{by} ({why_en})"), format!("reemplazada por #{by} ({why_es})")), None)
            }
            SupersedesUnknown { number } => (
                l(format!("there is no rule #{number} to supersede"), format!("no existe la regla #{number} que reemplazar")),
                Some(l("check the number".into(), "revisa el número".into())),
            ),
            SupersedesNewer { number } => (
                l(
                    format!("rule #{number} is newer and cannot be superseded by an older rule"),
                    format!("la regla #{number} es más nueva y no puede ser reemplazada por una más antigua"),
                ),
                Some(l(
                    "learn a new rule instead: the newest rule wins".into(),
                    "aprende una regla nueva: la regla más nueva gana".into(),
                )),
            ),
            NotImperative => (
                l("the instruction is not imperative".into(), "la instrucción no es imperativa".into()),
                Some(l(
                    "write it as \"Never/Always do X - because Y\" so an agent can follow it".into(),
                    "escríbela como \"Nunca/Siempre haz X - porque Y\" para que un agente pueda seguirla".into(),
                )),
            ),
            TooVague => (
                l("too vague to check".into(), "demasiado vaga para comprobarse".into()),
                Some(l(
                    "name the concrete thing: e.g. \"Always export types alongside components in .types.ts files\"".into(),
                    "nombra lo concreto: p. ej. \"Exportar siempre los tipos junto a los componentes en archivos .types.ts\"".into(),
                )),
            ),
            ExceptionUnseen { exception } => {
                let n = self.rule.map_or_else(|| "N".to_string(), |n| n.to_string());
                (
                    l(
                        format!("not checked: the rule makes an exception no file shows (\"{exception}\")"),
                        format!("no se comprueba: la regla hace una excepción que ningún archivo muestra («{exception}»)"),
                    ),
                    Some(l(
                        format!("to check it everywhere, use the code action \"Enforce rule #{n} everywhere\" and mark each justified use with `autofix-ignore: {n}`"),
                        format!("para comprobarla en todas partes, usa la acción \"Aplicar la regla #{n} en todas partes\" y marca cada uso justificado con `autofix-ignore: {n}`"),
                    )),
                )
            }
            NotRead { why } => {
                use crate::rules::infer::{MAX_FILE_CHARS, MAX_FILE_CHECKS, MAX_READ_CHARS, MAX_READ_CODE, Unread};
                let (en, es) = match *why {
                    Unread::TooLong { code, .. } if code > MAX_READ_CODE => (
                        format!("too long to read as one rule ({code} pieces of code; at most {MAX_READ_CODE} are read)"),
                        format!("demasiado larga para leerse como una regla ({code} fragmentos de código; se leen {MAX_READ_CODE} como mucho)"),
                    ),
                    Unread::TooLong { chars, .. } => (
                        format!("too long to read as one rule ({chars} characters; at most {MAX_READ_CHARS} are read)"),
                        format!("demasiado larga para leerse como una regla ({chars} caracteres; se leen {MAX_READ_CHARS} como mucho)"),
                    ),
                    Unread::FileBudget => (
                        format!("newer rules of this file already gave all one file may have ({MAX_FILE_CHECKS} inferred checks, or {MAX_FILE_CHARS} characters read)"),
                        format!("las reglas más nuevas de este archivo ya dieron todo lo que un archivo puede tener ({MAX_FILE_CHECKS} comprobaciones inferidas, o {MAX_FILE_CHARS} caracteres leídos)"),
                    ),
                };
                let (how_en, how_es) = match why {
                    Unread::TooLong { .. } => (
                        "split it into rules that each forbid or mandate a few things, or give it an explicit Check",
                        "divídela en reglas que prohíban u obliguen pocas cosas cada una, o dale un Check explícito",
                    ),
                    Unread::FileBudget => (
                        "give the rules explicit Checks, or retire the ones that no longer matter",
                        "da a las reglas Checks explícitos, o retira las que ya no importan",
                    ),
                };
                (
                    l(format!("not checked: {en}"), format!("no se comprueba: {es}")),
                    Some(l(how_en.into(), how_es.into())),
                )
            }
            LowerPriorityFile { in_force } => (
                l(
                    format!("this rules file is not used: {} takes precedence", in_force.display()),
                    format!("este archivo de reglas no se usa: {} tiene prioridad", in_force.display()),
                ),
                Some(l(
                    "move its rules there (the order is .agents/autofix.json, autofix.json, .rules/autofix.json)".into(),
                    "mueve sus reglas allí (el orden es .agents/autofix.json, autofix.json, .rules/autofix.json)".into(),
                )),
            ),
        }
    }
}

fn expected_es(expected: &str) -> &str {
    match expected {
        "an integer" => "un entero",
        "a string" => "una cadena",
        "an object or an array of objects" => "un objeto o un arreglo de objetos",
        "an object" => "un objeto",
        "a string or an array of strings" => "una cadena o un arreglo de cadenas",
        "an integer or an array of integers" => "un entero o un arreglo de enteros",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_path_line_col_what_and_how() {
        let text = "[\n  {\"Category\": \"SECURITY\"}\n]";
        let start = text.find("\"SECURITY\"").unwrap();
        let problem = Problem::new(
            ProblemKind::UnknownCategory {
                found: "SECURITY".into(),
            },
            start..start + 10,
        );
        assert_eq!(
            problem.render("autofix.json", text, Locale::En),
            "autofix.json:2:16: unknown category `SECURITY` — use one of STYLE, CODE, ARCH, TOOL, PROCESS, DATA, UX, OTHER"
        );
        assert!(
            problem
                .message(Locale::Es)
                .starts_with("categoría desconocida `SECURITY` — usa una de")
        );
        assert!(problem.is_fatal());
    }

    #[test]
    fn superseded_is_a_greyed_hint() {
        let p = Problem::new(
            ProblemKind::Superseded {
                by: 4,
                reason: SupersededReason::Named,
            },
            0..1,
        );
        assert!(!p.is_fatal());
        assert!(p.is_unnecessary());
        assert_eq!(p.severity(), Severity::Hint);
        assert_eq!(
            p.message(Locale::En),
            "superseded by #4 (rule #4 says it replaces it)"
        );
    }
}
