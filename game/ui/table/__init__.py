"""The table's parts: the board, the seats, controls, HUD, targets, the match and its event
director.
"""
