'use strict';
// Squall's console: draws the crawl's snapshot (GET api/progress every two seconds), or, in a saved report,
// the snapshot embedded in the page. Everything is built with DOM calls and textContent: URLs and messages
// come from crawled sites and are never read as HTML.
(function () {
  const $ = id => document.getElementById(id);
  const SVG = 'http://www.w3.org/2000/svg';
  const embedded = $('report');
  let last = null;

  const count = n => n == null ? '–' : Math.round(Number(n)).toLocaleString('en');
  const rate = n => n == null ? '–' : Number(n).toLocaleString('en', { maximumFractionDigits: 1 });
  const seconds = ms => ms == null ? '–' : (ms / 1000).toLocaleString('en', { maximumFractionDigits: 1 }) + ' s';

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text != null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  function table(id, headers, rows, numeric) {
    const t = $(id);
    t.replaceChildren();
    const head = el('tr');
    headers.forEach((h, i) => head.appendChild(el('th', h, numeric[i] === 1 ? 'n' : null)));
    t.appendChild(head);
    rows.forEach(r => {
      const tr = el('tr');
      r.forEach((c, i) => tr.appendChild(el('td', c, numeric[i] === 'url' ? 'url' : numeric[i] ? 'n' : null)));
      t.appendChild(tr);
    });
    if (rows.length === 0) {
      const tr = el('tr');
      const td = el('td', 'none', 'hint');
      td.colSpan = headers.length;
      tr.appendChild(td);
      t.appendChild(tr);
    }
  }

  function chart(id, points, key, cls) {
    const svg = $(id);
    svg.replaceChildren();
    const w = 360, h = 140, left = 44, right = 8, top = 8, bottom = 20;
    const axis = (x1, y1, x2, y2) => {
      const l = document.createElementNS(SVG, 'line');
      [['x1', x1], ['y1', y1], ['x2', x2], ['y2', y2]].forEach(([k, v]) => l.setAttribute(k, v));
      l.setAttribute('class', 'axis');
      svg.appendChild(l);
    };
    const label = (x, y, text, anchor) => {
      const t = document.createElementNS(SVG, 'text');
      t.setAttribute('x', x); t.setAttribute('y', y); t.setAttribute('text-anchor', anchor || 'start');
      t.textContent = text;
      svg.appendChild(t);
    };
    axis(left, top, left, h - bottom);
    axis(left, h - bottom, w - right, h - bottom);
    if (!points || points.length === 0) {
      label(w / 2, h / 2, 'no data yet', 'middle');
      return;
    }
    const tMax = Math.max(points[points.length - 1].t, 1);
    const vMax = Math.max(...points.map(p => p[key]), 0.1);
    const x = t => left + (w - left - right) * t / tMax;
    const y = v => h - bottom - (h - top - bottom) * v / vMax;
    const line = document.createElementNS(SVG, 'polyline');
    const coords = [[x(0), y(points[0][key])]].concat(points.map(p => [x(p.t), y(p[key])]));
    line.setAttribute('points', coords.map(c => c[0].toFixed(1) + ',' + c[1].toFixed(1)).join(' '));
    line.setAttribute('class', 'line' + (cls ? ' ' + cls : ''));
    line.setAttribute('data-points', String(points.length));
    svg.appendChild(line);
    label(left - 4, top + 8, rate(vMax), 'end');
    label(left - 4, h - bottom, '0', 'end');
    label(left, h - 6, '0 s');
    label(w - right, h - 6, duration(tMax), 'end');
    label(w - right, top + 8, 'now ' + rate(points[points.length - 1][key]), 'end');
  }

  function duration(s) {
    s = Math.round(s);
    if (s < 60) return s + ' s';
    const m = Math.floor(s / 60);
    if (m < 60) return m + 'm' + String(s % 60).padStart(2, '0') + 's';
    return Math.floor(m / 60) + 'h' + String(m % 60).padStart(2, '0') + 'm';
  }

  // The states in which a crawl can be paused: local mode's, and a cluster's (read from its indices).
  const LIVE = ['running', 'fetching', 'waiting', 'nothing due'];

  function hostRows(rows) {
    return rows.map(r => [r.host, count(r.queued), count(r.inFlight),
      seconds(r.delayMs) + (r.delayReason ? ' (' + r.delayReason + ')' : ''),
      r.nextFetchInMs > 0 ? 'in ' + seconds(r.nextFetchInMs) : 'now',
      count(r.errors) + (r.consecutiveErrors > 0 ? ' (' + r.consecutiveErrors + ' in a row)' : ''),
      r.backOffMs > 0 ? seconds(r.backOffMs) + ' (level ' + r.backOffLevel + ')'
        : r.pausedMs > 0 ? 'paused ' + seconds(r.pausedMs) : '–']);
  }

  function show(p) {
    last = p;
    const state = $('state');
    state.textContent = p.state;
    state.className = String(p.state).replace(/ /g, '-');
    $('reason').textContent = p.stopReason ? '(' + p.stopReason + ')' : '';
    $('elapsed').textContent = p.elapsed ? 'for ' + p.elapsed : '';
    const over = p.state === 'finished';
    // An idle crawl under --duration waits for its next due URL rather than ending.
    $('nextDue').textContent = p.nextDue && !over ? '(nothing to fetch now: next URL due in ' + p.nextDueIn
      + ', at ' + p.nextDue + ')' : '';
    $('controls').hidden = !p.steerable || !!embedded || over;
    $('pause').disabled = !LIVE.includes(p.state);
    $('resume').disabled = p.state !== 'paused';
    $('stop').disabled = !LIVE.includes(p.state) && p.state !== 'paused';
    $('note').hidden = !p.note;
    $('note').textContent = p.note || '';
    $('tools').hidden = !!embedded || over;

    ['fetched', 'discovered', 'errors', 'duplicates', 'due', 'inFlight', 'queues'].forEach(k => $(k).textContent = count(p[k]));
    $('refetches').textContent = p.refetches
      ? [p.refetches.changed, p.refetches.unchanged, p.refetches.notModified].map(count).join(' / ') : '–';
    // Figures a crawl does not have (a cluster's workers', a finished crawl's in flight) leave no empty tile.
    ['inFlight', 'threads', 'queues', 'due', 'refetches'].forEach(k => $(k).parentElement.hidden = p[k] == null);
    $('pagesPerSecond').textContent = rate(p.pagesPerSecond);
    $('pagesPerSecond').nextElementSibling.textContent = over ? 'pages/s over the run' : 'pages/s';
    $('kbPerSecond').nextElementSibling.textContent = over ? 'KB/s over the run' : 'KB/s';
    $('kbPerSecond').textContent = count(p.kbPerSecond);
    $('threads').textContent = p.threads == null ? '–' : count(p.activeThreads) + ' of ' + count(p.threads);
    $('limit').hidden = !p.limit || over;
    if (p.limit) {
      $('limitBar').style.width = Math.min(100, p.limit.percent) + '%';
      $('limitText').textContent = 'Progress: ' + p.limit.text;
    }

    const history = p.history || [];
    chart('chart-pages', history, 'pages');
    chart('chart-kb', history, 'kb');
    chart('chart-errors', history, 'errors', 'errors');
    $('chartNote').textContent = p.chartNote || '';

    const hosts = p.hosts || {};
    $('hostNote').textContent = p.hostNote || (count(hosts.queues) + ' host queues, ' + count(hosts.queued)
      + ' URLs waiting in them');
    const heads = ['host', 'queued', 'in flight', 'delay', 'next fetch', 'errors', 'back-off'];
    const numeric = [0, 1, 1, 1, 1, 1, 1];
    table('busiest', heads, hostRows(hosts.busiest || []), numeric);
    table('blocked', heads, hostRows(hosts.blocked || []), numeric);

    table('recentErrors', ['time', 'URL', 'status', 'cause', 'message'],
      (p.recentErrors || []).map(e => [e.time ? String(e.time).replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '',
        e.url, e.status + (e.httpCode ? ' ' + e.httpCode : ''), e.cause || '', e.message || '']),
      [0, 'url', 0, 0, 0]);

    const fresh = p.freshness;
    $('freshnessSection').hidden = !fresh;
    if (fresh) {
      const percent = v => v == null ? '–' : (100 * v).toFixed(1) + '%';
      $('freshExpected').textContent = percent(fresh.expected);
      $('freshAge').textContent = fresh.age || '–';
      $('freshWasted').textContent = percent(fresh.wastedShare);
      table('leastFresh', ['host', 'expected freshness', 'expected age', 'pages'],
        (fresh.leastFresh || []).map(h => [h.host, percent(h.expected), h.age || '–', count(h.pages)]), [0, 1, 1, 1]);
    }

    $('logSection').hidden = !p.logFile;
    $('logFile').textContent = p.logFile || '';
    $('log').textContent = (p.log || []).join('\n');

    table('status', ['status', 'URLs'], Object.entries(p.status || {}).map(([s, n]) => [s, count(n)]), [0, 1]);

    $('final').hidden = !p.report;
    if (p.report) {
      $('reportText').textContent = p.report.text;
      $('reportFile').textContent = 'Also written to ' + p.report.file
        + (embedded ? '' : ' (this page stays readable until the squall process exits).');
    }
  }

  async function refresh() {
    try {
      const r = await fetch('api/progress', { cache: 'no-store' });
      show(await r.json());
      $('message').textContent = '';
    } catch (e) {
      $('state').textContent = 'gone';
      $('state').className = 'gone';
      $('controls').hidden = true;
      $('message').textContent = 'The squall process has ended (or cannot be reached); the page shows what it last said'
        + (last && last.report ? ', and the report is in ' + last.report.file : '') + '.';
    }
  }

  async function post(path, body) {
    const r = await fetch(path, { method: 'POST', headers: { 'X-Squall-Console': '1', 'Content-Type': 'text/plain' }, body });
    return { status: r.status, json: await r.json() };
  }

  async function act(action) {
    const r = await post('api/' + action);
    $('message').textContent = r.status === 409 ? 'Cannot ' + action + ' now' + (r.json.error ? ': ' + r.json.error : '.') : '';
    if (r.json.state) show(r.json);
  }

  async function addSeeds(event) {
    event.preventDefault();
    const out = $('seedResult');
    out.replaceChildren();
    try {
      const r = await post('api/seeds', $('seeds').value);
      if (r.json.error) {
        out.appendChild(el('div', r.json.error, 'bad'));
        return;
      }
      out.appendChild(el('div', 'Seeds: ' + r.json.added + ' added, ' + r.json.alreadyKnown + ' already known, '
        + r.json.rejected + ' rejected' + (r.json.failed ? ', ' + r.json.failed + ' not written' : '') + '.'));
      (r.json.problems || []).forEach(problem => out.appendChild(el('div', problem, 'bad')));
    } catch (e) {
      out.appendChild(el('div', 'The console cannot be reached: ' + e, 'bad'));
    }
  }

  function flatten(prefix, value, rows) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      Object.entries(value).forEach(([k, v]) => flatten(prefix ? prefix + '.' + k : k, v, rows));
    } else {
      rows.push([prefix, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    return rows;
  }

  async function lookUp(event) {
    event.preventDefault();
    const out = $('lookupResult');
    out.replaceChildren();
    try {
      const r = await fetch('api/url?url=' + encodeURIComponent($('lookupUrl').value.trim()), { cache: 'no-store' });
      const j = await r.json();
      if (j.error) {
        out.appendChild(el('div', j.error, 'bad'));
        return;
      }
      out.appendChild(el('div', j.url ? 'Stored as ' + j.url : j.input));
      out.appendChild(el('div', j.verdict, j.accepted === false || !j.document ? 'bad' : null));
      if (j.document) {
        const t = el('table');
        t.id = 'lookupDocument';
        flatten('', j.document, []).forEach(([k, v]) => {
          const tr = el('tr');
          tr.appendChild(el('th', k));
          tr.appendChild(el('td', v, 'url'));
          t.appendChild(tr);
        });
        out.appendChild(t);
      }
    } catch (e) {
      out.appendChild(el('div', 'The console cannot be reached: ' + e, 'bad'));
    }
  }

  if (embedded) {
    show(JSON.parse(embedded.textContent));
    document.title = 'Squall crawl report';
  } else {
    $('pause').addEventListener('click', () => act('pause'));
    $('resume').addEventListener('click', () => act('resume'));
    $('stop').addEventListener('click', () => {
      if (confirm('Stop the crawl? URLs in flight finish first.')) act('stop');
    });
    $('seedForm').addEventListener('submit', addSeeds);
    $('lookupForm').addEventListener('submit', lookUp);
    refresh();
    setInterval(refresh, 2000);
  }
})();
