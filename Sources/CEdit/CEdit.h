// libedit (Debian's libedit-dev), through its readline-compatible interface: line editing and
// a history file for `calpolicy repl`. Seen by CalPolicyCLI alone.
#include <stdio.h>
#include <editline/readline.h>
