// Loads, evaluates and drops policies many times, then reports resident memory growth; run under
// LeakSanitizer (scripts/leakcheck.sh) or valgrind to count what was never freed.
// Usage: LeakCheck CYCLES POLICY.lua [POLICY.lua ...]
import CalendarCore
import Foundation
import PolicyEngine

func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let cycles = Int(arguments[0]), cycles > 0 else {
    FileHandle.standardError.write(Data("usage: LeakCheck CYCLES POLICY.lua [POLICY.lua ...]\n".utf8))
    exit(2)
}
let paths = Array(arguments.dropFirst())
let days = (0..<31).map { Day(dayNumber: 20_788 + $0) }
var loaded = 0, failedLoads = 0, answers = 0, failedCalls = 0
var rssAtTenth = 0

for cycle in 1...cycles {
    let path = paths[cycle % paths.count]
    do {
        let policy = try LuaPolicy(path: path)
        loaded += 1
        let context = PolicyContext(today: days[0], selection: [days[3]])
        for day in days {
            do {
                _ = try policy.canSelect(day, context: context)
                _ = try policy.decoration(for: day, context: context)
                answers += 1
            } catch {
                failedCalls += 1
                break
            }
        }
    } catch {
        failedLoads += 1
    }
    if cycle == max(1, cycles / 10) { rssAtTenth = residentKiB() }
}

// A PolicySet reloaded with alternating good and broken content, to cover the swap path too.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leakcheck-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let edited = folder.appendingPathComponent("edited.lua")
var reloads = 0
do {
    try "return { canSelect = function() return true end }".write(to: edited, atomically: true, encoding: .utf8)
    let set = try PolicySet(paths: [edited.path])
    for round in 0..<(cycles / 10) {
        let text = round % 2 == 0 ? "return { canSelect = function(d) return d.day ~= \(round % 28 + 1) end }"
                                  : "return { canSelect = function(d) return d. end }"
        try text.write(to: edited, atomically: true, encoding: .utf8)
        _ = set.reload()
        _ = try set.stack.canSelect(days[round % days.count], context: PolicyContext())
        reloads += 1
    }
} catch {
    FileHandle.standardError.write(Data("leakcheck: reload loop failed: \(error)\n".utf8))
    exit(1)
}
try? FileManager.default.removeItem(at: folder)

let rssAtEnd = residentKiB()
print("cycles \(cycles): \(loaded) loaded, \(failedLoads) refused at load, \(answers) days answered, "
      + "\(failedCalls) calls failed; \(reloads) reloads")
print("resident memory: \(rssAtTenth) KiB after \(max(1, cycles / 10)) cycles, \(rssAtEnd) KiB at the end "
      + "(growth \(rssAtEnd - rssAtTenth) KiB over the last \(cycles - max(1, cycles / 10)))")
