"""The rate limiter's counts, kept in the database so every server process shares them.

`common.ratelimit` decides what is limited and answers 429; this app only stores the counts.
"""
