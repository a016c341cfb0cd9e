import CalendarCore
import Foundation

/// Where the holiday data lives, and each country's parsed file, loaded once on first use.
///
/// The folder is `$CALPOLICY_DATA/holidays` when that is set; else `data/holidays` of the
/// source tree found walking up from the executable and then from the current directory (a
/// checkout runs its own data); else `../share/calpolicy/holidays` beside the executable (an
/// install). A country's file is read when a reference first names it, so a stack over one
/// country never reads the other 282.
public final class HolidayData: @unchecked Sendable {
    public static let shared = HolidayData()

    private let lock = NSLock()
    private var folderResult: Result<String, HolidayDataError>?
    private var countries: [String: HolidayCountry] = [:]
    private var indexRows: [[String]]?
    /// The index's `source` row after its tag ("python-holidays 0.109"), once the index is read.
    private var indexSource: String?

    public init(folder: String? = nil) {
        if let folder { folderResult = .success(folder) }
    }

    /// The data folder, or the one error saying where it was looked for.
    public func folder() throws(HolidayDataError) -> String {
        lock.lock()
        defer { lock.unlock() }
        if folderResult == nil { folderResult = Self.locate() }
        return try folderResult!.get()
    }

    /// The parsed file of `code` (an exact code from the index).
    public func country(_ code: String) throws(HolidayDataError) -> HolidayCountry {
        let folder = try folder()
        lock.lock()
        if let cached = countries[code] { lock.unlock(); return cached }
        lock.unlock()
        let path = folder + "/" + code + ".tsv"
        let bytes = try Self.read(path)
        let country = try HolidayFileParser.parse(bytes, file: path)
        lock.lock()
        countries[code] = country
        lock.unlock()
        return country
    }

    /// The index rows: code, name, kind, subdivisions, categories, languages, first, last.
    public func index() throws(HolidayDataError) -> [[String]] {
        let folder = try folder()
        lock.lock()
        defer { lock.unlock() }
        if let indexRows { return indexRows }
        let path = folder + "/index.tsv"
        let bytes = try Self.read(path)
        // Bytes, not String.split: this runs on the start of every command naming a reference.
        var rows: [[String]] = []
        rows.reserveCapacity(300)
        var lineStart = 0, number = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            number += 1
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart || bytes[lineStart] == UInt8(ascii: "#") { continue }
            var fields: [String] = []
            fields.reserveCapacity(8)
            var fieldStart = lineStart
            for index in lineStart...lineEnd where index == lineEnd || bytes[index] == 0x09 {
                fields.append(String(decoding: bytes[fieldStart..<index], as: UTF8.self))
                fieldStart = index + 1
            }
            if fields[0] == "source" {
                indexSource = fields.dropFirst().joined(separator: " ")
                continue
            }
            guard fields.count == 8 else { throw HolidayDataError("\(path):\(number): expected 8 fields") }
            rows.append(fields)
        }
        indexRows = rows
        return rows
    }

    /// Which release of its source the data was generated from ("python-holidays 0.109", the
    /// index's `source` row), for the decision log; nil when there is no data folder, or its
    /// index names no source.
    public func sourceVersion() -> String? {
        guard (try? index()) != nil else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return indexSource.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The country or market code `typed` names (any case), or a did-you-mean error.
    public func code(for typed: String, reference: String) throws(HolidayDataError) -> String {
        let rows = try index()
        let upper = typed.uppercased()
        if rows.contains(where: { $0[0] == upper }) { return upper }
        let codes = rows.map { $0[0] }
        throw HolidayDataError("unknown country or market '\(InputEcho.cut(typed))'"
            + HolidayDataError.suggestions(for: typed, among: codes) + " (calpolicy holidays lists them)")
    }

    /// The most a data file may hold (the largest is about 1 MiB).
    static let fileLimit = 16 << 20

    /// A data file's bytes through the one file opener: a FIFO, a device or a folder where a
    /// data file should be is refused at once, never read (or waited on).
    static func read(_ path: String) throws(HolidayDataError) -> [UInt8] {
        do { return try RegularFile.read(path, limit: fileLimit) } catch {
            throw HolidayDataError("\(path): \(error)")
        }
    }

    static func locate() -> Result<String, HolidayDataError> {
        let files = FileManager.default
        func holds(_ folder: String) -> Bool { files.fileExists(atPath: folder + "/index.tsv") }
        if let root = getenv("CALPOLICY_DATA").map({ String(cString: $0) }), !root.isEmpty {
            let folder = root + "/holidays"
            return holds(folder) ? .success(folder)
                : .failure(HolidayDataError("no holiday data in '\(folder)' (CALPOLICY_DATA names the folder holding holidays/)"))
        }
        let executable = (try? files.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? ""
        let executableFolder = (executable as NSString).deletingLastPathComponent
        for start in [executableFolder, files.currentDirectoryPath] where !start.isEmpty {
            var folder = start
            while true {
                if holds(folder + "/data/holidays") { return .success(folder + "/data/holidays") }
                let parent = (folder as NSString).deletingLastPathComponent
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
        }
        let installed = ((executableFolder + "/../share/calpolicy/holidays") as NSString).standardizingPath
        if holds(installed) { return .success(installed) }
        return .failure(HolidayDataError("no holiday data found: set CALPOLICY_DATA to the folder holding holidays/, "
            + "or install it as \(installed)"))
    }
}
