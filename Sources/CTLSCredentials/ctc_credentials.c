/* The current certificate and key for libmicrohttpd's handshakes, checked before they are
 * installed, and the client-certificate check of mutual TLS. */
#include "CTLSCredentials.h"
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <gnutls/abstract.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CTC_CHAIN_MAX = 8 };

/* One installed pair. Pairs are never freed: a handshake may still hold the previous one when a
 * rotation installs the next, and rotations are rare (a few a year), so each costs a few KiB. */
typedef struct ctc_pair {
    gnutls_pcert_st chain[CTC_CHAIN_MAX];
    unsigned int length;
    gnutls_privkey_t key;
    long long expires;
} ctc_pair;

static pthread_mutex_t ctc_lock = PTHREAD_MUTEX_INITIALIZER;
static ctc_pair *ctc_current = NULL;

/* `what`, and GnuTLS's words for `code` when it is one of its errors (negative). */
static void ctc_say(char *message, size_t capacity, const char *what, int code) {
    if (message == NULL || capacity == 0) return;
    if (code < 0) snprintf(message, capacity, "%s (%s)", what, gnutls_strerror(code));
    else snprintf(message, capacity, "%s", what);
}

int ctc_load(const char *cert, size_t cert_length, const char *key, size_t key_length, long long now, int install,
             char *message, size_t capacity) {
    gnutls_datum_t cert_data = {(unsigned char *)cert, (unsigned int)cert_length};
    gnutls_datum_t key_data = {(unsigned char *)key, (unsigned int)key_length};
    /* The key and the first certificate must match: GnuTLS checks it when both are set on a
     * credentials structure (GNUTLS_E_CERTIFICATE_KEY_MISMATCH). */
    gnutls_certificate_credentials_t check;
    int rc = gnutls_certificate_allocate_credentials(&check);
    if (rc < 0) { ctc_say(message, capacity, "cannot allocate credentials", rc); return -1; }
    rc = gnutls_certificate_set_x509_key_mem2(check, &cert_data, &key_data, GNUTLS_X509_FMT_PEM, NULL, 0);
    gnutls_certificate_free_credentials(check);
    if (rc == GNUTLS_E_CERTIFICATE_KEY_MISMATCH) { ctc_say(message, capacity, "the key does not match the certificate", 0); return -1; }
    if (rc < 0) { ctc_say(message, capacity, "not a PEM certificate and key", rc); return -1; }

    ctc_pair *pair = calloc(1, sizeof *pair);
    if (pair == NULL) { ctc_say(message, capacity, "out of memory", 0); return -1; }
    gnutls_x509_crt_t crts[CTC_CHAIN_MAX];
    unsigned int count = CTC_CHAIN_MAX;
    rc = gnutls_x509_crt_list_import(crts, &count, &cert_data, GNUTLS_X509_FMT_PEM, GNUTLS_X509_CRT_LIST_FAIL_IF_UNSORTED);
    if (rc < 0 || count == 0) { free(pair); ctc_say(message, capacity, "not a PEM certificate chain (at most 8, leaf first)", rc); return -1; }
    long long activation = (long long)gnutls_x509_crt_get_activation_time(crts[0]);
    long long expiration = (long long)gnutls_x509_crt_get_expiration_time(crts[0]);
    if (activation > now || expiration <= now) {
        for (unsigned int i = 0; i < count; i++) gnutls_x509_crt_deinit(crts[i]);
        free(pair);
        ctc_say(message, capacity, expiration <= now ? "the certificate has expired" : "the certificate is not valid yet", 0);
        return -1;
    }
    for (unsigned int i = 0; i < count && rc >= 0; i++) {
        rc = gnutls_pcert_import_x509(&pair->chain[i], crts[i], 0);
        if (rc >= 0) pair->length = i + 1;
    }
    for (unsigned int i = 0; i < count; i++) gnutls_x509_crt_deinit(crts[i]);
    if (rc >= 0) rc = gnutls_privkey_init(&pair->key);
    if (rc >= 0) rc = gnutls_privkey_import_x509_raw(pair->key, &key_data, GNUTLS_X509_FMT_PEM, NULL, 0);
    if (rc < 0) {
        for (unsigned int i = 0; i < pair->length; i++) gnutls_pcert_deinit(&pair->chain[i]);
        if (pair->key != NULL) gnutls_privkey_deinit(pair->key);
        free(pair);
        ctc_say(message, capacity, "the certificate or key cannot be used", rc);
        return -1;
    }
    pair->expires = expiration;
    if (!install) {
        for (unsigned int i = 0; i < pair->length; i++) gnutls_pcert_deinit(&pair->chain[i]);
        gnutls_privkey_deinit(pair->key);
        free(pair);
        return 0;
    }
    pthread_mutex_lock(&ctc_lock);
    ctc_current = pair;
    pthread_mutex_unlock(&ctc_lock);
    return 0;
}

static int ctc_retrieve(gnutls_session_t session, const gnutls_datum_t *req_ca_rdn, int nreqs,
                        const gnutls_pk_algorithm_t *pk_algos, int pk_algos_length, gnutls_pcert_st **pcert,
                        unsigned int *pcert_length, gnutls_privkey_t *privkey) {
    (void)session; (void)req_ca_rdn; (void)nreqs; (void)pk_algos; (void)pk_algos_length;
    pthread_mutex_lock(&ctc_lock);
    ctc_pair *pair = ctc_current;
    pthread_mutex_unlock(&ctc_lock);
    if (pair == NULL) return -1;
    *pcert = pair->chain;
    *pcert_length = pair->length;
    *privkey = pair->key;
    return 0;
}

void *ctc_retrieve_function(void) { return (void *)ctc_retrieve; }

const char *ctc_priorities(void) { return "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2"; }

long long ctc_expires(void) {
    pthread_mutex_lock(&ctc_lock);
    long long expires = ctc_current != NULL ? ctc_current->expires : 0;
    pthread_mutex_unlock(&ctc_lock);
    return expires;
}

int ctc_client_verified(void *opaque, char *message, size_t capacity) {
    gnutls_session_t session = (gnutls_session_t)opaque;
    if (session == NULL) { ctc_say(message, capacity, "no TLS session", 0); return -1; }
    unsigned int listed = 0;
    if (gnutls_certificate_get_peers(session, &listed) == NULL || listed == 0) {
        ctc_say(message, capacity, "a client certificate is required (mutual TLS)", 0);
        return -1;
    }
    unsigned int status = 0;
    int rc = gnutls_certificate_verify_peers2(session, &status);
    if (rc < 0) { ctc_say(message, capacity, "the client certificate cannot be verified", rc); return -1; }
    if (status != 0) {
        gnutls_datum_t out = {NULL, 0};
        if (gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509, &out, 0) >= 0 && out.data != NULL) {
            size_t length = strlen((const char *)out.data);
            while (length > 0 && (out.data[length - 1] == ' ' || out.data[length - 1] == '.')) length--;
            snprintf(message, capacity, "the client certificate is refused: %.*s", (int)length, (const char *)out.data);
            gnutls_free(out.data);
        } else {
            ctc_say(message, capacity, "the client certificate is refused", 0);
        }
        return -1;
    }
    return 0;
}
