/* The server's TLS certificate, swappable while it serves (cert-manager rotates the files in
 * place): libmicrohttpd 0.9.75 takes a certificate only at start, so it is handed ours through
 * its certificate callback (MHD_OPTION_HTTPS_CERT_CALLBACK), which reads the current pair here
 * on every handshake. GnuTLS is called from this one small shim; MHDHost (Swift) sees only it. */
#ifndef CTLS_CREDENTIALS_H
#define CTLS_CREDENTIALS_H
#include <stddef.h>

/* Checks a PEM certificate chain and key and, when `install` is set, makes them the pair new
 * handshakes get. 0 on success; otherwise a one-line reason in `message` (`capacity` bytes):
 * not PEM, a key that does not match the certificate, a certificate not yet valid or expired at
 * `now` (seconds since the epoch). A refused pair leaves the current one serving. */
int ctc_load(const char *cert, size_t cert_length, const char *key, size_t key_length, long long now, int install,
             char *message, size_t capacity);

/* The certificate callback for libmicrohttpd (a gnutls_certificate_retrieve_function2). */
void *ctc_retrieve_function(void);

/* Whether the client of `session` (a gnutls_session_t from MHD_CONNECTION_INFO_GNUTLS_SESSION)
 * presented a certificate that verifies against the trusted CA (--tls-client-ca) at `now`:
 * 0 verified; otherwise a reason in `message`. libmicrohttpd asks for a client certificate when
 * given a trust store, but lets a client without one through to the handler: this enforces it. */
int ctc_client_verified(void *session, char *message, size_t capacity);

/* GnuTLS priorities for the daemon: TLS 1.2 and 1.3 only, GnuTLS's normal ciphers otherwise. */
const char *ctc_priorities(void);

/* The seconds since the epoch at which the current certificate expires (0: none installed). */
long long ctc_expires(void);
#endif
