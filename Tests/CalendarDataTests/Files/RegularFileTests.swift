import CalendarData
import Foundation
import Glibc
import Testing

/// `RegularFile`, the one opener of every file we read: a regular file is read whole; every
/// other shape (folder, FIFO, device, a link to a FIFO, a sparse file over the bound) is refused
/// at once with a problem naming what it is. FIFOs are opened by a child process with a time
/// limit, so a regression fails the test instead of hanging it.
@Suite struct RegularFileTests {
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "regular-file-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(path, 0o700)
        return path
    }

    @Test func readsRegularFilesWhole() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for size in [0, 1, 4095, 4096, 4097, 65_536, 1 << 20] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let path = dir + "/f\(size)"
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            #expect(try RegularFile.read(path, limit: 1 << 20) == bytes)
        }
        // A file reporting no size (procfs) is read to its end.
        #expect(try RegularFile.text("/proc/self/status", limit: 1 << 20).contains("VmHWM"))
    }

    @Test func refusesEveryOtherShapeAtOnce() throws {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        mkfifo(dir + "/fifo", 0o600)
        symlink(dir + "/fifo", dir + "/link-to-fifo")
        mkdir(dir + "/folder", 0o700)
        let sparse = open(dir + "/sparse", O_CREAT | O_WRONLY, 0o600)
        #expect(ftruncate(sparse, 1 << 40) == 0)
        close(sparse)
        FileManager.default.createFile(atPath: dir + "/plain", contents: Data("x".utf8))
        symlink(dir + "/plain", dir + "/link-to-plain")
        let cases: [(path: String, follow: Bool, expected: FileReadProblem)] = [
            (dir + "/fifo", true, .notRegularFile(kind: "a FIFO")),
            (dir + "/link-to-fifo", true, .notRegularFile(kind: "a FIFO")),
            (dir + "/folder", true, .directory),
            ("/dev/zero", true, .notRegularFile(kind: "a character device")),
            ("/dev/null", true, .notRegularFile(kind: "a character device")),
            (dir + "/sparse", true, .tooLarge(limit: 1 << 20)),
            (dir + "/missing", true, .missing),
            (dir + "/link-to-plain", false, .notRegularFile(kind: "a symbolic link")),
        ]
        for entry in cases {
            let started = ContinuousClock.now
            #expect(throws: entry.expected, "\(entry.path)") {
                _ = try RegularFile.read(entry.path, limit: 1 << 20, followLinks: entry.follow)
            }
            #expect(ContinuousClock.now - started < .seconds(1), "\(entry.path)")
            #expect(!entry.expected.description.isEmpty)
        }
        #expect(try RegularFile.read(dir + "/link-to-plain", limit: 10) == Array("x".utf8))
        #expect(throws: FileReadProblem.tooLarge(limit: 0)) { _ = try RegularFile.read(dir + "/plain", limit: 0) }
    }
}
