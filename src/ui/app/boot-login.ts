// The login page's first script (login.html, the document the gateway sends for /login). The page's form is
// drawn in plain HTML and the app's scripts wait in <template id="app">: a phone on a slow network shows the
// form from the document alone. Once that first frame is drawn, the app's files (the entry and the login
// screen, some 200 KB) are fetched — preloaded, not run: started any earlier, a fast load would fetch them
// before the first frame. Running the app is the longest work of the page (a few hundred milliseconds on a
// phone), and the form needs none of it until it is used: the entry's script starts at the first touch, click,
// key or focus on the page, or once the page has been left alone for a while (START_IDLE_MS), whichever comes
// first. Until the login screen takes the form over (drawn-login.ts), the user may type in it; 登录 (or Enter)
// asked for then is remembered on the page and carried out by the login screen. This file imports nothing, so
// that it loads alone and stays a few hundred bytes; the id and the attribute below are drawn-login.ts's.
//
// A signed-in user who opens /login again (a reload, a bookmark) is sent on to the app at once: the app would
// only redirect them home once its scripts had loaded and the session was checked, with the login form on
// screen all that while. The session's token is a cookie the page can read (its name is the session store's,
// browser-session-store.adapter.ts), so a look at document.cookie is enough, and costs a signed-out user
// nothing. A token the gateway no longer accepts is found out by the app, which forgets it and comes back to
// the login screen inside the page: no second visit here, so no loop. The query goes along (a token handed
// over in the address is the app's to take, on any page).
const signedIn = /(?:^|;\s*)__WSF__token__=[^;]/.test(document.cookie);
if (signedIn) {
  document.getElementById('drawn-login')?.remove();
  location.replace(`/${location.search}${location.hash}`);
}

const drawn = signedIn ? null : document.getElementById('drawn-login');
const askSignIn = () => {
  if (drawn) drawn.dataset.submit = 'true';
};
drawn?.querySelector('button')?.addEventListener('click', askSignIn);
drawn?.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) askSignIn();
});

/** How long a page nobody touches waits before it runs the app anyway (when the main thread is next idle). */
const START_IDLE_MS = 5000;

/** The events that start the app: any touch, click, key or focus on the page, or a value filled in. */
const STARTING_EVENTS = ['pointerdown', 'click', 'keydown', 'focusin', 'input'] as const;

const signInButton = drawn?.querySelector('button');

/**
 * Moves the held tags `wanted` picks into the head as live ones, in their order: the preloads, then the entry's
 * script. A held tag moved once is gone from the template.
 */
function release(wanted: (tag: Element) => boolean) {
  const held = document.getElementById('app');
  if (!(held instanceof HTMLTemplateElement)) return;
  for (const tag of Array.from(held.content.children)) {
    if (!wanted(tag)) continue;
    tag.remove();
    const live = document.createElement(tag.localName);
    for (const { name, value } of Array.from(tag.attributes)) live.setAttribute(name, value);
    document.head.append(live);
  }
  if (held.content.children.length === 0) held.remove();
}

/** The app's files, fetched and not run. */
const fetchApp = () => release((tag) => tag.localName === 'link');

function startApp() {
  for (const type of STARTING_EVENTS) document.removeEventListener(type, onUse, true);
  release(() => true);
}

/**
 * 登录 starts the app with its click, not when it is pressed (or focused by the press, or by a key held on it):
 * started then, the login screen could take the form over before the button is let go, and the click that asks
 * for the sign-in would never come.
 */
function onUse(event: Event) {
  if (event.target === signInButton && event.type !== 'click') return;
  startApp();
}

// A requestAnimationFrame callback runs just before the next frame is drawn, a task queued from it after: the
// files are fetched once the form is on screen. A page opened in a background tab draws no frame: it starts at
// once, or when it is shown. A token handed over in the address is the app's to take at once (a sign-in).
if (signedIn) {
  // The app is left where it waits: the page is on its way to the app's own document.
} else if (document.visibilityState === 'hidden' || /[?&]token=/.test(location.search)) startApp();
else {
  for (const type of STARTING_EVENTS) document.addEventListener(type, onUse, { capture: true, passive: true });
  requestAnimationFrame(() => setTimeout(fetchApp));
  document.addEventListener('visibilitychange', startApp, { once: true });
  setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(startApp, { timeout: 1000 });
    else startApp();
  }, START_IDLE_MS);
}

// A module, as login.html loads it (type="module"), with nothing to export.
export {};
