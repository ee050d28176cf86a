import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { PLUGINS, type OptionalCookieGroup } from '@shopfront/shared';
import { writeCookie } from '../../lib/cookies';
import { useShop } from '../../lib/shop';
import { isAnalyticsPlugin, wasLoaded } from '../plugins/analytics/bus';
import { optionalGroupsOf, removeCookies, type GroupPlugin } from './cookie-catalogue';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  groupAllowed,
  parseConsent,
  serializeConsent,
  type ConsentChoice,
} from './preferences';

export interface Consent {
  /** The storefront's cookie warning is on: choices are asked for and honoured. */
  enabled: boolean;
  /** The stored choice; null until the shopper made one. */
  choice: ConsentChoice | null;
  /** The optional groups the installed plugins need, with those plugins and their cookies. */
  groups: ReadonlyMap<OptionalCookieGroup, GroupPlugin[]>;
  allows: (group: OptionalCookieGroup | null) => boolean;
  save: (accepted: readonly OptionalCookieGroup[]) => void;
  preferencesOpen: boolean;
  openPreferences: () => void;
  closePreferences: () => void;
}

const ConsentContext = createContext<Consent | null>(null);

/**
 * The shopper's cookie choice for the whole shell. Starts from the root loader's reading of the
 * cookie (so the server already rendered the right thing), then follows the shopper's choices.
 */
export function ConsentProvider({ children }: { children: ReactNode }) {
  const { storefront, plugins, consent: stored } = useShop();
  const enabled = storefront.is_cookie_warning_enabled;
  const [choice, setChoice] = useState<ConsentChoice | null>(stored);
  const [preferencesOpen, setPreferencesOpen] = useState(false);
  const groups = useMemo(() => optionalGroupsOf(plugins), [plugins]);

  const save = useCallback(
    (accepted: readonly OptionalCookieGroup[]) => {
      const value = serializeConsent(accepted);
      const next = parseConsent(value) ?? [];
      writeCookie(CONSENT_COOKIE, value, CONSENT_MAX_AGE_SECONDS);
      setChoice(next);
      setPreferencesOpen(false);
      const revoked = (choice ?? []).filter((g) => !next.includes(g));
      if (!revoked.length) return;
      removeCookies(revoked.flatMap((g) => groups.get(g) ?? []).flatMap((p) => p.cookies));
      // A third-party script already running cannot be unloaded: the bus stops sending it events
      // at once, and a reload takes it off the page. The shop's own statistics (no script of
      // their own) just stop: the bus sends them nothing more and the server refuses them.
      const running = plugins.some(({ module_name: name }) => {
        if (!isAnalyticsPlugin(name) || !PLUGINS[name].runsScript) return false;
        const group = PLUGINS[name].consent;
        return group !== null && revoked.includes(group) && wasLoaded(name);
      });
      if (running) window.location.reload();
    },
    [choice, groups, plugins],
  );

  const value = useMemo<Consent>(
    () => ({
      enabled,
      choice,
      groups,
      allows: (group) => groupAllowed(group, choice, enabled),
      save,
      preferencesOpen,
      openPreferences: () => setPreferencesOpen(true),
      closePreferences: () => setPreferencesOpen(false),
    }),
    [enabled, choice, groups, save, preferencesOpen],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useConsent(): Consent {
  const consent = useContext(ConsentContext);
  if (!consent) throw new Error('useConsent() used outside <ConsentProvider>');
  return consent;
}
