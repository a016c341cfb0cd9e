import CalendarCore
import CalendarData
import Foundation
import Glibc

/// The overrides folder (`--overrides DIR`): one file per override, `ID.json`; hidden files
/// and other names are not overrides and are passed over. Every file is read on its own, so a
/// broken one is refused by name while the others stand.
public enum OverrideFolder {
    /// More files than any team keeps reviewed at once: a folder past it is refused.
    public static let maximumFiles = 4096

    /// One file's outcome.
    public enum Entry: Sendable {
        case loaded(Override, file: String)
        case refused(OverrideProblem)
    }

    /// Every `*.json` file of `path`, in name order; the folder itself must be a directory.
    public static func read(_ path: String) throws(OverrideProblem) -> [Entry] {
        try files(path).map { file -> Entry in
            do throws(OverrideProblem) {
                return .loaded(try OverrideFile.read(file), file: file)
            } catch {
                return .refused(error)
            }
        }
    }

    /// The override files' paths, checked to be a folder first (a FIFO or a file is refused
    /// without being opened).
    public static func files(_ path: String) throws(OverrideProblem) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw OverrideProblem(file: path, errno == ENOENT ? "the overrides folder does not exist"
                                  : "the overrides folder cannot be read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            let kind = info.st_mode & S_IFMT == S_IFIFO ? "a FIFO" : info.st_mode & S_IFMT == S_IFREG ? "a file" : "not a folder"
            throw OverrideProblem(file: path, "the overrides folder is \(kind), not a folder")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw OverrideProblem(file: path, "the overrides folder cannot be listed")
        }
        let files = names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".json") }.sorted()
        guard files.count <= maximumFiles else {
            throw OverrideProblem(file: path, "the overrides folder holds \(files.count) files, more than \(maximumFiles)")
        }
        let folder = path.hasSuffix("/") ? path : path + "/"
        return files.map { folder + $0 }
    }
}
