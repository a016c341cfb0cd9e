import CalendarCore
import CalendarData

/// The schema of a declarative policy: reads a document's nodes into a `Freeze`, refusing what
/// it does not know at its line and column (an unknown key with did-you-mean, a value of the
/// wrong type). docs/schema/policy.schema.json says the same for editors; a test holds the two
/// to the same files.
public enum FreezeSchema {
    /// `$schema` names the schema for an editor (JSON has no modeline comment); the engine ignores it.
    static let keys = ["$schema", "name", "description", "version", "zone", "scope", "overridable",
                       "closed", "weekly", "holidays", "dates", "decorations"]
    static let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// Reads a file's bytes (YAML, or JSON, which YAML's flow style reads) into a `Freeze`.
    public static func read(_ bytes: [UInt8], limits: YAMLLimits = .init()) throws(DeclarativeProblem) -> Freeze {
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        let root = try UnsafeYAMLReader.read(text, limits: limits)
        return try decode(root)
    }

    public static func decode(_ root: YAMLNode) throws(DeclarativeProblem) -> Freeze {
        var freeze = Freeze()
        let entries = try SchemaNode(node: root, path: "").mapping(keys)
        var byKey: [String: SchemaNode] = [:]
        for entry in entries {
            byKey[entry.key] = entry.node
            freeze.marks[entry.key] = entry.node.node.mark
        }
        _ = try byKey["$schema"]?.string()
        freeze.name = try byKey["name"]?.string()
        freeze.description = try byKey["description"]?.string()
        freeze.version = try byKey["version"]?.string()
        var zone: ZoneWallTime?
        if let node = byKey["zone"] {
            let name = try node.string(maxBytes: 256)
            switch ZoneNames.resolve(name) {
            case .success(let resolved): zone = resolved
            case .failure(let problem): throw node.problem(problem.message)
            }
            freeze.zoneName = name
        }
        if let node = byKey["scope"] { freeze.scope = try scope(node) }
        if let node = byKey["overridable"] { freeze.overridable = try overridable(node) }
        if let node = byKey["closed"] {
            for (index, item) in node.listOrOne().enumerated() {
                freeze.closed.append(try closedWindow(item, zone: zone))
                freeze.marks["closed[\(index)]"] = item.node.mark
            }
        }
        if let node = byKey["weekly"] {
            for (index, item) in node.listOrOne().enumerated() {
                freeze.weekly.append(try weeklyWindow(item))
                freeze.marks["weekly[\(index)]"] = item.node.mark
            }
        }
        if let node = byKey["holidays"] {
            for (index, item) in node.listOrOne().enumerated() {
                freeze.holidays.append(try holidayRule(item))
                freeze.marks["holidays[\(index)]"] = item.node.mark
            }
        }
        if let node = byKey["dates"] {
            for item in node.listOrOne() { freeze.dates.append(try closedDate(item)) }
        }
        if let node = byKey["decorations"] {
            for item in node.listOrOne() { freeze.decorations.append(try decoration(item)) }
        }
        if freeze.closed.isEmpty, freeze.weekly.isEmpty, freeze.holidays.isEmpty, freeze.dates.isEmpty,
           freeze.decorations.isEmpty {
            throw DeclarativeProblem("", "a policy must give at least one of closed, weekly, holidays, dates, decorations",
                                     at: root.mark)
        }
        return freeze
    }

    // MARK: keys read as a Lua policy's tables

    /// `scope`: each context key (or `labels.NAME`) a value or a list of values, `exclude` the
    /// same; the engine checks the values as it checks a Lua policy's.
    static func scope(_ node: SchemaNode) throws(DeclarativeProblem) -> DataTree {
        guard case .mapping(let entries, _) = node.node else {
            throw node.problem("expected a mapping of context keys, got \(node.node.kindName)")
        }
        var table: [(String, DataTree)] = []
        for entry in entries {
            let child = node.child(entry.key, entry.value)
            if entry.key == "exclude" {
                let values = try scope(child)
                if case .table(let pairs) = values, pairs.contains(where: { $0.0 == "exclude" }) {
                    throw child.problem("'exclude' does not nest")
                }
                table.append(("exclude", values))
                continue
            }
            guard DecisionContext.isKey(entry.key) else {
                let near = Suggestion.nearest(to: entry.key, among: DecisionContext.keys + ["exclude"])
                    .map { "; did you mean '\($0)'?" }
                    ?? " (keys: \(DecisionContext.keys.joined(separator: ", ")), labels.NAME, exclude)"
                throw DeclarativeProblem(child.path, "unknown context key" + near, at: entry.keyMark)
            }
            if case .sequence = child.node {
                table.append((entry.key, .list(try child.nonEmptyList().map { (item) throws(DeclarativeProblem) in
                    .string(try item.string(maxBytes: 256)) })))
            } else {
                table.append((entry.key, .string(try child.string(maxBytes: 256))))
            }
        }
        return .table(table)
    }

    /// `overridable`: `true`, `false`, or `{ maxHours, requireTicket, approvers }`.
    static func overridable(_ node: SchemaNode) throws(DeclarativeProblem) -> DataTree {
        if case .scalar = node.node {
            do { return .boolean(try node.boolean()) } catch {
                throw node.problem("must be true, false or a mapping of maxHours, requireTicket, approvers\(node.echo)")
            }
        }
        var table: [(String, DataTree)] = []
        for (key, child) in try node.mapping(["maxHours", "requireTicket", "approvers"]) {
            switch key {
            case "maxHours": table.append((key, .integer(try child.integer(1...87_840))))
            case "requireTicket": table.append((key, .boolean(try child.boolean())))
            default:
                let names = try child.nonEmptyList()
                guard names.count <= 64 else { throw child.problem("holds more than 64 names") }
                table.append((key, .list(try names.map { (name) throws(DeclarativeProblem) in
                    .string(try name.string(maxBytes: 256)) })))
            }
        }
        return .table(table)
    }

    // MARK: the freeze's own keys

    static func closedWindow(_ node: SchemaNode, zone: ZoneWallTime?) throws(DeclarativeProblem) -> Freeze.ClosedWindow {
        var from: Freeze.WallMoment?, to: Freeze.WallMoment?, reason: String?
        var toNode: SchemaNode?
        for (key, child) in try node.mapping(["from", "to", "reason"]) {
            switch key {
            case "from": from = try moment(child, zone: zone)
            case "to": (to, toNode) = (try moment(child, zone: zone), child)
            default: reason = try child.string()
            }
        }
        guard let from else { throw node.problem("closed window needs 'from'", at: nil).named("\(node.path).from") }
        guard let to, let toNode else { throw node.problem("closed window needs 'to'").named("\(node.path).to") }
        guard to.day > from.day || (to.day == from.day && to.minute > from.minute) else {
            throw toNode.problem("must be after 'from'")
        }
        return Freeze.ClosedWindow(from: from, to: to, reason: reason)
    }

    /// An instant with its offset (`2026-12-24T15:00:00+01:00`, `...Z`), read as the policy's
    /// zone's wall clock; a local date-time (`2026-12-24T15:00`) or a date (`2026-12-24`, its
    /// midnight), read in the policy's zone as written.
    static func moment(_ node: SchemaNode, zone: ZoneWallTime?) throws(DeclarativeProblem) -> Freeze.WallMoment {
        let text = try node.string(maxBytes: 64)
        let shape = "must be a date-time: 2026-12-24T15:00 (the policy's zone), 2026-12-24T15:00:00+01:00, or a date\(node.echo)"
        if text.utf8.count == 10 {
            guard let day = try? Day(iso: text) else { throw node.problem(shape) }
            return Freeze.WallMoment(day: day, minute: 0)
        }
        switch ISOInstant.parse(text) {
        case .success(let instant):
            guard let zone else {
                throw node.problem("an instant with an offset needs the policy's 'zone' (or write a local time, 2026-12-24T15:00)")
            }
            let local = instant + Int64(zone.offset(at: instant))
            guard local % 60 == 0 else { throw node.problem("closed windows are to the minute\(node.echo)") }
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            return Freeze.WallMoment(day: Day(dayNumber: Int(days)), minute: Int((local - days * 86_400) / 60))
        case .failure(.noOffset):
            let bytes = Array(text.utf8)
            guard bytes.count == 16 || (bytes.count == 19 && text.hasSuffix(":00")),
                  let day = try? Day(iso: String(text.prefix(10))) else { throw node.problem(shape) }
            let time = SchemaNode(node: .scalar(String(text.dropFirst(11).prefix(5)), quoted: true, node.node.mark),
                                  path: node.path)
            guard let minute = try? time.wallTime(allowEnd: false) else { throw node.problem(shape) }
            return Freeze.WallMoment(day: day, minute: minute)
        case .failure:
            throw node.problem(shape)
        }
    }

    static func weeklyWindow(_ node: SchemaNode) throws(DeclarativeProblem) -> Freeze.WeeklyWindow {
        var days: [Int]?, from = 0, to = 1440, reason: String?
        var toNode: SchemaNode?
        for (key, child) in try node.mapping(["days", "from", "to", "reason"]) {
            switch key {
            case "days":
                days = []
                for item in child.listOrOne() {
                    let name = try item.string(maxBytes: 64)
                    guard let index = weekdayNames.firstIndex(of: name) else {
                        let near = Suggestion.nearest(to: name.lowercased(), among: weekdayNames)
                            ?? Suggestion.nearest(to: String(name.lowercased().prefix(3)), among: weekdayNames)
                        throw item.problem("unknown day\(item.echo)" + (near.map { "; did you mean '\($0)'?" }
                            ?? " (days: \(weekdayNames.joined(separator: ", ")))"))
                    }
                    if !days!.contains(index + 1) { days!.append(index + 1) }
                }
                if days!.isEmpty { throw child.problem("is an empty list") }
            case "from": from = try child.wallTime(allowEnd: false)
            case "to": (to, toNode) = (try child.wallTime(allowEnd: true), child)
            default: reason = try child.string()
            }
        }
        guard let days else { throw node.problem("weekly window needs 'days'").named("\(node.path).days") }
        guard to > from else {
            throw (toNode ?? node).problem("must be after 'from' (split a window over midnight in two)")
        }
        return Freeze.WeeklyWindow(weekdays: days.sorted(), from: from, to: to, reason: reason)
    }

    static func holidayRule(_ node: SchemaNode) throws(DeclarativeProblem) -> Freeze.HolidayRule {
        if case .scalar = node.node { return Freeze.HolidayRule(place: try node.string(maxBytes: 64)) }
        var rule = Freeze.HolidayRule(place: "")
        var place: String?
        for (key, child) in try node.mapping(["place", "categories", "language", "dayBefore", "dayAfter", "halfDays"]) {
            switch key {
            case "place": place = try child.string(maxBytes: 64)
            case "categories":
                rule.categories = try child.listOrOne().map { (item) throws(DeclarativeProblem) in try item.string(maxBytes: 64) }
            case "language": rule.language = try child.string(maxBytes: 64)
            case "dayBefore": rule.dayBefore = try child.boolean()
            case "dayAfter": rule.dayAfter = try child.boolean()
            default: rule.halfDays = try child.boolean()
            }
        }
        guard let place else { throw node.problem("needs 'place' (a country, CC-SUB or market code)").named("\(node.path).place") }
        rule.place = place
        return rule
    }

    static func closedDate(_ node: SchemaNode) throws(DeclarativeProblem) -> Freeze.ClosedDate {
        if case .scalar = node.node { return Freeze.ClosedDate(day: try node.day(), reason: nil) }
        var day: Day?, reason: String?
        for (key, child) in try node.mapping(["date", "reason"]) {
            if key == "date" { day = try child.day() } else { reason = try child.string() }
        }
        guard let day else { throw node.problem("needs 'date'").named("\(node.path).date") }
        return Freeze.ClosedDate(day: day, reason: reason)
    }

    static func decoration(_ node: SchemaNode) throws(DeclarativeProblem) -> Freeze.DecorationRule {
        var rule = Freeze.DecorationRule(days: [], closedDays: false)
        var sawDates = false
        for (key, child) in try node.mapping(["dates", "closed", "label", "color"]) {
            switch key {
            case "dates":
                sawDates = true
                rule.days = try child.listOrOne().map { (item) throws(DeclarativeProblem) in try item.day() }
            case "closed": rule.closedDays = try child.boolean()
            case "label": rule.label = try child.string()
            default: rule.color = try child.string()
            }
        }
        guard sawDates || rule.closedDays else {
            throw node.problem("a decoration needs 'dates' or 'closed: true'").named("\(node.path).dates")
        }
        guard rule.label != nil || rule.color != nil || rule.closedDays else {
            throw node.problem("a decoration needs 'label' or 'color'").named("\(node.path).label")
        }
        return rule
    }
}

extension DeclarativeProblem {
    /// The same problem, naming a field of the node (a missing key).
    func named(_ field: String) -> DeclarativeProblem { DeclarativeProblem(field, message, at: mark) }
}
