#!/usr/bin/env python3
"""Makes the photo board's bundled photos (issue 27): twelve procedural scenes, each pixel a
function of its place, written as PNG files that carry Exif metadata in an eXIf chunk
(camera, lens, exposure, the date taken, a GPS position). Nothing comes from elsewhere: the
scenes are drawn here, and the cameras and lenses are made up. The same run always writes the
same bytes.

    python3 Scripts/generate-photos.py [OUTPUT_FOLDER]    (default: Resources/photos)
"""

import math
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 96, 64


# --- Drawing ---------------------------------------------------------------------------------

def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def sky(y, top, horizon, horizon_y):
    return mix(top, horizon, y / max(1, horizon_y))


def scene(name):
    """The pixels of scene `name`, rows of (r, g, b)."""
    pixels = [[(0, 0, 0)] * WIDTH for _ in range(HEIGHT)]
    for y in range(HEIGHT):
        for x in range(WIDTH):
            pixels[y][x] = DRAW[name](x, y)
    return pixels


def sunset(x, y):
    horizon = 40
    if y < horizon:
        colour = sky(y, (40, 30, 90), (250, 140, 60), horizon)
        if math.hypot(x - 60, y - 34) < 7:
            colour = (255, 220, 120)
        return colour
    # The sea, with the sun's path on it.
    depth = (y - horizon) / (HEIGHT - horizon)
    colour = mix((200, 110, 70), (20, 30, 70), depth)
    if abs(x - 60) < 4 + depth * 6 and (x + y) % 3 == 0:
        colour = (255, 200, 110)
    return colour


def mountains(x, y):
    ridge = 30 + 10 * math.sin(x / 9.0) + 5 * math.sin(x / 3.7 + 1.3)
    far = 24 + 6 * math.sin(x / 13.0 + 2.0)
    if y < far:
        return sky(y, (90, 150, 230), (200, 225, 250), 30)
    if y < ridge:
        snow = y < far + 3
        return (235, 240, 245) if snow else (110, 120, 150)
    return mix((70, 100, 60), (40, 60, 35), (y - ridge) / (HEIGHT - ridge + 1))


def forest(x, y):
    if y < 18:
        return sky(y, (120, 170, 220), (210, 230, 240), 18)
    trunk_x = (x // 12) * 12 + 6
    crown = 18 + (x // 12 % 3) * 4
    if crown <= y < crown + 16 and abs(x - trunk_x) <= (y - crown) // 3:
        return (30, 90 + (x * 7 + y * 3) % 40, 40)
    if abs(x - trunk_x) <= 1 and y >= crown + 16:
        return (90, 60, 30)
    return mix((60, 110, 50), (40, 70, 30), (y - 18) / (HEIGHT - 18))


def night_sky(x, y):
    colour = sky(y, (5, 5, 25), (30, 35, 80), HEIGHT)
    if math.hypot(x - 72, y - 14) < 6 and math.hypot(x - 69, y - 12) >= 5:
        return (240, 240, 210)
    if (x * 73 + y * 151) % 97 == 0:
        return (255, 255, 255)
    if y > 52 - 4 * math.sin(x / 8.0):
        return (10, 12, 20)
    return colour


def dunes(x, y):
    top = 26 + 6 * math.sin(x / 11.0)
    if y < top:
        return sky(y, (150, 190, 235), (240, 220, 180), 30)
    shade = 0.5 + 0.5 * math.sin((x - y * 1.6) / 7.0)
    return mix((200, 150, 80), (240, 200, 130), shade)


def skyline(x, y):
    block = x // 8
    roof = 18 + (block * 37 % 23)
    if y < roof:
        return sky(y, (255, 150, 90), (120, 60, 120), roof)
    lit = (x % 4 == 1) and (y % 4 == 1) and (x * 13 + y * 7 + block) % 5 < 2
    return (250, 220, 120) if lit else (35 + block % 3 * 10, 35, 50)


def lake(x, y):
    horizon = 32
    shore = horizon - 8 - 6 * math.sin(x / 10.0)
    if y < shore:
        return sky(y, (100, 160, 230), (220, 235, 250), shore)
    if y < horizon:
        return (50, 100, 60)
    # The reflection, darker, with ripples.
    mirrored = horizon - (y - horizon) - 1
    above = lake(x + (1 if y % 3 == 0 else 0), max(0, mirrored))
    return mix(above, (30, 60, 100), 0.45)


def snow_peak(x, y):
    peak = 12 + abs(x - 48) * 0.9
    if y < peak:
        return sky(y, (70, 120, 200), (180, 210, 240), peak)
    light = x < 48
    return (250, 250, 255) if y < peak + 14 else ((200, 210, 225) if light else (150, 160, 185))


def aurora(x, y):
    colour = sky(y, (5, 10, 30), (20, 30, 60), HEIGHT)
    band = 22 + 8 * math.sin(x / 9.0) + 3 * math.sin(x / 3.1)
    glow = max(0.0, 1 - abs(y - band) / 7.0)
    colour = mix(colour, (80, 240, 160), glow * 0.9)
    if y > 54:
        return (230, 235, 245)
    return colour


def meadow(x, y):
    if y < 24:
        return sky(y, (110, 170, 240), (220, 235, 250), 24)
    if (x * 31 + y * 17) % 29 == 0:
        return [(230, 60, 70), (250, 220, 70), (240, 240, 250), (170, 90, 200)][(x + y) % 4]
    return mix((120, 190, 80), (60, 120, 40), (y - 24) / 40)


def lighthouse(x, y):
    if 40 <= x <= 46 and 14 <= y < 48:
        return (220, 40, 40) if (y // 6) % 2 == 0 else (245, 245, 245)
    if 39 <= x <= 47 and 10 <= y < 14:
        return (255, 230, 120)
    if y >= 48:
        return (90, 80, 70) if x < 70 else (30, 70, 130)
    beam = abs((y - 12) - (x - 47) * 0.18) < 2 and x > 47
    return (250, 240, 190) if beam else sky(y, (30, 50, 110), (120, 140, 190), 48)


def rainbow(x, y):
    colour = sky(y, (120, 140, 160), (200, 210, 220), HEIGHT)
    r = math.hypot(x - 48, y - 70)
    bands = [(230, 50, 50), (240, 140, 40), (240, 220, 60), (70, 180, 70), (60, 110, 220), (120, 70, 190)]
    index = int((50 - r) / 2)
    if 0 <= index < len(bands):
        colour = mix(colour, bands[index], 0.8)
    if y > 50:
        return (80, 130, 60)
    return colour


DRAW = {
    "sunset": sunset, "mountains": mountains, "forest": forest, "night-sky": night_sky,
    "dunes": dunes, "skyline": skyline, "lake": lake, "snow-peak": snow_peak,
    "aurora": aurora, "meadow": meadow, "lighthouse": lighthouse, "rainbow": rainbow,
}

# Where and how each was "taken": the places are real (facts), the cameras and lenses made up.
FACTS = {
    "sunset": ("Bodega Bay", 38.3332, -123.0481, "2019:06:21 20:41:07", "1/250", (8, 1), 100, (35, 1)),
    "mountains": ("Zermatt", 46.0207, 7.7491, "2020:08:14 09:12:30", "1/500", (11, 1), 100, (24, 1)),
    "forest": ("Muir Woods", 37.8970, -122.5811, "2018:10:03 11:05:44", "1/60", (4, 1), 800, (28, 1)),
    "night-sky": ("Atacama", -24.5000, -69.2500, "2021:03:11 23:58:02", "20/1", (28, 10), 3200, (14, 1)),
    "dunes": ("Merzouga", 31.0802, -4.0134, "2017:12:28 16:22:10", "1/1000", (8, 1), 100, (50, 1)),
    "skyline": ("Shanghai", 31.2397, 121.4998, "2022:05:02 19:47:55", "1/30", (28, 10), 1600, (35, 1)),
    "lake": ("Lake Bled", 46.3636, 14.0938, "2020:08:16 07:31:18", "1/125", (56, 10), 200, (35, 1)),
    "snow-peak": ("Matterhorn", 45.9763, 7.6586, "2020:08:15 06:58:41", "1/800", (11, 1), 100, (85, 1)),
    "aurora": ("Tromsø", 69.6492, 18.9553, "2023:01:19 22:14:09", "8/1", (28, 10), 1600, (20, 1)),
    "meadow": ("Alpe di Siusi", 46.5440, 11.6200, "2021:06:30 14:03:27", "1/320", (56, 10), 100, (50, 1)),
    "lighthouse": ("Point Reyes", 37.9957, -123.0225, "2019:06:22 21:10:33", "1/15", (4, 1), 800, (50, 1)),
    "rainbow": ("Reykjavík", 64.1466, -21.9426, "2018:07:09 18:36:12", "1/200", (8, 1), 200, (24, 1)),
}
def camera(focal):
    """The made-up body and lens that reach `focal` millimetres."""
    if focal <= 24:
        return ("Lumen", "Lumen L1", "Lumen 14-24mm F2.8")
    if focal < 70:
        return ("Aperio", "Aperio X-7", "Aperio 24-70mm F2.8")
    return ("Lumen", "Lumen L1", "Lumen 70-200mm F4")


# --- Exif ------------------------------------------------------------------------------------

BYTE, ASCII, SHORT, LONG, RATIONAL = 1, 2, 3, 4, 5


def rational(text_or_pair):
    if isinstance(text_or_pair, tuple):
        return [text_or_pair]
    numerator, denominator = text_or_pair.split("/")
    return [(int(numerator), int(denominator))]


def degrees(value):
    value = abs(value)
    d = int(value)
    minutes = (value - d) * 60
    m = int(minutes)
    seconds = round((minutes - m) * 60 * 100)
    return [(d, 1), (m, 1), (seconds, 100)]


def ifd(entries, offset, next_offset=0):
    """One IFD at `offset` (from the TIFF header): its bytes and its values' bytes after it.
    `entries` are (tag, type, value); a value is a str (ASCII), a list of ints (BYTE, SHORT,
    LONG) or a list of (numerator, denominator) pairs (RATIONAL)."""
    entries = sorted(entries)
    table_size = 2 + 12 * len(entries) + 4
    data = b""
    table = struct.pack("<H", len(entries))
    for tag, kind, value in entries:
        if kind == BYTE:
            raw = bytes(value)
            count = len(value)
        elif kind == ASCII:
            raw = value.encode("utf-8") + b"\0"
            count = len(raw)
        elif kind == SHORT:
            raw = b"".join(struct.pack("<H", v) for v in value)
            count = len(value)
        elif kind == LONG:
            raw = b"".join(struct.pack("<I", v) for v in value)
            count = len(value)
        else:
            raw = b"".join(struct.pack("<II", n, d) for n, d in value)
            count = len(value)
        if len(raw) <= 4:
            table += struct.pack("<HHI", tag, kind, count) + raw.ljust(4, b"\0")
        else:
            table += struct.pack("<HHII", tag, kind, count, offset + table_size + len(data))
            data += raw
            if len(data) % 2:
                data += b"\0"
    table += struct.pack("<I", next_offset)
    return table + data


def exif(name, index):
    place, latitude, longitude, taken, shutter, aperture, iso, focal = FACTS[name]
    make, model, lens = camera(focal[0] / focal[1])
    # IFD0 at 8, then the Exif IFD, then the GPS IFD; offsets are worked out in two passes.
    def build(exif_offset, gps_offset):
        ifd0 = ifd([(0x010E, ASCII, f"{place}"), (0x010F, ASCII, make), (0x0110, ASCII, model),
                    (0x0132, ASCII, taken), (0x8769, LONG, [exif_offset]), (0x8825, LONG, [gps_offset])], 8)
        exif_ifd = ifd([(0x829A, RATIONAL, rational(shutter)), (0x829D, RATIONAL, rational(aperture)),
                        (0x8827, SHORT, [iso]), (0x9003, ASCII, taken), (0x920A, RATIONAL, rational(focal)),
                        (0xA434, ASCII, lens)], exif_offset)
        gps_ifd = ifd([(0x0000, BYTE, [2, 2, 0, 0]), (0x0001, ASCII, "N" if latitude >= 0 else "S"), (0x0002, RATIONAL, degrees(latitude)),
                       (0x0003, ASCII, "E" if longitude >= 0 else "W"), (0x0004, RATIONAL, degrees(longitude))], gps_offset)
        return ifd0, exif_ifd, gps_ifd
    ifd0, exif_ifd, gps_ifd = build(0, 0)
    exif_offset = 8 + len(ifd0)
    gps_offset = exif_offset + len(exif_ifd)
    ifd0, exif_ifd, gps_ifd = build(exif_offset, gps_offset)
    return b"II*\0" + struct.pack("<I", 8) + ifd0 + exif_ifd + gps_ifd


# --- PNG -------------------------------------------------------------------------------------

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(pixels, exif_bytes):
    raw = b"".join(b"\0" + bytes(v for pixel in row for v in pixel) for row in pixels)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0))
            + chunk(b"eXIf", exif_bytes)
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Resources", "photos")
    os.makedirs(folder, exist_ok=True)
    for index, name in enumerate(DRAW):
        path = os.path.join(folder, f"{index + 1:02d}-{name}.png")
        with open(path, "wb") as out:
            out.write(png(scene(name), exif(name, index)))
        print(path)


if __name__ == "__main__":
    main()
