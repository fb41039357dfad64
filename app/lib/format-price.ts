/** The app's display of money and quantities: the same words as the server's emails, so they live in `sync/`. */
export { formatPercent, formatPrice, formatQuantity, isOutOfStock, PRICE_ON_REQUEST } from '../../sync/rules/format-decimal';
export { formatPotency } from '../../sync/rules/potency';
