import CalendarData
import Foundation
import MHDHost

/// `--tls-cert`/`--tls-key` (and `--tls-client-ca`): the certificate read, checked (PEM, the key
/// matching, valid now) and installed at start, where any fault is one line and exit 2; then
/// looked at on every housekeeping turn and on SIGHUP: a changed pair (cert-manager rotates the
/// files in place) is installed for the next handshakes without dropping a connection, and a
/// pair that fails the checks is logged while the old one keeps serving.
final class ServeTLS: @unchecked Sendable {
    let certificate: String
    let key: String
    /// The client CA's PEM (`--tls-client-ca`), read once at start.
    let settings: TLSSettings
    private let lastKeys = LockedValue<[FileKey?]>([])

    /// A certificate and key are a few KiB; a CA bundle may be larger.
    static let limit = 1 << 20

    init(certificate: String, key: String, clientCA: String?) throws(ServeTLSError) {
        self.certificate = certificate
        self.key = key
        var caText: String?
        if let clientCA {
            do { caText = try RegularFile.text(clientCA, limit: Self.limit) } catch {
                throw ServeTLSError("--tls-client-ca: \(clientCA): \(error.description)")
            }
            guard caText?.contains("-----BEGIN CERTIFICATE-----") == true else {
                throw ServeTLSError("--tls-client-ca: \(clientCA): not a PEM certificate")
            }
        }
        settings = TLSSettings(clientCA: caText)
        try install()
    }

    /// Reads and installs the pair; throws (the old pair stays) when it cannot be used.
    func install() throws(ServeTLSError) {
        let keys = [FileKey.of(certificate), FileKey.of(key)]
        let pem: [UInt8], secret: [UInt8]
        do { pem = try RegularFile.read(certificate, limit: Self.limit) } catch {
            throw ServeTLSError("--tls-cert: \(certificate): \(error.description)")
        }
        do { secret = try RegularFile.read(key, limit: Self.limit) } catch {
            throw ServeTLSError("--tls-key: \(key): \(error.description)")
        }
        do {
            try TLSCertificate.install(certificate: pem, key: secret, now: Clock.local.now())
        } catch {
            lastKeys.withLock { $0 = keys } // not retried every turn: the next change is
            throw ServeTLSError("--tls-cert: \(certificate): \(error.description)")
        }
        lastKeys.withLock { $0 = keys }
    }

    /// On a housekeeping turn (or SIGHUP: `force`): installs the pair again when a file changed.
    func refresh(force: Bool = false) {
        let keys = [FileKey.of(certificate), FileKey.of(key)]
        guard force || lastKeys.withLock({ $0 != keys }) else { return }
        do {
            try install()
            ServerEvent.log("tls", "calpolicy-serve: TLS certificate \(certificate) installed for new connections")
        } catch {
            ServerEvent.log("error", "calpolicy-serve: \(error.message); the old certificate keeps serving")
        }
    }
}

/// Why TLS cannot start (one line, exit 2) or a new pair was refused (logged).
struct ServeTLSError: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
