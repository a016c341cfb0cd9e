import Testing
@testable import Rendering

@Suite struct JSONRecordDocumentTests {
    @Test func recordsAreOneLineEachHoweverDeepTheyNest() {
        let text = JSONRecordDocument.write(fields: [("from", .string("2027-01-01")), ("list", .array([.int(1)]))],
                                            listKey: "changes", records: [
                                                .object([("a", .object([("b", .object([("c", .null)]))]))]),
                                                .object([("a", .rows([.int(1), .int(2)]))]),
                                            ])
        #expect(text == """
        {
          "from": "2027-01-01",
          "list": [1],
          "changes": [
            {"a": {"b": {"c": null}}},
            {"a": [1, 2]}
          ]
        }

        """)
    }

    @Test func anEmptyListIsWrittenOpen() {
        let text = JSONRecordDocument.write(fields: [], listKey: "changes", records: [])
        #expect(text == "{\n  \"changes\": [\n  ]\n}\n")
    }

    @Test func aBufferSinkKeepsWhatRenderersWrite() {
        let buffer = DocumentBuffer()
        buffer.write("{")
        buffer.write(bytes: Array("}\n".utf8))
        #expect(buffer.text == "{}\n")
    }
}
