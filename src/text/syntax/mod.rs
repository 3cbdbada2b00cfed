//! What lexical context each part of a source text is in — code, a comment, a string, JSX text or
//! tag, markup text… — from one small lexer per language family (C-like, hash, SQL and Lua,
//! markup, CSS). Not a parser: it knows where comments and strings begin and end, which is enough
//! to place a comment without changing a string, or to tell a match in code from one in a comment.

use std::ops::Range;

mod lexer;

/// How a language writes a comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Comment {
    Line(&'static str),
    Block(&'static str, &'static str),
}

impl Comment {
    /// The comment holding `text`.
    pub fn wrap(self, text: &str) -> String {
        match self {
            Comment::Line(prefix) => format!("{prefix} {text}"),
            Comment::Block(open, close) => format!("{open} {text} {close}"),
        }
    }
}

/// The lexical rules of a language: which comments and strings it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// JavaScript with JSX, template literals and regular expression literals.
    JavaScript,
    /// TypeScript: template and regular expression literals, no JSX.
    TypeScript,
    /// TypeScript with JSX.
    Tsx,
    /// C, C++, Objective-C, CUDA, shaders: backslash-newline splices lines, `R"(…)"` raw strings.
    C,
    /// Rust: `r#"…"#` raw strings, strings spanning lines, `'a'` chars and `'a` lifetimes,
    /// nested block comments.
    Rust,
    /// Go: `` `…` `` raw strings.
    Go,
    /// C#: `@"…"` verbatim and `"""…"""` raw strings.
    CSharp,
    /// Java and Groovy: `"""…"""` text blocks.
    Java,
    /// Kotlin and Scala: `"""…"""`, nested block comments.
    Kotlin,
    /// Swift: `"""…"""`, nested block comments, no `'` strings.
    Swift,
    /// Dart: `'''…'''` and `"""…"""`, nested block comments.
    Dart,
    /// PHP: `#` comments too, strings spanning lines.
    Php,
    /// Zig: `\\` multi-line string lines.
    Zig,
    /// HCL and Terraform: `#`, `//` and `/* */` comments, `"…"` strings, `<<EOT`/`<<-EOT`
    /// heredocs.
    Hcl,
    /// Other languages with `//` and `/* */` comments and single-line `'…'` and `"…"` strings.
    CLike,
    /// Python and Starlark: `'''…'''` and `"""…"""`, `\` continuations.
    Python,
    /// POSIX shells, bash, zsh: quotes spanning lines, `$(…)`, heredocs, `\` continuations, `#`
    /// only at the start of a word.
    Shell,
    /// YAML: quoted scalars, block scalars (`|`, `>`), `#` after whitespace.
    Yaml,
    /// TOML: basic and literal strings, single- and multi-line.
    Toml,
    /// Ruby: strings spanning lines with `#{}`, heredocs, `=begin`/`=end`.
    Ruby,
    /// Other languages with `#` comments; `'…'` and `"…"` may span lines.
    Hash,
    /// SQL: `--`, `/* */`, `'…'` with `''`, `$tag$…$tag$` bodies.
    Sql,
    /// MySQL: SQL with `#` comments, backslash escapes and `` `…` `` names.
    MySql,
    /// Lua: `--`, `--[[…]]`, `[[…]]`.
    Lua,
    /// HTML, XML and the single-file components built on it: tags, quoted attributes, `<!-- -->`,
    /// CDATA, and `<script>`/`<style>` elements lexed as TypeScript and CSS.
    Html,
    /// Markdown: text, `<!-- -->`, code spans and fenced code blocks.
    Markdown,
    /// CSS: `/* */` and quoted strings.
    Css,
    /// SCSS and Less: CSS with `//` comments.
    Scss,
    /// Formats whose comments start a line (`#` or `;`) and that have no strings: git commit
    /// messages, INI, properties, ignore files, Dockerfiles.
    Config,
}

impl Syntax {
    /// The syntax of an editor language id (`typescriptreact`, `python`…).
    pub fn for_language(id: &str) -> Option<Syntax> {
        use Syntax::*;
        Some(match id {
            "javascript" | "javascriptreact" | "jsx" => JavaScript,
            "typescript" => TypeScript,
            "typescriptreact" | "tsx" => Tsx,
            "c" | "cpp" | "objective-c" | "objective-cpp" | "cuda-cpp" | "glsl" | "hlsl" => C,
            "rust" => Rust,
            "go" => Go,
            "csharp" => CSharp,
            "java" | "groovy" => Java,
            "kotlin" | "scala" => Kotlin,
            "swift" => Swift,
            "dart" => Dart,
            "php" => Php,
            "zig" => Zig,
            "jsonc" | "json5" | "proto" | "solidity" | "d" | "haxe" | "v" => CLike,
            "python" | "starlark" | "bazel" => Python,
            "shellscript" | "sh" | "bash" | "zsh" | "fish" => Shell,
            "yaml" => Yaml,
            "toml" => Toml,
            "ruby" | "crystal" => Ruby,
            "terraform" | "hcl" => Hcl,
            "perl" | "r" | "makefile" | "powershell" | "elixir" | "coffeescript" | "nix" | "cmake"
            | "julia" | "graphql" | "tcl" | "nim" | "raku" | "awk" | "conf" | "requirements" | "just"
            | "nginx" => Hash,
            "sql" | "plsql" | "postgres" => Sql,
            "mysql" => MySql,
            "lua" => Lua,
            "html" | "xml" | "xsl" | "svg" | "vue" | "svelte" | "astro" | "razor" => Html,
            "markdown" | "mdx" => Markdown,
            "css" | "postcss" => Css,
            "scss" | "less" => Scss,
            "gitcommit" | "git-commit" | "ini" | "properties" | "gitignore" | "ignore" | "editorconfig"
            | "dockerfile" => Config,
            _ => return None,
        })
    }

    /// The syntax of a file extension (without the dot), for files whose language id is unknown.
    pub fn for_extension(ext: &str) -> Option<Syntax> {
        use Syntax::*;
        Some(match ext.to_ascii_lowercase().as_str() {
            // `.gs`: Google Apps Script.
            "js" | "mjs" | "cjs" | "jsx" | "gs" => JavaScript,
            "ts" | "mts" | "cts" => TypeScript,
            "tsx" => Tsx,
            "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" | "ipp" | "inl" | "m" | "mm" | "cu"
            | "cuh" | "ino" | "glsl" | "hlsl" | "frag" | "vert" => C,
            "rs" => Rust,
            "go" => Go,
            "cs" => CSharp,
            "java" | "groovy" | "gradle" => Java,
            "kt" | "kts" | "scala" => Kotlin,
            "swift" => Swift,
            "dart" => Dart,
            "php" => Php,
            "zig" => Zig,
            "tf" | "tfvars" | "hcl" => Hcl,
            "jsonc" | "json5" | "proto" | "sol" | "hx" => CLike,
            "py" | "pyi" | "pyx" | "bzl" => Python,
            "sh" | "bash" | "zsh" | "ksh" | "fish" | "bats" => Shell,
            "yml" | "yaml" => Yaml,
            "toml" => Toml,
            "rb" | "rake" | "gemspec" | "cr" => Ruby,
            // The languages `for_language` reads as `#`-commented, by their extensions: a CLI
            // run has no language id, and an Elixir rule's "in code only" must hold there too.
            "ex" | "exs" | "pl" | "pm" | "r" | "ps1" | "psm1" | "coffee" | "nix" | "cmake" | "jl"
            | "graphql" | "gql" | "tcl" | "nim" | "raku" | "rakumod" | "awk" | "mk" | "just" => Hash,
            "sql" => Sql,
            "lua" => Lua,
            "html" | "htm" | "xml" | "svg" | "vue" | "svelte" | "astro" => Html,
            "md" | "markdown" | "mdx" => Markdown,
            "css" => Css,
            "scss" | "sass" | "less" => Scss,
            "ini" | "properties" | "dockerfile" => Config,
            _ => return None,
        })
    }

    /// The syntax of a language id, or of a file extension when the id is unknown.
    pub fn detect(language_id: &str, extension: Option<&str>) -> Option<Syntax> {
        Syntax::for_language(language_id).or_else(|| extension.and_then(Syntax::for_extension))
    }

    /// The syntax of files known by their name rather than an extension: `Dockerfile`,
    /// `Makefile`, `Jenkinsfile`, `.bashrc`, `COMMIT_EDITMSG`…
    pub fn for_file_name(name: &str) -> Option<Syntax> {
        use Syntax::*;
        let lower = name.to_ascii_lowercase();
        Some(match lower.as_str() {
            "dockerfile"
            | "containerfile"
            | "commit_editmsg"
            | "merge_msg"
            | "tag_editmsg"
            | ".gitignore"
            | ".dockerignore"
            | ".npmignore"
            | ".gitattributes"
            | ".editorconfig"
            | ".env"
            | "procfile"
            | ".aicockpitcodeignore" => Config,
            "makefile" | "gnumakefile" | "justfile" | ".justfile" | "cmakelists.txt" | "gemfile"
            | "rakefile" | "vagrantfile" | "brewfile" | "podfile" => {
                if matches!(
                    lower.as_str(),
                    "gemfile" | "rakefile" | "vagrantfile" | "brewfile" | "podfile"
                ) {
                    Ruby
                } else {
                    Hash
                }
            }
            ".bashrc" | ".bash_profile" | ".zshrc" | ".profile" | ".envrc" => Shell,
            "jenkinsfile" => Java,
            "go.mod" | "go.work" => CLike,
            _ if lower.starts_with("dockerfile.") || lower.starts_with(".env.") => Config,
            // pip's requirement and constraint files: `#` comments.
            _ if (lower.starts_with("requirements") || lower.starts_with("constraints"))
                && lower.ends_with(".txt") =>
            {
                Hash
            }
            _ => return None,
        })
    }

    /// The syntax of a file known by its path (`/`-separated) rather than its extension: by its
    /// name, or by its folder — a `.txt` in `requirements/` (pip's split requirement files), a
    /// git hook in `.husky/` (a shell script).
    pub fn for_path(path: &str) -> Option<Syntax> {
        let (folder, name) = path.rsplit_once('/').unwrap_or(("", path));
        Syntax::for_file_name(name).or_else(|| match folder.rsplit('/').next() {
            Some("requirements") if name.to_ascii_lowercase().ends_with(".txt") => Some(Syntax::Hash),
            Some(".husky") if !name.contains('.') => Some(Syntax::Shell),
            _ => None,
        })
    }

    /// How a comment of this syntax opens, and how a block comment closes: enough to tell a line
    /// that holds a comment without lexing it. Markup lists its scripts' comments too.
    pub fn comment_delimiters(self) -> (&'static [&'static str], &'static [&'static str]) {
        use Syntax::*;
        match self {
            JavaScript | TypeScript | Tsx | C | Rust | Go | CSharp | Java | Kotlin | Swift | Dart | CLike
            | Scss => (&["//", "/*"], &["*/"]),
            Zig => (&["//"], &[]),
            Css => (&["/*"], &["*/"]),
            Php => (&["//", "#", "/*"], &["*/"]),
            Hcl => (&["#", "//", "/*"], &["*/"]),
            Python | Shell | Yaml | Toml | Ruby | Hash | Config => (&["#"], &[]),
            Sql => (&["--", "/*"], &["*/"]),
            MySql => (&["--", "#", "/*"], &["*/"]),
            Lua => (&["--"], &[]),
            Html | Markdown => (&["<!--", "//", "/*"], &["-->", "*/"]),
        }
    }

    /// Comments must start a line: a comment after code would be part of the code.
    pub fn comments_start_lines(self) -> bool {
        self == Syntax::Config
    }
}

/// What a position of the text is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Context {
    Code,
    /// Code of a `<script>` or `<style>` element inside markup: `/* */` is its comment.
    EmbeddedCode,
    LineComment,
    BlockComment,
    /// A quoted literal: a string, a character, a regular expression, an attribute value, a
    /// Markdown code span.
    String,
    /// A literal made to span lines: a template literal, a triple-quoted or raw string, a heredoc,
    /// a YAML block scalar, a Lua long string, a Markdown fenced code block.
    Template,
    /// The children text of a JSX element, where `{/* */}` is a comment.
    JsxText,
    /// Inside a JSX tag, between its attributes, where `//` and `/* */` are comments.
    JsxTag,
    /// Text of a markup document, where `<!-- -->` is a comment.
    MarkupText,
    /// Inside a markup tag, where no comment can go.
    MarkupTag,
}

impl Context {
    pub fn is_code(self) -> bool {
        matches!(self, Context::Code | Context::EmbeddedCode)
    }

    pub fn is_comment(self) -> bool {
        matches!(self, Context::LineComment | Context::BlockComment)
    }

    pub fn is_string(self) -> bool {
        matches!(self, Context::String | Context::Template)
    }
}

/// The contexts at the two ends of one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineContext {
    /// The context text inserted at the start of the line would be in.
    pub start: Context,
    /// The context text inserted at the end of the line, before its terminator, would be in.
    pub end: Context,
    /// The line ends with a backslash that joins it to the next line (in code, or in a C line
    /// comment): nothing may follow the backslash, and no line may come between.
    pub continues: bool,
    /// The line starts inside a literal: in its text, or in code nested in it (a template's
    /// `${…}` that spans lines).
    pub in_literal: bool,
}

/// A stretch of text in one context other than [`Context::Code`]; delimiters included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    pub range: Range<usize>,
    pub context: Context,
}

/// The lexical contexts of a text.
#[derive(Debug, Clone, Default)]
pub struct Scan {
    /// One per line, as [`crate::text::LineIndex`] counts lines (`\n`, `\r\n`, lone `\r`).
    pub lines: Vec<LineContext>,
    /// The stretches that are not code, in order, not overlapping.
    pub regions: Vec<Region>,
    /// The lexer's states along the text, for [`Scan::rescan`].
    checkpoints: lexer::Checkpoints,
}

/// Two scans are equal when they give every line and stretch the same context; the lexer states
/// they keep are a cache.
impl PartialEq for Scan {
    fn eq(&self, other: &Scan) -> bool {
        self.lines == other.lines && self.regions == other.regions
    }
}

impl Eq for Scan {}

impl Scan {
    /// The context of the character starting at byte `offset` (code outside every region).
    pub fn context_at(&self, offset: usize) -> Context {
        self.region_at(offset).map_or(Context::Code, |r| r.context)
    }

    /// The stretch that is not code holding the character at byte `offset`, if any.
    pub fn region_at(&self, offset: usize) -> Option<&Region> {
        let i = self.regions.partition_point(|r| r.range.start <= offset);
        i.checked_sub(1)
            .map(|i| &self.regions[i])
            .filter(|r| offset < r.range.end)
    }

    /// Whether a string or template literal opens at `offset` (not one going on from the text
    /// before): a match that starts with the literal (`'pedidos'` as an array's last element)
    /// starts in code.
    pub fn string_opens_at(&self, offset: usize) -> bool {
        let i = self.regions.partition_point(|r| r.range.start < offset);
        self.regions
            .get(i)
            .is_some_and(|r| r.range.start == offset && r.context.is_string())
            && (offset == 0 || !self.context_at(offset - 1).is_string())
    }

    /// The scan of `text` after an edit replaced `replaced` of the text this scan was made of
    /// with `replaced.start..new_end` of `text`: equal to [`scan`]`(text, syntax)`, but lexed
    /// only from shortly before the edit until the lexer is back in a state it had reached at
    /// the same place before (typing in a 20,000-line file lexes a few dozen lines, not all of
    /// them). A scan of another syntax, or an edit that does not fit, gets a fresh scan.
    pub fn rescan(&self, text: &str, syntax: Syntax, replaced: Range<usize>, new_end: usize) -> Scan {
        lexer::rescan(self, text, syntax, replaced, new_end)
    }
}

/// Lexes `text` with the rules of `syntax`. Linear in the text; never fails: text that does not
/// lex (an unclosed string, a stray quote) is read as far as it goes.
pub fn scan(text: &str, syntax: Syntax) -> Scan {
    lexer::scan(text, syntax)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::text::LineIndex;
    use Context::*;
    use proptest::prelude::*;

    /// The contexts at the end of each line.
    fn ends(text: &str, syntax: Syntax) -> Vec<Context> {
        scan(text, syntax).lines.iter().map(|l| l.end).collect()
    }

    fn starts(text: &str, syntax: Syntax) -> Vec<Context> {
        scan(text, syntax).lines.iter().map(|l| l.start).collect()
    }

    /// The text of each region of `context`.
    fn texts(text: &str, syntax: Syntax, context: Context) -> Vec<&str> {
        scan(text, syntax)
            .regions
            .iter()
            .filter(|r| r.context == context)
            .map(|r| &text[r.range.clone()])
            .collect()
    }

    #[test]
    fn c_like_comments_and_strings() {
        let text = "a = \"// no\"; // yes\nb = '/* no'; /* yes\n still */ c\n";
        assert_eq!(ends(text, Syntax::CLike), [LineComment, BlockComment, Code, Code]);
        assert_eq!(texts(text, Syntax::CLike, String), ["\"// no\"", "'/* no'"]);
        assert_eq!(texts(text, Syntax::CLike, LineComment), ["// yes"]);
        assert_eq!(texts(text, Syntax::CLike, BlockComment), ["/* yes\n still */"]);
    }

    #[test]
    fn an_unterminated_single_line_string_ends_with_its_line() {
        let text = "x = 'open\ny = 1\n";
        assert_eq!(ends(text, Syntax::TypeScript), [String, Code, Code]);
        assert_eq!(starts(text, Syntax::TypeScript), [Code, Code, Code]);
        let continued = "x = 'open \\\n still'; y\n";
        assert_eq!(ends(continued, Syntax::TypeScript), [String, Code, Code]);
        assert_eq!(starts(continued, Syntax::TypeScript)[1], String);
    }

    #[test]
    fn template_literals_nest_code_and_templates() {
        let text = "const s = `a ${b + `c ${\"}\"} d`} e\nf`; g\n";
        assert_eq!(ends(text, Syntax::TypeScript), [Template, Code, Code]);
        assert_eq!(starts(text, Syntax::TypeScript), [Code, Template, Code]);
        assert_eq!(texts(text, Syntax::TypeScript, String), ["\"}\""]);
    }

    #[test]
    fn regex_literals_hold_quotes_division_does_not_start_one() {
        let text = "const r = /['\"`]/g; const q = a / b / 'c'\n";
        assert_eq!(texts(text, Syntax::JavaScript, String), ["/['\"`]/g", "'c'"]);
        let text = "if (x) return /\\//.test(y) // c\n";
        assert_eq!(ends(text, Syntax::JavaScript), [LineComment, Code]);
    }

    #[test]
    fn jsx_text_tags_attributes_and_expressions() {
        let text = "const A = () => (\n  <div title=\"x\" // c\n    on={() => 1 < 2}>\n    Don't {a ? <b>'</b> : null}\n    text\n  </div>\n);\n";
        let s = scan(text, Syntax::JavaScript);
        let got: Vec<Context> = s.lines.iter().map(|l| l.end).collect();
        assert_eq!(
            got,
            [Code, LineComment, JsxText, JsxText, JsxText, Code, Code, Code]
        );
        assert_eq!(s.lines[2].start, JsxTag);
        assert_eq!(s.lines[4].start, JsxText);
        assert_eq!(texts(text, Syntax::JavaScript, String), ["\"x\""]);
    }

    #[test]
    fn comparisons_and_type_parameters_are_not_jsx() {
        for text in [
            "if (a < b && c > d) { x = 'y' }\n",
            "const f = <T,>(x: T) => 'y'\n",
            "const g = <T extends U>(x: T) => 'y'\n",
            "for (let i = 0; i <n; i++) s = 'y'\n",
        ] {
            assert_eq!(ends(text, Syntax::Tsx), [Code, Code], "{text}");
        }
        assert_eq!(
            ends("x = <a>\n", Syntax::TypeScript),
            [Code, Code],
            "no JSX in .ts"
        );
        assert_eq!(ends("x = <a>\n", Syntax::Tsx), [JsxText, JsxText]);
    }

    #[test]
    fn fragments_and_self_closing_elements_return_to_code() {
        let text = "x = <><A/><B x='1'/></>; y = 'z'\n";
        assert_eq!(ends(text, Syntax::Tsx), [Code, Code]);
        assert_eq!(texts(text, Syntax::Tsx, String), ["'1'", "'z'"]);
    }

    #[test]
    fn rust_raw_strings_chars_and_lifetimes() {
        let text = "let s = r#\"a \"quoted\" // b\"#; // c\nfn f<'a>(x: &'a str) -> char { '\"' }\nlet t = \"multi\nline\"; let u = b'\\'';\n/* a /* nested */ still */ x\n";
        assert_eq!(
            ends(text, Syntax::Rust),
            [LineComment, Code, String, Code, Code, Code]
        );
        assert_eq!(texts(text, Syntax::Rust, Template), ["r#\"a \"quoted\" // b\"#"]);
        assert_eq!(
            texts(text, Syntax::Rust, String),
            ["'\"'", "\"multi\nline\"", "'\\''"]
        );
        assert_eq!(
            texts(text, Syntax::Rust, BlockComment),
            ["/* a /* nested */ still */"]
        );
    }

    #[test]
    fn c_splices_and_raw_strings() {
        let text = "#define X \\\n  1 // c \\\n  still comment\nauto s = R\"x(a \" )\" b)x\"; // d\n";
        let s = scan(text, Syntax::C);
        assert!(s.lines[0].continues && s.lines[1].continues && !s.lines[2].continues);
        assert_eq!(s.lines[1].end, LineComment);
        assert_eq!(s.lines[2].start, LineComment);
        assert_eq!(s.lines[3].end, LineComment);
        assert_eq!(texts(text, Syntax::C, Template), ["R\"x(a \" )\" b)x\""]);
    }

    #[test]
    fn go_csharp_java_kotlin_swift_dart_php_zig() {
        assert_eq!(
            ends("s := `a\nb` // c\n", Syntax::Go),
            [Template, LineComment, Code]
        );
        assert_eq!(
            ends("var s = @\"a \"\" \nb\"; c\n", Syntax::CSharp),
            [String, Code, Code]
        );
        assert_eq!(
            ends("String s = \"\"\"\n  a\n  \"\"\";\n", Syntax::Java),
            [Template, Template, Code, Code]
        );
        assert_eq!(
            ends("/* a /* b */ c\n*/ x\n", Syntax::Kotlin),
            [BlockComment, Code, Code]
        );
        assert_eq!(ends("let c = don't // x\n", Syntax::Swift), [LineComment, Code]);
        assert_eq!(
            ends("var s = '''a\nb''';\n", Syntax::Dart),
            [Template, Code, Code]
        );
        assert_eq!(
            ends("$a = 'x\ny'; # c\n#[Attr]\n", Syntax::Php),
            [String, LineComment, Code, Code]
        );
        // Blade's comments, in `*.blade.php`.
        let blade = "{{-- antes @extends('a')\n y @section('b') --}}\n<x-a>{{ $b }}</x-a>\n";
        assert_eq!(ends(blade, Syntax::Php), [BlockComment, Code, Code, Code]);
        assert_eq!(
            texts(blade, Syntax::Php, BlockComment),
            ["{{-- antes @extends('a')\n y @section('b') --}}"]
        );
        assert_eq!(
            ends("const s =\n    \\\\ a // b\n;\n", Syntax::Zig),
            [Code, String, Code, Code]
        );
    }

    #[test]
    fn python_strings_comments_and_continuations() {
        let text = "s = '''a # b\nc''' # d\nx = \"e\" \\\n  + f\nu = r'\\'' # g\n";
        let s = scan(text, Syntax::Python);
        let got: Vec<Context> = s.lines.iter().map(|l| l.end).collect();
        assert_eq!(got, [Template, LineComment, Code, Code, LineComment, Code]);
        assert!(s.lines[2].continues);
        assert_eq!(texts(text, Syntax::Python, Template), ["'''a # b\nc'''"]);
    }

    #[test]
    fn shell_quotes_words_substitutions_and_heredocs() {
        let text = "echo \"a # $(printf '%s' \"b\") ${x#y}\" 'c\nd' $# e#f # g\ncat <<-'EOF' # h\n\tbody 'x\n\tEOF\nrun \\\n  --flag\n";
        let s = scan(text, Syntax::Shell);
        let got: Vec<Context> = s.lines.iter().map(|l| l.end).collect();
        assert_eq!(
            got,
            [
                String,
                LineComment,
                LineComment,
                Template,
                Template,
                Code,
                Code,
                Code
            ]
        );
        assert_eq!(s.lines[4].start, Template);
        assert_eq!(s.lines[5].start, Code);
        assert!(s.lines[5].continues);
        assert_eq!(texts(text, Syntax::Shell, LineComment), ["# g", "# h"]);
        assert_eq!(ends("echo $((1 << 2)) 'a'\n", Syntax::Shell), [Code, Code]);
    }

    #[test]
    fn yaml_quotes_comments_and_block_scalars() {
        let text = "a: it's # c\nb: 'x # y'\nrun: |\n  echo 'z # w\n\n  more\nc: \"q\n  r\" # s\n- >-\n  t\nd: x#y\n";
        assert_eq!(
            ends(text, Syntax::Yaml),
            [
                LineComment,
                Code,
                Code,
                Template,
                Template,
                Template,
                String,
                LineComment,
                Code,
                Template,
                Code,
                Code
            ]
        );
    }

    #[test]
    fn toml_ruby_and_hash_languages() {
        assert_eq!(
            ends("a = '''x\ny''' # c\nb = \"#\"\n", Syntax::Toml),
            [Template, LineComment, Code, Code]
        );
        let ruby = "x = \"a #{b + \"c\"} d\n e\" # f\ny = <<~EOS\n  body 'g\n  EOS\n=begin\n'h\n=end\nz\n";
        assert_eq!(
            ends(ruby, Syntax::Ruby),
            [
                String,
                LineComment,
                Code,
                Template,
                Template,
                BlockComment,
                BlockComment,
                BlockComment,
                Code,
                Code
            ]
        );
        assert_eq!(
            ends("print 'a\nb' # c\n", Syntax::Hash),
            [String, LineComment, Code]
        );
        // HCL: three comment forms; `#` and `//` inside strings are text.
        let tf = "# a\nx = \"https://h/#frag\" // b\n/* c\n*/ y = 1\n";
        assert_eq!(
            ends(tf, Syntax::Hcl),
            [LineComment, LineComment, BlockComment, Code, Code]
        );
        // A heredoc's body (a policy document, a script) is a string to the end of its delimiter line.
        let heredoc = "p = <<EOT\npath \"a\" {\n  # x\n}\nEOT\nq = <<-POLICY\n  {}\n  POLICY\nr = 1 # c\n";
        assert_eq!(
            ends(heredoc, Syntax::Hcl),
            [
                Code,
                Template,
                Template,
                Template,
                Template,
                Code,
                Template,
                Template,
                LineComment,
                Code
            ]
        );
        assert_eq!(Syntax::detect("plaintext", Some("tf")), Some(Syntax::Hcl));
        // A line in a template's text, or in code of its `${…}`, starts inside the literal.
        let ts = "const s = `a\n${f({\n  x: 1,\n})}`;\nlet y = 1;\n";
        let inside: Vec<bool> = scan(ts, Syntax::TypeScript)
            .lines
            .iter()
            .map(|l| l.in_literal)
            .collect();
        assert_eq!(inside, [false, true, true, true, false, false]);
        // PHP: `<<<` (not the `<<` shift) opens a heredoc or nowdoc that an indented `EOT;`
        // closes.
        let php = "<?php\n$y = <<<YAML\n  a: 1\n    # x\n  YAML;\n$n = <<<'SQL'\nselect 1\nSQL . 'x';\n$z = $a << 2; // c\n";
        assert_eq!(
            ends(php, Syntax::Php),
            [
                Code,
                Code,
                Template,
                Template,
                Template,
                Code,
                Template,
                Template,
                LineComment,
                Code
            ]
        );
        assert_eq!(Syntax::for_language("terraform"), Some(Syntax::Hcl));
    }

    #[test]
    fn sql_and_lua() {
        let sql = "SELECT 'it''s -- no' -- yes\nAS $body$ 'x\n$body$; /* a /* b */ c */ $1\n";
        assert_eq!(ends(sql, Syntax::Sql), [LineComment, Template, Code, Code]);
        assert_eq!(ends("SELECT 'a\\'b' # c\n", Syntax::MySql), [LineComment, Code]);
        // Standard SQL has no backslash escapes: `'a\'` is a whole string, and `b' …` opens one.
        assert_eq!(ends("SELECT 'a\\'b' -- c\n", Syntax::Sql), [String, String]);
        let lua = "local s = [==[ a ]] \n]==] -- c\n--[[ d\n]] x = '--'\n";
        assert_eq!(
            ends(lua, Syntax::Lua),
            [Template, LineComment, BlockComment, Code, Code]
        );
    }

    #[test]
    fn html_tags_attributes_comments_and_embedded_code() {
        let text = "<p class=\"a\n b\">Don't <!-- c\n --> <br/>\n<script>\nconst s = '<p>' // d\n</script>\n<style>a { content: '}' }</style>\n<div\n  id='x'>\n";
        let s = scan(text, Syntax::Html);
        let got: Vec<Context> = s.lines.iter().map(|l| l.end).collect();
        assert_eq!(
            got,
            [
                String,
                BlockComment,
                MarkupText,
                EmbeddedCode,
                LineComment,
                MarkupText,
                MarkupText,
                MarkupTag,
                MarkupText,
                MarkupText
            ]
        );
        assert_eq!(s.lines[4].start, EmbeddedCode);
        assert_eq!(
            texts(text, Syntax::Html, String),
            ["\"a\n b\"", "'<p>'", "'}'", "'x'"]
        );
        let doctype = "<!DOCTYPE x [\n<!-- don't -->\n]>\n<p>it's</p>\n";
        assert!(texts(doctype, Syntax::Html, String).is_empty());
    }

    #[test]
    fn markdown_fences_code_spans_and_comments() {
        let text = "Use `<!--` and `a\nb` here\n\n```js\nconst s = '\n```\n<!-- c\n-->\n~~~~\n~~~\n~~~~\n";
        let s = scan(text, Syntax::Markdown);
        let got: Vec<Context> = s.lines.iter().map(|l| l.end).collect();
        assert_eq!(
            got,
            [
                String,
                MarkupText,
                MarkupText,
                Template,
                Template,
                Template,
                BlockComment,
                MarkupText,
                Template,
                Template,
                Template,
                MarkupText
            ]
        );
        assert_eq!(s.lines[3].start, MarkupText);
        assert_eq!(
            s.lines[5].start, Template,
            "the closing fence is inside the block"
        );
        assert_eq!(s.lines[6].start, MarkupText);
    }

    #[test]
    fn css_and_scss() {
        let text = "a { b: url(http://x/y.png); c: 'd' } /* e\n*/ f\n";
        assert_eq!(ends(text, Syntax::Scss), [BlockComment, Code, Code]);
        assert_eq!(ends("a { } // b\n", Syntax::Scss), [LineComment, Code]);
        assert_eq!(ends("a { } // b\n", Syntax::Css), [Code, Code]);
    }

    #[test]
    fn config_comments_start_lines() {
        assert_eq!(
            ends("# c\nkey = 'a # b\n  ; d\n", Syntax::Config),
            [LineComment, Code, LineComment, Code]
        );
    }

    #[test]
    fn crlf_and_lone_cr_end_lines_like_the_line_index() {
        let text = "a = `x\r\ny` // c\r\nd\re\n";
        let s = scan(text, Syntax::TypeScript);
        assert_eq!(s.lines.len(), LineIndex::new(text).line_count());
        let got: Vec<Context> = s.lines.iter().map(|l| l.end).collect();
        assert_eq!(got, [Template, LineComment, Code, Code, Code]);
        assert_eq!(texts(text, Syntax::TypeScript, LineComment), ["// c"]);
    }

    #[test]
    fn context_at_a_byte() {
        let text = "x = 'a' // b\n";
        let s = scan(text, Syntax::JavaScript);
        assert_eq!(s.context_at(0), Code);
        assert_eq!(s.context_at(4), String);
        assert_eq!(s.context_at(6), String);
        assert_eq!(s.context_at(7), Code);
        assert_eq!(s.context_at(8), LineComment);
        assert_eq!(s.context_at(99), Code);
    }

    #[test]
    fn languages_and_extensions() {
        assert_eq!(Syntax::detect("typescriptreact", None), Some(Syntax::Tsx));
        assert_eq!(Syntax::detect("plaintext", Some("PY")), Some(Syntax::Python));
        assert_eq!(Syntax::detect("haskell", Some("hs")), None);
        // A CLI run has no language id: the extension alone says Elixir's strings are strings.
        assert_eq!(Syntax::detect("", Some("ex")), Some(Syntax::Hash));
        assert_eq!(Syntax::for_file_name("requirements-dev.txt"), Some(Syntax::Hash));
        assert_eq!(Syntax::for_file_name("go.mod"), Some(Syntax::CLike));
        assert_eq!(Syntax::for_file_name("notes.txt"), None);
        assert_eq!(Syntax::for_path("requirements/base.txt"), Some(Syntax::Hash));
        assert_eq!(Syntax::for_path("docs/notes.txt"), None);
        assert_eq!(Syntax::for_path(".husky/pre-commit"), Some(Syntax::Shell));
        assert!(Syntax::detect("gitcommit", None).unwrap().comments_start_lines());
    }

    pub(crate) const ALL: [Syntax; 29] = [
        Syntax::JavaScript,
        Syntax::TypeScript,
        Syntax::Tsx,
        Syntax::C,
        Syntax::Rust,
        Syntax::Go,
        Syntax::CSharp,
        Syntax::Java,
        Syntax::Kotlin,
        Syntax::Swift,
        Syntax::Dart,
        Syntax::Php,
        Syntax::Zig,
        Syntax::Hcl,
        Syntax::CLike,
        Syntax::Python,
        Syntax::Shell,
        Syntax::Yaml,
        Syntax::Toml,
        Syntax::Ruby,
        Syntax::Hash,
        Syntax::Sql,
        Syntax::MySql,
        Syntax::Lua,
        Syntax::Html,
        Syntax::Markdown,
        Syntax::Css,
        Syntax::Scss,
        Syntax::Config,
    ];

    /// Source-like text: the delimiters every lexer knows, with text, spaces, line ends and
    /// non-ASCII characters between them.
    pub(crate) fn source_text() -> impl Strategy<Value = std::string::String> {
        let token = prop_oneof![
            Just("'"),
            Just("\""),
            Just("`"),
            Just("'''"),
            Just("\"\"\""),
            Just("${"),
            Just("{"),
            Just("}"),
            Just("("),
            Just(")"),
            Just("$("),
            Just("<div>"),
            Just("</div>"),
            Just("<"),
            Just(">"),
            Just("/>"),
            Just("/"),
            Just("//"),
            Just("/*"),
            Just("*/"),
            Just("#"),
            Just("--"),
            Just("\\"),
            Just("<!--"),
            Just("-->"),
            Just("```"),
            Just("r#\""),
            Just("\"#"),
            Just("<<EOF"),
            Just("EOF"),
            Just(": |"),
            Just("- "),
            Just("[["),
            Just("]]"),
            Just("$$"),
            Just("=begin"),
            Just("=end"),
            Just("<script>"),
            Just("</script>"),
            Just("x"),
            Just("TODO"),
            Just("return"),
            Just(" "),
            Just("\t"),
            Just("\n"),
            Just("\r\n"),
            Just("\r"),
            Just("😀"),
            Just("世界"),
            Just("é"),
            Just("autofix-ignore: 1"),
        ];
        proptest::collection::vec(token, 0..40).prop_map(|t| t.concat())
    }

    /// Edits `text` at the first `from` into `to` and checks the rescan against a fresh scan.
    fn rescan_agrees(text: &str, syntax: Syntax, from: &str, to: &str) {
        let old = lexer::scan_every(text, syntax, 1);
        let start = text.find(from).expect("the edited text");
        let new = format!("{}{to}{}", &text[..start], &text[start + from.len()..]);
        let rescanned = old.rescan(&new, syntax, start..start + from.len(), start + to.len());
        let fresh = scan(&new, syntax);
        assert_eq!(rescanned.lines, fresh.lines, "{new:?}");
        assert_eq!(rescanned.regions, fresh.regions, "{new:?}");
    }

    #[test]
    fn runs_skipped_in_one_go_end_where_they_must() {
        // Comments and strings are skipped up to the next byte that can matter: a nested opener,
        // a lone `*`, a backslash before the line's end, an interpolation after plain words.
        let text = "/* a * b /* c */ d */ e\n// x y \\\n z\nq = \"ab cd ${e} f\"\n";
        assert_eq!(texts(text, Syntax::Rust, BlockComment), ["/* a * b /* c */ d */"]);
        let c = "// x y \\\n z\nw";
        assert_eq!(ends(c, Syntax::C), [LineComment, LineComment, Code]);
        assert_eq!(
            texts("s=\"ab cd $(e f) g\"\n", Syntax::Shell, String),
            ["\"ab cd $(", " g\""]
        );
        assert_eq!(
            texts("s = \"ab #{c} d\"\n", Syntax::Ruby, String),
            ["\"ab #{", " d\""]
        );
        assert_eq!(
            texts("x = 'it''s é ok' -- c\n", Syntax::Sql, String),
            ["'it''s é ok'"]
        );
        assert_eq!(texts("a  \t  // b\n", Syntax::CLike, LineComment), ["// b"]);
    }

    #[test]
    fn a_rescan_rereads_delimiters_the_edit_changed() {
        // The states after the edit name a delimiter by its place in the text: the same place,
        // other bytes, is another state.
        let heredoc = "cat <<EOF\na\nb\nEOF\necho \"x\"\n";
        rescan_agrees(heredoc, Syntax::Shell, "<<EOF", "<<EOG");
        rescan_agrees(heredoc, Syntax::Shell, "EOF\ne", "EOG\ne");
        let raw = "s = R\"ab(\nx\n)ab\";\ny = \"q\";\n";
        rescan_agrees(raw, Syntax::C, "R\"ab(", "R\"ac(");
        let dollar = "select $f$\nbody\n$f$;\nselect 'x';\n";
        rescan_agrees(dollar, Syntax::Sql, "$f$\nbody", "$g$\nbody");
        // A comment opened above the rest of the file, and closed again.
        let c = "a();\nb();\n/* c */\nd(\"e\");\n";
        rescan_agrees(c, Syntax::CLike, "a();", "/* a();");
        rescan_agrees(c, Syntax::CLike, "/* c */", "/* c ");
        // A `\r` typed before a line's `\n`, and one taken out.
        rescan_agrees("a\nb\n'c\nd'\n", Syntax::Python, "a\nb", "a\r\nb");
        rescan_agrees("a\r\nb\n\"c\n", Syntax::Python, "\r\nb", "\nb");
    }

    #[test]
    fn a_rescan_that_does_not_fit_its_text_is_a_fresh_scan() {
        let old = scan("a = 1\n", Syntax::Python);
        let text = "# a\nb = 'c'\n";
        let backwards = Range { start: 5, end: 2 };
        for (replaced, new_end) in [(0..3, 9), (backwards, 4), (0..0, 99), (0..99, 1)] {
            assert_eq!(
                old.rescan(text, Syntax::Python, replaced, new_end),
                scan(text, Syntax::Python)
            );
        }
        // Another syntax than the scan's own.
        assert_eq!(
            old.rescan(text, Syntax::CLike, 0..6, 13),
            scan(text, Syntax::CLike)
        );
    }

    proptest! {
        #[test]
        fn any_text_scans_into_one_context_per_line_and_ordered_regions(
            text in source_text(),
            syntax in proptest::sample::select(&ALL[..]),
        ) {
            let s = scan(&text, syntax);
            prop_assert_eq!(s.lines.len(), LineIndex::new(&text).line_count());
            let mut at = 0;
            for r in &s.regions {
                prop_assert!(r.range.start >= at && r.range.start < r.range.end && r.range.end <= text.len());
                prop_assert!(text.is_char_boundary(r.range.start) && text.is_char_boundary(r.range.end));
                prop_assert!(r.context != Code);
                at = r.range.end;
            }
        }

        /// Lexing again from a checkpoint gives what a fresh scan gives, edit after edit (each
        /// rescan keeps checkpoints for the next), with checkpoints every 1–3 lines.
        #[test]
        fn a_rescan_after_edits_equals_a_fresh_scan(
            text in source_text(),
            edits in proptest::collection::vec((any::<proptest::sample::Index>(), 0usize..12, source_text()), 1..4),
            syntax in proptest::sample::select(&ALL[..]),
            every in 1usize..4,
        ) {
            let mut text = text;
            let mut scanned = lexer::scan_every(&text, syntax, every);
            for (at, removed, inserted) in edits {
                let inserted: std::string::String = inserted.chars().take(6).collect();
                let boundaries: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
                let start = boundaries[at.index(boundaries.len())];
                let end = boundaries.iter().copied().filter(|&i| i >= start).nth(removed).unwrap_or(text.len());
                text.replace_range(start..end, &inserted);
                let rescanned = scanned.rescan(&text, syntax, start..end, start + inserted.len());
                let fresh = scan(&text, syntax);
                prop_assert_eq!(&rescanned.lines, &fresh.lines, "lines of {:?}", text);
                prop_assert_eq!(&rescanned.regions, &fresh.regions, "regions of {:?}", text);
                scanned = rescanned;
            }
        }

        #[test]
        fn arbitrary_strings_never_panic(text in "\\PC{0,200}", syntax in proptest::sample::select(&ALL[..])) {
            let s = scan(&text, syntax);
            prop_assert_eq!(s.lines.len(), LineIndex::new(&text).line_count());
        }
    }
}
