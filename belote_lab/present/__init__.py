"""Presentation: charts of the engine's results (``plots``).
"""
