// Every script error and console.error lands in #errors (a test reads it: it must stay empty).
(function () {
  var box = document.getElementById('errors');
  function note(text) {
    box.textContent += text + '\n';
    box.className = 'shown';
  }
  window.addEventListener('error', function (e) {
    note('error: ' + (e.message || e.type) + (e.filename ? ' at ' + e.filename + ':' + e.lineno : ''));
  });
  window.addEventListener('unhandledrejection', function (e) {
    note('unhandled rejection: ' + e.reason);
  });
  var original = console.error;
  console.error = function () {
    note('console.error: ' + Array.prototype.join.call(arguments, ' '));
    original.apply(console, arguments);
  };
})();
