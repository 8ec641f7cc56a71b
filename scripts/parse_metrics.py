#!/usr/bin/env python3
"""Parses Prometheus text exposition (the file named, else stdin) with prometheus_client's own parser (the one a
scraper trusts) and prints every sample as JSON: {"families": {name: type}, "samples": [...]}.
A malformed exposition makes the parser raise, and this script exit non-zero."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families

families = {}
samples = []
text = open(sys.argv[1], encoding="utf-8").read() if len(sys.argv) > 1 else sys.stdin.read()
for family in text_string_to_metric_families(text):
    families[family.name] = family.type
    for sample in family.samples:
        samples.append({"name": sample.name, "labels": sample.labels, "value": sample.value})
json.dump({"families": families, "samples": samples}, sys.stdout)
