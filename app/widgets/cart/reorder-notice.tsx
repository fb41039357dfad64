/**
 * What the cart says after an old order was put back into it: that nothing is ordered until the buyer sends the cart,
 * whether the order's lines were added to what the cart already held, and each product that could not come back as it
 * was (gone from the menu, short, sold differently now). Kept with the cart until the buyer dismisses it or sends.
 */
import type { ReorderNotice as Notice } from '../../lib/cart/cart';
import { Button } from '../../components/ui/button';

export function ReorderNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const problems = [...notice.gone, ...notice.short, ...notice.changed];
  const held = notice.addedTo === 1 ? 'the product already in your cart' : `the ${notice.addedTo} products already in your cart`;
  return (
    <div role="status" aria-label="Reorder" className="grid gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        {notice.orderNumber ? `The lines of order ${notice.orderNumber}` : 'The lines of your order'} are in your cart at today&apos;s prices
        {notice.addedTo > 0 ? `, added to ${held} (where both had a product, the order's quantity replaced the cart's)` : ''}. Nothing is ordered until you submit the cart.
      </p>
      {problems.length > 0 && (
        <>
          <p className="font-medium">Not as you ordered before:</p>
          <ul className="list-disc pl-5" aria-label="Not as you ordered before">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      )}
      <Button size="sm" variant="outline" className="justify-self-start" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
