import CalendarData
import CalPolicyRequests
import Foundation

/// `serve --bundle` at start: the state folder prepared, the key read, and the stacks taken
/// from the persisted active bundle when there is one (re-read under the reading rules and the
/// key, its files on disk checked against their digests), so a replica restarted while the
/// bundle server is down answers at once. Without one, the stacks the manifest format always
/// names (`default`) start empty and refused: `/ready` is 503 and decisions answer `no_bundle`
/// until a first bundle is live (fail closed).
struct BundleStartup {
    let source: BundleSource
    let store: BundleStore
    let publicKey: [UInt8]?
    let state: BundleState
    /// The revision the persisted bundle carries, when the start took it.
    let persistedRevision: String?

    static func prepare(_ configuration: inout ServeConfiguration) -> Result<BundleStartup, ServeStateError> {
        guard let source = configuration.bundle, let stateDir = configuration.stateDir else {
            return .failure(ServeStateError("--bundle needs --state-dir DIR"))
        }
        let store = BundleStore(stateDir: stateDir)
        do {
            try ServeStateDirectory.prepare(stateDir)
            try store.prepare()
        } catch {
            return .failure(error)
        }
        var publicKey: [UInt8]?
        if let file = source.publicKeyFile {
            do { publicKey = try BundleKeys.publicKey(file) } catch {
                return .failure(ServeStateError("--bundle-public-key: \(error.line)"))
            }
        } else {
            ServerEvent.log("bundle_unsigned", "calpolicy-serve: --bundle without --bundle-public-key: bundles are not "
                            + "signature-checked, only read under the reading rules and their manifest's digests")
        }
        let state = BundleState(url: source.url, signed: publicKey != nil)
        var revision: String?
        switch store.persisted(publicKey: publicKey) {
        case .success(let found):
            configuration.stacks = store.stacks(found.contents, in: found.name).map { .init(name: $0.name, paths: $0.paths) }
            revision = found.contents.manifest.revision
            state.activated(revision: found.contents.manifest.revision, digest: found.digest,
                            tzdata: found.contents.manifest.tzdata, holidays: found.contents.manifest.holidays,
                            at: nil, persisted: true)
            ServerEvent.log("bundle_persisted", "calpolicy-serve: starting from the persisted bundle revision "
                            + "\(found.contents.manifest.revision)", [("revision", LogJSON.text(found.contents.manifest.revision))])
        case .failure(let problem):
            configuration.stacks = emptyStacks
            if store.activeName() != nil {
                ServerEvent.log("bundle_persisted_refused", "calpolicy-serve: the persisted bundle is not used: \(problem.message)")
            }
        }
        return .success(BundleStartup(source: source, store: store, publicKey: publicKey, state: state,
                                      persistedRevision: revision))
    }

    /// What serves before any bundle: the stack every manifest names, with no policy (refused).
    static let emptyStacks = [ServeConfiguration.Stack(name: "default", paths: [])]
}
