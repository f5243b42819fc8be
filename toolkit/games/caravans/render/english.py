"""English agreement for rules text generated from effects: a count agrees with its noun
("take 1 hit", "take 2 hits", "1 success"), and a party whose name is plural ("The Dust
Jackals") takes a plural verb ("move toward their nearest target")."""

from __future__ import annotations

import re

NOUNS = {"hit": "hits", "mercenary": "mercenaries", "card": "cards", "action": "actions",
         "die": "dice", "point": "points", "success": "successes", "skull": "skulls",
         "marker": "markers", "gold piece": "gold pieces"}
_SINGULAR = {plural: singular for singular, plural in NOUNS.items()}
COUNT = re.compile(r"\b(\d+)( extra)? (" + "|".join(
    sorted(list(NOUNS) + list(NOUNS.values()), key=len, reverse=True)) + r")\b")
VERBS = {" moves toward its ": " move toward their ", " moves toward ": " move toward ",
         " enters play": " enter play", " moves ": " move "}


def agree_counts(text: str) -> str:
    def fix(match: re.Match) -> str:
        count, extra, noun = match.group(1), match.group(2) or "", match.group(3)
        singular = _SINGULAR.get(noun, noun)
        return f"{count}{extra} {singular if count == '1' else NOUNS[singular]}"
    return COUNT.sub(fix, text)


def is_plural_name(name: str) -> bool:
    last = name.split()[-1] if name.split() else ""
    return last.endswith("s") and not last.endswith(("ss", "'s", "us"))


def agree(text: str, subject: str | None = None) -> str:
    """`text` with counts agreeing, verbs agreeing with `subject` when it leads, a capital
    first letter and curly apostrophes."""
    text = agree_counts(text)
    if subject and text.startswith(subject) and is_plural_name(subject):
        rest = text[len(subject):]
        for singular, plural in VERBS.items():
            if rest.startswith(singular):
                text = subject + plural + rest[len(singular):]
                break
    return typeset(text)


def typeset(text: str) -> str:
    """A capital first letter and typographic apostrophes."""
    return (text[:1].upper() + text[1:]).replace("'", "\u2019")
