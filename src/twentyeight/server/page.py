"""The server's one web page: the lobby at ``/`` and a table at ``/tables/ID``. Plain
HTML with a few lines of script and style inline, nothing built and nothing fetched from
anywhere else; the table is drawn by the library (``render.table_svg`` of the seat's
view, sent in each state), and the seat's legal actions are buttons."""

from __future__ import annotations

__all__ = ["CSP", "PAGE"]

CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
       "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'")
"""The page's content security policy: its own inline script and style, requests to its
own server only."""

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>twentyeight tables</title>
<style>
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial,
       sans-serif; margin: 0 auto; max-width: 60rem; padding: .5rem 1rem; color: #1b1b1f;
       background: #fafaf7; }
h1 { font-size: 1.4rem; margin: .25rem 0; }
button, select { font: inherit; padding: .45rem .9rem; border-radius: .4rem;
                 border: 1px solid #00796b; background: #fff; color: #00594f;
                 cursor: pointer; margin: .15rem; }
#actions { display: flex; flex-wrap: wrap; gap: .25rem; margin: .5rem 0; }
#picture svg { max-width: 100%; height: auto; }
#status { color: #555; min-height: 1.3em; }
table { border-collapse: collapse; } td, th { padding: .2rem .5rem; text-align: left; }
:root { color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  body { color: #ececec; background: #17181d; }
  button, select { background: #23252e; color: #80cbc4; border-color: #4db6ac; }
  #status { color: #bbb; }
}
</style></head><body>
<h1><a href="/" style="color: inherit">twentyeight</a> <span id="title"></span></h1>
<p id="status" role="status" aria-live="polite"></p>
<main id="lobby" hidden>
  <p><label>Ruleset <select id="ruleset"></select></label>
     <button type="button" id="play-bots">Play against bots</button>
     <button type="button" id="new-table">New table for people</button></p>
  <table><thead><tr><th>Table</th><th>Ruleset</th><th>Seats held</th><th>Deal</th>
  <th></th></tr></thead><tbody id="tables"></tbody></table>
</main>
<main id="table" hidden>
  <p id="scores"></p>
  <div id="seats"></div>
  <div id="actions" aria-label="Your actions"></div>
  <div id="picture"></div>
</main>
<script>
(function () {
  'use strict';
  var status = document.getElementById('status');
  function say(text) { status.textContent = text; }
  function api(method, path, body, token) {
    var headers = {'content-type': 'application/json'};
    if (token) { headers.authorization = 'Bearer ' + token; }
    return fetch(path, {method: method, headers: headers,
                        body: body ? JSON.stringify(body) : undefined})
      .then(function (r) { return r.json().then(function (j) {
        if (!r.ok) { throw new Error(j.message || r.statusText); } return j; }); });
  }
  function key(id, what) { return 'twentyeight:' + id + ':' + what; }
  function sit(id, seat) {
    return api('POST', '/api/tables/' + id + '/join', {seat: seat}).then(function (j) {
      sessionStorage.setItem(key(id, 'token'), j.token);
      sessionStorage.setItem(key(id, 'seq'), '0');
      location.assign('/tables/' + id);
    });
  }
  var match = location.pathname.match(/^\\/tables\\/([0-9a-f]+)$/);
  if (!match) { lobby(); } else { table(match[1]); }

  function lobby() {
    document.getElementById('lobby').hidden = false;
    var select = document.getElementById('ruleset'), players = {};
    api('GET', '/api/rulesets').then(function (j) {
      j.rulesets.forEach(function (r) {
        players[r.name] = r.players;
        var o = document.createElement('option'); o.value = o.textContent = r.name;
        select.appendChild(o);
      });
    });
    function create(withBots) {
      var n = players[select.value] || 4, bots = [];
      for (var s = 0; s < n; s++) { bots.push(withBots && s > 0 ? 'heuristic' : null); }
      api('POST', '/api/tables', {ruleset: select.value, bots: bots})
        .then(function (t) { return sit(t.table, 0); })
        .catch(function (e) { say(e.message); });
    }
    document.getElementById('play-bots').onclick = function () { create(true); };
    document.getElementById('new-table').onclick = function () { create(false); };
    api('GET', '/api/tables').then(function (j) {
      var body = document.getElementById('tables');
      j.tables.filter(function (t) { return !t.finished; }).forEach(function (t) {
        var tr = document.createElement('tr');
        [t.table, t.ruleset, t.held.join(', ') || 'none', String(t.deal + 1)]
          .forEach(function (x) { var td = document.createElement('td');
                                  td.textContent = x; tr.appendChild(td); });
        var td = document.createElement('td'), a = document.createElement('a');
        a.href = '/tables/' + t.table; a.textContent = 'Open';
        td.appendChild(a); tr.appendChild(td); body.appendChild(tr);
      });
    });
  }

  function table(id) {
    document.getElementById('table').hidden = false;
    document.getElementById('title').textContent = 'table ' + id;
    var token = sessionStorage.getItem(key(id, 'token'));
    var socket = null, wait = 500, pending = null;
    function seq() { return Number(sessionStorage.getItem(key(id, 'seq')) || '0'); }
    function send(action) {
      if (pending !== null) { return; }
      pending = {type: 'action', action: action, seq: seq()};
      socket.send(JSON.stringify(pending));
    }
    function show(state) {
      document.body.dataset.actions = String(state.actions);
      document.body.dataset.deal = String(state.deal);
      document.getElementById('picture').innerHTML = state.picture || '';
      document.getElementById('scores').textContent =
        state.ruleset + ' - deal ' + (state.deal + 1) + ' - game points: ' +
        state.totals.join(' : ') + (state.finished ? ' - the match is over' : '') +
        (state.timed_out !== null && state.timed_out !== undefined ?
         ' - a bot acted for seat ' + state.timed_out + ', whose time was up' : '');
      var seats = document.getElementById('seats'); seats.textContent = '';
      if (state.seat === undefined) {
        for (var s = 0; s < state.players; s++) {
          if (state.held.indexOf(s) < 0 && state.bots[s] === null) {
            var b = document.createElement('button'); b.type = 'button';
            b.textContent = 'Sit in seat ' + s; b.dataset.seat = String(s);
            b.onclick = function (e) { sit(id, Number(e.target.dataset.seat)); };
            seats.appendChild(b);
          }
        }
      }
      var box = document.getElementById('actions'); box.textContent = '';
      var legal = state.view && state.view.to_act === state.seat ?
        (state.view.legal_actions || []) : [];
      legal.forEach(function (a) {
        var b = document.createElement('button'); b.type = 'button'; b.textContent = a;
        b.className = 'action'; b.onclick = function () { send(a); };
        box.appendChild(b);
      });
      say(state.seat === undefined ? 'Watching.' : legal.length ? 'Your turn.' :
          state.finished ? 'The match is over.' : 'Waiting for the others.');
    }
    function connect() {
      var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
      socket = new WebSocket(scheme + location.host + '/api/tables/' + id + '/play');
      socket.onopen = function () {
        wait = 500;
        var hello = {type: 'hello', version: 1, pictures: true};
        if (token) { hello.token = token; }
        socket.send(JSON.stringify(hello));
        if (pending !== null) { socket.send(JSON.stringify(pending)); }
      };
      socket.onmessage = function (event) {
        var m = JSON.parse(event.data);
        if (m.type === 'state') { show(m); }
        else if (m.type === 'ack' && pending && m.seq === pending.seq) {
          sessionStorage.setItem(key(id, 'seq'), String(pending.seq + 1)); pending = null;
        } else if (m.type === 'refused') { pending = null; say(m.message); }
        else if (m.type === 'error') {
          say(m.message);
          if (m.error === 'token') { sessionStorage.removeItem(key(id, 'token')); token = null; }
        }
      };
      socket.onclose = function () {
        say('Connection lost: reconnecting...');
        setTimeout(connect, wait); wait = Math.min(wait * 2, 8000);
      };
    }
    connect();
  }
})();
</script></body></html>
"""
