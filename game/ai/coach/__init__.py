"""Advice for a human: the hint at the table and the review of a finished game."""
