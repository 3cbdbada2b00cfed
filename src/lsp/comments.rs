//! Comment syntax by language id, for the "ignore rule #N on this line" action: `//`, `#`, `--`,
//! `;`, `%` line comments and `<!-- -->`, `/* */`, `{# #}` block comments.

pub use crate::text::syntax::Comment;

/// The comment syntax of an LSP language id, or of a file extension when the id is unknown.
pub fn comment_for(language_id: &str, extension: Option<&str>) -> Option<Comment> {
    by_language(language_id).or_else(|| extension.and_then(by_extension))
}

fn by_language(id: &str) -> Option<Comment> {
    use Comment::*;
    Some(match id {
        "javascript" | "javascriptreact" | "typescript" | "typescriptreact" | "c" | "cpp" | "csharp"
        | "java" | "go" | "rust" | "swift" | "kotlin" | "scala" | "dart" | "php" | "jsonc" | "json5"
        | "groovy" | "objective-c" | "objective-cpp" | "zig" | "scss" | "less" | "proto" | "solidity"
        | "fsharp" | "verilog" | "glsl" | "hlsl" | "cuda-cpp" | "d" | "haxe" | "typst" | "v" => Line("//"),
        "python" | "ruby" | "shellscript" | "sh" | "bash" | "zsh" | "fish" | "yaml" | "toml" | "perl"
        | "r" | "makefile" | "dockerfile" | "powershell" | "elixir" | "coffeescript" | "nix"
        | "terraform" | "hcl" | "gitcommit" | "git-commit" | "gitignore" | "ignore" | "properties"
        | "cmake" | "julia" | "graphql" | "crystal" | "tcl" | "nim" | "raku" | "awk" | "starlark"
        | "bazel" | "conf" | "editorconfig" | "requirements" | "just" | "nginx" => Line("#"),
        "sql" | "lua" | "haskell" | "elm" | "ada" | "vhdl" | "purescript" | "plsql" | "postgres"
        | "mysql" => Line("--"),
        "ini" | "clojure" | "lisp" | "scheme" | "racket" | "asm" | "nasm" => Line(";"),
        "latex" | "tex" | "bibtex" | "erlang" | "matlab" | "octave" | "prolog" => Line("%"),
        "vb" | "vba" => Line("'"),
        "html" | "xml" | "markdown" | "vue" | "svelte" | "xsl" | "svg" | "astro" | "razor" => {
            Block("<!--", "-->")
        }
        // MDX reads `<!--` as an error; its comments are JSX's.
        "mdx" => Block("{/*", "*/}"),
        "css" | "postcss" => Block("/*", "*/"),
        "jinja" | "jinja-html" | "twig" | "django-html" | "nunjucks" => Block("{#", "#}"),
        "handlebars" => Block("{{!--", "--}}"),
        "ocaml" => Block("(*", "*)"),
        _ => return None,
    })
}

fn by_extension(ext: &str) -> Option<Comment> {
    let id = match ext.to_ascii_lowercase().as_str() {
        "js" | "mjs" | "cjs" | "jsx" => "javascript",
        "ts" | "mts" | "cts" | "tsx" => "typescript",
        "py" | "pyi" => "python",
        "rs" => "rust",
        "go" => "go",
        "rb" => "ruby",
        "sh" | "bash" | "zsh" => "sh",
        "yml" | "yaml" => "yaml",
        "toml" => "toml",
        "sql" => "sql",
        "lua" => "lua",
        "md" | "markdown" => "markdown",
        "mdx" => "mdx",
        "html" | "htm" | "xml" => "html",
        "css" => "css",
        "scss" => "scss",
        "c" | "h" | "cc" | "cpp" | "hpp" => "cpp",
        "java" => "java",
        "kt" | "kts" => "kotlin",
        "swift" => "swift",
        "php" => "php",
        "cs" => "csharp",
        "tf" | "tfvars" | "hcl" => "terraform",
        _ => return None,
    };
    by_language(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families() {
        assert_eq!(comment_for("typescript", None), Some(Comment::Line("//")));
        assert_eq!(comment_for("python", None), Some(Comment::Line("#")));
        assert_eq!(comment_for("sql", None), Some(Comment::Line("--")));
        assert_eq!(comment_for("markdown", None), Some(Comment::Block("<!--", "-->")));
        assert_eq!(comment_for("css", None), Some(Comment::Block("/*", "*/")));
        assert_eq!(comment_for("json", None), None, "JSON has no comments");
        assert_eq!(
            comment_for("mdx", None),
            Some(Comment::Block("{/*", "*/}")),
            "MDX reads `<!--` as an error"
        );
        assert_eq!(
            comment_for("plaintext", Some("mdx")),
            Some(Comment::Block("{/*", "*/}"))
        );
        assert_eq!(comment_for("plaintext", Some("rs")), Some(Comment::Line("//")));
        // A Terraform file opened without the Terraform extension installed.
        assert_eq!(comment_for("plaintext", Some("tf")), Some(Comment::Line("#")));
        assert_eq!(
            Comment::Block("<!--", "-->").wrap("autofix-ignore: 3"),
            "<!-- autofix-ignore: 3 -->"
        );
    }
}
