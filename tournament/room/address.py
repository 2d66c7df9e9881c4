"""The room's address: where the tablets reach this machine.

Table scorers open their table's link from a QR code, so the address in it
must be one their phones can reach over the club's Wi-Fi: this machine's
address on that network, never 127.0.0.1. ``PUBLIC_URL`` (set by hand, e.g.
behind a proxy, or computed by ``manage.py room`` at start) is that address;
without it a link carries the address the director's own browser used.

The machine's addresses are read from its network interfaces (psutil): no
packet is sent anywhere to find them.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from pathlib import Path

import psutil  # type: ignore[import-untyped]
from django.conf import settings
from django.http import HttpRequest

# Interfaces that are rarely the room's network: containers, virtual machines, VPNs.
VIRTUAL_PREFIXES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vmnet",
    "vboxnet",
    "lxc",
    "lxd",
    "cni",
    "flannel",
    "tun",
    "tap",
    "wg",
    "tailscale",
    "zt",
    "utun",
)
ANY_ADDRESS = ("0.0.0.0", "::", "")


def default_route_interfaces(route_table: Path = Path("/proc/net/route")) -> set[str]:
    """Interfaces holding the IPv4 default route (Linux's routing table; empty elsewhere)."""
    try:
        lines = route_table.read_text().splitlines()[1:]
    except OSError:
        return set()
    return {f[0] for f in (line.split() for line in lines) if len(f) > 1 and f[1] == "00000000"}


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices may reach, the likeliest first.

    Up interfaces only, no loopback or link-local address; the interface of the
    default route first (the network the machine is really on), then physical
    before virtual ones (containers, VPNs), then private ranges before public.
    """
    stats = psutil.net_if_stats()
    default = default_route_interfaces()
    found: list[tuple[tuple[bool, bool, bool, int], str]] = []
    for position, (name, addrs) in enumerate(psutil.net_if_addrs().items()):
        if name in stats and not stats[name].isup:
            continue
        for addr in addrs:
            if addr.family != socket.AF_INET:
                continue
            ip = ipaddress.IPv4Address(addr.address)
            if ip.is_loopback or ip.is_link_local or ip.is_unspecified:
                continue
            rank = (
                name not in default,
                name.lower().startswith(VIRTUAL_PREFIXES),
                not ip.is_private,
                position,
            )
            found.append((rank, str(ip)))
    found.sort()
    return list(dict.fromkeys(ip for _, ip in found))


def origin(host: str, port: int, scheme: str = "http") -> str:
    """``scheme://host[:port]``, leaving out the scheme's own port."""
    if ":" in host:
        host = f"[{host}]"
    default_port = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" if port == default_port else f"{scheme}://{host}:{port}"


def room_addresses(bind_host: str) -> list[str]:
    """The addresses tablets may use for a server listening on ``bind_host``.

    Listening on every interface (0.0.0.0, the default), that is every LAN
    address; on one address, that address; on loopback, none: only this
    machine can reach it.
    """
    if bind_host in ANY_ADDRESS:
        return lan_addresses()
    if bind_host.lower() == "localhost":
        return []
    try:
        if ipaddress.ip_address(bind_host).is_loopback:
            return []
    except ValueError:  # a host name: the tablets use it as it is
        pass
    return [bind_host]


def absolute_url(request: HttpRequest, path: str) -> str:
    """``path`` as a full URL a tablet can open: on ``PUBLIC_URL`` when known,
    else on the address this request came to."""
    if settings.PUBLIC_URL:
        return settings.PUBLIC_URL + path
    return request.build_absolute_uri(path)


# Gunicorn worker processes (docs/decisions/workers.md).  PostgreSQL: one a core and
# one more, three on two cores: more workers only take turns on the same cores with
# PostgreSQL; the one beyond the cores keeps a core busy while a worker waits for the
# database or for a phone on a weak signal (a sync worker reads the request itself).
# SQLite: gunicorn's own rule, two a core and one more, at most five; it lets one
# writer in at a time (the app takes the write lock at the start of each transaction
# and queues up to 20 s for it), so past five, more workers only queue for that lock.
SQLITE_MAX_WORKERS = 5
# The app is loaded once, before the workers fork (a start-up error shows at
# once, and they share its memory); no runtime control socket (nothing here
# uses gunicornc, and every server of the same user would share its path);
# gunicorn's own warnings and errors (a worker that crashed or timed out) go to
# the app's log file as well as the console (tournament/room/roomlog.py); the task
# worker started and stopped with the server by gunicorn's hooks (taskworker.py).
#
# The timeouts, set here rather than left to gunicorn's defaults (docs/hosting/workers.md):
# no request builds a big file any more (the task worker does: docs/decisions/
# big-downloads.md), so the slowest honest request is one queued for SQLite's write lock
# (up to 20 s, settings.py).  WORKER_TIMEOUT kills a worker silent for longer than that
# with room to spare, so a stuck worker is replaced but no honest request is cut off;
# GRACEFUL_TIMEOUT lets a reload or a stop finish the requests under way (a tablet's
# entry) before their worker is killed; KEEP_ALIVE keeps a phone's connection open
# between its steps for a few seconds, not long enough to hold a sync worker idle.
WORKER_TIMEOUT = 45
GRACEFUL_TIMEOUT = 30
KEEP_ALIVE = 5
GUNICORN_OPTIONS = (
    "--config",
    "python:tournament.room.taskworker",
    "--preload",
    "--no-control-socket",
    "--logger-class",
    "tournament.room.roomlog.RoomLogger",
    "--timeout",
    str(WORKER_TIMEOUT),
    "--graceful-timeout",
    str(GRACEFUL_TIMEOUT),
    "--keep-alive",
    str(KEEP_ALIVE),
)


def default_workers(sqlite: bool, cores: int | None = None) -> int:
    """cores + 1 worker processes on PostgreSQL; 2 x cores + 1, at most
    SQLITE_MAX_WORKERS, on SQLite (the measurements behind both are above)."""
    n = cores or os.cpu_count() or 1
    return min(2 * n + 1, SQLITE_MAX_WORKERS) if sqlite else n + 1
