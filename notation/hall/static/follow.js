/* A spectator's board page (drawn as `pmn render` draws a game): opens at the board's last
   position, follows the event stream and draws the board anew when a move or a result
   comes. */
(function () {
  "use strict";
  var body = document.body;
  var round = body.getAttribute("data-hall-round");
  var board = body.getAttribute("data-hall-board");
  if (!round || !board || !window.Hall) { return; }
  // the move table's places, carried as data-style (the policy refuses style attributes)
  // and set through the CSS object model, which it allows
  Array.prototype.forEach.call(document.querySelectorAll("[data-style]"), function (node) {
    node.getAttribute("data-style").split(";").forEach(function (rule) {
      var at = rule.indexOf(":");
      if (at > 0) { node.style.setProperty(rule.slice(0, at).trim(), rule.slice(at + 1).trim()); }
    });
  });
  var tries = 0;
  var toLast = setInterval(function () {  // once the viewer has started (it unpacks first)
    tries += 1;
    var button = document.getElementById("last");
    if (body.getAttribute("data-current") !== null && button) { button.click(); clearInterval(toLast); }
    else if (tries > 100) { clearInterval(toLast); }
  }, 30);
  var again = Hall.debounce(function () { location.reload(); }, 400);
  Hall.follow(function (data) {
    if (String(data.round) === round && String(data.board) === board) { again(); }
  }, function (up) { body.setAttribute("data-live", up ? "yes" : "no"); });
})();
