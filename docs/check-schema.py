#!/usr/bin/env python3
"""Checks docs/deck.schema.json against the decks in Examples/ and a few invalid decks.

Run by `swift test` (DocumentationTests) with Debian's python3 and python3-jsonschema; by hand from
anywhere:  python3 docs/check-schema.py  (needs the jsonschema package: apt or pip).
When the built binary (.build/debug/stories-tui) exists, every deck is also given to
`stories-tui --check`, and the schema and the validator must agree on it.
"""
import glob
import json
import os
import subprocess
import sys
import struct
import tempfile
import zlib

try:
    import jsonschema
except ImportError:
    sys.exit("check-schema: needs the jsonschema package (pip install jsonschema)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "debug", "stories-tui")

STORY = {"title": "T"}

# Decks the validator refuses and the schema can tell apart. (Duplicate ids, a `start` that names
# no story, text that is blank (only white space) or empty only after sanitising are beyond a schema:
# --check finds them.)
INVALID = {
    "empty array": [],
    "a string": "deck",
    "no stories or groups": {"title": "x"},
    "stories and groups": {"stories": [STORY], "groups": [{"title": "g", "stories": [STORY]}]},
    "empty stories": {"stories": []},
    "empty groups": {"groups": []},
    "group without title": {"groups": [{"stories": [STORY]}]},
    "group without stories": {"groups": [{"title": "g"}]},
    "group with no story": {"groups": [{"title": "g", "stories": []}]},
    "group unknown key": {"groups": [{"title": "g", "stories": [STORY], "name": "x"}]},
    "unknown deck key": {"stories": [STORY], "strat": "loop"},
    "unknown story key": [{"title": "T", "captoin": "x"}],
    "nothing to show": [{"id": "a", "alt": "only alt"}],
    "empty title only": [{"title": ""}],
    "duration 0": {"duration": 0, "stories": [STORY]},
    "duration negative": [{"title": "T", "duration": -1}],
    "duration too long": [{"title": "T", "duration": 86401}],
    "duration a string": [{"title": "T", "duration": "5"}],
    "leeway negative": {"leeway": -0.5, "stories": [STORY]},
    "leeway too long": {"leeway": 3601, "stories": [STORY]},
    "strategy unknown": {"strategy": "repeat", "stories": [STORY]},
    "theme unknown": {"theme": "blue", "stories": [STORY]},
    "story theme unknown": [{"title": "T", "theme": "sepia"}],
    "start 0": {"start": 0, "stories": [STORY]},
    "start fraction": {"start": 1.5, "stories": [STORY]},
    "start true": {"start": True, "stories": [STORY]},
    "null title": [{"title": None, "caption": "c"}],
    "empty id": [{"id": "", "title": "T"}],
    "story not an object": ["T"],
    "$schema not a string": {"$schema": 1, "stories": [STORY]},
    "$schema in a story": [{"$schema": "x", "title": "T"}],
    "colour name unknown": [{"title": "T", "background": "bleu"}],
    "colour name in capitals": {"accent": "Red", "stories": [STORY]},
    "colour with 5 digits": [{"title": "T", "accent": "#12345"}],
    "colour not a string": {"background": 1, "stories": [STORY]},
    "fit unknown": [{"title": "T", "fit": "fill"}],
    "gradient of one colour": [{"title": "T", "background": ["red"]}],
    "gradient of four colours": {"background": ["red", "blue", "green", "white"], "stories": [STORY]},
    "gradient with a bad colour": [{"title": "T", "background": ["red", "bleu"]}],
    "gradient on the accent": [{"title": "T", "accent": ["red", "blue"]}],
    "link javascript:": [{"title": "T", "link": "javascript:alert(1)"}],
    "link without a scheme": [{"title": "T", "link": "example.com"}],
    "link with a space": [{"title": "T", "link": "https://example.com/a b"}],
    "link with ESC": [{"title": "T", "link": "https://example.com/\u001b]8;;x"}],
    "link without a host": [{"title": "T", "link": "https://"}],
    "link of 10 KB": [{"title": "T", "link": "https://example.com/" + "a" * 10240}],
    "link not a string": [{"title": "T", "link": 1}],
    "link on the deck": {"link": "https://example.com", "stories": [STORY]},
    "fit on the deck": {"fit": "cover", "stories": [STORY]},
}

VALID = {
    "array": [STORY],
    "every key": {
        "title": "t", "duration": 86400, "strategy": "loop", "leeway": 3600, "start": 2, "theme": "light",
        "stories": [
            {"id": "a", "title": "A", "caption": "c", "duration": 0.001, "art": "x", "image": "i.png",
             "alt": "alt", "theme": "dark"},
            {"caption": "only a caption"},
        ],
    },
    "groups": {"start": "b", "groups": [{"title": "", "stories": [{"id": "b", "art": "*"}]}]},
    "start 2.0": {"start": 2.0, "stories": [STORY, STORY]},
    "leeway 0": {"leeway": 0, "stories": [{"image": "p.png"}]},
    "$schema": {"$schema": "https://example.org/deck.schema.json", "stories": [STORY]},
    "gradients and links": {"background": ["black", "#102030"], "stories": [
        {"title": "A", "background": ["#ff8a00", "red", "grey"], "link": "https://example.com/a?b=c#d"},
        {"title": "B", "background": ["white", "blue"], "link": "MAILTO:ana@example.com"},
        {"title": "C", "link": "http://[::1]:8080/x"}]},
    "colours and fit": {"background": "#0a0B0c", "accent": "bright-cyan", "stories": [
        {"title": "T", "background": "grey", "accent": "gray", "fit": "cover"},
        {"title": "U", "background": "black", "fit": "contain"}]},
}


def tiny_png():
    """A 1x1 grey PNG, so that the valid decks' images exist and decode when --check looks at them."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\x80"))
            + chunk(b"IEND", b""))


def check_binary(path):
    """The exit status of `stories-tui --check path`, or None without a built binary."""
    if not os.access(BINARY, os.X_OK):
        return None
    return subprocess.run([BINARY, "--check", path], capture_output=True).returncode


def main():
    with open(os.path.join(ROOT, "docs", "deck.schema.json"), encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = []

    examples = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")))
    if not examples:
        failures.append("no decks in Examples/")
    for path in examples:
        with open(path, encoding="utf-8") as file:
            deck = json.load(file)
        errors = [error.message for error in validator.iter_errors(deck)]
        name = os.path.relpath(path, ROOT)
        if errors:
            failures.append(f"{name}: the schema refuses it: {errors[0]}")
        status = check_binary(path)
        if status not in (None, 0):
            failures.append(f"{name}: stories-tui --check exits {status}")
        print(f"ok   {name}")

    with tempfile.TemporaryDirectory() as folder:
        for name in ("i.png", "p.png"):
            with open(os.path.join(folder, name), "wb") as file:
                file.write(tiny_png())
        for expected_valid, cases in ((True, VALID), (False, INVALID)):
            for name, deck in cases.items():
                schema_valid = validator.is_valid(deck)
                path = os.path.join(folder, "deck.json")
                with open(path, "w", encoding="utf-8") as file:
                    json.dump(deck, file)
                status = check_binary(path)
                checker_valid = None if status is None else status == 0
                word = "valid" if expected_valid else "invalid"
                if schema_valid != expected_valid:
                    failures.append(f"{name}: the schema calls it {'valid' if schema_valid else 'invalid'}")
                elif checker_valid is not None and checker_valid != expected_valid:
                    failures.append(f"{name}: stories-tui --check exits {status}, expected {word}")
                else:
                    print(f"ok   {word}: {name}")

    for failure in failures:
        print(f"FAIL {failure}")
    if failures:
        sys.exit(1)
    print("the schema agrees with the Examples and with stories-tui --check")


if __name__ == "__main__":
    main()
