// Debian's GnuTLS (libgnutls28-dev via pkg-config), the TLS stack libmicrohttpd is built with:
// one TLS and crypto stack. Seen by the C target CTLSCredentials alone.
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/abstract.h>
