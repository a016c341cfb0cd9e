"""What a python-holidays name says besides the holiday: the patterns the data set relies on.

python-holidays marks observed, estimated and half-day market holidays only in the name
(in English: "Independence Day (observed)", "Eid al-Fitr (estimated)", "Christmas Eve
(markets close at 1:00pm)") and joins several holidays of one day with "; ". The
generator derives its columns from the English name with these functions, so every
pattern it relies on is listed here and pinned by test_names.py.
"""

import re

SEPARATOR = "; "

OBSERVED = re.compile(r"\s*\(observed(?:, estimated)?\)")
ESTIMATED = re.compile(r"\((?:observed, )?estimated\)")
# "(markets close at 1:00pm)", "(markets close at 14:05 CET)", "(markets close at 12:30 p.m. SGT)"
CLOSE_AT = re.compile(
    r"\(markets close at (\d{1,2}):(\d{2}) ?(am|pm|a\.m\.|p\.m\.)?(?: ([A-Z]{2,5}))?\)")
# Half days without a time.
CLOSE_EARLY = re.compile(r"\((?:markets close early|half-day closing|Half-Day Trading Day)\)")


def split(name):
    """The holidays of one day, in python-holidays' order."""
    return name.split(SEPARATOR)


def is_observed(english):
    return OBSERVED.search(english) is not None


def observed_base(english):
    """The name of the holiday an observed day stands in for ("X (observed)" -> "X")."""
    return OBSERVED.sub("", english).strip()


def plain_name(english):
    """The name without an estimate mark, to match an observed day with its original."""
    return re.sub(r"\s*\(estimated\)", "", english).strip()


def is_estimated(english):
    return ESTIMATED.search(english) is not None


def close_time(english):
    """'13:00', '13:30 NZDT', 'early' for a half day without a time, or '' for a full day."""
    match = CLOSE_AT.search(english)
    if match:
        hour, minute, half, zone = int(match.group(1)), match.group(2), match.group(3), match.group(4)
        if half in ("pm", "p.m.") and hour < 12:
            hour += 12
        if half in ("am", "a.m.") and hour == 12:
            hour = 0
        text = f"{hour:02d}:{minute}"
        return f"{text} {zone}" if zone else text
    if CLOSE_EARLY.search(english):
        return "early"
    return ""
