import CHeapTuning
import Testing

/// The heap tuning each executable sets at start. Whether glibc takes a threshold depends on the
/// allocator in the process (a sanitizer's own allocator refuses `mallopt`), so what is asserted
/// here is the part that is ours: a threshold beyond what `mallopt` can take is refused, not cut.
@Suite struct HeapTuningTests {
    @Test func aThresholdBeyondAnIntIsRefusedNotTruncated() {
        #expect(cht_tune_heap(Int(Int32.max) + 1, 32 << 20) == -1)
        #expect(cht_tune_heap(16 << 20, 1 << 40) == -1)
    }
}

extension HeapTuningTests {
    /// Prefaulting is best effort (a sanitizer's allocator does not grow the heap with `sbrk`, and
    /// then it declines), but whatever it answers, the heap it touched serves: a block of the size
    /// it brought in is allocated, written end to end, read back and freed.
    @Test func aPrefaultedHeapServesABlockOfThatSize() {
        let answer = cht_prefault_heap(256 << 10)
        #expect(answer == 0 || answer == -1)
        let block = UnsafeMutableRawPointer.allocate(byteCount: 256 << 10, alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: 256 << 10)
        #expect(block.load(fromByteOffset: (256 << 10) - 1, as: UInt8.self) == 0xA5)
        block.deallocate()
    }
}
