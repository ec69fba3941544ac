// The login page's first script (login.html, the document the gateway sends for /login). The page's form is
// drawn in plain HTML and the app's scripts wait in <template id="app">: a phone on a slow network shows the
// form from the document alone, and fetches and runs the app (the entry and the login screen, some 200 KB)
// once that first frame is drawn — started any earlier, a fast load runs them before the first frame. Until
// the login screen takes the form over (drawn-login.ts), the user may type in it; 登录 (or Enter) asked for
// then is remembered on the page and carried out by the login screen. This file imports nothing, so that it
// loads alone and stays a few hundred bytes; the id and the attribute below are drawn-login.ts's.
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

/** Moves the held tags into the head as live ones: the preloads first, then the entry's script. */
function startApp() {
  const held = document.getElementById('app');
  if (!(held instanceof HTMLTemplateElement)) return;
  held.remove();
  for (const tag of Array.from(held.content.children)) {
    const live = document.createElement(tag.localName);
    for (const { name, value } of Array.from(tag.attributes)) live.setAttribute(name, value);
    document.head.append(live);
  }
}

// A requestAnimationFrame callback runs just before the next frame is drawn, a task queued from it after: the
// scripts start once the form is on screen. A page opened in a background tab draws no frame: it starts at once,
// or when it is shown.
if (signedIn) {
  // The app is left where it waits: the page is on its way to the app's own document.
} else if (document.visibilityState === 'hidden') startApp();
else {
  requestAnimationFrame(() => setTimeout(startApp));
  document.addEventListener('visibilitychange', startApp, { once: true });
}
