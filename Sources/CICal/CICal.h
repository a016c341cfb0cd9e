/* libical (Debian libical-dev), found with pkg-config 'libical'; seen by the C target
 * CICalFeed alone. */
#include <libical/ical.h>
