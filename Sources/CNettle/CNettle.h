/* nettle and its public-key half hogweed (Debian nettle-dev, already a dependency of GnuTLS),
 * found with pkg-config 'hogweed';
 * seen by the Swift module PolicyBundle alone. The headers name functions through macros
 * (ed25519_sha512_sign is nettle_ed25519_sha512_sign), which Swift does not import: Swift
 * calls the nettle_ names. */
#include <nettle/eddsa.h>
#include <nettle/sha2.h>
