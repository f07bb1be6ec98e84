#ifndef DRIVELAB_DIOALIGN_H
#define DRIVELAB_DIOALIGN_H
/* 0 with the alignments (0 when the file cannot do O_DIRECT), -1 when the kernel cannot tell. */
int dio_alignment(int fd, unsigned *offset_align, unsigned *mem_align);
#endif
