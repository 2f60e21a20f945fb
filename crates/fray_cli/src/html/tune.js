// A tuning: the chosen value of the knob, the curve with its 95% interval band and the
// target, and every sampled point.

// The win rate by the knob's value: the band of the 95% intervals, the curve through the
// sampled points, the target as a line and the chosen value marked.
function curveChart(t, knob) {
  var points = t.curve.slice().sort(function (a, b) { return a.value - b.value; });
  var W = 760, H = 300, left = 48, right = 16, top = 14, bottom = 36;
  var lo = points.length ? points[0].value : 0;
  var hi = points.length ? points[points.length - 1].value : 1;
  var x = function (v) { return left + (hi > lo ? (v - lo) / (hi - lo) : 0.5) * (W - left - right); };
  var y = function (r) { return top + (1 - r) * (H - top - bottom); };
  var svg = svgEl('svg', { viewBox: '0 0 ' + W + ' ' + H, width: W, height: H, class: 'curve-chart' });
  [0, 0.25, 0.5, 0.75, 1].forEach(function (r) {
    svg.appendChild(svgEl('line', { x1: left, y1: y(r), x2: W - right, y2: y(r), stroke: '#e2e8f0' }));
    svg.appendChild(svgEl('text', { x: left - 6, y: y(r) + 4, 'text-anchor': 'end', 'font-size': 11, text: percent(r) }));
  });
  var band = points.map(function (p) { return x(p.value) + ',' + y(p.ci95[1]); })
    .concat(points.slice().reverse().map(function (p) { return x(p.value) + ',' + y(p.ci95[0]); }));
  svg.appendChild(svgEl('polygon', { points: band.join(' '), fill: '#bee3f8', opacity: 0.8 }));
  svg.appendChild(svgEl('polyline', { points: points.map(function (p) { return x(p.value) + ',' + y(p.win_rate); }).join(' '), fill: 'none', stroke: '#2b6cb0', 'stroke-width': 2 }));
  svg.appendChild(svgEl('line', { x1: left, y1: y(t.target), x2: W - right, y2: y(t.target), stroke: '#e53e3e', 'stroke-dasharray': '6 4' }));
  points.forEach(function (p) {
    var dot = svgEl('circle', { cx: x(p.value), cy: y(p.win_rate), r: p.value === t.best ? 6 : 3.5, fill: p.value === t.best ? '#e53e3e' : '#2b6cb0' });
    dot.appendChild(svgEl('title', { text: p.value + ': ' + percent(p.win_rate) + ' (' + percent(p.ci95[0]) + ' to ' + percent(p.ci95[1]) + ')' }));
    svg.appendChild(dot);
  });
  [lo, t.best, hi].forEach(function (v) {
    svg.appendChild(svgEl('text', { x: x(v), y: H - bottom + 16, 'text-anchor': 'middle', 'font-size': 11, text: String(v) }));
  });
  svg.appendChild(svgEl('text', { x: (W + left) / 2, y: H - 4, 'text-anchor': 'middle', 'font-size': 12, text: knob + ' (target ' + percent(t.target) + ', dashed)' }));
  return svg;
}

function FrayTune(root, data) {
  var t = data.tuned;
  var best = t.curve.filter(function (p) { return p.value === t.best; })[0];
  root.className = 'tune';
  root.appendChild(el('header', { class: 'batch-head' }, [
    el('h1', { text: data.title }),
    el('p', { text: 'target win rate ' + percent(t.target) + ' for ' + t.side })
  ]));
  root.appendChild(el('div', { class: 'card verdict', 'data-best': String(t.best) }, [
    el('h3', { text: 'The knob: ' + t.best }),
    el('p', { text: best ? 'wins ' + percent(best.win_rate) + ' (95% interval ' + percent(best.ci95[0]) + ' to ' + percent(best.ci95[1]) + ') over ' + best.runs + ' runs' : '' }),
    el('p', { text: t.out_of_reach ? 'The target is out of reach in this range.' : '' }),
    el('p', { text: t.reversals && t.reversals.length ? 'The curve turns back between ' + t.reversals.map(function (r) { return r.join(' and '); }).join(', ') + '.' : '' })
  ]));
  root.appendChild(el('div', { class: 'chart' }, [curveChart(t, data.knob)]));
  root.appendChild(el('h3', { text: 'Every sampled value' }));
  root.appendChild(table(['value', 'runs', 'wins', 'win rate', 'interval'], t.curve.map(function (p) {
    return [p.value === t.best ? p.value + ' (chosen)' : p.value, p.runs, p.wins, percent(p.win_rate), interval(p.win_rate, p.ci95)];
  })));
  root.appendChild(el('h3', { text: 'As the command line prints it' }));
  root.appendChild(el('pre', { class: 'table-text', text: data.table }));
}

if (document.getElementById('app').getAttribute('data-kind') === 'tune') {
  FrayTune(document.getElementById('app'), frayData());
}
