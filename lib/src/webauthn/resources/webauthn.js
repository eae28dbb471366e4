// Passkeys on Gatehouse's built-in sign-in page. Served by GET <basePath>/webauthn-options.
//
// Every form with a data-webauthn-provider attribute (its action is <basePath>/callback/<id>):
// - on submit, fetches <basePath>/webauthn-options/<id> with the form's inputs (the server
//   decides between registration and authentication), runs navigator.credentials.create() or
//   get(), and posts the credential back through the form (fields "action" and "data");
// - when the form has an input whose autocomplete names "webauthn" and the browser offers
//   conditional mediation, passkeys are offered in that input's autofill as soon as the page
//   loads;
// - a button with a data-webauthn-label attribute is served disabled, saying that it needs
//   JavaScript (the account page's "Add a passkey"): it is enabled and given that label here.
// No inline code, no third-party code: the page's Content-Security-Policy allows this file only.
(function () {
  'use strict';

  function fromBase64Url(text) {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }

  function toBase64Url(buffer) {
    const bytes = new Uint8Array(buffer);
    let binary = '';
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function descriptors(list) {
    return (list || []).map((d) => Object.assign({}, d, { id: fromBase64Url(d.id) }));
  }

  function creationOptions(json) {
    return Object.assign({}, json, {
      challenge: fromBase64Url(json.challenge),
      user: Object.assign({}, json.user, { id: fromBase64Url(json.user.id) }),
      excludeCredentials: descriptors(json.excludeCredentials),
    });
  }

  function requestOptions(json) {
    const options = Object.assign({}, json, { challenge: fromBase64Url(json.challenge) });
    if (json.allowCredentials) options.allowCredentials = descriptors(json.allowCredentials);
    return options;
  }

  // The credential in the JSON form the server verifies (as PublicKeyCredential.toJSON()).
  function credentialJson(credential) {
    const response = credential.response;
    const json = {
      id: credential.id,
      rawId: toBase64Url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || null,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: { clientDataJSON: toBase64Url(response.clientDataJSON) },
    };
    if (response.attestationObject) {
      json.response.attestationObject = toBase64Url(response.attestationObject);
      json.response.transports = typeof response.getTransports === 'function' ? response.getTransports() : [];
    } else {
      json.response.authenticatorData = toBase64Url(response.authenticatorData);
      json.response.signature = toBase64Url(response.signature);
      json.response.userHandle = response.userHandle ? toBase64Url(response.userHandle) : null;
    }
    return json;
  }

  function PasskeyForm(form) {
    this.form = form;
    this.provider = form.getAttribute('data-webauthn-provider');
    const suffix = '/callback/' + encodeURIComponent(this.provider);
    const action = new URL(form.action);
    this.base = action.pathname.endsWith(suffix)
      ? action.origin + action.pathname.slice(0, -suffix.length)
      : null;
    this.conditional = null;  // AbortController of the autofill request
    this.autofill = Promise.resolve();  // settles when the autofill request has ended
  }

  PasskeyForm.prototype.fetchOptions = async function (action) {
    const url = new URL(this.base + '/webauthn-options/' + encodeURIComponent(this.provider));
    if (action) url.searchParams.set('action', action);
    for (const input of this.form.querySelectorAll('input[name]:not([type=hidden])')) {
      if (input.value) url.searchParams.set(input.name, input.value);
    }
    const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error('webauthn-options answered HTTP ' + response.status);
    return response.json();
  };

  PasskeyForm.prototype.post = function (action, credential) {
    for (const [name, value] of [['action', action], ['data', JSON.stringify(credentialJson(credential))]]) {
      let input = this.form.querySelector('input[type=hidden][name="' + name + '"]');
      if (!input) {
        input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        this.form.appendChild(input);
      }
      input.value = value;
    }
    HTMLFormElement.prototype.submit.call(this.form);
  };

  PasskeyForm.prototype.ceremony = async function (result, mediation, signal) {
    const credential = result.action === 'register'
      ? await navigator.credentials.create({ publicKey: creationOptions(result.options) })
      : await navigator.credentials.get({ publicKey: requestOptions(result.options), mediation: mediation, signal: signal });
    if (credential) this.post(result.action, credential);
  };

  PasskeyForm.prototype.onSubmit = async function (event) {
    event.preventDefault();
    const buttons = this.form.querySelectorAll('button');
    buttons.forEach((b) => { b.disabled = true; });
    try {
      // A browser runs one WebAuthn request at a time: end the autofill one first.
      if (this.conditional) this.conditional.abort();
      await this.autofill;
      await this.ceremony(await this.fetchOptions(null), 'optional');
    } catch (error) {
      console.error('Passkey sign-in failed:', error);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  };

  PasskeyForm.prototype.offerAutofill = async function () {
    const input = Array.from(this.form.querySelectorAll('input[autocomplete]'))
      .find((i) => i.getAttribute('autocomplete').split(/\s+/).includes('webauthn'));
    if (!input || typeof PublicKeyCredential.isConditionalMediationAvailable !== 'function'
        || !(await PublicKeyCredential.isConditionalMediationAvailable())) return;
    this.conditional = new AbortController();
    try {
      await this.ceremony(await this.fetchOptions('authenticate'), 'conditional', this.conditional.signal);
    } catch (error) {
      if (error.name !== 'AbortError') console.error('Passkey autofill failed:', error);
    }
  };

  function start() {
    for (const element of document.querySelectorAll('form[data-webauthn-provider]')) {
      if (!window.PublicKeyCredential) {
        element.hidden = true;
        continue;
      }
      const form = new PasskeyForm(element);
      if (!form.base) continue;
      for (const button of element.querySelectorAll('button[data-webauthn-label]')) {
        button.textContent = button.getAttribute('data-webauthn-label');
        button.disabled = false;
      }
      element.addEventListener('submit', (event) => form.onSubmit(event));
      form.autofill = form.offerAutofill();
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
