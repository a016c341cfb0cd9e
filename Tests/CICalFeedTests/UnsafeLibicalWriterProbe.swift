import CICal
import Glibc
import Testing

/// Why calpolicy writes iCalendar with its own `ICSWriter` instead of through libical's
/// serializer (`icalproperty_as_ical_string_r`), pinned: if libical changes any of these,
/// this fails and the choice can be revisited (docs/architecture.md, "iCalendar out").
@Suite struct LibicalWriterProbe {
    private func text(_ property: OpaquePointer?) -> String {
        guard let property, let raw = icalproperty_as_ical_string_r(property) else { return "" }
        defer { free(raw); icalproperty_free(property) }
        return String(cString: raw)
    }

    /// X-WR-CALNAME is named after the policy files ("a.lua, b.lua"): RFC 5545 §3.3.11 wants
    /// ',' and ';' escaped in TEXT, and libical 3.0 leaves them bare in an X- property, even
    /// when the value is declared TEXT (and then adds ";VALUE=TEXT").
    @Test func libicalLeavesCommasAndSemicolonsBareInXProperties() {
        let plain = icalproperty_new_x("a.lua, b.lua; c")
        icalproperty_set_x_name(plain, "X-WR-CALNAME")
        #expect(text(plain) == "X-WR-CALNAME:a.lua, b.lua; c\r\n")
        let typed = icalproperty_new(ICAL_X_PROPERTY)
        icalproperty_set_x_name(typed, "X-WR-CALNAME")
        icalproperty_set_value(typed, icalvalue_new_text("a.lua, b.lua; c"))
        #expect(text(typed) == "X-WR-CALNAME;VALUE=TEXT:a.lua, b.lua; c\r\n")
    }

    /// A CATEGORIES value is taken as the whole comma-separated list: a category holding a
    /// comma cannot be written as one category.
    @Test func libicalSplitsCategoriesAtCommas() {
        #expect(text(icalproperty_new_categories("closed, for now")) == "CATEGORIES:closed, for now\r\n")
    }

    /// Where libical does escape (a TEXT property such as DESCRIPTION), it agrees with ICSWriter.
    @Test func libicalEscapesTextPropertiesAsICSWriterDoes() {
        #expect(text(icalproperty_new_description("line1\nline2, x; y\\z")) == "DESCRIPTION:line1\\nline2\\, x\\; y\\\\z\r\n")
    }
}
