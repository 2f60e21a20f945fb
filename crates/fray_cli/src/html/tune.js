// A tuning: the chosen value of the knob, the curve with its interval band (the chart the
// command draws), and every sampled point.

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
  var chart = el('div', { class: 'chart' });
  chart.innerHTML = data.chart;
  root.appendChild(chart);
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
