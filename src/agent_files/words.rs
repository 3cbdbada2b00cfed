//! The words the importer reads agent files with, in one place: the verbs a command opens with
//! (beyond the ones the lint of `autofix.json` knows), the clauses that may come before it, the
//! musts of prose and bullets, the marks of a convention stated without a verb (`convention`),
//! and the introductions that make the items under them rules, or not.

/// Verbs that open a command, beyond the ones the lint of `autofix.json` knows (which decide
/// whether a learned rule is imperative, and stay as they are).
pub const MORE_VERBS: &[&str] = &[
    "ask",
    "consider",
    "implement",
    "update",
    "install",
    "extract",
    "pass",
    "publish",
    "distinguish",
    "refer",
    "target",
    "apply",
    "generate",
    "build",
    "deploy",
    "review",
    "verify",
    "confirm",
    "clean",
    "fix",
    "convert",
    "treat",
    "rely",
    "inject",
    "expose",
    "return",
    "emit",
    "raise",
    "guard",
    "cache",
    "mock",
    "stub",
    "skip",
    "wait",
    "retry",
    "lint",
    "bump",
    "tag",
    "push",
    "pull",
    "merge",
    "rebase",
    "squash",
    "open",
    "reference",
    "link",
    "cite",
    "mention",
    "explain",
    "summarize",
    "list",
    "show",
    "print",
    "prompt",
    "notify",
    "report",
    "warn",
    "leave",
    "let",
    "allow",
    "forbid",
    "disallow",
    "require",
    "reject",
    "accept",
    "match",
    "mirror",
    "co-locate",
    "colocate",
    "inline",
    "extend",
    "override",
    "favor",
    "favour",
    "focus",
    "integrate",
    "utilize",
    "utilise",
    "optimize",
    "optimise",
    "be",
    "sacrifice",
    "flag",
    "combine",
    "kill",
    "think",
    "describe",
    "evaluate",
    "state",
    "admit",
    "load",
    "regenerate",
    "default",
    "reach",
    "minimize",
    "maximize",
    "adhere",
    "stick",
    "strive",
    "aim",
    "choose",
    "organize",
    "structure",
    "separate",
    "isolate",
    "encapsulate",
    "centralize",
    "batch",
    "paginate",
    "sanitize",
    "escape",
    "encode",
    "decode",
    "hash",
    "encrypt",
    "redact",
    "mask",
    "capitalize",
    "capitalise",
    "lowercase",
    "uppercase",
    "serialize",
    "serialise",
    "deserialize",
    "omit",
    "suffix",
    "prepend",
    "append",
    "try",
    "register",
    "deliver",
    "expand",
    "respond",
    "communicate",
    "enrich",
    "modularize",
    "modularise",
];

/// Spanish commands (tú imperatives) an instruction opens with, beyond the lint's: "Lee …",
/// "Consulta …", "Ejecuta …".
pub const SPANISH_COMMANDS: &[&str] = &[
    "lee",
    "consulta",
    "revisa",
    "verifica",
    "asegúrate",
    "asegurate",
    "utiliza",
    "emplea",
    "crea",
    "añade",
    "agrega",
    "actualiza",
    "instala",
    "sigue",
    "mantén",
    "escribe",
    "usa",
    "evita",
    "prefiere",
    "pregunta",
    "confirma",
    "haz",
    "pon",
    "no",
];

/// Words that make a sentence opening with them a preamble to the command ("When adding a
/// route, always …").
pub const LEADING_CLAUSES: &[&str] = &[
    "when", "whenever", "if", "before", "after", "while", "for", "in", "once", "unless", "at", "during",
    "within", "on", "to", "once", "cuando", "si", "antes", "después", "despues", "para", "en", "al",
];

/// Words a label opens with when it is itself the command, its example after the colon.
pub const LABEL_COMMANDS: &[&str] = &[
    "never", "always", "use", "avoid", "prefer", "don't", "do", "no", "nunca", "siempre", "usa", "usar",
    "evita", "evitar", "prefiere",
];

/// Words in a convention's value that make it a mandate rather than a description ("ESM only",
/// "PRs obligatorios", "Strict Type Hinting required", "Deploys: never on Fridays").
pub const MANDATE_WORDS: &[&str] = &[
    "only",
    "required",
    "mandatory",
    "obligatory",
    "enforced",
    "forbidden",
    "prohibited",
    "always",
    "never",
    "solo",
    "sólo",
    "únicamente",
    "obligatorio",
    "obligatoria",
    "obligatorios",
    "obligatorias",
    "requerido",
    "requerida",
    "requeridos",
    "requeridas",
    "prohibido",
    "prohibida",
    "prohibidos",
    "prohibidas",
    "siempre",
    "nunca",
];

/// Phrases that say something is *not* needed: no mandate, whatever else the words say ("No need
/// to restart", "Docs: optional", "no es necesario").
pub const NOT_NEEDED: &[&str] = &[
    "no need",
    "not needed",
    "not required",
    "isn't needed",
    "unnecessary",
    "optional",
    "no es necesario",
    "no hace falta",
    "innecesario",
    "opcional",
];

/// Nouns a label over a list ends with: "**Structure & naming conventions:**", "Testing
/// guidelines:", "Reglas de estilo:" — a title, not a command ("Structure" is no verb there).
pub const LABEL_NOUNS: &[&str] = &[
    "conventions",
    "guidelines",
    "rules",
    "practices",
    "standards",
    "notes",
    "requirements",
    "tips",
    "principles",
    "patterns",
    "reminders",
    "constraints",
    "expectations",
    "convenciones",
    "reglas",
    "normas",
    "pautas",
    "prácticas",
    "requisitos",
    "principios",
];

/// Units a convention counts in ("2 spaces", "100 characters", "a 300-line limit").
pub const CONVENTION_UNITS: &[&str] = &[
    "space",
    "spaces",
    "tab",
    "tabs",
    "character",
    "characters",
    "char",
    "chars",
    "line",
    "lines",
    "column",
    "columns",
    "espacio",
    "espacios",
    "carácter",
    "caracteres",
    "línea",
    "líneas",
    "linea",
    "lineas",
    "columna",
    "columnas",
];

/// Words that make a number a bound to keep ("Coverage threshold: 70%", "80% minimum").
pub const THRESHOLD_WORDS: &[&str] = &[
    "max",
    "maximum",
    "min",
    "minimum",
    "limit",
    "threshold",
    "target",
    "least",
    "máximo",
    "mínimo",
    "límite",
    "umbral",
    "objetivo",
    "menos",
];

/// Languages people write in: "in English", "en inglés" is a mandate of which to use.
pub const HUMAN_LANGUAGES: &[&str] = &[
    "english",
    "spanish",
    "french",
    "german",
    "portuguese",
    "italian",
    "inglés",
    "ingles",
    "español",
    "espanol",
    "castellano",
    "francés",
    "alemán",
    "portugués",
    "italiano",
];

/// Finite verbs that make a phrase a description ("The API is stable", "Tests are in `tests/`",
/// "Hay dos módulos"): a convention leaves the verb out. And what is on offer ("Docs available
/// in English") describes too.
pub const DESCRIBING_VERBS: &[&str] = &[
    "is",
    "are",
    "was",
    "were",
    "has",
    "have",
    "had",
    "can",
    "will",
    "es",
    "son",
    "está",
    "están",
    "era",
    "eran",
    "hay",
    "tiene",
    "tienen",
    "puede",
    "pueden",
    "available",
    "supported",
    "disponible",
    "disponibles",
];

/// Words that open a command after a dash ("… — never edit it", "… — no CommonJS"): a noun that
/// is also a verb ("`test/` — test fixtures") does not.
pub const DASH_COMMANDS: &[&str] = &[
    "never", "always", "don't", "dont", "do", "avoid", "prefer", "use", "only", "must", "no", "nunca",
    "siempre", "evita", "evitar", "usa", "usar",
];

/// Words that open a condition or a comparison after a dash ("**No `process.env`** - Except in
/// test files", "Prefer template literals - Over string concatenation"): the rule goes on there;
/// it is no reason.
pub const DASH_CONTINUATIONS: &[&str] = &[
    "except",
    "excepting",
    "unless",
    "only",
    "outside",
    "over",
    "instead",
    "rather",
    "when",
    "whenever",
    "if",
    "in",
    "inside",
    "within",
    "excepto",
    "salvo",
    "solo",
    "sólo",
    "únicamente",
    "fuera",
    "cuando",
    "si",
    "en",
    "dentro",
];

/// Commands found after an opening clause that has no comma ("When running migrations use …"):
/// only words that are hardly ever a noun or a third-person verb there.
pub const CLAUSE_COMMANDS: &[&str] = &[
    "use",
    "avoid",
    "prefer",
    "ensure",
    "never",
    "always",
    "usa",
    "utiliza",
    "evita",
    "prefiere",
    "asegúrate",
    "nunca",
    "siempre",
];

/// Words after which the next is not a command: subjects, auxiliaries, relatives ("When we use
/// …", "Tests that use …", "If you don't use …").
pub const NOT_BEFORE_A_COMMAND: &[&str] = &[
    "i", "we", "you", "they", "he", "she", "it", "that", "which", "who", "to", "will", "would", "can",
    "could", "should", "may", "might", "do", "does", "did", "don't", "doesn't", "not", "also", "nosotros",
    "que", "se", "lo", "la", "les", "no",
];

/// Words that carry on a sentence rather than command ("…, then the …", "…, only the …").
pub const CLAUSE_FILLERS: &[&str] = &[
    "then",
    "only",
    "also",
    "just",
    "all",
    "both",
    "so",
    "and",
    "or",
    "but",
    "even",
    "otherwise",
    "entonces",
    "también",
    "solo",
    "sólo",
    "y",
    "o",
    "pero",
];

/// Words that open the object of a command ("execute the file", "run all checks").
pub const OBJECT_OPENERS: &[&str] = &[
    "the", "a", "an", "any", "all", "this", "that", "these", "those", "each", "every", "its", "their",
    "your", "it", "them", "el", "la", "los", "las", "un", "una", "todo", "todos", "todas", "cada", "este",
    "esta", "estos", "estas",
];

/// Verbs of a cross-reference ("For more, see the README"): a pointer, not a rule.
pub const CROSS_REFERENCES: &[&str] = &["see", "ver", "véase", "visit", "visita"];

/// Words of a heading or an introduction that make its task list (`- [ ] …`) a review checklist,
/// whose items are rules, rather than a to-do list or a roadmap, whose items are tasks.
pub const CHECKLIST_WORDS: &[&str] = &[
    "checklist",
    "check list",
    "before submitting",
    "before committing",
    "before merging",
    "before pushing",
    "before opening",
    "definition of done",
    "review",
    "verify",
    "lista de verificación",
    "lista de comprobación",
    "antes de enviar",
    "antes de hacer commit",
    "antes de fusionar",
    "revisión",
    "verifica",
];

/// Modals of an introduction that requires each item under it ("must have:", "debe tener:").
pub const REQUIREMENT_MODALS: &[&str] = &["must", "should", "shall", "debe", "deben"];

/// "… must be:": the items are qualities.
pub const BE_VERBS: &[&str] = &["be", "ser", "estar"];

/// "… must have:": the items are parts every one of a kind has.
pub const HAVE_VERBS: &[&str] = &["have", "include", "contain", "tener", "incluir", "contener"];

/// Subjects that say "every one of a kind" ("All endpoints must have:", "Cada módulo debe tener:").
pub const EVERY_WORDS: &[&str] = &["all", "every", "each", "todos", "todas", "cada"];

/// Verbs that end an introduction whose object is the list under it ("The API includes:",
/// "Los pasos son:"), beyond [`HAVE_VERBS`] and [`BE_VERBS`].
pub const INTRO_VERBS: &[&str] = &["includes", "are", "is", "cover", "son", "es"];

/// Phrases of a preference in a convention's value ("`A` instead of `B`").
pub const PREFERENCE_PHRASES: &[&str] = &["instead of", "rather than", "en lugar de", "en vez de"];

/// Verbs of where things go ("goes in", "live next to", "van en").
pub const PLACEMENT_VERBS: &[&str] = &[
    "go", "goes", "live", "lives", "stay", "stays", "belong", "belongs", "sit", "sits", "va", "van", "vive",
    "viven",
];

/// What follows a verb of [`PLACEMENT_VERBS`] when it says where.
pub const PLACEMENT_PREPOSITIONS: &[&str] = &[
    "in",
    "into",
    "inside",
    "under",
    "next",
    "alongside",
    "beside",
    "en",
    "dentro",
    "junto",
    "bajo",
];

/// Determiners of one particular thing ("The CLI lives in …", "El servidor vive en …"): where it
/// is, not where a kind of thing goes.
pub const SPECIFIC_DETERMINERS: &[&str] = &[
    "the", "this", "that", "its", "our", "el", "la", "este", "esta", "nuestro", "nuestra",
];

/// Labels of an example, which is never a rule of its own ("Example: `x` instead of `y`").
pub const EXAMPLE_LABELS: &[&str] = &[
    "example", "examples", "e.g", "eg", "sample", "ejemplo", "ejemplos",
];

/// A must wherever it is, prose included ("Each raise must include an error code", "I want you
/// to use …").
pub const PROSE_MUSTS: &[&str] = &[
    " must ",
    " must not ",
    " mustn't ",
    " want you to ",
    " we want to always ",
    " it's important to ",
    " it is important to ",
    " make sure ",
    " be sure to ",
    " remember to ",
    " debe ",
    " deben ",
    " no debe ",
    " no deben ",
];

/// A must in a bullet, which may state it in the third person ("Components should be pure",
/// "`Path` is mandatory for paths").
pub const BULLET_MUSTS: &[&str] = &[
    " must ",
    " must not ",
    " mustn't ",
    " should ",
    " should not ",
    " shouldn't ",
    " shall ",
    " needs to ",
    " need to ",
    " has to ",
    " have to ",
    " is required",
    " are required",
    " is mandatory",
    " are mandatory",
    " debe ",
    " deben ",
    " es obligatorio",
    " es obligatoria",
    " son obligatorios",
    " son obligatorias",
    " is forbidden",
    " are forbidden",
    " is not allowed",
    " are not allowed",
    " está prohibido",
    " están prohibidos",
    " está prohibida",
    " están prohibidas",
    " queda prohibido",
    " queda prohibida",
    " quedan prohibidos",
    " quedan prohibidas",
    " se prohíbe",
    " se prohíben",
];

/// Introductions of a list of permissions ("You may:", "Tienes permiso para:"), whose items
/// grant rather than command.
pub const PERMISSIONS: &[&str] = &[
    "you may",
    "you can",
    "you are allowed",
    "you're allowed",
    "feel free",
    "permission to",
    "puedes",
    "tienes permiso",
    "se permite",
    "está permitido",
];

/// Words after "no" that make it no prohibition of a thing ("no one", "no longer", "no es").
pub const NOT_A_THING: &[&str] = &["one", "longer", "more", "matter", "es", "se"];

/// "only" and its Spanish forms, which restrict ("ESM only", "Solo `pnpm`").
pub const ONLY_WORDS: &[&str] = &["only", "solo", "sólo", "únicamente"];

/// Adverbs that make a participle after them a mandate ("always enabled", "nunca commiteado").
pub const ALWAYS_WORDS: &[&str] = &["always", "never", "siempre", "nunca"];

/// Endings of a participle, English and Spanish ("enabled", "activado", "permitidas").
pub const PARTICIPLE_ENDINGS: &[&str] = &["ed", "ado", "ada", "ados", "adas", "ido", "ida", "idos", "idas"];

/// Sentences that only insist on the one before them ("No exceptions.", "Sin excepciones."),
/// lowercase, without emphasis or final punctuation.
pub const EMPHATIC_TAILS: &[&str] = &[
    "no exceptions",
    "no exception",
    "no exceptions whatsoever",
    "without exception",
    "no excuses",
    "period",
    "always",
    "ever",
    "no matter what",
    "this is non-negotiable",
    "non-negotiable",
    "this is mandatory",
    "this is critical",
    "this is important",
    "sin excepciones",
    "sin excepción",
    "sin excusas",
    "siempre",
    "punto",
    "esto es obligatorio",
    "esto es innegociable",
];

/// Marks a line of rules opens with, one rule per line even without a list: "❌ **Don't** …".
pub const LINE_MARKERS: &[char] = &['❌', '✅', '✔', '✓', '✗', '✘', '🚫', '⛔', '⚠', '👉'];
