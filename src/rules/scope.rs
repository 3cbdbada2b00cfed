//! Which files a check applies to: `Files` globs relative to the rules root, `!` excludes, and
//! language ids. Globs follow gitignore's reading: a glob without `/` matches at any depth, one
//! with `/` is anchored at the root, and a glob naming a folder covers what is inside it.

use crate::text::syntax::Syntax;
use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};

/// A file as the checks see it.
#[derive(Debug, Clone, Copy, Default)]
pub struct FileContext<'a> {
    /// Path relative to the rules root with `/` separators; `None` outside the root (an
    /// untitled buffer, a file elsewhere).
    pub rel_path: Option<&'a str>,
    /// The editor's language id (`typescript`, `gitcommit`), when known.
    pub language_id: Option<&'a str>,
}

impl FileContext<'_> {
    /// How the file's text lexes: by its language id, else its extension; `None` when neither is
    /// known (every position of such a file is code).
    pub fn syntax(&self) -> Option<Syntax> {
        let name = self.rel_path.and_then(|p| p.rsplit('/').next());
        let extension = name.and_then(|name| name.rsplit_once('.')).map(|(_, ext)| ext);
        Syntax::detect(self.language_id.unwrap_or_default(), extension)
            .or_else(|| self.rel_path.and_then(Syntax::for_path))
    }
}

/// One glob that failed to compile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlobError {
    /// Position of the glob in the list it came from.
    pub index: usize,
    pub glob: String,
    pub error: String,
}

fn compile_glob(pattern: &str) -> Result<Vec<Glob>, globset::Error> {
    let trimmed = pattern.trim();
    let anchored = trimmed.starts_with('/') || trimmed.starts_with("./");
    let body = trimmed.trim_start_matches("./").trim_start_matches('/');
    let dir_only = body.ends_with('/');
    let body = body.trim_end_matches('/');
    let base = if anchored || body.contains('/') || body.starts_with("**") {
        body.to_string()
    } else {
        format!("**/{body}")
    };
    let build = |p: &str| GlobBuilder::new(p).literal_separator(true).build();
    let mut globs = Vec::with_capacity(2);
    if !dir_only {
        globs.push(build(&base)?);
    }
    globs.push(build(&format!("{base}/**"))?);
    Ok(globs)
}

/// Why `pattern` is not a glob a `Files` list can hold (`None`: it is one).
pub fn glob_error(pattern: &str) -> Option<String> {
    compile_glob(pattern).err().map(|e| e.kind().to_string())
}

/// Compiles globs into a set; every failing glob is reported.
pub fn glob_set<'a>(patterns: impl IntoIterator<Item = &'a str>) -> Result<GlobSet, Vec<GlobError>> {
    let mut builder = GlobSetBuilder::new();
    let mut errors = Vec::new();
    for (index, pattern) in patterns.into_iter().enumerate() {
        match compile_glob(pattern) {
            Ok(globs) => globs.into_iter().for_each(|g| {
                builder.add(g);
            }),
            Err(e) => errors.push(GlobError {
                index,
                glob: pattern.to_string(),
                error: e.kind().to_string(),
            }),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    builder.build().map_err(|e| {
        vec![GlobError {
            index: 0,
            glob: e.glob().unwrap_or_default().to_string(),
            error: e.kind().to_string(),
        }]
    })
}

/// The files a check covers.
#[derive(Debug, Clone)]
pub struct Scope {
    include: Option<GlobSet>,
    exclude: Option<GlobSet>,
    languages: Vec<String>,
    /// A second scope a file must be in too: a scoped rule's (see `Rule::scope`).
    within: Option<Box<Scope>>,
}

impl Scope {
    /// Builds a scope from `Files` (empty: every file) and language ids. Errors carry the
    /// index of the failing glob in `files`.
    pub fn new(files: &[String], languages: &[String]) -> Result<Scope, Vec<GlobError>> {
        let (mut inc, mut exc) = (Vec::new(), Vec::new());
        for (i, f) in files.iter().enumerate() {
            match f.trim().strip_prefix('!') {
                Some(rest) => exc.push((i, rest)),
                None => inc.push((i, f.as_str())),
            }
        }
        fn remap(list: &[(usize, &str)], errors: Vec<GlobError>) -> Vec<GlobError> {
            errors
                .into_iter()
                .map(|mut e| {
                    e.index = list.get(e.index).map_or(e.index, |(i, _)| *i);
                    e
                })
                .collect()
        }
        let mut errors = Vec::new();
        let include = if inc.is_empty() {
            None
        } else {
            glob_set(inc.iter().map(|(_, g)| *g))
                .map_err(|e| errors.extend(remap(&inc, e)))
                .ok()
        };
        let exclude = if exc.is_empty() {
            None
        } else {
            glob_set(exc.iter().map(|(_, g)| *g))
                .map_err(|e| errors.extend(remap(&exc, e)))
                .ok()
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Scope {
            include,
            exclude,
            languages: languages.to_vec(),
            within: None,
        })
    }

    /// This scope, narrowed to the files `outer` covers as well.
    pub fn within(mut self, outer: Scope) -> Scope {
        self.within = Some(Box::new(outer));
        self
    }

    pub fn covers(&self, file: &FileContext) -> bool {
        if let Some(outer) = &self.within
            && !outer.covers(file)
        {
            return false;
        }
        let by_language = file
            .language_id
            .is_some_and(|id| self.languages.iter().any(|l| l.eq_ignore_ascii_case(id)));
        let by_path = match (file.rel_path, &self.include) {
            (Some(path), Some(include)) => include.is_match(path),
            (_, None) => self.languages.is_empty(),
            (None, Some(_)) => false,
        };
        if !(by_path || by_language) {
            return false;
        }
        match (file.rel_path, &self.exclude) {
            (Some(path), Some(exclude)) => !exclude.is_match(path),
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope(files: &[&str]) -> Scope {
        Scope::new(&files.iter().map(|s| s.to_string()).collect::<Vec<_>>(), &[]).unwrap()
    }

    fn at(path: &str) -> FileContext<'_> {
        FileContext {
            rel_path: Some(path),
            language_id: None,
        }
    }

    #[test]
    fn files_known_by_their_name_have_a_syntax() {
        use crate::text::syntax::Syntax;
        for (path, syntax) in [
            ("Dockerfile", Syntax::Config),
            ("docker/Dockerfile.worker", Syntax::Config),
            ("Makefile", Syntax::Hash),
            ("Gemfile", Syntax::Ruby),
            (".git/COMMIT_EDITMSG", Syntax::Config),
            ("src/a.ts", Syntax::TypeScript),
        ] {
            assert_eq!(at(path).syntax(), Some(syntax), "{path}");
        }
        assert_eq!(at("LICENSE").syntax(), None);
    }

    #[test]
    fn a_scope_within_another_covers_only_what_both_cover() {
        let s = scope(&["*.ts"]).within(scope(&["pkg/**"]));
        assert!(s.covers(&at("pkg/src/a.ts")));
        assert!(!s.covers(&at("src/a.ts")) && !s.covers(&at("pkg/a.py")));
    }

    #[test]
    fn a_glob_without_slash_matches_at_any_depth() {
        let s = scope(&["*.ts"]);
        assert!(s.covers(&at("a.ts")) && s.covers(&at("src/deep/a.ts")));
        assert!(!s.covers(&at("a.tsx")));
    }

    #[test]
    fn a_glob_with_slash_is_anchored_and_star_stays_in_one_folder() {
        let s = scope(&["src/*.ts"]);
        assert!(s.covers(&at("src/a.ts")));
        assert!(!s.covers(&at("src/x/a.ts")) && !s.covers(&at("lib/src/a.ts")));
        assert!(scope(&["src/**/*.ts"]).covers(&at("src/x/y/a.ts")));
    }

    #[test]
    fn excludes_win() {
        let s = scope(&["**/*.ts", "!**/*.d.ts", "!src/generated/"]);
        assert!(s.covers(&at("src/a.ts")));
        assert!(!s.covers(&at("src/a.d.ts")));
        assert!(!s.covers(&at("src/generated/x.ts")));
    }

    #[test]
    fn only_excludes_means_everything_else() {
        let s = scope(&["!vendor/**"]);
        assert!(s.covers(&at("src/a.rs")) && !s.covers(&at("vendor/x.rs")));
    }

    #[test]
    fn folders_cover_their_contents() {
        let s = scope(&["src/api"]);
        assert!(s.covers(&at("src/api")) && s.covers(&at("src/api/users.ts")));
        assert!(!s.covers(&at("src/apis/users.ts")));
        let s = scope(&["/COMMIT_EDITMSG"]);
        assert!(s.covers(&at("COMMIT_EDITMSG")) && !s.covers(&at("x/COMMIT_EDITMSG")));
    }

    #[test]
    fn empty_scope_covers_everything_even_without_a_path() {
        let s = scope(&[]);
        assert!(s.covers(&FileContext::default()));
        assert!(!scope(&["*.ts"]).covers(&FileContext::default()));
    }

    #[test]
    fn languages_cover_files_whatever_their_path() {
        let s = Scope::new(&["COMMIT_EDITMSG".into()], &["gitcommit".into()]).unwrap();
        assert!(s.covers(&FileContext {
            rel_path: Some("msg.txt"),
            language_id: Some("gitcommit")
        }));
        assert!(s.covers(&at(".git/COMMIT_EDITMSG")));
        assert!(!s.covers(&at("msg.txt")));
        let lang_only = Scope::new(&[], &["gitcommit".into()]).unwrap();
        assert!(!lang_only.covers(&at("a.ts")));
    }

    #[test]
    fn bad_globs_are_reported_with_their_index() {
        let err = Scope::new(&["*.ts".into(), "!src/[".into()], &[]).unwrap_err();
        assert_eq!(err[0].index, 1);
        assert_eq!(err[0].glob, "src/[");
    }
}
