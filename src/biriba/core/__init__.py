"""The rules engine: pure game logic with no I/O, no clock and no global random state."""
