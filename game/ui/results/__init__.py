"""What the end of a game shows: the celebration, the victory tracks, the review chart."""
