// A shared menu's page comes drawn by the server. Its app (live stock, filters, saving) is fetched only once the
// page has painted, so that none of its JavaScript competes with the menu's text and photos on a slow network.
const entry = document.querySelector('meta[name="app-entry"]')?.getAttribute('content');
if (entry) requestAnimationFrame(() => setTimeout(() => import(entry)));
