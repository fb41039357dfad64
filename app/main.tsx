import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A page the server rendered (a shared menu) is taken over as it is; the app shell starts empty.
// A mismatch is said out loud: React then draws the page again from scratch, which a visitor pays for.
// Hydrated as a transition, so React yields to the browser every few milliseconds instead of holding the main thread
// in one long task: a tap on the page while it is being taken over is answered at once.
if (root.firstElementChild) {
  startTransition(() => {
    hydrateRoot(root, app, { onRecoverableError: (error) => console.error('The page did not hydrate as drawn by the server', error) });
  });
} else {
  createRoot(root).render(app);
}
