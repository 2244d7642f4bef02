#!/usr/bin/env python3
"""Screenshots for Tools/check/xterm-images.sh, with the standard library only.

  screenshot.py topng SHOT.xwd OUT.png [--crop WxH+X+Y]
      An X window dump (`xwd -root -silent`: ZPixmap, 24/32 bits a pixel, TrueColor
      masks) as an 8-bit RGB PNG (zlib).
  screenshot.py compare ACTUAL.png EXPECTED.png [--tolerance N] [--max-fraction F]
      Pixels whose channels differ by more than N (default 16) are different; exits 0 when
      their fraction is at most F (default 0.002) and the sizes agree, else 1. Prints the
      numbers and the box around the differing pixels.
  screenshot.py same A.png B.png
      Exits 0 when the two have exactly the same pixels (used to wait until drawing stops).
  screenshot.py blank A.png
      Exits 0 when every pixel has the same colour.
"""
import struct
import sys
import zlib


def read_xwd(data):
    """(width, height, rgb bytes) of an XWD file."""
    fields = struct.unpack(">25I", data[:100])
    (header_size, version, pixmap_format, depth, width, height, _xoffset, byte_order,
     _bitmap_unit, _bit_order, _pad, bits_per_pixel, bytes_per_line, _visual_class,
     red_mask, green_mask, blue_mask, _bits_per_rgb, _colormap_entries, ncolors) = fields[:20]
    if version != 7 or pixmap_format != 2 or bits_per_pixel not in (24, 32):
        raise ValueError(f"unsupported XWD: version {version}, format {pixmap_format}, {bits_per_pixel} bpp")
    offset = header_size + ncolors * 12
    step = bits_per_pixel // 8
    order = "<" if byte_order == 0 else ">"

    def shift(mask):
        return (mask & -mask).bit_length() - 1

    rs, gs, bs = shift(red_mask), shift(green_mask), shift(blue_mask)
    out = bytearray(width * height * 3)
    o = 0
    for y in range(height):
        row = data[offset + y * bytes_per_line: offset + y * bytes_per_line + width * step]
        if step == 4:
            values = struct.unpack(f"{order}{width}I", row)
        else:
            values = [int.from_bytes(row[i:i + 3], "little" if order == "<" else "big") for i in range(0, len(row), 3)]
        for v in values:
            out[o] = (v & red_mask) >> rs
            out[o + 1] = (v & green_mask) >> gs
            out[o + 2] = (v & blue_mask) >> bs
            o += 3
    return width, height, bytes(out)


def write_png(path, width, height, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    with open(path, "wb") as f:
        f.write(png)


def read_png(path):
    """(width, height, rgb bytes) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or colour not in (2, 6) or interlace:
                raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs")
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        unfilter(kind, line, previous, channels)
        rows.append(line)
        previous = line
    pixels = b"".join(rows)
    if channels == 4:
        pixels = bytes(b for i in range(0, len(pixels), 4) for b in pixels[i:i + 3])
    return width, height, pixels


def unfilter(kind, line, previous, bpp):
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = previous[i]
        c = previous[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + a) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + b) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 0xFF
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF


def crop(width, height, rgb, spec):
    size, _, rest = spec.partition("+")
    w, h = (int(v) for v in size.split("x"))
    x, y = (int(v) for v in rest.split("+"))
    w, h = min(w, width - x), min(h, height - y)
    return w, h, b"".join(rgb[((y + r) * width + x) * 3:((y + r) * width + x + w) * 3] for r in range(h))


def compare(actual, expected, tolerance, max_fraction):
    aw, ah, a = read_png(actual)
    ew, eh, e = read_png(expected)
    if (aw, ah) != (ew, eh):
        print(f"different sizes: {actual} {aw}x{ah}, {expected} {ew}x{eh}")
        return 1
    differing, box = 0, None
    for i in range(aw * ah):
        p = i * 3
        if max(abs(a[p] - e[p]), abs(a[p + 1] - e[p + 1]), abs(a[p + 2] - e[p + 2])) > tolerance:
            differing += 1
            x, y = i % aw, i // aw
            box = (x, y, x, y) if box is None else (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
    fraction = differing / (aw * ah)
    where = f", within x {box[0]}–{box[2]}, y {box[1]}–{box[3]}" if box else ""
    verdict = "same" if fraction <= max_fraction else "DIFFERENT"
    print(f"{verdict}: {differing} of {aw * ah} pixels differ by more than {tolerance} "
          f"({fraction:.4%}, allowed {max_fraction:.4%}){where}")
    return 0 if fraction <= max_fraction else 1


def option(args, name, default):
    if name in args:
        i = args.index(name)
        value = args[i + 1]
        del args[i:i + 2]
        return value
    return default


def main(args):
    if not args:
        print(__doc__)
        return 2
    command, args = args[0], args[1:]
    if command == "topng":
        spec = option(args, "--crop", None)
        width, height, rgb = read_xwd(open(args[0], "rb").read())
        if spec:
            width, height, rgb = crop(width, height, rgb, spec)
        write_png(args[1], width, height, rgb)
        return 0
    if command == "compare":
        tolerance = int(option(args, "--tolerance", "16"))
        fraction = float(option(args, "--max-fraction", "0.002"))
        return compare(args[0], args[1], tolerance, fraction)
    if command == "same":
        return 0 if read_png(args[0]) == read_png(args[1]) else 1
    if command == "blank":
        _, _, rgb = read_png(args[0])
        return 0 if rgb == rgb[:3] * (len(rgb) // 3) else 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
