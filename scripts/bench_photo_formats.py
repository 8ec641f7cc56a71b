#!/usr/bin/env python3
"""folio-bench --photo-formats: saves each picture given (PPM) as a phone or the web would:
JPEG, HEIC (pillow-heif, libheif's x265), AVIF and WebP (Pillow) at quality 90, GIF, TIFF
(LZW) and PNG, beside the source, under the same stem."""
import sys

import pillow_heif
from PIL import Image

pillow_heif.register_heif_opener()
for source in sys.argv[1:]:
    picture = Image.open(source).convert('RGB')
    stem = source[:-4]
    picture.save(stem + '.jpg', quality=90)
    picture.save(stem + '.heic', quality=90)
    picture.save(stem + '.avif', quality=90)
    picture.save(stem + '.webp', quality=90)
    picture.save(stem + '.gif')
    picture.save(stem + '.tif', compression='tiff_lzw')
    picture.save(stem + '.png')
