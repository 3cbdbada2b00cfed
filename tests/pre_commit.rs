//! Our `.pre-commit-hooks.yaml` run by the real pre-commit (PyPI) on a temporary git
//! repository: a violating commit is refused with the report, a fixed one passes, and
//! `autofix-fix` repairs the file. pre-commit is found in `.venv/bin` (scripts/test installs it);
//! the hooks' fields are read from our file, with `language: system` and the built binary as the
//! entry so that pre-commit does not build autofix again.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `.venv/bin/pre-commit`, or `None` (then the test says so and passes, unless
/// `AUTOFIX_REQUIRE_PRE_COMMIT` is set, as scripts/test sets it).
fn pre_commit() -> Option<PathBuf> {
    let path = repo_dir().join(".venv/bin/pre-commit");
    if path.is_file() {
        return Some(path);
    }
    assert!(
        std::env::var_os("AUTOFIX_REQUIRE_PRE_COMMIT").is_none(),
        "no {} — scripts/test installs it (pip install pre-commit into .venv)",
        path.display()
    );
    eprintln!("skipped: no .venv/bin/pre-commit (scripts/test installs it)");
    None
}

/// A `repo: local` config holding our hooks as `.pre-commit-hooks.yaml` defines them, run
/// with `language: system` by the built binary. JSON is YAML: pre-commit reads it as is.
fn local_config(python: &Path) -> String {
    let script = r#"
import json, sys, yaml
hooks = yaml.safe_load(open(sys.argv[1]))
for hook in hooks:
    assert hook["entry"].startswith("autofix "), hook
    hook["entry"] = sys.argv[2] + hook["entry"][len("autofix"):]
    assert hook.pop("language") == "rust", hook
    hook["language"] = "system"
print(json.dumps({"repos": [{"repo": "local", "hooks": hooks}]}, indent=2))
"#;
    let out = Command::new(python)
        .args(["-c", script])
        .arg(repo_dir().join(".pre-commit-hooks.yaml"))
        .arg(env!("CARGO_BIN_EXE_autofix"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

struct Repo {
    _dir: tempfile::TempDir,
    root: PathBuf,
    home: PathBuf,
}

impl Repo {
    fn run(&self, program: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
        let mut cmd = Command::new(program);
        cmd.args(args)
            .current_dir(&self.root)
            .env("PRE_COMMIT_HOME", self.home.join("pre-commit"))
            .env("HOME", &self.home)
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .env_remove("SKIP");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    }

    fn git(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        self.run(Path::new("git"), args, env)
    }

    fn write(&self, path: &str, text: &str) {
        let p = self.root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    /// `git add -A && git commit`, skipping the hook ids in `skip`.
    fn commit(&self, message: &str, skip: &str) -> Output {
        assert!(self.git(&["add", "-A"], &[]).status.success());
        self.git(&["commit", "-q", "-m", message], &[("SKIP", skip)])
    }
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

const RULES: &str = r#"[
  {
    "Rule_number": 1,
    "Category": "CODE",
    "Instruction": "Never use `any` in TypeScript - use `unknown` with type guards.",
    "Why": "prevents runtime errors",
    "Check": { "Files": ["**/*.ts"], "Pattern": ":\\s*any\\b", "Fix": ": unknown" }
  }
]
"#;

#[test]
fn our_hooks_refuse_a_violating_commit_and_fix_it() {
    let Some(pre_commit) = pre_commit() else {
        return;
    };
    let python = pre_commit.with_file_name("python");
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("repo");
    let home = dir.path().join("home");
    std::fs::create_dir_all(&root).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let repo = Repo {
        _dir: dir,
        root,
        home,
    };
    assert!(repo.git(&["init", "-q", "-b", "main"], &[]).status.success());
    repo.write(".pre-commit-config.yaml", &local_config(&python));
    repo.write("app/.agents/autofix.json", RULES);
    repo.write("app/src/ok.ts", "export const ok = 1;\n");
    repo.write("app/src/old.ts", "export const old = 1;\n");
    let install = repo.run(&pre_commit, &["install"], &[]);
    assert!(install.status.success(), "{}", text(&install));
    let first = repo.commit("initial", "");
    assert!(first.status.success(), "{}", text(&first));

    // A commit touching only files no rules file governs: nothing to check, it passes.
    repo.write("docs/notes.ts", "let loose: any;\n");
    let docs = repo.commit("docs", "");
    assert!(docs.status.success(), "{}", text(&docs));

    // A violation: refused, with the report.
    repo.write("app/src/a.ts", "export function f(x: any) {\n  return x;\n}\n");
    let refused = repo.commit("add a", "autofix-fix");
    let shown = text(&refused);
    assert!(!refused.status.success(), "{shown}");
    assert!(
        shown.contains("autofix (learned rules)") && shown.contains("Failed"),
        "{shown}"
    );
    assert!(
        shown.contains("app/src/a.ts:1:20: warning #1 [CODE] Never use `any` in TypeScript"),
        "{shown}"
    );
    let log = repo.git(&["log", "--oneline"], &[]);
    assert_eq!(
        String::from_utf8_lossy(&log.stdout).lines().count(),
        2,
        "not committed"
    );

    // Fixed by hand, with what a pre-commit user also stages: a file no rules file governs, a
    // binary file and a deletion. It passes.
    repo.write(
        "app/src/a.ts",
        "export function f(x: unknown) {\n  return x;\n}\n",
    );
    repo.write("docs/notes.ts", "let looser: any;\n");
    std::fs::write(repo.root.join("app/src/logo.png"), b"\x89PNG\r\n\x1a\n\0\0\0").unwrap();
    std::fs::remove_file(repo.root.join("app/src/old.ts")).unwrap();
    let passed = repo.commit("add a, fixed", "autofix-fix");
    assert!(passed.status.success(), "{}", text(&passed));

    // `autofix-fix` repairs the staged file: pre-commit fails the commit because the hook
    // changed it, the file holds the fix, and the next commit passes.
    repo.write("app/src/b.ts", "export const b: any = 2;\n");
    let fixing = repo.commit("add b", "autofix");
    assert!(!fixing.status.success(), "{}", text(&fixing));
    assert!(
        text(&fixing).contains("files were modified by this hook"),
        "{}",
        text(&fixing)
    );
    assert_eq!(
        std::fs::read_to_string(repo.root.join("app/src/b.ts")).unwrap(),
        "export const b: unknown = 2;\n"
    );
    let fixed = repo.commit("add b", "");
    assert!(fixed.status.success(), "{}", text(&fixed));
}
