#!/usr/bin/env python3
"""Validate the bundled timeline: Resources/tweets.json and Resources/tweets-new.json.

Usage: Scripts/check-tweets.py [RESOURCES_DIR]

Checks the shape of every tweet (keys, types, ids, handles, text, dates, counts), that no
string holds a control or bidi-control character, that the refresh file is entirely newer
than the timeline, and that the timeline has enough mentions, hashtags, URLs, emoji, CJK and
right-to-left text to exercise the app. Exits 1 with one line per problem, or prints a summary.
"""
import json
import os
import re
import sys
from datetime import datetime, timezone
from urllib.parse import urlsplit

KEYS = ["id", "name", "handle", "text", "date", "replies", "retweets", "favorites"]
HANDLE = re.compile(r"@[A-Za-z0-9_]{1,15}")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")
MENTION = re.compile(r"(?<![\w@])@\w+")
HASHTAG = re.compile(r"(?<![\w#])#\w+")
URL = re.compile(r"https://\S+")
URL_HOSTS = ("example.com", "example.org", "example.net")
BIDI_CONTROLS = {0x200E, 0x200F, 0x061C} | set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))
READER = ("@reader", "You")

FILES = {
    # name: (count, first id number, earliest date, latest date, "@reader" tweets)
    "tweets.json": (160, 1, "2026-09-01T00:00:00Z", "2026-11-22T23:59:59Z", 6),
    "tweets-new.json": (20, 161, "2026-11-23T06:00:00Z", "2026-11-23T11:00:00Z", 1),
}
MINIMUMS = {  # for tweets.json
    "mentions": 40, "hashtags": 40, "urls": 25, "emoji": 30, "cjk": 10, "rtl": 8,
    "line breaks": 5, "long (240-280)": 15, "short (<20)": 3,
    "flag emoji": 1, "skin-tone emoji": 1, "ZWJ emoji": 1,
}


def parse_date(text):
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def is_emoji(c):
    return ord(c) >= 0x1F000 or 0x2600 <= ord(c) <= 0x27BF


def is_cjk(c):
    o = ord(c)
    return 0x3040 <= o <= 0x30FF or 0x4E00 <= o <= 0x9FFF or 0xAC00 <= o <= 0xD7AF


def is_rtl(c):
    return 0x0590 <= ord(c) <= 0x06FF


def bad_characters(value, allow_newline):
    """Describe every forbidden character in a string."""
    found = []
    for index, c in enumerate(value):
        o = ord(c)
        if c == "\n" and allow_newline:
            continue
        if o <= 0x1F or 0x7F <= o <= 0x9F:
            found.append(f"control character U+{o:04X} at {index}")
        elif o in BIDI_CONTROLS:
            found.append(f"bidi control U+{o:04X} at {index}")
    return found


def features(text):
    """Which of the counted features a tweet text has."""
    urls = URL.findall(text)
    return {
        "mentions": bool(MENTION.search(text)),
        "hashtags": bool(HASHTAG.search(text)),
        "urls": bool(urls),
        "emoji": any(map(is_emoji, text)),
        "cjk": any(map(is_cjk, text)),
        "rtl": any(map(is_rtl, text)),
        "line breaks": "\n" in text,
        "long (240-280)": 240 <= len(text) <= 280,
        "short (<20)": len(text) < 20,
        "flag emoji": bool(re.search("[\U0001F1E6-\U0001F1FF]{2}", text)),
        "skin-tone emoji": bool(re.search("[\U0001F3FB-\U0001F3FF]", text)),
        "ZWJ emoji": bool(re.search("\u200d", text)),
    }


def check_url(url):
    url = url.rstrip(".,;:!?)]}'\"。、！？」")
    host = urlsplit(url).hostname or ""
    if not any(host == h or host.endswith("." + h) for h in URL_HOSTS):
        return f"URL {url!r} is not on example.com/.org/.net"
    return None


def check_file(path, name, errors, seen_ids, names_by_handle):
    count, first_id, earliest, latest, reader_count = FILES[name]
    where = os.path.relpath(path)
    try:
        with open(path, encoding="utf-8") as file:
            raw = file.read()
        tweets = json.loads(raw)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        errors.append(f"{where}: cannot read as UTF-8 JSON: {error}")
        return []
    if not isinstance(tweets, list):
        errors.append(f"{where}: top level is {type(tweets).__name__}, expected an array")
        return []
    if len(tweets) != count:
        errors.append(f"{where}: {len(tweets)} tweets, expected exactly {count}")
    if raw != json.dumps(tweets, indent=2, ensure_ascii=False) + "\n":
        errors.append(f"{where}: not pretty-printed as json.dumps(indent=2, ensure_ascii=False) plus a final newline")
    expected_ids = {f"t{n:04d}" for n in range(first_id, first_id + count)}
    low, high = parse_date(earliest), parse_date(latest)
    good = []
    for position, tweet in enumerate(tweets):
        label = f"{where}[{position}]"
        if not isinstance(tweet, dict):
            errors.append(f"{label}: not an object")
            continue
        if list(tweet) != KEYS:
            errors.append(f"{label}: keys are {list(tweet)}, expected exactly {KEYS} in that order")
            continue
        label += f" ({tweet['id']!r})"
        ok = True
        for key in KEYS[:5]:
            if not isinstance(tweet[key], str):
                errors.append(f"{label}: {key} must be a string")
                ok = False
        for key in KEYS[5:]:
            value = tweet[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                errors.append(f"{label}: {key} must be a non-negative integer, got {value!r}")
                ok = False
        if not ok:
            continue
        for key in KEYS[:5]:
            for problem in bad_characters(tweet[key], allow_newline=(key == "text")):
                errors.append(f"{label}: {key} has a {problem}")
        if tweet["id"] not in expected_ids:
            errors.append(f"{label}: id outside t{first_id:04d}..t{first_id + count - 1:04d}")
        if tweet["id"] in seen_ids:
            errors.append(f"{label}: duplicate id (also {seen_ids[tweet['id']]})")
        seen_ids[tweet["id"]] = label
        handle, text = tweet["handle"], tweet["text"]
        if not HANDLE.fullmatch(handle):
            errors.append(f"{label}: handle {handle!r} must be '@' plus 1-15 letters, digits or underscores")
        if not tweet["name"].strip():
            errors.append(f"{label}: empty name")
        if (handle == READER[0]) != (tweet["name"] == READER[1]):
            errors.append(f"{label}: handle {READER[0]!r} goes with name {READER[1]!r} and only with it")
        first_name = names_by_handle.setdefault(handle, tweet["name"])
        if first_name != tweet["name"] and (handle, tweet["name"]) not in seen_ids:
            seen_ids[(handle, tweet["name"])] = label  # report each differing name once
            errors.append(f"{label}: {handle} is named {tweet['name']!r} here but {first_name!r} earlier")
        if not 1 <= len(text) <= 280:
            errors.append(f"{label}: text is {len(text)} code points, expected 1-280")
        if text != text.strip():
            errors.append(f"{label}: text has leading or trailing whitespace")
        for url in URL.findall(text):
            problem = check_url(url)
            if problem:
                errors.append(f"{label}: {problem}")
        if "http://" in text:
            errors.append(f"{label}: plain http:// URL")
        if not DATE.fullmatch(tweet["date"]):
            errors.append(f"{label}: date {tweet['date']!r} is not like 2026-11-20T14:03:00Z")
            continue
        try:
            date = parse_date(tweet["date"])
        except ValueError as error:
            errors.append(f"{label}: date {tweet['date']!r} does not parse: {error}")
            continue
        if not low <= date <= high:
            errors.append(f"{label}: date {tweet['date']} outside {earliest} .. {latest}")
        good.append((tweet, date))
    missing = expected_ids - {tweet["id"] for tweet, _ in good}
    if missing and len(tweets) == count:
        errors.append(f"{where}: missing ids {sorted(missing)[:5]}")
    readers = sum(tweet["handle"] == READER[0] for tweet, _ in good)
    if readers != reader_count:
        errors.append(f"{where}: {readers} tweets by {READER[0]}, expected exactly {reader_count}")
    return good


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources")
    errors, seen_ids, names_by_handle = [], {}, {}
    loaded = {name: check_file(os.path.join(root, name), name, errors, seen_ids, names_by_handle) for name in FILES}
    timeline, fresh = loaded["tweets.json"], loaded["tweets-new.json"]
    if timeline and fresh:
        newest = max(date for _, date in timeline)
        stale = [tweet["id"] for tweet, date in fresh if date <= newest]
        if stale:
            errors.append(f"tweets-new.json: {stale} not newer than the newest tweets.json date {newest:%Y-%m-%dT%H:%M:%SZ}")
    totals = {key: 0 for key in MINIMUMS}
    for tweet, _ in timeline:
        for key, present in features(tweet["text"]).items():
            totals[key] += present
    for key, minimum in MINIMUMS.items():
        if totals[key] < minimum:
            errors.append(f"tweets.json: {totals[key]} tweets with {key}, expected at least {minimum}")
    if errors:
        for error in errors:
            print(f"error: {error}", file=sys.stderr)
        print(f"{len(errors)} problem(s) found", file=sys.stderr)
        return 1
    authors = {tweet["handle"] for tweet, _ in timeline + fresh}
    dates = sorted(date for _, date in timeline)
    print(f"OK: {len(timeline)} tweets + {len(fresh)} new, {len(authors)} authors, "
          f"{dates[0]:%Y-%m-%d} .. {dates[-1]:%Y-%m-%d}, then {min(d for _, d in fresh):%Y-%m-%dT%H:%M}Z ..")
    print("tweets.json: " + ", ".join(f"{key} {totals[key]}" for key in MINIMUMS))
    print(f"@reader: {sum(t['handle'] == READER[0] for t, _ in timeline)} in tweets.json, "
          f"{sum(t['handle'] == READER[0] for t, _ in fresh)} in tweets-new.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
