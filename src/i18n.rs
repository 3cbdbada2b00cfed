//! The two languages autofix speaks to people in — English and Spanish — and how a locale tag
//! (`es-MX`, `en_US.UTF-8`) picks one.

/// A language for user-facing messages.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Locale {
    #[default]
    En,
    Es,
}

impl Locale {
    /// Reads a BCP 47 tag (from an LSP client) or a POSIX locale (`es_ES.UTF-8`); anything not
    /// Spanish is English.
    pub fn from_tag(tag: &str) -> Locale {
        let lang = tag.trim().split(['-', '_', '.', '@']).next().unwrap_or("");
        if lang.eq_ignore_ascii_case("es") {
            Locale::Es
        } else {
            Locale::En
        }
    }

    /// The locale of the shell, from `LC_ALL`, `LC_MESSAGES` then `LANG`, as gettext reads them.
    pub fn from_env() -> Locale {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|var| std::env::var(var).ok())
            .find(|v| !v.is_empty())
            .map_or(Locale::En, |v| Locale::from_tag(&v))
    }

    /// Picks the English or the Spanish text.
    pub fn pick<T>(self, en: T, es: T) -> T {
        match self {
            Locale::En => en,
            Locale::Es => es,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_posix_locales() {
        assert_eq!(Locale::from_tag("es"), Locale::Es);
        assert_eq!(Locale::from_tag("es-MX"), Locale::Es);
        assert_eq!(Locale::from_tag("es_ES.UTF-8"), Locale::Es);
        assert_eq!(Locale::from_tag("en-US"), Locale::En);
        assert_eq!(Locale::from_tag("C"), Locale::En);
        assert_eq!(Locale::from_tag(""), Locale::En);
    }
}
