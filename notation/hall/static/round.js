/* The spectators' round page: every board of the round, updating by itself from the
   event stream, and the standings recomputed as results come in. */
(function () {
  "use strict";
  var el = Hall.el, clear = Hall.clear;
  var round = document.body.getAttribute("data-round");
  var tbody = document.getElementById("boards");
  var standings = document.getElementById("standings");
  var live = document.getElementById("live");

  function boardsOf(summary) { return (summary && summary.boards) || []; }

  function playersText(board) {
    var players = board.players || [];
    if (!Array.isArray(players)) {
      players = Object.keys(players).map(function (seat) { return {seat: seat, name: players[seat]}; });
    }
    return players;
  }

  function playerCell(board) {
    var cell = el("td", {className: "name"});
    playersText(board).forEach(function (player, index) {
      if (index) { cell.appendChild(document.createTextNode(" \u2013 ")); }
      cell.appendChild(el("bdi", {text: typeof player === "string" ? player : player.name}));
    });
    return cell;
  }

  function lastMove(board) {
    var moves = board.moves || [];
    return moves.length ? moves[moves.length - 1] : "";
  }

  function showBoards(summary) {
    clear(tbody);
    var seats = (summary.seats || []).length || 2;
    boardsOf(summary).forEach(function (board) {
      var number = String(board.board);
      var link = el("a", {href: "/rounds/" + encodeURIComponent(round) + "/boards/" +
        encodeURIComponent(number), text: number});
      var result = board.result && board.result !== "*" ? board.result : "";
      var row = el("tr", {"data-board": number, className: result ? "over" : ""}, [
        el("td", {className: "num"}, [link]),
        playerCell(board),
        // moves as players count them: a move is a turn of every seat
        el("td", {className: "num ply", text: String(Math.ceil((board.moves || []).length / seats))}),
        el("td", {className: "moves last", text: lastMove(board)}),
        el("td", {className: "result", text: result || (board.to_move ? board.to_move + " to move" : "")})
      ]);
      tbody.appendChild(row);
    });
  }

  function fmt(value) {
    if (typeof value !== "number") { return String(value); }
    var whole = Math.floor(value);
    return value - whole === 0.5 ? (whole ? whole : "") + "\u00bd" : String(value);
  }

  function showStandings(data) {
    clear(standings);
    var players = (data && data.players) || [];
    if (!players.length) {
      standings.appendChild(el("p", {className: "note", text: "No finished game yet."}));
      return;
    }
    var head = el("tr", {}, ["Rank", "Player", "Points", "Games"].map(function (t) {
      return el("th", {text: t});
    }));
    var rows = players.map(function (p) {
      return el("tr", {}, [
        el("td", {className: "num", text: String(p.rank)}),
        el("td", {className: "name"}, [el("bdi", {text: p.name})]),
        el("td", {className: "num", text: fmt(p.points)}),
        el("td", {className: "num", text: String(p.games)})
      ]);
    });
    standings.appendChild(el("div", {className: "wide"}, [
      el("table", {}, [el("thead", {}, [head]), el("tbody", {}, rows)])
    ]));
    if (data.system_reason) {
      standings.appendChild(el("p", {className: "note", text: data.system_reason}));
    }
  }

  function loadBoards() {
    Hall.request("GET", "/api/rounds/" + encodeURIComponent(round), null, null).then(function (a) {
      if (a.status === 200) { showBoards(a.body); }
    }, function () { live.textContent = "offline: trying again"; });
  }
  function loadStandings() {
    Hall.request("GET", "/standings.json", null, null).then(function (a) {
      if (a.status === 200) { showStandings(a.body); }
    }, function () { /* the next result tries again */ });
  }
  function load() { loadBoards(); loadStandings(); }

  var reloadBoards = Hall.debounce(loadBoards, 250);
  var reloadStandings = Hall.debounce(loadStandings, 500);
  Hall.follow(function (data, kind) {
    reloadBoards();
    // the standings change with results only (a takeback clears one)
    if (kind !== "move" || (data.result && data.result !== "*")) { reloadStandings(); }
  }, function (up) {
    if (up && document.body.getAttribute("data-live") === "no") { load(); }  // events missed
    live.textContent = up ? "live: the boards update by themselves" : "reconnecting\u2026";
    document.body.setAttribute("data-live", up ? "yes" : "no");
  });
  load();
})();
