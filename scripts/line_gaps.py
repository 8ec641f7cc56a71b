#!/usr/bin/env python3
"""Word spacing of a book's justified body lines, read from its PDF with poppler's word boxes
(pdftotext -bbox), for `folio-bench`'s comparison with Typst.

Usage: line_gaps.py PDF [PDF...]            one JSON object per PDF, in a JSON list
       line_gaps.py --typst SOURCE.typ PDF   compiles SOURCE with Typst (pip typst) into PDF first

Body lines are the lines of words as tall as the book's most common word (the body face at its
size: running heads, dates and headings are other sizes); justified ones begin at the text's
left edge (or its first-line indent) and end at its right edge (the most common line end, to the
point), less a point, or past it by a hanging mark. Folio's justified lines end anywhere from
0.7 pt short of the measure to 0.3 pt past it (Pango rounds glyph positions), Typst's on it; half
a point below the rounded edge left out a third of Folio's justified lines and none of Typst's. A line's gap is the mean of the spaces between its
words. Figures: the share of justified lines whose gap is over 1.5x and 2x the median line's, the
coefficient of variation of the gaps, the share ending in a hyphen, and the longest run of body
lines in a row that end in one; for a book in more than one script, the same figures for each
script's lines apart (a line's script is its letters' majority), under "scripts".
"""
import json
import re
import statistics
import subprocess
import sys
import unicodedata
from collections import Counter

DEBUG = False
HYPHENS = ("\u00ad", "-", "\u2010")
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')


def words_by_page(pdf):
    out = subprocess.run(["pdftotext", "-bbox", pdf, "-"], check=True, capture_output=True, text=True).stdout
    for page in out.split("<page ")[1:]:
        yield [(float(a), float(b), float(c), float(d), e) for a, b, c, d, e in WORD.findall(page)]


def lines_of(words, height):
    """The page's body words grouped into lines, top to bottom, each left to right."""
    rows = []
    for x0, y0, x1, y1, text in sorted(words, key=lambda w: (round(w[1], 0), w[0])):
        if abs((y1 - y0) - height) > 0.3:
            continue
        if rows and abs(rows[-1][0] - y0) < 1.0:
            rows[-1][1].append((x0, x1, text))
        else:
            rows.append((y0, [(x0, x1, text)]))
    return [sorted(row, key=lambda w: w[0]) for _, row in rows]


def script_of(line):
    """The script most of a line's letters are in, by their Unicode names (LATIN, CYRILLIC…)."""
    names = Counter(unicodedata.name(ch, "?").split()[0].lower() for word in line for ch in word[2] if ch.isalpha())
    return names.most_common(1)[0][0] if names else "none"


def figures(records, longest):
    """records: (gap, ends in a hyphen) of each justified line, in order."""
    gaps = [gap for gap, _ in records]
    lines = len(gaps)
    median = statistics.median(gaps)
    mean = statistics.fmean(gaps)
    return {
        "lines": lines, "median_gap": median,
        "over_1_5": sum(g > 1.5 * median for g in gaps) / lines,
        "over_2": sum(g > 2 * median for g in gaps) / lines,
        "cv": statistics.pstdev(gaps) / mean,
        "hyphenated": sum(h for _, h in records) / lines,
        "longest_hyphen_run": longest,
    }


def measure(pdf):
    pages = list(words_by_page(pdf))
    heights = Counter(round(y1 - y0, 1) for page in pages for x0, y0, x1, y1, t in page)
    height = heights.most_common(1)[0][0]
    body = [lines_of(page, height) for page in pages]
    # Lines ending in a letter: hanging punctuation (margin kerning) ends past the edge.
    ends = Counter(round(line[-1][1]) for page in body for line in page if len(line) > 1 and line[-1][2][-1:].isalnum())
    starts = Counter(round(line[0][0]) for page in body for line in page if len(line) > 1)
    right, left = ends.most_common(1)[0][0], starts.most_common(1)[0][0]
    records, run, longest = [], 0, 0
    # Per script: its justified lines, and its longest run of body lines in a row ending in a hyphen.
    scripts, runs, longest_of = {}, Counter(), Counter()
    for page in body:
        for line in page:
            ends_hyphen = line[-1][2].endswith(HYPHENS)
            script = script_of(line)
            run = run + 1 if ends_hyphen else 0
            longest = max(longest, run)
            # A line of another script between two hyphenated ones breaks the run.
            for other in list(runs):
                if other != script:
                    runs[other] = 0
            runs[script] = runs[script] + 1 if ends_hyphen else 0
            longest_of[script] = max(longest_of[script], runs[script])
            justified = (len(line) > 1 and line[-1][1] >= right - 1.0 and line[-1][1] <= right + 6
                         and left - 6 <= line[0][0] <= left + 30)
            # A contents line: a title, a wide gap, a page number.
            contents = line[-1][2].isdigit() and line[-1][0] - line[-2][1] > 30
            if not justified or contents:
                continue
            spaces = [b[0] - a[1] for a, b in zip(line, line[1:])]
            records.append((sum(spaces) / len(spaces), ends_hyphen))
            scripts.setdefault(script, []).append(records[-1])
            if DEBUG and records[-1][0] > 3 * 3.5:
                print(records[-1][0], [w[2] for w in line], file=sys.stderr)
    result = {"pdf": pdf, "left": left, "right": right, **figures(records, longest)}
    # Scripts with at least a twentieth of the lines each, when there are two or more.
    shown = {name: lines for name, lines in scripts.items() if len(lines) >= len(records) / 20}
    if len(shown) > 1:
        result["scripts"] = {name: figures(lines, longest_of[name]) for name, lines in shown.items()}
    return result


def main(argv):
    if len(argv) == 3 and argv[0] == "--typst":
        import typst
        typst.compile(argv[1], output=argv[2])
        argv = [argv[2]]
    print(json.dumps([measure(pdf) for pdf in argv]))


if __name__ == "__main__":
    main(sys.argv[1:])
