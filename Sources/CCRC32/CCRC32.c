// See CCRC32.h. The arithmetic is over polynomials modulo P = x^32 + x^26 + ... + 1 (0x104C11DB7), in the
// reflected order CRC-32 keeps bits in: the lowest bit of the first byte is the highest power.
//
// Sixteen bytes in a register stand for L(x)·x^64 + H(x), L the low eight bytes and H the high eight (each of degree
// below 64, reflected). Moved forward by n bits, the register's value becomes L·x^(n+64) + H·x^n, which modulo P is
// L·(x^(n+32) mod P)·x^32 + H·(x^(n-32) mod P)·x^32: two carry-less products of 64 by 33 bits, whose 97-bit sum lands
// in the register's place (the factor x^32 is the product's offset in reflected order). So the constants are
// x^(n+32) and x^(n-32) modulo P, reflected over 32 bits and shifted left by one: n = 512 folds
// four registers over the next 64 bytes, n = 128 one register over the next 16. What is left is congruent to the
// message modulo P, so its CRC from a register of 0 is the message's.
#include "CCRC32.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <emmintrin.h>
#include <wmmintrin.h>

int CCRC32_isAvailable(void) {
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
    return (ecx & bit_PCLMUL) != 0;
}

/// `value` moved forward by the bits `constants` were made for, modulo P, plus `next`.
__attribute__((target("pclmul,sse2")))
static inline __m128i fold(__m128i value, __m128i constants, __m128i next) {
    __m128i low = _mm_clmulepi64_si128(value, constants, 0x00);   // L · (x^(n+32) mod P)
    __m128i high = _mm_clmulepi64_si128(value, constants, 0x11);  // H · (x^(n-32) mod P)
    return _mm_xor_si128(_mm_xor_si128(low, high), next);
}

__attribute__((target("pclmul,sse2")))
size_t CCRC32_fold(uint32_t crc, const uint8_t *data, size_t count, uint8_t folded[16]) {
    if (count < 64) return 0;
    // Low quadword x^544 mod P, high x^480 (n = 512); low x^160, high x^96 (n = 128).
    const __m128i by64 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);
    const __m128i by16 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
    __m128i x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)data), _mm_cvtsi32_si128((int)crc));
    __m128i x1 = _mm_loadu_si128((const __m128i *)(data + 16));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(data + 32));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(data + 48));
    size_t offset = 64;
    for (; offset + 64 <= count; offset += 64) {
        x0 = fold(x0, by64, _mm_loadu_si128((const __m128i *)(data + offset)));
        x1 = fold(x1, by64, _mm_loadu_si128((const __m128i *)(data + offset + 16)));
        x2 = fold(x2, by64, _mm_loadu_si128((const __m128i *)(data + offset + 32)));
        x3 = fold(x3, by64, _mm_loadu_si128((const __m128i *)(data + offset + 48)));
    }
    __m128i x = fold(fold(fold(x0, by16, x1), by16, x2), by16, x3);
    for (; offset + 16 <= count; offset += 16) x = fold(x, by16, _mm_loadu_si128((const __m128i *)(data + offset)));
    _mm_storeu_si128((__m128i *)folded, x);
    return offset;
}

#else

int CCRC32_isAvailable(void) { return 0; }

size_t CCRC32_fold(uint32_t crc, const uint8_t *data, size_t count, uint8_t folded[16]) {
    (void)crc; (void)data; (void)count; (void)folded;
    return 0;
}

#endif
