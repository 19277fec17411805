// Prelaunch embeddable signup form. <script src="https://…/embed.js" data-beta="ID or slug"></script>
// puts the beta's signup form where the tag is, inside a shadow root: the site's styles do not
// reach the form and the form's do not leak out. With data-widget="leaderboard" the tag shows the
// beta's public leaderboard instead (nothing while the beta shows none). It talks to the service's CORS-enabled public
// endpoints (/public/betas/…), sends no cookies, and builds every element with textContent (no
// HTML from the network is ever parsed).
(() => {
  const CSS = `
:host{all:initial;display:block}
.pl{font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#374151;max-width:480px}
.pl *{box-sizing:border-box}
h2{margin:0 0 12px;font-size:20px;color:#111827}
.field{margin:0 0 14px;padding:0;border:0;min-width:0}
label,legend{display:block;margin:0 0 6px;padding:0;font-weight:600;color:#111827}
.check{display:flex;gap:8px;font-weight:400;margin:0 0 4px}
input[type=text],input[type=email],select,textarea{display:block;width:100%;padding:10px 12px;font:inherit;border:1px solid #d1d5db;border-radius:6px;background:#fff;color:inherit}
.field [aria-invalid=true]{border-color:#b91c1c}
.required{color:#b91c1c}
.error{margin:6px 0 0;color:#b91c1c;font-size:14px}
button{padding:12px 20px;font:inherit;font-weight:600;color:var(--pl-on-brand,#fff);background:var(--pl-brand,#2563eb);border:0;border-radius:6px;cursor:pointer}
.logo{display:block;max-height:40px;max-width:200px;margin:0 0 12px}
.description{white-space:pre-line}
.waiting{font-weight:600;color:#111827}
button[disabled]{opacity:.6}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.challenge{margin:0 0 14px}
.copy{display:flex;gap:8px}.copy input{flex:1;min-width:0}
.links{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0 0;padding:0;list-style:none}
.links a{display:inline-block;padding:6px 12px;border:1px solid #d1d5db;border-radius:999px;color:#111827;text-decoration:none;font-size:14px}
table{width:100%;border-collapse:collapse;font-size:15px}
th,td{padding:8px 6px;text-align:left;border-bottom:1px solid #e5e7eb}
td:nth-child(2){width:100%;overflow-wrap:anywhere}
th:nth-child(n+3),td:nth-child(n+3){text-align:right}
th{white-space:nowrap;font-size:13px;color:#4b5563}`;

  function el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === false || value === null || value === undefined) continue;
      if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  /**
   * After a required field's label, as the hosted page has it: an asterisk for the eye, hidden
   * from screen readers, which hear the control's own `required` instead.
   */
  function requiredMark(required) {
    return required ? [' ', el('span', { class: 'required', 'aria-hidden': 'true', text: '*' })] : [];
  }

  function mount(script) {
    if (script.dataset.prelaunchMounted) return;
    script.dataset.prelaunchMounted = 'true';
    const base = script.src.replace(/\/embed\.js(?:[?#].*)?$/, '');
    const beta = script.dataset.beta;
    const endpoint = `${base}/public/betas/${encodeURIComponent(beta)}`;
    const host = el('div', { class: 'prelaunch-signup', 'data-beta': beta });
    script.after(host);
    const root = host.attachShadow({ mode: 'open' });
    if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
      root.adoptedStyleSheets = [sheet];
    } else {
      root.append(el('style', { text: CSS }));
    }
    const box = el('div', { class: 'pl' });
    root.append(box);
    if (script.dataset.widget === 'leaderboard') {
      host.className = 'prelaunch-leaderboard';
      showLeaderboard(endpoint, box);
      return;
    }
    const query = new URLSearchParams(location.search);
    const referral = query.get('r');
    // The share channel of the link the visitor came through (the share link's redirect passes it on).
    const channel = query.get('ch');

    fetch(`${endpoint}/form`, { credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((definition) => {
        if (definition.records_clicks && referral) {
          fetch(`${endpoint}/clicks`, { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ r: referral, ch: channel || undefined }) }).catch(() => {});
        }
        renderForm(definition);
      })
      .catch(() => box.replaceChildren(el('p', { text: 'The signup form could not be loaded.' })));

    function renderForm(definition) {
      // The beta's design (the hosted page's, as plain text): its colours reach the button through variables.
      const design = definition.page;
      box.style.setProperty('--pl-brand', design.brand_color);
      box.style.setProperty('--pl-on-brand', design.brand_text_color);
      box.replaceChildren(...[
        design.logo_url ? el('img', { class: 'logo', src: design.logo_url, alt: definition.beta.name }) : null,
        el('h2', { text: design.headline || definition.beta.name }),
        design.description ? el('p', { class: 'description', text: design.description }) : null,
      ].filter(Boolean));
      if (!definition.beta.accepting_signups) {
        box.append(el('p', { text: 'This waitlist is not taking signups at the moment.' }));
        return;
      }
      const form = el('form', { novalidate: true, id: 'prelaunch-form' });
      const errorSlots = new Map();
      const slot = (name, wrapper) => {
        const error = el('p', { class: 'error', id: `${name}-error`, hidden: true });
        errorSlots.set(name, { error, wrapper });
        wrapper.append(error);
        return wrapper;
      };
      form.append(slot('email', el('div', { class: 'field' },
        el('label', { for: 'field-email', text: 'E-mail address' }, ...requiredMark(true)),
        el('input', { id: 'field-email', name: 'email', type: 'email', autocomplete: 'email', required: true }))));
      for (const field of definition.fields) {
        const control = field.input === 'country'
          ? el('select', { id: `field-${field.name}`, name: field.name, autocomplete: field.autocomplete, required: field.required },
              el('option', { value: '', text: 'Choose…' }),
              ...definition.countries.map((c) => el('option', { value: c.code, text: c.name })))
          : el('input', { id: `field-${field.name}`, name: field.name, type: 'text', autocomplete: field.autocomplete, required: field.required });
        form.append(slot(field.name, el('div', { class: 'field' }, el('label', { for: `field-${field.name}`, text: field.label }, ...requiredMark(field.required)), control)));
      }
      for (const question of definition.questions) {
        const key = `q${question.id}`;
        if (question.kind === 'text') {
          form.append(slot(key, el('div', { class: 'field' }, el('label', { for: `field-${key}`, text: question.prompt }, ...requiredMark(question.required)),
            el('textarea', { id: `field-${key}`, name: key, rows: 3, required: question.required }))));
        } else if (question.kind === 'agreement') {
          form.append(slot(key, el('div', { class: 'field' }, el('label', { class: 'check' },
            el('input', { id: `field-${key}`, type: 'checkbox', name: key, value: '1', required: question.required }),
            el('span', { text: question.prompt }, ...requiredMark(question.required))))));
        } else {
          const multiple = question.kind === 'multiple_select';
          // As on the hosted page: a radio's `required` does not reach screen readers, its group's does.
          const group = multiple ? {} : { role: 'radiogroup', 'aria-required': question.required && 'true' };
          const set = el('fieldset', { class: 'field', id: `field-${key}`, ...group }, el('legend', { text: question.prompt }, ...requiredMark(question.required)));
          // One required radio makes the group required; required checkboxes would each be.
          for (const [index, choice] of question.choices.entries()) {
            set.append(el('label', { class: 'check' },
              el('input', { type: multiple ? 'checkbox' : 'radio', name: key, value: index, required: !multiple && question.required }), el('span', { text: choice })));
          }
          form.append(slot(key, set));
        }
      }
      if (design.waiting !== null && design.waiting > 0) {
        box.append(el('p', { class: 'waiting', id: 'waiting-count', text: `Join ${design.waiting.toLocaleString('en-US')} ${design.waiting === 1 ? 'person' : 'people'} waiting.` }));
      }
      // A field people never see nor reach: a bot filling it is answered as a success, and nothing is stored.
      form.append(el('div', { class: 'trap', 'aria-hidden': 'true', inert: true },
        el('label', { for: 'field-honeypot', text: 'Leave this field empty' }),
        el('input', { id: 'field-honeypot', name: definition.honeypot, type: 'text', tabindex: '-1', autocomplete: 'off' })));
      const challenge = definition.challenge ? challengeWidget(definition.challenge) : null;
      if (challenge) form.append(el('div', { class: 'challenge' }, challenge.widget));
      const general = el('p', { class: 'error', id: 'form-errors', hidden: true, role: 'alert' });
      const submit = el('button', { type: 'submit', id: 'signup-submit', text: design.button_text || 'Join the waitlist' });
      form.append(general, submit);
      box.append(form);

      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const data = new FormData(form);
        const body = { email: data.get('email') || '', answers: {}, http_referrer: document.referrer || undefined };
        for (const field of definition.fields) body[field.name] = data.get(field.name) || '';
        for (const question of definition.questions) {
          const values = data.getAll(`q${question.id}`);
          if (values.length > 0) body.answers[`q${question.id}`] = question.kind === 'multiple_select' ? values : values[0];
        }
        for (const name of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']) if (query.get(name)) body[name] = query.get(name);
        if (referral) {
          body.r = referral;
          if (channel) body.ch = channel;
        }
        if (definition.honeypot) body[definition.honeypot] = data.get(definition.honeypot) || undefined;
        if (challenge) body.altcha = challenge.payload();
        submit.disabled = true;
        fetch(`${endpoint}/signups`, { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
          .then((response) => response.json().then((json) => ({ ok: response.ok, json })))
          .then(({ ok, json }) => (ok ? renderDone(definition, json) : showErrors(json.errors || [])))
          .catch(() => showErrors([{ field: null, message: 'The signup could not be sent. Please try again.' }]))
          .finally(() => { submit.disabled = false; });
      });

      function showErrors(errors) {
        for (const { error, wrapper } of errorSlots.values()) {
          error.hidden = true;
          wrapper.querySelector('[aria-invalid]')?.removeAttribute('aria-invalid');
        }
        const loose = [];
        for (const problem of errors) {
          const target = problem.field && errorSlots.get(problem.field);
          if (!target) { loose.push(problem.message); continue; }
          target.error.textContent = problem.message;
          target.error.hidden = false;
          target.wrapper.querySelector('input,select,textarea')?.setAttribute('aria-invalid', 'true');
        }
        general.textContent = loose.join(' ');
        general.hidden = loose.length === 0;
        // A solution is good for one signup: after a refusal the widget solves a new challenge.
        challenge?.renew();
      }
    }

    /**
     * The ALTCHA widget, from the service's own host (its self-contained build, loaded once per
     * page), solving the beta's challenge as soon as the form shows; its stylesheet, which the
     * build puts in the page's head, is adopted into the shadow root too.
     */
    function challengeWidget({ url, widget_url: scriptUrl }) {
      let solution = '';
      const widget = el('altcha-widget', { id: 'signup-challenge', name: 'altcha', challenge: url, auto: 'onload', configuration: JSON.stringify({ hideLogo: true, hideFooter: true }) });
      widget.addEventListener('statechange', (event) => {
        solution = event.detail && event.detail.state === 'verified' ? event.detail.payload : '';
      });
      if (!document.querySelector(`script[src="${scriptUrl}"]`)) document.head.append(el('script', { src: scriptUrl, async: true }));
      customElements.whenDefined('altcha-widget').then(() => {
        const css = document.getElementById('altcha-css');
        if (css && 'adoptedStyleSheets' in root) {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(css.textContent.replace(/:root\b/g, ':host'));
          root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        }
      });
      return {
        widget,
        payload: () => solution || undefined,
        renew() {
          if (typeof widget.reset !== 'function') return;
          widget.reset();
          widget.verify();
        },
      };
    }

    function renderDone(definition, answer) {
      const name = definition.beta.name;
      const tester = answer.tester;
      if (answer.already_on_list) {
        return box.replaceChildren(el('h2', { text: "You're already on the list" }), el('p', { id: 'already-on-list', text: answer.message }));
      }
      if (!tester) return box.replaceChildren(el('h2', { text: 'Thanks for signing up!' }));
      if (tester.confirmation_required) {
        return box.replaceChildren(el('h2', { text: 'Check your inbox' }),
          el('p', { id: 'confirm-needed', text: `We sent a confirmation link to ${tester.email}. Confirm your address to join the ${name} waitlist.` }));
      }
      const design = definition.page;
      // The links come tagged with their channel: the field and the copy button hold the `copy` one.
      const link = tester.copy_link;
      const input = el('input', { id: 'share-link', type: 'text', readonly: true, value: link, 'aria-label': 'Your share link' });
      const copy = el('button', { type: 'button', id: 'copy-share-link', text: 'Copy' });
      copy.addEventListener('click', () => {
        input.select();
        navigator.clipboard?.writeText(link).then(() => { copy.textContent = 'Copied'; });
      });
      const ahead = tester.waitlist_ahead === 1 ? '1 person is' : `${tester.waitlist_ahead} people are`;
      // replaceChildren would write a null as the text "null": the parts left out are filtered away.
      box.replaceChildren(...[
        el('h2', { text: design.thank_you_headline || "You're on the list!" }),
        design.thank_you_text ? el('p', { class: 'description', id: 'signup-done', text: design.thank_you_text }) : null,
        tester.waitlist_position === null ? null : el('p', { id: 'waitlist-position', text: `You are #${tester.waitlist_position} on the waitlist. ${ahead} ahead of you.` }),
        el('p', { text: 'Share your link:' }),
        el('div', { class: 'copy' }, input, copy),
        el('ul', { class: 'links', 'aria-label': 'Share on' }, ...tester.share_buttons.map(({ channel: id, label, url }) =>
          el('li', {}, el('a', { id: `share-${id}`, href: url, target: '_blank', rel: 'noopener noreferrer', text: label })))),
      ].filter(Boolean));
    }
  }

  /** The beta's public leaderboard as a table; a beta showing none leaves the box empty. */
  function showLeaderboard(endpoint, box) {
    fetch(`${endpoint}/leaderboard`, { credentials: 'omit' })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((board) => {
        const title = el('h2', { id: 'prelaunch-leaderboard-title', text: 'Leaderboard' });
        if (board.entries.length === 0) return box.replaceChildren(title, el('p', { text: 'Nobody is on the leaderboard yet.' }));
        const head = el('tr', {}, ...['Rank', 'Name', 'Referrals', 'Points'].map((text) => el('th', { scope: 'col', text })));
        const rows = board.entries.map((entry) =>
          el('tr', {}, el('td', { text: entry.rank }), el('td', { text: entry.name }), el('td', { text: entry.referrals }), el('td', { text: entry.points })));
        box.replaceChildren(title, el('table', { 'aria-labelledby': 'prelaunch-leaderboard-title' }, el('thead', {}, head), el('tbody', {}, ...rows)));
      })
      .catch(() => box.replaceChildren());
  }

  for (const script of document.querySelectorAll('script[data-beta][src*="embed.js"]')) mount(script);
})();
