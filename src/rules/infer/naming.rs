//! Naming conventions as rules state them: which case (camelCase, PascalCase, snake_case,
//! UPPER_SNAKE_CASE, kebab-case, all-lowercase) for which kinds of names (files, variables,
//! functions, types, constants, packages, tables) — "PascalCase (classes/types), camelCase
//! (variables/functions)", "Use snake_case for Python functions, not camelCase", "Classes:
//! PascalCase", "constantes en MAYÚSCULAS", "all lowercase, with dashes separating words".
//! The file-names and identifiers passes check what this reads.

use super::text::{Kind, Token};
use super::words::{FILE_NAME_NOUNS, NEGATIONS, REPLACE_WORDS};

/// A kebab-case name in camelCase: `no-explicit-any` → `noExplicitAny`, `box-shadow` →
/// `boxShadow` (a Biome rule's name, a CSS property in CSS-in-JS).
pub fn kebab_to_camel(kebab: &str) -> String {
    let mut out = String::new();
    for (i, part) in kebab.split('-').enumerate() {
        let mut chars = part.chars();
        if i > 0
            && let Some(first) = chars.next()
        {
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
        } else {
            out.push_str(part);
        }
    }
    out
}

/// A naming case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Kebab,
    Snake,
    Camel,
    Pascal,
    UpperSnake,
    /// "all lowercase", "minúsculas": no capital letter (a separator unsaid).
    Lower,
    /// "start with an underscore": `_` first, any case after.
    Underscored,
    /// `_camelCase`: `_` then camelCase.
    UnderscoreCamel,
}

impl Case {
    /// The case token `i` of `tokens` names, with how many tokens say it ("camel case" is two).
    pub fn read(tokens: &[Token], i: usize) -> Option<(Case, usize)> {
        let t = &tokens[i];
        // `snake_case.go`, `kebab-case.ts`: a file name's case, written as a file name.
        let stem = match t.lower.rsplit_once('.') {
            Some((stem, ext))
                if !t.is_word()
                    && !ext.is_empty()
                    && ext.len() <= 5
                    && ext.chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                stem
            }
            _ => t.lower.as_str(),
        };
        let letters: String = stem.chars().filter(|c| c.is_alphanumeric()).collect();
        let one = match letters.as_str() {
            "kebabcase" => Some(Case::Kebab),
            "snakecase" | "lowersnakecase" | "lowercasewithunderscores" => Some(Case::Snake),
            "camelcase" | "lowercamelcase" | "mixedcaps" => Some(Case::Camel),
            "pascalcase" | "uppercamelcase" => Some(Case::Pascal),
            "uppersnakecase" | "screamingsnakecase" | "screamingsnake" | "constantcase" | "uppercase"
            | "allcaps" | "macrocase" | "mayúsculas" | "mayusculas" => Some(Case::UpperSnake),
            "lowercase" | "alllowercase" | "minúsculas" | "minusculas" => Some(Case::Lower),
            _ => None,
        };
        if let Some(case) = one {
            // `_camelCase`: the underscore is part of the convention.
            let case = if case == Case::Camel && t.text.starts_with('_') {
                Case::UnderscoreCamel
            } else {
                case
            };
            return Some((case, 1));
        }
        // "camel case", "snake case", "upper case", "lower case".
        let next = tokens.get(i + 1).filter(|n| n.is_word())?;
        if !t.is_word() || next.lower != "case" {
            return None;
        }
        let case = match t.lower.as_str() {
            "kebab" => Case::Kebab,
            "snake" => Case::Snake,
            "camel" => Case::Camel,
            "pascal" => Case::Pascal,
            "upper" => Case::UpperSnake,
            "lower" => Case::Lower,
            _ => return None,
        };
        Some((case, 2))
    }

    pub fn name(self) -> &'static str {
        match self {
            Case::Kebab => "kebab-case",
            Case::Snake => "snake_case",
            Case::Camel => "camelCase",
            Case::Pascal => "PascalCase",
            Case::UpperSnake => "UPPER_SNAKE_CASE",
            Case::Lower => "lowercase",
            Case::Underscored => "a leading underscore",
            Case::UnderscoreCamel => "_camelCase",
        }
    }
}

/// A kind of name a case is mandated for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    Files,
    Variables,
    Functions,
    Types,
    Constants,
    Packages,
    /// SQL tables.
    Tables,
    /// SQL columns.
    Columns,
    /// A language's keywords ("uppercase for SQL keywords").
    Keywords,
    /// UI components ("PascalCase for components").
    Components,
    /// Private fields ("Private fields should start with an underscore", "camelCase for
    /// private", "`_camelCase` private readonly").
    PrivateFields,
    /// Public members — fields, properties, methods ("PascalCase for public members").
    PublicMembers,
    /// Go's exported names, which start with a capital ("PascalCase for exported identifiers").
    Exported,
    /// Go's unexported names, which start in lowercase ("camelCase for unexported").
    Unexported,
    /// Terraform's resources, data sources, modules and outputs, named by their block labels.
    Resources,
    /// Parameters of functions and methods ("camelCase locals/parameters").
    Parameters,
    /// Modules as code declares them (Elixir's `defmodule`): "PascalCase for modules".
    Modules,
    /// Names no declaration shows (props, fields, keys, routes, CSS classes, env vars…).
    Other,
}

impl Subject {
    fn of(word: &str) -> Option<Subject> {
        Some(match word {
            w if FILE_NAME_NOUNS.contains(&w) => Subject::Files,
            "directories" | "directory" | "folders" | "folder" | "dirs" | "directorios" | "carpetas" => {
                Subject::Files
            }
            "variable" | "variables" | "vars" | "var" | "locals" => Subject::Variables,
            "function" | "functions" | "method" | "methods" | "funcs" | "funciones" | "función"
            | "funcion" | "métodos" | "metodos" | "método" | "metodo" => Subject::Functions,
            "identifier" | "identifiers" | "identificadores" => Subject::Variables,
            "class" | "classes" | "type" | "types" | "interface" | "interfaces" | "enum" | "enums"
            | "struct" | "structs" | "trait" | "traits" | "record" | "records" | "protocol" | "protocols"
            | "clases" | "clase" | "tipos" | "tipo" | "interfaz" | "enumeraciones" | "estructuras" => {
                Subject::Types
            }
            "constant" | "constants" | "consts" | "constantes" | "constante" => Subject::Constants,
            "package" | "packages" | "paquetes" | "paquete" => Subject::Packages,
            "table" | "tables" | "tablas" | "tabla" => Subject::Tables,
            "column" | "columns" | "columnas" | "columna" => Subject::Columns,
            "keywords" | "keyword" | "reservadas" => Subject::Keywords,
            "resource" | "resources" | "recurso" | "recursos" => Subject::Resources,
            "parameters" | "params" | "parameter" | "param" | "arguments" | "argument" | "args"
            | "parámetros" | "parametros" | "parámetro" | "parametro" | "argumentos" => Subject::Parameters,
            "modules" | "module" | "módulos" | "modulos" | "módulo" | "modulo" => Subject::Modules,
            "props" | "properties" | "property" | "fields" | "field" | "keys" | "key" | "attributes"
            | "routes" | "endpoints" | "events" | "hooks" | "propiedades" | "campos" | "claves" | "rutas"
            | "contents" | "content" | "contenido" => Subject::Other,
            "components" | "component" | "componentes" | "componente" => Subject::Components,
            _ => return None,
        })
    }
}

/// Words just before a kind of name that make it another domain's (`CSS classes`, `env vars`,
/// `JSON keys`, `database tables` stay tables).
const OTHER_DOMAINS: &[&str] = &[
    "css",
    "html",
    "json",
    "env",
    "environment",
    "entorno",
    "api",
    "url",
    "urls",
    "graphql",
    "yaml",
    "xml",
    "tailwind",
    "bem",
    "test",
    "tests",
    "git",
    "branch",
    "branches",
];

/// One case mandated for some kinds of names, with the words that named the case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseMandate {
    pub case: Case,
    pub said: String,
    pub subjects: Vec<Subject>,
    /// The kinds were said after the case ("kebab-case (files/directories)"), not before it
    /// ("File naming: PascalCase for components, kebab-case for utilities" names the domain
    /// of every case, not the first one's kind).
    pub said_after: bool,
}

impl CaseMandate {
    pub fn about(&self, subject: Subject) -> bool {
        self.subjects.contains(&subject)
    }

    /// About file names only, said after the case ("kebab-case (files/directories)").
    pub fn only_files(&self) -> bool {
        // A module is a file in most languages ("snake_case (files/modules)").
        self.said_after
            && self.subjects.contains(&Subject::Files)
            && self
                .subjects
                .iter()
                .all(|s| matches!(s, Subject::Files | Subject::Modules))
    }
}

/// Whether a code span names a naming convention (`camelCase`, `MixedCaps`, `snake_case`,
/// `SCREAMING_SNAKE_CASE`…) rather than code: "No `_` or `mixedCaps`" forbids a style, not an
/// identifier spelled `mixedCaps`.
pub fn is_naming_case(text: &str) -> bool {
    let letters: String = text
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_lowercase();
    matches!(
        letters.as_str(),
        "kebabcase"
            | "snakecase"
            | "camelcase"
            | "lowercamelcase"
            | "pascalcase"
            | "uppercamelcase"
            | "mixedcaps"
            | "screamingsnakecase"
            | "uppersnakecase"
            | "constantcase"
            | "titlecase"
    )
}

/// The rule's sentences: split at `.`, `;`, `!` and `?`, not at a label's `:` or a bracket
/// (`Files: kebab-case (`a-b.ts`)` is one).
pub fn sentences(tokens: &[Token]) -> Vec<&[Token]> {
    tokens
        .split(|t| t.kind == Kind::Sep && matches!(t.text.as_str(), "." | ";" | "!" | "?"))
        .filter(|s| !s.is_empty())
        .collect()
}

/// The kinds of names token `t` says (a path token `classes/types` says two), `None` when it
/// says none; `prev` is the word before it.
fn subjects_of(t: &Token, prev: Option<&Token>) -> Vec<Subject> {
    let other_domain = prev.is_some_and(|p| p.is_word() && OTHER_DOMAINS.contains(&p.lower.as_str()));
    let parts: Vec<String> = match t.kind {
        Kind::Word => vec![t.lower.clone()],
        Kind::Path => t
            .text
            .split('/')
            .filter(|p| !p.is_empty())
            .map(str::to_lowercase)
            .collect(),
        _ => Vec::new(),
    };
    parts
        .iter()
        .filter_map(|p| Subject::of(p))
        .map(|s| {
            if other_domain && !matches!(s, Subject::Tables | Subject::Columns) {
                Subject::Other
            } else {
                s
            }
        })
        .collect()
}

/// The kinds of names a rule's leading label says ("**Components**: … PascalCase naming"): the
/// words before its first colon, when they are a label of at most three words.
pub fn label_subjects(tokens: &[Token]) -> Vec<Subject> {
    let Some(colon) = tokens.iter().position(|t| t.kind == Kind::Sep && t.text == ":") else {
        return Vec::new();
    };
    if colon == 0 || colon > 3 {
        return Vec::new();
    }
    let mut out: Vec<Subject> = Vec::new();
    for (k, t) in tokens[..colon].iter().enumerate() {
        for s in subjects_of(t, k.checked_sub(1).map(|p| &tokens[p])) {
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// The cases a sentence mandates, each with the kinds of names it is for. A case after a
/// negation or "instead of" is the one replaced and mandates nothing. The kinds go with the
/// case they follow ("camelCase for variables, PascalCase for classes") or, when the sentence
/// names a kind before its first case, with the case they precede ("Variables in camelCase,
/// classes in PascalCase", "Classes: PascalCase").
pub fn mandates(sentence: &[Token]) -> Vec<CaseMandate> {
    let mut cases: Vec<(usize, usize, Case, bool)> = Vec::new();
    let mut i = 0;
    while i < sentence.len() {
        if let Some((case, len)) = Case::read(sentence, i) {
            let replaced = sentence[i.saturating_sub(3)..i].iter().any(|p| {
                p.is_word()
                    && (NEGATIONS.contains(&p.lower.as_str()) || REPLACE_WORDS.contains(&p.lower.as_str()))
            });
            cases.push((i, len, case, replaced));
            i += len;
        } else {
            i += 1;
        }
    }
    if let Some(at) = underscore_prefix(sentence)
        && !cases.iter().any(|c| c.2 == Case::UnderscoreCamel)
    {
        cases.push((at, 1, Case::Underscored, false));
        cases.sort_by_key(|c| c.0);
    }
    if cases.is_empty() {
        return Vec::new();
    }
    // Whether a following "contents" makes a file noun no name ("camelCase for file contents").
    let subjects_in = |from: usize, to: usize| -> Vec<Subject> {
        let mut out: Vec<Subject> = Vec::new();
        for k in from..to {
            let next_is_content = sentence.get(k + 1).is_some_and(|n| {
                n.is_word() && matches!(n.lower.as_str(), "contents" | "content" | "contenido")
            });
            // "component files": the files' names, not the components'.
            let next_is_file = sentence
                .get(k + 1)
                .is_some_and(|n| n.is_word() && FILE_NAME_NOUNS.contains(&n.lower.as_str()));
            if let Some(s) = access_subject(sentence, k)
                && !out.contains(&s)
            {
                out.push(s);
            }
            // "exported identifiers": the exported ones, not every identifier.
            let after_export = k
                .checked_sub(1)
                .and_then(|p| access_subject(sentence, p))
                .is_some_and(|s| matches!(s, Subject::Exported | Subject::Unexported));
            if after_export
                && sentence[k].is_word()
                && GENERIC_NAME_WORDS.contains(&sentence[k].lower.as_str())
            {
                continue;
            }
            for s in subjects_of(&sentence[k], k.checked_sub(1).map(|p| &sentence[p])) {
                let s = match s {
                    Subject::Files if next_is_content => Subject::Other,
                    Subject::Components if next_is_file => continue,
                    s => s,
                };
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    };
    let first_case = cases[0].0;
    let kinds_first = !subjects_in(0, first_case).is_empty();
    let mut out = Vec::new();
    for (n, &(at, len, case, replaced)) in cases.iter().enumerate() {
        let subjects = if kinds_first {
            let from = n.checked_sub(1).map_or(0, |p| cases[p].0 + cases[p].1);
            subjects_in(from, at)
        } else {
            let to = cases.get(n + 1).map_or(sentence.len(), |c| c.0);
            subjects_in(at + len, to)
        };
        // "all lowercase, with dashes separating words": kebab-case; "… with underscores": snake_case.
        let case = match case {
            Case::Lower if says(sentence, &["dashes", "dash", "hyphens", "hyphen", "guiones"]) => Case::Kebab,
            Case::Lower if says(sentence, &["underscores", "underscore"]) => Case::Snake,
            // "CamelCase for classes" (PEP 8's word for CapWords): no language writes class names
            // in lower camelCase.
            // The same of modules ("`CamelCase` for modules": Elixir's).
            Case::Camel
                if !subjects.is_empty()
                    && subjects
                        .iter()
                        .all(|s| matches!(s, Subject::Types | Subject::Modules)) =>
            {
                Case::Pascal
            }
            case => case,
        };
        if replaced || out.iter().any(|m: &CaseMandate| m.case == case) {
            continue;
        }
        let said: Vec<&str> = sentence[at..at + len].iter().map(|t| t.text.as_str()).collect();
        out.push(CaseMandate {
            case,
            said: said.join(" "),
            subjects,
            said_after: !kinds_first,
        });
    }
    out
}

/// Private fields or public members, said by "private"/"public" ("privados"/"públicos")
/// right before a word for fields or members ("private fields", "private readonly") or with no
/// noun after ("camelCase for private"); after one in Spanish ("campos privados"). "private
/// methods" are methods.
fn access_subject(sentence: &[Token], k: usize) -> Option<Subject> {
    let t = &sentence[k];
    if !t.is_word() {
        return None;
    }
    let subject = match t.lower.as_str() {
        // "PascalCase for exported identifiers, camelCase for unexported" (Go's names).
        "exported" | "exportados" | "exportadas" => return Some(Subject::Exported),
        "unexported" | "non-exported" => return Some(Subject::Unexported),
        "private" | "privado" | "privados" | "privada" | "privadas" => Subject::PrivateFields,
        "public" | "público" | "públicos" | "publico" | "publicos" | "pública" | "públicas" => {
            Subject::PublicMembers
        }
        _ => return None,
    };
    let is_member_word = |w: &Token| w.is_word() && MEMBER_WORDS.contains(&w.lower.as_str());
    let before = k.checked_sub(1).map(|p| &sentence[p]);
    let after = sentence.get(k + 1);
    let noun_after = after.is_none_or(|n| {
        !n.is_word() || is_member_word(n) || matches!(n.lower.as_str(), "and" | "or" | "y" | "o")
    });
    (noun_after || before.is_some_and(is_member_word)).then_some(subject)
}

/// Words for names in general, which after "exported" say nothing more ("exported identifiers").
const GENERIC_NAME_WORDS: &[&str] = &[
    "identifiers",
    "identifier",
    "names",
    "name",
    "symbols",
    "identificadores",
    "nombres",
];

/// Words for the members an access modifier qualifies ("private fields", "public members").
const MEMBER_WORDS: &[&str] = &[
    "field",
    "fields",
    "member",
    "members",
    "readonly",
    "instance",
    "variables",
    "campo",
    "campos",
    "miembro",
    "miembros",
    "atributos",
    "atributo",
];

/// "Private fields should start with an underscore", "prefix private fields with an underscore":
/// the position of the word for the underscore, when a word says it goes first (not "lowercase
/// with underscores", a separator).
fn underscore_prefix(sentence: &[Token]) -> Option<usize> {
    let at = sentence.iter().position(|t| {
        (t.is_word() && matches!(t.lower.as_str(), "underscore" | "underscores"))
            || (t.is_code() && t.text == "_")
    })?;
    let first = says(
        sentence,
        &[
            "start",
            "starts",
            "begin",
            "begins",
            "prefix",
            "prefixed",
            "prefixes",
            "leading",
            "empiezan",
            "empezar",
            "comienzan",
            "comenzar",
            "prefijo",
        ],
    );
    (first && !says(sentence, NEGATIONS)).then_some(at)
}

fn says(sentence: &[Token], words: &[&str]) -> bool {
    sentence
        .iter()
        .any(|t| t.is_word() && words.contains(&t.lower.as_str()))
}

#[cfg(test)]
mod tests {
    use super::super::text::tokenize;
    use super::*;
    use Subject::*;

    fn read(text: &str) -> Vec<(Case, Vec<Subject>)> {
        let tokens = tokenize(text);
        sentences(&tokens)
            .into_iter()
            .flat_map(mandates)
            .map(|m| (m.case, m.subjects))
            .collect()
    }

    #[test]
    fn cases_go_with_the_kinds_they_are_said_for() {
        assert_eq!(
            read(
                "Follow naming conventions: PascalCase (classes/types/interfaces), camelCase (variables/functions), kebab-case (files/directories), UPPER_SNAKE_CASE (constants/env vars)"
            ),
            [
                (Case::Pascal, vec![Types]),
                (Case::Camel, vec![Variables, Functions]),
                (Case::Kebab, vec![Files]),
                (Case::UpperSnake, vec![Constants, Other]),
            ]
        );
        // PEP 8's "CamelCase" for classes is PascalCase, and so for (Elixir's) modules.
        assert_eq!(read("Use CamelCase for classes."), [(Case::Pascal, vec![Types])]);
        assert_eq!(
            read("Naming: `lower_snake_case` for vars/functions, `CamelCase` for modules"),
            [
                (Case::Snake, vec![Variables, Functions]),
                (Case::Pascal, vec![Modules])
            ]
        );
        // A module is a file: "snake_case (files/modules)" is said of file names alone.
        let tokens = tokenize("Use snake_case (files/modules), PascalCase for classes");
        let all: Vec<CaseMandate> = sentences(&tokens).into_iter().flat_map(mandates).collect();
        assert!(all[0].only_files() && !all[1].only_files());
        assert_eq!(
            read("PascalCase types/methods; camelCase locals/parameters"),
            [
                (Case::Pascal, vec![Types, Functions]),
                (Case::Camel, vec![Variables, Parameters])
            ]
        );
        assert_eq!(
            read("Use camelCase for variables and functions, PascalCase for classes."),
            [
                (Case::Camel, vec![Variables, Functions]),
                (Case::Pascal, vec![Types])
            ]
        );
        assert_eq!(
            read("Variables and functions in camel case; classes in PascalCase."),
            [
                (Case::Camel, vec![Variables, Functions]),
                (Case::Pascal, vec![Types])
            ]
        );
        assert_eq!(
            read("**Variables, Functions, and Methods:** Use `camelCase` for unexported identifiers"),
            [(Case::Camel, vec![Variables, Functions])]
        );
        assert_eq!(
            read("Tipos/Interfaces: PascalCase con prefijo I"),
            [(Case::Pascal, vec![Types])]
        );
        assert_eq!(
            read("Nombres de variables en camelCase y constantes en MAYÚSCULAS"),
            [
                (Case::Camel, vec![Variables]),
                (Case::UpperSnake, vec![Constants])
            ]
        );
    }

    #[test]
    fn access_modifiers_say_private_fields_and_public_members() {
        assert_eq!(
            read("Private fields should start with an underscore."),
            [(Case::Underscored, vec![PrivateFields, Other])]
        );
        assert_eq!(
            read("Use C# naming conventions (PascalCase for public members, camelCase for private)"),
            [
                (Case::Pascal, vec![PublicMembers]),
                (Case::Camel, vec![PrivateFields])
            ]
        );
        assert_eq!(
            read("`_camelCase` private readonly"),
            [(Case::UnderscoreCamel, vec![PrivateFields])]
        );
        assert_eq!(
            read("Los campos privados en camelCase."),
            [(Case::Camel, vec![Other, PrivateFields])]
        );
        // Private methods are methods; "lowercase with underscores" separates words.
        assert_eq!(
            read("camelCase for private methods"),
            [(Case::Camel, vec![Functions])]
        );
        assert_eq!(
            read("Table names all lowercase with underscores"),
            [(Case::Snake, vec![Tables])]
        );
        assert_eq!(read("Never prefix private fields with an underscore."), []);
    }

    #[test]
    fn a_replaced_case_mandates_nothing_and_contents_are_no_names() {
        assert_eq!(
            read("Use `snake_case` for Python functions, not `camelCase`."),
            [(Case::Snake, vec![Functions])]
        );
        assert_eq!(
            read("Use kebab-case for file names and camelCase for file contents."),
            [(Case::Kebab, vec![Files]), (Case::Camel, vec![Other])]
        );
        assert_eq!(
            read("Use kebab-case for CSS classes."),
            [(Case::Kebab, vec![Other])]
        );
        assert_eq!(read("Use camelCase."), [(Case::Camel, vec![])]);
        assert_eq!(
            read("Use PascalCase for components"),
            [(Case::Pascal, vec![Components])]
        );
        assert_eq!(
            read("PascalCase for component files"),
            [(Case::Pascal, vec![Files])]
        );
    }
}
