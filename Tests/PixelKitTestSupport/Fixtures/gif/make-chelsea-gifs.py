# Makes the three chelsea-*.gif fixtures from photos/chelsea.png with Pillow 13.0.0 (run in Fixtures/gif).
from PIL import Image
import io, json, hashlib, sys
src = Image.open('../photos/chelsea.png').convert('RGB').resize((72, 48), Image.LANCZOS)
p = src.quantize(colors=200)
buf = io.BytesIO(); p.save(buf, 'GIF', interlace=True); b = bytearray(buf.getvalue())
# interlaced, global table only
open('chelsea-interlaced.gif','wb').write(b)
# move the first frame's colors into a local color table; the global table gets inverted colors
assert b[10] & 0x80
n = 2 << (b[10] & 7); gct = bytes(b[13:13+3*n])
out = bytearray(b[:13]) + bytes(255 - x for x in gct)
p2 = 13 + 3*n
rest = b[p2:]
i = 0
while rest[i] == 0x21:
    i += 2
    while rest[i]: i += rest[i] + 1
    i += 1
assert rest[i] == 0x2C
desc = bytearray(rest[i:i+10]); desc[9] = 0x80 | 0x40 | (b[10] & 7)
out += rest[:i] + desc + gct + rest[i+10:]
open('chelsea-interlaced-local-table.gif','wb').write(out)
# sequential, with a comment ending in empty sub-blocks before the image
seq = io.BytesIO(); p.save(seq, 'GIF', interlace=False); s = bytearray(seq.getvalue())
n = 2 << (s[10] & 7); at = 13 + 3*n
s = s[:at] + b'\x21\xfe\x07comment\x00\x00\x00\x00' + s[at:]
open('chelsea-zero-comment-subblocks.gif','wb').write(s)
