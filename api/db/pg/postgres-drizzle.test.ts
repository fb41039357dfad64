import { describe, expect, it } from 'vitest';
import { toPostgresText } from './postgres-drizzle';

describe('toPostgresText', () => {
  it('numbers the placeholders in order', () => {
    expect(toPostgresText('select * from "t" where "a" = ? and "b" in (?, ?) limit ?')).toBe('select * from "t" where "a" = $1 and "b" in ($2, $3) limit $4');
  });

  it('leaves a question mark inside a string or a quoted name alone', () => {
    expect(toPostgresText(`select '?' as "why?", "a" from "t" where "b" = ? and "c" like 'x?%'`)).toBe(`select '?' as "why?", "a" from "t" where "b" = $1 and "c" like 'x?%'`);
  });

  it('takes the table off an upsert conflict target, as PostgreSQL wants it', () => {
    expect(
      toPostgresText(
        'insert into "menu_view_days" ("menu_id", "day", "views") values (?, ?, ?) on conflict ("menu_view_days"."menu_id","menu_view_days"."day") do update set "views" = "menu_view_days"."views" + excluded.views',
      ),
    ).toBe(
      'insert into "menu_view_days" ("menu_id", "day", "views") values ($1, $2, $3) on conflict ("menu_id","day") do update set "views" = "menu_view_days"."views" + excluded.views',
    );
  });

  it('answers the same text for the same query, asked again', () => {
    const text = 'select ? from "t"';
    expect(toPostgresText(text)).toBe(toPostgresText(text));
  });
});
