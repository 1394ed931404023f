"""Makes the orientation fixtures (run here with Pillow 13 and its libwebp): for each EXIF
orientation 1-8, a 16x12 upright picture (four flat quadrants: red, green / blue, white) stored
turned so that applying the orientation shows it upright again, as a lossless WebP (EXIF chunk)
and a PNG (eXIf chunk before IDAT), each carrying only the Orientation tag."""
from PIL import Image, ImageOps

upright = Image.new("RGB", (16, 12))
for (x, y, color) in [(0, 0, (255, 0, 0)), (8, 0, (0, 255, 0)), (0, 6, (0, 0, 255)), (8, 6, (255, 255, 255))]:
    upright.paste(color, (x, y, x + 8, y + 6))

# The transposition that undoes what orientation N asks for (exif_transpose applies the inverse).
store = {
    1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90,
    7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270,
}
for orientation, method in store.items():
    stored = upright if method is None else upright.transpose(method)
    exif = Image.Exif()
    exif[0x0112] = orientation
    stored.save(f"orientation-{orientation}.webp", lossless=True, exif=exif.tobytes())
    stored.save(f"orientation-{orientation}.png", exif=exif.tobytes())
    for extension in ("webp", "png"):
        reopened = Image.open(f"orientation-{orientation}.{extension}")
        assert reopened.getexif().get(0x0112) == orientation
        assert ImageOps.exif_transpose(reopened).convert("RGB").tobytes() == upright.tobytes()
