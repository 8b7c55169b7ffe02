"""Simulation: many hands played by the computer levels, and what they show (``simulate``,
``selfplay``, ``analysis``, ``comparison``).
"""
