/// The console's stylesheet and its one script, served from `/static/` (the
/// Content-Security-Policy allows no inline script or style).
enum Assets {
    /// An open book, for the tab.
    static let favicon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d2733"/>\
        <path d="M6 9c4-1 7 0 10 2 3-2 6-3 10-2v14c-4-1-7 0-10 2-3-2-6-3-10-2z" fill="#fff"/>\
        <path d="M16 11v14" stroke="#1d2733" stroke-width="1.5"/></svg>
        """

    static let css = """
        :root { --ink: #1b1b1b; --muted: #595959; --line: #dedede; --accent: #1f4f99; }
        * { box-sizing: border-box; }
        body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Inter, sans-serif; margin: 0; color: var(--ink); background: #fafafa; }
        header { background: #1d2733; color: #fff; padding: 0.5rem 1rem; display: flex; flex-wrap: wrap; gap: 0.5rem 1.25rem; align-items: center; }
        header a, header button { color: #fff; }
        header .brand { font-weight: 700; text-decoration: none; margin-right: auto; }
        header form { margin: 0; }
        header button { background: none; border: 1px solid #8a99ab; border-radius: 4px; padding: 0.15rem 0.6rem; font: inherit; cursor: pointer; }
        main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.4rem; margin: 0.25rem 0 0.75rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; border-bottom: 1px solid var(--line); }
        a { color: var(--accent); }
        .muted { color: var(--muted); }
        .hidden-label { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; width: 100%; font-size: 0.9rem; background: #fff; }
        th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
        th, td { overflow-wrap: anywhere; }
        td.reason, td.message { min-width: 10rem; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.75rem; margin: 0.5rem 0; }
        .facts dt { color: var(--muted); } .facts dd { margin: 0; overflow-wrap: anywhere; }
        .what { background: #fff; border: 1px solid var(--line); border-left: 4px solid #8a1c1c; border-radius: 6px; padding: 0.25rem 0.75rem 0.5rem; margin: 0.75rem 0; }
        .what h2 { border: none; margin-top: 0.5rem; } .problems li { overflow-wrap: anywhere; }
        img.page-large { display: block; max-width: 100%; height: auto; margin: 0.75rem 0; box-shadow: 0 1px 6px rgba(0,0,0,.3); }
        nav.pager { margin: 0.5rem 0; }
        pre.log { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24rem; overflow: auto; background: #f4f4f4; padding: 0.5rem; font-size: 0.8rem; }
        @media (max-width: 40rem) {
          /* On a phone each job is a block of lines: state and why stay on screen, however long the title. */
          table.jobs thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
          table.jobs, table.jobs tbody, table.jobs tr, table.jobs td { display: block; width: 100%; }
          table.jobs tr { border-bottom: 2px solid var(--line); padding: 0.25rem 0; }
          table.jobs td { border: none; padding: 0.1rem 0.5rem; }
        }
        .grid figure.flagged img { outline: 3px solid #b3261e; } .grid figure.flagged figcaption { color: #8a1c1c; font-weight: 600; }
        code { font-size: 0.8rem; overflow-wrap: anywhere; word-break: break-all; }
        .chip { display: inline-block; padding: 0.05rem 0.55rem; border-radius: 1rem; font-weight: 600; font-size: 0.85rem; white-space: nowrap; }
        .state-done { background: #dff3e3; color: #145a26; } .state-failed, .sev-error { background: #fbe0e0; color: #8a1c1c; }
        .state-held, .sev-warning { background: #fff1d6; color: #6b4100; } .state-running, .state-queued, .sev-info { background: #e6eefb; color: #1f3f7a; }
        .state-cancelled { background: #ececec; color: #3d3d3d; }
        .counts { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 0.5rem 0; padding: 0; list-style: none; }
        .counts li { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 0.4rem 0.8rem; }
        .counts strong { font-size: 1.2rem; display: block; }
        form.filters { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: flex-end; margin-bottom: 0.75rem; }
        form.filters label, .actions label { display: flex; flex-direction: column; font-size: 0.8rem; color: var(--muted); }
        input, select, button { font: inherit; max-width: 100%; }
        input[type=text], input[type=password], select { padding: 0.3rem; border: 1px solid #8c8c8c; border-radius: 4px; min-width: 0; }
        button { padding: 0.3rem 0.8rem; border-radius: 4px; border: 1px solid #2f4f7f; background: #fff; color: #1d3d6e; cursor: pointer; }
        button.primary { background: #1f4f99; color: #fff; }
        .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; margin: 0.5rem 0; }
        .pager { display: flex; gap: 1rem; margin: 0.75rem 0; }
        .notice { background: #e6eefb; border-left: 4px solid #1f4f99; padding: 0.5rem 0.75rem; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(7.5rem, 1fr)); gap: 0.75rem; }
        .grid figure { margin: 0; text-align: center; font-size: 0.8rem; color: var(--muted); }
        .grid figure:target img { outline: 3px solid #c77700; }
        .thumb { width: 100%; height: auto; aspect-ratio: 148 / 210; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.25); }
        .finding { display: flex; gap: 0.75rem; align-items: flex-start; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem; margin: 0.5rem 0; }
        .finding .thumb { width: 5rem; flex: none; }
        .finding p { margin: 0.15rem 0; overflow-wrap: anywhere; }
        .cover { max-width: 100%; width: 14rem; box-shadow: 0 2px 8px rgba(0,0,0,.25); }
        .login { max-width: 22rem; margin: 3rem auto; background: #fff; padding: 1.5rem; border: 1px solid var(--line); border-radius: 8px; }
        .login label { display: block; margin-bottom: 0.75rem; }
        .login input { width: 100%; }
        """

    /// Polls `data-poll` every 10 s while the tab is visible and updates the counts and states
    /// it finds; toggles every row's checkbox from the select-all box.
    static let js = """
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
        """
}
