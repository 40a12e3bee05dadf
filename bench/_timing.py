"""The latency summary every timing bench prints: median, 95th percentile and worst, in ms."""

from __future__ import annotations

import statistics


def ms_summary(samples: list[float], digits: int = 2) -> dict[str, float]:
    """``samples`` (seconds) as ``{"p50", "p95", "max"}`` in milliseconds."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "p50": round(statistics.median(ordered) * 1e3, digits),
        "p95": round(p95 * 1e3, digits),
        "max": round(ordered[-1] * 1e3, digits),
    }
