import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  ACCOUNT_DELETION_TERMS,
  ApiError,
  NETWORK_ERROR,
  OTP_RESENDS,
  accountApi,
  callEndpoint,
  type AccountDataAction,
} from '@shopfront/shared';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { browserTransport } from '../../lib/api.client';
import { reportFailure } from '../auth/auth-api';
import { OtpInput } from '../auth/otp-input';
import { resendsLeftAfter } from '../auth/otp-flow';
import { FULL_CODE, resendsLeftText } from '../auth/otp-verify-actions';

const TEXT = {
  download: {
    title: 'Download my data',
    intro:
      'You get a JSON file with your profile, addresses, orders, reviews, wishlist, newsletter subscription and sign-in history.',
    button: 'Download my data',
  },
  delete: {
    title: 'Delete my account',
    intro: ACCOUNT_DELETION_TERMS,
    button: 'Delete my account',
  },
} as const;

/** Saves the downloaded data as `shopfront-my-data-<date>.json`. */
function saveFile(data: unknown) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `shopfront-my-data-${new Date().toLocaleDateString('en-CA')}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /api/account/my-data: the file (not an envelope) on success, the error envelope otherwise. */
async function downloadMyData(otp: string): Promise<unknown> {
  const res = await browserTransport({
    method: accountApi.downloadMyData.method,
    path: accountApi.downloadMyData.path,
    body: { otp },
  });
  if (res.status === 200) return res.body;
  const env = res.body as { message?: string; errors?: Record<string, string[]> } | null;
  throw new ApiError(res.status, env?.message || NETWORK_ERROR, env?.errors ?? {});
}

/**
 * "Download my data" or "Delete my account" (issue 29): on opening, a code goes to the account's
 * verified contact; the shopper types it and confirms. A refusal to send (orders in progress, no
 * verified contact) is said in the dialog instead of the code boxes.
 */
export function AccountDataDialog({
  action,
  onClose,
  onDeleted,
}: {
  /** Which action the dialog is open for; null: closed. */
  action: AccountDataAction | null;
  onClose: () => void;
  onDeleted: (message: string | undefined) => void;
}) {
  const titleId = useId();
  const uid = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [left, setLeft] = useState<number>(OTP_RESENDS.verify);

  const requestCode = (resend: boolean) =>
    action &&
    callEndpoint(browserTransport, accountApi.myDataCode, { body: { action } })
      .then(
        ({ data }) => {
          setSentTo(data.sent_to);
          setLeft((n) => resendsLeftAfter(data, resend ? n - 1 : OTP_RESENDS.verify));
        },
        (err: unknown) => {
          if (resend) reportFailure(err);
          else setRefusal(err instanceof Error ? err.message : String(err));
        },
      )
      .finally(() => setBusy(false));

  // Each opening starts afresh (state reset while rendering), and sends its first code once.
  const [openedFor, setOpenedFor] = useState<AccountDataAction | null>(null);
  if (action !== openedFor) {
    setOpenedFor(action);
    if (action) {
      setCode('');
      setError(undefined);
      setRefusal(undefined);
      setSentTo(undefined);
      setBusy(true);
    }
  }
  const sendFirst = useEffectEvent(() => void requestCode(false));
  useEffect(() => {
    if (action) sendFirst();
  }, [action]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!action || !FULL_CODE.test(code)) return;
    setBusy(true);
    try {
      if (action === 'download') {
        saveFile(await downloadMyData(code));
        toast.success('Your data has been downloaded');
        onClose();
      } else {
        const { message } = await callEndpoint(browserTransport, accountApi.deleteAccount, { body: { otp: code } });
        onDeleted(message);
      }
    } catch (err) {
      reportFailure(err, { fields: ['otp'], setErrors: (errs) => setError(errs.otp) });
    } finally {
      setBusy(false);
    }
  };

  const text = TEXT[openedFor ?? 'download'];
  return (
    <Modal open={action !== null} onClose={onClose} title={text.title} titleId={titleId} testId="account-data-dialog">
      <form onSubmit={onSubmit} noValidate className="mt-2 space-y-5">
        <p className="text-sm text-muted">{text.intro}</p>
        {refusal ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-4 text-sm font-medium text-red-800"
            data-account-data-refusal
          >
            {refusal}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted" data-account-data-sent>
              {sentTo ? (
                <>
                  Enter the 4-digit code we sent to{' '}
                  <strong className="font-semibold break-all text-ink">{sentTo}</strong>.
                </>
              ) : (
                'Sending a 4-digit code to your verified contact…'
              )}
            </p>
            <OtpInput
              idPrefix={`${uid}-otp`}
              value={code}
              onValue={(v) => {
                setCode(v);
                setError(undefined);
              }}
              error={error}
              disabled={busy && !sentTo}
            />
            <button
              type="submit"
              className={`btn w-full ${openedFor === 'delete' ? 'bg-red-700 text-white hover:bg-red-800' : 'btn-primary'}`}
              disabled={!FULL_CODE.test(code) || busy}
            >
              {busy && sentTo && <Spinner />}
              {text.button}
            </button>
            <div className="flex items-center justify-between gap-3 text-sm">
              <span className="text-muted">
                Didn&apos;t get the code?
                <span className="block text-xs">{resendsLeftText(left)}</span>
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() => {
                  setBusy(true);
                  void requestCode(true);
                }}
                className="min-h-11 font-semibold text-primary underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
              >
                RESEND OTP
              </button>
            </div>
          </>
        )}
      </form>
    </Modal>
  );
}
