#!/usr/bin/env python3
"""Reference source colors for Tests/PixelKitPaletteTests/Fixtures/photos.

Runs material-color-utilities' published algorithm through its Python port (PyPI `materialyoucolor`,
whose quantizer is the C++ QuantizeCelebi: Wu then WSMeans, 128 colors; scoring is `Score.score`)
on each photo and writes Tests/PixelKitPaletteTests/Fixtures/palette_reference.json.

Two references per photo:
  - "full": every pixel, as Pillow decodes the JPEG (what an app feeding all pixels would get);
  - "reduced": the JPEG decoded at 1/8 scale by libjpeg's DCT scaling (Pillow `draft`), the same
    reduced decode PixelKit's fast palette reads.
The agreement test compares PixelKit against "full" (the stronger claim).

Usage: pip install materialyoucolor pillow && python3 Scripts/palette-reference.py
"""
import json
import math
import os
import sys
import time

from PIL import Image
from materialyoucolor.hct import Hct
from materialyoucolor.quantize import QuantizeCelebi
from materialyoucolor.score.score import Score
import materialyoucolor

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "PixelKitPaletteTests", "Fixtures")
PHOTOS = os.path.join(ROOT, "photos")


def reference(image):
    data = image.convert("RGB").tobytes()
    pixels = [[data[i], data[i + 1], data[i + 2], 255] for i in range(0, len(data), 3)]
    start = time.perf_counter()
    ranked = Score.score(QuantizeCelebi(pixels, 128))
    elapsed = time.perf_counter() - start
    argb = ranked[0]
    hct = Hct.from_int(argb)
    return {
        "source": "#%06X" % (argb & 0xFFFFFF),
        "hue": round(hct.hue, 3),
        "chroma": round(hct.chroma, 3),
        "tone": round(hct.tone, 3),
        "size": list(image.size),
        "seconds": round(elapsed, 4),
    }


def main():
    entries = []
    for name in sorted(os.listdir(PHOTOS)):
        if not name.endswith(".jpg"):
            continue
        path = os.path.join(PHOTOS, name)
        full = reference(Image.open(path))
        reduced_image = Image.open(path)
        width, height = reduced_image.size
        reduced_image.draft("RGB", (math.ceil(width / 8), math.ceil(height / 8)))
        reduced = reference(reduced_image)
        entries.append({"file": name, "full": full, "reduced": reduced})
        print(name, full["source"], reduced["source"], file=sys.stderr)
    document = {
        "description": "Top-scored source color of material-color-utilities (PyPI materialyoucolor "
        + materialyoucolor.__version__ + ") per photo; made by Scripts/palette-reference.py. 'full': every pixel as Pillow decodes it; "
        "'reduced': the JPEG decoded at 1/8 scale (Pillow draft), as PixelKit's fast palette reads it.",
        "photos": entries,
    }
    with open(os.path.join(ROOT, "palette_reference.json"), "w") as out:
        json.dump(document, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
