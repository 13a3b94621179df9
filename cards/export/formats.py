"""One entry point for every format: ``export(deck, options)`` returns the file to hand over."""
from __future__ import annotations

from dataclasses import dataclass

from cards.export import csvfile, packjson, pdf, tts
from cards.export.deck import Deck

FORMATS = ("json", "csv", "pdf", "tts")
LANGS = ("en", "ru")
PAPERS = tuple(pdf.PAPERS)


@dataclass(frozen=True)
class ExportOptions:
    """What was asked for: format, language, PDF paper and backs, TTS image address and zip."""

    format: str
    lang: str = "en"
    paper: str = "a4"
    backs: bool = False
    base_url: str = ""
    tts_zip: bool = True

    def problem(self) -> str | None:
        """Return why these options cannot be exported, or None when they can."""
        if self.format not in FORMATS:
            return f"unknown format {self.format!r}: use one of {', '.join(FORMATS)}"
        if self.lang not in LANGS:
            return f"unknown language {self.lang!r}: use en or ru"
        if self.paper not in PAPERS:
            return f"unknown paper {self.paper!r}: use a4 or letter"
        if self.format == "tts" and not self.base_url.startswith(("http://", "https://")):
            return "a Tabletop Simulator export needs the site's address (http:// or https://)"
        return None


@dataclass(frozen=True)
class ExportFile:
    """A finished export: bytes, download name and media type."""

    content: bytes
    filename: str
    content_type: str


def export(deck: Deck, options: ExportOptions) -> ExportFile:
    """Write ``deck`` in the asked format; raise ValueError when the options are wrong."""
    problem = options.problem()
    if problem:
        raise ValueError(problem)
    if options.format == "json":
        return ExportFile(packjson.dumps(deck), deck.filename("json"), "application/json")
    if options.format == "csv":
        return ExportFile(csvfile.dumps(deck, options.lang), deck.filename("csv"),
                          "text/csv; charset=utf-8")
    if options.format == "pdf":
        return ExportFile(pdf.dumps(deck, options.lang, options.paper, options.backs),
                          deck.filename("pdf"), "application/pdf")
    if options.tts_zip:
        return ExportFile(tts.zip_bytes(deck, options.base_url, options.lang),
                          f"{deck.stem}-tts.zip", "application/zip")
    return ExportFile(tts.dumps(deck, options.base_url, options.lang), f"{deck.stem}-tts.json",
                      "application/json")
