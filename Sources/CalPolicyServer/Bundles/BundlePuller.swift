import CalendarData
import CalPolicyRequests
import Foundation
import Glibc
import HTTPClient
import Rendering
import Synchronization

/// `serve --bundle URL`: pulls the bundle again and again (a random wait between `--bundle-poll`'s
/// MIN and MAX, so a fleet does not ask in step), with `If-None-Match` (a 304 costs nothing),
/// bounded in size and time. A new bundle goes live only when it passes, in this order: the
/// reading rules (`BundleContents`: names, links, sizes, every digest, exactly the manifest's
/// files), the signature (with `--bundle-public-key`), the same stack names as served, written
/// under the state folder, then the stack reload every edit takes (every policy loads, the sample
/// days answer, and with `--gate-tests` the tests pass). Anything else: one log line, the failure
/// in `BundleState`, and the bundle answering before keeps answering.
final class BundlePuller: @unchecked Sendable {
    let source: BundleSource
    let publicKey: [UInt8]?
    let store: BundleStore
    let registry: StackRegistry
    let state: BundleState
    let client = HTTPClient()
    /// The largest archive the reading rules take.
    static let maxBytes = 256 << 20
    private let running = Atomic<Bool>(true)
    private let wake = DispatchSemaphore(value: 0)
    /// The ETag of the bundle answering, sent as `If-None-Match`.
    private var etag: String?
    /// The digest of the last archive refused: the same bytes again are not tried again.
    private var refusedDigest: String?
    /// Its ETag: sent too, so a bundle server still offering it answers 304, not the bytes again.
    private var refusedETag: String?

    init(source: BundleSource, publicKey: [UInt8]?, store: BundleStore, registry: StackRegistry, state: BundleState) {
        self.source = source
        self.publicKey = publicKey
        self.store = store
        self.registry = registry
        self.state = state
    }

    func stop() {
        running.store(false, ordering: .releasing)
        wake.signal()
    }

    /// The first pull at once, then one after each random wait, until `stop`.
    func loop() {
        while running.load(ordering: .acquiring) {
            pull()
            let seconds = Double.random(in: Double(source.pollMin)...Double(source.pollMax))
            _ = wake.wait(timeout: .now() + seconds)
        }
    }

    /// One pull: ask, and activate what came if it is new and passes.
    func pull() {
        state.requested(at: Clock.date())
        var request = HTTPRequest(url: source.url, timeout: .seconds(60), connectTimeout: .seconds(5),
                                  maxResponseBytes: Self.maxBytes)
        let known = [state.isActive ? etag : nil, refusedETag].compactMap { $0 }
        if !known.isEmpty { request.headers.append(HTTPHeader(name: "If-None-Match", value: known.joined(separator: ", "))) }
        let response: HTTPResponse
        do { response = try client.send(request) } catch {
            switch error {
            case .timedOut: fail("timed_out", "the download did not finish within 60 s")
            case .responseTooLarge(let limit): fail("too_large", "the bundle is larger than \(limit) bytes")
            case .invalidURL(let reason): fail("download_failed", "the URL is refused: \(reason)")
            case .transport(let message): fail("download_failed", message)
            }
            return
        }
        if response.status == 304 { return }
        guard response.status == 200 else {
            fail("http_status", "the bundle server answered \(response.status)", httpStatus: response.status)
            return
        }
        state.downloaded(at: Clock.date())
        let digest = SHA256.hex(response.body)
        if digest == state.snapshot.activeDigest {
            etag = response.headers["etag"]
            return
        }
        if digest == refusedDigest { return }
        if let problem = activate(response.body, digest: digest) {
            refusedDigest = digest
            refusedETag = response.headers["etag"]
            fail(problem.code, problem.message)
            return
        }
        (refusedDigest, refusedETag) = (nil, nil)
        etag = response.headers["etag"]
    }

    /// Why `archive` cannot go live (a failure code and its line), or nil once it is live.
    func activate(_ archive: [UInt8], digest: String) -> (code: String, message: String)? {
        let contents: BundleContents
        do {
            contents = try BundleContents.parse(archive, subject: "bundle")
        } catch {
            return ("rejected", error.line)
        }
        if let publicKey {
            do { try BundleSigning.check(contents, subject: "bundle", publicKey: publicKey) } catch {
                return ("signature", error.line)
            }
        }
        let named = Set(contents.manifest.stacks.map(\.name))
        guard named == registry.stackNames else {
            return ("stacks_changed", "the bundle's stacks (\(named.sorted().joined(separator: ", "))) are not the ones served "
                    + "(\(registry.stackNames.sorted().joined(separator: ", "))); a restart takes new stacks")
        }
        let name = BundleStore.name(digest: digest)
        let previous = store.activeName()
        do { try store.write(contents, archive: archive, name: name) } catch {
            return ("state_dir", error.message)
        }
        let revision = contents.manifest.revision
        if let refusal = registry.activate(store.stacks(contents, in: name), revision: revision, why: "bundle \(revision)") {
            if name != previous { store.remove(name) }
            return ("activation_refused", "revision \(revision): \(refusal)")
        }
        do { try store.markActive(name) } catch {
            ServerEvent.log("error", "calpolicy-serve: --bundle: \(error.message); a restart will not find this revision")
        }
        store.prune(keeping: [name])
        state.activated(revision: revision, digest: digest, tzdata: contents.manifest.tzdata,
                        holidays: contents.manifest.holidays, at: Clock.date(), persisted: false)
        ServerEvent.log("bundle_activated", "calpolicy-serve: bundle revision \(revision) is live",
                        [("revision", LogJSON.text(revision)), ("sha256", .string(digest))])
        return nil
    }

    private func fail(_ code: String, _ message: String, httpStatus: Int? = nil) {
        state.failed(BundleState.Failure(code: code, message: message, httpStatus: httpStatus, at: Clock.date()))
        let live = state.snapshot.activeRevision.map { "revision \($0) keeps answering" } ?? "no bundle is active yet"
        var fields: [(String, JSONValue)] = [("code", .string(code)), ("error", LogJSON.text(message))]
        if let httpStatus { fields.append(("httpStatus", .int(httpStatus))) }
        ServerEvent.log("bundle_refused", "calpolicy-serve: --bundle: \(code): \(message); \(live)", fields)
    }
}
