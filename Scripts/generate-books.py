#!/usr/bin/env python3
"""Writes a JSON array of made-up books, for benchmarks and tests of the JSON loader.

    python3 Scripts/generate-books.py COUNT OUT.json [--seed N]

Each book is {"title", "author", "year", "description", "isbn"}, one object per line, about
262 bytes per object on average (1,000,000 books -> about 262 MB). The output depends only
on COUNT and the seed. Titles begin with many different letters, and some with a lowercase
letter, an accented letter, a digit, punctuation or a non-Latin script, so every section of
an A-Z + '#' index has rows. Some strings hold escapes: \\" in titles and authors, and
\\u00e9-style escapes in the descriptions of about 5% of the books.
"""

import argparse
import json
import random
import sys

ADJECTIVES = (
    "Silent Hidden Broken Golden Crimson Distant Frozen Burning Lost Quiet Wild Secret Final "
    "Ancient Bitter Bright Dark Endless Fallen Gentle Hollow Iron Jade Kind Last Lonely Mad "
    "Narrow Open Pale Quick Restless Scarlet Shattered Strange Tender Unseen Vast Wandering "
    "Yellow Young Zealous Amber Azure Brave Cold Deep Eager Faint Grim Humble Idle Jolly "
    "Keen Lucky Misty Noble Odd Proud Royal Sacred Tall Urban Violet Wicked Xeric"
).split()

NOUNS = (
    "River Garden Mountain Letter Winter Summer Ocean Empire Kingdom Forest Shadow Mirror "
    "Harbor Island Journey Promise Station Window Bridge Castle Daughter Engine Feather "
    "Glacier Horizon Inventory Jungle Kitchen Lantern Meadow Night Orchard Palace Question "
    "Road Stranger Tower Umbrella Valley Wanderer Xylophone Yard Zephyr Archive Beacon "
    "Canyon Desert Echo Fountain Gate Hunter Ink Jewel Key Labyrinth Machine Needle Oracle "
    "Pilgrim Quarry Raven Sparrow Thief Unicorn Voyage Whisper"
).split()

FIRST_NAMES = (
    "Ada Ben Clara David Elena Farid Grace Hugo Ines James Kenji Lena Marco Nadia Omar Priya "
    "Quinn Rosa Samuel Tara Umar Vera Walter Xenia Yusuf Zoe José Zoë Søren Chloé Björn "
    "Małgorzata Åsa Ngozi Mei Dmitri Aoife Rafael Hana"
).split()

LAST_NAMES = (
    "Abbott Brennan Castillo Dubois Eriksen Fontaine García Hoffmann Ivanova Jensen Kowalski "
    "Lindqvist Moreau Nakamura O'Brien Petrov Quintero Rossi Schneider Tanaka Ueda Vargas "
    "Whitaker Xu Yamamoto Zimmermann Ødegaard Müller Núñez Çelik Lefèvre Ó Súilleabháin"
).split()

# Words that start titles outside plain A-Z capitals (sections '#', lowercase, accents).
ACCENTED_STARTS = "Élan Über Ángeles Ødegaard Çelik Île Ésprit Ìsola Õhtu Ümit Ñandú Šarlota".split()
LOWERCASE_STARTS = "the a an on of in e.e. van de la le".split()
DIGIT_STARTS = "1984 2001: 42 7 100 3 12 1001 9 451".split()
NON_LATIN_TITLES = (
    "Война и мир", "Преступление и наказание", "Οδύσσεια", "Ιλιάδα", "東京物語", "吾輩は猫である",
    "红楼梦", "西游记", "ألف ليلة وليلة", "שירים", "무정", "ราชาธิราช",
)
PUNCTUATION_STARTS = ('"Quoted" Words', "¡Hola", "...And Then", "(Untitled)", "#Hashtag", "¿Por Qué")

SENTENCE_PARTS = (
    "A story about", "An account of", "The tale of", "A meditation on", "A history of",
    "A novel that follows", "An essay collection about", "Poems concerning", "A memoir of",
)
SUBJECTS = (
    "a family in decline", "two rivals at sea", "a city after the flood", "the last lighthouse keeper",
    "a café that never closes", "a naïve young clerk", "an old résumé and a new life",
    "the cartographer's daughter", "a war nobody remembers", "the garden behind the station",
    "a detective with no name", "three generations of bakers", "a crime in the archive",
    "the fiancée who vanished", "a déjà vu that lasts a year", "the orchestra's final tour",
)
CODAS = (
    "told with warmth and wit.", "in spare, luminous prose.", "across five decades.",
    "and what it costs them.", "with an unforgettable ending.", "set against a changing country.",
    "that critics called \"quietly devastating\".", "in the author's first book in ten years.",
)

TARGET_DESCRIPTION_LENGTH = 104  # tuned so that objects average about 262 bytes


# The kinds of title, each with the top of its slice of a roll in [0, 1): 30% "The …", 25%
# "Adjective Noun", and so on down to 2% "Noun: A … Novel". Only the chosen kind draws more.
TITLE_KINDS = (
    (0.30, lambda rng, adjective, noun: f"The {adjective} {noun}"),
    (0.55, lambda rng, adjective, noun: f"{adjective} {noun}"),
    (0.75, lambda rng, adjective, noun: f"{noun} of the {rng.choice(NOUNS)}"),
    (0.80, lambda rng, adjective, noun: f'{noun} "{adjective}" {rng.choice(NOUNS)}'),  # escaped quotes inside
    (0.84, lambda rng, adjective, noun: f"{rng.choice(LOWERCASE_STARTS)} {adjective.lower()} {noun.lower()}"),
    (0.88, lambda rng, adjective, noun: f"{rng.choice(ACCENTED_STARTS)} {noun}"),
    (0.92, lambda rng, adjective, noun: f"{rng.choice(DIGIT_STARTS)} {adjective} {noun}"),
    (0.96, lambda rng, adjective, noun: rng.choice(NON_LATIN_TITLES)),
    (0.98, lambda rng, adjective, noun: f"{rng.choice(PUNCTUATION_STARTS)} {noun}"),
    (1.00, lambda rng, adjective, noun: f"{noun}: A {adjective} Novel"),
)


def make_title(rng):
    roll = rng.random()
    adjective, noun = rng.choice(ADJECTIVES), rng.choice(NOUNS)
    return next(title(rng, adjective, noun) for top, title in TITLE_KINDS if roll < top)


def make_author(rng):
    first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
    if rng.random() < 0.03:
        return f'{first} "{rng.choice(NOUNS)}" {last}'  # a nickname in escaped quotes
    return f"{first} {last}"


def make_description(rng):
    parts = []
    length = 0
    target = TARGET_DESCRIPTION_LENGTH + rng.randint(-40, 40)
    while length < target:
        sentence = f"{rng.choice(SENTENCE_PARTS)} {rng.choice(SUBJECTS)}, {rng.choice(CODAS)}"
        parts.append(sentence)
        length += len(sentence) + 1
    return " ".join(parts)


def make_isbn(rng):
    digits = f"{rng.randrange(10**9):09d}"
    return f"978-{digits[0]}-{digits[1:5]}-{digits[5:9]}-{rng.randrange(10)}"


def make_book(rng):
    title = json.dumps(make_title(rng), ensure_ascii=False)
    author = json.dumps(make_author(rng), ensure_ascii=False)
    # About 5% of descriptions spell accents as \u00e9-style escapes.
    description = json.dumps(make_description(rng), ensure_ascii=rng.random() < 0.05)
    year = rng.randint(1800, 2024)
    return (f'{{"title": {title}, "author": {author}, "year": {year}, '
            f'"description": {description}, "isbn": "{make_isbn(rng)}"}}')


def main():
    parser = argparse.ArgumentParser(description="Write COUNT made-up books as a JSON array.")
    parser.add_argument("count", type=int, help="how many books")
    parser.add_argument("out", help="output file (- for standard output)")
    parser.add_argument("--seed", type=int, default=20240611, help="random seed (default: %(default)s)")
    args = parser.parse_args()
    if args.count < 0:
        parser.error("COUNT must not be negative")

    rng = random.Random(args.seed)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8", newline="\n")
    try:
        out.write("[\n")
        batch = []
        for index in range(args.count):
            batch.append(make_book(rng))
            if len(batch) == 10000 or index == args.count - 1:
                out.write(",\n".join(batch))
                out.write(",\n" if index < args.count - 1 else "\n")
                batch = []
        out.write("]\n")
    finally:
        if out is not sys.stdout:
            out.close()


if __name__ == "__main__":
    main()
