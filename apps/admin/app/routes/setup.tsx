import { Suspense, lazy, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SETUP_STEPS, SETUP_STEP_LABELS, type SetupStatus, type SetupStep } from '@shopfront/shared';
import { Failed, Loading, PageHeader } from '../components/ui/states';
import { OpenShop, OpenedPanel } from '../features/setup/open-shop';
import { useSetupStatus } from '../features/setup/query';
import { STEP_FORMS } from '../features/setup/steps';

export const meta = () => [{ title: 'Set up your shop · Shop admin' }];

const isStep = (s: string | null): s is SetupStep => SETUP_STEPS.includes(s as SetupStep);

/**
 * The first run (issue 25): the steps from an empty shop to an open one, each its own short form
 * (`?step=`), saved by its own call and ticked off in the list; then Open shop. Every step can be
 * changed again later from here.
 */
export default function Setup() {
  const status = useSetupStatus();
  const [params, setParams] = useSearchParams();
  const step = params.get('step');
  if (status.isPending) return <Loading />;
  if (status.isError) return <Failed error={status.error} retry={() => void status.refetch()} />;
  const data = status.data;
  if (params.get('card') === SEARCH_SHARING) {
    return (
      <>
        <BackToSteps />
        <Suspense fallback={<Loading />}>
          <SearchSharingSettings />
        </Suspense>
      </>
    );
  }
  if (isStep(step)) {
    const i = SETUP_STEPS.indexOf(step);
    const Form = STEP_FORMS[step];
    const go = (to: SetupStep | null) => setParams(to ? { step: to } : {});
    return (
      <>
        <BackToSteps />
        <PageHeader title={SETUP_STEP_LABELS[step]} description={`Step ${i + 1} of ${SETUP_STEPS.length}`} />
        <div className="card max-w-2xl p-5">
          <Form
            key={step}
            status={data}
            onSaved={() => go(SETUP_STEPS[i + 1] ?? null)}
            onBack={() => go(SETUP_STEPS[i - 1] ?? null)}
            last={i === SETUP_STEPS.length - 1}
          />
        </div>
      </>
    );
  }
  return <Overview status={data} />;
}

/** The `?card=` of the search and sharing settings. */
const SEARCH_SHARING = 'search-sharing';

/** The search and sharing card (its preview and uploads) loads when opened, not with the steps. */
const SearchSharingSettings = lazy(() =>
  import('../features/setup/search-sharing').then((m) => ({ default: m.SearchSharingSettings })),
);

function BackToSteps() {
  return (
    <nav aria-label="Setup" className="mb-3 text-sm">
      <Link to="/setup" className="text-muted underline underline-offset-4">
        All steps
      </Link>
    </nav>
  );
}

function Overview({ status }: { status: SetupStatus }) {
  const [opened, setOpened] = useState(false);
  const done = SETUP_STEPS.length - status.missing.length;
  const next = status.missing[0];
  const live = status.state === 'live';
  return (
    <>
      {opened && live && <OpenedPanel name={status.steps.store.values.store_name} />}
      <PageHeader
        title={live ? 'Shop settings from the setup' : 'Set up your shop'}
        description={
          live
            ? 'Your shop is open. Change any of these at any time.'
            : `${done} of ${SETUP_STEPS.length} steps done. Shoppers see an “opening soon” page until you open the shop.`
        }
      />
      {!live && (
        <div className="mb-4 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
          <div className="h-full bg-emerald-600" style={{ width: `${(done / SETUP_STEPS.length) * 100}%` }} />
        </div>
      )}
      <ol className="card divide-y divide-line" data-testid="setup-steps">
        {SETUP_STEPS.map((s, i) => {
          const isDone = status.steps[s].done;
          return (
            <li key={s}>
              <Link
                to={`?step=${s}`}
                className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50"
                aria-label={`${SETUP_STEP_LABELS[s]}: ${isDone ? 'done' : 'not done yet'}`}
              >
                <span
                  className={`grid h-7 w-7 shrink-0 place-items-center rounded-full text-sm font-semibold ${
                    isDone ? 'bg-emerald-600 text-white' : 'border border-stone-300 text-muted'
                  }`}
                  aria-hidden="true"
                >
                  {isDone ? '✓' : i + 1}
                </span>
                <span className="flex-1 font-medium">{SETUP_STEP_LABELS[s]}</span>
                <span className="text-sm text-muted">{isDone ? 'Change' : s === next ? 'Start' : 'Not done'}</span>
              </Link>
            </li>
          );
        })}
      </ol>
      {!live && <OpenShop status={status} onOpened={() => setOpened(true)} />}
      <div className="card mt-6">
        <Link
          to={`?card=${SEARCH_SHARING}`}
          className="flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-stone-50"
          aria-label="Search and sharing: change"
        >
          <span className="min-w-0 flex-1">
            <span className="block font-medium">Search and sharing</span>
            <span className="block text-sm text-muted">
              Your home page in search results and shared links, and the tab’s icon
            </span>
          </span>
          <span className="text-sm text-muted">Change</span>
        </Link>
      </div>
    </>
  );
}
