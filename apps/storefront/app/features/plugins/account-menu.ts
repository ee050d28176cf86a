import type { ComponentType } from 'react';
import type { PluginName } from '@shopfront/shared';
import type { AccountMenuItem } from '../account/account-menu';

/**
 * What plugins add to the account area (spec section 2, "Account dashboard menu": plugins may add
 * menu groups, menu items and content sections). A contribution counts only while its plugin is
 * installed; its routes live under /account (routes.ts) like the shop's own sections.
 */

/** A titled group of menu items, shown after the shop's own items. */
export interface AccountMenuGroup {
  id: string;
  label: string;
  items: readonly AccountMenuItem[];
}

/** A block on the account dashboard, below the shop's own cards. */
export interface AccountContentSection {
  id: string;
  Component: ComponentType;
}

export interface AccountContribution {
  plugin: PluginName;
  /** Items appended to the menu. */
  items?: readonly AccountMenuItem[];
  groups?: readonly AccountMenuGroup[];
  sections?: readonly AccountContentSection[];
}

/**
 * Every plugin's contribution, in menu order. No plugin adds a content section today; the
 * dashboard still renders any (the spec's extension point for plugins).
 */
export const ACCOUNT_CONTRIBUTIONS: readonly AccountContribution[] = [
  {
    plugin: 'emailSubscription',
    // Its menu item is also its dashboard card: no content section of its own (it would say the same twice).
    items: [{ to: '/account/newsletter', label: 'Newsletter', description: 'Your e-mail subscription' }],
  },
];

export interface AccountAdditions {
  items: AccountMenuItem[];
  groups: AccountMenuGroup[];
  sections: AccountContentSection[];
}

/** The items, groups and sections of the installed plugins (`installed`: their module names). */
export function accountAdditions(
  installed: readonly string[],
  contributions: readonly AccountContribution[] = ACCOUNT_CONTRIBUTIONS,
): AccountAdditions {
  const on = contributions.filter((c) => installed.includes(c.plugin));
  return {
    items: on.flatMap((c) => c.items ?? []),
    groups: on.flatMap((c) => c.groups ?? []),
    sections: on.flatMap((c) => c.sections ?? []),
  };
}
