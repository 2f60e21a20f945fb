// The replay player: a fight's map, combatants and log, played back step by step. Step 0 is
// the fight as it starts; step k is the fight after the log's k-th event. Every step's state
// is computed from the events (HP from Damage and Healed, places from Moved, engagement from
// Engaged and Disengaged, conditions from EffectApplied and EffectEnded, budgets from Spent,
// the escalation die from its Note).
'use strict';

var SIDE_COLORS = ['#2b6cb0', '#c53030', '#2f855a', '#b7791f', '#6b46c1', '#2c7a7b'];

function el(tag, attrs, children) {
  var node = document.createElement(tag);
  for (var k in attrs || {}) {
    if (k === 'text') node.textContent = attrs[k];
    else if (k === 'class') node.className = attrs[k];
    else node.setAttribute(k, attrs[k]);
  }
  (children || []).forEach(function (c) {
    node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  });
  return node;
}

function svgEl(tag, attrs) {
  var node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (var k in attrs || {}) {
    if (k === 'text') node.textContent = attrs[k];
    else node.setAttribute(k, attrs[k]);
  }
  return node;
}

function sideColor(side) {
  return SIDE_COLORS[side % SIDE_COLORS.length];
}

// The state before any event.
function initialState(data) {
  var names = data.log.names.names;
  return {
    round: 0,
    active: null,
    ended: null,
    engaged: [],
    gauges: (data.start.gauges || []).map(function (g) { return { name: g.name, text: g.text }; }),
    combatants: names.combatants.map(function (c, i) {
      var s = data.start.combatants[i] || {};
      return {
        hp: s.hp || 0,
        max: s.max_hp || 0,
        region: s.region === undefined ? null : s.region,
        status: s.status || 'Active',
        effects: [],
        budget: (s.budget || []).map(function (g) { return g.name + ' ' + g.text; }).join(', ')
      };
    })
  };
}

function copyState(s) {
  return {
    round: s.round,
    active: s.active,
    ended: s.ended,
    engaged: s.engaged.slice(),
    gauges: s.gauges.map(function (g) { return { name: g.name, text: g.text }; }),
    combatants: s.combatants.map(function (c) {
      return { hp: c.hp, max: c.max, region: c.region, status: c.status, effects: c.effects.slice(), budget: c.budget };
    })
  };
}

function dropEngagements(state, who) {
  state.engaged = state.engaged.filter(function (pair) { return pair[0] !== who && pair[1] !== who; });
}

function setGauge(state, name, text) {
  var g = state.gauges.filter(function (g) { return g.name === name; })[0];
  if (g) g.text = text;
  else state.gauges.push({ name: name, text: text });
}

// Applies one event to a state (in place).
function apply(state, e) {
  var c = state.combatants;
  state.round = e.round;
  switch (e.event) {
    case 'TurnStarted': state.active = e.who; break;
    case 'TurnEnded': state.active = null; break;
    case 'Damage': if (c[e.target]) c[e.target].hp = e.hp; break;
    case 'Healed': if (c[e.target]) c[e.target].hp = e.hp; break;
    case 'Moved': if (c[e.who]) { c[e.who].region = e.to; dropEngagements(state, e.who); } break;
    case 'Engaged':
      if (!state.engaged.some(function (p) { return p[0] === e.who && p[1] === e.target; })) state.engaged.push([e.who, e.target]);
      break;
    case 'Disengaged': dropEngagements(state, e.who); break;
    case 'EffectApplied': if (c[e.target]) c[e.target].effects.push(e.effect); break;
    case 'EffectEnded':
      if (c[e.target]) {
        var i = c[e.target].effects.indexOf(e.effect);
        if (i >= 0) c[e.target].effects.splice(i, 1);
      }
      break;
    case 'StatusChanged':
      if (c[e.who]) {
        c[e.who].status = e.status;
        if (e.status !== 'Active') dropEngagements(state, e.who);
      }
      break;
    case 'Spent': if (c[e.who]) c[e.who].budget = e.left; break;
    case 'Note':
      var m = /escalation die shows ([+-]?\d+)/i.exec(e.text || '');
      if (m) setGauge(state, 'escalation die', m[1]);
      break;
    case 'Ended': state.ended = e.outcome; break;
  }
}

// Every step's state: states[k] after the first k events.
function allStates(data) {
  var states = [initialState(data)];
  data.log.events.forEach(function (e) {
    var next = copyState(states[states.length - 1]);
    apply(next, e);
    states.push(next);
  });
  return states;
}

function triggerText(trigger) {
  if (typeof trigger === 'string') return trigger;
  if (trigger && typeof trigger === 'object') return Object.keys(trigger).join(', ');
  return '';
}

function rollText(roll) {
  return roll ? roll.notation + ': ' + roll.breakdown + ' = ' + roll.total : '';
}

// One event as a line of text, with its roll (shown on hover) when it has one.
function describe(e, names) {
  var who = function (i) { return i === null || i === undefined ? 'the table' : (names.combatants[i] || {}).name || ('#' + i); };
  var region = function (i) { return names.regions[i] || ('region ' + i); };
  switch (e.event) {
    case 'BattleStarted': return 'The fight begins (' + e.encounter + ', ' + e.ruleset + ').';
    case 'Initiative': return who(e.who) + ' acts on ' + e.count + '.';
    case 'RoundStarted': return 'Round ' + e.round + ' begins.';
    case 'TurnStarted': return who(e.who) + "'s turn.";
    case 'TurnEnded': return who(e.who) + "'s turn ends.";
    case 'Roll': return who(e.who) + ' rolls for ' + e.purpose + ': ' + e.roll.total +
      (e.target !== null && e.target !== undefined ? ' vs ' + e.target : '') +
      (e.success === true ? ', success' : e.success === false ? ', failure' : '') + '.';
    case 'Attack': return who(e.attacker) + ' attacks ' + who(e.target) + ' with ' + e.attack + ': ' +
      e.roll.total + ' vs ' + e.defense + ' ' + e.against + ', ' + (e.crit ? 'a critical hit' : e.hit ? 'a hit' : 'a miss') + '.';
    case 'Damage': return who(e.target) + ' takes ' + e.amount + (e.kind ? ' ' + e.kind : '') + ' damage' +
      (e.cause ? ' (' + e.cause + ')' : '') + (e.absorbed ? ', ' + e.absorbed + ' absorbed' : '') + ': ' + e.hp + ' HP.';
    case 'Healed': return who(e.target) + ' regains ' + e.amount + ': ' + e.hp + ' HP.';
    case 'Moved': return who(e.who) + ' moves from ' + region(e.from) + ' to ' + region(e.to) + '.';
    case 'Engaged': return who(e.who) + ' engages ' + who(e.target) + '.';
    case 'Disengaged': return who(e.who) + ' is free of every enemy.';
    case 'EffectApplied': return who(e.target) + ': ' + e.effect + '.';
    case 'EffectEnded': return who(e.target) + ' is no longer ' + e.effect + '.';
    case 'StatusChanged': return who(e.who) + ' is ' + String(e.status).toLowerCase() + '.';
    case 'Spent': return who(e.who) + ' spends ' + e.cost + ' (' + e.left + ').';
    case 'Reaction': return who(e.who) + ' reacts to ' + who(e.against) + ' (' + e.provocation + ').';
    case 'Rejected': return 'Refused: ' + e.intent + ' (' + e.reason + ').';
    case 'MoraleTriggered': return 'Morale check for ' + (names.sides[e.side] || 'a side') + ' (' + triggerText(e.trigger) + ').';
    case 'Edited': return who(e.who) + ' is changed (' + e.why + ').';
    case 'Note': return (e.who !== null && e.who !== undefined ? who(e.who) + ': ' : '') + e.text;
    case 'Ended': return 'The fight is over.';
  }
  return e.event;
}

// Places regions in columns by their distance from the first region (a corridor reads left to
// right), each column stacked top to bottom.
function layout(map, count) {
  var depth = map.map(function () { return -1; });
  var columns = [];
  for (var seed = 0; seed < map.length; seed++) {
    if (depth[seed] >= 0) continue;
    var base = columns.length;
    depth[seed] = base;
    var queue = [seed];
    while (queue.length) {
      var r = queue.shift();
      (columns[depth[r]] = columns[depth[r]] || []).push(r);
      (map[r].links || []).forEach(function (n) {
        if (n < map.length && depth[n] < 0) { depth[n] = depth[r] + 1; queue.push(n); }
      });
    }
  }
  var perRow = 6;
  var rows = Math.max(1, Math.ceil(count / perRow));
  var w = 190, h = 58 + rows * 30, gapX = 70, gapY = 30;
  var tallest = Math.max.apply(null, columns.map(function (c) { return c.length; }).concat([1]));
  var boxes = [];
  columns.forEach(function (col, x) {
    col.forEach(function (r, y) {
      var offset = (tallest - col.length) * (h + gapY) / 2;
      boxes[r] = { x: 20 + x * (w + gapX), y: 20 + offset + y * (h + gapY), w: w, h: h };
    });
  });
  return {
    boxes: boxes,
    width: 40 + columns.length * (w + gapX) - gapX,
    height: 40 + tallest * (h + gapY) - gapY,
    perRow: perRow
  };
}

// The controls of a timeline of `steps` steps (0 to steps): to the start, a step back,
// play and pause, a step on, to the end, a scrubber and the speed. `show(k)` shows step k;
// the caller tells the timeline which step shows with `at(k)`.
function Timeline(steps, show) {
  var step = 0;
  var timer = null;
  var playButton = el('button', { type: 'button', class: 'play', text: 'play' });
  var scrubber = el('input', { type: 'range', min: 0, max: steps, value: 0, class: 'scrubber', 'aria-label': 'step' });
  var stepLabel = el('span', { class: 'step-label' });
  var speed = el('select', { 'aria-label': 'speed' }, [['1', '1 step/s'], ['4', '4 steps/s'], ['15', '15 steps/s'], ['60', '60 steps/s']].map(function (o) {
    var opt = el('option', { value: o[0], text: o[1] });
    if (o[0] === '4') opt.selected = true;
    return opt;
  }));
  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.textContent = 'play';
  }
  function play() {
    if (step >= steps) show(0);
    playButton.textContent = 'pause';
    timer = setInterval(function () {
      if (step >= steps) { pause(); return; }
      show(step + 1);
    }, 1000 / Number(speed.value));
  }
  var button = function (text, to) {
    var b = el('button', { type: 'button', text: text });
    b.addEventListener('click', function () { pause(); show(Math.max(0, Math.min(steps, to()))); });
    return b;
  };
  playButton.addEventListener('click', function () { if (timer) pause(); else play(); });
  scrubber.addEventListener('input', function () { pause(); show(Number(scrubber.value)); });
  speed.addEventListener('change', function () { if (timer) { pause(); play(); } });
  return {
    controls: el('div', { class: 'controls' }, [
      button('|<', function () { return 0; }),
      button('< step', function () { return step - 1; }),
      playButton,
      button('step >', function () { return step + 1; }),
      button('>|', function () { return steps; }),
      scrubber, stepLabel, speed
    ]),
    pause: pause,
    at: function (k) {
      step = k;
      scrubber.value = String(k);
      stepLabel.textContent = 'step ' + k + ' of ' + steps;
    }
  };
}

// Marks the log's entries up to `step` as past and the `step`-th as current, and keeps the
// current one in view inside the log's box `list` (the page itself does not move).
function markStep(items, list, step) {
  items.forEach(function (item, i) {
    item.className = i + 1 === step ? 'current' : i + 1 < step ? 'past' : '';
  });
  var current = items[step - 1];
  if (current && (current.offsetTop < list.scrollTop || current.offsetTop + current.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = Math.max(0, current.offsetTop - list.clientHeight / 2);
  }
}

// The step the page's address asks for: `#step=last`, `#step=N`, else 0.
function stepAsked(steps) {
  var wanted = /(?:^#|&)step=(last|\d+)/.exec(window.location.hash);
  if (!wanted) return 0;
  return wanted[1] === 'last' ? steps : Math.min(steps, Number(wanted[1]));
}

// A token's label: the first letters of a name's first two words, or its first letter and
// its number (`Reed Goblin 2`: R2).
function initials(name) {
  var words = String(name).split(/\s+/).filter(function (w) { return w.length; });
  if (!words.length) return '?';
  var last = words[words.length - 1];
  if (words.length > 1 && /^\d+$/.test(last)) return words[0].charAt(0).toUpperCase() + last;
  return words.slice(0, 2).map(function (w) { return w.charAt(0).toUpperCase(); }).join('');
}

function FrayReplay(root, data) {
  var names = data.log.names.names;
  var events = data.log.events;
  var states = allStates(data);
  var steps = events.length;
  var map = data.start.map || [];
  var geo = layout(map, names.combatants.length);
  var step = 0;

  root.className = 'replay';
  root.setAttribute('data-steps', String(steps));

  var head = el('header', { class: 'replay-head' }, [
    el('h2', { text: data.title }),
    el('p', {}, ['seed ', el('code', { text: String(data.seed) }), ' - replay it with ', el('code', { text: data.command })])
  ]);
  var roundBox = el('div', { class: 'round' });
  var gaugeBox = el('div', { class: 'gauges' });
  var status = el('div', { class: 'status-line' }, [roundBox, gaugeBox]);

  // The map.
  var svg = svgEl('svg', { class: 'map', viewBox: '0 0 ' + geo.width + ' ' + geo.height, width: geo.width, height: geo.height, role: 'img' });
  var linkLayer = svgEl('g', { class: 'links' });
  map.forEach(function (r, i) {
    (r.links || []).forEach(function (n) {
      if (n > i && geo.boxes[n] && geo.boxes[i]) {
        var a = geo.boxes[i], b = geo.boxes[n];
        linkLayer.appendChild(svgEl('line', { x1: a.x + a.w / 2, y1: a.y + a.h / 2, x2: b.x + b.w / 2, y2: b.y + b.h / 2 }));
      }
    });
  });
  svg.appendChild(linkLayer);
  map.forEach(function (r, i) {
    var b = geo.boxes[i];
    if (!b) return;
    svg.appendChild(svgEl('rect', { class: 'region', x: b.x, y: b.y, width: b.w, height: b.h, rx: 10 }));
    svg.appendChild(svgEl('text', { class: 'region-name', x: b.x + 10, y: b.y + 20, text: r.name }));
  });
  var engageLayer = svgEl('g', { class: 'engaged' });
  svg.appendChild(engageLayer);
  var tokens = names.combatants.map(function (c) {
    var g = svgEl('g', { class: 'token' });
    var title = svgEl('title', { text: c.name });
    var circle = svgEl('circle', { r: 12, fill: sideColor(c.side) });
    var label = svgEl('text', { 'text-anchor': 'middle', dy: 4, text: initials(c.name) });
    g.appendChild(title); g.appendChild(circle); g.appendChild(label);
    svg.appendChild(g);
    return g;
  });

  // The combatants. The budget column shows only when the ruleset logs what is spent (OHO's
  // gauge): otherwise it would show the start's budget all fight long.
  var spends = events.some(function (e) { return e.event === 'Spent'; });
  var table = el('table', { class: 'combatants' + (spends ? '' : ' no-budget') });
  table.appendChild(el('tr', {}, ['name', 'HP', 'status', 'conditions', 'budget'].map(function (h) { return el('th', { text: h }); })));
  var rows = names.combatants.map(function (c) {
    var bar = el('div', { class: 'bar' });
    var hpText = el('span', { class: 'hp-text' });
    var row = el('tr', {}, [
      el('td', {}, [el('span', { class: 'dot', style: 'background:' + sideColor(c.side) }), c.name + ' ', el('small', { text: names.sides[c.side] || '' })]),
      el('td', { class: 'hp' }, [el('div', { class: 'bar-frame' }, [bar]), hpText]),
      el('td', { class: 'status' }),
      el('td', { class: 'effects' }),
      el('td', { class: 'budget' })
    ]);
    table.appendChild(row);
    return { row: row, bar: bar, hpText: hpText };
  });

  // The timeline.
  var timeline = Timeline(steps, function (k) { show(k); });
  var controls = timeline.controls;
  var list = el('ol', { class: 'log' });
  var items = events.map(function (e, i) {
    var item = el('li', { 'data-step': String(i + 1) }, [el('span', { class: 'when', text: 'r' + e.round + ' ' }), describe(e, names)]);
    var roll = e.roll && typeof e.roll === 'object' ? e.roll : null;
    if (roll) {
      item.appendChild(document.createTextNode(' '));
      item.appendChild(el('span', { class: 'roll', title: rollText(roll), text: roll.notation + ' = ' + roll.breakdown }));
    }
    item.addEventListener('click', function () { timeline.pause(); show(i + 1); });
    list.appendChild(item);
    return item;
  });

  root.appendChild(head);
  root.appendChild(status);
  root.appendChild(el('div', { class: 'stage' }, [el('div', { class: 'map-box' }, [svg]), table]));
  root.appendChild(controls);
  root.appendChild(list);

  function tokenPlace(state, i) {
    var c = state.combatants[i];
    if (c.region === null || !geo.boxes[c.region] || c.status === 'Fled') return null;
    var b = geo.boxes[c.region];
    var here = 0;
    for (var j = 0; j < i; j++) if (state.combatants[j].region === c.region) here++;
    return { x: b.x + 22 + (here % geo.perRow) * 29, y: b.y + 58 + Math.floor(here / geo.perRow) * 30 };
  }

  function show(k) {
    step = Math.max(0, Math.min(steps, k));
    var state = states[step];
    root.setAttribute('data-step', String(step));
    root.setAttribute('data-hp', state.combatants.map(function (c) { return c.hp; }).join(','));
    timeline.at(step);
    roundBox.textContent = state.round > 0 ? 'round ' + state.round : 'before the first round';
    if (state.ended) roundBox.textContent += ' - over';
    gaugeBox.textContent = state.gauges.map(function (g) { return g.name + ' ' + g.text; }).join(' | ');
    var places = names.combatants.map(function (_, i) { return tokenPlace(state, i); });
    names.combatants.forEach(function (c, i) {
      var s = state.combatants[i];
      var p = places[i];
      var t = tokens[i];
      t.style.display = p ? '' : 'none';
      if (p) t.setAttribute('transform', 'translate(' + p.x + ',' + p.y + ')');
      t.setAttribute('class', 'token ' + String(s.status).toLowerCase() + (state.active === i ? ' acting' : ''));
      var r = rows[i];
      var share = s.max > 0 ? Math.max(0, Math.min(1, s.hp / s.max)) : 0;
      r.bar.style.width = (share * 100).toFixed(1) + '%';
      r.bar.className = 'bar' + (share <= 0.25 ? ' low' : share <= 0.5 ? ' mid' : '');
      r.hpText.textContent = s.hp + '/' + s.max;
      r.row.setAttribute('data-hp', String(s.hp));
      r.row.className = (state.active === i ? 'acting ' : '') + String(s.status).toLowerCase();
      r.row.children[2].textContent = s.status;
      r.row.children[3].textContent = s.effects.join(', ');
      r.row.children[4].textContent = s.budget || '';
    });
    while (engageLayer.firstChild) engageLayer.removeChild(engageLayer.firstChild);
    state.engaged.forEach(function (pair) {
      var a = places[pair[0]], b = places[pair[1]];
      // An arc above the tokens, so it shows between neighbours in a row too.
      if (a && b) {
        var lift = 16 + Math.abs(b.x - a.x) * 0.2;
        engageLayer.appendChild(svgEl('path', {
          d: 'M' + a.x + ' ' + (a.y - 10) + ' Q' + (a.x + b.x) / 2 + ' ' + (Math.min(a.y, b.y) - lift) + ' ' + b.x + ' ' + (b.y - 10)
        }));
      }
    });
    markStep(items, list, step);
  }

  show(stepAsked(steps));
  return { show: show, steps: steps };
}

function frayData() {
  return JSON.parse(document.getElementById('fray-data').textContent);
}

if (document.getElementById('app').getAttribute('data-kind') === 'replay') {
  var replayRoot = el('section', { id: 'replay' });
  document.getElementById('app').appendChild(replayRoot);
  FrayReplay(replayRoot, frayData());
}
