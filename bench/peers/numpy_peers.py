"""Peers for bench/patterns.ts: exact z-normalised L2 top-k window search written with numpy.

Two peers, same semantics as the engine (population std; matches never overlap each other, |a - b| < m,
nor the excluded range [a, b); greedy best first, ties to the lower start; a constant window scores
sqrt(m) against a non-constant query; windows holding a non-finite value are never returned):

  brute  z-normalises every window (sliding_window_view, in chunks to bound memory) and measures the
         distance directly: what a numpy user writes first.
  mass   MASS given precomputed window statistics (the algorithm behind STUMPY's `mass`): per query, the
         sliding dot product by one real FFT of the whole series, then
         D^2 = 2m (1 - (QT - m mu_q mu_t) / (m sigma_q sigma_t)); top-k by argmin and blanking +-(m-1),
         as STUMPY's `match` does. The window statistics are computed once per (series, m), untimed.

Protocol: one JSON request on stdin, {"file": raw float64 path, "k": 10, "reps": r, "brute_reps": b,
"mass_min_ms": t, "queries": {"<m>": [start, ...]}} (MASS runs at least r times and until its runs add up to t
ms); one JSON answer on stdout with, per (m, start), each peer's median ms
and its matches [[start, distance], ...]. Single-threaded BLAS/FFT is enforced by the caller's environment.
"""

import json
import sys
import time

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

CHUNK_WINDOWS = 1 << 14


def greedy_top_k(dist, m, k, exclude):
    """argmin, then blank every start overlapping the pick; returns [[start, distance], ...]."""
    d = dist.copy()
    a, b = exclude
    d[max(0, a - m + 1):b] = np.inf
    picks = []
    for _ in range(k):
        i = int(np.argmin(d))
        if not np.isfinite(d[i]):
            break
        picks.append([i, float(d[i])])
        d[max(0, i - m + 1):i + m] = np.inf
    return picks


def znorm_query(q):
    sd = q.std()
    return np.zeros_like(q) if np.all(q == q[0]) else (q - q.mean()) / sd


def brute(x, start, m, k):
    q = x[start:start + m]
    qz = znorm_query(q)
    q_constant = not qz.any()
    count = len(x) - m + 1
    dist = np.empty(count)
    for lo in range(0, count, CHUNK_WINDOWS):
        hi = min(count, lo + CHUNK_WINDOWS)
        w = sliding_window_view(x[lo:hi + m - 1], m)
        mu = w.mean(axis=1, keepdims=True)
        sd = w.std(axis=1, keepdims=True)
        constant = np.all(w == w[:, :1], axis=1)
        z = np.where(constant[:, None], 0.0, (w - mu) / np.where(constant[:, None], 1.0, sd))
        d = np.sqrt(((z - qz) ** 2).sum(axis=1))
        if q_constant:
            d = np.where(constant, 0.0, np.sqrt(m))
        d[~np.isfinite(w).all(axis=1)] = np.inf
        dist[lo:hi] = d
    return greedy_top_k(dist, m, k, (start, start + m))


def window_stats(x, m):
    """Mean and population std of every window, computed once (untimed, like STUMPY's precomputed M_T, Sigma_T)."""
    w = sliding_window_view(x, m)
    mu = w.mean(axis=1)
    sd = w.std(axis=1)
    constant = np.all(w == w[:, :1], axis=1)
    finite = np.isfinite(w).all(axis=1)
    return mu, sd, constant, finite


def mass(x_clean, stats, start, m, k):
    mu_t, sd_t, constant, finite = stats
    n = len(x_clean)
    q = x_clean[start:start + m]
    mu_q = q.mean()
    sd_q = q.std()
    size = 1 << int(np.ceil(np.log2(n + m)))
    qt = np.fft.irfft(np.fft.rfft(x_clean, size) * np.fft.rfft(q[::-1], size), size)[m - 1:n]
    with np.errstate(divide="ignore", invalid="ignore"):
        rho = (qt - m * mu_q * mu_t) / (m * sd_q * sd_t)
        d = np.sqrt(np.maximum(2 * m * (1 - rho), 0.0))
    d[constant] = np.sqrt(m)
    d[~finite] = np.inf
    return greedy_top_k(d, m, k, (start, start + m))


def timed(run, reps, min_ms=0.0):
    times = []
    result = None
    while len(times) < reps or sum(times) < min_ms:
        t0 = time.perf_counter()
        result = run()
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return result, times[(len(times) - 1) // 2]


def main():
    request = json.load(sys.stdin)
    x = np.fromfile(request["file"], dtype=np.float64)
    x_clean = np.where(np.isfinite(x), x, 0.0)
    k = request["k"]
    rows = []
    for m_text, starts in request["queries"].items():
        m = int(m_text)
        stats = window_stats(x, m)
        for start in starts:
            mass(x_clean, stats, start, m, k)  # warm-up (FFT plan caches, allocation)
            mass_matches, mass_ms = timed(lambda: mass(x_clean, stats, start, m, k), request["reps"],
                                          request.get("mass_min_ms", 0.0))
            brute_matches, brute_ms = timed(lambda: brute(x, start, m, k), request["brute_reps"])
            rows.append({
                "m": m,
                "start": start,
                "brute": {"ms": brute_ms, "matches": brute_matches},
                "mass": {"ms": mass_ms, "matches": mass_matches},
            })
    json.dump({"numpy": np.__version__, "rows": rows}, sys.stdout)


if __name__ == "__main__":
    main()
