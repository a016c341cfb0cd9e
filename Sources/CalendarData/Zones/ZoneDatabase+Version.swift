import Glibc

extension ZoneDatabase {
    /// The tz database's release ("2025b"), from the first line of `tzdata.zi` ("# version
    /// 2025b") in the first database directory that exists; nil when that directory has no such
    /// file (an older or trimmed tzdata, or Foundation's zones). Read once per process: the
    /// decision log records it on every line, so a replay can tell an answer that moved because
    /// the zone rules did.
    public static let version: String? = {
        for directory in directories {
            var info = stat()
            guard stat(directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            return firstLineVersion(directory + "/tzdata.zi")
        }
        return nil
    }()

    /// "2025b" of a file whose first line is "# version 2025b"; only the line is read (the file
    /// is over 100 KiB), and only from a regular file.
    static func firstLineVersion(_ path: String) -> String? {
        guard RegularFile.isRegular(path), let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let prefix = "# version "
        guard line.hasPrefix(prefix) else { return nil }
        let version = line.dropFirst(prefix.count).trimmingSuffix(while: { $0.isNewline || $0 == " " })
        guard !version.isEmpty, version.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return String(version)
    }
}

private extension Substring {
    func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, drop(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
