/* libcurl, GnuTLS flavour (Debian libcurl4-gnutls-dev: pkg-config 'libcurl', whose -lcurl is
 * libcurl-gnutls, so the server keeps one TLS stack), seen by the Swift module HTTPClient alone.
 * curl_easy_setopt and curl_easy_getinfo are variadic, which Swift does not call: each argument
 * type gets a typed entry point here. */
#include <curl/curl.h>

static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

/* Strings, lists, buffers and callback data: everything passed as a pointer. */
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

/* The write and header callbacks (the same signature). */
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

/* CURL_GLOBAL_DEFAULT is a macro expression Swift does not import. */
static inline CURLcode ccurl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
