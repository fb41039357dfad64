import './styles.css';

/** Lets the browser paint and answer input before the next stage of a start, each stage being one task of its own. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const root = document.getElementById('root')!;
// A page the server rendered (a shared menu) is taken over as it is; the app shell starts empty.
const drawnByServer = root.firstElementChild !== null;

// The code loads in stages, React first and then the app: evaluated as one module graph it was one long task
// that a tap on the drawn page had to wait for (most of a shared menu's blocking time on a phone).
const [{ createElement, StrictMode, startTransition }, { createRoot, hydrateRoot }] = await Promise.all([import('react'), import('react-dom/client')]);
if (drawnByServer) await yieldToBrowser();
// A page the server drew is a guest's first page (a shared menu): it is taken over without the router, which loads
// only when a link is followed; any other page starts the whole app.
const App = drawnByServer ? (await import('./first-page-app')).FirstPageApp : (await import('./app')).App;
if (drawnByServer) await yieldToBrowser();

// Written without JSX: its runtime would be a static import of this file, and load React with the file itself.
const app = createElement(StrictMode, null, createElement(App));
// A mismatch is said out loud: React then draws the page again from scratch, which a visitor pays for.
// Hydrated as a transition, so React yields to the browser every few milliseconds instead of holding the main thread
// in one long task: a tap on the page while it is being taken over is answered at once.
if (drawnByServer) {
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error('The page did not hydrate as drawn by the server', error) });
  });
} else {
  createRoot(root).render(app);
}
