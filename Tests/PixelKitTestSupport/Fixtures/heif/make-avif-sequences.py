"""Makes the AVIF image sequences (run here with Pillow 13 and its libavif 1.4.2): 16x12 flat
frames, 100 ms each; libavif writes the first frame as the primary image (a `meta` box, which
libheif decodes) and every frame as a sample of a `moov` track (`pict` handler; with alpha, a
second `auxv` track). The frame counts are checked as Pillow (libavif) reads them back."""
from PIL import Image

colors = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255)]
frames = [Image.new("RGB", (16, 12), color) for color in colors]
frames[0].save("sequence-5-frames.avif", save_all=True, append_images=frames[1:], duration=100, quality=50)
alpha = [Image.new("RGBA", (16, 12), color + (alpha,)) for color, alpha in zip(colors, (255, 128, 0))]
alpha[0].save("sequence-3-frames-alpha.avif", save_all=True, append_images=alpha[1:], duration=100, quality=50)
for name, count in [("sequence-5-frames.avif", 5), ("sequence-3-frames-alpha.avif", 3)]:
    reopened = Image.open(name)
    assert reopened.n_frames == count and reopened.is_animated, (name, reopened.n_frames)
