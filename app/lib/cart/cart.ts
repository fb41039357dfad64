/**
 * A buyer's cart on one menu: what they picked and how many, priced on the device by the terms the menu was shown
 * with (their list's price, breaks, minimum and increment: `sync/rules/priced-menu.ts`). The server prices the order in the
 * end; the cart only says in advance what it will say. Money in integer cents, quantities in thousandths.
 */
import { centsAsMoney, formatScaled } from '../../../sync/rules/decimal';
import type { OrderQuote } from '../../../sync/entities/order';
import type { PublicMenu } from '../../../sync/entities/public-menu';
import { shownOrderLine, shownTerms } from '../../../sync/rules/priced-menu';
import type { ReorderedLines } from '../../../sync/rules/reorder-cart';
import { typedQuantityProblem } from '../../../sync/rules/typed-quantity';

type MenuProduct = PublicMenu['products'][number];

export type CartLine = { productId: string; quantity: string };
/**
 * `resends`: the refused orders this cart edits (each "Edit and send again" on the same menu adds one); sending the
 * cart takes every one of them off 'Needs attention' in the same step.
 */
export type Cart = { menuId: string; lines: CartLine[]; note: string; resends?: string[]; reorder?: ReorderNotice };
/**
 * What the cart says after an order was put back into it to order again: which order, whether the cart already
 * held lines (the order's were added beside them), and what could not come back as it was.
 */
export type ReorderNotice = Omit<ReorderedLines, 'lines'> & { orderNumber: string; addedTo: number };
/** A cart as kept on the device: carts written before one could edit several refused orders hold a single id. */
export type StoredCart = Omit<Cart, 'resends'> & { resends?: string | string[] };

export type PricedCartLine = CartLine & {
  strainName: string;
  unitType: MenuProduct['unitType'];
  /** Why this quantity cannot be ordered, as typed; null when it can. */
  problem: string | null;
  /** The unit price at this quantity (breaks applied), or null when the product has no price. */
  unitPrice: string | null;
  /** The price before the buyer's list, only when theirs differs. */
  listPrice: string | null;
  lineTotal: string | null;
};

export type PricedCart = {
  lines: PricedCartLine[];
  /** The sum of the totals of the lines that can be ordered as typed. */
  total: string;
  /** How many lines the total leaves out: a quantity that cannot be ordered, or a product with no price. */
  uncounted: number;
  /** Products in the cart the menu no longer shows (sold out of the menu, hidden from this buyer). */
  gone: string[];
  /** True when every line can be ordered as typed. */
  ready: boolean;
};

export function emptyCart(menuId: string): Cart {
  return { menuId, lines: [], note: '' };
}

/** A kept cart in today's shape, whichever shape it was written in. */
export function cartFromStored(stored: StoredCart): Cart {
  const { resends, ...cart } = stored;
  if (resends === undefined) return cart;
  return { ...cart, resends: typeof resends === 'string' ? [resends] : resends };
}

/** The cart also editing this refused order (once, however often the person asks). */
export function withResend(cart: Cart, orderId: string): Cart {
  const resends = cart.resends ?? [];
  return resends.includes(orderId) ? cart : { ...cart, resends: [...resends, orderId] };
}

/**
 * The cart with an old order's lines put back (see `reorderLines`): beside what the cart holds, the order's quantity
 * in place of the cart's where both have a product. The note stays the cart's own: the old order's is never copied.
 */
export function withReorder(cart: Cart, orderNumber: string, again: ReorderedLines): Cart {
  const { lines, ...named } = again;
  const merged = lines.reduce((current, line) => withQuantity(current, line.productId, line.quantity), cart);
  return { ...merged, reorder: { ...named, orderNumber, addedTo: cart.lines.length } };
}

/** The cart without its reorder notice, once read. */
export function withoutReorderNotice(cart: Cart): Cart {
  const { reorder: _read, ...rest } = cart;
  return rest;
}

/** The product's smallest orderable quantity as the menu shows it: where a new line starts. */
export function startingQuantity(product: MenuProduct): string {
  return formatScaled(shownTerms(product).minimumThousandths || 1000, 3).replace(/\.?0+$/, '');
}

/** The cart with this product at this quantity (added at the end when new). */
export function withQuantity(cart: Cart, productId: string, quantity: string): Cart {
  const exists = cart.lines.some((line) => line.productId === productId);
  const lines = exists ? cart.lines.map((line) => (line.productId === productId ? { productId, quantity } : line)) : [...cart.lines, { productId, quantity }];
  return { ...cart, lines };
}

export function withoutLine(cart: Cart, productId: string): Cart {
  return { ...cart, lines: cart.lines.filter((line) => line.productId !== productId) };
}

/** Why a quantity typed for this product cannot be ordered on the terms the menu shows, or null (`sync/rules/typed-quantity.ts`). */
export function cartQuantityProblem(product: MenuProduct, quantity: string): string | null {
  return typedQuantityProblem(product, shownTerms(product), quantity);
}

/** The cart priced by the menu as shown to this buyer. */
export function priceCart(cart: Cart, products: MenuProduct[]): PricedCart {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines: PricedCartLine[] = [];
  const gone: string[] = [];
  let totalCents = 0;
  let uncounted = 0;
  for (const line of cart.lines) {
    const product = byId.get(line.productId);
    if (!product) {
      gone.push(line.productId);
      continue;
    }
    const shown = shownOrderLine(product, line.quantity);
    const problem = cartQuantityProblem(product, line.quantity);
    if (problem === null && shown.lineCents !== null) totalCents += shown.lineCents;
    else uncounted += 1;
    lines.push({
      ...line,
      strainName: product.strainName,
      unitType: product.unitType,
      problem,
      unitPrice: shown.unitCents === null ? null : shown.line.unitPrice,
      listPrice: shown.line.listPrice,
      lineTotal: shown.lineCents === null ? null : shown.line.lineTotal,
    });
  }
  return { lines, total: centsAsMoney(totalCents), uncounted, gone, ready: lines.length > 0 && lines.every((line) => line.problem === null) };
}

/** What the cart shows for its lines, to show the order so while it waits and compare the server's answer with. */
export function cartQuote(cart: Cart, products: MenuProduct[], paymentTerms: OrderQuote['paymentTerms']): OrderQuote {
  const byId = new Map(products.map((product) => [product.id, product]));
  const lines = cart.lines.flatMap((line) => {
    const product = byId.get(line.productId);
    return product ? [shownOrderLine(product, line.quantity).line] : [];
  });
  return { lines, paymentTerms };
}
