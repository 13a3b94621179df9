"""The Content-Security-Policy header of every page.

Pages load scripts only from this site (htmx and our own files in static/, never inline code or
another host), so an injected `<script>` or `onclick=` would not run. Inline `style=` attributes
stay allowed: templates use a few for sizes, and htmx adds its indicator style. Card images are
served by this site; `data:` covers small inline SVG/PNG icons.
"""
from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

DEFAULT_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    """Add the policy to every response that does not set its own.

    MiddlewareMixin makes it both sync and async capable, so the async export views keep running
    as coroutines under ASGI instead of being pushed into the shared sync thread.
    """

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_POLICY)
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response
