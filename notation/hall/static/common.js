/* The hall's pages: what every page shares. No inline script, no markup made from data:
   every text from a player, an arbiter or a file goes in with textContent. */
var Hall = (function () {
  "use strict";

  /** An element with attributes and children (strings become text nodes). */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) { return; }
      if (name === "text") { node.textContent = String(value); }
      else if (name === "className") { node.className = String(value); }
      else { node.setAttribute(name, String(value)); }
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) { return; }
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  /** Empty a node. */
  function clear(node) {
    while (node.firstChild) { node.removeChild(node.firstChild); }
    return node;
  }

  /** The token the page's address carries after #token= (kept for reloads). */
  function token(key) {
    var match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
    var storeKey = "pmn-hall-token:" + key;
    if (match) {
      var value = decodeURIComponent(match[1]);
      try { localStorage.setItem(storeKey, value); } catch (e) { /* private mode */ }
      return value;
    }
    try { return localStorage.getItem(storeKey) || ""; } catch (e) { return ""; }
  }

  /** fetch JSON: resolves {status, body, kept} (body null when not JSON; kept true when
      the answer is the copy the recorder's service worker kept, the network down);
      rejects when the network is down and nothing was kept. */
  function request(method, url, body, bearer) {
    var headers = {"Accept": "application/json"};
    if (body !== undefined && body !== null) { headers["Content-Type"] = "application/json"; }
    if (bearer) { headers["Authorization"] = "Bearer " + bearer; }
    return fetch(url, {
      method: method,
      headers: headers,
      body: body === undefined || body === null ? undefined : JSON.stringify(body),
      cache: "no-store",
      credentials: "omit"
    }).then(function (response) {
      return response.text().then(function (text) {
        var parsed = null;
        try { parsed = text ? JSON.parse(text) : null; } catch (e) { parsed = null; }
        return {status: response.status, body: parsed,
                kept: response.headers.get("X-PMN-Kept") === "yes"};
      });
    });
  }

  /** The message of an error answer ({"error": {"code", "message"}}), or a fallback. */
  function errorText(answer, fallback) {
    var error = answer && answer.body && answer.body.error;
    if (error && error.message) {
      return error.code ? error.message + " (" + error.code + ")" : String(error.message);
    }
    return fallback + " (HTTP " + (answer ? answer.status : "?") + ")";
  }

  /** An SVG drawing made by the server, parsed as XML (never as HTML) and adopted. */
  function svgNode(text) {
    var doc = new DOMParser().parseFromString(text, "image/svg+xml");
    var root = doc.documentElement;
    if (!root || root.nodeName !== "svg") { return null; }
    Array.prototype.forEach.call(root.querySelectorAll("script, foreignObject"), function (n) {
      n.parentNode.removeChild(n);
    });
    return document.importNode(root, true);
  }

  /** Follow the event stream: onEvent(data) for each event; reconnects by itself
      (EventSource does). Returns the source. */
  function follow(onEvent, onState) {
    if (!window.EventSource) { return null; }
    var source = new EventSource("/api/stream");
    function handle(event) {
      var data = null;
      try { data = JSON.parse(event.data); } catch (e) { data = {}; }
      onEvent(data || {}, event.type);
    }
    source.onmessage = handle;
    ["move", "result", "takeback", "close", "board", "round"].forEach(function (kind) {
      source.addEventListener(kind, handle);
    });
    if (onState) {
      source.onopen = function () { onState(true); };
      source.onerror = function () { onState(false); };
    }
    return source;
  }

  /** Seconds ago, said as people say it. */
  function ago(seconds) {
    if (seconds === null || seconds === undefined || isNaN(seconds)) { return "never"; }
    if (seconds < 60) { return Math.max(0, Math.round(seconds)) + " s ago"; }
    if (seconds < 3600) { return Math.floor(seconds / 60) + " min ago"; }
    return Math.floor(seconds / 3600) + " h " + Math.floor((seconds % 3600) / 60) + " min ago";
  }

  /** A time the server gives (ISO text or seconds since 1970), as seconds since 1970. */
  function epoch(value) {
    if (value === null || value === undefined || value === "") { return null; }
    if (typeof value === "number") { return value > 1e11 ? value / 1000 : value; }
    var parsed = Date.parse(String(value));
    return isNaN(parsed) ? null : parsed / 1000;
  }

  /** Call fn at most once per wait (a burst of events: one fetch). */
  function debounce(fn, wait) {
    var timer = null;
    return function () {
      if (timer !== null) { return; }
      timer = setTimeout(function () { timer = null; fn(); }, wait);
    };
  }

  return {el: el, clear: clear, token: token, request: request, errorText: errorText,
          svgNode: svgNode, follow: follow, ago: ago, epoch: epoch, debounce: debounce};
})();
