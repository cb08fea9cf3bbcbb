/* The recorder's service worker (served at /sw.js, registered for /record/ only, where
   the browser allows it: HTTPS or localhost). It keeps what a recorder's page needs to
   come back without the network: the page's shell, its scripts and style, and the board's
   last view (/rounds/R/boards/B/view.json). Network first, the kept copy when the network
   fails (the hall laptop unreachable): a reload while the Wi-Fi is down shows the board as
   last seen and the moves waiting in localStorage, and the recorder goes on entering.

   Never kept: anything but a GET; anything sent with a token (Authorization); the API
   (/api/..., the event stream). The token lives in the address's fragment, which no
   request carries; fragments are stripped from whatever is kept all the same. */
"use strict";

var CACHE = "pmn-hall-recorder-v1";
/* How long the network is waited for before the kept copy answers (milliseconds). */
var WAIT_MS = 4000;
var SHELL = ["/static/common.js", "/static/recorder.js", "/static/hall.css"];
var KEPT = [
  /^\/record\/\d+\/\d+$/,
  /^\/rounds\/\d+\/boards\/\d+\/view\.json$/,
  /^\/static\/[A-Za-z0-9_.-]+\.(?:js|css)$/
];

/** Whether a request's answer may be kept and answered from the cache. */
function keepable(request) {
  if (request.method !== "GET" || request.headers.has("authorization")) { return false; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.search) { return false; }
  return KEPT.some(function (pattern) { return pattern.test(url.pathname); });
}

/** The address kept for a request: its path, no query, no fragment. */
function key(request) {
  var url = new URL(request.url);
  return url.origin + url.pathname;
}

/** The kept copy of a request, marked (X-PMN-Kept: yes: the page says it shows the board
    as last seen), or null. */
function keptCopy(request) {
  return caches.open(CACHE).then(function (cache) { return cache.match(key(request)); })
    .then(function (kept) {
      if (!kept) { return null; }
      var headers = new Headers(kept.headers);
      headers.set("X-PMN-Kept", "yes");
      return kept.blob().then(function (body) {
        return new Response(body, {status: kept.status, statusText: kept.statusText,
                                   headers: headers});
      });
    });
}

/** The network's answer, kept when it is a 200; the kept copy when the network fails, or
    when it has not answered within WAIT_MS (a hall that holds the connection and never
    answers: the browser's own timeout takes minutes). The network's answer that comes
    late is still kept for the next time. */
function networkFirst(request) {
  var network = fetch(request).then(function (answer) {
    if (answer.status !== 200 || answer.type !== "basic") { return answer; }
    var copy = answer.clone();
    return caches.open(CACHE).then(function (cache) { return cache.put(key(request), copy); })
      .then(function () { return answer; }, function () { return answer; });
  });
  return new Promise(function (resolve, reject) {
    var settled = false;
    function settle(answer) { if (!settled) { settled = true; resolve(answer); } }
    var timer = setTimeout(function () {
      keptCopy(request).then(function (copy) { if (copy) { settle(copy); } }, function () {});
    }, WAIT_MS);
    network.then(function (answer) {
      clearTimeout(timer);
      settle(answer);
    }, function (failure) {
      clearTimeout(timer);
      keptCopy(request).then(function (copy) {
        if (copy) { settle(copy); } else if (!settled) { settled = true; reject(failure); }
      }, function () { if (!settled) { settled = true; reject(failure); } });
    });
  });
}

/** Fetch ``paths`` now and keep them (the page's own address and its board's view, which
    the page loaded before this worker was there). Each kept only when answered 200. */
function keepNow(paths) {
  return caches.open(CACHE).then(function (cache) {
    return Promise.all(paths.map(function (path) {
      var request = new Request(path, {credentials: "omit", cache: "no-store"});
      if (!keepable(request)) { return false; }
      return fetch(request).then(function (answer) {
        if (answer.status !== 200) { return false; }
        return cache.put(key(request), answer).then(function () { return true; });
      }, function () { return false; });
    }));
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(keepNow(SHELL).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("pmn-hall-recorder-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  if (keepable(event.request)) { event.respondWith(networkFirst(event.request)); }
});

/* The page asks {keep: [paths]} once the worker is ready; answered {kept: [true|false]}
   on the port it sends. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!Array.isArray(data.keep)) { return; }
  var paths = data.keep.filter(function (path) { return typeof path === "string"; });
  event.waitUntil(keepNow(paths.concat(SHELL)).then(function (kept) {
    if (event.ports && event.ports[0]) { event.ports[0].postMessage({kept: kept}); }
  }));
});
