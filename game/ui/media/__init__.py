"""Pictures, fonts and sounds: the sprites (or their placeholders) and the effects."""
