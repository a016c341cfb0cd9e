import CalendarCore
internal import CPolicyBridge
import LuaHost

/// Calendar conversions called from C: the trampolines `cpb_new` is given, which look up
/// the Swift date bridge through the retained box and hand back data, never raising.
extension PolicyLuaState {
    final class BridgeBox {
        let bridge: any LuaDateBridge
        init(_ bridge: any LuaDateBridge) { self.bridge = bridge }
    }

    static func write(_ message: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
        guard let buffer, capacity > 0 else { return }
        var utf8 = Array(message.utf8.prefix(capacity - 1))
        utf8.append(0)
        utf8.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: bytes.count)
        }
    }

    static let convertTrampoline: cpb_convert_fn = { context, dayNumber, calendar, out, message, capacity in
        guard let context, let calendar, let out else { return 1 }
        let box = Unmanaged<BridgeBox>.fromOpaque(context).takeUnretainedValue()
        do throws(LuaBridgeError) {
            let date = try box.bridge.convert(dayNumber: Int(dayNumber), calendar: String(cString: calendar))
            out.pointee.year = Int64(date.year)
            out.pointee.month = Int64(date.month)
            out.pointee.day = Int64(date.day)
            out.pointee.era = Int64(date.era ?? 0)
            out.pointee.has_era = date.era == nil ? 0 : 1
            out.pointee.is_leap_month = date.isLeapMonth ? 1 : 0
            return 0
        } catch {
            write(error.message, to: message, capacity: capacity)
            return 1
        }
    }

    static let fromCalendarTrampoline: cpb_from_calendar_fn = {
        context, calendar, year, month, day, leap, dayNumber, message, capacity in
        guard let context, let calendar, let dayNumber else { return 1 }
        let box = Unmanaged<BridgeBox>.fromOpaque(context).takeUnretainedValue()
        do throws(LuaBridgeError) {
            dayNumber.pointee = Int64(try box.bridge.dayNumber(
                calendar: String(cString: calendar), year: Int(year), month: Int(month), day: Int(day),
                isLeapMonth: leap != 0))
            return 0
        } catch {
            write(error.message, to: message, capacity: capacity)
            return 1
        }
    }
}

/// Tools around policies (policy tests, coverage, explain) reach the generic state.
extension PolicyLuaState {
}
