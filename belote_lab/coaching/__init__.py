"""Coaching: what the package tells a learner about a hand (``hints``, ``advice``, ``review``,
``problems``, ``declaring``, ``progress``).
"""
