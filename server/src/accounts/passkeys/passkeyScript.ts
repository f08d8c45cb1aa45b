// The account origin's one script (/account/passkeys.js): a passkey's ceremony, which has no form of its own. It shows
// the passkey box a page drew hidden (`data-passkey="sign-in"` or `"add"`) only where the browser has passkeys and
// their JSON helpers, so a page without it keeps the e-mail link and loses nothing. The server says what went wrong,
// in the page's edition; a ceremony the buyer cancelled is said by the box's own words.
//
// Plain ES2017, no dependency: SimpleWebAuthn's browser package does the same, and the browsers' own
// parseCreationOptionsFromJSON / parseRequestOptionsFromJSON / toJSON make it a few lines.
export const PASSKEY_SCRIPT_PATH = '/account/passkeys.js';

export const PASSKEY_SCRIPT = `(function () {
  var PK = window.PublicKeyCredential;
  if (!PK || !PK.parseCreationOptionsFromJSON || !PK.parseRequestOptionsFromJSON || !navigator.credentials) return;
  var locale = document.documentElement.lang === 'ar' ? 'ar' : 'en';
  function post(path, body, csrf) {
    return fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'content-language': locale, 'x-csrf-token': csrf },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) throw Object.assign(new Error(answer.message), { fromServer: true });
        return answer;
      });
    });
  }
  document.querySelectorAll('[data-passkey]').forEach(function (box) {
    var kind = box.getAttribute('data-passkey');
    var csrf = box.getAttribute('data-csrf') || '';
    var button = box.querySelector('button');
    var problem = box.querySelector('[data-passkey-problem]');
    var api = '/api/account/passkeys/' + kind;
    box.hidden = false;
    button.addEventListener('click', function () {
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      problem.hidden = true;
      post(api + '/options', { locale: locale }, csrf)
        .then(function (answer) {
          return kind === 'add'
            ? navigator.credentials.create({ publicKey: PK.parseCreationOptionsFromJSON(answer.options) })
            : navigator.credentials.get({ publicKey: PK.parseRequestOptionsFromJSON(answer.options) });
        })
        .then(function (credential) {
          return post(api, { locale: locale, credential: credential.toJSON() }, csrf);
        })
        .then(function (answer) {
          location.assign(answer.location);
        })
        .catch(function (error) {
          button.disabled = false;
          button.removeAttribute('aria-busy');
          problem.textContent = error.fromServer
            ? error.message
            : box.getAttribute(error.name === 'NotAllowedError' ? 'data-cancelled' : 'data-failed');
          problem.hidden = false;
        });
    });
  });
})();
`;
