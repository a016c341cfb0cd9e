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
