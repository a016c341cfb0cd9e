// GNU libmicrohttpd (Debian libmicrohttpd-dev via pkg-config), as one module. Seen by the
// MHDHost module alone; its variadic entry points are reached through their va_list forms.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
