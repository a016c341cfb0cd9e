import CICalFeed

/// The feed's C API for tests: a parsed calendar or the error and line it gave, and the
/// occurrences a lookup visits, copied into Swift values.
final class Feed {
    let calendar: OpaquePointer

    struct Failure: Error, Equatable {
        let line: Int
        let message: String
    }

    struct Occurrence: Equatable {
        let summary: String
        let first: Int64
        let last: Int64
    }

    init(_ text: String) throws(Failure) {
        var error = [CChar](repeating: 0, count: 256)
        var line: Int32 = 0
        let bytes = Array(text.utf8)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                error.withUnsafeMutableBufferPointer { out in
                    icf_parse(chars.baseAddress, chars.count, out.baseAddress, out.count, &line)
                }
            }
        }
        guard let parsed else {
            throw Failure(line: Int(line), message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                           as: UTF8.self))
        }
        calendar = parsed
    }

    deinit { icf_free(calendar) }

    var eventCount: Int { Int(icf_event_count(calendar)) }

    private final class Collected {
        var occurrences: [Occurrence] = []
        let calendar: OpaquePointer
        init(_ calendar: OpaquePointer) { self.calendar = calendar }
    }

    /// The occurrences touching first...last, or the lookup's error message.
    func between(_ first: Int64, _ last: Int64) -> Result<[Occurrence], Failure> {
        let collected = Collected(calendar)
        var error = [CChar](repeating: 0, count: 256)
        let status = error.withUnsafeMutableBufferPointer { out in
            icf_between(calendar, first, last, { context, occurrence in
                guard let context, let occurrence else { return 1 }
                let box = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                let summary = String(cString: icf_summary(box.calendar, occurrence.pointee.event))
                box.occurrences.append(Occurrence(summary: summary, first: occurrence.pointee.first_day,
                                                  last: occurrence.pointee.last_day))
                return 0
            }, Unmanaged.passUnretained(collected).toOpaque(), out.baseAddress, out.count)
        }
        if status != 0 {
            return .failure(Failure(line: 0, message: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                                             as: UTF8.self)))
        }
        return .success(collected.occurrences)
    }
}
