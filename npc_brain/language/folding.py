"""Folding: text compared the way a reader compares it — case, accents and possessives aside."""
from __future__ import annotations

import re
import unicodedata

__all__ = ["fold"]


def fold(text: str) -> str:
    """Lowercase without accents or possessive 's: 'Café' → 'cafe', "Isabella's" → 'isabella'."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"['’]s\b", "", text.lower()).replace("’", "'")
