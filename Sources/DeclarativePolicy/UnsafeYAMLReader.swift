import CalendarCore
internal import CYAML

/// A YAML (or JSON) document read through libyaml's event parser into `YAMLNode`s, under
/// `YAMLLimits`. Only events are used, never libyaml's document loader or a resolver: each scalar
/// keeps its raw text and quoting, so no YAML 1.1 implicit type (`NO`, `0755`, `15:00`) can
/// happen. Anchors, aliases and tags are refused where they appear: an alias could make a small
/// file a large document, and a tag names a type the schema does not have.
enum UnsafeYAMLReader {
    /// A mapping or list being read. A class, so appending to its entries mutates them in place
    /// (an enum's payload taken out and put back copied the array on every append: quadratic).
    private final class Frame {
        let mark: SourceMark
        let isMapping: Bool
        var items: [YAMLNode] = []
        var entries: [(key: String, keyMark: SourceMark, value: YAMLNode)] = []
        var keys: Set<String> = []
        var pendingKey: (String, SourceMark)?

        init(mapping: Bool, at mark: SourceMark) {
            (isMapping, self.mark) = (mapping, mark)
        }
    }

    static func read(_ bytes: [UInt8], limits: YAMLLimits = .init()) throws(DeclarativeProblem) -> YAMLNode {
        guard bytes.count <= limits.maxBytes else {
            throw DeclarativeProblem("", "file is \(bytes.count) bytes; a declarative policy is at most \(limits.maxBytes)",
                                     at: nil)
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw DeclarativeProblem("", "cannot start the YAML parser (out of memory)", at: nil)
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DeclarativeProblem) -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try events(&parser, limits: limits)
        }
    }

    private static func mark(_ mark: yaml_mark_t) -> SourceMark {
        SourceMark(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func events(_ parser: inout yaml_parser_t, limits: YAMLLimits) throws(DeclarativeProblem) -> YAMLNode {
        var stack: [Frame] = []
        var root: YAMLNode?
        var documents = 0
        var nodes = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) != 0 else {
                let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
                throw DeclarativeProblem("", problem, at: mark(parser.problem_mark))
            }
            defer { yaml_event_delete(&event) }
            let at = mark(event.start_mark)
            var finished: YAMLNode?
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                guard let root else { throw DeclarativeProblem("", "empty file; expected a mapping of policy keys", at: at) }
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else { throw DeclarativeProblem("", "a policy file holds one document", at: at) }
                continue
            case YAML_ALIAS_EVENT:
                throw DeclarativeProblem("", "aliases (*name) are not allowed", at: at)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                try refuse(anchor: scalar.anchor, tag: scalar.tag, at: at)
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                finished = .scalar(text, quoted: scalar.style != YAML_PLAIN_SCALAR_STYLE, at)
            case YAML_SEQUENCE_START_EVENT:
                try refuse(anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, at: at)
                stack.append(Frame(mapping: false, at: at))
            case YAML_MAPPING_START_EVENT:
                try refuse(anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, at: at)
                stack.append(Frame(mapping: true, at: at))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { throw DeclarativeProblem("", "unbalanced YAML", at: at) }
                finished = frame.isMapping ? .mapping(frame.entries, frame.mark) : .sequence(frame.items, frame.mark)
            default:
                continue
            }
            if stack.count > limits.maxDepth {
                throw DeclarativeProblem("", "nested more than \(limits.maxDepth) levels deep", at: at)
            }
            guard let node = finished else { continue }
            nodes += 1
            if nodes > limits.maxNodes { throw DeclarativeProblem("", "more than \(limits.maxNodes) values", at: at) }
            guard let top = stack.last else {
                root = node
                continue
            }
            if !top.isMapping {
                top.items.append(node)
            } else if let pending = top.pendingKey {
                top.entries.append((pending.0, pending.1, node))
                top.pendingKey = nil
            } else {
                guard case .scalar(let key, _, let keyMark) = node else {
                    throw DeclarativeProblem("", "a key must be a plain name, not \(node.kindName)", at: node.mark)
                }
                guard top.keys.insert(key).inserted else {
                    throw DeclarativeProblem(InputEcho.cut(key), "duplicate key", at: keyMark)
                }
                top.pendingKey = (key, keyMark)
            }
        }
    }

    private static func refuse(anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
                               at mark: SourceMark) throws(DeclarativeProblem) {
        if let tag {
            let name = InputEcho.cut(String(cString: UnsafeRawPointer(tag).assumingMemoryBound(to: CChar.self)))
            throw DeclarativeProblem("", "tags (\(name)) are not allowed", at: mark)
        }
        if anchor != nil { throw DeclarativeProblem("", "anchors (&name) are not allowed", at: mark) }
    }
}
