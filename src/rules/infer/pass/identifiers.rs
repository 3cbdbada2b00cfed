//! Identifiers pass: a naming case mandated for kinds of names the code declares — "camelCase
//! (variables/functions)", "Use snake_case for Python functions", "Classes: PascalCase",
//! "UPPER_SNAKE_CASE for constants", "Packages: all-lowercase names", "lowercase table and
//! column names" — checks the declarations whose name breaks it (`const min_age_years`,
//! `def getUser(`, `interface payment_plan`, `package docCache`, `CREATE TABLE UserAccounts`).
//! Only where a declaration shows what it declares: kinds of names no keyword tells apart
//! (props, fields, routes, components) are left alone.

use super::super::files::{FileScope, Lang};
use super::super::naming::{Case, CaseMandate, Subject, label_subjects, mandates, sentences};
use super::{At, Context, Found, lang_names, same_family};
use crate::rules::model::Within;

/// A name with an underscore next to a letter and a lowercase letter: not camelCase (nor
/// PascalCase); `UPPER_SNAKE` constants, leading underscores (`_unused`) and underscores that
/// group digits (`remittances36_02_05`) pass.
macro_rules! not_camel {
    () => {
        r"_*(?:[A-Za-z0-9_]*[a-z][A-Za-z0-9_]*(?:[A-Za-z]_+[A-Za-z0-9]|[A-Za-z0-9]_+[A-Za-z])[A-Za-z0-9_]*|[A-Za-z0-9_]*(?:[A-Za-z]_+[A-Za-z0-9]|[A-Za-z0-9]_+[A-Za-z])[A-Za-z0-9_]*[a-z][A-Za-z0-9_]*)"
    };
}
const NOT_CAMEL: &str = not_camel!();
/// A name starting lowercase with a capital later (`getUser`): not snake_case. One starting
/// with a capital (`MyType = TypeVar(…)`, a class alias) is not a variable's name to judge.
const NOT_SNAKE: &str = r"_*[a-z][a-z0-9_]*[A-Z][A-Za-z0-9_]*";
/// A name starting lowercase, or with an underscore inside: not PascalCase.
const NOT_PASCAL: &str = r"_*[a-z][A-Za-z0-9_]*|_*[A-Z][A-Za-z0-9]*_[A-Za-z0-9_]*";
/// A name with a lowercase letter: not UPPER_SNAKE_CASE.
const NOT_UPPER: &str = r"_*[A-Z0-9_]*[a-z][A-Za-z0-9_]*";
/// Terraform: a name with a capital or a dash — not snake_case (`searchService`, `eks-network`).
const NOT_SNAKE_TERRAFORM: &str = r"[A-Za-z0-9_-]*[A-Z-][A-Za-z0-9_-]*";
/// A name with a capital letter: not all lowercase.
const NOT_LOWER: &str = r"[a-z0-9_]*[A-Z][A-Za-z0-9_]*";
/// A member's name that is not camelCase: PascalCase (`MuzzleVelocity`; a field's name, unlike a
/// JavaScript constant's, is never a component's) or with an underscore inside.
const NOT_CAMEL_MEMBER: &str = concat!(r"_*[A-Z][A-Z0-9]*[a-z][A-Za-z0-9_]*|", not_camel!());
/// Go: an exported name (a capital first) with an underscore — not PascalCase (`DEFAULT_PAGE_SIZE`).
const EXPORTED_NOT_PASCAL: &str = r"[A-Z][A-Za-z0-9]*_[A-Za-z0-9_]*";
/// Go: an unexported name (lowercase first) with an underscore — not camelCase (`process_memo`).
const UNEXPORTED_NOT_CAMEL: &str = r"[a-z][A-Za-z0-9]*_[A-Za-z0-9_]*";
/// A name that does not start with an underscore.
const NOT_UNDERSCORED: &str = r"[A-Za-z][A-Za-z0-9_]*";
/// A name that is not `_` then camelCase (`syncRoot`, `_SyncRoot`, `_sync_root`).
const NOT_UNDERSCORE_CAMEL: &str =
    r"[A-Za-z][A-Za-z0-9_]*|_[A-Z0-9_][A-Za-z0-9_]*|_[a-z][A-Za-z0-9]*_[A-Za-z0-9_]*";
/// A name with capitals and lowercase letters (`UserAccounts`, `displayName`): not a lowercase
/// SQL name. All-capital words are keywords (`IF NOT EXISTS`), never taken for a name.
const MIXED_CASE: &str = r"\w*(?:[a-z]\w*[A-Z]|[A-Z]\w*[a-z])\w*";

/// Where declarations show a kind of name, as a pattern with `{N}` for the name.
pub(super) struct Form {
    /// What it finds, for `--explain`.
    pub(super) what: &'static str,
    pub(super) subject: Subject,
    pub(super) langs: &'static [Lang],
    pub(super) template: &'static str,
    /// Files whose names tools or conventions fix (generated code, migrations).
    pub(super) exclude: &'static [&'static str],
}

impl Form {
    /// The files of `langs` (among this form's) its declarations are checked in: this form's
    /// exclusions left out, the rule's folders and exceptions applied.
    pub(super) fn scope(&self, ctx: &Context, langs: &[Lang]) -> FileScope {
        let mut scope = FileScope::of_langs(langs, String::new()).titled(&lang_names(langs));
        scope.exclude.extend(self.exclude.iter().map(|e| e.to_string()));
        ctx.narrow(&mut scope);
        scope
    }

    /// Where a declared name stands: Terraform's names are block labels, written as strings;
    /// every other language's are code.
    pub(super) fn within(&self) -> Within {
        if self.langs == [Lang::Terraform] {
            Within::Any
        } else {
            Within::Code
        }
    }
}

const C_LIKE: &[Lang] = &[
    Lang::TypeScript,
    Lang::JavaScript,
    Lang::Kotlin,
    Lang::Swift,
    Lang::Go,
    Lang::Rust,
    Lang::Php,
];
/// C#'s generated code: EF migrations, source generators' `*.g.cs`, designers' `*.Designer.cs`.
const CSHARP_GENERATED: &[&str] = &["!**/Migrations/**", "!**/*.g.cs", "!**/*.Designer.cs"];
/// Generated Go, and tests whose names take underscores by convention: Go's and Kotlin's
/// (`Test_parse_error`, `fun test_login_fails()`), PHPUnit's (`it_can_pin_a_note()`).
const GENERATED_AND_TESTS: &[&str] = &[
    "!*.pb.go",
    "!*_gen.go",
    "!*_generated.go",
    "!zz_generated*",
    "!*_test.go",
    "!**/src/test/**",
    "!**/src/androidTest/**",
    "!**/tests/**/*.php",
];

/// Go's declarations of names, for a case said of its exported or unexported names: whether a
/// name is exported is its first letter's case, which the names that break the case say.
const fn go_forms(subject: Subject) -> [Form; 4] {
    const fn go(what: &'static str, subject: Subject, template: &'static str) -> Form {
        Form {
            what,
            subject,
            langs: &[Lang::Go],
            template,
            exclude: GENERATED_AND_TESTS,
        }
    }
    [
        go(
            "Go's `func` (methods too), `type`, `const` and `var` declarations",
            subject,
            r"(?:^|[^\w$.])(?:func(?:[ \t]*\([^)\n]*\))?|type|const|var)[ \t]+(?P<hit>{N})\b",
        ),
        go(
            "Go's `:=` declarations (each name of a list)",
            subject,
            r"(?:^|[^\w$.])(?P<hit>{N})[ \t]*(?:,[ \t]*\w+[ \t]*)*:=",
        ),
        // An indented line of a name and a type alone (a tag after): a statement has more, or
        // no type (`return err`'s `return` is no name with an underscore).
        go(
            "Go's struct fields (an indented name and type)",
            subject,
            r"^[ \t]+(?P<hit>{N})[ \t]+[\w.*\[\]]+(?:[ \t]+`[^`\n]*`)?[ \t]*\r?$",
        ),
        // Initialized with a literal or `iota`, as constants are.
        go(
            "Go's entries of `const (…)` and `var (…)` blocks (an indented name given a literal)",
            subject,
            r#"^[ \t]+(?P<hit>{N})(?:[ \t]+[\w.*\[\]]+)?[ \t]*=[ \t]*(?:iota\b|[-+]?[0-9]|"|`|'|true\b|false\b)"#,
        ),
    ]
}
const GO_EXPORTED: [Form; 4] = go_forms(Subject::Exported);
const GO_UNEXPORTED: [Form; 4] = go_forms(Subject::Unexported);

/// Every form this pass checks: the shared ones, Go's by export, then C#'s and Java's methods
/// and parameters.
fn all_forms() -> impl Iterator<Item = &'static Form> {
    FORMS
        .iter()
        .chain(&GO_EXPORTED)
        .chain(&GO_UNEXPORTED)
        .chain(METHODS_AND_PARAMETERS)
}

/// A Python file that imports a GUI toolkit with camelCase methods, consumed whole. ASCII
/// classes and boundary: with Unicode ones the search left the fast automaton at a file's
/// first non-ASCII byte, and a Qt project's `check` took 1.6 times as long.
const PYTHON_GUI_TOOLKIT_FILE: &str =
    r"\A(?s:.*?)^[ \t]*(?:from|import)[ \t]+(?:PySide[0-9]?|PyQt[0-9]|qtpy|wx)(?-u:\b)(?s:.*)";

pub(super) const FORMS: &[Form] = &[
    Form {
        what: "Terraform variables (`variable \"name\"`)",
        subject: Subject::Variables,
        langs: &[Lang::Terraform],
        template: r#"^[ \t]*variable[ \t]+"(?P<hit>{N})"[ \t]*\{"#,
        exclude: &[],
    },
    Form {
        what: "Terraform resources, data sources, modules and outputs (their name labels)",
        subject: Subject::Resources,
        langs: &[Lang::Terraform],
        template: r#"^[ \t]*(?:(?:resource|data)[ \t]+"[^"\n]*"|module|output)[ \t]+"(?P<hit>{N})"[ \t]*\{"#,
        exclude: &[],
    },
    Form {
        what: "variable declarations (`const`/`let`/`var`/`val`)",
        subject: Subject::Variables,
        langs: C_LIKE,
        template: r"(?:^|[^\w$.])(?:const|let|var|val)(?:[ \t]+mut)?[ \t]+(?P<hit>{N})(?:[^\w$]|$)",
        exclude: GENERATED_AND_TESTS,
    },
    Form {
        what: "C#'s and Java's `var` locals (`var name = …`, `foreach (var name in …)`)",
        subject: Subject::Variables,
        langs: &[Lang::CSharp, Lang::Java],
        template: r"(?:^|[^\w$.])var[ \t]+(?P<hit>{N})[ \t]*(?:=[^=]|in\b|:)",
        exclude: &["!**/Migrations/**"],
    },
    Form {
        what: "`:=` declarations",
        subject: Subject::Variables,
        langs: &[Lang::Go],
        template: r"(?:^|[^\w$.])(?P<hit>{N})[ \t]*:=",
        exclude: GENERATED_AND_TESTS,
    },
    Form {
        what: "function declarations (`function`/`fn`/`fun`/`func`)",
        subject: Subject::Functions,
        langs: C_LIKE,
        template: r"(?:^|[^\w$.])(?:function|fun|func|fn)(?:[ \t]*\*[ \t]*|[ \t]+)(?:<[^>\n]*>[ \t]*)?(?:\([^)\n]*\)[ \t]*)?(?:[A-Za-z_]\w*\.)?(?P<hit>{N})[ \t]*[(<\[]",
        exclude: GENERATED_AND_TESTS,
    },
    Form {
        // At a line's start (a definition or prototype, not a call): a type, then the name and
        // `(`; `Class::method` definitions and macros (`TEST(a, b)`, no type) are not matched.
        what: "C/C++ function definitions and prototypes (`type name(` at a line's start)",
        subject: Subject::Functions,
        langs: &[Lang::Cpp],
        template: r"^(?:(?:static|inline|extern|const|unsigned|signed|struct|enum|volatile)[ \t]+)*[A-Za-z_]\w*(?:[ \t]*\*+[ \t]*|[ \t]+\**)(?P<hit>{N})[ \t]*\(",
        exclude: &[],
    },
    Form {
        what: "PHP variable assignments (`$name = …`)",
        subject: Subject::Variables,
        langs: &[Lang::Php],
        template: r"(?:^|[^\w$>:])\$(?P<hit>{N})[ \t]*=[^=>]",
        exclude: &[],
    },
    Form {
        // unittest's and ast's hooks are named by the framework.
        what: "`def` (unittest's `setUp`/`tearDown` and `visit_*` hooks left out)",
        subject: Subject::Functions,
        langs: &[Lang::Python],
        template: r"^[ \t]*(?:async[ \t]+)?def[ \t]+(?:(?:setUp|tearDown|setUpClass|tearDownClass|setUpModule|tearDownModule|asyncSetUp|asyncTearDown|setUpTestData|visit_\w+|depart_\w+|generic_visit)[ \t]*\(|(?P<hit>{N})[ \t]*[(\[])",
        exclude: &[],
    },
    Form {
        what: "assignments (`name = …`, `name: T = …`)",
        subject: Subject::Variables,
        langs: &[Lang::Python],
        template: r"^[ \t]*(?P<hit>{N})(?:[ \t]*:[^=\n]+?[ \t]*=|[ \t]+=)(?:[^=]|$)",
        exclude: &[],
    },
    Form {
        what: "`def`",
        subject: Subject::Functions,
        langs: &[Lang::Ruby],
        template: r"^[ \t]*def[ \t]+(?:self\.)?(?P<hit>{N})[?!]?(?:[ \t]*[(;]|[ \t]*\r?$)",
        exclude: &[],
    },
    Form {
        what: "`def`/`defp`/`defmacro`",
        subject: Subject::Functions,
        langs: &[Lang::Elixir],
        template: r"^[ \t]*def(?:p|macrop?|guardp?|delegate)?[ \t]+(?P<hit>{N})[?!]?(?:[ \t]*[(,]|[ \t]+(?:do|when)\b|[ \t]*\r?$)",
        exclude: &[],
    },
    Form {
        what: "assignments (`name = …`)",
        subject: Subject::Variables,
        langs: &[Lang::Elixir],
        template: r"^[ \t]*(?P<hit>{N})[ \t]*=[ \t]*(?:[^=~>]|$)",
        exclude: &[],
    },
    Form {
        // The whole dotted name is reported, for any of its segments.
        what: "`defmodule` names (each dotted segment)",
        subject: Subject::Modules,
        langs: &[Lang::Elixir],
        template: r"^[ \t]*defmodule[ \t]+(?P<hit>(?:[A-Za-z0-9_]+\.)*(?:{N})(?:\.[A-Za-z0-9_]+)*)[ \t]*(?:,|do\b|\r?$)",
        exclude: &[],
    },
    Form {
        what: "shell functions (`name() {`, `function name {`)",
        subject: Subject::Functions,
        langs: &[Lang::Shell],
        template: r"^[ \t]*(?:function[ \t]+)?(?P<hit>{N})[ \t]*(?:\(\)|\{)",
        exclude: &[],
    },
    Form {
        what: "assignments (`name = …`)",
        subject: Subject::Variables,
        langs: &[Lang::Ruby],
        template: r"^[ \t]*(?P<hit>{N})[ \t]+=[ \t]*(?:[^=~>]|$)",
        exclude: &[],
    },
    Form {
        // Only where the declaration shows a component: a helper function in a `.tsx` file is
        // none, nor a hook (`useThing`) or a render helper (`renderRow`) returning JSX — consumed
        // by an alternative with no hit.
        what: "React components: functions returning `JSX.Element`/`ReactElement`/`ReactNode`, `FC`-typed constants, `memo`/`forwardRef` results and class components",
        subject: Subject::Components,
        langs: &[Lang::React],
        template: r"(?:^|[^\w$.])(?:function|const|let|class)[ \t]+(?:(?:use|render)[A-Z0-9_]\w*|(?P<hit>{N}))(?:[ \t]*(?:<[^>\n]*>[ \t]*)?\([^)\n]*\)[ \t]*:[ \t]*(?:React\.)?(?:JSX\.Element|ReactElement|ReactNode)\b|[ \t]*:[ \t]*(?:React\.)?(?:FC|FunctionComponent|VFC)\b|[ \t]*=[ \t]*(?:React\.)?(?:memo|forwardRef)[ \t]*[(<]|[ \t]+extends[ \t]+(?:React\.)?(?:Pure)?Component\b)",
        exclude: &[],
    },
    Form {
        what: "type declarations (`class`/`interface`/`enum`/`struct`/`record`/`trait`/`protocol`/`type`)",
        subject: Subject::Types,
        langs: &[
            Lang::TypeScript,
            Lang::JavaScript,
            Lang::Python,
            Lang::Java,
            Lang::Kotlin,
            Lang::CSharp,
            Lang::Swift,
            Lang::Php,
            Lang::Rust,
        ],
        // `type` declares only as an alias (`type Row = …`): `import { type Props, … }` imports
        // one and `value as` after a variable named `type` casts; both are consumed unflagged.
        template: r"(?:^|[^\w$.@])(?:type[ \t]+[\w$]+[ \t]*(?:,|\}|\r?$)|(?:class|interface|enum|struct|record|trait|protocol|actor|type)[ \t]+(?P<hit>{N})[ \t]*(?:[:{(<=,]|\b(?:extends|implements)\b|\r?$))",
        exclude: &[],
    },
    Form {
        // Module-level names bound to a literal; dunders (`__version__`) are the language's,
        // `app_name` and `default_app_config` names Django reads as they are.
        what: "module-level assignments of a literal (dunders and Django's `app_name`, `default_app_config` left out)",
        subject: Subject::Constants,
        langs: &[Lang::Python],
        template: r#"^(?:__\w+__|(?:app_name|default_app_config)\b|(?P<hit>{N}))(?:[ \t]*:[^=\n]+?)?[ \t]*=[ \t]*(?:[-+]?[0-9][\w.]*|[rRbBuU]?(?:'[^'\n]*'|"[^"\n]*")|True|False)[ \t]*(?:#[^\n]*)?\r?$"#,
        // Files whose module-level names a tool reads lowercase: Sphinx's `conf.py`,
        // Gunicorn's config, Alembic's and Django's migrations, setup scripts.
        exclude: &[
            "!**/conf.py",
            "!**/gunicorn*.py",
            "!**/migrations/**",
            "!**/alembic/**",
            "!**/setup.py",
            "!**/manage.py",
        ],
    },
    Form {
        what: "`const`/`static` items",
        subject: Subject::Constants,
        langs: &[Lang::Rust],
        // Not a lifetime (`&'static crate::rt::Runtime`): `'static` declares nothing, and a
        // path's `::` is no type annotation.
        template: r"(?:^|[^\w$.'])(?:const|static)(?:[ \t]+mut)?[ \t]+(?P<hit>{N})[ \t]*:(?:[^:]|$)",
        exclude: &[],
    },
    Form {
        what: "`const val` properties",
        subject: Subject::Constants,
        langs: &[Lang::Kotlin],
        template: r"(?:^|[^\w$.])const[ \t]+val[ \t]+(?P<hit>{N})[ \t]*[:=]",
        exclude: &[],
    },
    Form {
        // Only those bound to a literal: a `static final Logger log` is no constant by name.
        what: "`static final` fields bound to a literal (`serialVersionUID` left out)",
        subject: Subject::Constants,
        langs: &[Lang::Java],
        template: r#"(?:^|[^\w$.])(?:static[ \t]+final|final[ \t]+static)[ \t]+[\w<>\[\],.? ]+?[ \t]+(?:serialVersionUID[ \t]*=|(?P<hit>{N})[ \t]*=[ \t]*(?:[-+]?[0-9][\w.]*|"[^"\n]*"|'[^'\n]*'|true|false)[ \t]*;)"#,
        exclude: &[],
    },
    Form {
        what: "class constants (`const`)",
        subject: Subject::Constants,
        langs: &[Lang::Php],
        template: r"(?:^|[^\w$.])const[ \t]+(?:\w+[ \t]+)?(?P<hit>{N})[ \t]*=",
        exclude: &[],
    },
    Form {
        // Not `const` (no field: `private const string Name` has no name where a field's is)
        // nor properties and methods (`{`, `(` after the name).
        what: "private fields (`private [static|readonly|final] Type name;`, attributes and annotations before)",
        subject: Subject::PrivateFields,
        langs: &[Lang::CSharp, Lang::Java],
        template: r"^[ \t]*(?:\[[^\]\r\n]*\][ \t]*)*(?:@\w+(?:\([^)\r\n]*\))?[ \t]+)*private[ \t]+(?:(?:static|readonly|volatile|final|transient|new|unsafe)[ \t]+)*[\w.]+(?:[ \t]*<[^;=(){}\r\n]*>)?(?:\[[ \t,]*\])*\??[ \t]+(?P<hit>{N})[ \t]*(?:[=;]|\r?$)",
        exclude: CSHARP_GENERATED,
    },
    Form {
        // Type declarations and operators are consumed with no hit; constructors have no name
        // after their type.
        what: "C#'s public members (`public [static|override|…] Type Name` fields, properties and methods)",
        subject: Subject::PublicMembers,
        langs: &[Lang::CSharp],
        template: r"^[ \t]*(?:\[[^\]\r\n]*\][ \t]*)*public[ \t]+(?:(?:static|readonly|virtual|override|abstract|sealed|async|new|const|extern|unsafe|partial|volatile|event|required)[ \t]+)*(?:(?:class|interface|enum|struct|record|delegate|implicit|explicit)\b|[\w.]+(?:[ \t]*<[^;=(){}\r\n]*>)?(?:\[[ \t,]*\])*\??[ \t]+(?:operator\b|(?P<hit>{N})[ \t]*(?:[=;({<]|\r?$)))",
        exclude: CSHARP_GENERATED,
    },
    Form {
        what: "C#'s constants (`const Type Name =`)",
        subject: Subject::Constants,
        langs: &[Lang::CSharp],
        template: r"(?:^|[^\w$.])const[ \t]+[\w.?]+(?:<[^;=(){}\r\n]*>)?[ \t]+(?P<hit>{N})[ \t]*=",
        exclude: CSHARP_GENERATED,
    },
    Form {
        what: "`package` clauses",
        subject: Subject::Packages,
        langs: &[Lang::Go, Lang::Java, Lang::Kotlin],
        template: r"^package[ \t]+(?:[a-z0-9_]+\.)*(?P<hit>{N})[ \t]*;?[ \t]*\r?$",
        exclude: &[],
    },
    Form {
        what: "tables named by `CREATE TABLE`, `ALTER TABLE`, `DROP TABLE`, `REFERENCES` and `INSERT INTO`",
        subject: Subject::Tables,
        langs: &[Lang::Sql],
        template: r"(?i:create[ \t]+table(?:[ \t]+if[ \t]+not[ \t]+exists)?|drop[ \t]+table(?:[ \t]+if[ \t]+exists)?|alter[ \t]+table(?:[ \t]+only)?|references|insert[ \t]+into)[ \t]+(?:\w+\.)?(?P<hit>{N})(?:[^\w]|$)",
        exclude: &[],
    },
    Form {
        what: "column definitions (an indented name and its type)",
        subject: Subject::Columns,
        langs: &[Lang::Sql],
        template: r"^[ \t]+(?P<hit>{N})[ \t]+(?i:int|integer|bigint|smallint|serial|bigserial|text|varchar|char|boolean|bool|date|datetime|timestamp|timestamptz|uuid|numeric|decimal|real|double|float|json|jsonb|bytea|blob)\b",
        exclude: &[],
    },
    Form {
        what: "SQL keywords",
        subject: Subject::Keywords,
        langs: &[Lang::Sql],
        // `\b` after the word, not a character: `order by` is two matches.
        template: r"(?:^|[^\w.$@:])(?P<hit>{N})\b",
        exclude: &[],
    },
];

/// Test code, whose method names take underscores by convention (`Log_WritesFile_WhenFull`,
/// `should_return_empty`): .NET's test projects and files.
const CSHARP_TESTS: &[&str] = &[
    "!**/*Tests/**",
    "!**/*.Tests/**",
    "!**/*Test/**",
    "!**/*Tests.cs",
    "!**/*Test.cs",
    "!**/test/**",
    "!**/tests/**",
];
/// Maven's and Gradle's test roots and test classes.
const JAVA_TESTS: &[&str] = &[
    "!**/src/test/**",
    "!**/src/androidTest/**",
    "!**/test/**",
    "!**/tests/**",
    "!**/*Test.java",
    "!**/*Tests.java",
];

/// Words that start a statement, not a declaration (`return getUser(id);`, `await save(x);`,
/// `throw new Error(…)`, `and not (…)`): a line starting with one is consumed with no hit. With
/// the type declarations' keywords, whose parentheses are a record's or a primary constructor's;
/// `extern` and `partial` methods, named by the native library or a generator
/// (`static partial int sysctlbyname(`); and the modifiers, tried after the longest run of them,
/// so that a modifier is never taken for a name (`private static (int A, int B) Get()`).
macro_rules! statement_words {
    () => {
        r"(?:return|await|throw|yield|else|case|goto|using|new|var|const|event|delegate|operator|implicit|explicit|class|interface|enum|struct|record|assert|if|while|for|foreach|switch|catch|lock|fixed|when|default|in|is|as|out|ref|not|and|or|typeof|nameof|sizeof|extern|partial|public|private|protected|internal|static|virtual|override|abstract|sealed|async|unsafe|readonly|final|synchronized|native|strictfp)\b"
    };
}

/// A C# declaration line up to its type: attributes, modifiers, then either a statement's word
/// (consumed with no hit) or, after `|`, what the form reads.
macro_rules! csharp_line_head {
    () => {
        concat!(
            r"^[ \t]*(?:\[[^\]\r\n]*\][ \t]*)*(?:(?:public|private|protected|internal|static|virtual|override|abstract|sealed|async|new|unsafe|readonly)[ \t]+)*(?:",
            statement_words!()
        )
    };
}
/// [`csharp_line_head`]'s for Java: annotations, modifiers, a generic method's type parameters.
macro_rules! java_line_head {
    () => {
        concat!(
            r"^[ \t]*(?:@\w+(?:\([^)\r\n]*\))?[ \t]+)*(?:(?:public|private|protected|static|final|abstract|synchronized|native|default|strictfp)[ \t]+)*(?:<[^>\r\n]*>[ \t]+)?(?:",
            statement_words!()
        )
    };
}

/// C#'s and Java's method declarations and their parameters, which no keyword announces: a
/// line starting with modifiers, a type and a name before `(`. Kept out of `FORMS`, which the
/// identifier-language pass reads: it finds these methods with its own member form.
const METHODS_AND_PARAMETERS: &[Form] = &[
    Form {
        what: "C#'s method declarations (`[modifiers] Type Name(`, a tuple type too, interface methods too)",
        subject: Subject::Functions,
        langs: &[Lang::CSharp],
        template: concat!(
            csharp_line_head!(),
            r"|(?:\([^()\r\n]*\)|\w[\w.]*(?:[ \t]*<[^;=(){}\r\n]*>)?)(?:\[[ \t,]*\])*\??[ \t]+(?P<hit>{N})[ \t]*(?:<[^<>()\r\n]*>[ \t]*)?\()"
        ),
        exclude: CSHARP_TESTS,
    },
    Form {
        what: "Java's method declarations (`[modifiers] Type name(`)",
        subject: Subject::Functions,
        langs: &[Lang::Java],
        template: concat!(
            java_line_head!(),
            r"|[\w$][\w.$]*(?:[ \t]*<[^;=(){}\r\n]*>)?(?:\[\])*[ \t]+(?P<hit>{N})[ \t]*\()"
        ),
        exclude: JAVA_TESTS,
    },
    Form {
        // One per declaration (the first parameter named otherwise); a declaration's line
        // as the method form reads it, or a constructor's (modifiers, then the name).
        what: "C#'s parameters (in a method's or constructor's declaration line)",
        subject: Subject::Parameters,
        langs: &[Lang::CSharp],
        template: concat!(
            csharp_line_head!(),
            r"|(?:(?:\([^()\r\n]*\)|\w[\w.]*(?:[ \t]*<[^;=(){}\r\n]*>)?)(?:\[[ \t,]*\])*\??[ \t]+)?\w+[ \t]*(?:<[^<>()\r\n]*>[ \t]*)?\((?:[^()\r\n]*,)??[ \t]*(?:(?:this|ref|out|in|params|scoped)[ \t]+)?(?:\[[^\]\r\n]*\][ \t]*)?[\w.]+(?:<[^()\r\n]*?>)?(?:\[[ \t,]*\])*\??[ \t]+(?P<hit>{N})[ \t]*(?:[,)]|=[^=>]))"
        ),
        exclude: CSHARP_TESTS,
    },
    Form {
        what: "Java's parameters (in a method's or constructor's declaration line)",
        subject: Subject::Parameters,
        langs: &[Lang::Java],
        template: concat!(
            java_line_head!(),
            r"|(?:[\w$][\w.$]*(?:[ \t]*<[^;=(){}\r\n]*>)?(?:\[\])*[ \t]+)?\w+[ \t]*\((?:[^()\r\n]*,)??[ \t]*(?:final[ \t]+)?(?:@\w+[ \t]+)*[\w.$]+(?:<[^()\r\n]*?>)?(?:\[\])*(?:\.\.\.)?[ \t]+(?P<hit>{N})[ \t]*[,)])"
        ),
        exclude: CSHARP_TESTS,
    },
];

/// SQL's reserved words as queries and DDL write them (not those often used as names: `key`,
/// `value`, `name`, `type`, `end`), lowercase (where uppercase is mandated) and uppercase.
const SQL_KEYWORDS_LOWER: &str = "select|from|where|insert|into|update|delete|create|table|alter|drop|join|inner|outer|left|right|on|group|order|by|having|limit|offset|values|set|and|or|not|null|as|distinct|union|exists|in|is|like|between|case|when|then|else|primary|foreign|references|unique|constraint|returning|asc|desc";
const SQL_KEYWORDS_UPPER: &str = "SELECT|FROM|WHERE|INSERT|INTO|UPDATE|DELETE|CREATE|TABLE|ALTER|DROP|JOIN|INNER|OUTER|LEFT|RIGHT|ON|GROUP|ORDER|BY|HAVING|LIMIT|OFFSET|VALUES|SET|AND|OR|NOT|NULL|AS|DISTINCT|UNION|EXISTS|IN|IS|LIKE|BETWEEN|CASE|WHEN|THEN|ELSE|PRIMARY|FOREIGN|REFERENCES|UNIQUE|CONSTRAINT|RETURNING|ASC|DESC";

pub fn run(ctx: &Context, out: &mut Found) {
    let mut all: Vec<CaseMandate> = sentences(ctx.tokens).into_iter().flat_map(mandates).collect();
    // "**Components**: Functional components …; PascalCase naming": a case said for no kind of
    // name is for the kinds the rule's label names.
    let label = label_subjects(ctx.tokens);
    for m in all.iter_mut().filter(|m| m.subjects.is_empty()) {
        m.subjects = label.clone();
    }
    let family = family_of(&all);
    for m in &all {
        for form in all_forms() {
            if !m.about(form.subject) {
                continue;
            }
            let Some(name) = breaking(m.case, form) else {
                continue;
            };
            let langs = langs_for(ctx, m, form, family);
            if langs.is_empty() {
                continue;
            }
            check(ctx, out, m, form, name, &langs);
        }
    }
}

/// Languages whose variables (and, but for C#'s, functions) are camelCase by convention.
const CAMEL_LANGS: &[Lang] = &[
    Lang::TypeScript,
    Lang::JavaScript,
    Lang::Kotlin,
    Lang::Swift,
    Lang::Go,
    Lang::Php,
    Lang::CSharp,
    Lang::Java,
];
/// Languages whose variables and functions are snake_case by convention.
const SNAKE_LANGS: &[Lang] = &[
    Lang::Python,
    Lang::Rust,
    Lang::Ruby,
    Lang::Cpp,
    Lang::Terraform,
    Lang::Elixir,
    Lang::Shell,
];

/// The languages a rule's cases say it is about when it names none: camelCase variables are
/// JavaScript's (and Kotlin's, Swift's, Go's) and snake_case ones Python's (and Rust's,
/// Ruby's), so "PascalCase types, camelCase variables, UPPER_SNAKE constants" says nothing of
/// a Python module's constants. `None` when it mandates both or neither.
fn family_of(all: &[CaseMandate]) -> Option<&'static [Lang]> {
    let camel = all.iter().any(|m| m.case == Case::Camel);
    let snake = all.iter().any(|m| m.case == Case::Snake);
    match (camel, snake) {
        (true, false) => Some(CAMEL_LANGS_WIDE),
        (false, true) => Some(SNAKE_LANGS),
        _ => None,
    }
}

/// camelCase languages, with those whose types and constants a camelCase rule may be about.
const CAMEL_LANGS_WIDE: &[Lang] = &[
    Lang::TypeScript,
    Lang::JavaScript,
    Lang::Kotlin,
    Lang::Swift,
    Lang::Go,
    Lang::Java,
    Lang::CSharp,
    Lang::Php,
];

/// The names that break `case` where `form` declares them; `None` when the pair is never
/// checked.
fn breaking(case: Case, form: &Form) -> Option<&'static str> {
    match (case, form.subject) {
        // A C function is never a class: a capital anywhere breaks snake_case
        // (`CflexResetParser`), where Python's `MyType = TypeVar(…)` is left alone.
        (Case::Snake, Subject::Functions) if form.langs == [Lang::Cpp] => Some(NOT_LOWER),
        (Case::Snake, Subject::Variables | Subject::Resources) if form.langs == [Lang::Terraform] => {
            Some(NOT_SNAKE_TERRAFORM)
        }
        // C#'s methods are PascalCase: camelCase is said of its locals and parameters.
        (Case::Camel, Subject::Functions) if form.langs == [Lang::CSharp] => None,
        (Case::Pascal, Subject::Functions) if form.langs == [Lang::CSharp] => Some(NOT_PASCAL),
        (Case::Camel, Subject::Variables | Subject::Functions) => Some(NOT_CAMEL),
        // A parameter is never a component or a class alias: PascalCase breaks camelCase.
        (Case::Camel, Subject::Parameters) => Some(NOT_CAMEL_MEMBER),
        (Case::Snake, Subject::Variables | Subject::Functions) => Some(NOT_SNAKE),
        (Case::Pascal, Subject::Types | Subject::Components | Subject::Modules) => Some(NOT_PASCAL),
        (Case::UpperSnake, Subject::Constants) => Some(NOT_UPPER),
        (Case::Lower, Subject::Packages) => Some(NOT_LOWER),
        (Case::Lower | Case::Snake, Subject::Tables | Subject::Columns) => Some(MIXED_CASE),
        (Case::UpperSnake, Subject::Keywords) => Some(SQL_KEYWORDS_LOWER),
        (Case::Lower, Subject::Keywords) => Some(SQL_KEYWORDS_UPPER),
        (Case::Camel, Subject::PrivateFields) => Some(NOT_CAMEL_MEMBER),
        (Case::Underscored, Subject::PrivateFields) => Some(NOT_UNDERSCORED),
        (Case::UnderscoreCamel, Subject::PrivateFields) => Some(NOT_UNDERSCORE_CAMEL),
        (Case::Pascal, Subject::PublicMembers) => Some(NOT_PASCAL),
        (Case::Pascal, Subject::Exported) => Some(EXPORTED_NOT_PASCAL),
        (Case::Camel, Subject::Unexported) => Some(UNEXPORTED_NOT_CAMEL),
        _ => None,
    }
}

/// The languages a form is checked in: the named ones it covers, else those whose own
/// convention the case is (camelCase is JavaScript's, snake_case Python's), else those of the
/// rule's family of languages.
fn langs_for(ctx: &Context, m: &CaseMandate, form: &Form, family: Option<&[Lang]>) -> Vec<Lang> {
    let named = ctx.named.langs();
    let wanted: Vec<Lang> = if matches!(form.subject, Subject::Tables | Subject::Columns) {
        vec![Lang::Sql]
    } else if form.subject == Subject::Keywords {
        // Whose keywords: only SQL's are checked, and only when the rule says SQL.
        named.into_iter().filter(|l| *l == Lang::Sql).collect()
    } else if !named.is_empty() {
        named
    } else {
        match (m.case, family) {
            (Case::Camel, _) => CAMEL_LANGS.to_vec(),
            (Case::Snake, _) => SNAKE_LANGS.to_vec(),
            (_, Some(family)) => family.to_vec(),
            (_, None) => form.langs.to_vec(),
        }
    };
    form.langs
        .iter()
        .copied()
        .filter(|l| wanted.iter().any(|w| same_family(*w, *l)))
        .collect()
}

fn check(ctx: &Context, out: &mut Found, m: &CaseMandate, form: &Form, name: &str, langs: &[Lang]) {
    let scope = form.scope(ctx, langs);
    let name = format!("(?:{name})");
    let mut pattern = form.template.replace("{N}", &name);
    let mut explanation = format!(
        "{} for {} from \"{}\": {} named otherwise; scope {}",
        m.case.name(),
        subject_name(form.subject),
        m.said,
        form.what,
        scope.why
    );
    // The methods of a file built on Qt or wxPython override the toolkit's camelCase names
    // (`mousePressEvent`, `sizeHint`, `OnClose`): its whole text is consumed with no hit — a
    // real PySide6 project had 98 of them. (Their language is still the project's to check.)
    if form.subject == Subject::Functions && langs == [Lang::Python] {
        pattern = format!("{PYTHON_GUI_TOOLKIT_FILE}|{pattern}");
        explanation
            .push_str("; files importing Qt or wxPython left out (their overrides are the toolkit's names)");
    }
    out.check(
        At::Places,
        ctx.pattern_check(pattern, scope, None, explanation, form.within()),
    );
}

fn subject_name(s: Subject) -> &'static str {
    match s {
        Subject::Files => "file names",
        Subject::Variables => "variables",
        Subject::Functions => "functions",
        Subject::Types => "types",
        Subject::Constants => "constants",
        Subject::Packages => "packages",
        Subject::Tables => "tables",
        Subject::Columns => "columns",
        Subject::Keywords => "keywords",
        Subject::Components => "components",
        Subject::PrivateFields => "private fields",
        Subject::PublicMembers => "public members",
        Subject::Exported => "exported names",
        Subject::Unexported => "unexported names",
        Subject::Resources => "resource names",
        Subject::Parameters => "parameters",
        Subject::Modules => "modules",
        Subject::Other => "names",
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    const CONVENTIONS: &str = "Follow naming conventions: PascalCase (classes/types/interfaces), camelCase (variables/functions), kebab-case (files/directories), UPPER_SNAKE_CASE (constants/env vars)";

    const FIELDS_CS: &str = "public class Weapon : MonoBehaviour\n{\n    [SerializeField] private float MuzzleVelocity = 40f;\n    private readonly ILogger<Weapon> logger;\n    private ProjectilePool _pool;\n    private static Weapon? _instance;\n    private const string LogFileName = \"log.txt\";\n    private int Count { get; set; }\n    public int ammoPerShot = 1;\n    public float Spread => 0.02f;\n    public event Action OnDeath;\n    public static bool operator ==(Weapon a, Weapon b) => true;\n    public Weapon() { }\n    private void Awake() { }\n    public void fire() { }\n}\n";

    #[test]
    fn snake_case_c_functions_where_a_definition_shows_one() {
        let c = "#define MAX_FIELDS 64u\nstatic uint32_t skip_ws(const char* s) {\n    return parseX(s);\n}\nuint32_t parseFieldName(const char* src) {\n}\nvoid CflexReset(token_t* f);\nchar *GetName(void) {}\nint main(void) {\n    if (ready) {}\n}\nTEST(Parser, Works) {}\n";
        assert_eq!(
            texts(
                "**Function Names:** All function names must be `lowercase_with_underscores`.",
                "src/parse.c",
                c
            ),
            ["parseFieldName", "CflexReset", "GetName"]
        );
    }

    const GO: &str = "package service\n\nconst DEFAULT_PAGE_SIZE = 20\nconst (\n\tMAX_RETRIES = 3\n\tStatusActive Status = iota\n)\n\ntype memo_row struct {\n\tUser_ID string `json:\"user_id\"`\n\tUserID  string\n}\n\nfunc (s *MemoService) process_memo(ctx context.Context) error {\n\tlast_id, err := s.repo.Last(ctx)\n\t// a_comment := 1\n\tlog.Printf(\"user_id %s\", last_id)\n\treturn err\n}\n\nfunc NewMemoService() *MemoService { return nil }\n";

    #[test]
    fn snake_case_terraform_names_are_block_labels() {
        let tf = "# a comment: resource \"a\" \"badName\" {\nresource \"azurerm_search_service\" \"searchService\" {\n  subresource = \"searchService\"\n  tags = { CostCenter = \"x\" }\n}\n\nmodule \"aiFoundry\" {\n  source = \"Azure/avm\"\n}\n\ndata \"aws_vpc\" \"eks-network\" {\n}\n\nvariable \"cpsContainerName\" {\n  type = string\n}\n\noutput \"search_id\" {\n  value = azurerm_search_service.searchService.id\n}\n";
        let i = "Use `snake_case` for all variable, resource, and module names.";
        assert_eq!(
            texts(i, "infra/main.tf", tf),
            ["searchService", "aiFoundry", "eks-network", "cpsContainerName"]
        );
        // Variables only: the variable block's label.
        assert_eq!(
            texts("Use snake_case for variables", "infra/main.tf", tf),
            ["cpsContainerName"]
        );
        // camelCase is no Terraform convention: no Terraform name is checked for it.
        assert!(texts("Use camelCase for variables", "infra/main.tf", tf).is_empty());
    }

    #[test]
    fn go_exported_and_unexported_names() {
        let i = "**Naming:** PascalCase for exported identifiers, camelCase for unexported";
        assert_eq!(
            texts(i, "internal/service/memo_service.go", GO),
            [
                "DEFAULT_PAGE_SIZE",
                "MAX_RETRIES",
                "memo_row",
                "User_ID",
                "process_memo",
                "last_id"
            ]
        );
        // Tests name their cases with underscores; generated code is the generator's.
        let test = "package service\n\nfunc TestMemoService_CreateMemo(t *testing.T) {}\n";
        assert!(texts(i, "internal/service/memo_service_test.go", test).is_empty());
        assert!(texts(i, "api/api.pb.go", GO).is_empty());
        // One side alone, in Spanish; other languages are not Go's.
        assert_eq!(
            texts("PascalCase para identificadores exportados", "a.go", GO),
            ["DEFAULT_PAGE_SIZE", "MAX_RETRIES", "User_ID"]
        );
        assert_eq!(
            texts("camelCase for unexported names", "a.go", GO),
            ["memo_row", "process_memo", "last_id"]
        );
        assert!(
            texts(
                i,
                "src/a.ts",
                "export const DEFAULT_PAGE_SIZE = 20;\nconst memo_row = 1;\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn private_fields_and_public_members_by_their_modifier() {
        assert_eq!(
            texts(
                "Private fields should start with an underscore.",
                "Weapon.cs",
                FIELDS_CS
            ),
            ["MuzzleVelocity", "logger"]
        );
        assert_eq!(
            texts(
                "Use C# naming conventions (PascalCase for public members, camelCase for private)",
                "Weapon.cs",
                FIELDS_CS
            ),
            ["MuzzleVelocity", "ammoPerShot", "fire"]
        );
        assert_eq!(
            texts("`_camelCase` private readonly", "Weapon.cs", FIELDS_CS),
            ["MuzzleVelocity", "logger"]
        );
        // Java's private fields too; a negated underscore rule checks nothing.
        let java = "class A {\n    private final Repo repo;\n    private String _name;\n}\n";
        assert_eq!(
            texts("Private fields should start with an underscore.", "A.java", java),
            ["repo"]
        );
        assert!(
            texts(
                "Never prefix private fields with an underscore.",
                "Weapon.cs",
                FIELDS_CS
            )
            .is_empty()
        );
        assert_eq!(
            texts("ALL_CAPS constants.", "Weapon.cs", FIELDS_CS),
            ["LogFileName"]
        );
    }

    #[test]
    fn pascal_case_components_where_the_declaration_shows_one() {
        let tsx = "export function footerLinks(): ReactElement {\n  return <nav />;\n}\nexport function Hero(): JSX.Element { return <h1 />; }\nexport function formatDate(d: Date): string { return ''; }\nconst navItem: React.FC<Props> = () => <li />;\nfunction renderRow(item: string): JSX.Element { return <li />; }\nexport function useThing(): ReactNode { return null; }\nconst card = memo(function Card() { return <div />; });\nclass legacy_panel extends React.Component {}\nconst footerLinks2 = [{ href: '/' }];\n";
        assert_eq!(
            texts("Use PascalCase for components", "components/Footer.tsx", tsx),
            ["footerLinks", "navItem", "card", "legacy_panel"]
        );
        // A case said for no kind of name is for the kinds the rule's label names (the class
        // component is flagged whole there, by "Functional components").
        let labelled = "**Components**: Functional components with explicit types; PascalCase naming";
        assert_eq!(
            texts(labelled, "components/Footer.tsx", tsx)[..3],
            ["footerLinks", "navItem", "card"]
        );
        // Component files are files: their names, not the components'.
        assert!(texts("PascalCase for component files", "components/Footer.tsx", tsx).is_empty());
    }

    #[test]
    fn camel_case_locals_in_csharp_and_java() {
        let cs = "public class Repo\n{\n    private const int MAX_RESULTS = 100;\n    public async Task<int> DeleteExpiredAsync(DateTime expirationDate)\n    {\n        var expired_vouchers = await _context.Vouchers.ToListAsync();\n        var query = _context.Vouchers;\n        foreach (var voucher_item in expired_vouchers) { }\n        if (a == b) { }\n        return expired_vouchers.Count;\n    }\n}\n";
        let rule = "Todas las variables locales y parámetros de métodos deben escribirse en CamelCase.";
        assert_eq!(
            texts(rule, "Infrastructure/Repo.cs", cs),
            ["expired_vouchers", "voucher_item"]
        );
        // C#'s methods are PascalCase: "métodos" here checks none.
        assert!(texts(rule, "Repo.cs", "public void Get_all() { }\n").is_empty());
        let java = "var user_name = repo.find(id);\nvar count = 1;\n";
        assert_eq!(
            texts("Use camelCase for variables.", "src/main/java/App.java", java),
            ["user_name"]
        );
    }

    #[test]
    fn camel_case_variables_and_functions_in_typescript() {
        let ts = "const MAX_AGE_YEARS = 80;\nconst min_age_years = 25;\nlet userName = 'a';\nconst UserSchema = z.object({});\nconst { user_id } = req.body;\nexport function build_url(p: string) {}\nfunction* gen_items() {}\nconst _unused = 1;\n// const bad_name = 1;\nconst s = 'let other_name = 2';\nfor (const row_item of rows) {}\nexport interface payment_plan { installments: number }\nexport type ClientStatus = 'ACTIVE';\nclass api_client {}\n";
        assert_eq!(
            texts(CONVENTIONS, "src/utils/date-utils.ts", ts),
            [
                "min_age_years",
                "build_url",
                "gen_items",
                "row_item",
                "payment_plan",
                "api_client"
            ]
        );
        // Not Python's: the rule's cases are JavaScript's.
        assert!(
            texts(
                CONVENTIONS,
                "scripts/tool.py",
                "app_name = \"x\"\ndef get_user():\n    pass\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn snake_case_python_functions_and_variables() {
        let i = "Use `snake_case` for Python functions and variables, not `camelCase`.";
        let py = "class UserService:\n    def getUser(self, userId):\n        userName = fetch(userId)\n        total_count: int = 0\n        self.someAttr = 1\n        return userName\n\n    def setUp(self):\n        pass\n\n    def visit_FunctionDef(self, node):\n        pass\n\nMyType = TypeVar(\"MyType\")\nMAX_SIZE = 10\nresult = call(keyArg=1)\n# def badName():\n";
        assert_eq!(texts(i, "app/service.py", py), ["getUser", "userName"]);
        assert!(texts(i, "web/a.ts", "function getUser() {}\n").is_empty());
        // Qt's and wxPython's overrides are the toolkit's names, not the project's.
        let f = "Functions/methods: `snake_case`";
        let qt = "\"\"\"Map view.\"\"\"\nfrom PySide6.QtWidgets import QGraphicsView\n\nclass MapView(QGraphicsView):\n    def mousePressEvent(self, event):\n        pass\n\n    def sizeHint(self):\n        pass\n";
        assert!(texts(f, "src/gui/map_view.py", qt).is_empty());
        let wx = "import wx\n\nclass Frame(wx.Frame):\n    def OnClose(self, event):\n        pass\n";
        assert!(texts(f, "app/frame.py", wx).is_empty());
        // The project's own names there are still the project's: their language is checked.
        let spanish = "from PySide6.QtWidgets import QWidget\n\ndef calcular_fianza(monto):\n    pass\n";
        assert_eq!(
            texts("Code must be written in English", "app/gui.py", spanish),
            ["calcular_fianza"]
        );
        // Naming Qt in a comment or a string is not importing it.
        let named = "# from PySide6 import QtCore\ndef getUser():\n    pass\n";
        assert_eq!(texts(f, "app/users.py", named), ["getUser"]);
    }

    #[test]
    fn upper_snake_constants_where_syntax_says_constant() {
        let i = "Constants must be UPPER_SNAKE_CASE; functions use snake_case.";
        let py = "__version__ = \"1.0\"\nmax_retries = 3\nTIMEOUT = 30\nlogger = logging.getLogger(__name__)\napi_url: str = \"https://x\"\ndef f():\n    local_value = 1\n";
        assert_eq!(texts(i, "pkg/settings.py", py), ["max_retries", "api_url"]);
        // Files whose module-level names tools read lowercase.
        assert!(texts(i, "docs/conf.py", "project = 'x'\n").is_empty());
        assert!(texts(i, "db/migrations/0001_init.py", "revision = 'abc'\n").is_empty());
        // Names Django reads as written (a real Django project's .cursorrules, MarcelReig/mitaller).
        let django =
            "app_name = 'accounts'\ndefault_app_config = 'orders.apps.OrdersConfig'\nmax_items = 3\n";
        assert_eq!(texts(i, "accounts/urls.py", django), ["max_items"]);
        // rolldown: a `'static` lifetime before a path declares nothing.
        let rs = "const max_len: usize = 3;\nstatic GLOBAL: u8 = 1;\nconst fn helper() {}\nfn rt() -> &'static crate::rt::Runtime { todo!() }\n";
        assert_eq!(texts(i, "src/lib.rs", rs), ["max_len"]);
        let java = "class A {\n  private static final long serialVersionUID = 1L;\n  private static final Logger log = LoggerFactory.getLogger(A.class);\n  public static final int maxSize = 10;\n  static final String NAME = \"a\";\n}\n";
        assert_eq!(
            texts("Constants in UPPER_SNAKE_CASE.", "src/A.java", java),
            ["maxSize"]
        );
    }

    #[test]
    fn go_mixed_caps_and_package_names() {
        let i = "**Variables, Functions, and Methods:** Use `camelCase` for unexported identifiers and `PascalCase` for exported identifiers.";
        let go = "package tool\n\nvar Default_timeout_seconds = 30\nvar defaultRetries = 3\n\nfunc trim_output(s string) string {\n\tresult_text := strings.TrimSpace(s)\n\treturn result_text\n}\n\nfunc (f *Fetcher) Fetch_all() error { return nil }\nfunc ExportedName() {}\n";
        assert_eq!(
            texts(i, "internal/tool/tool.go", go),
            [
                "Default_timeout_seconds",
                "trim_output",
                "result_text",
                "Fetch_all"
            ]
        );
        assert!(
            texts(
                i,
                "internal/tool/tool_test.go",
                "func Test_trim_output(t *testing.T) {}\n"
            )
            .is_empty()
        );
        let p = "**Packages:** Use short, concise, all-lowercase names.";
        assert_eq!(
            texts(p, "internal/doccache/cache.go", "package docCache\n"),
            ["docCache"]
        );
        assert!(texts(p, "internal/doccache/cache_test.go", "package doccache_test\n").is_empty());
    }

    #[test]
    fn lowercase_sql_table_and_column_names() {
        let i = "Use lowercase for table and column names unless quoting is required";
        let sql = "CREATE TABLE IF NOT EXISTS UserAccounts (\n    id BIGSERIAL PRIMARY KEY,\n    displayName TEXT NOT NULL,\n    \"userName\" TEXT,\n    created_at TIMESTAMPTZ\n);\nCREATE TABLE IF NOT EXISTS orders (id INT);\nDROP TABLE IF EXISTS UserAccounts;\n-- CREATE TABLE OldName (x INT);\n";
        assert_eq!(
            texts(i, "db/001.sql", sql),
            ["UserAccounts", "displayName", "UserAccounts"]
        );
    }

    #[test]
    fn columns_are_not_tables() {
        let sql = "CREATE TABLE IF NOT EXISTS Party (\n    id INTEGER PRIMARY KEY,\n    partyName TEXT,\n    created_at TEXT\n);\nINSERT INTO Monster (id) VALUES (1);\n";
        assert_eq!(
            texts("Use snake_case for column names", "db/1.sql", sql),
            ["partyName"]
        );
        assert_eq!(
            texts("Use lowercase for table names", "db/1.sql", sql),
            ["Party", "Monster"]
        );
    }

    #[test]
    fn digit_groups_and_php_names() {
        let i = "Use camelCase for variables and functions.";
        let ts =
            "const institutionalRemittances36_02_05 = sumByFnPrefix('36.02.05');\nconst report_period = 1;\n";
        assert_eq!(texts(i, "src/a.ts", ts), ["report_period"]);
        let php = "<?php\nfunction connect_wallet($user) {\n    $wallet_id = 1;\n    $walletName = 'a';\n    $this->wallet_id = 2;\n    return $wallet_id == 1;\n}\n";
        assert_eq!(
            texts(i, "app/Http/ViewsController.php", php),
            ["connect_wallet", "wallet_id"]
        );
        let test = "<?php\nclass LeadTest extends TestCase {\n    public function admin_can_pin_a_note(): void {}\n}\n";
        assert!(texts(i, "tests/Feature/LeadTest.php", test).is_empty());
    }

    #[test]
    fn the_case_of_sql_keywords() {
        let i = "Use uppercase for SQL keywords (`SELECT`, `INSERT`, `WHERE`, etc.)";
        let sql = "-- select everything\nSELECT id, \"order\" FROM users WHERE id = 1;\nselect name\nfrom accounts a\nwhere a.in_use = 'not null'\norder by created_at desc;\nSELECT count(*) FROM t;\n";
        assert_eq!(
            texts(i, "db/queries/users.sql", sql),
            ["select", "from", "where", "order", "by", "desc"]
        );
        assert!(texts(i, "src/a.py", "x = 'select 1'\nfrom a import b\n").is_empty());
        assert!(texts("Use uppercase for keywords.", "db/a.sql", sql).is_empty());
        let lower = "SQL keywords in lowercase.";
        assert_eq!(
            texts(lower, "db/a.sql", "SELECT id FROM users;\nselect 1;\n"),
            ["SELECT", "FROM"]
        );
    }

    #[test]
    fn pascal_case_types_and_what_no_declaration_shows() {
        let i = "Tipos/Interfaces: PascalCase con prefijo I (IUser, IArtist)";
        assert_eq!(
            texts(
                i,
                "src/a.ts",
                "interface IUser {}\ninterface iArtist {}\ntype user_row = {};\n"
            ),
            ["iArtist", "user_row"]
        );
        // `type` declares an alias; importing one or casting a variable named `type` does not.
        let ts = "import { type EXPORT_TYPES, type Row } from './t';\nimport type { X } from './x';\nconst next = {\n  kind: type as\n    Kind,\n};\ntype FEATURE_FLAGS = { a: 1 };\nexport type renderRow<T> = (t: T) => void;\n";
        assert_eq!(
            texts("Use PascalCase for type aliases", "src/a.ts", ts),
            ["FEATURE_FLAGS", "renderRow"]
        );
        for i in [
            "Use camelCase for props and JSON keys.",
            "Use kebab-case for CSS classes.",
            "Use camelCase.",
            "PascalCase for React components.",
        ] {
            assert!(
                texts(
                    i,
                    "src/a.tsx",
                    "const user_name = 1;\nfunction my_component() {}\nclass foo_bar {}\n"
                )
                .is_empty(),
                "{i}"
            );
        }
    }

    #[test]
    fn csharp_methods_and_parameters() {
        let i = "Naming: PascalCase types/methods; camelCase locals/parameters";
        let cs = "public interface IVoucherService\n{\n    Task<List<VoucherDto>> getByCodeAsync(string code);\n    Task DeleteAsync(Guid id, CancellationToken ct = default);\n}\n\npublic class Logger\n{\n    public Logger(string LogPath) { }\n    public void Log(string Message, int level) { }\n    private static (int? SeasonNumber, bool IsFolder) GetSeason(string path) => default;\n    private static (int A, int B) split_pair(string Text) => default;\n    private (string A, string B) _pair;\n    public (int Played, int Total)? Counts { get; set; }\n    [LibraryImport(\"libc\")]\n    internal static partial int sysctlbyname(string name);\n    private static extern int get_pid();\n    public record Person(string FirstName, string LastName);\n    void write_line(string text)\n    {\n        return format(text, other_value);\n        await save_async(item);\n        var total = compute_total(a, b);\n        Console.WriteLine(count_items(list));\n        if (x) run_now(y);\n        and not (Folder or View);\n        .. typeof(DbContext);\n    }\n}\n";
        assert_eq!(
            texts(i, "src/Services/Logger.cs", cs),
            [
                "getByCodeAsync",
                "LogPath",
                "Message",
                "split_pair",
                "Text",
                "write_line"
            ]
        );
        // Test projects name their methods `Method_Scenario_Result`.
        let test =
            "public class LoggerTests\n{\n    public void Log_WritesFile_WhenFull(string Name) { }\n}\n";
        assert!(texts(i, "tests/App.Tests/LoggerTests.cs", test).is_empty());
        // camelCase said of C#'s methods checks none: they are PascalCase by convention.
        assert!(
            texts(
                "Use camelCase for methods.",
                "src/Logger.cs",
                "public void Write() { }\n"
            )
            .is_empty()
        );
    }

    #[test]
    fn java_methods_and_parameters() {
        let i = "Use camelCase for methods, variables and parameters; PascalCase for classes.";
        let java = "public class ArchUtils {\n    private static void init_X86_32Bit() { }\n    public <T> List<T> find_all(final String UserId, @Nullable int count) { }\n    public ArchUtils(String Name) { }\n    protected String getName() { return format_name(name); }\n    default void on_event(Event e) { }\n    void run() {\n        return build_list(a, b);\n        new Thread(run_now);\n        throw new IllegalStateException(msg);\n        System.out.println(to_string(x));\n    }\n}\n";
        assert_eq!(
            texts(i, "src/main/java/org/x/ArchUtils.java", java),
            ["init_X86_32Bit", "find_all", "UserId", "Name", "on_event"]
        );
        assert!(texts(i, "src/test/java/org/x/ArchUtilsTest.java", java).is_empty());
    }

    #[test]
    fn elixir_functions_variables_and_modules() {
        let i = "**Naming**: Use snake_case for functions/variables, PascalCase for modules";
        let ex = "defmodule Alchemind.Openai_helpers do\n  @moduledoc \"\"\"\n  def notReal(x), do: x\n  \"\"\"\n  def new(opts \\\\ []) do\n    apiKey = Keyword.fetch!(opts, :api_key)\n    %{\"topP\" => 1, topK: 2}\n  end\n\n  defp buildMessages(messages), do: messages\n  def valid?(x) when is_map(x), do: true\n  def isValid?(x), do: x\n  defmacro myMacro do\n  end\nend\n\ndefmodule Alchemind.OpenAILangChain do\nend\n";
        assert_eq!(
            texts(i, "lib/alchemind/helpers.ex", ex),
            [
                "Alchemind.Openai_helpers",
                "apiKey",
                "buildMessages",
                "isValid",
                "myMacro"
            ]
        );
        // "`CamelCase` for modules" is PascalCase's other name (the underscore breaks it).
        let camel = "Naming: `snake_case` for vars/functions, `CamelCase` for modules";
        assert_eq!(texts(camel, "lib/a.ex", ex), texts(i, "lib/a.ex", ex));
    }

    #[test]
    fn shell_functions() {
        let i = "Indentation is two spaces; functions use `lower_snake_case`.";
        let sh = "#!/usr/bin/env bash\ninstallNpmGlobals() {\n  echo hi\n}\nfunction setupHome {\n  :\n}\nfunction runAll() {\n  :\n}\ninstall_brew() {\n  # callMe() {\n  echo \"fakeFn() {\"\n}\n";
        assert_eq!(
            texts(i, "scripts/setup.sh", sh),
            ["installNpmGlobals", "setupHome", "runAll"]
        );
    }

    #[test]
    fn hostile_declarations_are_read_once_and_capped() {
        // Unclosed parameter lists, thousands of parameters, generics without their `>`, a
        // dotted module name of thousands of segments: read, not stuck, capped per file.
        let i = "Naming: PascalCase types/methods; camelCase locals/parameters";
        let cs = format!(
            "{}    public Task<List<int Run({}int Y)\n{}",
            "    public void Do_it(string Name, ".repeat(3_000),
            "int x, ".repeat(5_000),
            "    private static (int A, int B) ".repeat(20_000)
        );
        // The first line's method and its first parameter; nothing of the rest.
        assert_eq!(texts(i, "src/C.cs", &cs), ["Do_it", "Name"]);
        let many = "    public void Do_it(string Name)\n".repeat(20_000);
        // 1,000 per check and file: the methods' and the parameters'.
        assert_eq!(texts(i, "src/D.cs", &many).len(), 2_000);
        let ex = format!("defmodule {}b_c do\nend\n", "A.".repeat(200));
        assert_eq!(
            texts("PascalCase for modules", "lib/a.ex", &ex),
            [format!("{}b_c", "A.".repeat(200))]
        );
    }
}
