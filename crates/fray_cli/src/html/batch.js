// The batch report: win rates with their intervals, endings, rounds, the combatant table, the
// batch's chart, the command that reproduces it, and the runs worth watching, each an
// embedded replay (FrayReplay, above).

function percent(x) {
  return (100 * x).toFixed(1) + '%';
}

function table(head, rows) {
  var t = el('table', {});
  t.appendChild(el('tr', {}, head.map(function (h) { return el('th', { text: h }); })));
  rows.forEach(function (r) {
    t.appendChild(el('tr', {}, r.map(function (c) { return typeof c === 'object' ? el('td', {}, [c]) : el('td', { text: String(c) }); })));
  });
  return t;
}

function interval(rate, ci) {
  var bar = el('span', { class: 'interval', title: '95% interval ' + percent(ci[0]) + ' to ' + percent(ci[1]) });
  bar.appendChild(el('span', { style: 'left:' + (100 * ci[0]).toFixed(2) + '%;width:' + (100 * (ci[1] - ci[0])).toFixed(2) + '%' }));
  bar.appendChild(el('i', { style: 'left:' + (100 * rate).toFixed(2) + '%' }));
  return bar;
}

// A pick's score in words: a win (101 points) and the side's HP left, in percent.
function scoreText(pick) {
  if (pick.kind === 'longest') return pick.score + ' rounds';
  var won = pick.score >= 101;
  return (won ? 'won' : 'did not win') + ', ' + (won ? pick.score - 101 : pick.score) + '% of its HP left';
}

function pickTitle(pick) {
  switch (pick.kind) {
    case 'worst': return pick.side + ': the worst 1%';
    case 'median': return pick.side + ': the median run';
    case 'best': return pick.side + ': the best 1%';
    case 'longest': return 'the longest run';
  }
  return pick.kind;
}

function FrayBatch(root, data) {
  var r = data.report;
  root.appendChild(el('header', { class: 'batch-head' }, [
    el('h1', { text: r.name + ' - ' + r.runs + ' runs' }),
    el('p', {}, [r.encounter + ' (' + r.ruleset + '), master seed ', el('code', { text: String(r.seed) })]),
    el('p', {}, ['reproduce it with ', el('code', { text: data.command })])
  ]));
  var cards = el('div', { class: 'cards' });
  cards.appendChild(el('div', { class: 'card' }, [
    el('h3', { text: 'Win rates (95% intervals)' }),
    table(['side', 'wins', 'rate', 'interval'], r.sides.map(function (s) {
      return [s.name, s.wins, percent(s.win_rate), interval(s.win_rate, s.ci95)];
    }).concat([['draws', r.draws, percent(r.runs ? r.draws / r.runs : 0), '']]))
  ]));
  cards.appendChild(el('div', { class: 'card' }, [
    el('h3', { text: 'Endings' }),
    table(['ending', 'runs'], Object.keys(r.endings).filter(function (k) { return r.endings[k]; }).map(function (k) {
      return [k.replace(/_/g, ' '), r.endings[k]];
    }))
  ]));
  cards.appendChild(el('div', { class: 'card' }, [
    el('h3', { text: 'Rounds' }),
    table(['mean', 'median', '95th', 'longest'], [[r.rounds.mean.toFixed(2), r.rounds.median, r.rounds.p95, r.rounds.max]])
  ]));
  root.appendChild(cards);
  var chart = el('div', { class: 'chart' });
  chart.innerHTML = data.chart;
  root.appendChild(chart);
  root.appendChild(el('h3', { text: 'Combatants' }));
  root.appendChild(table(['name', 'side', 'active', 'dead', 'down', 'fled or gave up', 'damage dealt', 'damage taken', 'dropped', 'morale broke'],
    r.combatants.map(function (c) {
      return [c.name, c.side, percent(c.active_rate), percent(c.death_rate), percent(c.down_rate), percent(c.gave_up_rate),
        c.mean_damage_dealt.toFixed(1), c.mean_damage_taken.toFixed(1), c.mean_times_dropped.toFixed(2), percent(c.morale_break_rate)];
    })));

  root.appendChild(el('h3', { text: 'Runs worth watching' }));
  root.appendChild(el('p', { text: 'Each side\'s median run and the middle of its worst and best 1% by score (a win, then the share of the side\'s hit points left), and the longest run: each re-played by its seed.' }));
  var sections = data.replays.map(function (replay, i) {
    var section = el('section', {});
    var details = el('details', { class: 'watch', id: 'run-' + i });
    var about = data.picks.filter(function (p) { return p.replay === i; }).map(function (p) { return pickTitle(p) + ' (' + scoreText(p) + ')'; });
    details.appendChild(el('summary', { text: 'run ' + data.picks.filter(function (p) { return p.replay === i; })[0].index + ', seed ' + replay.seed + ': ' + about.join('; ') }));
    details.appendChild(section);
    FrayReplay(section, replay);
    return details;
  });
  root.appendChild(table(['run', 'for', 'score', 'seed', ''], data.picks.map(function (p) {
    var open = el('a', { href: '#run-' + p.replay, text: 'watch' });
    open.addEventListener('click', function () { sections[p.replay].open = true; });
    return [p.index, pickTitle(p), scoreText(p), p.seed, open];
  })));
  sections.forEach(function (s) { root.appendChild(s); });
  if (/(?:^#|&)open=all/.test(window.location.hash)) sections.forEach(function (s) { s.open = true; });
}

if (document.getElementById('app').getAttribute('data-kind') === 'batch') {
  FrayBatch(document.getElementById('app'), frayData());
}
