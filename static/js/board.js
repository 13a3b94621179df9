/* The match board's small helpers (no inline scripts: the page may get a strict CSP).
   - A board swap (a move, a poll) keeps the lists the player had opened (the list of every move,
     the discard piles) and the sideways scroll of the hand and the trade row.
   - Opening one card's menu closes the others; Escape or its Cancel button closes it.
   - Live updates: the page listens to the match's Server-Sent Events (data-live-events on the
     match page) and fetches the board partial when a newer version is announced. While that
     stream is up, the board's 1 s htmx poll is cancelled before it is sent; without
     EventSource, or while the stream is down (a proxy that breaks it, a server restart), the
     poll runs as before. EventSource reconnects by itself after a restart.
   The tab title follows the board through htmx itself (a <title> in the swapped answer). */
(function () {
  "use strict";

  var kept = null;

  function keyOf(element) {
    return element.id || element.getAttribute("data-keep") || "";
  }

  function remember(board) {
    var state = { open: [], scroll: {} };
    board.querySelectorAll("details[id], details[data-keep]").forEach(function (d) {
      if (d.open) state.open.push(keyOf(d));
    });
    board.querySelectorAll(".strip[id], .strip[data-keep]").forEach(function (strip) {
      state.scroll[keyOf(strip)] = strip.scrollLeft;
    });
    return state;
  }

  function restore(board, state) {
    state.open.forEach(function (key) {
      var d = board.querySelector('details[id="' + key + '"], details[data-keep="' + key + '"]');
      if (d) d.open = true;
    });
    Object.keys(state.scroll).forEach(function (key) {
      var strip = board.querySelector('.strip[id="' + key + '"], .strip[data-keep="' + key + '"]');
      if (strip) strip.scrollLeft = state.scroll[key];
    });
  }

  var live = { source: null, up: false, over: false, wanted: -1, fetching: false, busy: 0,
               delay: 10000, recheck: false };

  function liveElement() {
    return document.querySelector("[data-live-events]");
  }

  function shownVersion() {
    var board = document.getElementById("board");
    return board ? parseInt(board.getAttribute("data-version"), 10) : NaN;
  }

  function isPoll(element) {
    var trigger = element && element.getAttribute && element.getAttribute("hx-trigger");
    return !!trigger && trigger.indexOf("every ") === 0;
  }

  function boardWaiting() {
    var board = document.getElementById("board");
    return !!board && board.getAttribute("data-waiting") === "1";
  }

  function fetchBoard() {
    var page = liveElement();
    var shown = shownVersion();
    if (!page || live.fetching || live.busy || !(live.wanted > shown || live.recheck)) return;
    live.fetching = true;
    live.recheck = false;
    // A board waiting for seats asks with waiting=1: the start keeps the version (204 until then).
    var url = page.getAttribute("data-live-board") + "?version=" + encodeURIComponent(shown) +
      (boardWaiting() ? "&waiting=1" : "");
    htmx.ajax("GET", url, { target: "#board", swap: "outerHTML" }).then(function () {
      live.fetching = false;
      fetchBoard();
    }, function () {
      live.fetching = false;
      window.setTimeout(fetchBoard, 2000);  // a failed fetch is tried again, not in a loop
    });
  }

  function setUp(up) {
    live.up = up;
    var page = liveElement();
    if (page) page.setAttribute("data-live", up ? "up" : "down");  // for tests and styles
  }

  function announced(event) {
    setUp(true);
    live.delay = 10000;
    live.wanted = Math.max(live.wanted, parseInt(event.data, 10));
    if (boardWaiting()) live.recheck = true;  // the news may be the start, at the same version
    fetchBoard();
  }

  function listen() {
    var page = liveElement();
    if (!page || !window.EventSource || live.over) return;
    var source = new EventSource(page.getAttribute("data-live-events"));
    live.source = source;
    source.addEventListener("version", announced);
    source.addEventListener("started", announced);  // the last seat was taken
    source.addEventListener("over", function (event) {
      live.over = true;  // the game ended: the final board is fetched, nothing more will come
      source.close();
      announced(event);
    });
    source.addEventListener("error", function () {
      setUp(false);  // the poll takes over until the stream is back
      if (source.readyState === EventSource.CLOSED && !live.over) {
        // Refused outright (an error status, or 204 from a server without streams), not a
        // dropped connection, which EventSource retries by itself: try again, less and less.
        window.setTimeout(listen, live.delay);
        live.delay = Math.min(live.delay * 2, 300000);
      }
    });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPoll(event.detail.elt) && (live.up || live.over)) {
      event.preventDefault();  // the stream tells us when to fetch
      return;
    }
    var target = event.detail.target;
    var xhr = event.detail.xhr;
    if (!target || target.id !== "board" || !xhr) return;
    live.busy += 1;
    // Counted down when the request ends, on the request itself: htmx:afterRequest is sent to
    // the element that made the request, and a poll whose answer comes after a move replaced
    // the board made it from an element no longer in the page, so that event never reached
    // this document and the page waited for it for ever, fetching nothing more.
    xhr.addEventListener("loadend", function () {
      live.busy -= 1;
      fetchBoard();  // a version announced during a move is fetched once the move is back
    });
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", listen);
  } else {
    listen();
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "board") kept = remember(target);
  });

  document.addEventListener("htmx:afterSettle", function () {
    var board = document.getElementById("board");
    if (board && kept) restore(board, kept);
    kept = null;
  });

  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (!menu.classList || !menu.classList.contains("card-menu") || !menu.open) return;
    document.querySelectorAll("details.card-menu[open]").forEach(function (other) {
      if (other !== menu) other.open = false;
    });
  }, true);

  document.addEventListener("click", function (event) {
    var cancel = event.target.closest && event.target.closest(".menu-cancel");
    if (!cancel) return;
    var menu = cancel.closest("details.card-menu");
    if (menu) {
      menu.open = false;
      menu.querySelector("summary").focus();
    }
  });

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("details.card-menu[open]").forEach(function (menu) {
      menu.open = false;
      var summary = menu.querySelector("summary");
      if (summary) summary.focus();
    });
  });
})();
