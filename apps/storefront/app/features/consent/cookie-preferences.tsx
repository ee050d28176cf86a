import { useId, useState } from 'react';
import type { OptionalCookieGroup } from '@shopfront/shared';
import { Modal } from '../../components/ui/modal';
import { useConsent } from './consent-context';
import { GROUP_TEXT, NECESSARY_COOKIES, type GroupPlugin } from './cookie-catalogue';
import { OPTIONAL_GROUPS } from './preferences';

const ALL: readonly OptionalCookieGroup[] = OPTIONAL_GROUPS;

/** The preferences dialog (spec section 2), loaded the first time a shopper opens it. */
export function CookiePreferences() {
  const { preferencesOpen, closePreferences } = useConsent();
  const titleId = useId();
  return (
    <Modal
      open={preferencesOpen}
      onClose={closePreferences}
      title="Cookie Preferences"
      titleId={titleId}
      size="lg"
      testId="cookie-preferences"
    >
      <PreferencesForm />
    </Modal>
  );
}

/** Mounted each time the dialog opens: the switches start from the stored choice. */
function PreferencesForm() {
  const { choice, groups, save } = useConsent();
  const [accepted, setAccepted] = useState<ReadonlySet<OptionalCookieGroup>>(() => new Set(choice ?? []));
  const toggle = (g: OptionalCookieGroup, on: boolean) =>
    setAccepted((prev) => {
      const next = new Set(prev);
      if (on) next.add(g);
      else next.delete(g);
      return next;
    });
  return (
    <form
      className="mt-2"
      onSubmit={(e) => {
        e.preventDefault();
        save([...accepted]);
      }}
    >
      <p className="text-sm leading-relaxed text-ink/80">
        Necessary cookies keep the shop working and are always on. Choose which optional ones you allow; you can change
        this at any time from Manage Cookies in the footer.
      </p>
      <ul className="mt-5 space-y-3">
        <GroupRow group="necessary" checked locked cookies={[{ label: 'This shop', cookies: NECESSARY_COOKIES }]} />
        {[...groups].map(([group, plugins]) => (
          <GroupRow
            key={group}
            group={group}
            checked={accepted.has(group)}
            onChange={(on) => toggle(group, on)}
            cookies={plugins}
          />
        ))}
      </ul>
      {groups.size === 0 && (
        <p className="mt-4 text-sm text-muted" data-testid="no-optional-cookies">
          This shop sets no optional cookies at the moment.
        </p>
      )}
      <div className="mt-6 grid gap-2 sm:grid-cols-3">
        <button type="submit" className="btn btn-outline min-h-11 px-3 sm:order-1">
          Save
        </button>
        <button type="button" className="btn btn-outline min-h-11 px-3" onClick={() => save([])}>
          Decline All
        </button>
        <button type="button" className="btn btn-primary min-h-11 px-3 sm:order-2" onClick={() => save(ALL)}>
          Accept All
        </button>
      </div>
    </form>
  );
}

function GroupRow({
  group,
  checked,
  locked = false,
  onChange,
  cookies,
}: {
  group: 'necessary' | OptionalCookieGroup;
  checked: boolean;
  locked?: boolean;
  onChange?: (on: boolean) => void;
  cookies: readonly GroupPlugin[];
}) {
  const id = useId();
  const text = GROUP_TEXT[group];
  return (
    <li className="rounded-2xl border border-ink/10 p-4" data-cookie-group={group}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="font-semibold">
            {text.title}
            {locked && <span className="ml-2 text-xs font-medium text-muted">Always on</span>}
          </label>
          <p id={`${id}-desc`} className="mt-1 text-sm text-ink/75">
            {text.description}
          </p>
        </div>
        {/* A 44 px target around the switch; the label above names it. */}
        <span className="relative -m-1.5 inline-flex h-11 w-16 shrink-0 items-center justify-center">
          <input
            id={id}
            type="checkbox"
            role="switch"
            aria-describedby={`${id}-desc`}
            checked={checked}
            disabled={locked}
            aria-checked={checked}
            onChange={(e) => onChange?.(e.target.checked)}
            className="peer absolute inset-0 z-10 cursor-pointer opacity-0 disabled:cursor-not-allowed"
          />
          <span
            aria-hidden="true"
            className="h-7 w-12 rounded-full bg-ink/20 transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:opacity-70"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      </div>
      <details className="group mt-3 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-primary hover:underline">
          Cookies used
        </summary>
        <div className="space-y-3 pb-1">
          {cookies.map((p) => (
            <div key={p.label}>
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">{p.label}</p>
              {p.cookies.length ? (
                <dl className="mt-1 space-y-1">
                  {p.cookies.map((c) => (
                    <div key={c.name} className="grid gap-x-3 sm:grid-cols-[9rem_1fr]">
                      <dt className="font-mono text-xs break-all text-ink">{c.name}</dt>
                      <dd className="text-ink/75">{c.description}</dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="mt-1 text-ink/75">Sets no cookies; its script runs only with your consent.</p>
              )}
            </div>
          ))}
        </div>
      </details>
    </li>
  );
}
