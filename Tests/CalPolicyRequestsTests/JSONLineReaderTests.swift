import Foundation
import Testing
@testable import CalPolicyRequests

/// The reader of stored-selection lines, against Foundation's JSONSerialization as the oracle:
/// the same texts accepted, the same values read.
@Suite struct JSONLineReaderTests {
    /// Foundation's value as a `JSONNode` (its booleans are NSNumbers of type "c").
    static func node(_ value: Any) -> JSONNode {
        switch value {
        case is NSNull: return .null
        case let text as String: return .string(text)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue, integer: true)
        case let list as [Any]: return .array(list.map(node))
        case let object as [String: Any]: return .object(object.mapValues(node))
        default: return .null
        }
    }

    /// Integer-ness is the reader's own (Foundation does not say): compare numbers by value.
    static func loose(_ node: JSONNode) -> JSONNode {
        switch node {
        case .number(let value, _): .number(value, integer: true)
        case .array(let items): .array(items.map(loose))
        case .object(let fields): .object(fields.mapValues(loose))
        default: node
        }
    }

    static let valid = [
        #"{"id": "b-1", "mode": "multiple", "selection": ["2026-12-24", "2026-12-28"], "pending": null, "taps": []}"#,
        #"{"a": [1, -2, 3.5, 1e3, -0.25E-2, 0], "b": {"c": [true, false, null, {}]}, "d": []}"#,
        #"  {"esc": "q\"b\\s\/n\n\t\r\b\f u\u00e9\ud83d\ude00 \u2028"}  "#,
        #""just a string""#, "42", "[]", #"{"ü": "日本"}"#,
    ]

    static let invalid = [
        "", "{", "[1, 2", #"{"a" 1}"#, "01", "1.", "-", "1e", "+1", "tru", "nul", #"{"a": 1} x"#,
        "\"tab\there\"", #""\x""#, #""\u12g4""#, "'single'", "{a: 1}", "NaN", "[1 2]", "\"unterminated",
    ]

    @Test func readsWhatFoundationReads() throws {
        for text in Self.valid {
            let expected = Self.node(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
            #expect(Self.loose(try JSONLineReader.read(text)) == expected, "\(text)")
        }
    }

    @Test func refusesWhatFoundationRefuses() {
        for text in Self.invalid {
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) == nil, "\(text)")
            #expect(throws: JSONLineReader.Problem.self, "\(text)") { try JSONLineReader.read(text) }
        }
    }

    /// Stricter than Foundation: a trailing comma (Foundation takes it) and lone surrogates.
    @Test func refusesTrailingCommasAndLoneSurrogates() {
        for text in [#"{"a": 1,}"#, "[1,]", #""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#] {
            #expect(throws: JSONLineReader.Problem.self, "\(text)") { try JSONLineReader.read(text) }
        }
    }

    @Test func integersAreToldFromOtherNumbers() throws {
        #expect(try JSONLineReader.read("[7, 7.0, 7e0, -3]")
            == .array([.number(7, integer: true), .number(7, integer: false), .number(7, integer: false),
                       .number(-3, integer: true)]))
    }

    @Test func nestingIsCapped() {
        #expect(throws: JSONLineReader.Problem.self) {
            try JSONLineReader.read(String(repeating: "[", count: 40) + String(repeating: "]", count: 40))
        }
        #expect((try? JSONLineReader.read(String(repeating: "[", count: 20) + String(repeating: "]", count: 20))) != nil)
    }

    @Test func aLineIsReadWithinItsRange() throws {
        let bytes = Array("{\"a\": 1}\n[2]\n".utf8)
        #expect(try JSONLineReader.read(bytes, in: 9..<12) == .array([.number(2, integer: true)]))
        #expect(throws: JSONLineReader.Problem.self) { try JSONLineReader.read(bytes, in: 0..<12) }
    }
}
