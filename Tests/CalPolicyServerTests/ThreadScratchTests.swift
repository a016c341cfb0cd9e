import Foundation
import Rendering
import Testing
@testable import CalPolicyServer

/// The decision log's per-thread line buffer: lent empty, kept by its thread, never shared.
@Suite struct ThreadScratchTests {
    @Test func aThreadGetsItsBufferBackEmptyWithItsRoom() {
        let scratch = ThreadScratch()
        let first = scratch.with { bytes -> Int in
            bytes.append(contentsOf: [UInt8](repeating: 0x61, count: 3000))
            return bytes.capacity
        }
        scratch.with { bytes in
            #expect(bytes.isEmpty)
            #expect(bytes.capacity == first)  // the same storage: nothing allocated for the second line
        }
    }

    @Test func aLineIsWrittenInPlaceAndHandedOnWhole() {
        let scratch = ThreadScratch()
        let first = scratch.write(capacity: 64, { w in
            w.put("{\"a\": ")
            w.integer(12345)
            w.byte(0x7D)
        }, deliver: { Array($0) })
        #expect(first == Array(#"{"a": 12345}"#.utf8))
        // A shorter line after a longer one: only its own bytes, nothing of the last line's.
        let second = scratch.write(capacity: 8, { $0.put("[]") }, deliver: { Array($0) })
        #expect(second == Array("[]".utf8))
        let long = scratch.write(capacity: 5000, { w in for _ in 0..<1000 { w.put("abcde") } }, deliver: { $0.count })
        #expect(long == 5000)
    }

    @Test func aNestedCallGetsAFreshBuffer() {
        let scratch = ThreadScratch()
        scratch.with { outer in
            outer.append(1)
            scratch.with { inner in
                #expect(inner.isEmpty)
                inner.append(2)
            }
            #expect(outer == [1])
        }
    }

    @Test func aLargeBufferIsNotKept() {
        let scratch = ThreadScratch(keptCapacity: 1024)
        scratch.with { $0.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
        scratch.with { #expect($0.capacity < 4096) }
    }

    @Test func threadsDoNotShareBuffers() async {
        let scratch = ThreadScratch()
        let marks: [[UInt8]] = await withTaskGroup(of: [UInt8].self) { group in
            for mark in UInt8(1)...8 {
                group.addTask {
                    // A thread of its own, so the buffers belong to eight threads at once.
                    await withCheckedContinuation { continuation in
                        let thread = Thread {
                            let seen = scratch.with { bytes -> [UInt8] in
                                for _ in 0..<1000 { bytes.append(mark) }
                                usleep(1000)
                                return bytes
                            }
                            continuation.resume(returning: seen)
                        }
                        thread.start()
                    }
                }
            }
            var all: [[UInt8]] = []
            for await seen in group { all.append(seen) }
            return all
        }
        #expect(marks.count == 8)
        for seen in marks { #expect(Set(seen).count == 1 && seen.count == 1000) }
    }
}
