/* libyaml (Debian libyaml-dev), found with pkg-config 'yaml-0.1'; seen by the Swift module
 * DeclarativePolicy alone, which reads declarative policy files through the event parser
 * (raw scalar text and style, never YAML 1.1's implicit types). */
#include <yaml.h>
