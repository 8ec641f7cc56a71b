(function () {
  'use strict';
  var root = document.querySelector('[data-poll]');
  var timer = null;
  function apply(data) {
    if (data.job) { data.jobs = [data.job]; }
    var counts = data.counts || {};
    document.querySelectorAll('[data-count]').forEach(function (el) {
      var value = counts[el.getAttribute('data-count')];
      el.textContent = String(value === undefined ? 0 : value);
    });
    (data.jobs || []).forEach(function (job) {
      var cell = document.querySelector('[data-job-state="' + job.id + '"]');
      if (cell && cell.textContent !== job.state) {
        cell.textContent = job.state;
        cell.className = 'chip state-' + job.state;
      }
    });
    var updated = document.getElementById('updated');
    if (updated) { updated.textContent = 'Updated ' + new Date().toLocaleTimeString(); }
  }
  function poll() {
    if (!root || document.hidden) { return; }
    fetch(root.getAttribute('data-poll'), { credentials: 'same-origin', headers: { 'Accept': 'application/json' } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data) { apply(data); } })
      .catch(function () {});
  }
  function schedule() {
    if (timer) { clearInterval(timer); timer = null; }
    if (root && !document.hidden) { timer = setInterval(poll, 10000); }
  }
  document.addEventListener('visibilitychange', function () { if (!document.hidden) { poll(); } schedule(); });
  schedule();
  // A double-click sends an action once: the second submit of a form is dropped (the
  // button is not disabled, which would drop its name and value from the form).
  document.querySelectorAll('form[method="post"]').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      if (form.getAttribute('data-sent')) { event.preventDefault(); return; }
      form.setAttribute('data-sent', '1');
    });
  });
  window.addEventListener('pageshow', function () {
    document.querySelectorAll('form[data-sent]').forEach(function (form) { form.removeAttribute('data-sent'); });
  });
  var all = document.getElementById('select-all');
  if (all) {
    all.addEventListener('change', function () {
      document.querySelectorAll('input[name="id"]').forEach(function (box) { box.checked = all.checked; });
    });
  }
})();