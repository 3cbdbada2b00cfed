"""Unit tests of the release tooling that need no cross build: scripts/release's archive writers
(reproducible, installable) and tests/release/smoke.py's checks (each catches what it is for).

    python3 -m unittest discover -s tests/release -p 'test_*.py'
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import io
import struct
import sys
import tarfile
import tempfile
import unittest
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def load(name: str, path: Path):
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


release = load("release", REPO / "scripts" / "release")
smoke = load("smoke", HERE / "smoke.py")

FILES = {"autofix": (b"\x7fELF binary", 0o755), "README.md": (b"# readme\n", 0o644), "LICENSE": (b"MIT\n", 0o644)}


def elf(machine: int, interpreter: bool = True) -> bytes:
    """An ELF header with one program header: PT_INTERP (dynamically linked) or PT_LOAD."""
    header = bytearray(64 + 56)
    header[:6] = b"\x7fELF\x02\x01"
    struct.pack_into("<H", header, 18, machine)
    struct.pack_into("<Q", header, 32, 64)  # program headers right after the ELF header
    struct.pack_into("<HH", header, 54, 56, 1)
    struct.pack_into("<I", header, 64, 3 if interpreter else 1)
    return bytes(header) + b"GLIBC_2.17\0GLIBC_2.2.5\0"


def signed_macho(pages: int = 3) -> bytearray:
    """A minimal arm64 Mach-O with an ad-hoc signature over its first `pages` pages."""
    page = 4096
    code = bytearray(page * pages)
    struct.pack_into("<IIIIIII", code, 0, 0xFEEDFACF, 0x0100000C, 0, 2, 1, 16, 0)
    struct.pack_into("<II", code, 32, 0x1D, 16)
    code[100:200] = b"x" * 100
    hashes = b"".join(hashlib.sha256(code[i * page : (i + 1) * page]).digest() for i in range(pages))
    directory = bytearray(88)
    struct.pack_into(">IIIIIIIII", directory, 0, 0xFADE0C02, 88 + len(hashes), 0x20400, 0x20002, 88, 0, 0, pages, len(code))
    struct.pack_into(">BBBB", directory, 36, 32, 2, 0, 12)
    blob = bytes(directory) + hashes
    superblob = struct.pack(">III", 0xFADE0CC0, 20 + len(blob), 1) + struct.pack(">II", 0, 20) + blob
    struct.pack_into("<II", code, 40, len(code), len(superblob))
    # The load command sits in page 0: hash the final header.
    hashes = b"".join(hashlib.sha256(code[i * page : (i + 1) * page]).digest() for i in range(pages))
    blob = bytes(directory) + hashes
    superblob = struct.pack(">III", 0xFADE0CC0, 20 + len(blob), 1) + struct.pack(">II", 0, 20) + blob
    return code + superblob


class Archives(unittest.TestCase):
    def test_tar_gz_is_reproducible_and_normalised(self):
        with tempfile.TemporaryDirectory() as tmp:
            a, b = Path(tmp, "a.tar.gz"), Path(tmp, "b.tar.gz")
            release.tar_gz(a, "autofix-x", FILES, 1_700_000_000)
            release.tar_gz(b, "autofix-x", dict(reversed(list(FILES.items()))), 1_700_000_000)
            self.assertEqual(a.read_bytes(), b.read_bytes(), "same inputs, same bytes, whatever the order")
            with tarfile.open(a) as t:
                members = t.getmembers()
                self.assertEqual([m.name for m in members], ["autofix-x", "autofix-x/LICENSE", "autofix-x/README.md", "autofix-x/autofix"])
                self.assertEqual({(m.uid, m.gid, m.uname, m.mtime) for m in members}, {(0, 0, "", 1_700_000_000)})
                self.assertEqual(t.getmember("autofix-x/autofix").mode, 0o755)
            later = Path(tmp, "c.tar.gz")
            release.tar_gz(later, "autofix-x", FILES, 1_700_000_001)
            self.assertNotEqual(a.read_bytes(), later.read_bytes(), "the commit's time is in the archive")

    def test_zip_is_reproducible_and_keeps_the_mode(self):
        with tempfile.TemporaryDirectory() as tmp:
            a, b = Path(tmp, "a.zip"), Path(tmp, "b.zip")
            release.zip_file(a, "autofix-w", FILES, 1_700_000_000)
            release.zip_file(b, "autofix-w", FILES, 1_700_000_000)
            self.assertEqual(a.read_bytes(), b.read_bytes())
            with zipfile.ZipFile(a) as z:
                self.assertEqual(z.namelist(), ["autofix-w/LICENSE", "autofix-w/README.md", "autofix-w/autofix"])
                self.assertEqual(z.getinfo("autofix-w/autofix").external_attr >> 16 & 0o777, 0o755)

    def test_checksums_cover_what_is_shipped(self):
        with tempfile.TemporaryDirectory() as tmp:
            dist = Path(tmp)
            release.tar_gz(dist / "autofix-x.tar.gz", "autofix-x", FILES, 0)
            release.write_sha256(dist / "autofix-x.tar.gz")
            (dist / "autofix-1.vsix").write_bytes(b"vsix")
            release.write_checksums(dist)
            self.assertEqual(smoke.verify_checksums(dist), ["autofix-1.vsix", "autofix-x.tar.gz"])
            # A file swapped after the sums were written is caught…
            (dist / "autofix-1.vsix").write_bytes(b"other")
            with self.assertRaisesRegex(smoke.Failure, "autofix-1.vsix: checksum differs"):
                smoke.verify_checksums(dist)
            # …and so is a file the sums do not list.
            release.write_checksums(dist)
            (dist / "autofix-2.vsix").write_bytes(b"extra")
            with self.assertRaisesRegex(smoke.Failure, "SHA256SUMS lists"):
                smoke.verify_checksums(dist)


class Builds(unittest.TestCase):
    def test_binaries_are_looked_for_where_cargo_puts_them(self):
        import os
        from unittest import mock

        self.assertEqual(release.target_dir(), REPO / "target")
        with mock.patch.dict(os.environ, {"CARGO_TARGET_DIR": "/tmp/elsewhere"}):
            self.assertEqual(release.target_dir(), Path("/tmp/elsewhere"))


class BinaryChecks(unittest.TestCase):
    def test_elf_architecture_and_glibc(self):
        self.assertEqual(smoke.check_kind("x86_64-unknown-linux-gnu", elf(0x3E))["glibc"], (2, 17))
        with self.assertRaisesRegex(smoke.Failure, "expected elf/aarch64, found elf/x86_64"):
            smoke.check_kind("aarch64-unknown-linux-gnu", elf(0x3E))
        with self.assertRaisesRegex(smoke.Failure, "needs glibc \\(2, 28\\)"):
            smoke.check_kind("x86_64-unknown-linux-gnu", elf(0x3E) + b"GLIBC_2.28\0")
        with self.assertRaisesRegex(smoke.Failure, "not statically linked"):
            smoke.check_kind("x86_64-unknown-linux-musl", elf(0x3E))
        self.assertTrue(smoke.check_kind("x86_64-unknown-linux-musl", elf(0x3E, interpreter=False))["static"])

    def test_pe_and_not_an_executable(self):
        pe = bytearray(0x200)
        pe[:2] = b"MZ"
        struct.pack_into("<I", pe, 0x3C, 0x80)
        pe[0x80:0x84] = b"PE\0\0"
        struct.pack_into("<H", pe, 0x84, 0x8664)
        self.assertEqual(smoke.check_kind("x86_64-pc-windows-gnu", bytes(pe))["arch"], "x86_64")
        with self.assertRaisesRegex(smoke.Failure, "not an executable"):
            smoke.binary_kind(b"#!/bin/sh\necho hi\n")

    def test_macho_signature_must_match_the_pages(self):
        binary = signed_macho()
        self.assertTrue(smoke.macho_signature_pages_match(bytes(binary)))
        self.assertEqual(smoke.check_kind("aarch64-apple-darwin", bytes(binary))["signed"], True)
        binary[5000] ^= 0xFF  # a byte of code changed after signing (a strip, a patch)
        self.assertFalse(smoke.macho_signature_pages_match(bytes(binary)))
        with self.assertRaisesRegex(smoke.Failure, "signature is broken"):
            smoke.check_kind("aarch64-apple-darwin", bytes(binary))


if __name__ == "__main__":
    unittest.main()
