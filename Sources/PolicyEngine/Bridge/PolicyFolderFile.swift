import Glibc

/// A file a policy reads while it loads (`cal.ics("closures.ics")`), found and read by Swift:
/// the C bridge only parses the bytes it is handed. The name is already a plain relative path
/// (checked in C); the file must resolve inside the policy's own folder (no link out), be a
/// regular file (a FIFO would block the load) and hold at most `limit` bytes. Problems read as
/// the tail of "'name' <problem>".
enum PolicyFolderFile {
    enum Outcome: Equatable {
        case read(realPath: String, bytes: [UInt8])
        case refused(String)
        case tooLarge
    }

    static func read(name: String, policyPath: String, limit: Int) -> Outcome {
        let folder: String
        if let slash = policyPath.lastIndex(of: "/") {
            folder = slash == policyPath.startIndex ? "/" : String(policyPath[..<slash])
        } else {
            folder = "."
        }
        guard folder.utf8.count < PATH_MAX else { return .refused("cannot be found: the policy's path is too long") }
        guard let realFolder = realPath(folder) else { return .refused("cannot be found: the policy's folder is gone") }
        guard let real = realPath(realFolder + "/" + name) else {
            return .refused(errno == ENOENT ? "does not exist in the policy's folder" : "cannot be resolved")
        }
        let inside = realFolder == "/" ? real.hasPrefix("/") : real.hasPrefix(realFolder + "/")
        guard inside else { return .refused("resolves outside the policy's folder (a link out?)") }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .refused("is not a regular file") }
        do {
            return .read(realPath: real, bytes: try PolicyFile.read(real, limit: limit))
        } catch {
            if case .tooLarge = error { return .tooLarge }
            return .refused("cannot be opened")
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
