/** The reference page: React drawing 12 product cards in the browser, with a category filter, nothing else. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import './style.css';

const CARDS = Array.from({ length: 12 }, (_, index) => ({
  name: `Strain ${index + 1}`,
  category: index === 0 ? 'Vape' : 'Flower',
  price: `$${(1000 + index * 50).toLocaleString('en-US')}.00`,
  thc: `${20 + index}.00%`,
}));

function Page() {
  const [category, setCategory] = useState<string | null>(null);
  return (
    <main>
      <h1>Wholesale menu</h1>
      <nav>
        {['Flower', 'Vape'].map((name) => (
          <button key={name} type="button" aria-pressed={category === name} onClick={() => setCategory(name)}>
            {name}
          </button>
        ))}
      </nav>
      <ul>
        {CARDS.filter((card) => !category || card.category === category).map((card) => (
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
