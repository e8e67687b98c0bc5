// CRC-32 (IEEE 802.3, reflected) folded sixteen bytes at a time with carry-less multiplication (x86-64 PCLMULQDQ),
// for PaintModel's CRC32: the long runs of bytes (a tile's pixels, a document) go through here, their ends and
// everything on a processor without the instruction through Swift's tables.
#ifndef CCRC32_H
#define CCRC32_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor multiplies without carries (PCLMULQDQ): whether `CCRC32_fold` folds anything.
int CCRC32_isAvailable(void);

/// Folds the first bytes of `data` (a multiple of 16, at least 64 of `count`; 0 when `count` is below 64) into 16 bytes written to `folded`, after `crc` (the CRC register, without the final inversion)
/// is put into the first four: the register after those bytes is the CRC of `folded` from a register of 0. Returns
/// how many bytes were folded; the rest follow `folded` through the tables. Only where
/// `CCRC32_isAvailable()`.
size_t CCRC32_fold(uint32_t crc, const uint8_t *data, size_t count, uint8_t folded[16]);

#endif
