internal import CPolicyBridge
import Glibc

/// RFC 5545 VTIMEZONEs built by libical from the zone data, for the iCalendar export's timed
/// events: one per zone, truncated to the years exported, with the plain IANA name as TZID.
public enum ZoneDefinition {
    /// The VTIMEZONE's lines (without line ends), or nil when libical does not know the zone.
    public static func vtimezone(_ identifier: String, firstYear: Int, lastYear: Int) -> [String]? {
        guard let raw = cpb_vtimezone(identifier, Int32(firstYear), Int32(lastYear)) else { return nil }
        defer { free(raw) }
        return String(cString: raw).split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" })
            .map(String.init)
    }
}
