"""What every level reasons with: draw odds, the evaluation, guards, the turn planner, tactics, win
chance.
"""
