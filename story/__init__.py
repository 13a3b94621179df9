"""The campaign's story and its odds (issue 22): chronicle, plots, forecasts, the campaign book, and
the balance of an owner's set. It sits above `play` (it queues tasks and links replays) and below
`home`; docs/story.md explains it."""
