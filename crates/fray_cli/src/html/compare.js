// A comparison: the verdict on the side's win rate with its test, the rounds' test, and A's
// and B's distributions side by side (win rates with their intervals, rounds per fight, deaths).

function signed(x, digits) {
  return (x >= 0 ? '+' : '') + x.toFixed(digits);
}

// Two histograms of rounds per fight, as grouped bars (A then B for each length).
function roundsChart(a, b) {
  var n = Math.max(a.length, b.length);
  var total = function (h) { return h.reduce(function (s, x) { return s + x; }, 0) || 1; };
  var ta = total(a), tb = total(b);
  var top = 0;
  for (var i = 0; i < n; i++) top = Math.max(top, (a[i] || 0) / ta, (b[i] || 0) / tb);
  var W = 760, H = 260, left = 40, bottom = 30, bw = (W - left - 10) / Math.max(1, n);
  var svg = svgEl('svg', { viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, class: 'rounds-chart' });
  svg.appendChild(svgEl('line', { x1: left, y1: H - bottom, x2: W - 5, y2: H - bottom, stroke: '#718096' }));
  for (var r = 0; r < n; r++) {
    [[a, ta, '#2b6cb0', 0], [b, tb, '#dd6b20', 1]].forEach(function (arm) {
      var share = (arm[0][r] || 0) / arm[1];
      var h = top > 0 ? share / top * (H - bottom - 20) : 0;
      var bar = svgEl('rect', { x: left + r * bw + arm[3] * bw / 2, y: H - bottom - h, width: Math.max(1, bw / 2 - 1), height: h, fill: arm[2] });
      bar.appendChild(svgEl('title', { text: (arm[3] ? 'B' : 'A') + ': ' + percent(share) + ' of fights lasted ' + r + ' rounds' }));
      svg.appendChild(bar);
    });
    if (n <= 25 || r % 5 === 0) svg.appendChild(svgEl('text', { x: left + r * bw + bw / 2, y: H - bottom + 16, 'text-anchor': 'middle', 'font-size': 11, text: String(r) }));
  }
  svg.appendChild(svgEl('text', { x: W - 10, y: 16, 'text-anchor': 'end', 'font-size': 12, fill: '#2b6cb0', text: 'A' }));
  svg.appendChild(svgEl('text', { x: W - 10, y: 32, 'text-anchor': 'end', 'font-size': 12, fill: '#dd6b20', text: 'B' }));
  return svg;
}

function FrayCompare(root, data) {
  var c = data.comparison;
  var w = c.win_rate;
  var significant = w.p_value < 0.05;
  root.className = 'compare';
  root.appendChild(el('header', { class: 'batch-head' }, [
    el('h1', { text: 'A: ' + c.a_label }),
    el('h1', { text: 'B: ' + c.b_label }),
    el('p', { text: c.a.runs + ' runs each; ' + (c.common_random_numbers ? 'the same seeds, compared run by run' : 'different seeds') })
  ]));
  var verdict = el('div', { class: 'card verdict', 'data-significant': String(significant) }, [
    el('h3', { text: 'Verdict: ' + c.side + "'s win rate" }),
    el('p', { text: (significant ? 'B differs from A: ' : 'No significant difference: ') + signed(100 * w.difference, 1) +
      ' points (95% interval ' + signed(100 * w.ci95[0], 1) + ' to ' + signed(100 * w.ci95[1], 1) + ')' }),
    el('p', { text: (w.paired ? 'paired test (McNemar)' : 'two-proportion z-test') + ': z = ' + w.z.toFixed(2) + ', p = ' + w.p_value.toPrecision(3) +
      ", Cohen's h = " + w.cohens_h.toFixed(3) }),
    el('p', { text: 'rounds (Mann-Whitney U): z = ' + c.rounds.z.toFixed(2) + ', p = ' + c.rounds.p_value.toPrecision(3) +
      ', rank-biserial = ' + c.rounds.rank_biserial.toFixed(3) + (c.rounds.p_value < 0.05 ? ' - the lengths differ' : ' - no significant difference') })
  ]);
  root.appendChild(verdict);
  var cards = el('div', { class: 'cards' });
  [['A', c.a], ['B', c.b]].forEach(function (arm) {
    var r = arm[1];
    cards.appendChild(el('div', { class: 'card' }, [
      el('h3', { text: arm[0] + ': win rates (95% intervals)' }),
      table(['side', 'wins', 'rate', 'interval'], r.sides.map(function (s) {
        return [s.name, s.wins, percent(s.win_rate), interval(s.win_rate, s.ci95)];
      })),
      el('p', { text: 'rounds: mean ' + r.rounds.mean.toFixed(2) + ', median ' + r.rounds.median + ', longest ' + r.rounds.max })
    ]));
  });
  root.appendChild(cards);
  root.appendChild(el('h3', { text: 'Rounds per fight, A and B' }));
  root.appendChild(el('div', { class: 'chart' }, [roundsChart(c.a.rounds.histogram || [], c.b.rounds.histogram || [])]));
  if (c.deaths && c.deaths.length) {
    root.appendChild(el('h3', { text: 'Deaths' }));
    var keys = Object.keys(c.deaths[0]);
    root.appendChild(table(keys.map(function (k) { return k.replace(/_/g, ' '); }), c.deaths.map(function (d) {
      return keys.map(function (k) { return typeof d[k] === 'number' && !Number.isInteger(d[k]) ? d[k].toFixed(3) : Array.isArray(d[k]) ? d[k].map(function (x) { return x.toFixed(3); }).join(' to ') : d[k]; });
    })));
  }
  root.appendChild(el('h3', { text: 'As the command line prints it' }));
  root.appendChild(el('pre', { class: 'table-text', text: data.table }));
}

if (document.getElementById('app').getAttribute('data-kind') === 'compare') {
  FrayCompare(document.getElementById('app'), frayData());
}
