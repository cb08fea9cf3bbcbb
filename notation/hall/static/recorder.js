/* The recorder's page: one board, entered from a phone. Each move is POSTed with its ply;
   moves entered while the network is down wait in localStorage (shown "not yet sent") and
   are sent in order when it is back. A resend answered 200 is the same move: nothing is
   entered twice. Where the browser allows a service worker (HTTPS, or localhost), the
   page has one (/sw.js) keep its shell and the board's last view: reloaded while the hall
   cannot be reached, it shows the board as last seen and the moves waiting, and takes
   more. */
(function () {
  "use strict";
  var el = Hall.el, clear = Hall.clear;
  var body = document.body;
  var round = body.getAttribute("data-round");
  var board = body.getAttribute("data-board");
  var key = round + "/" + board;
  var token = Hall.token(key);
  var api = "/api/rounds/" + encodeURIComponent(round) + "/boards/" + encodeURIComponent(board);
  var viewUrl = "/rounds/" + encodeURIComponent(round) + "/boards/" +
    encodeURIComponent(board) + "/view.json";
  var queueKey = "pmn-hall-queue:" + key;
  var RETRY_MS = 2000;

  var view = null;          // the last drawing and touch map the server gave
  var moves = [];           // the board's moves as the server has them
  var result = "*";
  var queue = loadQueue();  // [{ply, move}]: entered, not yet acknowledged
  var sending = false;
  var retry = null;
  var online = true;
  var viewKept = false;     // the view shown is the copy kept offline, not the hall's now

  var nodes = {
    status: document.getElementById("status"),
    net: document.getElementById("net"),
    figure: document.getElementById("board"),
    choices: document.getElementById("choices"),
    message: document.getElementById("message"),
    last: document.getElementById("last"),
    list: document.getElementById("moves"),
    players: document.getElementById("players"),
    form: document.getElementById("typed"),
    input: document.getElementById("move")
  };

  function loadQueue() {
    try {
      var stored = JSON.parse(localStorage.getItem(queueKey) || "[]");
      return Array.isArray(stored) ? stored.filter(function (item) {
        return item && typeof item.move === "string" && typeof item.ply === "number";
      }) : [];
    } catch (e) { return []; }
  }
  function saveQueue() {
    try { localStorage.setItem(queueKey, JSON.stringify(queue)); } catch (e) { /* full */ }
  }

  /** The ply a new move gets (the number of moves before it): the one after the last move
      waiting, or the moves the server has (the board shown may be a kept copy older than
      the moves waiting: their plies hold). */
  function nextPly() {
    return queue.length ? queue[queue.length - 1].ply + 1 : moves.length;
  }

  function say(text, kind) {
    nodes.message.textContent = text || "";
    nodes.message.className = kind || "";
    nodes.message.hidden = !text;
  }

  function showNet() {
    var waiting = queue.length;
    var words = online ? "online" : "offline";
    if (waiting) { words += " \u2014 " + waiting + (waiting === 1 ? " move" : " moves") + " not yet sent"; }
    nodes.net.textContent = words;
    nodes.net.className = online ? (waiting ? "net waiting" : "net") : "net offline";
    body.setAttribute("data-pending", String(waiting));
    body.setAttribute("data-online", online ? "yes" : "no");
  }

  function moveLabel(index, token) {
    var seats = view ? view.seats.length : 2;
    var number = Math.floor(index / seats) + 1;
    return number + (index % seats === 0 ? ". " : "... ") + token;
  }

  function showMoves() {
    clear(nodes.list);
    moves.forEach(function (token, index) {
      nodes.list.appendChild(el("li", {className: "sent", "data-ply": index}, [
        el("span", {className: "mv", text: moveLabel(index, token)})
      ]));
    });
    queue.forEach(function (item) {
      nodes.list.appendChild(el("li", {className: "pending", "data-ply": item.ply}, [
        el("span", {className: "mv", text: moveLabel(item.ply, item.move)}),
        el("span", {className: "note", text: " not yet sent"})
      ]));
    });
    var all = moves.concat(queue.map(function (item) { return item.move; }));
    if (all.length) {
      var pending = queue.length ? " (not yet sent)" : "";
      nodes.last.textContent = "Last move: " + moveLabel(all.length - 1, all[all.length - 1]) + pending;
    } else {
      nodes.last.textContent = "No move yet.";
    }
    body.setAttribute("data-ply", String(moves.length));
    nodes.list.scrollTop = nodes.list.scrollHeight;
    showNet();
  }

  function showStatus() {
    if (!view) { return; }
    var words;
    if (result && result !== "*") { words = "Game over: " + result; }
    else if (queue.length) {
      words = (viewKept ? "Board as last seen, at move " : "Board as of move ") + moves.length +
        "; the moves below wait to be sent";
    }
    else if (viewKept) { words = "Board as last seen; " + (view.to_move || "") + " to move"; }
    else { words = (view.to_move || "") + " to move"; }
    nodes.status.textContent = words;
  }

  function showPlayers() {
    clear(nodes.players);
    (view.players || []).forEach(function (player, index) {
      if (index) { nodes.players.appendChild(document.createTextNode(" \u00b7 ")); }
      nodes.players.appendChild(el("span", {className: "seat", text: player.seat}));
      nodes.players.appendChild(document.createTextNode(" "));
      nodes.players.appendChild(el("bdi", {text: player.name}));
    });
  }

  function draw() {
    clear(nodes.figure);
    clear(nodes.choices);
    var svg = Hall.svgNode(view.svg);
    if (svg) {
      svg.removeAttribute("width");
      svg.removeAttribute("height");
      nodes.figure.appendChild(svg);
      Array.prototype.forEach.call(svg.querySelectorAll("g.pit"), function (pit) {
        var name = pit.getAttribute("data-pit");
        if (view.touch[name] && view.touch[name].length && !queue.length) {
          pit.classList.add("playable");
        }
      });
      svg.addEventListener("click", function (event) {
        var pit = event.target.closest ? event.target.closest("g.pit") : null;
        var name = pit ? pit.getAttribute("data-pit") : nearestPit(svg, event.clientX, event.clientY);
        if (name) { touched(name); }
      });
    }
    showPlayers();
    showStatus();
    showMoves();
  }

  /** The pit nearest a touch that fell beside the pit's marks (a drawing may keep a pit's
      circle outside its group: Tricala's), within the pit's own size. */
  function nearestPit(svg, x, y) {
    var best = null, bestDistance = Infinity;
    Array.prototype.forEach.call(svg.querySelectorAll("g.pit"), function (pit) {
      var box = pit.getBoundingClientRect();
      var dx = x - (box.left + box.width / 2), dy = y - (box.top + box.height / 2);
      var distance = Math.sqrt(dx * dx + dy * dy);
      if (distance < bestDistance && distance <= Math.max(box.width, box.height)) {
        best = pit.getAttribute("data-pit");
        bestDistance = distance;
      }
    });
    return best;
  }

  /** A pit touched: its one legal move entered, or its moves offered as buttons. While
      moves wait to be sent the legal moves are not known: the pit's name is entered. */
  function touched(name) {
    say("");
    clear(nodes.choices);
    if (result && result !== "*") { say("The game is over.", "error"); return; }
    if (queue.length) {
      enter((view.names && view.names[name]) || name);
      return;
    }
    if (view.compose) {  // a move that names several pits (Tricala's set-up): in turn
      var typed = nodes.input.value.trim();
      nodes.input.value = typed ? typed + "+" + name : name;
      say("Touch the other pits of the move, then Enter.", "ok");
      return;
    }
    var tokens = view.touch[name] || [];
    if (!tokens.length) {
      say("No legal move from " + name + ".", "error");
      return;
    }
    if (tokens.length === 1) { enter(tokens[0]); return; }
    nodes.choices.appendChild(el("p", {text: "Moves from " + name + ": choose one"}));
    tokens.forEach(function (move) {
      var button = el("button", {type: "button", className: "choice", "data-move": move, text: move});
      button.addEventListener("click", function () { clear(nodes.choices); enter(move); });
      nodes.choices.appendChild(button);
    });
    if (view.more && view.more[name]) {
      nodes.choices.appendChild(el("p", {className: "note", text: "More moves start here: type the move."}));
    }
  }

  function enter(move) {
    move = String(move).trim();
    if (!move) { return; }
    queue.push({ply: nextPly(), move: move});
    saveQueue();
    showMoves();
    showStatus();
    send();
  }

  function scheduleRetry() {
    if (retry !== null) { return; }
    retry = setTimeout(function () {
      retry = null;
      if (view && queue.length) { send(); } else { refresh(); }
    }, RETRY_MS);
  }

  /** Send the waiting moves in order, one at a time. */
  function send() {
    if (sending || !queue.length) { return; }
    sending = true;
    var item = queue[0];
    Hall.request("POST", api + "/moves", {ply: item.ply, move: item.move}, token).then(
      function (answer) {
        sending = false;
        online = true;
        if (answer.status === 200) {
          queue.shift();
          saveQueue();
          state(answer.body);
          if (queue.length) { showMoves(); send(); } else { refresh(); }
          return;
        }
        if (answer.status === 422) {
          var dropped = queue.map(function (q) { return q.move; });
          queue = [];
          saveQueue();
          say("Refused: " + item.move + ": " + Hall.errorText(answer, "illegal move") +
              (dropped.length > 1 ? ". Not entered: " + dropped.slice(1).join(" ") + " \u2014 enter them again." : ""),
              "error");
          refresh();
          return;
        }
        if (answer.status === 409) {
          var code = answer.body && answer.body.error ? answer.body.error.code : "";
          var lost = queue.map(function (q) { return q.move; }).join(" ");
          queue = [];
          saveQueue();
          if (code === "stale-ply" || code === "ply-taken") {
            say("The arbiter changed this board (" + Hall.errorText(answer, "conflict") +
                "): here is the board as it stands now; enter the moves again from it (" +
                lost + ").", "error");
          } else {  // the game has ended, the round is closed: the hall's own words
            say("Not entered: " + lost + ": " + Hall.errorText(answer, "conflict"), "error");
          }
          refresh();
          return;
        }
        if (answer.status === 401 || answer.status === 403) {
          say("This page's address does not carry this board's token: open the address on the " +
              "table card (" + Hall.errorText(answer, "not allowed") + ").", "error");
          showMoves();
          return;
        }
        // the server is busy or down (429, 5xx): keep the moves and try again
        online = answer.status < 500 && answer.status !== 429;
        say(Hall.errorText(answer, "not sent yet, trying again"), "warn");
        showMoves();
        scheduleRetry();
      },
      function () {
        sending = false;
        online = false;
        showMoves();
        scheduleRetry();
      }
    );
  }

  /** A board state from the API (a move's answer). */
  function state(data) {
    if (!data) { return; }
    if (Array.isArray(data.moves)) { moves = data.moves.slice(); }
    if (data.result !== undefined) { result = data.result; }
  }

  /** The board as the server has it now: its drawing, moves and legal moves. */
  function refresh() {
    return Hall.request("GET", viewUrl, null, null).then(function (answer) {
      online = !answer.kept;  // a kept copy: the hall is not reached
      if (answer.status !== 200 || !answer.body) {
        say(Hall.errorText(answer, "cannot read this board"), "error");
        showNet();
        return;
      }
      view = answer.body;
      viewKept = answer.kept;
      moves = view.moves.slice();
      result = view.result;
      draw();
      if (queue.length) { send(); } else if (viewKept) { scheduleRetry(); }
    }, function () {
      online = false;
      showNet();
      scheduleRetry();
    });
  }

  nodes.form.addEventListener("submit", function (event) {
    event.preventDefault();
    var move = nodes.input.value;
    nodes.input.value = "";
    clear(nodes.choices);
    say("");
    enter(move);
  });
  window.addEventListener("online", function () { online = true; showNet(); send(); });
  window.addEventListener("offline", function () { online = false; showNet(); });

  var reload = Hall.debounce(function () { if (!queue.length && !sending) { refresh(); } }, 300);
  var streamUp = true;
  Hall.follow(function (data) {
    if (String(data.round) === String(round) && String(data.board) === String(board)) {
      // someone else changed this board (the arbiter): draw it anew, unless our own moves wait
      if (data.type === "move" && data.ply_now === moves.length) { return; }  // ours
      reload();
    }
  }, function (up) {
    if (up && !streamUp) { reload(); }  // back after a break: a change may have been missed
    streamUp = up;
  });

  /** The service worker that keeps this page for a reload without the network, where the
      browser allows one (a secure context: HTTPS, or localhost); body's data-offline says
      "ready" once the page and its board's view are kept (and the worker answers this
      page), "no" where there is none (plain http over the LAN: the page does without). */
  function keepForOffline() {
    if (!window.isSecureContext || !("serviceWorker" in navigator)) {
      body.setAttribute("data-offline", "no");
      return;
    }
    var worker = navigator.serviceWorker;
    var controlled = new Promise(function (resolve) {
      if (worker.controller) { resolve(); return; }
      worker.addEventListener("controllerchange", function () { resolve(); });
    });
    worker.register("/sw.js", {scope: "/record/"}).then(function () {
      return worker.ready;
    }).then(function (registration) {
      return new Promise(function (resolve) {
        var channel = new MessageChannel();
        channel.port1.onmessage = function (event) { resolve(event.data && event.data.kept); };
        registration.active.postMessage({keep: [location.pathname, viewUrl]}, [channel.port2]);
      });
    }).then(function (kept) {
      return controlled.then(function () {
        var all = Array.isArray(kept) && kept.every(Boolean);
        body.setAttribute("data-offline", all ? "ready" : "partly");
      });
    }).catch(function () { body.setAttribute("data-offline", "no"); });
  }

  showMoves();
  refresh();
  keepForOffline();
  setInterval(function () { if (queue.length) { send(); } }, 5000);
})();
