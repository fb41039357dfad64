/** The reference page: React drawing 12 product cards in the browser, nothing else. */
import { createRoot } from 'react-dom/client';
import './style.css';

const CARDS = Array.from({ length: 12 }, (_, index) => ({ name: `Strain ${index + 1}`, price: `$${(1000 + index * 50).toLocaleString('en-US')}.00`, thc: `${20 + index}.00%` }));

function Page() {
  return (
    <main>
      <h1>Wholesale menu</h1>
      <ul>
        {CARDS.map((card) => (
          <li key={card.name}>
            <svg viewBox="0 0 4 3" width="480" height="360" aria-hidden>
              <rect width="4" height="3" fill="#dcfce7" />
            </svg>
            <h2>{card.name}</h2>
            <p>THC {card.thc}</p>
            <p>
              <strong>{card.price}</strong> / lb
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
