import CalendarCore
internal import CPolicyBridge

/// Reading what C wrote for a day into CalendarCore's values: the strings are copied here,
/// before Lua runs again (they are anchored on the stack only until `cpb_call_finish`).
extension PolicyLuaState {
    /// What C wrote for one day, as CalendarCore's values (strings copied before Lua runs again).
    /// (By pointer: the record is a few hundred bytes.)
    /// Built in one piece: assigning each field of an empty answer destroyed the field's old
    /// value through an outlined call first (three per day of a long run).
    @inline(__always)
    static func answers(_ day: UnsafePointer<cpb_day_call>, asked: DayQuestions) -> DayAnswers {
        DayAnswers(select: asked.canSelect ? verdict(cpb_day_answer(day, 0)) : .allowed,
                   deselect: asked.canDeselect ? verdict(cpb_day_answer(day, 1)) : .allowed,
                   decoration: asked.decoration ? decoration(cpb_day_answer(day, 2)) : nil)
    }

    /// What C wrote for one day, into an answer that starts empty (both allowed, undecorated):
    /// only a refusal or a decoration is written (`held`), so an allowed day writes (and
    /// destroys) nothing.
    @inline(__always)
    static func write(_ day: UnsafePointer<cpb_day_call>, asked: DayQuestions, into answer: inout DayAnswers) {
        // Fields addressed by C's accessor (CPB_FN_* order), not key paths: this runs for every
        // day answered, and key-path metadata would cost every start.
        let held = held(day, asked: asked)
        if held & 1 != 0 { answer.select = verdict(cpb_day_answer(day, 0)) }
        if held & 2 != 0 { answer.deselect = verdict(cpb_day_answer(day, 1)) }
        if held & 4 != 0 { answer.decoration = decoration(cpb_day_answer(day, 2)) }
    }

    /// Whether a function the record asked refused or decorated: its answer is not empty.
    @inline(__always)
    static func refusesOrDecorates(_ day: UnsafePointer<cpb_day_call>) -> Bool {
        held(day, asked: DayQuestions(wants: day.pointee.wants)) != 0
    }

    /// Which of the `asked` functions refused (bits 1, 2) or decorated (bit 4), in `CPB_FN_*`
    /// order: the one test of what an answer holds.
    @inline(__always)
    private static func held(_ day: UnsafePointer<cpb_day_call>, asked: DayQuestions) -> Int32 {
        var held: Int32 = 0
        if asked.canSelect, day.pointee.select.allowed == 0 { held |= 1 }
        if asked.canDeselect, day.pointee.deselect.allowed == 0 { held |= 2 }
        if asked.decoration, day.pointee.decoration.has_decoration != 0 { held |= 4 }
        return held
    }

    /// Whether two records of one `answersForYear` call hold the same select and decoration
    /// answer field for field, texts by address (the bridge reads a table listed for many days
    /// once, so its days' records share their texts; equal texts at two addresses are merely
    /// read twice).
    @inline(__always)
    static func sameYearAnswer(_ a: UnsafePointer<cpb_day_call>, _ b: UnsafePointer<cpb_day_call>) -> Bool {
        let x = a.pointee.select, y = b.pointee.select
        guard x.allowed == y.allowed, x.reason == y.reason, x.reason_len == y.reason_len else { return false }
        let c = a.pointee.decoration, d = b.pointee.decoration
        guard c.has_decoration == d.has_decoration else { return false }
        if c.has_decoration == 0 { return true }
        return c.decoration_kind == d.decoration_kind && c.decoration_size == d.decoration_size
            && c.label == d.label && c.label_len == d.label_len && c.color == d.color && c.color_len == d.color_len
            && c.image == d.image && c.image_len == d.image_len
    }

    static func verdict(_ call: UnsafePointer<cpb_call>) -> Verdict {
        call.pointee.allowed != 0 ? .allowed : .denied(reason: text(call.pointee.reason, call.pointee.reason_len))
    }

    static func decoration(_ pointer: UnsafePointer<cpb_call>) -> Decoration? {
        guard pointer.pointee.has_decoration != 0 else { return nil }
        let call = pointer.pointee
        let kind: Decoration.Kind = switch call.decoration_kind {
        case 1: .image
        case 2: .custom
        default: .default
        }
        let size: Decoration.Size? = switch call.decoration_size {
        case 0: .small
        case 1: .medium
        case 2: .large
        default: nil
        }
        return Decoration(kind: kind, label: text(call.label, call.label_len), color: text(call.color, call.color_len),
                          image: text(call.image, call.image_len), size: size)
    }

    static func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}

extension DayQuestions {
    /// The questions a record's `wants` bits ask (`CPB_FN_*` order: 1, 2, 4).
    @inline(__always)
    init(wants: Int32) {
        self.init(canSelect: wants & 1 != 0, canDeselect: wants & 2 != 0, decoration: wants & 4 != 0)
    }
}
