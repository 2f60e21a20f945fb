// An expedition played back: its log as a timeline with the clock, where the party is, what
// it met, fought and carried, who fell, and each fight as a replay (FrayReplay). Step 0 is the expedition as it sets out; step k is
// after the log's k-th entry. The party's hit points are known at the end (the log says what
// each fight cost, not each member's HP).

function exploreKind(event) {
  return typeof event === 'string' ? event : Object.keys(event)[0];
}

function exploreFields(event) {
  return typeof event === 'string' ? {} : event[exploreKind(event)] || {};
}

function delveStates(data) {
  var state = { clock: data.entries.length ? '[0:00]' : '', area: '', fights: 0, gold: 0, met: 0, fallen: {}, ended: '' };
  var states = [state];
  data.entries.forEach(function (entry) {
    var next = JSON.parse(JSON.stringify(states[states.length - 1]));
    var kind = exploreKind(entry.event);
    var f = exploreFields(entry.event);
    next.clock = entry.clock;
    if (kind === 'Entered') next.area = f.area;
    if (kind === 'Reached') next.area = f.site;
    if (kind === 'FightStarted') next.fights += 1;
    if (kind === 'TreasureTaken') next.gold += f.gold || 0;
    if (kind === 'MonstersMet') next.met += 1;
    if (kind === 'FightEnded') {
      (f.down || []).forEach(function (n) { next.fallen[n] = 'down'; });
      (f.killed || []).forEach(function (n) { next.fallen[n] = 'dead'; });
    }
    if (kind === 'Ended') next.ended = f.reason || 'ended';
    states.push(next);
  });
  return states;
}

function FrayDelve(root, data) {
  var states = delveStates(data);
  var steps = data.entries.length;
  var step = 0;
  root.className = 'replay delve';
  root.setAttribute('data-steps', String(steps));
  root.appendChild(el('header', { class: 'replay-head' }, [
    el('h2', { text: data.title }),
    el('p', {}, ['seed ', el('code', { text: data.seed }), ' - replay it with ', el('code', { text: data.command })])
  ]));
  var clock = el('div', { class: 'round clock' });
  var where = el('div', { class: 'gauges' });
  root.appendChild(el('div', { class: 'status-line' }, [clock, where]));
  var members = data.summary.members || [];
  var table = el('table', { class: 'combatants' });
  table.appendChild(el('tr', {}, ['member', 'on the way', 'HP at the end', 'at the end'].map(function (h) { return el('th', { text: h }); })));
  var rows = members.map(function (m) {
    var bar = el('div', { class: 'bar' });
    var share = m.hp[1] > 0 ? Math.max(0, Math.min(1, m.hp[0] / m.hp[1])) : 0;
    bar.style.width = (share * 100).toFixed(1) + '%';
    bar.className = 'bar' + (share <= 0.25 ? ' low' : share <= 0.5 ? ' mid' : '');
    var now = el('td', {});
    table.appendChild(el('tr', {}, [
      el('td', { text: m.name }), now,
      el('td', { class: 'hp' }, [el('div', { class: 'bar-frame' }, [bar]), m.hp[0] + '/' + m.hp[1]]),
      el('td', { text: String(m.life) })
    ]));
    return now;
  });
  var timeline = Timeline(steps, function (k) { show(k); });
  var list = el('ol', { class: 'log' });
  // Each fight's replay, opened from the entry where it starts.
  var fights = (data.fights || []).map(function (replay, i) {
    var section = el('section', {});
    var details = el('details', { class: 'watch', id: 'fight-' + i }, [el('summary', { text: replay.title }), section]);
    FrayReplay(section, replay);
    return details;
  });
  var fightsSeen = 0;
  var items = data.entries.map(function (entry, i) {
    var item = el('li', {}, [el('span', { class: 'when', text: entry.clock + ' ' }), entry.text]);
    item.addEventListener('click', function () { timeline.pause(); show(i + 1); });
    if (exploreKind(entry.event) === 'FightStarted' && fights[fightsSeen]) {
      var fight = fights[fightsSeen];
      var link = el('a', { href: '#' + fight.id, text: 'watch the fight' });
      link.addEventListener('click', function (e) { e.stopPropagation(); fight.open = true; });
      item.appendChild(document.createTextNode(' '));
      item.appendChild(link);
      fightsSeen += 1;
    }
    list.appendChild(item);
    return item;
  });
  root.appendChild(table);
  root.appendChild(timeline.controls);
  root.appendChild(list);
  if (fights.length) root.appendChild(el('h3', { text: 'The fights' }));
  fights.forEach(function (f) { root.appendChild(f); });

  function show(k) {
    step = Math.max(0, Math.min(steps, k));
    var s = states[step];
    root.setAttribute('data-step', String(step));
    root.setAttribute('data-clock', s.clock);
    timeline.at(step);
    clock.textContent = s.clock ? 'clock ' + s.clock : 'setting out';
    where.textContent = [s.area ? 'in ' + s.area : '', s.fights + ' fights', s.gold + ' gp found', s.ended ? 'over: ' + s.ended : '']
      .filter(function (x) { return x; }).join(' | ');
    members.forEach(function (m, i) { rows[i].textContent = s.fallen[m.name] || 'standing'; });
    markStep(items, list, step);
  }
  show(stepAsked(steps));
}

if (document.getElementById('app').getAttribute('data-kind') === 'delve') {
  var delveRoot = el('section', { id: 'replay' });
  document.getElementById('app').appendChild(delveRoot);
  FrayDelve(delveRoot, frayData());
}
