/**
 * A screen as its feature declares it: the address, who may open it, the page, and its place in the top bar's menu.
 * Each feature lists its own in `app/features/<name>/routes.ts`; the route table and the menu are built from those
 * lists (app/routes.tsx), so a screen is added in its feature alone.
 */
import type { ComponentType } from 'react';
import type { UserRole } from '../../sync/contract/constants';

/** The screen's item in the top bar's menu of one role, at `position` among that role's items. */
export type NavEntry = { role: UserRole; label: string; position: number };

export type FeatureRoute = {
  path: string;
  /**
   * Who may open it, in the signed-in frame: others are told and sent away (RequireRole). 'anyone' is drawn in the
   * frame unchecked (a redirect decides for itself); omitted, the page stands alone, open to visitors.
   */
  roles?: readonly UserRole[] | 'anyone';
  nav?: NavEntry;
} & (
  | { /** The page, loaded when first opened, so each screen's code comes with it. */ load: () => Promise<ComponentType>; Page?: never }
  | { /** A few lines drawn at once (a redirect). */ Page: ComponentType; load?: never }
);
