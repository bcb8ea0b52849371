/* A stand-in for Windows' bcryptprimitives.dll, for Wine 8 only (Debian 12's), which lacks it.
 * Rust's standard library asks it for random bytes (ProcessPrng) at start; every Windows
 * since 10 has it, so this file is never shipped: scripts/wine-check.sh builds it next to the
 * executable it starts. It answers with advapi32's RtlGenRandom (SystemFunction036). */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
