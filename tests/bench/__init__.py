"""Offline benchmarks and studies for graphmem (data is read from ../shared/data, never vendored)."""
