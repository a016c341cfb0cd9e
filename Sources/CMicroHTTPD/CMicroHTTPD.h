// GNU libmicrohttpd (Debian libmicrohttpd-dev via pkg-config), as one module. Seen by the
// MHDHost module alone; its variadic entry points are reached through their va_list forms.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/eventfd.h>

/// A descriptor that never reports an event (an eventfd nobody writes), close-on-exec: what a
/// stopping daemon puts under its listening socket's number (HTTPDaemon.stopAccepting).
static inline int cmhd_silent_descriptor(void) { return eventfd(0, EFD_CLOEXEC); }

/// The client's address as text (`127.0.0.1`, `::1`) into `out` (at least INET6_ADDRSTRLEN
/// bytes); 0 on success. `MHD_get_connection_info` is variadic, so Swift reaches it here.
static inline int cmhd_client_address(struct MHD_Connection *connection, char *out, socklen_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return -1;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        return inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, out, size) ? 0 : -1;
    }
    if (address->sa_family == AF_INET6) {
        return inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, out, size) ? 0 : -1;
    }
    return -1;
}

/// The connection's socket context (set in the MHD_OPTION_NOTIFY_CONNECTION callback), or NULL.
static inline void *cmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// The connection's socket, or -1: the sweeper shuts a connection down through it.
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// One header field of `cmhd_head_is_folded`: libmicrohttpd 0.9.75 parses a head in place, so a
/// field's value starts in the same buffer just after its name, the ':' (overwritten with NUL)
/// and any spaces or tabs. A field continued on a line starting with SP or HTAB (obs-fold,
/// RFC 9112 section 5.2) is joined in a copy made elsewhere in the connection's memory (0.9.75
/// appends the continuation to the *name*: `Content-Length: 1` + ` 0` becomes a field named
/// `Content-Length0`, and the body's framing is lost), so its name and value are no longer in
/// that order: that is what is looked for. The bytes between are read only when they are few
/// and lie in that order, inside the connection's memory pool.
static inline enum MHD_Result cmhd_fold_visit(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
                                              const char *value, size_t value_size) {
    int *folded = (int *)cls;
    (void)kind;
    (void)value_size;
    if (key == NULL || value == NULL) return MHD_YES;
    uintptr_t after = (uintptr_t)key + key_size + 1, start = (uintptr_t)value;
    if (start < after || start - after > 65536) {
        *folded = 1;
        return MHD_NO;
    }
    for (const char *p = key + key_size + 1; p < value; p++) {
        if (*p != ' ' && *p != '\t') {
            *folded = 1;
            return MHD_NO;
        }
    }
    return MHD_YES;
}

/// 1 when a header field of the request was continued on a following line (obs-fold), else 0.
static inline int cmhd_head_is_folded(struct MHD_Connection *connection) {
    int folded = 0;
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, cmhd_fold_visit, &folded);
    return folded;
}

/// The GnuTLS session of a connection of a TLS daemon (NULL otherwise): what the client
/// certificate check of mutual TLS reads. `MHD_get_connection_info` is variadic.
static inline void *cmhd_tls_session(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_GNUTLS_SESSION);
    return info == NULL ? NULL : (void *)info->tls_session;
}
