#!/usr/bin/env python3
"""What a tagged PDF's structure tree costs in bytes (make bench).

Writes the file twice with pikepdf, the same writer and settings: once as it is, once with the
structure tree taken out (the catalog's StructTreeRoot, MarkInfo and Lang, each page's
StructParents, and the marked-content operators in every page's content). Prints one JSON
line: both sizes and the tree's share of the untagged file, in per cent.
"""
import json
import os
import sys
import tempfile

import pikepdf


def strip(pdf):
    for key in ("/StructTreeRoot", "/MarkInfo", "/Lang"):
        if key in pdf.Root:
            del pdf.Root[key]
    for page in pdf.pages:
        if "/StructParents" in page.obj:
            del page.obj["/StructParents"]
        kept = [item for item in pikepdf.parse_content_stream(page)
                if str(item.operator) not in ("BDC", "BMC", "EMC")]
        page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(kept))


def written_size(pdf, folder, name):
    path = os.path.join(folder, name)
    pdf.remove_unreferenced_resources()
    pdf.save(path, compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return os.path.getsize(path)


def main():
    source = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        with pikepdf.open(source) as pdf:
            tagged = written_size(pdf, folder, "tagged.pdf")
        with pikepdf.open(source) as pdf:
            strip(pdf)
            untagged = written_size(pdf, folder, "untagged.pdf")
    share = 100.0 * (tagged - untagged) / untagged if untagged else 0.0
    print(json.dumps({"tagged": tagged, "untagged": untagged, "share_percent": share}))


if __name__ == "__main__":
    main()
