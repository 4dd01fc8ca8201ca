"""Relevance numerators: the query's dot product with every stored embedding (paper §4.1).

A stream's embeddings are a (dim x capacity) float32 matrix, column i = memory i, kept in
one of two memory layouts, chosen from the stored vectors whenever the stream allocates:

- by dimension (C order dim x capacity) when most stored embeddings are sparse, as the
  default `LexicalEmbedder`'s are (~5-30 non-zeros of 1024). A sparse query then reads
  only its own rows, a few contiguous runs of n floats, instead of the whole matrix: at
  100k memories ~2 MB instead of 400 MB per query (measured: 0.2 ms vs 59 ms).
- by memory (C order capacity x dim, seen through its transpose) for dense embeddings
  (OpenAI, GGUF): a dense query is then a row-major mat-vec of contiguous dot products,
  3-7x faster single-threaded at 10k memories than the same product on the other layout
  (measured under load: 1024 x 10k, 3-5 ms vs 14-22 ms; 384 x 30k, 3-5 ms vs 15 ms).

Every path computes the same sums exactly (only the float32 rounding order differs), so
the layout and the path decide speed, never results.
"""
from __future__ import annotations

import math

import numpy as np

# Up to this many matrix elements (48 MB of float32: 10k x 1024, 30k x 384) a dense
# query's product runs as a single-threaded einsum. OpenBLAS wakes a second thread for
# every call, and on a 2-core machine busy with LLM inference that wake-up alone costs
# milliseconds (measured under load: 10k x 384 took ~12 ms p50 through BLAS vs ~1.2 ms
# through einsum). Past it, two threads' memory bandwidth can win when a core is free.
SINGLE_THREAD_ELEMENTS = 3 << 22

# A query with at most dim / SPARSE_FRACTION non-zeros is scored row by row over its
# non-zero dimensions only. Measured on the by-dimension layout (2 cores, loaded): reading
# a quarter of the rows this way costs 0.3-0.5x a dense product, half of them ~0.6-1x,
# so a quarter keeps a clear margin. Lexical queries (5-30 of 1024) are far below it,
# dense embeddings (every component non-zero) far above.
SPARSE_FRACTION = 4

# Vectors with a smaller norm count as zero vectors (relevance 0): 1 / norm must fit
# in float32.
TINY_NORM = float(np.finfo(np.float32).tiny)


def _matvec(rows: np.ndarray, q: np.ndarray) -> np.ndarray:
    """rows (m x dim) @ q in float32, single-threaded for small blocks (see above)."""
    return _product("ij,j->i", rows, q, rows.size)


def _vecmat(q: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """q @ columns (dim x m) in float32, single-threaded for small blocks (see above)."""
    return _product("i,ij->j", q, columns, columns.size)


def _product(spec: str, a: np.ndarray, b: np.ndarray, size: int) -> np.ndarray:
    out: np.ndarray = np.einsum(spec, a, b) if size <= SINGLE_THREAD_ELEMENTS else a @ b
    return out


def is_by_dimension(emb: np.ndarray) -> bool:
    """True when each embedding dimension is a contiguous row over the memories."""
    return emb.strides[1] == emb.itemsize


def is_sparse(nnz: int | np.integer | np.ndarray, dim: int) -> bool | np.ndarray:
    """Few enough non-zeros for the row-by-row product (see SPARSE_FRACTION)."""
    return nnz * SPARSE_FRACTION <= dim


def _sparse_dots(emb: np.ndarray, q: np.ndarray, nz: np.ndarray,
                 pick: slice | np.ndarray) -> np.ndarray:
    """q @ emb[:, pick] reading only the rows where q is non-zero (float32).

    One contiguous row of `emb` per non-zero, multiplied into a scratch column and
    accumulated: two column-sized buffers per query, whatever the number of non-zeros.
    """
    rows = nz.tolist()
    weights = q[nz]  # numpy float32 scalars: the arithmetic stays float32
    out: np.ndarray = emb[rows[0], pick] * weights[0]
    scratch = np.empty_like(out)
    for r, w in zip(rows[1:], weights[1:]):
        np.multiply(emb[r, pick], w, out=scratch)
        out += scratch
    return out


def dots(emb: np.ndarray, q: np.ndarray, n: int, cols: np.ndarray | None) -> np.ndarray:
    """q · every stored embedding below n (or only those in `cols`), float32.

    On the by-dimension layout the query's non-zero count picks the sparse or the dense
    product (see SPARSE_FRACTION); the by-memory layout always runs the row-major
    mat-vec. All paths compute the same sums; only the float32 rounding order differs.
    """
    nz = np.flatnonzero(q)
    m = n if cols is None else int(cols.size)
    if nz.size == 0:
        return np.zeros(m, dtype=np.float32)
    # A filter that leaves few memories gathers their columns; otherwise one pass over
    # all n and a fancy index afterwards beats gathering.
    gather = cols is not None and cols.size < n // 4
    pick = cols if gather else slice(0, n)
    if not is_by_dimension(emb):
        out = _matvec(emb.T[pick], q)  # emb.T is the C-order (capacity x dim) array
    elif is_sparse(nz.size, q.size):
        out = _sparse_dots(emb, q, nz, pick)  # type: ignore[arg-type]
    else:
        out = _vecmat(q, emb[:, pick])
    if cols is not None and not gather:
        out = out[cols]
    return out


def inverse_norm(vectors: np.ndarray) -> np.ndarray | np.float32:
    """1 / L2 norm of each row as float32, 0 for (near-)zero vectors."""
    if vectors.ndim == 1:  # one memory being added: skip einsum's set-up cost (~10 us)
        v = vectors.astype(np.float64)
        norm = math.sqrt(float(v @ v))
        return np.float32(1.0 / norm if norm > TINY_NORM else 0.0)
    # Squares summed in float64 (buffered: no float64 copy of a 100k-row load).
    norms = np.sqrt(np.einsum("...i,...i->...", vectors, vectors, dtype=np.float64))
    ok = norms > TINY_NORM
    inverse: np.ndarray = np.divide(1.0, norms, out=np.zeros_like(norms), where=ok).astype(np.float32)
    return inverse


def new_matrix(dim: int, capacity: int, by_dimension: bool) -> np.ndarray:
    """A zeroed (dim x capacity) float32 embedding matrix in the given layout."""
    if by_dimension:
        return np.zeros((dim, capacity), dtype=np.float32)
    return np.zeros((capacity, dim), dtype=np.float32).T
