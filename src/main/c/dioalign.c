/* Direct-I/O alignment of a file (statx STATX_DIOALIGN, Linux 6.1+). Kept apart because the kernel's
 * struct statx, which has the dio fields, clashes with glibc's. */
#include <linux/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "dioalign.h"

#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000
#endif

int dio_alignment(int fd, unsigned *offset_align, unsigned *mem_align)
{
	struct statx stx = { 0 };
	if (syscall(__NR_statx, fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &stx) < 0)
		return -1;
	if (!(stx.stx_mask & STATX_DIOALIGN))
		return -1;
	*offset_align = stx.stx_dio_offset_align;
	*mem_align = stx.stx_dio_mem_align;
	return 0;
}
