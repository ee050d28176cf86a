import { useRef, useState } from 'react';
import {
  APPLICATION_FILE_MAX_MB,
  ApiError,
  adminApplicationsApi,
  applicationTexts,
  type AdminApplication,
} from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { postFile } from '../../lib/upload';
import { errorText } from '../../lib/api';
import { useApplicationAction } from './queries';

/**
 * Sends the applicant a document (a certificate, a filed return, a receipt): it joins the
 * application's documents "from our team" and the applicant is told by e-mail or SMS. Also once
 * the application has ended: a completed one's result is often a document.
 */
export function SendDocument({ app }: { app: AdminApplication }) {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const send = useApplicationAction(
    app.id,
    (picked: File) => postFile<AdminApplication>(adminApplicationsApi.sendDocument.path.replace(':id', app.id), picked),
    'Document sent',
  );
  return (
    <form
      id="send-document"
      className="mt-3 space-y-2 border-t border-line pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) return;
        if (file.size > APPLICATION_FILE_MAX_MB * 1_048_576) {
          setTooLarge(true);
          return;
        }
        send.mutate(file, {
          onSuccess: () => {
            setFile(null);
            if (input.current) input.current.value = '';
          },
        });
      }}
    >
      <label className="block text-sm font-medium">
        Send a document to the applicant
        <input
          ref={input}
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp,.pdf,.jpg,.jpeg,.png,.webp"
          className="input mt-1 py-2"
          data-testid="send-document-file"
          aria-describedby="send-document-help"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setTooLarge(false);
            send.reset();
          }}
        />
        <span id="send-document-help" className="mt-1 block text-xs font-normal text-muted">
          PDF, JPEG, PNG or WebP, up to {APPLICATION_FILE_MAX_MB} MB. They are told by e-mail or SMS and download it
          from their application.
        </span>
      </label>
      {(tooLarge || (send.error instanceof ApiError && send.error.status === 422)) && (
        <p role="alert" className="text-sm text-red-700">
          {tooLarge ? applicationTexts.tooLarge(APPLICATION_FILE_MAX_MB) : errorText(send.error)}
        </p>
      )}
      <Button type="submit" isDisabled={!file || send.isPending}>
        {send.isPending ? 'Sending…' : 'Send document'}
      </Button>
    </form>
  );
}
