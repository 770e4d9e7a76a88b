import { BOOKING_HEIGHT_MESSAGE } from './embed';

/**
 * The only JavaScript a published page may load, and only when it has a form or a booking calendar
 * (document.tsx decides). Plain ES2017 for every browser, no build step, under 3 KB:
 * - forms: POST the same urlencoded body a native submit sends, with `Accept: application/json`;
 *   follow `{ redirect }` or show `{ errors }` by field name (the form works without this script);
 * - videos: a click on the poster link swaps in the player (no third-party request before);
 * - booking frames: load lazily (native) and take the height the booking page posts (./embed.ts),
 *   so the frame does not scroll inside the page; only from the frame's own window while it shows
 *   the origin it was given (a frame navigated elsewhere sizes nothing);
 * - countdowns: tick the remaining time under the static "Ends …" line.
 * Sent with its line breaks and indentation removed (every statement ends with `;` or `}`).
 * Served by publishing at /s/_islands.js with a long cache and a versioned query.
 */
export const ISLANDS_SCRIPT = `(function () {
  var d = document, SORRY = 'The form could not be sent. Please try again.';
  function all(sel, root) { return Array.prototype.slice.call((root || d).querySelectorAll(sel)); }
  function show(el, text) { el.textContent = text; el.hidden = !text; }
  all('form[data-sb-form]').forEach(function (f) {
    var fe = f.querySelector('.sb-form-error'), st = f.querySelector('.sb-form-status'), btn = f.querySelector('[type=submit]');
    f.addEventListener('submit', function (e) {
      if (!window.fetch || !window.URLSearchParams) return;
      e.preventDefault();
      if (btn.disabled) return;
      btn.disabled = true;
      all('.sb-field-error', f).forEach(function (el) { show(el, ''); });
      all('[aria-invalid]', f).forEach(function (el) { el.removeAttribute('aria-invalid'); });
      show(fe, '');
      function fail(text) { btn.disabled = false; show(fe, text); fe.tabIndex = -1; fe.focus(); }
      fetch(f.action, { method: 'POST', body: new URLSearchParams(new FormData(f)), headers: { Accept: 'application/json' }, credentials: 'same-origin' })
        .then(function (r) { return r.json(); })
        .then(function (res) {
          if (res.redirect) { st.textContent = f.getAttribute('data-sb-success') || ''; location.assign(res.redirect); return; }
          var errors = res.errors || {}, first = null, general = '';
          Object.keys(errors).forEach(function (name) {
            var input = f.elements.namedItem(name), box = input && input.getAttribute && d.getElementById(input.getAttribute('aria-describedby'));
            if (box) { show(box, errors[name]); input.setAttribute('aria-invalid', 'true'); first = first || input; } else general = general || errors[name];
          });
              if (first) { btn.disabled = false; show(fe, general || 'Please correct the fields marked below.'); first.focus(); } else fail(general || SORRY);
        })
        .catch(function () { fail(SORRY); });
    });
  });
  d.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[data-sb-embed]');
    if (!a || !a.parentNode) return;
    e.preventDefault();
    var f = d.createElement('iframe');
    f.src = a.getAttribute('data-sb-embed');
    f.title = a.getAttribute('data-sb-title') || 'Video';
    f.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
    a.parentNode.replaceChild(f, a);
    f.focus();
  });
  window.addEventListener('message', function (e) {
    var m = e.data;
    if (!m || m.type !== '${BOOKING_HEIGHT_MESSAGE}') return;
    all('iframe[data-sb-booking]').forEach(function (f) {
      if (f.contentWindow === e.source && new URL(f.src).origin === e.origin) f.style.height = Math.min(4000, Math.max(320, +m.height || 0)) + 'px';
    });
  });
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  all('[data-sb-ends]').forEach(function (c) {
    var end = Date.parse(c.getAttribute('data-sb-ends')), out = c.querySelector('.sb-countdown-left'), timer;
    function tick() {
      var s = Math.max(0, Math.floor((end - Date.now()) / 1000));
      if (!s) { clearInterval(timer); show(out, c.getAttribute('data-sb-ended')); return; }
      var days = Math.floor(s / 86400);
      show(out, (days ? days + 'd ' : '') + pad(Math.floor((s % 86400) / 3600)) + ':' + pad(Math.floor((s % 3600) / 60)) + ':' + pad(s % 60) + ' left');
    }
    timer = setInterval(tick, 1000);
    tick();
  });
})();
`.replace(/\n\s*/g, '');
