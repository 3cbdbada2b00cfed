//! Families pass: a kind of library forbidden by its kind — "SQL raw (sin ORM)", "Don't use an
//! ORM", "No CSS-in-JS" — checks the well-known packages of that kind where they are packages
//! (imports and manifests of each ecosystem, as the packages pass does for one package): one
//! check per ecosystem and place, the family's packages as alternatives.

use super::super::imports::Ecosystem;
use super::super::text::Token;
use super::super::words::{LIBRARY_WORDS, NEGATIONS, TERM_STOPS};
use super::{At, Context, Found};

/// A kind of library: the words that name it, and its well-known packages per ecosystem (as
/// manifests and imports name them).
struct Family {
    words: &'static [&'static str],
    name: &'static str,
    packages: &'static [(Ecosystem, &'static [&'static str])],
}

const FAMILIES: &[Family] = &[
    Family {
        words: &["orm", "orms"],
        name: "ORM",
        packages: &[
            (
                Ecosystem::Js,
                &[
                    "prisma",
                    "@prisma/client",
                    "typeorm",
                    "sequelize",
                    "@mikro-orm/core",
                    "drizzle-orm",
                    "objection",
                    "bookshelf",
                ],
            ),
            (
                Ecosystem::Python,
                &[
                    "sqlalchemy",
                    "peewee",
                    "tortoise-orm",
                    "tortoise",
                    "sqlmodel",
                    "pony",
                    "ormar",
                    "piccolo",
                ],
            ),
            (Ecosystem::Go, &["gorm", "ent", "xorm"]),
            (Ecosystem::Rust, &["diesel", "sea-orm"]),
            (Ecosystem::Php, &["orm"]),
            (
                Ecosystem::Jvm,
                &[
                    "hibernate-core",
                    "spring-boot-starter-data-jpa",
                    "eclipselink",
                    "exposed-core",
                ],
            ),
            (Ecosystem::Ruby, &["sequel"]),
            (Ecosystem::Dart, &["drift", "floor"]),
        ],
    },
    Family {
        words: &["css-in-js"],
        name: "CSS-in-JS",
        packages: &[(
            Ecosystem::Js,
            &[
                "styled-components",
                "@emotion/react",
                "@emotion/styled",
                "@emotion/css",
                "styled-jsx",
                "@stitches/react",
                "jss",
                "react-jss",
                "@linaria/core",
            ],
        )],
    },
];

/// Words that forbid what follows them within three words ("sin ORM", "no ORM", "don't use an
/// ORM", "avoid CSS-in-JS").
const FORBIDDING: &[&str] = &[
    "sin",
    "without",
    "avoid",
    "evitar",
    "evita",
    "evites",
    "prohibido",
    "prohibited",
];

pub fn run(ctx: &Context, out: &mut Found) {
    // Each word with its place among the tokens, to see what follows it.
    let words: Vec<(usize, &str)> = ctx
        .tokens
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_word())
        .map(|(at, t)| (at, t.lower.as_str()))
        .collect();
    for family in FAMILIES {
        let forbidden = words.iter().enumerate().any(|(k, &(at, word))| {
            family.words.contains(&word)
                && !modifies_a_noun(ctx.tokens.get(at + 1))
                && words[k.saturating_sub(3)..k]
                    .iter()
                    .any(|(_, w)| NEGATIONS.contains(w) || FORBIDDING.contains(w))
        });
        if !forbidden {
            continue;
        }
        let named: Vec<Ecosystem> = ctx
            .named
            .langs()
            .iter()
            .filter_map(|l| Ecosystem::of_lang(*l))
            .collect();
        for (eco, packages) in family.packages {
            if !named.is_empty() && !named.contains(eco) {
                continue;
            }
            check(ctx, out, family, *eco, packages);
        }
    }
}

/// Nouns after the family's word that still name the library ("an ORM layer").
const LIBRARY_NOUNS: &[&str] = &["layer", "layers", "framework", "frameworks", "tool", "tools"];

/// Whether the token after the family's word is another noun it is said of ("never return
/// ORM model fields"): the rule is about those things, not about using the library.
fn modifies_a_noun(next: Option<&Token>) -> bool {
    next.is_some_and(|next| {
        next.is_word()
            && !TERM_STOPS.contains(&next.lower.as_str())
            && !LIBRARY_WORDS.contains(&next.lower.as_str())
            && !LIBRARY_NOUNS.contains(&next.lower.as_str())
    })
}

/// A placeholder no package is named: PHP's ORM is Doctrine's, whose namespace is
/// `Doctrine\ORM` and whose package is `doctrine/orm` — no package name of the one-name patterns.
const PLACEHOLDER: &str = "familyplaceholder";

fn check(ctx: &Context, out: &mut Found, family: &Family, eco: Ecosystem, packages: &[&str]) {
    let sites = if eco == Ecosystem::Php {
        eco.sites(PLACEHOLDER)
            .into_iter()
            .map(|mut site| {
                let names = if site.source {
                    r"Doctrine\\ORM"
                } else {
                    "doctrine/orm"
                };
                site.pattern = site
                    .pattern
                    .replace(&format!("(?i:{PLACEHOLDER})\\w*"), names)
                    .replace(PLACEHOLDER, names)
                    // Composer's pattern looks for the name as vendor or package: the whole name.
                    .replace(&format!("{names}/[\\w.-]+|[\\w.-]+/{names}"), names);
                site
            })
            .collect()
    } else {
        eco.sites_of_any(packages)
    };
    for site in sites {
        let scope = ctx.site_scope(&site, eco.name());
        let explanation = format!(
            "{} libraries forbidden: {} of {}; scope {}",
            family.name,
            site.what,
            packages.join(", "),
            scope.why
        );
        out.check(
            At::Places,
            ctx.pattern_check(site.pattern, scope, None, explanation, site.within),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::texts;

    #[test]
    fn no_orm_checks_the_orm_packages() {
        let i = "SQL raw (sin ORM).";
        let composer = "{\n  \"require\": {\n    \"php\": \"^8.2\",\n    \"doctrine/orm\": \"^3.0\",\n    \"doctrine/dbal\": \"^4.0\"\n  }\n}\n";
        assert_eq!(texts(i, "composer.json", composer), ["doctrine/orm"]);
        let php = "<?php\nuse Doctrine\\ORM\\EntityManagerInterface;\nuse Doctrine\\DBAL\\Connection;\n";
        assert_eq!(
            texts(i, "classes/Repo.php", php),
            ["Doctrine\\ORM\\EntityManagerInterface"]
        );
        let py = "from sqlalchemy.orm import Session\nimport sqlite3\n";
        assert_eq!(
            texts("Don't use an ORM; write raw SQL.", "app/db.py", py),
            ["sqlalchemy"]
        );
        let ts = "import { PrismaClient } from '@prisma/client';\nimport pg from 'pg';\n";
        assert_eq!(
            texts("Use raw SQL queries, no ORM.", "src/db.ts", ts),
            ["@prisma/client"]
        );
        let go = "import (\n\t\"gorm.io/gorm\"\n\t\"database/sql\"\n)\n";
        assert_eq!(
            texts("No ORMs in Go code.", "internal/db.go", go),
            ["gorm.io/gorm"]
        );
        assert_eq!(
            texts("Never use an ORM layer here.", "app/db.py", py),
            ["sqlalchemy"]
        );
        // Mandated, raw SQL forbidden, or the word says which things another action is about
        // (prefect's server AGENTS.md): no check of the ORM.
        for other in [
            "Always use the ORM, never raw SQL.",
            "Use Prisma as the ORM.",
            "Never return ORM model fields directly from `api/limits.py`.",
        ] {
            assert!(texts(other, "src/db.ts", ts).is_empty(), "{other}");
        }
    }

    #[test]
    fn no_css_in_js() {
        let i = "Avoid CSS-in-JS; use Tailwind classes.";
        let tsx = "import styled from 'styled-components';\nimport { css } from '@emotion/react';\nimport clsx from 'clsx';\n";
        assert_eq!(
            texts(i, "src/Button.tsx", tsx),
            ["styled-components", "@emotion/react"]
        );
    }
}
