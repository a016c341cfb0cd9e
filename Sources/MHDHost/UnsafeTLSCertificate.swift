import CTLSCredentials
import Glibc

/// TLS for a daemon: what `HTTPDaemon.Configuration.tls` holds (the client CA of mutual TLS),
/// and the certificate every TLS daemon of the process serves, installed and replaced here
/// (`--tls-cert`/`--tls-key`, re-read on SIGHUP and when the files change) without a restart:
/// the next handshake gets the new pair, connections already open keep theirs.
public struct TLSSettings: Sendable {
    /// PEM of the CA client certificates must chain to (`--tls-client-ca`); nil: no client certificates.
    public var clientCA: String?

    public init(clientCA: String? = nil) { self.clientCA = clientCA }
}

public enum TLSCertificate {
    /// Checks the PEM pair (parses, key matches, valid now) and, unless `checkOnly`, makes it the
    /// one new handshakes get. A refused pair leaves the current one serving.
    public static func install(certificate: [UInt8], key: [UInt8], now: Int64, checkOnly: Bool = false) throws(HTTPDaemonError) {
        var message = [CChar](repeating: 0, count: 512)
        let result = certificate.withUnsafeBufferPointer { cert in
            key.withUnsafeBufferPointer { key in
                cert.withMemoryRebound(to: CChar.self) { cert in
                    key.withMemoryRebound(to: CChar.self) { key in
                        ctc_load(cert.baseAddress, cert.count, key.baseAddress, key.count, now, checkOnly ? 0 : 1,
                                 &message, message.count)
                    }
                }
            }
        }
        guard result == 0 else { throw HTTPDaemonError(String(cString: message)) }
    }

    /// When the certificate serving now expires (seconds since the epoch; nil: none installed).
    public static var expires: Int64? {
        let value = ctc_expires()
        return value > 0 ? Int64(value) : nil
    }

    /// Nil when the session's client presented a certificate that verifies against the client
    /// CA; else why not (one line for the 403).
    static func clientRefusal(_ session: UnsafeMutableRawPointer?) -> String? {
        var message = [CChar](repeating: 0, count: 512)
        guard ctc_client_verified(session, &message, message.count) != 0 else { return nil }
        return String(cString: message)
    }
}
