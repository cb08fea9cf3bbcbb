/* The arbiter's page: every board of the round (moves, last activity, boards gone quiet,
   refused attempts); take moves back, set results and terminations, close the round.
   It follows the event stream. */
(function () {
  "use strict";
  var el = Hall.el, clear = Hall.clear;
  var body = document.body;
  var round = body.getAttribute("data-round");
  var quietAfter = parseInt(body.getAttribute("data-quiet-seconds") || "300", 10);
  var results = (body.getAttribute("data-results") || "1-0 0-1 1/2-1/2").split(" ");
  var terminations = (body.getAttribute("data-terminations") || "normal").split(" ");
  var token = Hall.token("arbiter");
  var api = "/api/rounds/" + encodeURIComponent(round);
  var tbody = document.getElementById("boards");
  var message = document.getElementById("message");
  var live = document.getElementById("live");
  var closeButton = document.getElementById("close-round");
  var summary = null;
  var chosen = {};  // board -> {result, termination} being chosen: kept when the table is drawn again

  function say(text, kind) {
    message.textContent = text || "";
    message.className = kind || "";
  }

  function boardApi(board) { return api + "/boards/" + encodeURIComponent(board); }

  function players(board) {
    var list = board.players || [];
    if (!Array.isArray(list)) {
      list = Object.keys(list).map(function (seat) { return {seat: seat, name: list[seat]}; });
    }
    var cell = el("td", {className: "name"});
    list.forEach(function (p, i) {
      if (i) { cell.appendChild(el("br")); }
      if (typeof p === "string") { cell.appendChild(el("bdi", {text: p})); return; }
      cell.appendChild(el("span", {className: "seat", text: p.seat + " "}));
      cell.appendChild(el("bdi", {text: p.name}));
    });
    return cell;
  }

  function refusedOf(board) {
    var refused = board.refused || board.refused_attempts || [];
    return Array.isArray(refused) ? refused : [];
  }

  function refusedCell(board) {
    var refused = refusedOf(board);
    var cell = el("td", {className: "refused"});
    if (!refused.length) { return cell; }
    cell.appendChild(el("span", {text: refused.length + " refused"}));
    var last = refused[refused.length - 1];
    var words = [last.move, last.message || last.code]
      .filter(function (x) { return x; }).join(": ");
    if (words) { cell.appendChild(el("div", {className: "note", text: "last: " + words})); }
    return cell;
  }

  function lastActivity(board) {
    return Hall.epoch(board.last_activity || null);
  }

  function post(url, data, done) {
    return Hall.request("POST", url, data, token).then(function (answer) {
      if (answer.status === 200) { say(done, "ok"); load(); return; }
      say(Hall.errorText(answer, "refused"), "error");
      load();
    }, function () { say("The server cannot be reached: nothing was changed.", "error"); });
  }

  function actions(board) {
    var number = String(board.board);
    var moves = board.moves || [];
    var box = el("div", {className: "actions"});
    var back = el("button", {type: "button", className: "takeback", "data-board": number,
      text: "Take back " + (moves.length ? moves[moves.length - 1] : ""), disabled: !moves.length});
    back.addEventListener("click", function () {
      if (!window.confirm("Take back the last move of board " + number + " (" + moves[moves.length - 1] + ")?")) { return; }
      post(boardApi(number) + "/takeback", {ply: moves.length - 1},
        "Board " + number + ": " + moves[moves.length - 1] + " taken back.");
    });
    box.appendChild(back);
    var result = el("select", {className: "result", "aria-label": "result of board " + number},
      results.map(function (r) { return el("option", {value: r, text: r}); }));
    var choice = chosen[number] || {};
    if (choice.result) { result.value = choice.result; }
    else if (board.result && board.result !== "*") { result.value = board.result; }
    var termination = el("select", {className: "termination", "aria-label": "termination of board " + number},
      terminations.map(function (t) { return el("option", {value: t, text: t}); }));
    if (choice.termination) { termination.value = choice.termination; }
    else if (board.termination) { termination.value = board.termination; }
    function keep() { chosen[number] = {result: result.value, termination: termination.value}; }
    result.addEventListener("change", keep);
    termination.addEventListener("change", keep);
    var set = el("button", {type: "button", className: "set-result", "data-board": number, text: "Set result"});
    set.addEventListener("click", function () {
      delete chosen[number];
      post(boardApi(number) + "/result", {result: result.value, termination: termination.value},
        "Board " + number + ": " + result.value + " (" + termination.value + ").");
    });
    box.appendChild(result);
    box.appendChild(termination);
    box.appendChild(set);
    return el("td", {}, [box]);
  }

  function show() {
    clear(tbody);
    var now = Date.now() / 1000;
    var quiet = 0;
    (summary.boards || []).forEach(function (board) {
      var moves = board.moves || [];
      var over = board.result && board.result !== "*";
      var at = lastActivity(board);
      var isQuiet = !over && (at === null || now - at > quietAfter);
      if (isQuiet) { quiet += 1; }
      var row = el("tr", {"data-board": String(board.board),
        className: (isQuiet ? "quiet" : "") + (over ? " over" : "")}, [
        el("td", {className: "num", text: String(board.board)}),
        players(board),
        el("td", {className: "num ply", text: String(moves.length)}),
        el("td", {className: "moves", text: moves.slice(-6).join(" ")}),
        el("td", {className: "activity", text: Hall.ago(at === null ? null : now - at) + (isQuiet ? " (quiet)" : "")}),
        el("td", {className: "result", text: over ? board.result + (board.termination ? " " + board.termination : "") : "*"}),
        refusedCell(board),
        actions(board)
      ]);
      tbody.appendChild(row);
    });
    body.setAttribute("data-quiet", String(quiet));
    var closed = !!summary.closed;
    closeButton.disabled = closed;
    closeButton.textContent = closed ? "Round closed" : "Close the round";
  }

  function load() {
    return Hall.request("GET", api, null, token).then(function (answer) {
      if (answer.status !== 200 || !answer.body) {
        say(Hall.errorText(answer, "cannot read the round"), "error");
        return;
      }
      summary = answer.body;
      show();
    }, function () { live.textContent = "offline: trying again"; });
  }

  closeButton.addEventListener("click", function () {
    if (!window.confirm("Close round " + round + "? No move can be entered after it.")) { return; }
    post(api + "/close", {}, "Round " + round + " closed.");
  });

  var reload = Hall.debounce(load, 250);
  var wasUp = true;
  Hall.follow(function () { reload(); }, function (up) {
    if (up && !wasUp) { reload(); }  // back after a break: events may have been missed
    wasUp = up;
    live.textContent = up ? "live" : "reconnecting\u2026";
  });
  setInterval(function () { if (summary) { show(); } }, 15000);  // "quiet" comes with time
  if (!token) { say("This page needs the arbiter's token: open the address with #token=\u2026 from tokens.json.", "error"); }
  load();
})();
