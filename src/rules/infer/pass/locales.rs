//! Locale pass: "✅ SIEMPRE usar locale 'ca-ES'", "Always format dates with the `en-GB` locale",
//! "Use culture `es-MX` for numbers" — one locale mandated, so another locale written where
//! code picks one is the violation: the first argument of `toLocaleDateString`/`toLocaleString`
//! and `Intl.*Format(…)` (JS/TS), `new CultureInfo("…")` (C#), `Locale.forLanguageTag("…")`
//! (Java), `setlocale(…, "…")` (Python), `DateFormat(…, '…')` and `locale: '…'` (Dart), and a
//! `locale='…'` argument or assignment anywhere in code (not an object's `locale: 'es'`, which a
//! CMS's API uses for its content's language). The hit is the other tag; the mandated one (any case,
//! `-` or `_`), its language alone (`ca`) and its extensions (`ca-ES-valencia`) are not, nor a
//! locale held in a variable. Two locales mandated are a choice no check makes.

use super::super::files::Lang;
use super::super::phrases::Role;
use super::super::text::Kind;
use super::{At, Context, Found};
use crate::rules::model::Within;

/// Words that make a tag a locale to use.
const LOCALE_WORDS: &[&str] = &[
    "locale",
    "locales",
    "culture",
    "cultureinfo",
    "cultura",
    "regional",
    "intl",
];

/// The calls that take a locale, each up to the opening quote of the tag.
const CALL_SITES: &str = concat!(
    r#"(?:\.toLocale(?:Date|Time)?String\(|\bIntl\.(?:DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules|Collator|ListFormat|DisplayNames)\("#,
    r#"|\bCultureInfo(?:\.GetCultureInfo|\.CreateSpecificCulture)?\(|\bLocale\.forLanguageTag\("#,
    r#"|\bsetlocale\([^,()\n]*,|\bDateFormat(?:\.\w+)?\((?:'[^'\n]*'|"[^"\n]*")?[ \t]*,?)[ \t]*['"`]"#,
);

/// A keyword argument or an assignment (`format_date(d, locale='de_DE')`, `Locale = "es-MX"`)
/// and Dart's named argument (`NumberFormat.currency(locale: 'es_ES')`), up to the opening
/// quote: a tag with its region only — `locale = 'all'` is a value of another kind. An object's
/// `locale: 'es'` elsewhere is as often the content's language (a CMS's API) as a format's; an
/// HTML `data-locale="…"` is no code.
const SETTING_SITES: &str = r#"(?:^|[^\w\-])(?:[Ll]ocale|LOCALE|[Cc]ulture)[ \t]*=[ \t]*['"`]"#;
const DART_SETTING_SITES: &str = r#"(?:^|[^\w\-])locale[ \t]*:[ \t]*['"]"#;

/// What may follow a tag before its closing quote: an encoding or modifier (`en_US.UTF-8`,
/// `de_DE@euro`).
const TAG_END: &str = r#"(?:[.@][\w\-]+)?['"`]"#;

pub fn run(ctx: &Context, out: &mut Found) {
    if !ctx.says(LOCALE_WORDS) {
        return;
    }
    let mandated: Vec<(Option<usize>, &str)> = ctx
        .mentions()
        .filter(|(_, m)| m.role != Role::Forbid)
        .filter_map(|(i, m)| m.named().filter(|t| is_locale_tag(t)).map(|t| (Some(i), t)))
        .collect();
    let mandated = if mandated.is_empty() {
        // A quoted tag the mentions did not keep ("usar locale 'ca-ES'").
        ctx.tokens
            .iter()
            .filter(|t| matches!(t.kind, Kind::Span(_)) && is_locale_tag(&t.text))
            .map(|t| (None, t.text.as_str()))
            .collect()
    } else {
        mandated
    };
    let [(at, tag)] = mandated.as_slice() else {
        return;
    };
    // "Never use 'en-US'" forbids that tag: the literals pass's, not this.
    if ctx
        .mentions()
        .any(|(_, m)| m.role == Role::Forbid && m.named().is_some_and(is_locale_tag))
    {
        return;
    }
    let langs = [
        Lang::TypeScript,
        Lang::JavaScript,
        Lang::CSharp,
        Lang::Java,
        Lang::Kotlin,
        Lang::Python,
        Lang::Dart,
        Lang::Php,
        Lang::Ruby,
    ];
    let mut scope = ctx.scope_for(&langs, &format!("the locale `{tag}`"));
    ctx.narrow(&mut scope);
    let explanation = format!(
        "locale `{tag}` mandated: another locale passed where code picks one (`toLocaleDateString(\"…\")`, `Intl.*(\"…\")`, `CultureInfo(\"…\")`, `locale = \"…\"`); scope {}",
        scope.why
    );
    let at = at.map_or(At::Places, At::Mention);
    let mut sites = vec![
        (
            format!("{CALL_SITES}(?P<hit>{}){TAG_END}", other_than(tag, false)),
            scope.clone(),
            String::new(),
        ),
        (
            format!("{SETTING_SITES}(?P<hit>{}){TAG_END}", other_than(tag, true)),
            scope.clone(),
            "; a `locale = \"…\"` argument or assignment".to_string(),
        ),
    ];
    if scope.include.iter().any(|g| g.ends_with(".dart")) {
        let mut dart = scope.clone();
        dart.include.retain(|g| g.ends_with(".dart"));
        sites.push((
            format!("{DART_SETTING_SITES}(?P<hit>{}){TAG_END}", other_than(tag, true)),
            dart,
            "; Dart's `locale:` argument".to_string(),
        ));
    }
    for (pattern, scope, site) in sites {
        out.check(
            at,
            ctx.pattern_check(
                pattern,
                scope,
                None,
                format!("{explanation}{site}"),
                Within::Strings,
            ),
        );
    }
}

/// A BCP 47 tag with a region or script: `ca-ES`, `es_MX`, `zh-Hant-TW`, `es-419`.
fn is_locale_tag(text: &str) -> bool {
    let mut parts = text.split(['-', '_']);
    let lang = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    (2..=3).contains(&lang.len())
        && lang.chars().all(|c| c.is_ascii_lowercase())
        && !rest.is_empty()
        && rest.iter().all(|p| {
            (p.len() == 2 && p.chars().all(|c| c.is_ascii_uppercase()))
                || (p.len() == 4 && p.chars().next().is_some_and(|c| c.is_ascii_uppercase()))
                || (p.len() == 3 && p.chars().all(|c| c.is_ascii_digit()))
        })
}

/// A pattern for a locale tag other than `tag` (any case; `-` and `_` alike): another language
/// (`es-ES`, `fr`, `cat-ES` where `ca-ES` is mandated) or the same language with another region
/// (`ca-FR`) — not `tag`, its language alone (`ca`) nor its extensions (`ca-ES-valencia`). With
/// `region`, only tags that have one.
fn other_than(tag: &str, region: bool) -> String {
    let either = |c: char| -> String {
        if c == '-' || c == '_' {
            r"[\-_]".to_string()
        } else {
            format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase())
        }
    };
    let not = |c: char| {
        format!(
            "[A-Za-z0-9&&[^{}{}]]",
            c.to_ascii_lowercase(),
            c.to_ascii_uppercase()
        )
    };
    let same = |s: &[char]| -> String { s.iter().map(|c| either(*c)).collect() };
    let subtags = if region {
        r"(?:[\-_][A-Za-z0-9]{2,8})+"
    } else {
        r"(?:[\-_][A-Za-z0-9]{2,8})*"
    };
    let chars: Vec<char> = tag.chars().collect();
    let split = chars
        .iter()
        .position(|c| *c == '-' || *c == '_')
        .unwrap_or(chars.len());
    let (language, rest) = (&chars[..split], &chars[split..]);
    let mut alternatives = Vec::new();
    // Another language: it leaves this one's letters at some point (2 or 3 letters in all), or
    // is this one and a letter more.
    for k in 0..language.len() {
        let (low, high) = (1usize.saturating_sub(k), 2 - k.min(2));
        alternatives.push(format!(
            "{}{}[A-Za-z]{{{low},{high}}}{subtags}",
            same(&language[..k]),
            not(language[k])
        ));
    }
    if language.len() == 2 {
        alternatives.push(format!("{}[A-Za-z]{subtags}", same(language)));
    }
    // The same language, another region (or script): it leaves the rest's characters at some
    // point after the separator.
    if rest.len() > 1 {
        for j in 1..rest.len() {
            let differ = if rest[j] == '-' || rest[j] == '_' {
                "[A-Za-z0-9]".to_string()
            } else {
                not(rest[j])
            };
            alternatives.push(format!(
                r"{}{}{differ}[A-Za-z0-9\-_]*",
                same(language),
                same(&rest[..j])
            ));
        }
    }
    format!("(?:{})", alternatives.join("|"))
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;
    use super::{is_locale_tag, other_than};

    #[test]
    fn locale_tags() {
        for t in ["ca-ES", "es_MX", "zh-Hant-TW", "es-419", "en-GB"] {
            assert!(is_locale_tag(t), "{t}");
        }
        for t in ["es", "ca-es", "UTF-8", "x-y", "no-cache", "en-", "a-b-c"] {
            assert!(!is_locale_tag(t), "{t}");
        }
        let re = regex::Regex::new(&format!("^{}$", other_than("ca-ES", false))).unwrap();
        for other in ["es-ES", "en-US", "ca-FR", "cat-ES", "fr", "es_419", "zh-Hant-TW"] {
            assert!(re.is_match(other), "{other}");
        }
        for same in ["ca-ES", "ca_es", "CA-es", "ca", "ca-ES-valencia", "default", "e"] {
            assert!(!re.is_match(same), "{same}");
        }
        let with_region = regex::Regex::new(&format!("^{}$", other_than("ca-ES", true))).unwrap();
        assert!(with_region.is_match("es-ES") && with_region.is_match("ca-FR"));
        assert!(!with_region.is_match("es") && !with_region.is_match("all"));
    }

    #[test]
    fn another_locale_where_one_is_mandated() {
        for i in [
            "✅ SIEMPRE usar locale 'ca-ES'",
            "Always format dates with the `ca-ES` locale",
        ] {
            assert_eq!(
                texts(
                    i,
                    "components/BlogPost.tsx",
                    "const f = new Date(d).toLocaleDateString(\"es-ES\", {\n  year: \"numeric\",\n});\n"
                ),
                ["es-ES"],
                "{i}"
            );
            assert_eq!(
                texts(
                    i,
                    "a.ts",
                    "const w = new Intl.DateTimeFormat('en-US', { weekday: 'long' });\n"
                ),
                ["en-US"],
                "{i}"
            );
            for ok in [
                "// sempre 'ca-ES', mai toLocaleDateString('en-US')\nconst a = 1;\n",
                "return new Date(d).toLocaleDateString(\"ca-ES\", { weekday: \"long\" });\n",
                "return n.toLocaleString(locale);\n",
                "return n.toLocaleString();\n",
                "const label = 'en-US';\n",
            ] {
                assert!(texts(i, "lib/dates.ts", ok).is_empty(), "{i}: {ok}");
            }
        }
        let i = "Use culture `es-MX` for numbers and dates";
        assert_eq!(
            texts(
                i,
                "A.cs",
                "var c = new CultureInfo(\"en-US\");\nvar m = CultureInfo.GetCultureInfo(\"es-MX\");\n"
            ),
            ["en-US"]
        );
        let i = "Always use the `de_DE` locale";
        assert_eq!(
            texts(
                i,
                "a.py",
                "locale.setlocale(locale.LC_ALL, 'en_US.UTF-8')\nformat_date(d, locale='de_DE')\nformat_date(d, locale='fr_FR')\n"
            ),
            ["en_US", "fr_FR"]
        );
        assert_eq!(
            texts(
                i,
                "lib/a.dart",
                "final f = DateFormat('yMMMd', 'es_ES');\nfinal g = DateFormat.yMMMd('de_DE');\nfinal c = NumberFormat.currency(locale: 'en_US');\n"
            ),
            ["es_ES", "en_US"]
        );
        // A CMS's content locale in an object is not a format's.
        assert!(
            texts(
                i,
                "src/seed.ts",
                "await payload.create({ collection: 'posts', locale: 'es', data });\n"
            )
            .is_empty()
        );
        // Two locales, or one forbidden, or no locale word: not this.
        for i in [
            "Use locale 'ca-ES' or 'es-ES'",
            "Never use the 'en-US' locale",
            "Always write 'ca-ES' in the headers",
        ] {
            assert!(
                texts(i, "a.ts", "d.toLocaleDateString('fr-FR');\n").is_empty(),
                "{i}"
            );
        }
    }
}
