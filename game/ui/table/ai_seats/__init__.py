"""The AI seats at the table: their workers, their simultaneous draws and the hint request."""
