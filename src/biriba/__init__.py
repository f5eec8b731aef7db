"""Biriba (Μπιρίμπα), the Greek rummy card game: rules engine, bots and tools."""

__version__ = "0.1.0"
