import { Suspense, lazy, useState } from 'react';
import type { ContentVersionKind } from '@shopfront/shared';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/states';
import type { VersionPreview } from './use-version-preview';
import { versionDate } from './version-date';

/** The list and its requests load when History is first opened (the editors' budgets, ADR 0034). */
const ContentVersions = lazy(() => import('./content-versions').then((m) => ({ default: m.ContentVersions })));

/**
 * The History of an editor that saves straight to the shop (the Theme, a page or post, a menu, a
 * FAQ group, a slider, a form, a testimonial): a History button opening the list of saved
 * versions. Preview and Restore hand the editor's useVersionPreview the version with its body (the
 * shape of the editor's save): the editor shows it in its preview frame, or puts it into its form.
 * `revision` (the saved version number) refetches the list after each save.
 */
export function ContentHistory({
  kind,
  subject,
  revision,
  history,
  busy = false,
}: {
  kind: ContentVersionKind;
  subject: string;
  revision: number;
  history: VersionPreview;
  busy?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className="self-start" onPress={() => setOpen(!open)} data-testid="show-history">
        History
      </Button>
      {open && (
        <Suspense fallback={<Loading label="Loading the history…" />}>
          <ContentVersions
            kind={kind}
            subject={subject}
            revision={revision}
            previewing={history.previewing}
            busy={busy}
            onClose={() => {
              setOpen(false);
              history.stop();
            }}
            onPreview={history.preview}
            onRestore={(v) => {
              setOpen(false);
              history.restore(v);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** "Previewing the version of <date> · Back to your changes · Restore": above the preview frame (its tab on a phone). */
export function PreviewingBar({ history }: { history: VersionPreview }) {
  const version = history.previewing;
  if (!version) return null;
  return (
    <div
      className="mb-3 flex shrink-0 flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
      role="status"
      data-testid="previewing-version"
    >
      <span className="min-w-0 flex-1 basis-56">Previewing the version of {versionDate(version.published_at)}</span>
      <span className="flex gap-2 max-sm:w-full max-sm:[&>*]:flex-1">
        <Button variant="quiet" onPress={history.stop} data-testid="back-to-changes">
          Back to your changes
        </Button>
        <Button onPress={() => history.restore(version)} data-testid="restore-previewed">
          Restore
        </Button>
      </span>
    </div>
  );
}
