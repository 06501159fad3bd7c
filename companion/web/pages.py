"""The page templates: markup only; every word comes translated from `companion.web.server`."""

from __future__ import annotations

BASE = """<!doctype html>
<html lang="{{ lang }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title><link rel="stylesheet" href="/style.css"></head>
<body data-page="{{ page }}">
<nav>{% for href, label in nav %}<a href="{{ href }}"{% if href == here %} class="here"{% endif %}>{{ label }}</a>
{% endfor %}<span class="langs">{% for code, name in languages %}<a href="?lang={{ code }}"
{% if code == lang %} class="here"{% endif %} hreflang="{{ code }}">{{ name }}</a> {% endfor %}</span></nav>
<main><h1>{{ title }}</h1>{{ body|safe }}</main></body></html>"""

LIVE = """<section id="live" data-lang="{{ lang }}" data-version="{{ frame.version }}"
 data-waiting="{{ words.waiting }}" data-over="{{ words.over }}">
<h2 id="live-title">{{ frame.title or words.waiting }}</h2>
<p id="live-prompt" class="prompt">{{ frame.prompt or "" }}</p>
<ul id="live-todo" class="todo">{% for step in frame.todo or [] %}<li>{{ step }}</li>{% endfor %}</ul>
<ul id="live-options" class="options">{% for o in frame.options or [] %}<li>{{ o }}</li>{% endfor %}</ul>
<img id="live-image" alt="{{ words.picture }}" {% if frame.playing %}src="/live.png?lang={{ lang }}&amp;v={{ frame.version }}"
{% else %}hidden{% endif %}>
<h3>{{ words.lately }}</h3>
<ul id="live-lines" class="lines">{% for line in frame.lines or [] %}<li>{{ line }}</li>{% endfor %}</ul>
</section><script src="/live.js"></script>"""

HISTORY = """<section class="downloads"><h2>{{ words.downloads }}</h2><ul>
<li><a href="/history.csv">{{ words.csv }}</a></li><li><a href="/history-players.csv">{{ words.players_csv }}</a></li>
<li><a href="/history.bgsplay">{{ words.bgstats }}</a></li></ul></section>
{% if rows %}<p class="note">{{ words.zone }}</p>{% endif %}
{% if night %}<section class="night"><h2>{{ night[0][1] }}</h2>
<ul>{% for level, line in night[1:] %}<li>{{ line }}</li>{% endfor %}</ul></section>{% endif %}
<h2 id="players">{{ words.people }}</h2>{% if not people and rows %}<p>{{ words.no_people }}</p>{% endif %}
{% for person in people %}<section class="person"><h3>{{ person.name }}</h3><p>{{ person.counts }}</p>
{% for game in person.games %}{{ game.chart|safe }}
<ul>{% for line in game.lines %}<li>{{ line }}</li>{% endfor %}</ul>{% endfor %}</section>
{% endfor %}
{% for game in games %}<section><h2>{{ game.title }}</h2><p>{{ game.counts }}</p>
{% for chart in game.charts %}<h3>{{ chart.title }}</h3>{{ chart.html|safe }}{% endfor %}
<ul>{% for line in game.lines %}<li>{{ line }}</li>{% endfor %}</ul></section>{% endfor %}
<h2 id="games">{{ words.games }}</h2>
<table class="games"><thead><tr>{% for h in words.columns %}<th>{{ h }}</th>{% endfor %}</tr></thead><tbody>
{% for row in rows %}<tr>{% for cell in row %}<td data-label="{{ words.columns[loop.index0] }}"
{% if not cell %} class="empty"{% endif %}>{{ cell }}</td>{% endfor %}</tr>{% endfor %}</tbody></table>
{% if not rows %}<p>{{ words.none }}</p>{% endif %}"""

CARDS = """{% if message %}<p class="error">{{ message }}</p>{% endif %}
{% if not uids_shown %}<form method="post" action="/cards" class="uids"><p>{{ words.show_about }}</p>
<input type="hidden" name="csrf" value="{{ csrf }}">
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>
<button>{{ words.show }}</button></form>{% endif %}
{% for game in games %}<section><h2>{{ game.title }}</h2><p>{{ game.count }}</p>
{% if game.problem %}<p class="error">{{ game.problem }}</p>{% endif %}
<p><a class="button" href="/enroll?game={{ game.name|urlencode }}">{{ words.enroll_next }}</a></p>
<table><tr><th>{{ words.card }}</th><th>{{ words.tag }}</th><th></th></tr>
{% for target, name, tagged, uid in game.cards %}<tr{% if not tagged %} class="missing"{% endif %}><td>{{ name }}</td>
<td>{{ (uid or words.has_tag) if tagged else words.no_tag }}</td><td><a href="/enroll?game={{ game.name|urlencode
 }}&amp;target={{ target|urlencode }}">{{ words.enroll }}</a></td></tr>{% endfor %}</table></section>{% endfor %}"""

ENROLL_FORM = """<form method="post" action="/enroll"{% if hidden %} hidden{% endif %} class="enroll-form"
 data-when="{{ when }}"><input type="hidden" name="csrf" value="{{ csrf }}">
<input type="hidden" name="game" value="{{ game }}"><input type="hidden" name="target" value="{{ target }}">
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required
 value="{{ pin }}"></label>
<label><input type="checkbox" name="replace" value="yes"> {{ words.replace }}</label>
<button>{{ label }}</button></form>"""

ENROLL = """{% if message %}<p class="{{ 'error' if error else 'done' }}">{{ message }}</p>{% endif %}
{% if card %}<p class="card-name">{{ card }}</p><p>{{ words.about }}</p>
{% with hidden=false, when="", target=target, label=words.send, pin="" %}""" + ENROLL_FORM + """{% endwith %}
{% else %}<p>{{ words.all_done }}</p>{% endif %}
<p><a href="/cards">{{ words.back }}</a></p>"""

ENROLL_SENT = """<section id="enroll" data-id="{{ ident }}" data-game="{{ game }}" data-lang="{{ lang }}">
<p class="card-name">{{ card }}</p>
<p id="enroll-status" class="big {{ 'done' if progress.status == 'ok' else ('error' if progress.final else '') }}"
 data-status="{{ progress.status }}">{{ text }}</p>
<p id="enroll-check"><a href="/enroll/result?id={{ ident|urlencode }}&amp;game={{ game|urlencode }}&amp;target={{
 target|urlencode }}&amp;lang={{ lang }}">{{ words.check }}</a></p>
{% with hidden=not (progress.final and progress.status != 'ok'), when="again", target=target, label=words.again %}"""
ENROLL_SENT += ENROLL_FORM + """{% endwith %}
{% if next_target %}<p class="next-name"{% if not progress.final %} hidden{% endif %} data-when="next">{{ next_card }}</p>
{% with hidden=not progress.final, when="next", target=next_target, label=words.send_next %}""" + ENROLL_FORM + """
{% endwith %}{% endif %}<p><a href="/cards">{{ words.back }}</a></p></section><script src="/enroll.js"></script>"""

RULES = """{% for game in games %}<section><h2>{{ game.title }}</h2>
{% if game.lines %}<ul>{% for line in game.lines %}<li>{{ line }}</li>{% endfor %}</ul>
{% else %}<p>{{ words.none }}</p>{% endif %}</section>{% endfor %}"""

FORM_FIELDS = """<input type="hidden" name="csrf" value="{{ csrf }}">
<label>{{ words.pin }} <input name="pin" inputmode="numeric" autocomplete="off" maxlength="6" required></label>"""

BACKUP = """{% if message %}<p class="{{ 'error' if error else 'done' }}">{{ message }}</p>{% endif %}
{% if report %}<ul>{% for line in report %}<li>{{ line }}</li>{% endfor %}</ul>{% endif %}
<h2>{{ words.download }}</h2><p>{{ words.about }}</p>
{% if in_progress %}<p class="note">{{ words.in_progress }}</p>{% endif %}
<form method="post" action="/backup">""" + FORM_FIELDS + """
<button>{{ words.download }}</button></form>
<h2>{{ words.restore }}</h2><p>{{ words.restore_about }}</p>
<form method="post" action="/restore" enctype="multipart/form-data">""" + FORM_FIELDS + """
<label>{{ words.file }} <input type="file" name="backup" accept=".tar.gz,.tgz" required></label>
<button>{{ words.restore }}</button></form>"""

SETTINGS = """<p>{{ words.source }}</p>
{% if message %}<p class="{{ 'error' if error else 'done' }}">{{ message }}</p>{% endif %}
<table class="settings">{% for key, label, value in shown %}<tr><th title="{{ key }}">{{ label }}</th>
<td>{{ value }}</td></tr>{% endfor %}</table>
{% if editable %}<h2>{{ words.change }}</h2><p>{{ words.change_about }}</p>
<form method="post" action="/settings">""" + FORM_FIELDS + """
<label>{{ labels.language }} <select name="language">{% for code, name in languages %}
<option value="{{ code }}"{% if code == current.language %} selected{% endif %}>{{ name }}</option>{% endfor %}
</select></label>
<label>{{ labels.game }} <select name="game"><option value=""></option>{% for name, title in game_titles %}
<option value="{{ name }}"{% if name == current.game %} selected{% endif %}>{{ title }}</option>{% endfor %}
</select></label>
<label>{{ labels.notice_s }} <input name="notice_s" value="{{ current.notice_s }}" inputmode="decimal"></label>
<label>{{ labels.resume_timeout_s }} <input name="resume_timeout_s" value="{{ current.resume_timeout_s }}"
 inputmode="decimal"></label>
{% if bgg %}<p>{{ bgg_about }}</p>{% for name, label, value in bgg %}<label>{{ label }} <input name="{{ name }}"
 value="{{ value }}" inputmode="numeric" pattern="[0-9]*" maxlength="10" autocomplete="off"></label>{% endfor %}{% endif %}
{% if me %}<p>{{ me.about }}</p><label>{{ me.label }} <select name="{{ me.name }}">
<option value="">{{ me.nobody }}</option>{% for value, name in me.options %}
<option value="{{ value }}"{% if value == me.chosen %} selected{% endif %}>{{ name }}</option>{% endfor %}
</select></label>{% endif %}
<button>{{ words.save }}</button></form>{% else %}<p>{{ words.read_only }}</p>{% endif %}"""

STYLE = """body{font-family:system-ui,sans-serif;margin:0;background:#fafafa;color:#111;font-size:18px}
nav{background:#123;padding:.5em;display:flex;flex-wrap:wrap;gap:.6em}nav a{color:#fff;text-decoration:none}
nav a.here{text-decoration:underline;font-weight:bold}.langs{margin-left:auto}
main{padding:0 .8em 2em;max-width:60em;margin:auto}
#live h2{font-size:2em;margin:.4em 0}.todo li{font-size:1.5em;margin:.3em 0;background:#fff6c4;
padding:.3em;border-left:.3em solid #e5b800;list-style:none}.todo{padding:0}
.prompt{font-size:1.5em;font-weight:bold;color:#0b3d91}.options li{font-size:1.4em}#live-image{width:100%;height:auto;border:1px solid #999;margin:.5em 0}
.lines li{font-size:1.1em;color:#444}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ccc;padding:.3em;text-align:left;overflow-wrap:anywhere}tr.missing td{color:#a00}
.error{color:#a00;font-weight:bold}.note{background:#fff6c4;padding:.3em}.done{color:#2e7d32;font-weight:bold}
label{display:block;margin:.6em 0}input,select,button{font-size:1em}button,.button{padding:.4em 1em}
.chart{max-width:40em;margin:.3em 0 .8em}.chart-row{display:flex;flex-wrap:wrap;gap:0 .6em;
align-items:baseline;margin:.5em 0}.chart-label{flex:1 1 auto;font-weight:bold;overflow-wrap:anywhere;min-width:0}
.chart-words{margin-left:auto}.chart .bar{order:3;flex:1 0 100%;height:1.1em;display:block;margin-top:.15em}
.person ul,.night ul{padding-left:1.2em;margin-top:0}.person ul{color:#333}
@media (max-width:40em){table.games thead{display:none}table.games,table.games tbody,table.games tr,
table.games td{display:block;width:auto}table.games tr{border-bottom:2px solid #999;padding:.4em 0}
table.games td{border:0;padding:.1em 0}table.games td::before{content:attr(data-label) ": ";font-weight:bold}
table.games td.empty{display:none}}.card-name{font-size:1.8em;font-weight:bold;margin:.4em 0}
.big{font-size:1.4em}.next-name{font-size:1.3em;font-weight:bold}
.census fieldset{border:0;padding:0;margin:.7em 0}.census legend{font-weight:bold;padding:0}
.census label.choice{display:inline-block;margin:.2em .3em .2em 0;padding:.35em .6em;border:1px solid #999;
border-radius:.3em;background:#fff}.census .default{position:absolute;left:-9999px}
.census .kinds button{margin:.15em 0}.census .kinds button.here{font-weight:bold;border:2px solid #123}
.fits{padding-left:1.4em}.fits li{margin:.5em 0}.fit-name{font-weight:bold}.fit-said,.fit-note{display:block;
color:#444}.fits li.near .fit-note{color:#a00}.census input[type=number]{width:5em}.progress li{margin:.2em 0}
.census-rows tr.changed td,.census-rows tr.added td{color:#0b3d91}.mine li{margin:.4em 0}
.census select{max-width:100%}.census-game summary h2{display:inline}.census-game summary{margin:.8em 0}"""

SCRIPT = """(function () {
  var box = document.getElementById('live');
  var lang = box.dataset.lang, version = box.dataset.version;
  function fill(id, items) {
    var list = document.getElementById(id);
    list.textContent = '';
    (items || []).forEach(function (text) {
      var li = document.createElement('li'); li.textContent = text; list.appendChild(li);
    });
  }
  function show(d) {
    document.getElementById('live-title').textContent = d.playing ? d.title : box.dataset.waiting;
    document.getElementById('live-prompt').textContent = (d.playing && d.prompt) || '';
    fill('live-todo', d.todo); fill('live-options', d.options); fill('live-lines', d.lines);
    var img = document.getElementById('live-image');
    if (d.playing) { img.hidden = false; img.src = '/live.png?lang=' + lang + '&v=' + d.version; }
    else { img.hidden = true; }
    box.dataset.version = d.version;
  }
  function poll() {
    fetch('/live.json?lang=' + lang, {cache: 'no-store'}).then(function (r) { return r.json(); })
      .then(function (d) { if (d.version !== version) { version = d.version; show(d); } })
      .catch(function () {}).then(function () { setTimeout(poll, 400); });
  }
  setTimeout(poll, 400);
})();"""


REQUEST_STATUS_SCRIPT = """(function () {
  var box = document.getElementById('@box');
  var status = document.getElementById('@status');
  var check = document.getElementById('@check');
  if (check) { check.hidden = true; }
  var url = '@url?id=' + encodeURIComponent(box.dataset.id) +
    '&game=' + encodeURIComponent(box.dataset.game) + '&lang=' + encodeURIComponent(box.dataset.lang);
  function show(d) {
    status.textContent = d.text;
    status.dataset.status = d.status;
    status.className = 'big' + (d.status === 'ok' ? ' done' : (d.final ? ' error' : ''));
@more  }
  function poll() {
    fetch(url, {cache: 'no-store'}).then(function (r) { return r.json(); })
      .then(function (d) { show(d); if (!d.final) { setTimeout(poll, 500); } })
      .catch(function () { setTimeout(poll, 1000); });
  }
  poll();
})();"""


def request_status_script(box: str, status: str, check: str, url: str, more: str) -> str:
    """The script of a page that sent the device a request (an enrolment, a census answer): the page's Check
    link hidden, the request's status asked every half second (every second after a failed fetch) until its
    answer is final, each answer shown in the element `status` and then given to `more` (lines of the body of
    `show(d)`). `box` holds the request's id, game and language."""
    script = REQUEST_STATUS_SCRIPT
    for key, value in (("@box", box), ("@status", status), ("@check", check), ("@url", url), ("@more", more)):
        script = script.replace(key, value)
    return script


ENROLL_SCRIPT = request_status_script("enroll", "enroll-status", "enroll-check", "/enroll/status.json", """\
    if (d.final) {
      box.querySelectorAll('[data-when]').forEach(function (el) {
        el.hidden = !(el.dataset.when === 'next' || d.status !== 'ok');
      });
    }
""")
