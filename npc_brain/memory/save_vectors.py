"""Embedding blobs of a save: dense float32, or the non-zeros alone when that is smaller.

The default lexical embedder gives a memory ~7 non-zeros of 1,024 (the 2-day Valentine run's
8,735 memories: 7.3 on average, 37 at most), so a dense blob was 4,096 bytes, 88% of the save.
A sparse blob holds only the non-zeros: `nnz` little-endian uint16 indices (strictly increasing;
`MAX_DIM` is 2**16) followed by their `nnz` little-endian float32 values, bit for bit. It is
written only when shorter than the dense one, so the length tells the two apart: exactly
`4 * dim` bytes is dense, any other length a multiple of 6 below it is sparse. Lossless: a
loaded embedding equals the saved one, and retrieval ranks as before the save.
"""
from __future__ import annotations

import itertools
import struct
from collections.abc import Sequence

import numpy as np

from npc_brain.memory.save_rules import SaveRuleError

__all__ = ["decode_embeddings", "encode_embedding"]

_PAIR = 6  # bytes per non-zero: a uint16 index and a float32 value


def encode_embedding(vec: np.ndarray) -> bytes:
    """The blob for one embedding (float32): sparse when shorter, else dense."""
    dense = np.ascontiguousarray(vec, dtype="<f4")
    nz = np.flatnonzero(dense)
    if _PAIR * nz.size >= 4 * dense.size:
        return dense.tobytes()
    return nz.astype("<u2").tobytes() + dense[nz].tobytes()


def decode_embeddings(blobs: Sequence[object], dim: int) -> np.ndarray:
    """The (len(blobs), dim) float32 matrix the blobs of memories 0, 1, 2 … hold; `SaveRuleError`
    naming the first memory whose blob is neither form, or holds NaN or infinite values."""
    out = np.zeros((len(blobs), dim), dtype=np.float32)
    dense: list[int] = []
    for i, blob in enumerate(blobs):
        if not isinstance(blob, bytes):
            raise SaveRuleError(f"memories.{i}.embedding", "not a blob")
        size = len(blob)
        if size == 4 * dim:
            dense.append(i)
        elif size % _PAIR == 0 and size < 4 * dim:
            nnz = size // _PAIR
            idx = struct.unpack_from(f"<{nnz}H", blob)
            # float32 → Python float → float32 is exact; NaN is refused below whatever its bits
            values = struct.unpack_from(f"<{nnz}f", blob, 2 * nnz)
            if nnz and (idx[-1] >= dim or any(a >= b for a, b in itertools.pairwise(idx))):
                raise SaveRuleError(f"memories.{i}.embedding", f"its indices are not increasing within 0..{dim - 1}")
            if 0.0 in values:
                raise SaveRuleError(f"memories.{i}.embedding", "a sparse embedding stores a zero")
            out[i, list(idx)] = values
        else:
            raise SaveRuleError(f"memories.{i}.embedding", f"{size} bytes are neither {dim} float32 values "
                                                             "nor (index, value) pairs of them")
    if dense:
        out[dense] = np.frombuffer(b"".join(blobs[i] for i in dense), dtype="<f4").reshape(-1, dim)  # type: ignore[misc]
    finite = np.isfinite(out).all(axis=1)
    if not finite.all():  # a flipped bit: NaN scores would poison every retrieval
        raise SaveRuleError(f"memories.{int(np.argmin(finite))}.embedding", "it holds NaN or infinite values")
    return out
