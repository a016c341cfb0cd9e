import CalendarCore
import Glibc

extension EvalCSVRenderer {
    /// The last refused or decorated row's columns after `deselectable` and the outcome they
    /// were written from, kept by the CSV stream across its runs: a weekend layer refuses a
    /// third of a long span's days with one answer, and a row whose outcome equals the last
    /// one's is its own date columns and these bytes again, not every text checked and copied
    /// anew. Those columns depend on the outcome and the report only.
    ///
    /// Why raw storage: an outcome is compared by its bytes where it lies. Equal bytes are an
    /// equal outcome (the same numbers and tags, each text the same storage or the same small
    /// text), and the kept copy holds every storage it names, so no address is reused by
    /// another text meanwhile. Unequal bytes (a text equal but not shared, padding) only mean
    /// the row is written in full. `==` and a struct holding the outcome copied it, retaining
    /// and releasing every text, for each row (~1,700 instructions a row).
    public final class RepeatedRowTail {
        private let kept = UnsafeMutablePointer<PolicyStack.Outcome>.allocate(capacity: 1)
        private let keptBytes = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<PolicyStack.Outcome>.size,
                                                                 alignment: MemoryLayout<PolicyStack.Outcome>.alignment)
        private var holds = false
        private var selectAllowed = true, deselectAllowed = true
        private var tail = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
        private var count = 0

        public init() {}

        deinit {
            if holds { kept.deinitialize(count: 1) }
            kept.deallocate()
            keptBytes.deallocate()
            tail.deallocate()
        }

        /// Keeps the row just written from `outcome`, moved out of `slot` (whose bytes are still
        /// the outcome's): `plainRow`'s row, seven fixed columns, none holding a comma, then the rest.
        func keep(_ outcome: PolicyStack.Outcome, from slot: UnsafeMutablePointer<PolicyStack.Outcome>,
                  row: ArraySlice<UInt8>) {
            var commas = 0, cut = row.startIndex
            while cut < row.endIndex {
                if row[cut] == UInt8(ascii: ",") {
                    commas += 1
                    if commas == 7 { break }
                }
                cut += 1
            }
            guard commas == 7 else { return }
            let bytes = row.endIndex - cut - 1
            if bytes > tail.count {
                tail.deallocate()
                tail = .allocate(capacity: Swift.max(bytes, 2 * tail.count))
            }
            row[(cut + 1)...].withUnsafeBufferPointer { source in
                if let from = source.baseAddress { tail.baseAddress!.update(from: from, count: bytes) }
            }
            count = bytes
            if holds { kept.pointee = outcome } else { kept.initialize(to: outcome) }
            keptBytes.copyMemory(from: UnsafeRawPointer(slot), byteCount: MemoryLayout<PolicyStack.Outcome>.size)
            holds = true
            selectAllowed = outcome.select.isAllowed
            deselectAllowed = outcome.deselect.isAllowed
        }

        /// The bytes `row` writes at most: the fixed fields and the kept columns.
        var rowCapacity: Int { EvalCSVRenderer.fixedCapacity + count }

        /// Whether `outcome` is the kept one (its row is then `row`'s).
        @inline(__always)
        func repeats(_ outcome: UnsafeMutablePointer<PolicyStack.Outcome>) -> Bool {
            holds && memcmp(keptBytes, outcome, MemoryLayout<PolicyStack.Outcome>.size) == 0
        }

        /// The row of `day`, whose outcome `repeats` the kept one, into `row` (`rowCapacity`
        /// bytes free): its date columns and the kept columns again.
        @inline(__always)
        func row(_ day: Day, _ date: CalendarDate, to row: inout UnsafeRowWriter) {
            EvalCSVRenderer.fixedFields(day, date, gregorian: true, selectAllowed: selectAllowed,
                                        deselectAllowed: deselectAllowed, to: &row)
            row.copy(UnsafeBufferPointer(start: tail.baseAddress, count: count))
        }
    }
}
