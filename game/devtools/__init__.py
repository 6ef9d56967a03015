"""Developer tools (benchmarks, arena, model fitting, screenshots): never shipped in the bundle or
the wheel.
"""
