//! Which files an inferred check covers: language words ("TypeScript", "componentes React",
//! "commit messages") → globs, the default "source files only" list, command contexts, test
//! files, and composing those with folders ("in `src/`", "except in `scripts/`").

use super::text::{Kind, Token, clause_subject, clauses, clauses_with_ends};
use super::words::{
    NEGATIONS_OF_SUBJECT, NOT_TESTS, ONLY_TESTS, TEST_FILES, TEST_SUBJECT_NOUNS, TRIG_NEG, TRIG_NEG_USE,
};

/// A language or kind of file a rule's words can name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    TypeScript,
    JavaScript,
    React,
    Python,
    Rust,
    Go,
    Sql,
    Css,
    Shell,
    PowerShell,
    Commit,
    Html,
    Java,
    Kotlin,
    CSharp,
    Ruby,
    Php,
    Swift,
    Dart,
    Vue,
    Svelte,
    Cpp,
    Elixir,
    Docs,
    Docker,
    Make,
    Ci,
    Yaml,
    Terraform,
    /// Dependency manifests whose versions a rule can pin: `package.json`, `requirements*.txt`.
    Manifest,
}

impl Lang {
    pub fn name(self) -> &'static str {
        match self {
            Lang::TypeScript => "TypeScript",
            Lang::JavaScript => "JavaScript",
            Lang::React => "React components",
            Lang::Python => "Python",
            Lang::Rust => "Rust",
            Lang::Go => "Go",
            Lang::Sql => "SQL",
            Lang::Css => "CSS",
            Lang::Shell => "shell scripts",
            Lang::PowerShell => "PowerShell scripts",
            Lang::Commit => "commit messages",
            Lang::Html => "HTML",
            Lang::Java => "Java",
            Lang::Kotlin => "Kotlin",
            Lang::CSharp => "C#",
            Lang::Ruby => "Ruby",
            Lang::Php => "PHP",
            Lang::Swift => "Swift",
            Lang::Dart => "Dart",
            Lang::Vue => "Vue",
            Lang::Svelte => "Svelte",
            Lang::Cpp => "C/C++",
            Lang::Elixir => "Elixir",
            Lang::Docs => "docs",
            Lang::Docker => "Dockerfiles",
            Lang::Make => "Makefiles",
            Lang::Ci => "CI files",
            Lang::Yaml => "YAML",
            Lang::Terraform => "Terraform",
            Lang::Manifest => "dependency manifests",
        }
    }

    /// The globs of the language's files (relative, any depth unless they hold a `/`).
    pub fn globs(self) -> &'static [&'static str] {
        match self {
            Lang::TypeScript => &["*.ts", "*.tsx"],
            Lang::JavaScript => &["*.js", "*.jsx", "*.mjs", "*.cjs"],
            Lang::React => &["*.tsx", "*.jsx"],
            Lang::Python => &["*.py"],
            Lang::Rust => &["*.rs"],
            Lang::Go => &["*.go"],
            Lang::Sql => &["*.sql"],
            Lang::Css => &["*.css", "*.scss", "*.sass", "*.less"],
            Lang::Shell => &["*.sh", "*.bash", "*.zsh"],
            Lang::PowerShell => &["*.ps1", "*.psm1"],
            Lang::Commit => &["COMMIT_EDITMSG"],
            Lang::Html => &["*.html", "*.htm"],
            Lang::Java => &["*.java"],
            Lang::Kotlin => &["*.kt", "*.kts"],
            Lang::CSharp => &["*.cs"],
            Lang::Ruby => &["*.rb"],
            Lang::Php => &["*.php"],
            Lang::Swift => &["*.swift"],
            Lang::Dart => &["*.dart"],
            Lang::Vue => &["*.vue"],
            Lang::Svelte => &["*.svelte"],
            Lang::Cpp => &["*.c", "*.h", "*.cc", "*.cpp", "*.hpp"],
            Lang::Elixir => &["*.ex", "*.exs"],
            Lang::Docs => &["*.md", "*.mdx"],
            Lang::Docker => &["Dockerfile", "Dockerfile.*", "*.dockerfile", "*.Dockerfile"],
            Lang::Make => &["Makefile", "*.mk"],
            Lang::Ci => &[
                ".github/workflows/*.yml",
                ".github/workflows/*.yaml",
                ".gitlab-ci.yml",
                ".circleci/config.yml",
            ],
            Lang::Yaml => &["*.yml", "*.yaml"],
            Lang::Terraform => &["*.tf", "*.tfvars", "*.hcl"],
            Lang::Manifest => &["package.json", "requirements*.txt", "requirements/*.txt"],
        }
    }

    /// Editor language ids in scope whatever the file's path.
    pub fn language_ids(self) -> &'static [&'static str] {
        match self {
            Lang::Commit => &["gitcommit"],
            _ => &[],
        }
    }

    /// Where commands run: a forbidden tool is looked for only in these.
    pub fn is_command_context(self) -> bool {
        matches!(
            self,
            Lang::Shell | Lang::PowerShell | Lang::Ci | Lang::Docker | Lang::Make | Lang::Docs
        )
    }
}

/// A React, Vue or Svelte project is a JS/TS project: its plain `.ts`/`.js` code joins `langs`.
pub fn with_plain_code(langs: &mut Vec<Lang>) {
    if langs
        .iter()
        .any(|l| matches!(l, Lang::React | Lang::Vue | Lang::Svelte))
    {
        for l in [Lang::TypeScript, Lang::JavaScript] {
            if !langs.contains(&l) {
                langs.push(l);
            }
        }
    }
}

/// Source files: where a rule without language words applies. Never prose (`*.md`, `*.txt`).
pub const SOURCE_FILES: &[&str] = &[
    "*.ts", "*.tsx", "*.mts", "*.cts", "*.js", "*.jsx", "*.mjs", "*.cjs", "*.vue", "*.svelte", "*.py",
    "*.rs", "*.go", "*.java", "*.kt", "*.kts", "*.scala", "*.swift", "*.c", "*.h", "*.cc", "*.cpp", "*.hpp",
    "*.cs", "*.rb", "*.php", "*.dart", "*.lua", "*.ex", "*.exs", "*.sql", "*.css", "*.scss", "*.sass",
    "*.less", "*.html", "*.htm", "*.sh", "*.bash", "*.zsh", "*.gs",
];

/// `SOURCE_FILES` as one glob, `*.{ts,tsx,…}`: one entry to compile instead of forty.
pub fn source_glob() -> String {
    let exts: Vec<&str> = SOURCE_FILES.iter().map(|g| g.trim_start_matches("*.")).collect();
    format!("*.{{{}}}", exts.join(","))
}

/// Files where shell commands run (besides `package.json` scripts and Markdown, which get their
/// own patterns).
pub const COMMAND_FILES: &[&str] = &[
    "*.sh",
    "*.bash",
    "*.zsh",
    "Makefile",
    "*.mk",
    "Justfile",
    "justfile",
    "Dockerfile",
    "Dockerfile.*",
    "*.dockerfile",
    ".github/workflows/*.yml",
    ".github/workflows/*.yaml",
    ".gitlab-ci.yml",
    ".circleci/config.yml",
    "azure-pipelines.yml",
    "Jenkinsfile",
    "Procfile",
    ".husky/*",
];

/// Test files, as folders and as names.
pub const TEST_DIRS: &[&str] = &["tests", "test", "__tests__", "spec", "specs"];
pub const TEST_NAMES: &[&str] = &[
    "*.test.*",
    "*.spec.*",
    // Vitest's and tsd's type tests.
    "*.test-d.*",
    "*.spec-d.*",
    "*_test.go",
    "test_*.py",
    "*_test.py",
    // A Django app's tests module.
    "tests.py",
    "conftest.py",
];

/// Entry points and examples: not library code.
pub const ENTRY_POINTS: &[&str] = &[
    "**/bin/**",
    "**/cmd/**",
    "scripts/**",
    "**/examples/**",
    "**/benches/**",
    "**/main.rs",
    "**/main.go",
    "**/__main__.py",
];

/// The files a program's `main` lives in ("outside of `main`"): fewer than the entry points,
/// since `cmd/root.go` is not `main`.
pub const MAIN_FILES: &[&str] = &[
    "**/main.go",
    "**/main.rs",
    "**/__main__.py",
    "**/main.py",
    "**/main.c",
    "**/main.cpp",
];

/// Configuration, beside application code.
const APP_CONFIG: &[&str] = &[
    "**/config/**",
    "**/*.config.*",
    "**/settings.py",
    "**/settings/**",
];

/// Development tooling: not production code — scripts and tools, CI's own code, the build's
/// and the test runner's configuration files (`vitest.config.ts`), test-support packages.
pub const DEV_TOOLING: &[&str] = &[
    "**/scripts/**",
    "tools/**",
    ".github/**",
    "**/*.config.{js,mjs,cjs,ts,mts,cts}",
    "**/test-*/**",
    "**/examples/**",
    "**/benches/**",
    "**/fixtures/**",
];

/// The files a check covers, with the words that decided it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileScope {
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    pub languages: Vec<String>,
    /// Why: "TypeScript (*.ts, *.tsx) from \"TypeScript\"".
    pub why: String,
}

impl FileScope {
    pub fn of_langs(langs: &[Lang], why: String) -> FileScope {
        let mut scope = FileScope {
            why,
            ..FileScope::default()
        };
        for lang in langs {
            for g in lang.globs() {
                push_unique(&mut scope.include, g);
            }
            for id in lang.language_ids() {
                push_unique(&mut scope.languages, id);
            }
        }
        scope
    }

    /// This scope, explained as "`name` (its globs)".
    pub fn titled(mut self, name: &str) -> FileScope {
        self.why = format!("{name} ({})", self.describe());
        self
    }

    pub fn of_globs(globs: &[&str], why: String) -> FileScope {
        FileScope {
            include: globs.iter().map(|g| g.to_string()).collect(),
            why,
            ..FileScope::default()
        }
    }

    pub fn source_files(docs: bool) -> FileScope {
        let glob = source_glob();
        let mut s = FileScope::of_globs(&[glob.as_str()], "source files (no language named)".into());
        if docs {
            for g in Lang::Docs.globs() {
                push_unique(&mut s.include, g);
            }
            s.why = "source files and docs (no language named)".into();
        }
        s
    }

    /// Adds include globs (kept unique).
    pub fn add_globs(&mut self, globs: &[&str]) {
        for g in globs {
            push_unique(&mut self.include, g);
        }
    }

    /// Narrows to files under `dir` ("in `src/`").
    pub fn within(&mut self, dir: &str) {
        let dir = dir
            .trim_start_matches("./")
            .trim_end_matches('/')
            .trim_end_matches("/**");
        let dir = &glob_of_words(dir);
        if dir.is_empty() {
            return;
        }
        // "in `.tf` files", "en archivos `.py`": an extension, not a dot-folder (`.github`).
        if let Some(ext) = dir.strip_prefix('.')
            && is_source_or_config_extension(ext)
        {
            self.include = vec![format!("*.{ext}")];
            self.languages.clear();
            return;
        }
        // "in src/lib/format.ts": a file, not a folder — the check covers that file.
        if names_a_file(dir) {
            self.include = vec![dir.to_string()];
            self.languages.clear();
            return;
        }
        let include = std::mem::take(&mut self.include);
        self.include = if include.is_empty() {
            vec![format!("{dir}/**")]
        } else {
            include.iter().filter_map(|g| compose(dir, g)).collect()
        };
        // An editor language id ignores folders: a folder restriction drops it.
        self.languages.clear();
    }

    /// Confines the scope to any of `dirs`: under one of them, not one inside another ("in
    /// `src/` or `lib/`"), each as [`FileScope::within`] reads it.
    pub fn within_any<S: AsRef<str>>(&mut self, dirs: &[S]) {
        let mut include: Vec<String> = Vec::new();
        for dir in dirs {
            let mut one = self.clone();
            one.within(dir.as_ref());
            for g in one.include {
                push_unique(&mut include, &g);
            }
        }
        self.include = include;
        self.languages.clear();
    }

    /// Confines the scope to a kind of file ("in controllers", "in Python route files"): the
    /// kind's globs, each met with the kinds of files the scope had (`**/controllers/**` and
    /// `*.ts` → `**/controllers/**/*.ts`, `**/*Controller.*` → `**/*Controller.ts`), a glob no file
    /// of the scope can match left out. When none meets, the kind alone. An editor language id
    /// knows no folder or name, so it no longer covers a file.
    pub fn confine<S: AsRef<str>>(&mut self, kind: &[S]) {
        let had = std::mem::take(&mut self.include);
        // A glob already in one of the kind's folders (`scripts/**/*.sh`) is met whole there;
        // its meets with the others would only repeat some of its files.
        let inside: Vec<&String> = had
            .iter()
            .filter(|g| kind.iter().any(|k| meet(k.as_ref(), g).as_ref() == Some(*g)))
            .collect();
        for k in kind {
            let k = k.as_ref();
            if had.is_empty() {
                push_unique(&mut self.include, k);
            }
            for g in &had {
                match meet(k, g) {
                    Some(m) if !inside.contains(&g) || m == *g => push_unique(&mut self.include, &m),
                    _ => {}
                }
            }
        }
        if self.include.is_empty() {
            self.include = kind.iter().map(|k| k.as_ref().to_string()).collect();
        }
        self.languages.clear();
    }

    /// Leaves out files under `dir` or matching a name glob ("except in `scripts/`").
    pub fn except(&mut self, path: &str) {
        let p = &glob_of_words(path.trim_start_matches("./"));
        let glob = if p.ends_with('/') {
            format!("{}/**", p.trim_end_matches('/'))
        } else {
            p.to_string()
        };
        push_unique(&mut self.exclude, &format!("!{glob}"));
    }

    /// Leaves out test files ("in production code", "outside tests").
    pub fn except_tests(&mut self) {
        push_unique(&mut self.exclude, &format!("!**/{{{}}}/**", TEST_DIRS.join(",")));
        push_unique(&mut self.exclude, &format!("!**/{{{}}}", TEST_NAMES.join(",")));
    }

    /// Leaves out programs' entry points and examples ("in library code").
    pub fn except_entry_points(&mut self) {
        for g in ENTRY_POINTS {
            push_unique(&mut self.exclude, &format!("!{g}"));
        }
    }

    /// Narrows to test files ("in tests").
    pub fn only_tests(&mut self) {
        let include = std::mem::take(&mut self.include);
        let mut out = Vec::new();
        if include.is_empty() {
            out.extend(TEST_DIRS.iter().map(|d| format!("{d}/")));
            out.extend(TEST_NAMES.iter().map(|n| n.to_string()));
        }
        for g in &include {
            let Some(ext) = g.strip_prefix("*.").filter(|e| !e.contains(['/', '*'])) else {
                continue;
            };
            let listed = |e: &str| ext.trim_matches(['{', '}']).split(',').any(|x| x == e);
            push_unique(&mut out, &format!("**/{{{}}}/**/*.{ext}", TEST_DIRS.join(",")));
            for n in TEST_NAMES {
                let specialized = match *n {
                    "*.test.*" => Some(format!("*.test.{ext}")),
                    "*.spec.*" => Some(format!("*.spec.{ext}")),
                    "*_test.go" if listed("go") => Some(n.to_string()),
                    "test_*.py" | "*_test.py" | "conftest.py" if listed("py") => Some(n.to_string()),
                    _ => None,
                };
                if let Some(s) = specialized {
                    push_unique(&mut out, &s);
                }
            }
        }
        self.include = out;
        self.languages.clear();
    }

    /// `Files` as written in a `Check`: includes then `!` excludes.
    pub fn files(&self) -> Vec<String> {
        self.include.iter().chain(&self.exclude).cloned().collect()
    }

    /// A short description for explanations: `*.ts, *.tsx`.
    pub fn describe(&self) -> String {
        let mut all = self.files();
        if all.is_empty() {
            return "every file".into();
        }
        if all.len() > 8 {
            let more = all.len() - 6;
            all.truncate(6);
            return format!("{}, … ({more} more)", all.join(", "));
        }
        all.join(", ")
    }
}

/// Appends `s` unless `v` holds it already.
pub fn push_unique(v: &mut Vec<String>, s: &str) {
    if !v.iter().any(|x| x == s) {
        v.push(s.to_string());
    }
}

/// `dir` ∩ `glob`: `src` + `*.ts` → `src/**/*.ts`.
/// A path written in a rule's words, as a glob: as written when it is one (`src/**/gen`), else
/// taken literally (`/{` or `[draft]` in prose are names, not broken globs).
pub fn glob_of_words(path: &str) -> String {
    match globset::Glob::new(path) {
        Ok(_) => path.to_string(),
        Err(_) => globset::escape(path),
    }
}

/// The files both a kind glob and a scope glob match, as one glob where one says it: a folder
/// kind composed with the scope glob, a name kind (`**/*Controller.*`, `**/page.{ts,tsx}`) given
/// the scope's extension, a kind the scope's extension already fits kept; `None` when they share
/// no file or no single glob says which.
fn meet(kind: &str, glob: &str) -> Option<String> {
    if let Some(dir) = kind.strip_suffix("/**") {
        return within_folder(dir, glob);
    }
    if kind == glob || kind.strip_prefix("**/") == Some(glob) {
        return Some(kind.to_string());
    }
    // The scope glob as extensions (`*.ts`, `*.{ts,tsx}`); folder and file-name scopes meet
    // only folders.
    let exts = extensions(glob.strip_prefix("*.")?)?;
    let name = kind.rsplit('/').next().unwrap_or(kind);
    let (stem, kind_ext) = name.rsplit_once('.')?;
    let prefix = &kind[..kind.len() - name.len()];
    let shared: Vec<&str> = if kind_ext == "*" {
        exts
    } else {
        let kind_exts = extensions(kind_ext)?;
        exts.into_iter().filter(|e| kind_exts.contains(e)).collect()
    };
    match shared.as_slice() {
        [] => None,
        [ext] => Some(format!("{prefix}{stem}.{ext}")),
        many => Some(format!("{prefix}{stem}.{{{}}}", many.join(","))),
    }
}

/// `glob` confined to the folder kind `dir` (`**/scripts`): composed with it, or as it is when
/// it already lies in such a folder (`scripts/**/*.sh`), or with the folder between its own
/// (`src/**/*.ts` → `src/**/scripts/**/*.ts`).
fn within_folder(dir: &str, glob: &str) -> Option<String> {
    if !glob.contains('/') || glob.starts_with("**/") {
        return compose(dir, glob);
    }
    let name = dir.strip_prefix("**/").unwrap_or(dir);
    let folders = &glob[..glob.rfind('/').unwrap_or(0)];
    if folders.split('/').any(|f| f == name) {
        return Some(glob.to_string());
    }
    let (base, rest) = glob.split_once("/**/")?;
    Some(format!("{base}/{dir}/**/{rest}"))
}

/// The extensions a glob's last part names: `ts`, `{ts,tsx}`; `None` for any other glob.
fn extensions(part: &str) -> Option<Vec<&str>> {
    let list = part.strip_prefix('{').and_then(|l| l.strip_suffix('}'));
    let exts: Vec<&str> = list.map_or_else(|| vec![part], |l| l.split(',').collect());
    exts.iter()
        .all(|e| !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric()))
        .then_some(exts)
}

/// `glob` confined to the folder `dir` (`src` + `*.ts` → `src/**/*.ts`); `None` when `glob` names
/// another folder.
pub fn compose(dir: &str, glob: &str) -> Option<String> {
    if !glob.contains('/') {
        Some(format!("{dir}/**/{glob}"))
    } else if let Some(rest) = glob.strip_prefix("**/") {
        Some(format!("{dir}/**/{rest}"))
    } else if glob.starts_with(dir) {
        Some(glob.to_string())
    } else {
        None
    }
}

/// What the rule's words say about where it applies.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Named {
    /// Languages named, each with the words that named it.
    pub langs: Vec<(Lang, String)>,
    /// "in production code", "outside tests", "fuera de los tests".
    pub not_tests: Option<String>,
    /// "in tests", "en los tests".
    pub only_tests: Option<String>,
    /// The rule is about test files themselves ("test files", "archivos de prueba").
    pub test_files_subject: bool,
    /// Docs named together with code ("in generated documents or code", "en la documentación y
    /// el código"): source files are in scope too, with the words that said it.
    pub code_too: Option<String>,
}

impl Named {
    pub fn langs(&self) -> Vec<Lang> {
        let mut v: Vec<Lang> = self.langs.iter().map(|(l, _)| *l).collect();
        v.dedup();
        v
    }

    pub fn has(&self, lang: Lang) -> bool {
        self.langs.iter().any(|(l, _)| *l == lang)
    }

    /// Whether a check in one of `langs` applies: no language is named, or one of them is.
    pub fn admits(&self, langs: &[Lang]) -> bool {
        self.langs.is_empty() || langs.iter().any(|l| self.has(*l))
    }

    /// The scope of the named languages, or `None` when none is named.
    pub fn scope(&self) -> Option<FileScope> {
        if self.langs.is_empty() {
            return None;
        }
        let langs = self.langs();
        let mut words: Vec<String> = Vec::new();
        // "Angular" names two languages with one word.
        for (_, w) in &self.langs {
            push_unique(&mut words, &format!("\"{w}\""));
        }
        let names: Vec<&str> = langs.iter().map(|l| l.name()).collect();
        let mut scope = FileScope::of_langs(&langs, String::new());
        scope.why = format!(
            "{} ({}) from {}",
            names.join(" + "),
            scope.describe(),
            words.join(", ")
        );
        if let Some(code) = &self.code_too {
            scope.add_globs(&[source_glob().as_str()]);
            scope.why.push_str(&format!(" and source files from \"{code}\""));
        }
        Some(scope)
    }

    /// Applies the test qualifiers to `scope`.
    pub fn qualify(&self, scope: &mut FileScope) {
        if let Some(words) = &self.only_tests {
            scope.only_tests();
            scope
                .why
                .push_str(&format!("; test files only, from \"{words}\""));
        } else if let Some(words) = &self.not_tests {
            scope.except_tests();
            if ["library", "librería", "biblioteca"]
                .iter()
                .any(|w| words.contains(w))
            {
                // Library code: not the entry points either.
                scope.except_entry_points();
            } else if ["production", "producción", "shipped", "application"]
                .iter()
                .any(|w| words.contains(w))
            {
                // Production code: not the development tooling either.
                for g in DEV_TOOLING {
                    push_unique(&mut scope.exclude, &format!("!{g}"));
                }
                // Application code: not its configuration (Laravel's `config/*.php` is where
                // "use `config()`, not `env()`" allows `env()`).
                if words.contains("application") {
                    for g in APP_CONFIG {
                        push_unique(&mut scope.exclude, &format!("!{g}"));
                    }
                }
            }
            scope
                .why
                .push_str(&format!("; test files left out, from \"{words}\""));
        }
    }
}

/// "documents or code", "docs and code", "code and docs", "la documentación y el código": a docs
/// word and "code" joined by "and"/"or" (an article may follow the conjunction).
fn docs_and_code(tokens: &[Token]) -> Option<String> {
    const DOCS: &[&str] = &[
        "docs",
        "documentation",
        "documents",
        "readme",
        "readmes",
        "markdown",
        "documentación",
        "documentacion",
        "documentos",
    ];
    const CODE: &[&str] = &["code", "código", "codigo", "source"];
    const JOIN: &[&str] = &["and", "or", "y", "o", "e", "u"];
    const ARTICLES: &[&str] = &["the", "el", "la", "los", "las", "in", "en"];
    let words: Vec<&Token> = tokens.iter().filter(|t| t.kind != Kind::Comma).collect();
    for (i, t) in words.iter().enumerate() {
        if !t.is_word() || !JOIN.contains(&t.lower.as_str()) || i == 0 {
            continue;
        }
        let before = words[i - 1];
        let mut j = i + 1;
        while words
            .get(j)
            .is_some_and(|w| w.is_word() && ARTICLES.contains(&w.lower.as_str()))
        {
            j += 1;
        }
        let Some(after) = words.get(j).filter(|w| w.is_word()) else {
            continue;
        };
        let (b, a) = (before.lower.as_str(), after.lower.as_str());
        if (DOCS.contains(&b) && CODE.contains(&a)) || (CODE.contains(&b) && DOCS.contains(&a)) {
            return Some(format!("{} {} {}", before.text, t.text, after.text));
        }
    }
    None
}

/// Words that say which tests, before "tests": "outside of negative type tests", "except in unit
/// tests" — still tests.
const TEST_KINDS: &[&str] = &[
    "type",
    "types",
    "negative",
    "positive",
    "unit",
    "integration",
    "e2e",
    "end-to-end",
    "snapshot",
    "regression",
];

/// Like [`words_at`], letting up to two [`TEST_KINDS`] stand before "tests"/"test".
fn test_words_at(tokens: &[Token], i: usize, phrase: &[&str]) -> bool {
    let mut at = i;
    for w in phrase {
        if matches!(*w, "tests" | "test") {
            let mut kinds = 0;
            while kinds < 2
                && tokens
                    .get(at)
                    .is_some_and(|t| t.is_word() && TEST_KINDS.contains(&t.lower.as_str()))
            {
                at += 1;
                kinds += 1;
            }
        }
        if !tokens.get(at).is_some_and(|t| t.is_word() && t.lower == *w) {
            return false;
        }
        at += 1;
    }
    true
}

fn words_at(tokens: &[Token], i: usize, phrase: &[&str]) -> bool {
    phrase
        .iter()
        .enumerate()
        .all(|(k, w)| tokens.get(i + k).is_some_and(|t| t.is_word() && t.lower == *w))
}

/// Whether a data format's name (`SQL`, `YAML`, `HTML`, `CSS`, `Markdown`) at token `at` is what
/// the code handles — followed by what it does with it ("for SQL parsing", "for YAML and JSON
/// serialization") or after a verb of it ("para parsear XML y HTML") — rather than the files the
/// rule is about. `words`: the rule's words, with their token indices; `at`: the word's place
/// among them.
fn handled_data(words: &[(usize, &Token)], at: usize) -> bool {
    const FORMATS: &[&str] = &[
        "sql", "yaml", "yml", "html", "css", "markdown", "xml", "json", "toml", "csv",
    ];
    const JOINS: &[&str] = &["and", "or", "y", "o", "e", "u"];
    const HANDLING: &[&str] = &[
        "parsing",
        "parser",
        "parsers",
        "serialization",
        "serialisation",
        "deserialization",
        "deserialisation",
        "processing",
        "generation",
        "rendering",
        "manipulation",
        "escaping",
        "sanitization",
        "sanitisation",
        "sanitizing",
        "encoding",
        "decoding",
        "handling",
        "validation",
    ];
    const HANDLE_VERBS: &[&str] = &[
        "parse",
        "parsing",
        "serialize",
        "serialise",
        "deserialize",
        "render",
        "generate",
        "sanitize",
        "escape",
        "parsear",
        "serializar",
        "deserializar",
        "renderizar",
        "generar",
        "sanitizar",
        "escapar",
    ];
    if !words
        .get(at)
        .is_some_and(|(_, t)| FORMATS.contains(&t.lower.as_str()))
    {
        return false;
    }
    let in_list = |t: &Token| FORMATS.contains(&t.lower.as_str()) || JOINS.contains(&t.lower.as_str());
    let after = words[at + 1..].iter().map(|(_, t)| *t).find(|t| !in_list(t));
    let before = words[..at].iter().rev().map(|(_, t)| *t).find(|t| !in_list(t));
    after.is_some_and(|t| HANDLING.contains(&t.lower.as_str()))
        || before.is_some_and(|t| HANDLE_VERBS.contains(&t.lower.as_str()))
}

/// Reads the language words and test qualifiers of an instruction.
pub fn named(tokens: &[Token]) -> Named {
    let mut n = Named::default();
    let words: Vec<(usize, &Token)> = tokens.iter().enumerate().filter(|(_, t)| t.is_word()).collect();
    let prev_word = |i: usize| {
        tokens[..i]
            .iter()
            .rev()
            .find(|t| t.kind != Kind::Comma)
            .filter(|t| t.is_word())
    };
    let next_word = |i: usize| tokens.get(i + 1).filter(|t| t.is_word());
    for (at, &(i, t)) in words.iter().enumerate() {
        let w = t.lower.as_str();
        // "for SQL parsing", "para parsear YAML": data the code handles, not files of it.
        if handled_data(&words, at) {
            continue;
        }
        let mut add = |lang: Lang, said: &str| {
            if !n.langs.iter().any(|(l, _)| *l == lang) {
                n.langs.push((lang, said.to_string()));
            }
        };
        match w {
            "typescript" => add(Lang::TypeScript, &t.text),
            "ts" if t.text == "TS" => add(Lang::TypeScript, &t.text),
            "javascript" | "node.js" | "nodejs" => add(Lang::JavaScript, &t.text),
            "js" if t.text == "JS" => add(Lang::JavaScript, &t.text),
            "react" | "jsx" | "tsx" => add(Lang::React, &t.text),
            "python" | "python3" => add(Lang::Python, &t.text),
            "rust" => add(Lang::Rust, &t.text),
            "golang" => add(Lang::Go, &t.text),
            "go" if t.text == "Go" => {
                let before = prev_word(i).is_some_and(|p| {
                    [
                        "in",
                        "en",
                        "de",
                        "for",
                        "para",
                        "with",
                        "con",
                        "idiomatic",
                        "our",
                        "nuestro",
                    ]
                    .contains(&p.lower.as_str())
                });
                let after = next_word(i).is_some_and(|p| {
                    [
                        "code", "files", "file", "modules", "packages", "services", "código", "archivos",
                    ]
                    .contains(&p.lower.as_str())
                });
                if before || after {
                    add(Lang::Go, &t.text);
                }
            }
            "sql" | "postgres" | "postgresql" | "mysql" | "sqlite" => add(Lang::Sql, &t.text),
            "css" | "scss" | "sass" | "stylesheets" | "stylesheet" => add(Lang::Css, &t.text),
            "shell" | "bash" | "zsh" => add(Lang::Shell, &t.text),
            "powershell" | "pwsh" => add(Lang::PowerShell, &t.text),
            "html" => add(Lang::Html, &t.text),
            "java" => add(Lang::Java, &t.text),
            "kotlin" => add(Lang::Kotlin, &t.text),
            "c#" | "csharp" => add(Lang::CSharp, &t.text),
            "ruby" => add(Lang::Ruby, &t.text),
            "php" => add(Lang::Php, &t.text),
            // Frameworks say their language: "controllers in Laravel" are PHP files.
            "laravel" | "symfony" | "livewire" => add(Lang::Php, &t.text),
            "django" | "flask" | "fastapi" => add(Lang::Python, &t.text),
            "rails" if t.text == "Rails" => add(Lang::Ruby, &t.text),
            "nestjs" => add(Lang::TypeScript, &t.text),
            // Angular's components are TypeScript classes and HTML templates.
            "angular" => {
                add(Lang::TypeScript, &t.text);
                add(Lang::Html, &t.text);
            }
            "swift" if t.text == "Swift" => add(Lang::Swift, &t.text),
            "dart" | "flutter" => add(Lang::Dart, &t.text),
            "vue" => add(Lang::Vue, &t.text),
            "svelte" => add(Lang::Svelte, &t.text),
            "c++" | "cpp" => add(Lang::Cpp, &t.text),
            "elixir" | "phoenix" => add(Lang::Elixir, &t.text),
            // "documentation comments", "comentarios de documentación": comments in the code.
            "documentation" | "documentación" | "documentacion"
                if next_word(i).is_some_and(|n| matches!(n.lower.as_str(), "comment" | "comments"))
                    || (prev_word(i).is_some_and(|p| p.lower == "de")
                        && i.checked_sub(2)
                            .and_then(|k| tokens.get(k))
                            .is_some_and(|t| matches!(t.lower.as_str(), "comentario" | "comentarios"))) => {}
            "docs" | "documentation" | "documentación" | "documentacion" | "readme" | "markdown"
            | "readmes" => add(Lang::Docs, &t.text),
            // "generated documents", "documentos generados": documents an agent writes are docs
            // (not "MongoDB documents").
            "documents" | "document" if prev_word(i).is_some_and(|p| p.lower == "generated") => {
                add(Lang::Docs, &t.text)
            }
            "documentos" | "documento"
                if next_word(i).is_some_and(|p| matches!(p.lower.as_str(), "generados" | "generado")) =>
            {
                add(Lang::Docs, &t.text)
            }
            "dockerfile" | "dockerfiles" => add(Lang::Docker, &t.text),
            "makefile" | "makefiles" => add(Lang::Make, &t.text),
            "ci" if t.text == "CI" => add(Lang::Ci, &t.text),
            "workflows" | "pipelines" => add(Lang::Ci, &t.text),
            "yaml" | "yml" => add(Lang::Yaml, &t.text),
            "terraform" | "hcl" | "opentofu" => add(Lang::Terraform, &t.text),
            "commit" | "commits" => {
                let next = next_word(i).map(|t| t.lower.as_str());
                let prev = prev_word(i).map(|t| t.lower.as_str());
                let about_message = matches!(
                    next,
                    Some(
                        "message"
                            | "messages"
                            | "title"
                            | "titles"
                            | "subject"
                            | "subjects"
                            | "summary"
                            | "body"
                    )
                );
                let es_message = prev == Some("de")
                    && i >= 2
                    && tokens[..i - 1]
                        .iter()
                        .rev()
                        .find(|t| t.is_word())
                        .is_some_and(|t| {
                            matches!(
                                t.lower.as_str(),
                                "mensaje"
                                    | "mensajes"
                                    | "título"
                                    | "títulos"
                                    | "titulo"
                                    | "titulos"
                                    | "asunto"
                            )
                        });
                let in_commits = w == "commits"
                    && matches!(
                        prev,
                        Some("in" | "en" | "los" | "the" | "all" | "todos" | "git" | "your" | "tus")
                    );
                if about_message || es_message || in_commits {
                    add(Lang::Commit, "commit messages");
                }
            }
            _ => {}
        }
        if w == "github" && next_word(i).is_some_and(|t| t.lower == "actions") && !n.has(Lang::Ci) {
            n.langs.push((Lang::Ci, "GitHub Actions".into()));
        }
    }
    for i in 0..tokens.len() {
        if n.not_tests.is_none()
            && let Some(p) = NOT_TESTS.iter().find(|p| test_words_at(tokens, i, p))
        {
            n.not_tests = Some(p.join(" "));
        }
        if n.only_tests.is_none()
            && let Some(p) = ONLY_TESTS.iter().find(|p| words_at(tokens, i, p))
            && !tests_too(tokens, i, p.len())
        {
            // "in tests unwraps and panics are fine": where the thing is allowed, an exception.
            match allowed_there(tokens, i + p.len()) {
                Some(allowed) if n.not_tests.is_none() => {
                    n.not_tests = Some(format!("{} … {allowed}", p.join(" ")))
                }
                Some(_) => {}
                None if mandate_after_the_ban(tokens, i) => {}
                None => n.only_tests = Some(p.join(" ")),
            }
        }
        if TEST_FILES.iter().any(|p| words_at(tokens, i, p)) {
            n.test_files_subject = true;
        }
    }
    if n.has(Lang::Docs) {
        n.code_too = docs_and_code(tokens);
    }
    if n.only_tests.is_none() {
        n.only_tests = tests_subject(tokens).or_else(|| tests_label(tokens));
    }
    // "outside tests" and "in tests" never both: the exclusion wins (the safer reading).
    if n.not_tests.is_some() {
        n.only_tests = None;
    }
    n
}

/// "Do not use `Date.now`; use `Clock`, and use `TestClock` in tests": the words at `i` stand in
/// a clause after the one that forbids, and that clause forbids nothing — they say where the
/// replacement is used, not where the ban holds.
fn mandate_after_the_ban(tokens: &[Token], i: usize) -> bool {
    let Some(start) = tokens[..i]
        .iter()
        .rposition(|t| t.kind == Kind::Sep && matches!(t.text.as_str(), ";" | "."))
    else {
        return false;
    };
    let forbids = |from: usize, to: usize| {
        (from..to).any(|j| {
            TRIG_NEG
                .iter()
                .chain(TRIG_NEG_USE)
                .any(|p| words_at(tokens, j, &p.split(' ').collect::<Vec<_>>()))
        })
    };
    forbids(0, start) && !forbids(start + 1, i)
}

/// "Tests must not use `time.sleep`", "Playwright tests must never call `waitForTimeout`", "Los
/// tests no deben usar …": a clause whose subject is the tests — a determiner, at most two
/// qualifiers, then the tests — and whose verb is negated forbids in test files only. The words
/// that said it, or `None`.
fn tests_subject(tokens: &[Token]) -> Option<String> {
    clauses(tokens).into_iter().find_map(|clause| {
        let (start, end) = clause_subject(clause, 4)?;
        let subject: Vec<&str> = clause[start..end].iter().map(|t| t.lower.as_str()).collect();
        // "Test files must not …", "Spec code should never …".
        let noun = match subject.as_slice() {
            [_, .., "files" | "file" | "code" | "suites" | "suite"] => subject.len() - 2,
            _ => subject.len() - 1,
        };
        let tests = noun < 3 && TEST_SUBJECT_NOUNS.contains(&subject[noun]);
        let negated = clause[end..]
            .iter()
            .take(2)
            .take_while(|t| t.is_word())
            .any(|t| NEGATIONS_OF_SUBJECT.contains(&t.lower.as_str()));
        let said = clause[..(end + 2).min(clause.len())]
            .iter()
            .take_while(|t| t.is_word())
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>();
        (tests && negated).then(|| said.join(" "))
    })
}

/// A label naming tests that opens the rule ("Async testing: use anyio, not asyncio", "Tests:
/// no `sleep`"): what follows is about the test files.
fn tests_label(tokens: &[Token]) -> Option<String> {
    let (label, end) = clauses_with_ends(tokens).into_iter().next()?;
    let words: Vec<&str> = label
        .iter()
        .map(|t| t.is_word().then_some(t.text.as_str()))
        .collect::<Option<_>>()?;
    let last = words.last()?.to_lowercase();
    (end == Some(":")
        && words.len() <= 3
        && (last == "testing" || TEST_SUBJECT_NOUNS.contains(&last.as_str())))
    .then(|| words.join(" "))
}

/// The word that allows the thing in the rest of the clause from `from` ("… are fine", "… está
/// permitido"), if one does.
fn allowed_there(tokens: &[Token], from: usize) -> Option<&str> {
    tokens[from.min(tokens.len())..]
        .iter()
        .take_while(|t| t.kind != Kind::Sep)
        .filter(|t| t.is_word())
        .map(|t| t.lower.as_str())
        .find(|w| {
            matches!(
                *w,
                "fine"
                    | "ok"
                    | "okay"
                    | "allowed"
                    | "acceptable"
                    | "permitted"
                    | "permitido"
                    | "permitidos"
                    | "permitida"
                    | "permitidas"
                    | "aceptable"
                    | "aceptables"
                    | "válido"
                    | "válidos"
            )
        })
}

/// "even in tests", "in tests too", "ni siquiera en tests", "incluso en los tests": tests as
/// well as the rest, not tests only. `at` and `len` are the words of the tests phrase.
fn tests_too(tokens: &[Token], at: usize, len: usize) -> bool {
    let word = |k: usize| tokens.get(k).filter(|t| t.is_word()).map(|t| t.lower.as_str());
    let before = at.checked_sub(1).and_then(word);
    let after = word(at + len);
    matches!(
        before,
        Some("even" | "also" | "including" | "incluso" | "siquiera" | "también")
    ) || matches!(after, Some("too" | "also" | "también"))
}

/// True when `path` names one file (`src/lib/format.ts`): its last part has an extension with a
/// letter, and it is no glob. `.github`, `v1.2` and `src/` are folders.
/// Whether `*.{ext}` is a source file's or a known language's file glob (`tf`, `py`, `yml`).
pub fn is_source_or_config_extension(ext: &str) -> bool {
    let glob = format!("*.{ext}");
    !ext.is_empty()
        && ext.chars().all(|c| c.is_ascii_alphanumeric())
        && (SOURCE_FILES.contains(&glob.as_str())
            || [Lang::Yaml, Lang::Terraform, Lang::Docs]
                .iter()
                .any(|l| l.globs().contains(&glob.as_str())))
}

pub fn names_a_file(path: &str) -> bool {
    if path.contains(['*', '?', '{', '[']) {
        return false;
    }
    let last = path.rsplit('/').next().unwrap_or(path);
    match last.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && (1..=10).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
                && ext.chars().any(|c| c.is_ascii_alphabetic())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::infer::text::tokenize;
    use crate::rules::scope::FileContext;

    /// An inferred check says "in code only (not comments or strings)": every kind of file the
    /// inference scopes a check to must lex by its path alone, as in a CLI run with no language
    /// id — an Elixir `@moduledoc "… import …"` is not an `import`. JSON has no comments, and its
    /// keys are the settings rules name.
    #[test]
    fn every_file_kind_a_check_covers_lexes_by_its_path() {
        let langs = [
            Lang::TypeScript,
            Lang::JavaScript,
            Lang::React,
            Lang::Python,
            Lang::Rust,
            Lang::Go,
            Lang::Sql,
            Lang::Css,
            Lang::Shell,
            Lang::PowerShell,
            Lang::Commit,
            Lang::Html,
            Lang::Java,
            Lang::Kotlin,
            Lang::CSharp,
            Lang::Ruby,
            Lang::Php,
            Lang::Swift,
            Lang::Dart,
            Lang::Vue,
            Lang::Svelte,
            Lang::Cpp,
            Lang::Elixir,
            Lang::Docs,
            Lang::Docker,
            Lang::Make,
            Lang::Ci,
            Lang::Yaml,
            Lang::Terraform,
            Lang::Manifest,
        ];
        let globs = langs
            .iter()
            .flat_map(|l| l.globs().iter())
            .chain(SOURCE_FILES)
            .chain(COMMAND_FILES)
            .chain(TEST_NAMES)
            // `*.test.*` takes the syntax of whatever language it names.
            .filter(|g| !g.ends_with(".json") && !g.ends_with(".*"));
        let unlexed: Vec<&str> = globs
            .filter(|glob| {
                let path = glob.replace('*', "x");
                let file = FileContext {
                    rel_path: Some(&path),
                    language_id: None,
                };
                file.syntax().is_none()
            })
            .copied()
            .collect();
        assert!(unlexed.is_empty(), "no syntax for {unlexed:?}");
    }

    #[test]
    fn a_place_that_names_a_file_confines_the_scope_to_that_file() {
        let mut scope = FileScope::source_files(false);
        scope.within("src/lib/format.ts");
        assert_eq!(scope.include, ["src/lib/format.ts"]);
        let mut scope = FileScope::source_files(false);
        scope.within("src/lib/");
        assert!(
            scope.include.iter().all(|g| g.starts_with("src/lib/**/")),
            "{:?}",
            scope.include
        );
        for folder in [".github", "v1.2", "src/api", "docs/*.md"] {
            assert!(!names_a_file(folder), "{folder}");
        }
        for file in ["src/lib/format.ts", "Makefile.am", "a/b/c.py"] {
            assert!(names_a_file(file), "{file}");
        }
    }

    fn langs(text: &str) -> Vec<Lang> {
        named(&tokenize(text)).langs()
    }

    #[test]
    fn language_words_in_english_and_spanish() {
        assert_eq!(langs("Never use `any` in TypeScript"), [Lang::TypeScript]);
        assert_eq!(
            langs("No usar nunca exportaciones por defecto para componentes React"),
            [Lang::React]
        );
        assert_eq!(
            langs("No agregar nunca emojis a los mensajes de commit"),
            [Lang::Commit]
        );
        assert_eq!(langs("No emojis in commit messages"), [Lang::Commit]);
        assert_eq!(langs("In Go code, never ignore errors"), [Lang::Go]);
        assert!(langs("Go to the docs folder").iter().all(|l| *l != Lang::Go));
        assert!(langs("Never commit secrets").is_empty());
        assert_eq!(
            langs("Never use JS or TS for this"),
            [Lang::JavaScript, Lang::TypeScript]
        );
    }

    #[test]
    fn a_format_the_code_handles_names_no_files() {
        assert!(langs("Use `tree-sitter-sequel` for SQL parsing").is_empty());
        assert!(langs("Never use `serde_yaml` for YAML parsing").is_empty());
        assert!(langs("No string concatenation for HTML rendering").is_empty());
        assert!(langs("Usa `quick-xml` para parsear XML y HTML").is_empty());
        assert_eq!(
            langs("Usa `quick-xml` para parsear XML y HTML en Rust"),
            [Lang::Rust]
        );
        // The files themselves, or a language the code is written in.
        assert_eq!(langs("Never use `SELECT *` in SQL files"), [Lang::Sql]);
        assert_eq!(langs("Indent YAML with two spaces"), [Lang::Yaml]);
        assert_eq!(langs("No inline styles in HTML"), [Lang::Html]);
    }

    #[test]
    fn generated_documents_and_code() {
        let n = named(&tokenize("Never use emojis in generated documents or code."));
        assert_eq!(n.langs(), [Lang::Docs]);
        assert_eq!(n.code_too.as_deref(), Some("documents or code"));
        let s = n.scope().unwrap();
        assert!(s.include.contains(&"*.md".to_string()));
        assert!(s.include.contains(&source_glob()));
        let n = named(&tokenize("No emojis en la documentación ni en el código"));
        assert!(n.code_too.is_none(), "\"ni\" is not a joining word here");
        let n = named(&tokenize("No uses emojis en el código o la documentación"));
        assert_eq!(n.code_too.as_deref(), Some("código o documentación"));
        // "documents" alone (MongoDB documents) names no docs.
        assert!(langs("Never store secrets in documents").is_empty());
        assert_eq!(langs("No usar separadores en documentos generados"), [Lang::Docs]);
    }

    #[test]
    fn tests_as_subject() {
        for (rule, said) in [
            ("Tests must not use `time.sleep`.", "Tests must not"),
            (
                "Tests MUST NOT use `time.Sleep` for synchronization",
                "Tests MUST NOT",
            ),
            (
                "Playwright tests must never call `waitForTimeout`",
                "Playwright tests must never",
            ),
            (
                "Unit tests should not call `requests.get`",
                "Unit tests should not",
            ),
            (
                "Test files must not import from `src/internal`",
                "Test files must not",
            ),
            ("Los tests no deben usar `time.sleep`", "Los tests no deben"),
            (
                "Las pruebas nunca deben llamar a `sleep`",
                "Las pruebas nunca deben",
            ),
            (
                "Los archivos de prueba no deben usar `sleep`",
                "Los archivos de prueba no deben",
            ),
            ("Use channels; tests must not call `time.Sleep`", "tests must not"),
        ] {
            assert_eq!(named(&tokenize(rule)).only_tests.as_deref(), Some(said), "{rule}");
        }
        // Tests as an object, a mandate, or "test" as a verb: no scope.
        for rule in [
            "Never skip tests with `it.skip`",
            "Tests must pass before you commit",
            "Do not test private methods with `rewire`",
            "Never test against `localhost:8080`",
            "Write tests; never use `console.log`",
            "No uses `sleep` en producción ni en tests",
        ] {
            assert_eq!(named(&tokenize(rule)).only_tests, None, "{rule}");
        }
    }

    #[test]
    fn test_qualifiers() {
        let n = named(&tokenize("Never call `unwrap()` in library code"));
        assert_eq!(n.not_tests.as_deref(), Some("library code"));
        let n = named(&tokenize("No usar `.only` en los tests"));
        assert_eq!(n.only_tests.as_deref(), Some("en los tests"));
        // "Even in tests" is everywhere, tests included.
        for everywhere in [
            "Never call `eval`, even in tests.",
            "No `console.log` in tests too",
            "Nunca uses `eval`, ni siquiera en tests.",
            "Nunca uses `eval`, incluso en los tests.",
        ] {
            assert_eq!(named(&tokenize(everywhere)).only_tests, None, "{everywhere}");
        }
    }

    #[test]
    fn composing_scopes() {
        let mut s = FileScope::of_langs(&[Lang::TypeScript], String::new());
        s.within("src/");
        assert_eq!(s.files(), ["src/**/*.ts", "src/**/*.tsx"]);
        let mut s = FileScope::of_langs(&[Lang::Python], String::new());
        s.except("scripts/");
        s.except_tests();
        assert!(s.files().contains(&"!scripts/**".to_string()));
        assert!(
            s.files()
                .iter()
                .any(|g| g.starts_with("!**/{") && g.contains("test_*.py"))
        );
        let mut s = FileScope::of_langs(&[Lang::TypeScript], String::new());
        s.only_tests();
        assert!(s.include.contains(&"*.test.ts".to_string()));
        assert!(
            s.include
                .iter()
                .any(|g| g.contains("__tests__") && g.ends_with("/**/*.tsx"))
        );
        assert!(!s.include.iter().any(|g| g.ends_with(".py")));
    }

    #[test]
    fn confining_to_a_kind_of_file() {
        let kind = [
            "**/controllers/**",
            "**/*Controller.*",
            "**/page.{js,tsx}",
            "**/*.vue",
            "**/urls.py",
        ];
        let mut s = FileScope::of_langs(&[Lang::TypeScript], String::new());
        s.confine(&kind);
        assert_eq!(
            s.include,
            [
                "**/controllers/**/*.ts",
                "**/controllers/**/*.tsx",
                "**/*Controller.ts",
                "**/*Controller.tsx",
                "**/page.tsx"
            ]
        );
        assert!(s.languages.is_empty());
        let mut s = FileScope::of_langs(&[Lang::Python], String::new());
        s.confine(&kind);
        assert_eq!(
            s.include,
            ["**/controllers/**/*.py", "**/*Controller.py", "**/urls.py"]
        );
        // No language named: the kind alone; none of it fits the scope's files: the kind too.
        let mut s = FileScope::default();
        s.confine(&kind);
        assert_eq!(s.include, kind);
        let mut s = FileScope::of_langs(&[Lang::Go], String::new());
        s.confine(&["**/*.vue"]);
        assert_eq!(s.include, ["**/*.vue"]);
        // A scope of named files meets folders only.
        let mut s = FileScope::of_globs(&["*.{ts,py,rb}"], String::new());
        s.confine(&kind);
        assert_eq!(
            s.include,
            [
                "**/controllers/**/*.{ts,py,rb}",
                "**/*Controller.{ts,py,rb}",
                "**/urls.py"
            ]
        );
        // Folders already said: a glob in such a folder stays, another gets it between.
        let mut s = FileScope::of_globs(
            &["scripts/**/*.sh", "src/**/*.ts", ".github/workflows/*.yml"],
            String::new(),
        );
        s.confine(&["**/scripts/**", "**/bin/**"]);
        assert_eq!(
            s.include,
            ["scripts/**/*.sh", "src/**/scripts/**/*.ts", "src/**/bin/**/*.ts"]
        );
        let mut s = FileScope::of_globs(&["Dockerfile"], String::new());
        s.confine(&["**/docker/**", "**/*Controller.*"]);
        assert_eq!(s.include, ["**/docker/**/Dockerfile"]);
    }
}
