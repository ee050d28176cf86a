import { useEffect, useState } from 'react';
import { adminOrdersApi, adminPushApi, type PushDevice } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/form-message';
import { call, errorText } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { success } from '../../lib/toast';
import { PushProblem, readDeviceState, turnOff, turnOn, type DeviceState } from './device-push';

const STATUS: Record<DeviceState['kind'] | 'checking', { label: string; tone: string }> = {
  checking: { label: 'Checking…', tone: 'bg-stone-100 text-stone-700' },
  on: { label: 'On', tone: 'bg-emerald-50 text-emerald-900' },
  off: { label: 'Off', tone: 'bg-stone-100 text-stone-800' },
  blocked: { label: 'Blocked', tone: 'bg-amber-50 text-amber-900' },
  unsupported: { label: 'Not available', tone: 'bg-stone-100 text-stone-800' },
};

const problemText = (err: unknown) => (err instanceof PushProblem ? err.message : errorText(err));

/**
 * "Notifications on this device" (Your account; Web Push, issue 25): a new order or refund
 * request shows as a notification on this phone or computer, as it comes in. Asks the browser's
 * permission only when the member presses Turn on; says plainly when the browser cannot, or has
 * blocked it, and how to change that. Loaded only on the account page (lazy).
 */
export default function DeviceNotifications() {
  const [state, setState] = useState<DeviceState | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [follows, setFollows] = useState<boolean | null>(null);
  const [others, setOthers] = useState<PushDevice[]>([]);

  const refreshOthers = async (thisDevice: DeviceState) => {
    const { devices } = (await call(adminPushApi.devices)).data;
    setOthers(devices.filter((d) => thisDevice.kind !== 'on' || d.id !== thisDevice.deviceId));
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [s, n] = await Promise.all([readDeviceState(), call(adminOrdersApi.notifications)]);
        if (!live) return;
        setState(s);
        setFollows(n.data.notify);
        await refreshOthers(s);
      } catch (err) {
        if (live) {
          setState((s) => s ?? { kind: 'off' });
          setProblem(problemText(err));
        }
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  const act = async (work: () => Promise<DeviceState>, done: (s: DeviceState) => string | null) => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await work();
      setState(next);
      const said = done(next);
      if (said) void success(said);
      await refreshOthers(next);
    } catch (err) {
      setProblem(problemText(err));
    } finally {
      setBusy(false);
    }
  };

  const follow = () =>
    act(
      async () => {
        const n = await call(adminOrdersApi.setNotifications, { body: { notify: true } });
        setFollows(n.data.notify);
        return state!;
      },
      () => 'You now get order alerts',
    );

  const removeOther = (id: number) =>
    act(
      async () => {
        await call(adminPushApi.unsubscribe, { params: { id } });
        return state!;
      },
      () => 'Notifications are off for that device',
    );

  const kind = state?.kind ?? 'checking';
  const status = STATUS[kind];
  return (
    <section className="card mt-4 p-5" aria-labelledby="push" data-testid="device-notifications">
      <div className="flex items-start justify-between gap-3">
        <h2 id="push" className="text-lg font-semibold">
          Notifications on this device
        </h2>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${status.tone}`}
          data-testid="push-status"
          aria-live="polite"
        >
          {status.label}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted">
        Get a notification on this phone or computer for each new order and refund request, even when the panel is
        closed. Tap it to open the order.
      </p>

      {state?.kind === 'unsupported' && <p className="mt-3 text-sm">{state.reason}</p>}
      {state?.kind === 'blocked' && (
        <p className="mt-3 text-sm">
          This browser blocks notifications from the shop. To allow them, open the site settings (the icon left of the
          address bar, or the browser’s Settings › Notifications), set Notifications to Allow for this site, then reload
          this page.
        </p>
      )}
      {state?.kind === 'on' && (
        <p className="mt-3 text-sm">This device shows a notification for each new order and refund request.</p>
      )}
      {follows === false && (state?.kind === 'on' || state?.kind === 'off') && (
        <div className="mt-3 flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <p>You do not follow orders now: you get no e-mails and no notifications about them.</p>
          <Button variant="outline" onPress={() => void follow()} isDisabled={busy} className="w-full sm:w-auto">
            Follow orders
          </Button>
        </div>
      )}
      {problem && (
        <div className="mt-3">
          <FormMessage testId="push-problem">{problem}</FormMessage>
        </div>
      )}

      {(state?.kind === 'off' || state?.kind === 'on') && (
        <div className="mt-4">
          {state.kind === 'off' ? (
            <Button
              variant="primary"
              isDisabled={busy}
              onPress={() => void act(turnOn, (s) => (s.kind === 'on' ? 'Notifications are on for this device' : null))}
              className="w-full sm:w-auto"
            >
              {busy ? 'Turning on…' : 'Turn on notifications'}
            </Button>
          ) : (
            <Button
              variant="outline"
              isDisabled={busy}
              onPress={() =>
                void act(
                  () => turnOff(state.deviceId),
                  () => 'Notifications are off for this device',
                )
              }
              className="w-full sm:w-auto"
            >
              {busy ? 'Turning off…' : 'Turn off on this device'}
            </Button>
          )}
        </div>
      )}

      {others.length > 0 && (
        <div className="mt-5 border-t border-line pt-4">
          <h3 className="text-sm font-semibold">Your other devices with notifications on</h3>
          <ul className="mt-2 divide-y divide-line">
            {others.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-medium">{d.label}</span>
                  <span className="text-muted">since {formatDay(d.created_at)}</span>
                </span>
                <Button
                  variant="quiet"
                  isDisabled={busy}
                  onPress={() => void removeOther(d.id)}
                  aria-label={`Turn off notifications on ${d.label}`}
                >
                  Turn off
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
