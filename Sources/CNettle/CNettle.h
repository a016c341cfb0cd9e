/* nettle and its public-key half hogweed (Debian nettle-dev, already a dependency of GnuTLS),
 * found with pkg-config 'hogweed'; the one crypto library of the project,
 * seen by the Swift module Crypto alone. The headers name functions through macros
 * (ed25519_sha512_sign is nettle_ed25519_sha512_sign), which Swift does not import: Swift
 * calls the nettle_ names (and GMP's __gmpz_ ones for the RSA signature's integer). */
#include <nettle/eddsa.h>
#include <nettle/sha2.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <nettle/asn1.h>
#include <nettle/rsa.h>
#include <nettle/bignum.h>
