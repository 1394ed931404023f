#!/usr/bin/env python3
"""Derives the HEIF files of this folder from ../heif/rainbow-451x461.heic by adding transformative
item properties to its primary image: `irot` (rotation, anticlockwise, in 90-degree steps) and
optionally `imir` (mirroring). The boxes are appended to `ipco` and associated (essential) with the
primary item in `ipma`; the enclosing boxes grow, and `iloc`'s file offsets move by the same amount.

Usage: add-transforms.py SOURCE OUTPUT ROTATION_STEPS [MIRROR_AXIS]
"""
import struct, sys

source, output, steps = sys.argv[1], sys.argv[2], int(sys.argv[3])
axis = int(sys.argv[4]) if len(sys.argv) > 4 else None
data = bytearray(open(source, "rb").read())

def children(start, end):
    """(type, offset, size) of the boxes in data[start:end]."""
    found, i = [], start
    while i < end:
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        found.append((kind.decode("latin1"), i, size))
        i += size
    return found

def child(parent_start, parent_end, kind):
    return next(box for box in children(parent_start, parent_end) if box[0] == kind)

ftyp_meta = children(0, len(data))
_, meta, meta_size = next(box for box in ftyp_meta if box[0] == "meta")
meta_body = meta + 12                          # full box: version and flags
_, iprp, iprp_size = child(meta_body, meta + meta_size, "iprp")
_, ipco, ipco_size = child(iprp + 8, iprp + iprp_size, "ipco")
_, ipma, ipma_size = child(iprp + 8, iprp + iprp_size, "ipma")
_, pitm, _ = child(meta_body, meta + meta_size, "pitm")
primary = struct.unpack(">H", data[pitm + 12:pitm + 14])[0]   # pitm version 0: 16-bit item id

# New properties, numbered after the existing ones (1-based).
properties = children(ipco + 8, ipco + ipco_size)
new_boxes = [struct.pack(">I4sB", 9, b"irot", steps & 3)]
if axis is not None:
    new_boxes.append(struct.pack(">I4sB", 9, b"imir", axis & 1))
new_indices = list(range(len(properties) + 1, len(properties) + 1 + len(new_boxes)))

# ipma (version 0, flags 0 here: 16-bit item ids, 7-bit property indices).
version_flags = struct.unpack(">I", data[ipma + 8:ipma + 12])[0]
assert version_flags == 0, "this script handles ipma version 0 with 7-bit indices"
entry_count = struct.unpack(">I", data[ipma + 12:ipma + 16])[0]
entries, i = bytearray(), ipma + 16
for _ in range(entry_count):
    item, count = struct.unpack(">HB", data[i:i + 3])
    associations = data[i + 3:i + 3 + count]
    if item == primary:
        associations += bytes(0x80 | index for index in new_indices)   # essential
        count += len(new_indices)
    entries += struct.pack(">HB", item, count) + associations
    i += 3 + count if item != primary else 3 + count - len(new_indices)
new_ipma = struct.pack(">I4sII", 16 + len(entries), b"ipma", 0, entry_count) + entries
new_ipco = struct.pack(">I4s", ipco_size + sum(map(len, new_boxes)), b"ipco") + data[ipco + 8:ipco + ipco_size] + b"".join(new_boxes)

growth = (len(new_ipco) - ipco_size) + (len(new_ipma) - ipma_size)
rebuilt_iprp_body = bytearray()
for kind, offset, size in children(iprp + 8, iprp + iprp_size):
    rebuilt_iprp_body += new_ipco if kind == "ipco" else new_ipma if kind == "ipma" else data[offset:offset + size]
new_iprp = struct.pack(">I4s", 8 + len(rebuilt_iprp_body), b"iprp") + rebuilt_iprp_body

# iloc (versions 0-2): move construction-method-0 extents (file offsets) past meta by `growth`.
_, iloc, iloc_size = child(meta_body, meta + meta_size, "iloc")
version = data[iloc + 8]
sizes = data[iloc + 12], data[iloc + 13]
offset_size, length_size, base_offset_size = sizes[0] >> 4, sizes[0] & 15, sizes[1] >> 4
index_size = sizes[1] & 15 if version in (1, 2) else 0
i = iloc + 14
item_count = struct.unpack(">H" if version < 2 else ">I", data[i:i + (2 if version < 2 else 4)])[0]
i += 2 if version < 2 else 4

def read(n, at):
    return int.from_bytes(data[at:at + n], "big") if n else 0

def write(n, at, value):
    if n: data[at:at + n] = value.to_bytes(n, "big")

for _ in range(item_count):
    i += 2 if version < 2 else 4
    method = 0
    if version in (1, 2):
        method = read(2, i) & 15
        i += 2
    i += 2                                      # data_reference_index
    base_at = i
    base = read(base_offset_size, i)
    i += base_offset_size
    extents = read(2, i)
    i += 2
    if method == 0 and base_offset_size:
        write(base_offset_size, base_at, base + growth)
    for _ in range(extents):
        i += index_size
        if method == 0 and not base_offset_size:
            write(offset_size, i, read(offset_size, i) + growth)
        i += offset_size + length_size

rebuilt_meta_body = bytearray(data[meta + 8:meta + 12])
for kind, offset, size in children(meta_body, meta + meta_size):
    rebuilt_meta_body += new_iprp if kind == "iprp" else data[offset:offset + size]
new_meta = struct.pack(">I4s", 8 + len(rebuilt_meta_body), b"meta") + rebuilt_meta_body
assert len(new_meta) - meta_size == growth
open(output, "wb").write(data[:meta] + new_meta + data[meta + meta_size:])
