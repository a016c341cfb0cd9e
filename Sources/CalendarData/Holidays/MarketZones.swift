/// The zone a market's documented close times are in ("13:00", "13:30 NZDT"): the exchange's
/// own. The data gives wall times, sometimes with an abbreviation that only says which half of
/// the year it is; the wall time is read in this zone with the zone database.
public enum MarketZones {
    static let zones: [String: String] = [
        "XNYS": "America/New_York", "XNAS": "America/New_York", "XCME": "America/Chicago",
        "XTSE": "America/Toronto", "BVMF": "America/Sao_Paulo", "XBUE": "America/Argentina/Buenos_Aires",
        "ENX": "Europe/Paris", "XPAR": "Europe/Paris", "XAMS": "Europe/Amsterdam", "XLON": "Europe/London",
        "XETR": "Europe/Berlin", "XFRA": "Europe/Berlin", "XMAD": "Europe/Madrid", "XMIL": "Europe/Rome",
        "XSWX": "Europe/Zurich", "XSTO": "Europe/Stockholm", "XJSE": "Africa/Johannesburg",
        "XNZE": "Pacific/Auckland", "XASX": "Australia/Sydney", "XSES": "Asia/Singapore",
        "XHKG": "Asia/Hong_Kong", "XTKS": "Asia/Tokyo", "XKRX": "Asia/Seoul", "XSHG": "Asia/Shanghai",
        "XBOM": "Asia/Kolkata", "XNSE": "Asia/Kolkata", "XTAE": "Asia/Jerusalem", "XSAU": "Asia/Riyadh",
        "XIST": "Europe/Istanbul", "XSIF": "Asia/Shanghai", "XSHE": "Asia/Shanghai", "XJPX": "Asia/Tokyo",
        "XTAI": "Asia/Taipei", "XKAR": "Asia/Karachi", "XMEX": "America/Mexico_City", "XBOG": "America/Bogota",
        "XWAR": "Europe/Warsaw", "XECB": "Europe/Berlin", "XFED": "America/New_York",
    ]

    /// The zone a reference to `country` closes its days in without `@ZONE`: the exchange's for a
    /// market, none for a country or subdivision (whose days close at the stack zone's midnight).
    public static func defaultZone(of country: HolidayCountry) -> String? {
        country.isMarket ? zones[country.code] : nil
    }

    /// Minutes since midnight of a close time ("13:00", "13:30 NZDT"); nil for "early" or anything else.
    static func closeMinute(_ close: String) -> Int? {
        let time = close.split(separator: " ").first.map(String.init) ?? ""
        let parts = time.split(separator: ":")
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hours = Int(parts[0]),
              let minutes = Int(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes) else { return nil }
        return hours * 60 + minutes
    }
}
