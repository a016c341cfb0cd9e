import Foundation
import Testing
@testable import CalPolicyServer

/// `APIError` is the one table of error codes, and docs/http-api.md's "Errors" table documents
/// it: every code with the status it is sent with, and no code the server does not send.
@Suite struct APIErrorDocsTests {
    static let root = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound))

    /// The rows of the "Errors" table: (status, codes of the row).
    static func documented() throws -> [(status: Int, codes: [String])] {
        let text = try String(contentsOfFile: root + "/docs/http-api.md", encoding: .utf8)
        guard let start = text.range(of: "\n## Errors\n") else { return [] }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var rows: [(Int, [String])] = []
        for line in section[..<end].split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 2, let status = Int(cells[1]) else { continue }
            // The codes are the backquoted words of the second cell (`not_found`, `unknown_stack`).
            let codes = cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            rows.append((status, codes))
        }
        return rows
    }

    @Test func everyCodeIsDocumentedWithItsStatus() throws {
        let rows = try Self.documented()
        #expect(!rows.isEmpty, "docs/http-api.md has no Errors table")
        for error in APIError.allCases {
            let statuses = rows.filter { $0.codes.contains(error.code) }.map(\.status)
            #expect(!statuses.isEmpty, "\(error.code) is not in docs/http-api.md's Errors table")
            #expect(statuses.allSatisfy { $0 == error.status },
                    "\(error.code) is sent with \(error.status), documented with \(statuses)")
        }
    }

    @Test func everyDocumentedCodeIsSent() throws {
        let known = Set(APIError.allCases.map(\.code))
        for row in try Self.documented() {
            for code in row.codes {
                #expect(known.contains(code), "docs/http-api.md documents '\(code)', which APIError does not hold")
            }
        }
    }
}
