import { StrictMode } from 'react';
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
if (root.firstElementChild) hydrateRoot(root, app, { onRecoverableError: (error) => console.error('The page did not hydrate as drawn by the server', error) });
else createRoot(root).render(app);
