"""What the preview lets a browser do: the Content-Security-Policy of each kind of response,
the headers every response carries, and the Host names it answers to.

- The gallery runs only its own script and style (a fresh nonce a response); it may fetch
  from the preview itself and nothing else.
- A face (`/face/...`) is a document without any script: the CSP `sandbox` directive (and
  the gallery's `<iframe sandbox>`) keep scripts off. It keeps its origin, so that the
  gallery can measure its rules text (`allow-same-origin` alone lets no script run).
- Any project file (`/fs/...`, shipped reports included) is served sandboxed into an opaque
  origin: opened alone or in a frame, a script in it never runs and reads nothing.
- Images, styles and fonts come only from the preview itself (or `data:`), so no content
  can make the browser reach another server.
- Only a Host header naming this computer (or the address the user bound) is answered:
  a DNS-rebinding page, whose Host is its own domain name, gets 421."""

from __future__ import annotations

import ipaddress
import secrets

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
_PASSIVE = ("default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            "font-src 'self' data:; form-action 'none'; frame-ancestors 'self'")
FACE = _PASSIVE + "; base-uri 'self'; sandbox allow-same-origin"
FILE = _PASSIVE + "; base-uri 'none'; sandbox"
REPORTS = ("default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; "
           "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
ERROR = "default-src 'none'; frame-ancestors 'none'; sandbox"
COMMON = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
          "Cross-Origin-Resource-Policy": "same-origin", "Cache-Control": "no-store"}


def new_nonce() -> str:
    return secrets.token_urlsafe(18)


def gallery_policy(nonce: str) -> str:
    """The gallery's own script and style by nonce; fetches and frames from the preview."""
    return (f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
            "connect-src 'self'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; "
            "form-action 'none'; frame-ancestors 'none'")


def with_nonce(page: str, nonce: str) -> str:
    """The gallery page with the nonce on its one <script> and one <style>."""
    return (page.replace("<script>", f'<script nonce="{nonce}">', 1)
            .replace("<style>", f'<style nonce="{nonce}">', 1))


def is_loopback(host: str) -> bool:
    if host.strip("[]").lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    return host.strip("[]") in ("0.0.0.0", "::")


def allowed_hosts(bound: str) -> frozenset[str]:
    """The host names (lower case, no port, IPv6 without brackets) the preview answers."""
    names = set(LOOPBACK_NAMES)
    if bound and not is_wildcard(bound):
        names.add(bound.strip("[]").lower())
    return frozenset(names)


def host_ok(header: str | None, allowed: frozenset[str], wildcard: bool) -> bool:
    """Whether a request's Host header names this preview. Bound to every interface, an
    address literal is answered too (a rebinding page always names a domain, never an
    address); a name other than the allowed ones never is."""
    if not header:
        return False
    host = header.strip().lower()
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            return False
    else:
        name, _, port = host.partition(":")
        if port and not port.isdigit():
            return False
    if name in allowed:
        return True
    if wildcard:
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return False
    return False
