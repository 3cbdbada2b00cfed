//! Abbreviations pass: "No abbreviations. Names should not be abbreviated.", "No uses
//! abreviaturas en nombres de variables", "Avoid abbreviated identifiers" — a declared name
//! (where the identifiers pass sees a declaration: `const`, `let`, `def`, `fn`, an assignment, a
//! Terraform label) with a word that is only ever an abbreviation (`cnt`, `usr`, `btn`, `tmpl`,
//! `inst_cnt`, `totalQty`) is flagged. The abbreviations every codebase writes (`id`, `url`,
//! `ctx`, `req`, `err`, `args`, `config`, `tmp`, `i`) are not in the list, nor words that are
//! also whole words or other things (`prod` is production too); a name used, not declared,
//! is left alone (it was declared somewhere), as are abbreviations the rule allows by example.

use super::super::naming::Subject;
use super::super::words::{AGAINST_WORDS, NEGATIONS};
use super::identifier_language::capitalized;
use super::identifiers::FORMS;
use super::{At, Context, Found};

const ABBREVIATION_WORDS: &[&str] = &[
    "abbreviation",
    "abbreviations",
    "abbreviate",
    "abbreviated",
    "abbreviating",
    "abreviatura",
    "abreviaturas",
    "abreviaciones",
    "abreviación",
    "abreviar",
    "abreviados",
    "abreviadas",
    "abreviado",
];
const NAME_WORDS: &[&str] = &[
    "name",
    "names",
    "naming",
    "named",
    "variable",
    "variables",
    "identifier",
    "identifiers",
    "function",
    "functions",
    "nombre",
    "nombres",
    "identificadores",
    "funciones",
];

/// Words that are only ever abbreviations in a name, lowercase.
const ABBREVIATIONS: &[&str] = &[
    "cnt", "usr", "pwd", "passwd", "msg", "msgs", "btn", "btns", "qty", "amt", "tmpl", "mgr", "cfg", "addr",
    "inst", "acct", "cust", "dept", "txn", "trx", "evt", "lst", "dct", "tbl", "lbl", "pct", "svc", "prv",
    "nxt", "chk", "calc", "elem", "elems", "attr", "attrs", "usrs", "accts", "custs", "qtys", "amts", "mgrs",
    "cnts", "idx", "num", "nums", "arr", "obj", "objs",
];

pub fn run(ctx: &Context, out: &mut Found) {
    if !ctx.says(ABBREVIATION_WORDS) || !ctx.says(NAME_WORDS) {
        return;
    }
    if !ctx.says(NEGATIONS) && !ctx.says(AGAINST_WORDS) && !ctx.says(&["should", "shouldn't", "must"]) {
        return;
    }
    // Those the rule spells out as examples ("`usr` → `user`") are the literals pass's.
    let allowed: Vec<String> = ctx
        .mentions()
        .filter_map(|(_, m)| m.named().map(str::to_lowercase))
        .collect();
    let listed: Vec<&str> = ABBREVIATIONS
        .iter()
        .copied()
        .filter(|a| !allowed.iter().any(|x| x == a))
        .collect();
    let lower = listed.join("|");
    let capital = listed
        .iter()
        .map(|a| capitalized(a))
        .collect::<Vec<_>>()
        .join("|");
    // A name whose snake_case segment (`inst_cnt`) or camelCase word (`totalCnt`, `usrName`) is
    // an abbreviation, consumed whole.
    let name = format!(
        r"(?:[A-Za-z0-9]*_+)*(?:(?:{lower})|[A-Za-z0-9]*[a-z0-9](?:{capital}))(?:[_A-Z0-9][A-Za-z0-9_]*)?"
    );
    for form in FORMS.iter().filter(|f| {
        matches!(
            f.subject,
            Subject::Variables | Subject::Functions | Subject::Resources
        )
    }) {
        let langs = ctx.named_among(form.langs);
        if langs.is_empty() {
            continue;
        }
        let scope = form.scope(ctx, &langs);
        let explanation = format!(
            "no abbreviated names: {} whose name has a word only ever written as an abbreviation ({}…); scope {}",
            form.what,
            listed
                .iter()
                .take(6)
                .map(|a| format!("`{a}`"))
                .collect::<Vec<_>>()
                .join(", "),
            scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(
                form.template.replace("{N}", &format!("(?:{name})")),
                scope,
                None,
                explanation,
                form.within(),
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn declared_names_with_an_abbreviation() {
        let py = "def contar_agotados(productos):\n    cnt = 0\n    total_qty = 0\n    for producto in productos:\n        cnt += 1\n    return cnt\n\n\ndef autenticar(usuario):\n    # antes `usr` y `pwd`\n    mensaje_error = \"usr o pwd vacíos\"\n    product_count = 1\n    id = 2\n    ctx = 3\n";
        for i in [
            "No uses abreviaturas en nombres de variables",
            "No abbreviations. Names should not be abbreviated.",
            "Avoid abbreviated variable names",
        ] {
            assert_eq!(texts(i, "src/stock.py", py), ["cnt", "total_qty"], "{i}");
        }
        let i = "No abbreviations. Names should not be abbreviated.";
        let tf = "variable \"inst_cnt\" {\n  default = 2\n}\n\nvariable \"instance_type\" {\n  default = \"t3.micro\"\n}\n\nresource \"aws_launch_template\" \"web_tmpl\" {\n  image_id = data.aws_ami.amazon_linux.id\n}\n";
        assert_eq!(texts(i, "asg/main.tf", tf), ["inst_cnt", "web_tmpl"]);
        let ts = "const usrName = 'a';\nlet totalCnt = 0;\nconst user = getUsr();\nfunction calcTotal() {}\nconst products = [];\nconst msgBox = 1;\nconst message = 'msg';\n";
        assert_eq!(
            texts(i, "src/a.ts", ts),
            ["usrName", "totalCnt", "calcTotal", "msgBox"]
        );
        // An abbreviation the rule spells out is not this pass's; no names meant, not read.
        assert!(
            !texts("Avoid abbreviations except `cnt` in names", "src/stock.py", py)
                .contains(&"cnt".to_string())
        );
        assert!(texts("No abbreviations in commit messages", "src/stock.py", py).is_empty());
        assert!(texts("Abbreviations are fine in variable names", "src/stock.py", py).is_empty());
    }
}
