import Foundation
import Testing
@testable import CalPolicyRequests

/// The selecting review reader (only the fields a decision needs built, the rest skipped)
/// against the full-tree reader it replaced: over the admission fixtures and generated variants
/// of them (keys reordered, fields added, strings spelled with \u escapes, nested arrays,
/// duplicate names, deep nesting, bad bytes and cut-off documents), both give the same answer:
/// the same fields, labels, annotations and action, or the same refusal at the same byte.
@Suite struct AdmissionReviewSelectionTests {
    static let folder = "Tests/fixtures/admission/reviews/"

    static func fixtures() throws -> [(String, [UInt8])] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, Array(try Data(contentsOf: URL(fileURLWithPath: folder + $0))))
        }
    }

    /// What a decision takes from a review, or the refusal.
    enum Answer: Equatable {
        case review(fields: [String?], dryRun: Bool, labels: [String: String], annotations: [String: String], action: String)
        case refused(AdmissionReviewProblem)
    }

    static func answer(_ bytes: [UInt8], fullTree: Bool) -> Answer {
        do {
            let review = try AdmissionReview.read(bytes, fullTree: fullTree)
            return .review(fields: [review.uid, review.operation.rawValue, review.kind, review.subResource, review.namespace,
                                    review.name, review.username],
                           dryRun: review.dryRun, labels: review.labels, annotations: review.annotations,
                           action: AdmissionAction.of(review))
        } catch {
            return .refused(error)
        }
    }

    /// A small deterministic generator (the corpus is the same on every run).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// How a variant is written.
    struct Style {
        var shuffle = false, escapes = false, extras = false, duplicates = false, spaces = false
    }

    static func write(_ node: JSONNode, _ style: Style, _ random: inout Generator, depth: Int = 0) -> String {
        switch node {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value, let integer):
            if integer, let whole = Int64(exactly: value) {
                return random.chance(style.escapes ? 20 : 0) ? "\(whole).0" : "\(whole)"
            }
            return "\(value)"
        case .string(let text): return string(text, style, &random)
        case .array(let items):
            var parts = items.map { write($0, style, &random, depth: depth + 1) }
            if style.extras, depth < 20, random.chance(15) { parts.append(#"[[1, [true, null, "\u00e9"]], {"x": [[]]}]"#) }
            return "[" + parts.joined(separator: style.spaces ? " , " : ",") + "]"
        case .object(let fields):
            var pairs = fields.map { (string($0.key, style, &random), write($0.value, style, &random, depth: depth + 1)) }
            pairs.sort { $0.0 < $1.0 }
            if style.duplicates {
                // An earlier field of the same name with another value: the last one counts.
                for (key, _) in pairs where random.chance(20) { pairs.insert((key, #"{"shadowed": [1, 2]}"#), at: 0) }
            }
            if style.extras, depth < 20, random.chance(40) {
                pairs.append((#""extra\u0041""#, #"{"list": [1, -2.5e3, "x\ud83d\ude00", {"deep": [[[{}]]]}], "flag": false}"#))
            }
            if style.shuffle {
                for index in pairs.indices.reversed() where index > 0 { pairs.swapAt(index, random.below(index + 1)) }
            }
            let separator = style.spaces ? " :\n\t" : ":"
            return "{" + pairs.map { $0.0 + separator + $0.1 }.joined(separator: style.spaces ? " ,\r\n " : ",") + "}"
        }
    }

    static func string(_ text: String, _ style: Style, _ random: inout Generator) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { out += "\\\"" } else if scalar == "\\" { out += "\\\\" } else if scalar.value < 0x20 || (style.escapes && random.chance(25)) {
                if scalar.value > 0xFFFF {
                    let value = scalar.value - 0x10000
                    out += String(format: "\\u%04x\\u%04X", 0xD800 + (value >> 10), 0xDC00 + (value & 0x3FF))
                } else {
                    out += String(format: random.chance(50) ? "\\u%04x" : "\\u%04X", scalar.value)
                }
            } else if style.escapes && scalar == "/" && random.chance(50) { out += "\\/" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "\""
    }

    /// Damage that every reader must refuse, or at least read the same way, placed anywhere.
    static let damage: [[UInt8]] = [
        Array(#""\x""#.utf8), Array(#""\ud800""#.utf8), Array(#""\u12g4""#.utf8), [0x22, 0x01, 0x22], [0x22, 0xC3, 0x28, 0x22],
        [0x22, 0xFF, 0x22], Array("01".utf8), Array("1.".utf8), Array("1e".utf8), Array("-".utf8), Array("1e999".utf8),
        Array("12345678901234567890".utf8), Array("tru".utf8), Array("nul".utf8), Array("{,}".utf8), Array("[1,]".utf8),
        Array(#"{"a" 1}"#.utf8), Array(String(repeating: "[", count: 40).utf8), Array("}".utf8), Array(",".utf8),
    ]

    static func corpus() throws -> [[UInt8]] {
        var random = Generator(state: 48)
        var corpus: [[UInt8]] = []
        for (_, bytes) in try fixtures() {
            corpus.append(bytes)
            guard let node = try? JSONLineReader.read(bytes, in: 0..<bytes.count) else { continue }
            let styles = [
                Style(), Style(shuffle: true), Style(escapes: true), Style(extras: true), Style(duplicates: true),
                Style(spaces: true), Style(shuffle: true, escapes: true, extras: true, duplicates: true, spaces: true),
            ]
            for style in styles {
                for _ in 0..<3 { corpus.append(Array(write(node, style, &random).utf8)) }
            }
            let plain = Array(write(node, Style(shuffle: true), &random).utf8)
            // Cut off anywhere, and a piece of damage at a value's start or anywhere at all.
            for _ in 0..<12 { corpus.append(Array(plain[..<random.below(plain.count)])) }
            let starts = plain.indices.filter { plain[$0] == UInt8(ascii: ":") }
            for piece in damage {
                var inValue = plain, anywhere = plain
                let start = starts[random.below(starts.count)] + 1
                inValue.insert(contentsOf: piece, at: start)
                corpus.append(inValue)
                anywhere.insert(contentsOf: piece, at: random.below(anywhere.count))
                corpus.append(anywhere)
            }
        }
        return corpus
    }

    @Test func theSelectingReaderAnswersAsTheFullTreeReader() throws {
        let corpus = try Self.corpus()
        #expect(corpus.count > 900)
        var refused = 0
        for bytes in corpus {
            let full = Self.answer(bytes, fullTree: true), selecting = Self.answer(bytes, fullTree: false)
            #expect(full == selecting, "\(String(decoding: bytes.prefix(400), as: UTF8.self))")
            if case .refused = full { refused += 1 }
        }
        // Both sides of the corpus are exercised: reviews read and reviews refused.
        #expect(refused > 200 && refused < corpus.count - 100)
    }

    /// Deep nesting, bad strings and numbers inside fields the reader skips are refused as before.
    @Test func skippedFieldsAreCheckedAsStrictly() throws {
        let head = #"{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u","operation":"CREATE","kind":{"kind":"Pod"},"object":{"metadata":{},"status":"#
        for (inner, message) in [
            (String(repeating: "[", count: 33) + String(repeating: "]", count: 33), "nested deeper than 32"),
            (#""\q""#, "a bad escape in a string"), ("\"\u{01}\"", "a control character in a string"),
            (#""\ud800x""#, "a lone surrogate in a string"), ("012", "expected a value"), ("1.e", "expected digits after '.'"),
        ] {
            let bytes = Array((head + inner + "}}}").utf8)
            guard case .refused(let problem) = Self.answer(bytes, fullTree: false),
                  case .notJSON(let detail) = problem.fault else { Issue.record("read: \(inner)"); continue }
            #expect(detail.hasPrefix(message), "\(inner): \(detail)")
            #expect(Self.answer(bytes, fullTree: true) == .refused(problem))
        }
        var invalidUTF8 = Array((head + "\"").utf8)
        invalidUTF8 += [0xC3, 0x28, 0x22, 0x7D, 0x7D, 0x7D]
        #expect(Self.answer(invalidUTF8, fullTree: false) == Self.answer(invalidUTF8, fullTree: true))
        #expect(Self.answer(invalidUTF8, fullTree: false) != .refused(AdmissionReviewProblem(.notAnObject)))
    }
}
