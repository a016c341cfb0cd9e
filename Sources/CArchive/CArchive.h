/* libarchive (Debian libarchive-dev), found with pkg-config 'libarchive'; seen by the Swift
 * module PolicyBundle alone, which reads and writes bundles in memory (never archive_write_disk). */
#include <archive.h>
#include <archive_entry.h>
