import CalendarData
import Foundation
import Glibc
import Testing

/// `FileWatch`, what `--watch` waits on: a save in place, a save by rename (a new inode), a file
/// added beside the policy, and a file removed are each one change, with inotify and with the
/// polling fallback alike; nothing changed is no change; editors' hidden swap files are not.
@Suite struct FileWatchTests {
    static func folder() -> String {
        let path = NSTemporaryDirectory() + "file-watch-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        mkdir(path, 0o700)
        return path
    }

    static func write(_ text: String, to path: String) {
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    @Test(arguments: [false, true]) func eachKindOfSaveIsOneChange(polling: Bool) {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let policy = dir + "/policy.lua"
        Self.write("return {}\n", to: policy)
        let watch = FileWatch(paths: [policy], polling: polling)
        #expect(watch.usesInotify == !polling)
        #expect(!watch.wait(timeout: 0.3))

        Self.write("return { }\n", to: policy)  // in place, one byte longer
        #expect(watch.wait(timeout: 2))
        #expect(!watch.wait(timeout: 0.3))

        Self.write("return {}\n", to: dir + "/policy.lua.new")  // by rename: a new inode
        rename(dir + "/policy.lua.new", policy)
        #expect(watch.wait(timeout: 2))

        Self.write("BEGIN:VCALENDAR\n", to: dir + "/dates.ics")  // data beside it
        #expect(watch.wait(timeout: 2))
        unlink(dir + "/dates.ics")
        #expect(watch.wait(timeout: 2))

        Self.write("swap", to: dir + "/.policy.lua.swp")  // an editor's swap file
        #expect(!watch.wait(timeout: 0.4))
    }

    @Test func aFolderIsWatchedWithItsSubfolders() {
        let dir = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        mkdir(dir + "/team", 0o700)
        Self.write("test('x', function() end)\n", to: dir + "/team/a_test.lua")
        let watch = FileWatch(paths: [dir])
        #expect(!watch.wait(timeout: 0.3))
        Self.write("test('y', function() end)\n", to: dir + "/team/a_test.lua")
        #expect(watch.wait(timeout: 2))
    }
}
