#!/usr/bin/env python3
"""Smoke tests of a release folder made by scripts/release.

    tests/release/smoke.py DIST [--allow-skip]

For every archive: the checksums match, the layout is what installers expect, the binary is of
the right format and architecture (Linux glibc builds need no glibc newer than 2.17, the musl
build is static), and, where this machine can run it — natively, the arm64 Linux build under qemu
user emulation, the Windows build under wine — it prints its version with the release's git
revision, `check examples/demo` finds the example's 13 violations (exit 1), and one LSP
initialize/shutdown over stdio answers. The macOS builds cannot run here: their format and
architecture are checked and the report says so. Every .vsix holds the extension, the platform's
server of the right format and `server/platform.json`; the universal one holds no server.

Without --allow-skip, a build that could run here but whose runner (wine, qemu-aarch64-static
with /usr/aarch64-linux-gnu, zig for the wine shim) is missing is a failure, not a skip.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEMO_VIOLATIONS = 13  # README.md: `check examples/demo` lists 13 planted violations

# Rust target → (binary format, architecture) every build must have.
EXPECTED = {
    "x86_64-unknown-linux-gnu": ("elf", "x86_64"),
    "x86_64-unknown-linux-musl": ("elf", "x86_64"),
    "aarch64-unknown-linux-gnu": ("elf", "aarch64"),
    "x86_64-pc-windows-gnu": ("pe", "x86_64"),
    "x86_64-pc-windows-msvc": ("pe", "x86_64"),
    "aarch64-apple-darwin": ("macho", "aarch64"),
    "x86_64-apple-darwin": ("macho", "x86_64"),
}
VSCODE_TARGET = {
    "x86_64-unknown-linux-gnu": "linux-x64",
    "x86_64-unknown-linux-musl": "alpine-x64",
    "aarch64-unknown-linux-gnu": "linux-arm64",
    "x86_64-pc-windows-gnu": "win32-x64",
    "x86_64-pc-windows-msvc": "win32-x64",
    "aarch64-apple-darwin": "darwin-arm64",
    "x86_64-apple-darwin": "darwin-x64",
}


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def expect(cond: bool, what: str) -> None:
    if not cond:
        raise Failure(what)


# ---- binary formats -------------------------------------------------------------------------


def binary_kind(data: bytes) -> dict:
    """Format, architecture and (ELF) linking of an executable, read from its headers."""
    if data[:4] == b"\x7fELF":
        expect(data[4] == 2 and data[5] == 1, "ELF is not 64-bit little-endian")
        machine = struct.unpack_from("<H", data, 18)[0]
        arch = {0x3E: "x86_64", 0xB7: "aarch64"}.get(machine, f"machine {machine:#x}")
        phoff, = struct.unpack_from("<Q", data, 32)
        phentsize, phnum = struct.unpack_from("<HH", data, 54)
        types = [struct.unpack_from("<I", data, phoff + i * phentsize)[0] for i in range(phnum)]
        PT_INTERP, PT_DYNAMIC = 3, 2
        glibc = sorted({tuple(int(x) for x in m.groups()) for m in re.finditer(rb"GLIBC_(\d+)\.(\d+)", data)})
        return {
            "format": "elf",
            "arch": arch,
            "static": PT_INTERP not in types and PT_DYNAMIC not in types,
            "glibc": glibc[-1] if glibc else None,
        }
    if data[:2] == b"MZ":
        pe, = struct.unpack_from("<I", data, 0x3C)
        expect(data[pe : pe + 4] == b"PE\0\0", "MZ header without a PE signature")
        machine, = struct.unpack_from("<H", data, pe + 4)
        return {"format": "pe", "arch": {0x8664: "x86_64", 0xAA64: "aarch64"}.get(machine, f"machine {machine:#x}")}
    magic, cputype = struct.unpack_from("<II", data, 0)
    if magic == 0xFEEDFACF:
        arch = {0x01000007: "x86_64", 0x0100000C: "aarch64"}.get(cputype, f"cpu {cputype:#x}")
        return {"format": "macho", "arch": arch, "signed": macho_signature_pages_match(data)}
    raise Failure(f"not an executable this release ships (starts with {data[:8]!r})")


def macho_signature_pages_match(data: bytes) -> bool | None:
    """Whether the ad-hoc code signature's page hashes match the file (None: no signature).

    macOS on Apple silicon kills an arm64 binary without a valid signature ("Killed: 9"); the
    linker signs ad hoc, and a later rewrite of the file (a strip, say) would break the hashes.
    The kernel checks exactly these hashes for an ad-hoc signature, so this is the check that
    `codesign --verify` would make, without a Mac."""
    ncmds, = struct.unpack_from("<I", data, 16)
    offset, signature = 32, None
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, offset)
        if cmd == 0x1D:  # LC_CODE_SIGNATURE
            signature = struct.unpack_from("<II", data, offset + 8)
        offset += size
    if signature is None:
        return None
    start, _ = signature
    magic, _, count = struct.unpack_from(">III", data, start)
    expect(magic == 0xFADE0CC0, "code signature is not an embedded signature super-blob")
    for i in range(count):
        _, blob_offset = struct.unpack_from(">II", data, start + 12 + 8 * i)
        blob = start + blob_offset
        if struct.unpack_from(">I", data, blob)[0] != 0xFADE0C02:  # CodeDirectory
            continue
        hash_offset, _, _, n_code, code_limit = struct.unpack_from(">IIIII", data, blob + 16)
        hash_size, hash_type, _, page_log2 = struct.unpack_from(">BBBB", data, blob + 36)
        expect(hash_type == 2, f"code directory hash type {hash_type}, expected SHA-256")
        page = 1 << page_log2
        for k in range(n_code):
            want = data[blob + hash_offset + k * hash_size : blob + hash_offset + (k + 1) * hash_size]
            if hashlib.sha256(data[k * page : min((k + 1) * page, code_limit)]).digest()[:hash_size] != want:
                return False
        return True
    raise Failure("code signature without a code directory")


def check_kind(triple: str, data: bytes) -> dict:
    kind = binary_kind(data)
    fmt, arch = EXPECTED[triple]
    expect(kind["format"] == fmt and kind["arch"] == arch, f"{triple}: expected {fmt}/{arch}, found {kind['format']}/{kind['arch']}")
    if triple.endswith("-linux-gnu"):
        expect(kind["glibc"] is not None and kind["glibc"] <= (2, 17), f"{triple}: needs glibc {kind['glibc']}, more than the 2.17 it is pinned to")
    if triple.endswith("-linux-musl"):
        expect(kind["static"], f"{triple}: not statically linked")
    if triple == "aarch64-apple-darwin":
        expect(kind["signed"] is True, f"{triple}: the ad-hoc code signature is {'missing' if kind['signed'] is None else 'broken'}: macOS would kill it")
    return kind


# ---- running a build ------------------------------------------------------------------------


def host_arch() -> str:
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(platform.machine().lower(), platform.machine().lower())


def zig() -> list[str] | None:
    if shutil.which("zig"):
        return ["zig"]
    for python in [REPO / ".venv" / "bin" / "python", Path(sys.executable)]:
        if python.exists() and subprocess.run([python, "-m", "ziglang", "version"], capture_output=True).returncode == 0:
            return [str(python), "-m", "ziglang"]
    return None


def wine_shim(work: Path) -> Path:
    """bcryptprimitives.dll for wine 8 (tests/release/processprng.c says why)."""
    dll = work / "bcryptprimitives.dll"
    if not dll.exists():
        cc = zig()
        if cc is None:
            raise Skip("zig is missing (pip install ziglang), which builds the test-only ProcessPrng shim for wine")
        subprocess.run(
            [*cc, "cc", "-target", "x86_64-windows-gnu", "-shared", "-O2", "-o", str(dll), str(REPO / "tests/release/processprng.c"), "-ladvapi32"],
            check=True,
            capture_output=True,
        )
    return dll


def runner(triple: str, exe: Path, work: Path) -> tuple[list[str], dict[str, str], str]:
    """The command prefix, environment and description that run `exe` on this machine."""
    env = dict(os.environ)
    fmt, arch = EXPECTED[triple]
    on_linux = sys.platform.startswith("linux")
    if fmt == "macho" and sys.platform == "darwin" and arch == host_arch():
        return [], env, "natively"
    if fmt == "macho":
        raise Skip("macOS builds cannot run on this machine: format and architecture checked only")
    if fmt == "elf" and on_linux and arch == host_arch():
        return [], env, "natively"
    if fmt == "elf" and on_linux and arch == "aarch64":
        qemu = shutil.which("qemu-aarch64-static") or shutil.which("qemu-aarch64")
        sysroot = Path("/usr/aarch64-linux-gnu")
        if not qemu or not (sysroot / "lib").is_dir():
            raise Skip("needs qemu user emulation and an arm64 C library: apt install qemu-user-static libc6-arm64-cross")
        return [qemu, "-L", str(sysroot)], env, "under qemu-aarch64"
    if fmt == "pe" and on_linux and arch == host_arch():
        wine = shutil.which("wine64") or shutil.which("wine") or ("/usr/lib/wine/wine64" if Path("/usr/lib/wine/wine64").exists() else None)
        if not wine:
            raise Skip("needs wine: apt install wine64")
        shutil.copy(wine_shim(work), exe.parent / "bcryptprimitives.dll")
        env["WINEPREFIX"] = str(work / "wineprefix")
        env["WINEDEBUG"] = "-all"
        env["WINEDLLOVERRIDES"] = "mscoree,mshtml="  # no Mono/Gecko installer dialogs
        return [wine], env, "under wine"
    if fmt == "pe" and sys.platform == "win32":
        return [], env, "natively"
    raise Skip(f"{fmt}/{arch} cannot run on this {sys.platform}/{host_arch()} machine")


def lsp_roundtrip(cmd: list[str], env: dict[str, str], revision: str) -> str:
    """initialize → initialized → shutdown → exit, each request answered before the next is sent
    (a client may send nothing but `initialize` until it is answered)."""

    def send(proc: subprocess.Popen, msg: dict) -> None:
        body = json.dumps(msg).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()

    def reply(proc: subprocess.Popen, id: int) -> dict:
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = proc.stdout.read(1)
                expect(byte != b"", f"the server closed its output waiting for reply {id}")
                header += byte
            length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
            msg = json.loads(proc.stdout.read(length))
            if msg.get("id") == id and "method" not in msg:
                return msg

    proc = subprocess.Popen([*cmd, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        init = reply(proc, 1)
        expect("result" in init, f"initialize answered {init}")
        info = init["result"].get("serverInfo", {})
        expect(info.get("name") == "autofix" and revision in info.get("version", ""), f"serverInfo {info} does not name revision {revision}")
        send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        down = reply(proc, 2)
        expect(down.get("result", "missing") is None, f"shutdown answered {down}")
        send(proc, {"jsonrpc": "2.0", "method": "exit"})
        proc.stdin.close()
        code = proc.wait(timeout=60)
        expect(code == 0, f"the server exited {code} after exit")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return f"LSP initialize/shutdown ok ({info['version']})"


def run_checks(triple: str, exe: Path, work: Path, version: str, revision: str) -> list[str]:
    cmd, env, how = runner(triple, exe, work)
    cmd = [*cmd, str(exe)]
    out = subprocess.run([*cmd, "--version"], capture_output=True, text=True, env=env, timeout=300)
    expected_version = f"autofix {version} ({revision})"
    expect(out.returncode == 0 and out.stdout.strip() == expected_version, f"--version printed {out.stdout.strip()!r} (exit {out.returncode}), expected {expected_version!r}: {out.stderr[-400:]}")
    demo = work / "demo"
    if not demo.exists():
        shutil.copytree(REPO / "examples" / "demo", demo)
    check = subprocess.run([*cmd, "check", "--color", "never", "."], capture_output=True, text=True, env=env, cwd=demo, timeout=300)
    found = re.search(r"Found (\d+) violations", check.stdout)
    expect(check.returncode == 1 and found and int(found.group(1)) == DEMO_VIOLATIONS, f"check examples/demo: exit {check.returncode}, {found.group(0) if found else 'no summary'} (expected {DEMO_VIOLATIONS}, exit 1): {check.stderr[-400:]}")
    return [how, out.stdout.strip(), f"check examples/demo: {DEMO_VIOLATIONS} violations, exit 1", lsp_roundtrip(cmd, env, revision)]


# ---- the release folder ---------------------------------------------------------------------


def verify_checksums(dist: Path) -> list[str]:
    sums = dist / "SHA256SUMS"
    expect(sums.is_file(), "no SHA256SUMS")
    listed = {}
    for line in sums.read_text().splitlines():
        digest, name = line.split("  ", 1)
        listed[name] = digest
    shipped = sorted(p.name for p in dist.iterdir() if p.suffix in {".gz", ".zip", ".vsix"})
    expect(sorted(listed) == shipped, f"SHA256SUMS lists {sorted(listed)}, the folder holds {shipped}")
    for name, digest in listed.items():
        expect(hashlib.sha256((dist / name).read_bytes()).hexdigest() == digest, f"{name}: checksum differs from SHA256SUMS")
        if not name.endswith(".vsix"):
            one = (dist / f"{name}.sha256").read_text()
            expect(one == f"{digest}  {name}\n", f"{name}.sha256 holds {one!r}")
    return shipped


def open_archive(path: Path, work: Path) -> tuple[str, Path]:
    triple = re.fullmatch(r"autofix-(.+)\.(tar\.gz|zip)", path.name).group(1)
    top = f"autofix-{triple}"
    exe = "autofix.exe" if "windows" in triple else "autofix"
    dest = work / triple
    if path.name.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            names = sorted(z.namelist())
            z.extractall(dest)
            mode = z.getinfo(f"{top}/{exe}").external_attr >> 16
    else:
        with tarfile.open(path) as t:
            names = sorted(m.name for m in t.getmembers() if m.isfile())
            t.extractall(dest, filter="data")
            mode = t.getmember(f"{top}/{exe}").mode
    expect(names == sorted(f"{top}/{n}" for n in [exe, "README.md", "LICENSE"]), f"{path.name} holds {names}")
    expect(mode & 0o777 == 0o755, f"{path.name}: {exe} has mode {oct(mode)}")
    return triple, dest / top / exe


def check_vsix(path: Path, version: str) -> str:
    with zipfile.ZipFile(path) as z:
        manifest = z.read("extension.vsixmanifest").decode()
        package = json.loads(z.read("extension/package.json"))
        expect(package["version"] == version, f"{path.name}: package.json version {package['version']}")
        expect("extension/dist/extension.js" in z.namelist(), f"{path.name}: no dist/extension.js")
        target = re.search(r'TargetPlatform="([^"]+)"', manifest)
        servers = [n for n in z.namelist() if re.fullmatch(r"extension/server/autofix(\.exe)?", n)]
        if path.name == f"autofix-{version}.vsix":
            expect(target is None and not servers, f"{path.name}: the universal extension must carry no server and no target")
            return "universal: no server, no target platform"
        expect(target is not None and path.name == f"autofix-{target.group(1)}-{version}.vsix", f"{path.name}: manifest target {target and target.group(1)}")
        expect(len(servers) == 1, f"{path.name}: servers {servers}")
        meta = json.loads(z.read("extension/server/platform.json"))
        expect(meta["target"] == target.group(1), f"{path.name}: platform.json {meta}")
        triple = meta.get("rustTarget")
        expect(triple in EXPECTED and VSCODE_TARGET[triple] == meta["target"], f"{path.name}: rustTarget {triple}")
        check_kind(triple, z.read(servers[0]))
        expect(servers[0].endswith(".exe") == ("windows" in triple), f"{path.name}: server named {servers[0]}")
        return f"{meta['target']}: {servers[0].removeprefix('extension/')} ({triple})"


def main() -> int:
    parser = argparse.ArgumentParser(description="Smoke tests of a release folder.")
    parser.add_argument("dist", type=Path)
    parser.add_argument("--allow-skip", action="store_true", help="a missing wine/qemu/zig skips instead of failing")
    args = parser.parse_args()
    revision = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    version = json.loads(subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1"], cwd=REPO, capture_output=True, text=True, check=True).stdout)["packages"][0]["version"]

    failures, skips = [], []
    shipped = verify_checksums(args.dist)
    print(f"smoke: {len(shipped)} files, SHA256SUMS and .sha256 files match")
    with tempfile.TemporaryDirectory(prefix="autofix-release-") as tmp:
        work = Path(tmp)
        for name in shipped:
            path = args.dist / name
            try:
                if name.endswith(".vsix"):
                    print(f"ok    {name}: {check_vsix(path, version)}")
                    continue
                triple, exe = open_archive(path, work)
                kind = check_kind(triple, exe.read_bytes())
                detail = f"{kind['format']} {kind['arch']}" + (f", glibc <= {kind['glibc'][0]}.{kind['glibc'][1]}" if kind.get("glibc") else "") + (", static" if kind.get("static") else "") + (", ad-hoc signature intact" if kind.get("signed") else "")
                try:
                    print(f"ok    {name}: {detail}; " + "; ".join(run_checks(triple, exe, work, version, revision)))
                except Skip as why:
                    msg = f"{name}: {detail}; not run: {why}"
                    if EXPECTED[triple][0] == "macho" or args.allow_skip:
                        print(f"skip  {msg}")
                        skips.append(msg)
                    else:
                        raise Failure(str(why)) from None
            except (Failure, subprocess.SubprocessError, OSError, KeyError, ValueError) as err:
                print(f"FAIL  {name}: {err}")
                failures.append(name)
    print(f"\nsmoke: {len(shipped) - len(failures)} of {len(shipped)} ok, {len(skips)} not run here, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
