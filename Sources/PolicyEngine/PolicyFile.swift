import Foundation

/// Reading policy files: every failure becomes an `io` policy error naming the file.
enum PolicyFile {
    static func read(_ path: String, limit: Int) throws(PolicyError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PolicyError(kind: .io, file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw PolicyError(kind: .io, file: path, message: "is a directory, expected a lua file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PolicyError(kind: .io, file: path, message: "cannot read the file")
        }
        guard data.count <= limit else {
            throw PolicyError(kind: .memory, file: path,
                              message: "file is \(data.count) bytes, more than the memory limit of \(limit)")
        }
        return [UInt8](data)
    }

    static func fileName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
