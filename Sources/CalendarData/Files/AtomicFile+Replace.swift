import Glibc

extension AtomicFile {
    /// `path`'s content replaced whole (`DELETE /v1/overrides/ID` writes `endedAt`): the new bytes
    /// go to a hidden temporary file beside it, flushed, then `rename` puts it in place, so a
    /// reader sees the old file or the new one, never a mix.
    public static func replace(_ path: String, bytes: [UInt8], mode: mode_t = 0o644) throws(FileWriteProblem) {
        let temporary = path + ".replace-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let hidden: String
        if let slash = temporary.lastIndex(of: "/") {
            hidden = String(temporary[...slash]) + "." + String(temporary[temporary.index(after: slash)...])
        } else {
            hidden = "." + temporary
        }
        try create(hidden, bytes: bytes, mode: mode)
        guard rename(hidden, path) == 0 else {
            let code = errno
            unlink(hidden)
            throw .cannotWrite(code)
        }
    }
}
