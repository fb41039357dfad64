/** What an order screen says offline about the orders this device does not keep, with its window of `days`. */
export function archiveNeedsConnection(days: number): string {
  return `Orders closed more than ${days} days ago stay on the server: they need a connection.`;
}
