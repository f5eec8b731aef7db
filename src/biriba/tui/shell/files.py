"""Reading a saved record's file, for every game's table."""

from __future__ import annotations

import json
from pathlib import Path

from biriba.core.errors import InvalidInputError


def read_json_file(path: Path) -> object:
    """The JSON of a record file; :class:`InvalidInputError` naming the file if it cannot be read."""
    try:
        text = path.read_bytes().decode("utf-8-sig")  # editors on Windows may write a byte-order mark
    except OSError as error:
        raise InvalidInputError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise InvalidInputError(f"{path} is not a UTF-8 text file (byte {error.start}): expected JSON") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidInputError(f"{path}: malformed JSON: {error}") from None
