internal import CPolicyBridge
import Glibc

/// The C end of `cal.holidays`/`cal.weekend`: the callback cpb_holidays.c calls, which hands
/// each lookup to `HolidayLuaHost` and returns its answer (or message) as a malloc'd buffer the
/// C side frees. Kept apart so the lookups themselves hold no pointers; installed once per
/// process, before the first policy state opens.
enum UnsafeHolidayHost {
    static let installed: Void = { cpb_set_holiday_host(trampoline) }()

    private static let trampoline: cpb_holiday_fn = { op, text, length, number, answer, answerLength in
        guard let answer, let answerLength else { return 1 }
        let input = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        let status: Int32
        let reply: String
        switch HolidayLuaHost.answer(Int(op), text: input, number: Int(number)) {
        case .success(let text): (status, reply) = (0, text)
        case .failure(let error): (status, reply) = (1, error.message)
        }
        var bytes = reply
        bytes.withUTF8 { utf8 in
            let buffer = malloc(max(1, utf8.count))
            if let buffer, let base = utf8.baseAddress { buffer.copyMemory(from: base, byteCount: utf8.count) }
            answer.pointee = buffer?.assumingMemoryBound(to: CChar.self)
            answerLength.pointee = buffer == nil ? 0 : utf8.count
        }
        return status
    }
}
