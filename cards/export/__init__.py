"""Deck exports in four formats: a content-pack JSON, a CSV, printable PDF proxies and a
Tabletop Simulator saved object (one module each). ``deck`` holds the value they all read."""
