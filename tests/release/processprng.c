/* Test-only stand-in for Windows 10's bcryptprimitives.dll, never shipped.
 *
 * Rust's standard library takes its random bytes from ProcessPrng in bcryptprimitives.dll, which
 * Debian 12's wine 8.0 does not provide: a Windows build of autofix then fails to start under wine.
 * tests/release/smoke.py builds this file with `zig cc -target x86_64-windows-gnu -shared` and puts
 * the DLL beside the .exe it runs, so the smoke test runs the real binary. It answers from
 * advapi32's SystemFunction036 (RtlGenRandom), which wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
    if (!SystemFunction036(data, chunk)) return FALSE;
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
