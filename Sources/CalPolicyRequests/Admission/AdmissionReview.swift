import CalendarCore

/// The fields of an `admission.k8s.io/v1` `AdmissionReview` a decision needs, picked out of the
/// strict reader (`JSONLineReader`), which builds only those (`selection`) and skips the rest: no
/// Foundation object tree, no field beyond these looked at. The object itself is kept only as the
/// subtrees the labels, annotations and action are told from.
public struct AdmissionReview: Sendable {
    public enum Operation: String, Sendable {
        case create = "CREATE", update = "UPDATE", delete = "DELETE", connect = "CONNECT"
    }

    public var uid: String
    public var operation: Operation
    /// `request.kind.kind` (`Deployment`), and `request.subResource` (`scale`) when given.
    public var kind: String
    public var subResource: String?
    public var namespace: String?
    public var name: String?
    /// `request.userInfo.username`.
    public var username: String?
    public var dryRun: Bool
    /// `request.object`, and `request.oldObject` (UPDATE and DELETE); `.null` when absent.
    public var object: JSONNode
    public var oldObject: JSONNode

    /// The object the request is about: the new one, or on DELETE the one going away.
    public var subject: JSONNode { object == .null ? oldObject : object }

    /// `metadata.labels` of the subject (string values only: the API server allows no other).
    public var labels: [String: String] { Self.strings(subject[path: ["metadata", "labels"]]) }
    /// `metadata.annotations` of the subject.
    public var annotations: [String: String] { Self.strings(subject[path: ["metadata", "annotations"]]) }

    static let apiVersion = "admission.k8s.io/v1"

    /// What of a review `read` builds: the fields below, and of the object and old object only
    /// the labels, the annotations and the spec the action is told from. The rest (managedFields,
    /// status, most of the metadata) is checked as strictly but never built.
    static let selection: JSONSelection = {
        let object = JSONSelection.fields(["metadata": .fields(["labels": .all, "annotations": .all]), "spec": .all])
        let request = JSONSelection.fields([
            "uid": .all, "operation": .all, "kind": .fields(["kind": .all]), "subResource": .all, "namespace": .all,
            "name": .all, "userInfo": .fields(["username": .all]), "dryRun": .all, "object": object, "oldObject": object,
        ])
        return .fields(["apiVersion": .all, "kind": .all, "request": request])
    }()

    /// The review `bytes` hold, or why not (with the uid when it could be read, so the answer can
    /// still be a refusal the API server matches to its request).
    public static func read(_ bytes: [UInt8]) throws(AdmissionReviewProblem) -> AdmissionReview {
        try read(bytes, fullTree: false)
    }

    /// `fullTree`: build the whole document's tree first, as the reader did before it selected
    /// (the reference the selecting read is tested and measured against).
    public static func read(_ bytes: [UInt8], fullTree: Bool) throws(AdmissionReviewProblem) -> AdmissionReview {
        let root: JSONNode
        do {
            root = fullTree ? try JSONLineReader.read(bytes, in: 0..<bytes.count)
                : try JSONLineReader.read(bytes, in: 0..<bytes.count, keeping: selection)
        } catch {
            throw AdmissionReviewProblem(.notJSON("\(error.message) at byte \(error.offset)"))
        }
        guard case .object(let top) = root else { throw AdmissionReviewProblem(.notAnObject) }
        // The uid first: every later problem is answered as a refusal carrying it.
        var uid: String?
        if case .object(let request)? = top["request"], case .string(let text)? = request["uid"], !text.isEmpty {
            uid = text
        }
        func fail(_ fault: AdmissionReviewProblem.Fault) -> AdmissionReviewProblem { AdmissionReviewProblem(uid: uid, fault) }
        guard case .string(let version)? = top["apiVersion"], version == apiVersion else {
            throw fail(.wrongAPIVersion(top["apiVersion"]?.text))
        }
        guard case .string("AdmissionReview")? = top["kind"] else { throw fail(.wrongKind(top["kind"]?.text)) }
        guard case .object(let request)? = top["request"] else { throw fail(.noRequest) }
        guard let uid else { throw fail(.noUID) }
        func string(_ path: [String], required: Bool = false) throws(AdmissionReviewProblem) -> String? {
            let node = root[path: ["request"] + path]
            if case .string(let text)? = node { return text }
            guard (node == nil || node == .null) && !required else {
                throw fail(.badField(path: "request." + path.joined(separator: "."), expected: "a string"))
            }
            return nil
        }
        let operationText = try string(["operation"], required: true) ?? ""
        guard let operation = Operation(rawValue: operationText) else { throw fail(.unknownOperation(operationText)) }
        let kind = try string(["kind", "kind"], required: true) ?? ""
        var dryRun = false
        switch request["dryRun"] {
        case .bool(let value)?: dryRun = value
        case nil, .null?: break
        default: throw fail(.badField(path: "request.dryRun", expected: "true or false"))
        }
        let object = request["object"] ?? .null, oldObject = request["oldObject"] ?? .null
        for (field, node) in [("object", object), ("oldObject", oldObject)] {
            if case .object = node { continue }
            guard node == .null else { throw fail(.badField(path: "request." + field, expected: "an object or null")) }
        }
        if operation == .update && (object == .null || oldObject == .null) {
            throw fail(.badField(path: "request.object and request.oldObject", expected: "objects on UPDATE"))
        }
        if object == .null && oldObject == .null && operation != .connect {
            throw fail(.badField(path: "request.object", expected: "an object"))
        }
        return AdmissionReview(uid: uid, operation: operation, kind: kind, subResource: try string(["subResource"]),
                               namespace: try string(["namespace"]), name: try string(["name"]),
                               username: try string(["userInfo", "username"]), dryRun: dryRun,
                               object: object, oldObject: oldObject)
    }

    /// The string values of an object node (labels, annotations); anything else is empty.
    static func strings(_ node: JSONNode?) -> [String: String] {
        guard case .object(let fields)? = node else { return [:] }
        return fields.compactMapValues { if case .string(let text) = $0 { text } else { nil } }
    }
}

extension JSONNode {
    /// The node at `path` of nested objects, nil where one is missing or not an object.
    subscript(path path: [String]) -> JSONNode? {
        var node = self
        for key in path {
            guard case .object(let fields) = node, let next = fields[key] else { return nil }
            node = next
        }
        return node
    }

    /// A string's text, or a short JSON-ish spelling of anything else (for a message).
    var text: String {
        switch self {
        case .string(let text): text
        case .number(let value, let integer): integer ? String(Int64(exactly: value) ?? 0) : String(value)
        case .bool(let value): String(value)
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
