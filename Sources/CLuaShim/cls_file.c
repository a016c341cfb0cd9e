/* The C side of the one file opener (Swift's is CalendarData's RegularFile): what the C code
 * reads from disk (compile cache entries) is opened only if it is a regular file, never waited
 * on. The name is looked at first without following a link, then opened with O_NONBLOCK (a
 * FIFO swapped in meanwhile cannot block the open) and O_NOFOLLOW, and what was opened is
 * checked again with fstat: a regular file of at most `limit` bytes. */
#include "cls_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int cls_open_regular(int dir, const char *name, size_t limit, struct stat *st) {
    if (fstatat(dir, name, st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st->st_mode) || (size_t)st->st_size > limit) {
        return -1;
    }
    int fd = openat(dir, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode) || (size_t)st->st_size > limit) {
        close(fd);
        return -1;
    }
    return fd;
}
