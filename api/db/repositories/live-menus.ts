/** Which public menus changed after a change-clock value: the menu itself, one of its products, its seller, or its deletion. */
import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { menuItems, menus, products, tombstones, users } from '../schema';

export async function menusChangedSince(db: Db, version: number): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    select ${menus.id} as id from ${menus} where ${menus.version} > ${version}
    union
    select ${menuItems.menuId} from ${menuItems} join ${products} on ${products.id} = ${menuItems.productId} where ${products.version} > ${version}
    union
    select ${menus.id} from ${menus} join ${users} on ${users.id} = ${menus.userId} where ${users.version} > ${version}
    union
    select ${tombstones.entityId} from ${tombstones} where ${tombstones.entity} = 'menu' and ${tombstones.version} > ${version}
  `);
  return rows.map((row) => row.id);
}

/** Whether the menu (itself, a product of it, its seller) changed after `version`; a deleted menu has. */
export async function menuChangedSince(db: Db, menuId: string, version: number): Promise<boolean> {
  const row = await db.get<{ changed: number }>(sql`
    select exists (select 1 from ${menus} where ${menus.id} = ${menuId} and ${menus.version} > ${version})
      or exists (select 1 from ${menuItems} join ${products} on ${products.id} = ${menuItems.productId} where ${menuItems.menuId} = ${menuId} and ${products.version} > ${version})
      or exists (select 1 from ${menus} join ${users} on ${users.id} = ${menus.userId} where ${menus.id} = ${menuId} and ${users.version} > ${version})
      or not exists (select 1 from ${menus} where ${menus.id} = ${menuId}) as changed
  `);
  return Boolean(row?.changed);
}
