/* Linked into the static release build only (scripts/release-flags.sh): libical, built by
 * Debian against ICU 72, gets Foundation's ICU (_FoundationICU, ICU 76 with swift_-prefixed
 * names), so the binary holds one ICU data set. Fifteen of the sixteen functions libical calls
 * are the same function under another name and are aliased with --defsym; this one is not:
 * ICU 72 read a NULL locale as the default locale, ICU 76 refuses it with
 * U_ILLEGAL_ARGUMENT_ERROR, and libical asks for the calendar names of RSCALE with NULL, so
 * every RSCALE rule failed to expand. LIBICAL_NAME is the versioned name libical.a wants
 * (ucal_getKeywordValuesForLocale_72), passed by release-flags.sh. */
typedef struct UEnumeration UEnumeration;
typedef signed char UBool;
typedef int UErrorCode;

extern UEnumeration *swift_ucal_getKeywordValuesForLocale(const char *key, const char *locale,
                                                          UBool commonlyUsed, UErrorCode *status);

UEnumeration *LIBICAL_NAME(const char *key, const char *locale, UBool commonlyUsed, UErrorCode *status) {
    return swift_ucal_getKeywordValuesForLocale(key, locale ? locale : "", commonlyUsed, status);
}
