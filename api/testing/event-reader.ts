/** Server-sent events read off a response body, for tests of the live menu stream. */
export type SseEvent = { event: string; id: string | null; data: string };

/** Reads server-sent events off a response body, one at a time. */
export function eventReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const raw: string[] = [];
  return {
    raw,
    async next(timeoutMs = 3_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          raw.push(block);
          if (block.startsWith(':')) continue;
          const field = (name: string) =>
            block
              .split('\n')
              .filter((line) => line.startsWith(`${name}:`))
              .map((line) => line.slice(name.length + 1).trimStart());
          return { event: field('event')[0] ?? 'message', id: field('id')[0] ?? null, data: field('data').join('\n') };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('No event in time');
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
        if (chunk === null) throw new Error('No event in time');
        if (chunk.done) throw new Error('The stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => reader.cancel(),
  };
}
