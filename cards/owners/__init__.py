"""The owner's own box (issue 19): enter a physical box in an evening and track from envelope 1.

- `printed`: a card's or sticker's printed text turned into pack fields (the parser), and what
  still needs effects;
- `readiness`: what a set can do so far: track a campaign, open envelope N, play online;
- `card_form`, `paste`, `sheet_form`, `scenario_form`, `vp_form`: the forms of the owner's pages;
- `staging`: a finished set's changes, checked together and applied at once, with undo;
- `views`, `urls`: the pages (mounted under /cards/ by cards/urls.py).
"""
