// A booking flow on CalendarCore alone: a guest picks a stay as a range of nights,
// and no stay may cross the hotel's maintenance blackout or include a past day.
//
// Run: swift run BookingFlow
// The same rules can live in a Lua policy file instead of Swift; see examples/*.sh.
import CalendarCore

/// Days the hotel is closed, as data an operator edits.
struct BlackoutPolicy: DayPolicy {
    let name = "maintenance-blackout"
    let closed: DaySpan
    let label: String

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        closed.contains(day) ? .denied(reason: "\(label) (\(closed.first.iso)...\(closed.last.iso))") : .allowed
    }

    func decoration(for day: Day, context: PolicyContext) throws -> Decoration? {
        closed.contains(day) ? Decoration(kind: .default, label: label, color: "gray") : nil
    }
}

func day(_ iso: String) -> Day {
    // Example input is fixed and valid; a real app shows DayError's description to the user.
    (try? Day(iso: iso)) ?? Day(dayNumber: 0)
}

let today = day("2026-12-01")
let blackout = BlackoutPolicy(closed: DaySpan(day("2026-12-14"), day("2026-12-17")), label: "closed for maintenance")
let stack = PolicyStack([blackout, BoundsPolicy(min: today)])
var picker = SelectionController(mode: .range, stack: stack, context: PolicyContext(today: today),
                                 limits: SelectionLimits(minLength: 2, maxLength: 14))

/// Replays what a guest taps and prints what the app would show.
@MainActor func tap(_ iso: String) {
    do {
        let result = try picker.tap(day(iso))
        if result.accepted {
            if let pending = result.pending {
                print("tap \(iso): check-in \(pending.iso) chosen; now pick check-out")
            } else {
                let nights = result.selection
                let range = nights.first.map { "\($0.iso)...\(nights.last?.iso ?? $0.iso)" } ?? "nothing"
                print("tap \(iso): booked \(range) (\(nights.count) days)")
            }
        } else {
            print("tap \(iso): refused — \(result.reason ?? "not allowed")")
        }
    } catch {
        print("tap \(iso): the policy failed: \(error)")
    }
}

tap("2026-11-28")   // in the past: refused by the bounds policy
tap("2026-12-10")   // check-in
tap("2026-12-20")   // crosses the blackout: refused, check-in stays pending
tap("2026-12-12")   // 10th...12th: booked
tap("2026-12-18")   // a new check-in after the blackout
tap("2026-12-18")   // one day is shorter than the 2-day minimum: refused
tap("2026-12-22")   // 18th...22nd: booked
