"""What the benchmarks share in reporting: the nearest-rank percentile of a sample."""

from __future__ import annotations


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted sample lies (nearest rank); NaN for no sample."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")
